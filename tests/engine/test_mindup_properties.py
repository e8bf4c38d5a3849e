"""Mind Up! properties over random seeds and random legal play (hypothesis)."""
from __future__ import annotations

import copy
from typing import Dict, List

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.record import Record
from ludotheque.core.rng import Rng
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.replay import replay, start

from builders import seats as table

NAMES = ["Ana", "Bea", "Cyd", "Dan", "Eva", "Fil"]

# -- an independent referee, written from DECISIONS.md without the engine's code -------------
_COLOUR_LISTS = {
    "orange": "1 8 15 16 23 30 31 38 45 46 53 60",
    "pink": "2 6 10 19 27 29 32 34 42 51 55 59",
    "blue": "3 13 18 21 24 28 33 37 40 43 48 58",
    "green": "4 5 12 14 17 25 36 44 47 49 56 57",
    "purple": "7 9 11 20 22 26 35 39 41 50 52 54",
}
COL = {int(n): colour for colour, ns in _COLOUR_LISTS.items() for n in ns.split()}


def bonus(n: int) -> int:
    seq = (-1, 0, 1, 2, 1, 0)
    return seq[(n - 1) % 6] if n <= 30 else seq[n % 6]


def ref_objective(obj: int, me: Dict[str, int], value_of: Dict[str, int], rightmost: str,
                  all_counts: List[Dict[str, int]]) -> int:
    have = [c for c in _COLOUR_LISTS if me.get(c, 0)]
    pinks = [c.get("pink", 0) for c in all_counts]
    purples = [c.get("purple", 0) for c in all_counts]
    met = {
        1: me.get("orange", 0) in (1, 3),
        2: value_of.get("orange") in (1, 2),
        3: me.get("blue", 0) in (2, 4),
        4: all(me.get(c, 0) <= me.get("blue", 0) for c in _COLOUR_LISTS),
        5: not any(p < me.get("pink", 0) for p in pinks),
        6: not any(p > me.get("pink", 0) for p in pinks),
        7: rightmost == "green",
        8: value_of.get("green") in (4, 5),
        9: me.get("purple", 0) >= me.get("orange", 0),
        10: not any(p > me.get("purple", 0) for p in purples),
        11: len(have) == 5,
        12: len(have) == 3,
        13: any(me.get(c, 0) == 3 for c in _COLOUR_LISTS),
        14: any(me.get(c, 0) == 4 for c in _COLOUR_LISTS),
    }[obj]
    return (-2 if obj in (2, 5, 10, 13) else 2) if met else 0


def referee(n, hands, centre, draw, orders, plan, moves) -> List[List[int]]:
    """Round points per seat, recomputed from the deal and the moves alone."""
    hands = [list(h) for h in hands]
    centre = sorted(centre)
    draw = list(draw)
    strips: List[List[List]] = [[] for _ in range(n)]   # per seat: [colour, [cards]] left to right
    per_round: List[List[int]] = []
    pending: Dict[int, int] = {}

    def lay(seat: int, card: int) -> None:
        for col, cards in strips[seat]:
            if col == COL[card]:
                cards.append(card)
                return
        assert len(strips[seat]) < 5
        strips[seat].append([COL[card], [card]])

    for text in moves:
        who, action = text.split(":")
        seat, card = int(who), int(action.split("/")[1])
        hands[seat].remove(card)
        pending[seat] = card
        if len(pending) < n:
            continue
        by_card = sorted(pending, key=lambda s: pending[s])
        for k, s in enumerate(by_card):
            lay(s, centre[k])
        centre = sorted(pending.values())
        pending = {}
        if all(len(h) == 1 for h in hands):
            r = len(per_round)
            for s in range(n):
                lay(s, hands[s].pop())
            order = orders[r]
            counts = [{col: len(cards) for col, cards in strips[s]} for s in range(n)]
            points = []
            for s in range(n):
                pts = sum(order[i] + bonus(c) for i, (_, cards) in enumerate(strips[s]) for c in cards)
                value_of = {col: order[i] for i, (col, _) in enumerate(strips[s])}
                rightmost = strips[s][-1][0]
                pts += sum(ref_objective(o, counts[s], value_of, rightmost, counts) for o in plan[r])
                points.append(pts)
            per_round.append(points)
            if r < 2:
                hands = [[c for _, cards in strips[s] for c in cards] for s in range(n)]
                strips = [[] for _ in range(n)]
                for s in range(n):
                    hands[s].append(draw.pop(0))
    return [[per_round[r][s] for r in range(len(per_round))] for s in range(n)]


# -- helpers -----------------------------------------------------------------------------------

def all_cards(e: MindUpEngine) -> List[int]:
    cards = [c for h in e.hands for c in h] + [c for c in e.chosen if c is not None]
    cards += e.centre + e.draw + [c for s in e.strips for stack in s for c in stack]
    return cards


