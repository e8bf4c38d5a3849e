"""MasterIslands for the shared search (bots/search.py): what the "Difficile" bot samples and plays out.

The Hard planner of bots/masterislands.py decides what matters (docs/performance.md, "Per
game: what Difficile does, and why": its own hand and the extra phase of a same-colour card made it win
71 % against Normal); the search breaks its near-ties by playing them out. Measured on the
same deals, the search plays as well as the planner alone (72 % vs 71 %), not better: a
searched leaf that also counted the next player's set-up lost badly (50 %), because the
greedy rollout opponent does not block.

Where it searches: the discovery phase (which card where, which galleon where, another
phase or not), where the hidden hands of the others matter. The conquest choice and the
Corsair's galleon moves stay with the planner of bots/masterislands.py (``wants_search``).

Hidden from a seat: the others' hands (their sizes are known) and the order of the deck. A
determinisation deals the cards the seat cannot account for (the box minus the grid, every
captured card and its own hand) to the others at their hand sizes, and the rest to the deck.

The root holds the first moves of the planner's best plans within TIE_MARGIN of its best;
below it the tree does not branch: the seat finishes the planner's plan for that first move,
then everyone plays the rollout policy (a flat Monte Carlo over the planner's near-ties).
Rollouts must be cheap (the planner costs 12-33 ms a decision), so the policy is greedy
one-ply: lay the card that completes the largest line (a small knapsack per line), take the
largest conquest, move galleons at random. A rollout stops when the seat's next turn begins
and the position is scored on the cards each side holds.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Sequence, Tuple

from ..core.engine import Move
from ..core.errors import BadMove, IllegalMove
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
from .search import Budget, PrunedRoot, SearchGame, fork, sigmoid

BUDGET = Budget(iterations=120)
CARD_SCALE = 2.5      # a lead of this many cards is a clear edge (values() squashes by it)
PLACE_RANDOM = 0.15   # rollouts: share of placements made at random
PRIOR_MOVES = 4       # the planner's best first moves the search chooses among
TIE_MARGIN = 2.0      # ... those within this many planner points of its best (None: all four)
MASK = (1 << (TARGET_SUM + 1)) - 1
PLACE_BY_SIZE = 1     # rollouts: lay the card that completes the largest line (0: the most lines)
SEARCH_DISCOVERY = True  # Difficile searches its discovery near-ties (off: the Hard planner alone)


def wants_search(engine: MasterIslandsEngine, seat: int) -> bool:
    """The search decides discovery moves with a real choice (unless SEARCH_DISCOVERY is off),
    except in team mode, where on the same 60 deals it won 56.7 % against the planner's 66.7 %;
    the conquests and the Corsair are the planner's."""
    return (SEARCH_DISCOVERY and engine.mode is not Mode.TEAM and engine.phase is Phase.DISCOVERY
            and seat == engine.current and len(engine.legal_moves(seat)) > 1)


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
    prior, follow = prior_plans(engine, view, seat)
    return view, unseen, prior, follow


def prior_moves(engine: MasterIslandsEngine, view, seat: int) -> List[Move]:
    """The distinct first moves of the Hard planner's best plans, best first (at most PRIOR_MOVES):
    the planner prunes, the search chooses among what it keeps."""
    return prior_plans(engine, view, seat)[0]


def prior_plans(engine: MasterIslandsEngine, view, seat: int) -> Tuple[List[Move], Dict[str, str]]:
    """The planner's best first moves (see prior_moves) and, for each, the second action of its
    best plan (the galleon move after a card, or the card after a move): in a sample the
    seat finishes its phase as planned instead of with a random second action, so a first
    move is judged by its best plan."""
    legal = engine.legal_moves(seat)
    scored = ranked_discovery(engine, view, legal, BotLevel.HARD, Rng(0))
    best: Dict[str, float] = {}
    follow: Dict[str, str] = {}
    for value, plan, move in scored:
        if move.action not in best or value > best[move.action]:
            best[move.action] = value
            second = _second_action(move.action, plan)
            if second:
                follow[move.action] = second
            else:
                follow.pop(move.action, None)
    keep = sorted(best, key=lambda a: (-best[a], a))[:PRIOR_MOVES]
    if keep and TIE_MARGIN is not None:
        keep = [a for a in keep if best[a] >= best[keep[0]] - TIE_MARGIN]
    return [m for m in legal if m.action in keep] or legal, {a: follow[a] for a in keep if a in follow}


