"""MasterIslands for the shared search (bots/search.py): what the "Difficile" bot samples and plays out.

Where it searches: the discovery phase (which card where, which galleon where, another phase
or not), where the hidden hands of the others matter. The conquest choice and the Corsair's
galleon moves stay with the planner of bots/masterislands.py, which already weighs them well
and cheaply (``wants_search``).

Hidden from a seat: the others' hands (their sizes are known) and the order of the deck. A
determinisation deals the cards the seat cannot account for (the box minus the grid, every
captured card and its own hand) to the others at their hand sizes, and the rest to the deck.

Rollouts must be cheap (the planner costs 12-33 ms a decision, far too much for hundreds of
rollouts), so the rollout policy is greedy one-ply on the line sums: lay the card on the
space that opens the most lines adding up to 10 with that card (a bitmask of the sums each
line's free cards can make), take the largest conquest, move galleons at random. A rollout
stops after a few turns and the position is scored on the cards each side holds.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Sequence

from ..core.engine import Move
from ..core.rng import Rng
from ..games.masterislands import (
    TARGET_SUM,
    Card,
    Galleon,
    MasterIslandsEngine,
    Mode,
    Phase,
    cell_text,
    full_deck,
    line_keys,
)
from ..core.seats import BotLevel
from .masterislands import ranked_discovery
from .search import Budget, SearchGame, fork, sigmoid

BUDGET = Budget(iterations=120)
CARD_SCALE = 2.5      # a lead of this many cards is a clear edge (values() squashes by it)
PLACE_RANDOM = 0.15   # rollouts: share of placements made at random
PRIOR_MOVES = 4       # the planner's best first moves the search chooses among
MASK = (1 << (TARGET_SUM + 1)) - 1


def wants_search(engine: MasterIslandsEngine, seat: int) -> bool:
    """The search decides discovery moves with a real choice; conquests and the Corsair are
    the planner's."""
    return engine.phase is Phase.DISCOVERY and seat == engine.current and len(engine.legal_moves(seat)) > 1


def _knowledge(engine: MasterIslandsEngine, seat: int):
    """The seat's view, the cards it cannot account for, and the first moves of the planner's
    best plans (the moves the search weighs against each other)."""
    view = engine.view(seat)
    left: Dict[str, int] = {}
    for card in full_deck(engine.options["distribution"]):
        left[card.code] = left.get(card.code, 0) + 1
    seen = [c["card"] for c in view["cells"]] + [x for c in view["captured"] for x in c["cards"]] + list(view["hand"] or [])
    for code in seen:
        left[code] -= 1
    unseen = [Card.parse(code) for code, n in sorted(left.items()) for _ in range(max(n, 0))]
    return view, unseen, prior_moves(engine, view, seat)


def prior_moves(engine: MasterIslandsEngine, view, seat: int) -> List[Move]:
    """The distinct first moves of the Hard planner's best plans, best first (at most PRIOR_MOVES):
    the planner prunes, the search chooses among what it keeps."""
    legal = engine.legal_moves(seat)
    scored = ranked_discovery(engine, view, legal, BotLevel.HARD, Rng(0))
    best: Dict[str, float] = {}
    for value, _, move in scored:
        if move.action not in best or value > best[move.action]:
            best[move.action] = value
    keep = sorted(best, key=lambda a: (-best[a], a))[:PRIOR_MOVES]
    return [m for m in legal if m.action in keep] or legal


def _copy_index(index):
    new = object.__new__(type(index))
    new.__dict__.update(index.__dict__)
    new.values = dict(index.values)
    new.blocked = dict(index.blocked)
    new.lines = {k: set(v) for k, v in index.lines.items()}
    new.cache = dict(index.cache)
    new.dirty = set(index.dirty)
    return new


def _line_sums(engine: MasterIslandsEngine, key) -> int:
    """Bitmask of the sums the free cards of line `key` can make (bit s: some subset adds to s)."""
    reach = 1
    blocked = engine.index.blocked
    values = engine.index.values
    for p in engine.index.lines.get(key, ()):
        if p not in blocked:
            reach = (reach | (reach << values[p])) & MASK
    return reach


def side_cards(engine: MasterIslandsEngine) -> List[int]:
    """Cards held by each seat's side (its team, its crew)."""
    held = [len(c) for c in engine.captured]
    return [sum(held[t] for t in engine.team_of(s)) for s in range(len(engine.seats))]


