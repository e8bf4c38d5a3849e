"""The shared core: seeded randomness, records, URL fragments, moves, options, seats, rule books."""
from __future__ import annotations

import json
import re

import pytest

from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.core.errors import BadMove, BadSetup, IllegalMove, LudoError
from ludotheque.core.options import Option, OptionSet
from ludotheque.core.record import FORMAT, FORMAT_VERSION, Record, RecordError, ReplayError
from ludotheque.core.rng import Rng, derive_seed
from ludotheque.core.rulebook import Rule, RuleBook, RuleSource
from ludotheque.core.seats import BotLevel, Seat, SeatKind, bot_seat, parse_seats
from ludotheque.games import UnknownGame, engine_class
from ludotheque.games.replay import replay, start
from ludotheque.core.messages import msg, say

MASK = (1 << 64) - 1


def reference_splitmix64(seed: int, n: int):
    """SplitMix64 as published (Steele, Lea & Flood 2014; Vigna's splitmix64.c), written out again."""
    out, state = [], seed % (1 << 64)
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) % (1 << 64)
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % (1 << 64)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % (1 << 64)
        out.append(z ^ (z >> 31))
    return out


# -- Rng --------------------------------------------------------------------------------------

def test_rng_matches_published_splitmix64_values():
    assert reference_splitmix64(0, 3) == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    assert reference_splitmix64(1234567, 3) == [6457827717110365317, 3203168211198807973, 9817491932198370423]
    for seed in (0, 1234567):
        rng = Rng(seed)
        assert [rng.next64() for _ in range(3)] == reference_splitmix64(seed, 3)


def test_rng_same_seed_same_sequence():
    for seed in (0, 1, 42, 2**63 + 5, -7):
        a, b = Rng(seed), Rng(seed)
        assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
        c = Rng(seed)
        assert [c.next64() for _ in range(50)] == reference_splitmix64(seed & MASK, 50)
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_helpers_are_deterministic_and_in_range():
    rng = Rng(7)
    values = [rng.below(6) for _ in range(600)]
    assert set(values) == set(range(6))
    assert all(0.0 <= Rng(s).random() < 1.0 for s in range(50))
    items = list(range(20))
    shuffled = Rng(3).shuffled(items)
    assert sorted(shuffled) == items and shuffled != items and items == list(range(20))
    assert Rng(3).shuffled(items) == shuffled
    assert Rng(9).choice("abc") == Rng(9).choice("abc")
    fork_a, fork_b = Rng(5).fork(1, 2), Rng(5).fork(1, 2)
    assert fork_a.next64() == fork_b.next64()
    assert Rng(5).fork(1, 2).next64() != Rng(5).fork(2, 1).next64()
    assert derive_seed(1, 2) == derive_seed(1, 2) != derive_seed(1, 3)
    with pytest.raises(ValueError):
        Rng(1).below(0)
    with pytest.raises(IndexError):
        Rng(1).choice([])
    for bad in (True, 1.5, "1", None):
        with pytest.raises(TypeError):
            Rng(bad)


# -- Move -----------------------------------------------------------------------------------------

def test_move_encode_decode():
    assert Move(0, "take/1").encode() == "0:take/1" == str(Move(0, "take/1"))
    assert Move(SYSTEM_SEAT, "close").encode() == "*:close"
    assert Move.decode("1:face/down") == Move(1, "face/down")
    assert Move.decode(" 1 : face/down ") == Move(1, "face/down")
    assert Move.decode("*:close") == Move(SYSTEM_SEAT, "close")
    assert Move.decode("2:say:hello") == Move(2, "say:hello")  # only the first colon separates
    for move in (Move(0, "take/2"), Move(3, "return/lune"), Move(SYSTEM_SEAT, "timer/3")):
        assert Move.decode(move.encode()) == move
    for bad in ("take/1", "x:take/1", "", ":take/1", 5, None):
        with pytest.raises(BadMove) as info:
            Move.decode(bad)
        assert info.value.rule == "record.syntax" and say(info.value.msg, "fr") and say(info.value.msg, "en")
    assert isinstance(BadMove("x", "y"), IllegalMove)


