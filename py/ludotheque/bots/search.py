"""Information Set Monte Carlo Tree Search (ISMCTS), written once for every game.

Why this method: our four games hide cards (piles, hands, the others' secret choice), so a
plain game-tree search would read what the bot may not know. Single-observer ISMCTS
(Cowling, Powley & Whitehouse 2012) builds one tree over *the searching seat's information
set*: each iteration first samples a full game state that agrees with what the seat sees
(a "determinisation"), then walks the tree using only the moves legal in that sample.
The statistics of a node therefore average over every hidden layout the seat considers
possible, never over the true one.

A game takes part by giving a ``SearchGame`` (see the four ``bots/<game>.py``):

- ``determinise(engine, seat, rng)``: a fresh engine in which every card ``seat`` cannot see
  is redrawn from the cards it cannot account for (built from ``engine.view(seat)`` and the
  public logs, never copied from the hidden true state);
- ``policy(engine, seat, rng)``: the rollout and opponent policy, i.e. the game's own
  heuristic bot (or a cheap version of it) -- the search sits on top of it;
- ``values(engine, root)``: how good a (finished or cut-off) state is for every seat, in [0, 1];
- optionally ``actor``/``hidden_choice``/``cutoff`` to skip timed events (Mosquito's races),
  treat simultaneous choices as hidden sequential ones (Mind Up!), and stop rollouts early,
  and ``rollout`` to play out on the game's own plain data instead of the engine (Mind Up!).

Simultaneous choices: the seats choose one after another in seat order, and a seat other
than the searcher that chooses while others' cards are face down (``hidden_choice``) plays
its policy move, which reads only its own view; its choice never branches the tree, so the
tree cannot learn a reply to a card it was not shown.

Budget and determinism: the search stops after ``Budget.iterations`` iterations, a number,
so the same position, seed and level give the same move on any machine (self-play and
arena runs replay). ``Budget.max_ms`` is only a safety stop for slow devices: when it
cuts a search short, the move may differ from machine to machine, which is harmless since
records store moves, not bot decisions (a replay never re-runs a bot). ``steps()`` yields
every ``Budget.yield_every`` iterations so the browser can give the event loop back.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, Generator, List, Optional, Sequence

from ..core.engine import Engine, Move
from ..core.rng import Rng


@dataclass(frozen=True)
class Budget:
    """How much thinking a decision gets: an iteration count (decides the move), a time
    safety stop in ms (None: never), and how often to hand control back (iterations)."""

    iterations: int
    max_ms: Optional[float] = None
    yield_every: int = 2


class SearchGame:
    """What a game gives the search. Subclasses override at least determinise, policy, values."""

    exploration: float = 0.7   # UCB constant, rewards are in [0, 1]
    rollout_depth: int = 10_000  # decisions played by the policy before values() is asked

    def determinise(self, engine: Engine, seat: int, rng: Rng) -> Engine:
        raise NotImplementedError

    def knowledge(self, engine: Engine, seat: int) -> Any:
        """What `seat` knows at the root that every sample starts from (its view, the cards it
        cannot account for); read it through known(), which works it out once per decision."""
        return None

    def known(self, engine: Engine, seat: int) -> Any:
        cache = self.__dict__.get("_known")
        if cache is None:
            cache = self._known = Knowledge(self.knowledge)
        return cache.get(engine, seat)

    def policy(self, engine: Engine, seat: int, rng: Rng) -> Move:
        return rng.choice(self.moves(engine, seat))

    def values(self, engine: Engine, root: int) -> Sequence[float]:
        raise NotImplementedError

    def actor(self, engine: Engine, rng: Rng) -> Optional[int]:
        """The seat whose decision comes next (after any automatic events), None when the
        search should stop here (game over)."""
        if engine.is_over():
            return None
        acting = engine.to_act()
        return acting[0] if acting else None

    def moves(self, engine: Engine, seat: int) -> List[Move]:
        return engine.legal_moves(seat)

    def hidden_choice(self, engine: Engine) -> bool:
        """True while seats choose at the same time, each hidden from the others."""
        return len(engine.to_act()) > 1

    def cutoff(self, root: Engine, engine: Engine) -> bool:
        """Stop the rollout at `engine` (e.g. a round after `root`'s ended) and ask values()."""
        return False

    def rollout(self, root: Engine, state: Engine, seat: int, rng: Rng) -> Sequence[float]:
        """Play `state` on with the policy (up to the cutoff, the game's end or rollout_depth
        decisions) and score it with values(). A game may play out faster on its own data
        (bots/mindup_search.py), as long as the moves are the policy's and the values the same."""
        rollout(self, root, state, rng)
        return self.values(state, seat)

    def pick(self, engine: Engine, seat: int, ranked: Sequence["Node"], rng: Rng) -> Move:
        """The move played, from the root's children (most visited first). A game may keep its
        heuristic's move unless the search clearly prefers another (see bots/mosquito_search.py)."""
        return ranked[0].move


class PrunedRoot:
    """For a SearchGame whose root weighs only a few moves (a heuristic's best, see
    bots/mindup_search.py): `root_moves(engine, seat)` names them, worked out on the real engine
    (through known(), once per decision); determinise() calls `mark_root` on each sample, so the
    sample's first choice of `seat` is limited to them while its later choices are not."""

    def root_moves(self, engine: Engine, seat: int) -> List[Move]:
        raise NotImplementedError

    @staticmethod
    def mark_root(state: Engine, engine: Engine, seat: int, moves: List[Move]) -> None:
        state.search_root = (len(engine.moves), seat)
        state.search_prior = moves

    def moves(self, engine: Engine, seat: int) -> List[Move]:
        root = getattr(engine, "search_root", None)
        if root is None:  # the real engine: the search's root
            return self.root_moves(engine, seat)
        if root == (len(engine.moves), seat):  # a sample not yet moved on
            return engine.search_prior
        return engine.legal_moves(seat)


class Knowledge:
    """What a seat knows at the root, worked out once per decision and reused by every sample.

    Keyed on the engine object itself (held, so its id cannot be reused by another game), the
    number of moves, the last move and the seat: any other position computes afresh."""

    def __init__(self, compute: Callable[[Engine, int], Any]) -> None:
        self._compute = compute
        self._engine: Optional[Engine] = None
        self._key: Any = None
        self._value: Any = None

    def get(self, engine: Engine, seat: int) -> Any:
        key = (len(engine.moves), engine.moves[-1] if engine.moves else None, seat)
        if engine is not self._engine or key != self._key:
            self._value = self._compute(engine, seat)
            self._engine, self._key = engine, key
        return self._value


def play(engine: Engine, move: Move) -> None:
    """Apply a move known to be legal (it came from legal_moves) without validating it again."""
    engine._apply(move)
    engine.moves.append(move)


class Node:
    __slots__ = ("move", "seat", "parent", "children", "visits", "reward", "avail")

    def __init__(self, move: Optional[Move], seat: int, parent: Optional["Node"]) -> None:
        self.move = move
        self.seat = seat          # who made `move` (rewards are from their side)
        self.parent = parent
        self.children: Dict[Move, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


@dataclass
class SearchReport:
    """What a search did: for benchmarks, the arena and tests."""

    move: Move
    iterations: int
    ms: float
    visits: Dict[str, int]
    stopped_by_time: bool


def _select(node: Node, legal: Sequence[Move], c: float) -> Node:
    """UCB over the children available in this determinisation (availability counts)."""
    best, best_value = None, -1.0
    for move in legal:
        child = node.children[move]
        value = child.reward / child.visits + c * math.sqrt(math.log(max(child.avail, 1)) / child.visits)
        if value > best_value:
            best, best_value = child, value
    return best  # type: ignore[return-value]


def rollout(game: SearchGame, root: Engine, state: Engine, rng: Rng) -> None:
    """Play `state` on with the game's policy until the game's cutoff (judged against the root
    position `root`), the end, or ``game.rollout_depth`` decisions."""
    depth = 0
    while depth < game.rollout_depth:
        who = game.actor(state, rng)
        if who is None or game.cutoff(root, state):
            break
        play(state, game.policy(state, who, rng))
        depth += 1


def _iterate(game: SearchGame, engine: Engine, seat: int, root: Node, rng: Rng) -> None:
    state = game.determinise(engine, seat, rng)
    node = root
    expanded = False
    # Selection and expansion: the searcher's choices, and the others' open (visible) ones.
    while True:
        who = game.actor(state, rng)
        if who is None:
            break
        if who != seat and game.hidden_choice(state):
            play(state, game.policy(state, who, rng))
            continue
        if expanded:
            break
        legal = game.moves(state, who)
        for move in legal:
            child = node.children.get(move)
            if child is not None:
                child.avail += 1
        untried = [m for m in legal if m not in node.children]
        if untried:
            move = untried[rng.below(len(untried))]
            child = Node(move, who, node)
            child.avail = 1
            node.children[move] = child
            node = child
            play(state, move)
            expanded = True
            continue
        node = _select(node, legal, game.exploration)
        play(state, node.move)
    values = game.rollout(engine, state, seat, rng)
    while node is not None:
        node.visits += 1
        if node.parent is not None:
            node.reward += values[node.seat]
        node = node.parent


def steps(game: SearchGame, engine: Engine, seat: int, budget: Budget, rng: Rng) -> Generator[None, None, SearchReport]:
    """The search as a generator: yields every `budget.yield_every` iterations, returns the
    report (the move is the most visited first move; ties go to the earlier legal move)."""
    started = time.perf_counter()
    rng = SearchRng(rng.next64())
    legal = game.moves(engine, seat)
    if len(legal) == 1:
        return SearchReport(legal[0], 0, 0.0, {}, False)
    root = Node(None, seat, None)
    done = 0
    by_time = False
    while done < budget.iterations:
        _iterate(game, engine, seat, root, rng)
        done += 1
        if done % budget.yield_every == 0 and done < budget.iterations:
            if budget.max_ms is not None and (time.perf_counter() - started) * 1000 >= budget.max_ms:
                by_time = True
                break
            yield None
    order = {m: i for i, m in enumerate(legal)}
    ranked = sorted(root.children.values(), key=lambda ch: (-ch.visits, order.get(ch.move, len(order))))
    best = game.pick(engine, seat, ranked, rng) if ranked else legal[0]
    visits = {ch.move.action: ch.visits for ch in ranked}
    return SearchReport(best, done, (time.perf_counter() - started) * 1000, visits, by_time)


def run(game: SearchGame, engine: Engine, seat: int, budget: Budget, rng: Rng) -> SearchReport:
    """The whole search at once (CLI, tests, arena)."""
    gen = steps(game, engine, seat, budget, rng)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def fork(engine: Engine, lists: Sequence[str] = (), nested: Sequence[str] = ()) -> Engine:
    """A shallow copy of `engine` whose attributes named in `lists` are copied lists and in
    `nested` copied lists of lists, so moves applied to the copy never touch the original.
    Determinisers start from it and then replace every hidden attribute."""
    new = object.__new__(type(engine))
    new.__dict__.update(engine.__dict__)
    new.moves = list(engine.moves)
    for name in lists:
        setattr(new, name, list(getattr(engine, name)))
    for name in nested:
        setattr(new, name, [list(x) for x in getattr(engine, name)])
    return new


class SearchRng:
    """The search's own random numbers: Python's Mersenne Twister (in C, many times faster
    than our pure-Python SplitMix, which matters at thousands of samples per decision),
    seeded from the game's Rng. Only `random()` is used, whose output is the same on every
    Python, and integers are derived here, so a search makes the same choices under CPython
    and Pyodide."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def random(self) -> float:
        return self._random()

    def below(self, n: int) -> int:
        return int(self._random() * n)

    def choice(self, items):
        return items[int(self._random() * len(items))]

    def shuffle(self, items) -> None:
        rand = self._random
        for i in range(len(items) - 1, 0, -1):
            j = int(rand() * (i + 1))
            items[i], items[j] = items[j], items[i]


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
