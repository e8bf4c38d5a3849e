"""Properties of Mosquito PLAF! over random seeds and random legal play, timed events included
(right, wrong and late slaps, false slaps, window closes, calls and catches)."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.core.record import Record
from ludotheque.core.rng import Rng
from ludotheque.games.mosquito import ALL_CARDS, MosquitoEngine
from ludotheque.games.replay import replay, start

from mosquito_support import all_cards, card_points, random_step, seats

MAX_MOVES = 6000
OPTION_SETS = st.fixed_dictionaries({
    "late_slap": st.sampled_from(["ignored", "penalty"]),
    "layer_in_race": st.booleans(),
    "call_window": st.sampled_from(["next_turn", "until_called"]),
    "first_card": st.sampled_from(["any", "domino"]),
    "slap_window_ms": st.sampled_from([500, 3000]),
})
GAMES = dict(seed=st.integers(0, 2**32), n=st.integers(3, 6), options=OPTION_SETS)


def new_game(seed: int, n: int, options: Dict[str, Any]) -> MosquitoEngine:
    return MosquitoEngine(seats(n), options=options, seed=seed)


def play_out(engine: MosquitoEngine, seed: int, each=None) -> None:
    rng = Rng(seed ^ 0x5EED)
    for _ in range(MAX_MOVES):
        if engine.is_over():
            return
        move = random_step(engine, rng)
        before = snapshot(engine)
        engine.apply(move)
        if each is not None:
            each(engine, before)
    raise AssertionError("the game did not end")


def snapshot(engine: MosquitoEngine) -> Dict[str, Any]:
    race = engine.race
    return {
        "round": engine.round_no,
        "counts": [len(h) for h in engine.hands],
        "deck": len(engine.pile),
        "race": None if race is None else {
            "no": race.no, "layer": race.layer, "digit": race.digit,
            "participants": list(race.participants), "slaps": list(race.slaps),
        },
    }


def referee(race: Dict[str, Any], window: int, new_slap: Optional[tuple]) -> Dict[str, Any]:
    """Who draws what, worked out again from the rules, independently of the engine."""
    slaps = race["slaps"] + ([new_slap] if new_slap else [])
    needed = "R" if race["digit"] % 2 == 0 else "L"
    in_time = [(i, s, h, ms) for i, (s, h, ms) in enumerate(slaps) if ms < window]
    wrong = [s for _, s, h, _ in in_time if h != needed]
    correct = [s for i, s, h, ms in sorted((x for x in in_time if x[2] == needed), key=lambda x: (x[3], x[0]))]
    missing = [s for s in race["participants"] if s not in wrong and s not in correct]
    penalty = {s: 3 for s in wrong}
    penalty.update({s: 2 for s in missing})
    for k, s in enumerate(correct):
        penalty[s] = 0 if k == 0 else 2 if (k == len(correct) - 1 and not missing) else 1
    slowest = missing or (correct[-1:] if len(correct) >= 2 else [])
    return {"order": wrong + missing + correct[:0:-1], "penalty": penalty, "slowest": slowest}


@settings(max_examples=200, deadline=None)
@given(**GAMES)
def test_cards_are_conserved_and_an_empty_deck_is_never_drawn_from(seed, n, options):
    def each(engine, before):
        assert sorted(all_cards(engine)) == sorted(ALL_CARDS)
        if engine.round_no == before["round"] and before["deck"] == 0:
            assert len(engine.pile) == 0
            assert sum(len(h) for h in engine.hands) <= sum(before["counts"])

    play_out(new_game(seed, n, options), seed, each)


@settings(max_examples=200, deadline=None)
@given(**GAMES)
def test_race_penalties_are_drawn_in_the_right_order(seed, n, options):
    checked = []

    def each(engine, before):
        race = before["race"]
        last = engine.last_race
        if race is None or last is None or last["no"] != race["no"]:
            return
        move = engine.moves[-1]
        new_slap = None
        if move.action.startswith("slap/") and move.seat in race["participants"]:
            _, hand, ms = move.action.split("/")
            new_slap = (move.seat, hand, int(ms))
        ref = referee(race, engine.options["slap_window_ms"], new_slap)
        assert last["order"] == ref["order"]
        assert {int(k): v for k, v in last["penalty"].items()} == ref["penalty"]
        assert last["slowest"] == ref["slowest"]
        if engine.round_no != before["round"]:
            return  # the layer's last card: the round was scored and cards dealt again
        delta = [len(h) - c for h, c in zip(engine.hands, before["counts"])]
        if before["deck"]:
            left = before["deck"]
            expected = [0] * n
            for s in ref["order"]:
                got = min(ref["penalty"][s], left)
                expected[s] += got
                left -= got
            assert delta == expected
        else:
            layer = race["layer"]
            takers = [s for s in ref["slowest"] if s != layer][: before["counts"][layer]]
            expected = [1 if s in takers else 0 for s in range(n)]
            expected[layer] -= len(takers)
            assert delta == expected
        checked.append(race["no"])

    play_out(new_game(seed, n, options), seed, each)
    assert checked


@settings(max_examples=200, deadline=None)
@given(**GAMES)
def test_scores_match_an_independent_count_and_the_game_ends(seed, n, options):
    engine = new_game(seed, n, options)
    play_out(engine, seed)
    totals = [0] * n
    for r in engine.round_results:
        for s in range(n):
            want = -10 if s == r["emptied"] else sum(card_points(c) for c in r["hands"][s])
            assert r["points"][s] == want
            totals[s] += want
        assert r["totals"] == totals
    result = engine.result()
    assert result["scores"] == totals
    low = min(totals)
    assert totals.count(low) == 1 and result["winner"] == totals.index(low)
    assert len(engine.round_results) >= engine.options["rounds"]
    json.dumps(result)


def strings(value: Any) -> List[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for v in value.values() for x in strings(v)]
    if isinstance(value, list):
        return [x for v in value for x in strings(v)]
    return []


@settings(max_examples=80, deadline=None)
@given(**GAMES)
def test_views_leak_nothing_hidden(seed, n, options):
    cards = set(ALL_CARDS)
    step = [0]

    def each(engine, before):
        step[0] += 1
        if step[0] % 5 or engine.is_over():
            return
        for seat in [None, *range(n)]:
            view = engine.view(seat)
            json.dumps(view)
            public = set(engine.discard)
            own = set(engine.hands[seat]) if seat is not None else set()
            hidden = {k: v for k, v in view.items() if k not in ("discard", "top", "last_round", "seats")}
            seen = {x for x in strings(hidden) if x in cards}
            assert seen <= own | public, (seat, seen - own - public)
            if seat is None:
                assert "hand" not in view and "drawn" not in view
            else:
                assert sorted(view["hand"]) == sorted(engine.hands[seat])
                assert view["hand_counts"] == [len(h) for h in engine.hands]

    play_out(new_game(seed, n, options), seed, each)


@settings(max_examples=50, deadline=None)
@given(**GAMES, cut=st.floats(0.0, 1.0))
def test_replaying_the_record_gives_the_same_views(seed, n, options, cut):
    engine = new_game(seed, n, options)
    play_out(engine, seed)
    record = Record.from_json(engine.record().to_json())
    upto = int(len(record.moves) * cut)
    again = replay(record, upto)
    partial = start(record)
    for text in record.moves[:upto]:
        partial.play(text)
    for seat in [None, *range(n)]:
        assert again.view(seat) == partial.view(seat)
    full = replay(record)
    for seat in [None, *range(n)]:
        assert full.view(seat) == engine.view(seat)
    assert full.result() == engine.result()
