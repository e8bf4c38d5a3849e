"""MasterIslands bot: plans each discovery phase whole (card, space, galleon move, order) and
scores the board it leaves.

The score, from the bot's side: cards it can conquer now (a win at once above all), minus
the line the next opponent could take at once, minus the lines an opponent could complete
with one card laid near their galleons (weighted by the chance they hold that value), plus
the same chances near its own and its partners' galleons, plus a little for a same-colour
card that earns another discovery. Galleons are part of it: a galleon parked on a card
takes that card out of every line, so blocking falls out of the same score. The Corsair
minimises what the crew could take before it plays again: every open line, and, over the
spaces next to crew galleons, the chance that a card laid there completes a line times
its cards; so it parks its galleons on the cards those lines need. It looks two movement
points ahead (three at the hard level).

Levels: easy plays a random move (a conquest when there is one) a third of the time;
normal scores the 70 most promising plans of a phase (by what they conquer at once);
hard scores every plan, then for its 6 best simulates the next opponent's reply (each
galleon move, space and card value, weighted by the chance they hold that value) and
subtracts what they are expected to conquer; its Corsair looks three points ahead.

The board the bot reasons on, and its what-ifs, is ``masterislands_board``.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from ..core.engine import Move
from ..core.rng import Rng
from ..core.seats import BotLevel
from ..games.masterislands import (
    HAND_SIZE,
    TEAMS,
    VALUES,
    full_deck,
    neighbours,
    parse_cell,
)
from .masterislands_board import Board, Pos

W_TAKE = 10.0      # per card conquered now
W_WIN = 1000.0     # a conquest that wins the game
W_OPEN = 8.0       # per card of the best line the next opponent can take at once
W_NEAR_OPP = 3.5   # per card an opponent may complete with one card
W_NEAR_OWN = 1.5   # per card we may complete next turn
W_AGAIN = 2.5      # another discovery phase
W_CREW = 2.0       # (Corsair) per card the crew may complete, summed over spaces and lines
W_REPLY = 10.0     # (hard) per card the next opponent is expected to conquer in reply
HARD_REPLIES = 6   # (hard) plans whose reply is simulated
MINE_HAND = True   # (hard) weigh our own next conquest with our own hand (W_NEAR_MINE)
W_NEAR_MINE = 4.0
AGAIN_TAKE = 0.8   # (hard) share of W_TAKE for a larger line the extra phase of a same-colour card may complete
W_NEAR_OPP_HARD = 3.5  # (hard) W_NEAR_OPP  # (hard) per card we may complete next turn with a card we hold (or draw)
EASY_BLUNDER = 0.35
NORMAL_PLANS = 70  # plans fully scored at normal level (the best by a quick first look)


class Context:
    """Who is who, seen from the bot's seat."""

    def __init__(self, engine, view: Dict[str, Any], seat: int, level: BotLevel = BotLevel.NORMAL) -> None:
        n = len(view["seats"])
        self.seat = seat
        self.mode = view["mode"]
        self.corsair = view["corsair"]["seat"] if self.mode == "corsair" else None
        if self.mode == "team":
            allies = set(TEAMS[seat % 2])
        elif self.mode == "corsair":
            allies = {seat} if seat == self.corsair else {s for s in range(n) if s != self.corsair}
        else:
            allies = {seat}
        self.allies = allies
        spots = {s: [] for s in range(n)}
        for g in view["galleons"]:
            spots[g["owner"]].append((g["x"], g["y"]))
        self.ally_spots = [p for s in allies for p in spots[s]]
        # players who lay cards against us (the Corsair lays none)
        self.opp_spots = [p for s in range(n) if s not in allies and s != self.corsair for p in spots[s]]
        self.crew_spots = [p for s in range(n) if s != self.corsair for p in spots[s]]
        nxt = (seat + 1) % n
        if nxt in allies:
            self.next_weight = 0.5  # a partner takes what we leave open
        elif nxt == self.corsair:
            self.next_weight = 0.2  # the Corsair may block it, else the next crew member takes it
        else:
            self.next_weight = -1.0
        have = sum(c["count"] for c in view["captured"] if c["seat"] in allies)
        self.need = view["target"]["cards"] - have
        self.chance = _chances(engine, view)
        self.level = level
        self.own_spots = list(spots[seat])
        self.hand = [int(code[1]) for code in view["hand"] or []]
        self.draw = _draw_chances(engine, view)
        self.next_spots = [p for p in spots[nxt]] if nxt not in allies and nxt != self.corsair else []