def _second_action(first: str, plan) -> Optional[str]:
    card, pos, n, to = plan
    if first.startswith("place/") and n is not None:
        return f"move/{n}/{cell_text(to)}"
    if first.startswith("move/") and card is not None:
        return f"place/{card}@{cell_text(pos)}"
    return None


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


def _knapsack(engine: MasterIslandsEngine, key) -> List[int]:
    """best[s] = most free cards of line `key` adding up to s (-1: s cannot be made)."""
    best = [0] + [-1] * TARGET_SUM
    blocked = engine.index.blocked
    values = engine.index.values
    for p in engine.index.lines.get(key, ()):
        if p in blocked:
            continue
        v = values[p]
        for s in range(TARGET_SUM, v - 1, -1):
            b = best[s - v]
            if b >= 0 and b + 1 > best[s]:
                best[s] = b + 1
    return best


def _best_places(engine: MasterIslandsEngine, hand: Sequence[Card], spaces: Sequence, sums: Dict):
    """The rollout's placement score (the largest line a card completes there, or with
    PLACE_BY_SIZE off the number of lines), its best value and the (card, space) pairs with it.
    `sums` caches each line's sums across calls."""
    best, picks = -1, []
    by_size = PLACE_BY_SIZE
    for p in spaces:
        masks = []
        for k in line_keys(p):
            m = sums.get(k)
            if m is None:
                m = sums[k] = _knapsack(engine, k) if by_size else _line_sums(engine, k)
            masks.append(m)
        for card in hand:
            need = TARGET_SUM - card.value
            if by_size:
                score = max(m[need] for m in masks)
                score = score + 1 if score >= 1 else 0
            else:
                score = sum(1 for m in masks if (m >> need) & 1)
            if score > best:
                best, picks = score, [(card, p)]
            elif score == best:
                picks.append((card, p))
    return best, picks


def side_cards(engine: MasterIslandsEngine) -> List[int]:
    """Cards held by each seat's side (its team, its crew)."""
    held = [len(c) for c in engine.captured]
    return [sum(held[t] for t in engine.team_of(s)) for s in range(len(engine.seats))]


class MasterIslandsSearch(PrunedRoot, SearchGame):
    exploration = 0.6
    rollout_depth = 60   # a safety bound: cutoff() ends rollouts when the seat's turn comes back
    knowledge = staticmethod(_knowledge)

    def determinise(self, engine: MasterIslandsEngine, seat: int, rng: Rng) -> MasterIslandsEngine:
        view, unseen, prior, follow = self.known(engine, seat)
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
        self.mark_root(state, engine, seat, prior)
        state.search_follow = follow
        state.search_rng = rng
        return state

    def moves(self, engine: MasterIslandsEngine, seat: int) -> List[Move]:
        """At the root (the real engine, or a sample of it not yet moved on), the planner's best
        first moves. Below it the tree does not branch: right after the root move the seat
        finishes the planner's plan, then everyone plays the rollout policy. With ~120
        samples over up to 4 first moves, branching on later moves would make the others
        play untried (random) moves inside the tree: a weak, noisy model of the opponent."""
        root = getattr(engine, "search_root", None)
        if root is None or root == (len(engine.moves), seat):
            return PrunedRoot.moves(self, engine, seat)
        return [self.policy(engine, seat, engine.search_rng)]

    def root_moves(self, engine: MasterIslandsEngine, seat: int) -> List[Move]:
        return self.known(engine, seat)[2]

    @staticmethod
    def planned(engine: MasterIslandsEngine, seat: int) -> Optional[Move]:
        """Right after the root move, the second action of the planner's plan for it."""
        root = getattr(engine, "search_root", None)
        if root is None or len(engine.moves) != root[0] + 1 or seat != root[1] or engine.turn.phase_no != 1:
            return None
        second = engine.search_follow.get(engine.moves[-1].action)
        if second is None:
            return None
        move = Move(seat, second)
        try:
            engine.check(move)
        except (BadMove, IllegalMove):
            return None
        return move

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
        planned = self.planned(engine, seat)
        if planned is not None:
            return planned
        turn = engine.turn
        hand = engine.hands[seat]
        if turn.need_place and hand:
            spaces = engine.place_spaces(seat)
            if spaces:
                if rng.random() < PLACE_RANDOM:
                    card = hand[rng.below(len(hand))]
                    return Move(seat, f"place/{card.code}@{cell_text(spaces[rng.below(len(spaces))])}")
                sums: Dict = {}
                best, picks = _best_places(engine, hand, spaces, sums)
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