# -- OptionSet ------------------------------------------------------------------------------------

OPTS = OptionSet((
    Option("flag", False, label="mookies.option.easy_memory"),
    Option("count", 3, label="mookies.option.stars_lune", minimum=1, maximum=5),
    Option("mode", "a", label="mookies.option.penalty_choice", choices=("a", "b"), choice_labels={"a": "option.yes"},
           house_rule=True),
    Option("label", "x"),
))


def test_options_defaults_and_overrides():
    assert OPTS.defaults() == {"flag": False, "count": 3, "mode": "a", "label": "x"}
    assert OPTS.resolve(None) == OPTS.defaults()
    assert OPTS.resolve({"count": 5, "mode": "b", "flag": True}) == {"flag": True, "count": 5, "mode": "b", "label": "x"}
    assert [o.name for o in OPTS.house_rules()] == ["mode"]
    assert [o.kind for o in OPTS] == ["bool", "int", "choice", "str"]
    desc = {d["name"]: d for d in OPTS.describe()}
    assert desc["count"]["min"] == 1 and desc["count"]["max"] == 5
    assert desc["mode"]["choices"] == [{"value": "a", "label": {"id": "option.yes"}}, {"value": "b", "label": "b"}]
    assert desc["flag"]["label"] == {"id": "mookies.option.easy_memory"} and desc["label"]["label"] == "label"
    assert json.loads(json.dumps(OPTS.describe())) == OPTS.describe()


def test_options_refuse_unknown_names_and_bad_values():
    with pytest.raises(BadSetup) as info:
        OPTS.resolve({"colour": "red"})
    assert "colour" in say(info.value.msg, "fr") and "colour" in say(info.value.msg, "en")
    bad_values = [
        {"flag": 1}, {"flag": "yes"}, {"count": 0}, {"count": 6}, {"count": True}, {"count": "3"},
        {"count": 2.0}, {"mode": "c"}, {"mode": None},
    ]
    for given in bad_values:
        with pytest.raises(BadSetup):
            OPTS.resolve(given)
    mookies = engine_class("mookies")
    with pytest.raises(BadSetup):
        mookies([{"name": "A", "youngest": True}, {"name": "B"}], options={"nope": 1}, seed=1)


# -- Seats -------------------------------------------------------------------------------------------

def test_seat_validation():
    seat = Seat.from_dict({"name": "  Zoé  ", "kind": "bot", "level": "hard", "youngest": True, "team": 1})
    assert seat == Seat("Zoé", SeatKind.BOT, BotLevel.HARD, youngest=True, team=1)
    assert Seat.from_dict(seat.to_dict()) == seat
    assert Seat.from_dict({"name": "Léa"}).to_dict() == {"name": "Léa", "kind": "human"}
    assert len(Seat.from_dict({"name": "x" * 100}).name) == 40
    for bad in ({}, {"name": ""}, {"name": "   "}, {"name": "A", "kind": "robot"},
                {"name": "A", "level": "genius"}, {"name": "A", "team": "red"}, "A", None):
        with pytest.raises(BadSetup):
            Seat.from_dict(bad)
    with pytest.raises(BadSetup):
        parse_seats([{"name": "A"}], 2, 4)
    with pytest.raises(BadSetup):
        parse_seats([{"name": str(i)} for i in range(5)], 2, 4)
    assert [s.name for s in parse_seats([{"name": "A"}, bot_seat(1)], 2, 4)] == ["A", "Bot 2"]
    assert bot_seat(0, BotLevel.EASY).is_bot and bot_seat(0, BotLevel.EASY).level is BotLevel.EASY


# -- Rule books ----------------------------------------------------------------------------------------

