"""The timeline: undo policy per game, "undo never un-reveals" over random games, the move
log's privacy, branches that leave the original save alone."""
from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st
from mosquito_support import random_step

from ludotheque.core.engine import Move
from ludotheque.core.messages import say
from ludotheque.core.rng import Rng
from ludotheque.core.timeline import prefix, undo_check
from ludotheque.games.replay import replay_logged
from ludotheque.games import engine_class
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.mosquito import MosquitoEngine
from ludotheque.saves import MemoryBackend, SaveStore
from ludotheque.session import Session
from ludotheque.core.messages import say


def person(name: str, **extra) -> Dict[str, Any]:
    return {"name": name, "kind": "human", **extra}


def bot(name: str, **extra) -> Dict[str, Any]:
    return {"name": name, "kind": "bot", "level": "easy", **extra}


def session_of(engine) -> Session:
    return Session(engine, "test")


# -- the policy, game by game -------------------------------------------------------------------

def mookies_session() -> Session:
    return session_of(MookiesEngine([person("Léa", youngest=True), bot("Robot")], seed=7))


def test_mookies_face_choice_can_be_undone_before_the_next_take():
    s = mookies_session()
    s.act(0, "take/1")
    s.act(0, "face/up")
    check = s.undo_check()
    assert check.allowed and check.count == 1 and check.seat == 0
    fb = s.undo()
    assert fb.kind == "info"
    assert [m.encode() for m in s.engine.moves] == ["0:take/1"]
    assert s.engine.view(0)["taken"] is not None  # back to choosing the face
    assert len(s.history) == 1


def test_mookies_take_is_never_undone_it_turned_a_card():
    s = mookies_session()
    s.act(0, "take/2")
    check = s.undo_check()
    assert not check.allowed and "révélée" in say(check.reason, "fr")
    fb = s.undo()
    assert fb.kind == "error" and len(s.engine.moves) == 1


def test_mookies_face_choice_is_not_undone_after_the_bot_took():
    s = mookies_session()
    s.act(0, "take/1")
    s.act(0, "face/down")
    s.bot_step()  # the bot takes: a face is turned
    check = s.undo_check()
    assert not check.allowed and "revealed" in say(check.reason, "en")


def test_mindup_bots_replies_are_taken_back_with_the_persons_choice():
    e = MindUpEngine([person("Ana"), bot("Bea"), person("Cyd")], seed=3)
    s = session_of(e)
    card = e.hands[0][0]
    s.act(0, f"play/{card}")
    s.bot_step()  # Bea chooses; Cyd has not, nothing is revealed yet
    check = s.undo_check()
    assert check.allowed and check.seat == 0 and check.count == 2
    s.undo()
    assert s.engine.moves == [] and card in s.engine.hands[0]


def test_mindup_another_person_moved_since():
    e = MindUpEngine([person("Ana"), person("Bea"), person("Cyd")], seed=3)
    s = session_of(e)
    s.act(0, f"play/{e.hands[0][0]}")
    s.act(1, f"play/{e.hands[1][0]}")
    assert s.undo_check().seat == 1 and s.undo_check().allowed  # Bea's own choice
    no = undo_check(s.engine, 0)
    assert not no.allowed and "Bea" in say(no.reason, "fr")


def test_mindup_reveal_is_never_undone():
    e = MindUpEngine([person("Ana"), bot("Bea"), bot("Cyd")], seed=3)
    s = session_of(e)
    s.bot_step()
    s.bot_step()
    s.act(0, f"play/{s.engine.hands[0][0]}")  # completes the turn: every card is revealed
    assert s.engine.move_facts[-1].revealed
    assert not s.undo_check().allowed


def test_mosquito_draw_and_race_are_not_undone():
    e = MosquitoEngine([person("Alice", youngest=True), bot("Bruno"), bot("Chloé")],
                       deck={"hands": [["21", "43"], ["98", "97"], ["96", "95"]], "up": "65",
                             "pile": ["10", "20", "30", "40", "50", "60"]})
    s = session_of(e)
    s.act(0, "draw")
    assert e.move_facts[-1].revealed and not s.undo_check().allowed
    e2 = MosquitoEngine([person("Alice", youngest=True), bot("Bruno"), bot("Chloé")],
                        deck={"hands": [["M3", "62", "64"], ["98", "97"], ["96", "95"]], "up": "63",
                              "pile": ["10", "20", "30", "40", "50", "60"]})
    s2 = session_of(e2)
    s2.act(0, "play/M3")  # opens a PLAF! race
    check = s2.undo_check()
    assert not check.allowed and "PLAF" in say(check.reason, "fr")


def test_mosquito_domino_undone_until_another_player_shows_a_card():
    e = MosquitoEngine([person("Alice", youngest=True), bot("Bruno"), bot("Chloé")],
                       deck={"hands": [["63", "64", "21"], ["62", "97", "10"], ["61", "95", "20"]], "up": "65",
                             "pile": ["30", "40", "50", "70"]})
    s = session_of(e)
    s.act(0, "play/63")
    check = s.undo_check()
    assert check.allowed and check.count == 1
    s.act(1, "play/62")  # the bot's reply shows a card of its hand to Alice
    assert 0 in e.move_facts[-1].revealed_to and not s.undo_check().allowed
    s.undo()
    assert len(s.engine.moves) == 2
    again = session_of(MosquitoEngine(e.seats, deck=e.deck))
    again.act(0, "play/63")
    again.undo()
    assert again.engine.hands[0] == ["63", "64", "21"] and again.engine.current == 0