class MasterIslandsSearch(SearchGame):
    exploration = 0.6
    rollout_depth = 60   # a safety bound: cutoff() ends rollouts when the seat's turn comes back
    knowledge = staticmethod(_knowledge)

    def determinise(self, engine: MasterIslandsEngine, seat: int, rng: Rng) -> MasterIslandsEngine:
        view, unseen, prior = self.known(engine, seat)
        pool = list(unseen)
        rng.shuffle(pool)
        hands: List[List[Card]] = []
        at = 0
        for s, info in enumerate(view["hands"]):
            if s == seat:
                hands.append(list(engine.hands[seat]))
                continue
            hands.append(pool[at:at + info["count"]])
            at += info["count"]
        state = fork(engine, nested=("captured",))
        state.hands = hands
        state.pile = pool[at:at + view["deck_count"]]
        state.grid = dict(engine.grid)
        state.index = _copy_index(engine.index)
        state.galleons = [Galleon(g.owner, g.n, g.pos) for g in engine.galleons]
        state.turn = replace(engine.turn)
        state.notes = list(engine.notes)
        state.search_root = (len(engine.moves), seat)
        state.search_prior = prior
        return state

    def moves(self, engine: MasterIslandsEngine, seat: int) -> List[Move]:
        """At the root (the real engine, or a sample of it not yet moved on), the planner's best
        first moves; elsewhere every legal move."""
        root = getattr(engine, "search_root", None)
        if root is None:
            return self.known(engine, seat)[2]
        if root == (len(engine.moves), seat):
            return engine.search_prior
        return engine.legal_moves(seat)

    def cutoff(self, root: MasterIslandsEngine, engine: MasterIslandsEngine) -> bool:
        """Stop when the seat's next turn begins: every other side has answered once."""
        turn = engine.turn
        return (engine.current == root.current and turn.phase_no == 1 and not turn.placed
                and not turn.moved and engine.phase is not Phase.CONQUEST and len(engine.moves) > len(root.moves))

    def hidden_choice(self, engine: MasterIslandsEngine) -> bool:
        return False

    def policy(self, engine: MasterIslandsEngine, seat: int, rng: Rng) -> Move:
        phase = engine.phase
        if phase is Phase.CONQUEST:
            found = engine.conquests()
            if not found:
                return Move(seat, "noconquest")
            best = max(found, key=len)
            return Move(seat, "conquer/" + ";".join(cell_text(c) for c in best))
        if phase is Phase.CORSAIR:
            legal = engine.legal_moves(seat)
            return legal[rng.below(len(legal))]
        turn = engine.turn
        hand = engine.hands[seat]
        if turn.need_place and hand:
            spaces = engine.place_spaces(seat)
            if spaces:
                if rng.random() < PLACE_RANDOM:
                    card = hand[rng.below(len(hand))]
                    return Move(seat, f"place/{card.code}@{cell_text(spaces[rng.below(len(spaces))])}")
                sums: Dict = {}
                best, picks = -1, []
                for p in spaces:
                    keys = line_keys(p)
                    masks = []
                    for k in keys:
                        m = sums.get(k)
                        if m is None:
                            m = sums[k] = _line_sums(engine, k)
                        masks.append(m)
                    for card in hand:
                        need = TARGET_SUM - card.value
                        score = sum(1 for m in masks if (m >> need) & 1)
                        if score > best:
                            best, picks = score, [(card, p)]
                        elif score == best:
                            picks.append((card, p))
                if best > 0 or not turn.optional or rng.below(2):
                    card, p = picks[rng.below(len(picks))]
                    return Move(seat, f"place/{card.code}@{cell_text(p)}")
                return Move(seat, "end")
        legal = engine.legal_moves(seat)
        return legal[rng.below(len(legal))]

    def values(self, engine: MasterIslandsEngine, root: int) -> Sequence[float]:
        n = len(engine.seats)
        held = side_cards(engine)
        if engine.is_over():
            final = engine._final
            winner = final["winner"]
            won = set(winner) if isinstance(winner, list) else ({winner} if winner is not None else set())
            out = []
            for s in range(n):
                rival = max((held[t] for t in range(n) if t not in engine.team_of(s)), default=0)
                edge = 0.1 * sigmoid((held[s] - rival) / CARD_SCALE)
                out.append((0.9 if (s in won or (won and won <= set(engine.team_of(s)))) else 0.0) + edge)
            return out
        if engine.mode is Mode.CORSAIR:
            crew = [s for s in range(n) if s != engine.corsair]
            done = engine.crew_turns / max(1, engine.rounds_limit() * len(crew))
            behind = held[crew[0]] - engine.target() * min(1.0, done + 0.25)
            v = sigmoid(behind / CARD_SCALE)
            return [1.0 - v if s == engine.corsair else v for s in range(n)]
        out = []
        for s in range(n):
            rival = max((held[t] for t in range(n) if t not in engine.team_of(s)), default=0)
            out.append(sigmoid((held[s] - rival) / CARD_SCALE))
        return out


GAME = MasterIslandsSearch()