def test_rulebook():
    book = RuleBook([Rule("a.one"), Rule("h.two", RuleSource.HOUSE, "mode")], game="g")
    assert book.ids() == ("a.one", "h.two") and len(book) == 2 and "a.one" in book
    assert book["h.two"].option == "mode"
    assert book.to_list()[1] == {"id": "h.two", "text": {"id": "g.rule.h.two"}, "source": "house", "option": "mode"}
    assert RuleBook([Rule("a.one", key="option.yes")])["a.one"].text("en") == say(msg("option.yes"), "en")
    keyed = RuleBook([Rule("list.join")], game="x")["list.join"]
    assert keyed.key == "x.rule.list.join" and keyed.to_dict()["text"] == {"id": "x.rule.list.join"}
    assert "option" not in book.to_list()[0]
    with pytest.raises(ValueError):
        RuleBook([Rule("a.one"), Rule("a.one")])


# -- Records ----------------------------------------------------------------------------------------------

def sample_record() -> Record:
    engine = engine_class("mookies")([{"name": "Éloïse", "youngest": True}, {"name": "Bot", "kind": "bot"}],
                                     options={"stars_feuille": 4}, seed=123)
    for text in ("0:take/1", "0:face/down", "1:take/2", "1:face/up"):
        engine.play(text)
    return engine.record(meta={"note": "ça va ✓"})


def test_record_json_round_trip():
    record = sample_record()
    text = record.to_json()
    data = json.loads(text)
    assert data["format"] == FORMAT and data["version"] == FORMAT_VERSION and data["game"] == "mookies"
    assert data["moves"] == ["0:take/1", "0:face/down", "1:take/2", "1:face/up"]
    assert "Éloïse" in text  # not escaped: records stay readable
    again = Record.from_json(text)
    assert again == record
    assert again.to_json() == text
    assert Record.from_json(record.to_json(indent=None)) == record
    assert replay(again).view(None) == replay(record).view(None)
    deck_record = engine_class("mookies")([{"name": "A", "youngest": True}, {"name": "B"}],
                                          deck={"piles": [["soleil/lune"], ["lune/fossile"]]}).record()
    assert "seed" not in deck_record.to_dict()
    assert Record.from_json(deck_record.to_json()) == deck_record


def test_url_fragment_round_trip():
    record = sample_record()
    fragment = record.to_url_fragment()
    assert re.fullmatch(r"[A-Za-z0-9_-]+", fragment)
    assert Record.from_url_fragment(fragment) == record
    mid = len(fragment) // 2
    flipped = fragment[:mid] + ("B" if fragment[mid] == "A" else "A") + fragment[mid + 1:]
    for damaged in (fragment[:-5], "!!!", flipped, ""):
        with pytest.raises(RecordError):
            Record.from_url_fragment(damaged)


def test_record_refuses_what_is_not_a_record():
    good = sample_record().to_dict()
    cases = ["not json", "[]", json.dumps({**good, "format": "other"}), json.dumps({**good, "version": 99}),
             json.dumps({**good, "moves": "0:take/1"}), json.dumps({**good, "moves": [1]}),
             json.dumps({**good, "seed": True}), json.dumps({**good, "seed": "12"}),
             json.dumps({**good, "options": []}), json.dumps({**good, "seats": [{"name": ""}]}),
             json.dumps({k: v for k, v in good.items() if k != "game"})]
    for text in cases:
        with pytest.raises(RecordError):
            Record.from_json(text)
    with pytest.raises(RecordError):
        start(Record.from_dict({**good, "rules_version": 99}))
    with pytest.raises(UnknownGame):
        start(Record.from_dict({**good, "game": "chess"}))
    with pytest.raises(RecordError):  # a bad option is a record that cannot start
        start(Record.from_dict({**good, "options": {"nope": 1}}))


def test_replay_names_the_first_illegal_move():
    record = sample_record()
    record.moves = record.moves[:2] + ["0:take/1", "1:take/9", "1:take/1"]
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.index == 2 and info.value.move == "0:take/1" and info.value.cause.code == "game.turn"
    assert isinstance(info.value, LudoError) and say(info.value.msg, "fr") and say(info.value.msg, "en")
    assert info.value.msg.params["why"] == info.value.cause.msg  # the cause's message, nested
    assert len(replay(record, upto=2).moves) == 2