def scramble_hidden(e: MindUpEngine, seat: int, rng: Rng) -> MindUpEngine:
    """A copy of `e` that differs only in what `seat` cannot know: the draw pile, the others'
    unknown hand cards and their secret choices, which known card they chose, future orders and
    objectives."""
    t = copy.deepcopy(e)
    slots = []  # (kind, index...) of every hidden card
    pool = []
    for o in range(len(t.seats)):
        if o == seat:
            continue
        held = t.hands[o] + ([t.chosen[o]] if t.chosen[o] is not None else [])
        known = [c for c in held if c in t.known[o]]
        unknown = [c for c in held if c not in t.known[o]]
        pool += unknown
        slots.append((o, known, len(unknown)))
    pool += t.draw
    rng.shuffle(pool)
    at = 0
    for o, known, k in slots:
        held = known + pool[at:at + k]
        at += k
        rng.shuffle(held)
        if t.chosen[o] is not None:
            t.chosen[o] = held.pop()
        t.hands[o] = sorted(held)
    t.draw = pool[at:]
    for r in range(t.round, len(t.orders)):
        t.orders[r] = rng.shuffled(t.orders[r])
    return t


def random_play(seed: int, seats: int, objectives: int, move_seed: int, on_step=None) -> MindUpEngine:
    e = MindUpEngine(table(seats, names=NAMES), options={"objectives": objectives}, seed=seed)
    rng = Rng(move_seed)
    while not e.is_over():
        if on_step:
            on_step(e, rng)
        e.apply(rng.choice(e.legal_moves()))
    return e


games = dict(
    seed=st.integers(0, 2**32),
    seats=st.integers(3, 6),
    objectives=st.integers(0, 5),
    move_seed=st.integers(0, 2**32),
)


@settings(max_examples=40, deadline=None)
@given(**games)
def test_cards_conserved_and_hand_sizes(seed, seats, objectives, move_seed):
    starts = []

    def step(e, rng):
        cards = all_cards(e)
        assert sorted(cards) == list(range(1, 61))
        v = e.view(None)
        assert len(v["centre"]) == seats and v["centre"] == sorted(v["centre"])
        if v["turn"] == 1 and not any(v["has_chosen"]):
            starts.append((v["round"], v["hand_counts"]))
        for strip in e.strips:  # one colour per score card, filled from the left
            assert all(len({COL[x] for x in stack}) == 1 for stack in strip if stack)
            used = [bool(stack) for stack in strip]
            assert used == sorted(used, reverse=True)

    e = random_play(seed, seats, objectives, move_seed, step)
    assert sorted(all_cards(e)) == list(range(1, 61))
    assert starts == [(1, [7] * seats), (2, [8] * seats), (3, [9] * seats)]
    assert len(e.moves) == seats * (6 + 7 + 8)


@settings(max_examples=40, deadline=None)
@given(**games)
def test_scores_match_an_independent_referee(seed, seats, objectives, move_seed):
    e = random_play(seed, seats, objectives, move_seed)
    first = start(e.record())
    expected = referee(seats, first.hands, first.centre, first.draw, first.orders,
                       first.objective_plan if objectives else [[], [], []], [m.encode() for m in e.moves])
    r = e.result()
    assert r["round_scores"] == expected
    assert r["scores"] == [sum(x) for x in expected]
    best = max(r["scores"])
    winners = r["winner"] if isinstance(r["winner"], list) else [r["winner"]]
    assert all(r["scores"][w] == best for w in winners)
    # every round's breakdown adds up, strip by strip
    for rnd in r["rounds"]:
        for p in rnd["players"]:
            assert p["card_points"] == sum(v["value"] * len(v["cards"]) + sum(v["bonuses"]) for v in p["strip"])
            assert p["points"] == p["card_points"] + sum(o["points"] for o in p["objectives"])


@settings(max_examples=25, deadline=None)
@given(**games)
def test_views_leak_nothing_hidden(seed, seats, objectives, move_seed):
    checked = [0]

    def step(e, rng):
        if rng.below(4):
            return
        for seat in [None] + list(range(seats)):
            base = e.view(seat)
            twin = scramble_hidden(e, -1 if seat is None else seat, rng)
            assert twin.view(seat) == base
            if seat is not None:
                assert base["hand"] == e.hands[seat]
                assert base["chosen"] == e.chosen[seat]
        checked[0] += 1

    random_play(seed, seats, objectives, move_seed, step)
    assert checked[0] > 0


@settings(max_examples=25, deadline=None)
@given(**games)
def test_a_secret_choice_changes_no_other_view(seed, seats, objectives, move_seed):
    """Two tables that differ only in the card one player has just chosen look the same to
    everybody else until the reveal."""
    e = MindUpEngine(table(seats, names=NAMES), options={"objectives": objectives}, seed=seed)
    rng = Rng(move_seed)
    compared = 0
    while not e.is_over():
        seat = rng.choice(e.to_act())
        moves = e.legal_moves(seat)
        move = rng.choice(moves)
        if len(e.to_act()) > 1 and len(moves) > 1 and rng.below(3) == 0:
            twin = copy.deepcopy(e)
            twin.apply(rng.choice([m for m in moves if m != move]))
            e.apply(move)
            for other in [None] + [s for s in range(seats) if s != seat]:
                assert twin.view(other) == e.view(other)
            assert twin.view(seat) != e.view(seat)
            compared += 1
        else:
            e.apply(move)
    assert compared > 0


@settings(max_examples=25, deadline=None)
@given(**games)
def test_replay_gives_the_same_views(seed, seats, objectives, move_seed):
    e = random_play(seed, seats, objectives, move_seed)
    again = replay(Record.from_json(e.record().to_json()))
    for seat in [None] + list(range(seats)):
        assert again.view(seat) == e.view(seat)
    half = len(e.moves) // 2
    partial = replay(e.record(), half)
    assert partial.view(0)["move_count"] == half
