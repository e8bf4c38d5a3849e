"""Properties of L'Île des Mookies over many seeded deals and random legal play (hypothesis).

Everything the engine reports is recomputed here from the raw collections with this file's
own reading of the rules, so that a scoring slip shows up as a disagreement.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any, Dict, List, Optional

from hypothesis import given, settings, strategies as st

from ludotheque.bots import choose
from ludotheque.core.engine import Move
from ludotheque.core.errors import IllegalMove
from ludotheque.core.record import Record
from ludotheque.core.rng import Rng
from ludotheque.core.seats import BotLevel
from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.replay import replay

from mookies_support import FAMILIES, SPIDER, all_faces, deck_multiset, face_family, face_weight, unordered

FACE_CODES = set(all_faces())
FULL_DECK = deck_multiset()
ALL_ACTIONS = ["take/1", "take/2", "face/up", "face/down"] + [f"return/{f}" for f in FAMILIES]
MAX_MOVES = 2 * 35 + 1  # 35 turns at most (one pile of 18 empties first), plus a trophy choice

options_strategy = st.fixed_dictionaries(
    {f"stars_{f}": st.integers(0, 9) for f in FAMILIES},
    optional={
        "easy_memory": st.booleans(),
        "penalty_choice": st.sampled_from(["penalised", "fewest_stars"]),
    },
)
seats_strategy = st.sampled_from([
    [{"name": "Alice", "youngest": True}, {"name": "Bruno"}],
    [{"name": "Alice"}, {"name": "Bruno", "youngest": True}],
])


# -- independent bookkeeping ---------------------------------------------------------------------

def cards_in_play(e: MookiesEngine) -> Counter:
    """Every card where it lies, as unordered face pairs (both faces kept)."""
    where = Counter()
    ended = e.view(None)["phase"] in ("penalty", "over")
    if ended:
        # the rest of the other pile is set aside; it still lies where it was
        assert [c.code for c in e.set_aside] == [c.code for p in e.piles for c in reversed(p)]
        where.update(unordered(c.code) for c in e.set_aside)
    else:
        assert e.set_aside == []
        where.update(unordered(c.code) for p in e.piles for c in p)
    if e.taken is not None:
        where[unordered(e.taken[1].code)] += 1
    where.update(unordered(l.card.code) for col in e.collections for l in col)
    return where


def my_counts(e: MookiesEngine, seat: int) -> Dict[str, int]:
    counts = {f: 0 for f in FAMILIES}
    for laid in e.collections[seat]:
        code = laid.card.code.split("/")[0 if laid.side == "up" else 1]  # the played face only
        if code != SPIDER:
            counts[face_family(code)] += face_weight(code)
    return counts


def my_spiders(e: MookiesEngine, seat: int) -> int:
    return sum(1 for l in e.collections[seat] if l.card.code.split("/")[0 if l.side == "up" else 1] == SPIDER)


def face_strings(obj: Any) -> Counter:
    """Every face code appearing anywhere in a JSON-able value (keys and values)."""
    found = Counter()
    if isinstance(obj, str):
        if obj in FACE_CODES:
            found[obj] += 1
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found += face_strings(k) + face_strings(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            found += face_strings(v)
    return found


def check_invariants(e: MookiesEngine, face_moves: int) -> None:
    assert cards_in_play(e) == FULL_DECK, "cards not conserved"
    # each laid card counts exactly one face, in exactly one collection
    assert sum(len(c) for c in e.collections) == face_moves
    for seat in (0, 1):
        engine_counts = {f.value: n for f, n in e.family_counts(seat).items()}
        assert engine_counts == my_counts(e, seat)
        assert e.spider_count(seat) == my_spiders(e, seat)
        for laid in e.collections[seat]:
            # a spider lies on the opponent of who laid it, a Mookie on the layer's own pile
            assert (laid.by != seat) == (laid.face.code == SPIDER)
    # views: plain JSON, and nothing hidden
    phase = e.view(None)["phase"]
    for seat in (0, 1, None):
        v = e.view(seat)
        assert json.loads(json.dumps(v)) == v
        assert all(set(p) == {"count", "top"} for p in v["piles"])
        assert [p["count"] for p in v["piles"]] == [len(p) for p in e.piles]
        if phase in ("take", "choose") and not e.options["easy_memory"]:
            assert all(set(c) == {"count", "top"} for c in v["collections"])
            visible = Counter(p[-1].up.code for p in e.piles if p)
            visible.update(col[-1].face.code for col in e.collections if col)
            if e.taken is not None:
                visible.update([e.taken[1].up.code, e.taken[1].down.code])
            assert face_strings(v) == visible, "a covered or hidden face shows in the view"


def expected_result(e: MookiesEngine, returned_by_player: Optional[str]) -> Dict[str, Any]:
    stars = {f: e.options[f"stars_{f}"] for f in FAMILIES}
    counts = [my_counts(e, 0), my_counts(e, 1)]
    trophies: List[List[str]] = [[], []]
    for f in FAMILIES:
        if counts[0][f] != counts[1][f]:
            trophies[0 if counts[0][f] > counts[1][f] else 1].append(f)
    spiders = [my_spiders(e, 0), my_spiders(e, 1)]
    penalised = None if spiders[0] == spiders[1] else (0 if spiders[0] > spiders[1] else 1)
    returned = None
    if penalised is not None and trophies[penalised]:
        owned = trophies[penalised]
        if len(owned) == 1:
            returned = owned[0]
        elif e.options["penalty_choice"] == "fewest_stars":
            returned = min(owned, key=lambda f: (stars[f], FAMILIES.index(f)))
        else:
            returned = returned_by_player
    kept = [[f for f in trophies[s] if not (s == penalised and f == returned)] for s in (0, 1)]
    total = [sum(stars[f] for f in kept[s]) for s in (0, 1)]
    youngest = next(i for i, s in enumerate(e.seats) if s.youngest)
    if total[0] == total[1]:
        winner, tiebreak = youngest, "youngest"
    else:
        winner, tiebreak = (0 if total[0] > total[1] else 1), None
    return {"trophies_before_penalty": trophies, "spiders": spiders, "penalised": penalised,
            "returned": returned, "trophies": kept, "stars": total, "scores": total,
            "winner": winner, "tiebreak": tiebreak}


def same_views(a: MookiesEngine, b: MookiesEngine) -> bool:
    return all(a.view(s) == b.view(s) for s in (0, 1, None))


# -- properties -----------------------------------------------------------------------------------

@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**40), play_seed=st.integers(0, 2**32), options=options_strategy,
       seats=seats_strategy)
def test_random_legal_play_keeps_every_invariant(seed, play_seed, options, seats):
    e = MookiesEngine(seats, options=options, seed=seed)
    rng = Rng(play_seed)
    assert e.to_act() == [next(i for i, s in enumerate(seats) if s.get("youngest"))]
    face_moves, returned = 0, None
    check_invariants(e, face_moves)
    while not e.is_over():
        assert len(e.moves) < MAX_MOVES
        legal = e.legal_moves()
        assert legal and all(m.seat in e.to_act() for m in legal)
        encoded = {m.encode() for m in legal}
        for seat in (0, 1):  # is_legal agrees with legal_moves on every action of this game
            for action in ALL_ACTIONS:
                assert e.is_legal(Move(seat, action)) == (f"{seat}:{action}" in encoded)
        move = rng.choice(legal)
        if rng.below(4) == 0:  # now and then, try an illegal move first: it is refused and changes nothing
            bad = [Move(s, a) for s in (0, 1) for a in ALL_ACTIONS if f"{s}:{a}" not in encoded]
            before = e.view(None)
            try:
                e.apply(rng.choice(bad))
                raise AssertionError("an illegal move was accepted")
            except IllegalMove:
                pass
            assert e.view(None) == before
        verb = move.action.split("/")[0]
        was_ended = e.view(None)["phase"] == "penalty"
        e.apply(move)
        if verb == "face":
            face_moves += 1
        if verb == "return":
            returned = move.action.split("/")[1]
            assert was_ended and e.is_over()
        phase = e.view(None)["phase"]
        pile_empty = min(len(p) for p in e.piles) == 0
        if verb == "take":
            assert phase == "choose" and not e.is_over()
        elif verb == "face":
            # the game ends when, and only when, a card laid empties a pile
            assert (phase in ("penalty", "over")) == pile_empty
            assert (phase == "take") == (not pile_empty)
        check_invariants(e, face_moves)
    assert min(len(p) for p in e.piles) == 0 and e.legal_moves() == [] and e.to_act() == []
    result = e.result()
    for key, value in expected_result(e, returned).items():
        assert result[key] == value, key
    for f in result["families"]:
        assert f["counts"] == [my_counts(e, 0)[f["family"]], my_counts(e, 1)[f["family"]]]
    assert len(result["steps"]) == len(FAMILIES) + 3
    replayed = replay(Record.from_json(e.record().to_json()))
    assert same_views(replayed, e) and replayed.result() == result
    half = len(e.moves) // 2
    assert same_views(replay(e.record(), upto=half), replay(e.record(), upto=half))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), levels=st.tuples(st.sampled_from(list(BotLevel)), st.sampled_from(list(BotLevel))),
       penalty_choice=st.sampled_from(["penalised", "fewest_stars"]))
def test_bots_always_choose_a_legal_move(seed, levels, penalty_choice):
    seats = [{"name": "Bot A", "kind": "bot", "level": levels[0].value, "youngest": True},
             {"name": "Bot B", "kind": "bot", "level": levels[1].value}]
    e = MookiesEngine(seats, options={"penalty_choice": penalty_choice}, seed=seed)
    while not e.is_over():
        assert len(e.moves) < MAX_MOVES
        seat = e.to_act()[0]
        legal = e.legal_moves(seat)
        # "Difficile" searches (200 iterations a move, tests/bots/test_search.py): asked at
        # one position in five, the cheap levels at every position
        chosen = {}
        for level in BotLevel:
            if level is BotLevel.HARD and len(e.moves) % 5:
                continue
            chosen[level] = choose(e, seat, level)
            assert chosen[level] in legal, (level, chosen[level])
        # the seat plays at its own level where it was asked, else as "Normal"
        e.apply(chosen.get(e.seats[seat].level, chosen[BotLevel.NORMAL]))
    again = replay(Record.from_json(e.record().to_json()))
    assert same_views(again, e)