def _unseen(engine, view: Dict[str, Any]) -> List[int]:
    """How many cards of each value (index 0..5) the seat has not seen."""
    unseen = [0] * (max(VALUES) + 1)
    for card in full_deck(engine.options["distribution"]):
        unseen[card.value] += 1
    seen = [c["card"] for c in view["cells"]] + [x for c in view["captured"] for x in c["cards"]] + list(view["hand"] or [])
    for code in seen:
        unseen[int(code[1])] -= 1
    return unseen


def _chances(engine, view: Dict[str, Any]) -> List[float]:
    """Chance that a hand of 3 unseen cards holds at least one card of each value."""
    unseen = _unseen(engine, view)
    total = max(1, sum(unseen[v] for v in VALUES))
    return [0.0] + [1.0 - (1.0 - max(0, unseen[v]) / total) ** HAND_SIZE for v in VALUES]


def _draw_chances(engine, view: Dict[str, Any]) -> List[float]:
    """Chance that one unseen card has each value."""
    unseen = _unseen(engine, view)
    total = max(1, sum(max(0, u) for u in unseen))
    return [max(0, u) / total for u in unseen]


def mine_chances(ctx: Context, kept: Sequence[int]) -> List[float]:
    """(hard) Chance that our own next hand holds each value: certain for the cards we keep,
    else the chance that the cards we draw to refill bring it. The others' hands are unknown
    to us, ours is not: a line our own card completes next turn is a near-sure conquest."""
    draws = max(0, HAND_SIZE - len(kept))
    return [1.0 if v in kept else 1.0 - (1.0 - ctx.draw[v]) ** draws for v in range(max(VALUES) + 1)]


def _score(board: Board, ctx: Context, ally_spots: Sequence[Pos], mine=None) -> float:
    """The board after a discovery plan, from the bot's side (the board is left changed)."""
    score = 0.0
    size, key = board.best_line()
    if size:
        score += W_TAKE * size + (W_WIN if size >= ctx.need else 0.0)
        for c in board.best_cells(key):
            board.take(c)
    return score + _leftover(board, ctx, ally_spots, mine)


def _leftover(board: Board, ctx: Context, ally_spots: Sequence[Pos], mine=None) -> float:
    """What the board leaves: the open line for the next player, the opponents' and our next
    chances. `mine` (hard) = (our galleons' cells, mine_chances): our own next conquest is
    weighed with our own hand, the partners' with the unseen cards."""
    open_size, _ = board.best_line()
    score = ctx.next_weight * W_OPEN * open_size
    if ctx.opp_spots:
        score -= (W_NEAR_OPP if mine is None else W_NEAR_OPP_HARD) * board.near(ctx.opp_spots, ctx.chance)
    if mine is None:
        score += W_NEAR_OWN * board.near(ally_spots, ctx.chance)
        return score
    spots, chance = mine
    partners = list(ally_spots)
    for p in spots:
        if p in partners:
            partners.remove(p)
    score += W_NEAR_MINE * board.near(spots, chance)
    if partners:
        score += W_NEAR_OWN * board.near(partners, ctx.chance)
    return score


def _reply(board: Board, ctx: Context) -> float:
    """The next opponent's expected conquest: each galleon move, each space they may fill and
    each value, the best line; then the best over a hand of unknown cards."""
    spots = ctx.next_spots
    best_by_value = [0] * (max(VALUES) + 1)
    for i, src in enumerate(spots):
        for dst in [src] + [p for p in neighbours(src) if p in board.values]:
            if dst != src:
                board.sail(src, dst)
            where = spots[:i] + [dst] + spots[i + 1:]
            cells = {p for s in set(where) | {src} for p in neighbours(s) if p not in board.values}
            for cell in cells:
                for v in VALUES:
                    board.place(cell, v)
                    size = board.best_line()[0]
                    board.take(cell)
                    if size > best_by_value[v]:
                        best_by_value[v] = size
            if dst != src:
                board.sail(dst, src)
    expected, none_better = 0.0, 1.0
    for size, v in sorted(((best_by_value[v], v) for v in VALUES), reverse=True):
        expected += size * none_better * ctx.chance[v]
        none_better *= 1.0 - ctx.chance[v]
    return expected


def _crew_threat(board: Board, ctx: Context) -> float:
    """What the crew could take before the Corsair plays again: every open line (the crew play
    several turns in a row), and every line one card laid next to their galleons may complete."""
    return W_OPEN * board.open_total() + W_CREW * board.completions(ctx.crew_spots, ctx.chance)


# -- plans -----------------------------------------------------------------------------------
Plan = Tuple[Optional[str], Optional[Pos], Optional[int], Optional[Pos]]  # card, space, galleon, target