def test_masterislands_place_undone_until_the_hand_is_refilled():
    cls = engine_class("masterislands")
    e = cls([person("Alice"), bot("Bruno")], options={"mode": "solo"},
            deck={"start": "R3", "hands": [["G1", "B4", "Y2"], ["R5", "G2", "B1"]], "draw": ["Y5", "G3", "B2", "R1"]})
    s = session_of(e)
    s.act(0, "place/G1@1,0")
    assert s.undo_check().allowed
    s.act(0, "move/1/right")
    for _ in range(5):
        if s.engine.current != 0:
            break
        s.act(0, s.engine.legal_moves(0)[-1].action)
    assert any(f.revealed for f in s.engine.move_facts)  # the hand was refilled from the deck
    assert not s.undo_check().allowed


def test_nothing_to_undo_and_game_over():
    s = mookies_session()
    assert not s.undo_check().allowed
    e = MookiesEngine([person("Léa", youngest=True), person("Max")], seed=2)
    rng = Rng(5)
    while not e.is_over():
        e.apply(rng.choice(e.legal_moves()))
    check = undo_check(e)
    assert not check.allowed and "terminée" in say(check.reason, "fr")


# -- "undo never un-reveals": what a seat knows, compared view by view ---------------------------

def known(game: str, v: Mapping[str, Any]) -> Counter:
    """Facts about hidden things a view shows (cards by identity, piles' faces by size)."""
    c: Counter = Counter()
    if game == "mookies":
        for i, p in enumerate(v["piles"]):
            c[("pile", i, p["count"], p["top"])] += 1
        if v["taken"]:
            c[("taken", v["taken"]["up"], v["taken"]["down"])] += 1
    elif game == "mindup":
        cards = list(v.get("hand") or []) + ([v["chosen"]] if v.get("chosen") else []) + list(v["centre"])
        cards += [x for strip in v["strips"] for slot in strip for x in slot["cards"]]
        cards += [x for k in v["known_in_hand"] for x in k]
        c.update(set(cards))
    elif game == "mosquito":
        c.update(set(list(v.get("hand") or []) + list(v["discard"])))
    else:
        c.update(v.get("hand") or [])
        c.update(cell["card"] for cell in v["cells"])
        for cap in v["captured"]:
            c.update(cap["cards"])
    return c


SETUPS = {
    "mookies": [person("Léa", youngest=True), bot("Robot")],
    "mindup": [person("Ana"), bot("Bea"), person("Cyd")],
    "mosquito": [person("Alice", youngest=True), bot("Bruno"), bot("Chloé")],
    "masterislands": [person("Alice"), bot("Bruno")],
}


def random_move(engine, rng: Rng) -> Move:
    if engine.GAME_ID == "mosquito":
        return random_step(engine, rng, false_slaps=False)
    return rng.choice(engine.legal_moves())


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(sorted(SETUPS)), seed=st.integers(0, 10 ** 6), steps=st.integers(1, 60))
def test_undo_never_returns_to_a_position_where_the_seat_knows_less(game, seed, steps):
    engine = engine_class(game)(SETUPS[game], seed=seed)
    rng = Rng(seed)
    views: Dict[int, List[Counter]] = {s: [known(game, engine.view(s))] for s in (0, len(SETUPS[game]) - 1)}
    for _ in range(steps):
        if engine.is_over():
            break
        engine.apply(random_move(engine, rng))
        for s in views:
            views[s].append(known(game, engine.view(s)))
        check = undo_check(engine)
        if not check.allowed or check.seat not in views:
            continue
        n = len(engine.moves)
        back = n - check.count
        seen_then = views[check.seat][back]
        for j in range(back + 1, n + 1):
            assert not (views[check.seat][j] - seen_then), (game, seed, engine.moves[back:j])
        # and the position undone to is the one the seat saw then
        rebuilt, _ = replay_logged(prefix(engine.record(), back))
        assert known(game, rebuilt.view(check.seat)) == seen_then


# -- the move log -------------------------------------------------------------------------------

def test_move_log_hides_what_the_reader_may_not_know():
    e = MindUpEngine([person("Ana"), person("Bea"), bot("Cyd")], seed=4)
    s = session_of(e)
    card = e.hands[0][0]
    s.act(0, f"play/{card}")
    entry = s.history[-1]
    assert str(card) in say(entry.words(0), "fr")
    assert str(card) not in say(entry.words(1), "fr") and str(card) not in say(entry.words(None), "en")
    m = MookiesEngine([person("Léa", youngest=True), person("Max")], seed=1)
    sm = session_of(m)
    sm.act(0, "take/1")
    sm.act(0, "face/up")
    assert sm.history[-1].words(1).id.endswith("_hidden")  # memory game: the log does not remember for you
    assert not sm.history[-1].words(None).id.endswith("_hidden")  # the last-move line names the face


def test_log_from_record_matches_the_live_log():
    s = mookies_session()
    s.act(0, "take/1")
    s.act(0, "face/up")
    s.bot_step()
    s.bot_step()
    again = Session.from_record(s.record(), "x")
    assert [h.said for h in again.history] == [h.said for h in s.history]


# -- branches -------------------------------------------------------------------------------------

def test_branch_keeps_the_original_save():
    store = SaveStore(MemoryBackend())
    s = mookies_session()
    for _ in range(3):
        s.act(0, "take/1") if s.engine.current == 0 and s.engine.taken is None else None
        if s.engine.taken is not None and s.engine.current == 0:
            s.act(0, "face/up")
        while s.bot_to_act() is not None:
            s.bot_step()
    store.save("orig", s.record(), "t", "2026", False)
    original = store.load("orig").record
    branch = Session.from_record(prefix(original, 1), "branch")
    branch.act(0, "face/down")
    store.save("branch", branch.record(), "t", "2026", False)
    assert store.load("orig").record.moves == original.moves
    assert store.load("branch").record.moves == ["0:take/1", "0:face/down"]