def _parse_place(action: str) -> Tuple[str, Pos]:
    card, cell = action[len("place/"):].split("@")
    return card, parse_cell(cell)


def _parse_move(action: str, spots: Dict[int, Pos]) -> Tuple[int, Pos]:
    n, where = action[len("move/"):].split("/")
    g = int(n)
    dirs = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
    if where in dirs:
        x, y = spots[g]
        return g, (x + dirs[where][0], y + dirs[where][1])
    return g, parse_cell(where)


def _plans(board: Board, view: Dict[str, Any], legal: Sequence[Move]) -> Dict[Plan, Tuple[Move, bool]]:
    """Every whole discovery phase reachable from `legal`: plan -> (first move, earns another phase)."""
    seat = view["current"]
    spots = {g["n"]: (g["x"], g["y"]) for g in view["galleons"] if g["owner"] == seat}
    remaining = view["discovery"]["remaining"]
    hand = sorted(set(view["hand"] or []))
    plans: Dict[Plan, Tuple[Move, bool]] = {}

    def again(card: str, pos: Pos, where: Iterable[Pos]) -> bool:
        mine = set(where)
        return any(p in mine and board.colours.get(p) == card[0] for p in neighbours(pos))

    def keep(plan: Plan, move: Move, bonus: bool) -> None:
        old = plans.get(plan)
        if old is None or (bonus and not old[1]):
            plans[plan] = (move, bonus)

    for move in legal:
        a = move.action
        if a.startswith("place/"):
            card, pos = _parse_place(a)
            bonus = again(card, pos, spots.values())
            if "move" in remaining:
                for n, src in spots.items():
                    for to in neighbours(src):
                        if to in board.values or to == pos:
                            keep((card, pos, n, to), move, bonus)
            else:
                keep((card, pos, None, None), move, bonus)
        elif a.startswith("move/"):
            n, to = _parse_move(a, spots)
            if "place" in remaining:
                after = dict(spots)
                after[n] = to
                free = sorted({p for s in after.values() for p in neighbours(s) if p not in board.values})
                for card in hand:
                    for pos in free:
                        keep((card, pos, n, to), move, again(card, pos, after.values()))
            else:
                keep((None, None, n, to), move, False)
        elif a == "end":
            keep((None, None, None, None), move, False)
    return plans


def _play_plan(board: Board, plan: Plan, spots: Dict[int, Pos]) -> None:
    card, pos, n, to = plan
    if card is not None:
        board.place(pos, int(card[1]), card[0])
    if n is not None:
        board.sail(spots[n], to)


def _discovery(engine, view: Dict[str, Any], legal: Sequence[Move], level: BotLevel, rng: Rng) -> Move:
    scored = ranked_discovery(engine, view, legal, level, rng)
    if not scored:
        return rng.choice(list(legal))
    best = max(value for value, _, _ in scored)
    choice = {move for value, _, move in scored if value > best - 1e-9}
    return rng.choice(sorted(choice, key=lambda m: m.action))


def ranked_discovery(engine, view: Dict[str, Any], legal: Sequence[Move], level: BotLevel,
                     rng: Rng) -> List[Tuple[float, Plan, Move]]:
    """Every plan of the discovery phase the level looks at, scored (value, plan, first move);
    empty when no plan exists. The search bot (bots/masterislands_search.py) uses it as prior."""
    board = Board(view)
    ctx = Context(engine, view, view["current"], level)
    spots = {g["n"]: (g["x"], g["y"]) for g in view["galleons"] if g["owner"] == view["current"]}
    plans = _plans(board, view, legal)
    if not plans:
        return []
    items = sorted(plans.items(), key=lambda item: repr(item[0]))
    if level is not BotLevel.HARD and len(items) > NORMAL_PLANS:
        # a quick first look (what can be conquered right away) keeps the most promising plans
        quick = []
        for plan, info in items:
            _play_plan(board, plan, spots)
            quick.append((board.best_line()[0] + rng.random() * 0.1, plan, info))
            board.rollback()
        quick.sort(key=lambda q: -q[0])
        items = [(plan, info) for _, plan, info in quick[:NORMAL_PLANS]]
    others = [p for p in ctx.ally_spots]
    for p in spots.values():
        others.remove(p)
    scored = []
    for plan, (move, bonus) in items:
        _play_plan(board, plan, spots)
        mine = dict(spots)
        if plan[2] is not None:
            mine[plan[2]] = plan[3]
        own = None
        extra = 0.0
        if level is BotLevel.HARD and MINE_HAND:
            kept = list(ctx.hand)
            if plan[0] is not None:
                kept.remove(int(plan[0][1]))
            own = (list(mine.values()), mine_chances(ctx, kept))
            if bonus and AGAIN_TAKE:
                # another phase now: a card we keep may complete a larger line before the conquest
                sure = [1.0 if v in kept else 0.0 for v in range(max(VALUES) + 1)]
                extra = AGAIN_TAKE * W_TAKE * max(0.0, board.near(list(mine.values()), sure) - board.best_line()[0])
        value = _score(board, ctx, others + list(mine.values()), own) + (W_AGAIN if bonus else 0.0) + extra
        if level is BotLevel.HARD and ctx.next_spots:
            scored.append((value, plan, move))
        board.rollback()
        if level is not BotLevel.HARD or not ctx.next_spots:
            scored.append((value, plan, move))
    if level is BotLevel.HARD and ctx.next_spots:
        scored.sort(key=lambda item: -item[0])
        rescored = []
        for value, plan, move in scored[:HARD_REPLIES]:
            _play_plan(board, plan, spots)
            _score(board, ctx, others)
            rescored.append((value - W_REPLY * _reply(board, ctx), plan, move))
            board.rollback()
        scored = rescored
    return scored


def _conquest(engine, view: Dict[str, Any], legal: Sequence[Move], level: BotLevel, rng: Rng) -> Move:
    scored = ranked_conquests(engine, view, legal, level)
    if not scored:
        return legal[0]
    best, choice = None, []
    for value, move in scored:
        if best is None or value > best + 1e-9:
            best, choice = value, [move]
        elif value > best - 1e-9:
            choice.append(move)
    return rng.choice(choice)


def ranked_conquests(engine, view: Dict[str, Any], legal: Sequence[Move], level: BotLevel) -> List[Tuple[float, Move]]:
    """The largest conquests (at most 40), each scored (value, move) with what it leaves on the
    board; empty when there is none. The search bot uses it as prior."""
    board = Board(view)
    ctx = Context(engine, view, view["current"], level)
    options = [m for m in legal if m.action.startswith("conquer/")]
    sized = sorted(options, key=lambda m: (-m.action.count(";"), m.action))[:40]
    scored = []
    for move in sized:
        cells = [parse_cell(c) for c in move.action[len("conquer/"):].split(";")]
        for c in cells:
            board.take(c)
        own = (ctx.own_spots, mine_chances(ctx, ctx.hand)) if level is BotLevel.HARD and MINE_HAND else None
        value = W_TAKE * len(cells) + (W_WIN if len(cells) >= ctx.need else 0.0) + _leftover(board, ctx, ctx.ally_spots, own)
        board.rollback()
        scored.append((value, move))
    return scored


def _corsair(engine, view: Dict[str, Any], legal: Sequence[Move], level: BotLevel, rng: Rng) -> Move:
    board = Board(view)
    ctx = Context(engine, view, view["current"])
    seat = view["current"]
    spots = {g["n"]: (g["x"], g["y"]) for g in view["galleons"] if g["owner"] == seat}
    points = view["corsair"]["points_left"] or 0
    depth = 3 if level is BotLevel.HARD else 2

    def steps(where: Dict[int, Pos]) -> List[Tuple[int, Pos]]:
        return [(n, to) for n, src in sorted(where.items()) for to in neighbours(src) if to in board.values]

    def search(where: Dict[int, Pos], left: int) -> float:
        value = _crew_threat(board, ctx)
        if left <= 0:
            return value
        for n, to in steps(where):
            board.sail(where[n], to)
            after = dict(where)
            after[n] = to
            value = min(value, search(after, left - 1))
            board.sail(to, where[n])
        return value

    best, choice = None, []
    for move in legal:
        if move.action == "end":
            value = _crew_threat(board, ctx) + 0.01  # moving is free: stop only when nothing helps
        else:
            n, to = _parse_move(move.action, spots)
            board.sail(spots[n], to)
            after = dict(spots)
            after[n] = to
            value = search(after, min(points, depth) - 1)
            board.rollback()
        if best is None or value < best - 1e-9:
            best, choice = value, [move]
        elif value < best + 1e-9:
            choice.append(move)
    return rng.choice(choice)


def choose(engine, seat: int, level: BotLevel, rng: Rng) -> Move:
    legal = engine.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    if level is BotLevel.EASY and rng.random() < EASY_BLUNDER:
        conquests = [m for m in legal if m.action.startswith("conquer/")]
        return rng.choice(conquests or legal)
    view = engine.view(seat)
    phase = view["phase"]
    if phase == "conquest":
        return _conquest(engine, view, legal, level, rng)
    if phase == "corsair":
        return _corsair(engine, view, legal, level, rng)
    return _discovery(engine, view, legal, level, rng)

