"""Saved games: versioned entries under our prefix; a bad entry never hides the good ones."""
import json


from ludotheque.core.record import Record
from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import PREFIX, SAVE_PREFIX, SCHEMA, MemoryBackend, SaveStore
from ludotheque.session import Session
from ludotheque.games.replay import replay
from ludotheque.core.messages import say

SEATS = [{"name": "Léa", "youngest": True}, {"name": "Bot", "kind": "bot"}]


def _record(seed=1, moves=("0:take/1", "0:face/up")):
    e = MookiesEngine(SEATS, seed=seed)
    for m in moves:
        e.play(m)
    return e.record()


def test_save_and_load_round_trip_under_our_prefix():
    store = SaveStore(MemoryBackend())
    assert store.save("g1", _record(), "Léa · Bot", "2026-11-30T10:00:00Z", False)
    key = SAVE_PREFIX + "g1"
    assert key.startswith(PREFIX) and key in store.backend.data
    data = json.loads(store.backend.data[key])
    assert data["schema"] == SCHEMA and data["game"] == "mookies"
    entry = store.load("g1")
    assert entry.readable and entry.moves == 2 and entry.title == "Léa · Bot"
    assert replay(entry.record).view(0) == replay(_record()).view(0)


def test_corrupt_and_unknown_version_entries_are_listed_unreadable_without_hiding_others():
    store = SaveStore(MemoryBackend())
    store.save("good", _record(), "t", "2026-11-30T10:00:00Z", False)
    store.backend.set(SAVE_PREFIX + "broken", "{not json")
    store.backend.set(SAVE_PREFIX + "future", json.dumps({"schema": 99, "game": "mookies"}))
    bad_record = json.dumps({"schema": SCHEMA, "record": {"format": "nope"}})
    store.backend.set(SAVE_PREFIX + "badrec", bad_record)
    store.backend.set("other-app/key", "untouched")
    entries = {e.id: e for e in store.list()}
    assert set(entries) == {"good", "broken", "future", "badrec"}
    assert entries["good"].readable
    assert not entries["broken"].readable and "JSON" in say(entries["broken"].problem, "en")
    assert not entries["future"].readable and "99" in say(entries["future"].problem, "fr")
    assert not entries["badrec"].readable
    store.delete("broken")
    assert "broken" not in {e.id for e in store.list()}
    assert store.backend.get("other-app/key") == "untouched"


def test_full_storage_turns_saving_off_and_the_game_goes_on():
    store = SaveStore(MemoryBackend(quota=50))
    assert store.save("g", _record(), "t", "now", False) is False
    assert store.enabled is False
    # a later save is skipped quietly, not raised
    assert store.save("g", _record(), "t", "now", False) is False


def test_a_session_resumed_from_a_save_continues_identically():
    e = MookiesEngine(SEATS, seed=9)
    s = Session(e, "x")
    assert s.act(0, "take/2").kind == "move"
    store = SaveStore(MemoryBackend())
    store.save("x", s.record(), "t", "now", False)
    resumed = Session.from_record(store.load("x").record, "x")
    assert resumed.engine.view(0) == s.engine.view(0)
    assert resumed.bot_to_act() is None and resumed.human_to_act() == [0]


def test_session_reports_illegal_moves_with_the_rule_and_does_not_change_state():
    s = Session(MookiesEngine(SEATS, seed=3), "x")
    before = s.engine.view(0)
    fb = s.act(0, "face/up")
    assert fb.kind == "error" and "paquet" in fb.text("fr") and "pile" in fb.text("en")
    assert s.engine.view(0) == before
    fb = s.act(1, "take/1")
    assert fb.kind == "error" and "Bot" in fb.text("fr")


def test_bot_steps_play_until_a_person_must_act():
    seats = [{"name": "Bot A", "kind": "bot", "youngest": True}, {"name": "Léa"}]
    s = Session(MookiesEngine(seats, seed=4), "x")
    assert s.bot_step() is not None and s.bot_step() is not None
    assert s.bot_to_act() is None and s.human_to_act() == [1]


def test_record_url_fragment_round_trips_a_position():
    rec = _record()
    again = Record.from_url_fragment(rec.to_url_fragment())
    assert again.to_dict() == rec.to_dict()


# -- reliability (issue #14): revisions across tabs, storage full, unreplayable entries ----------

def _two_tabs():
    backend = MemoryBackend()
    return SaveStore(backend), SaveStore(backend), backend


def _moves_record(n: int):
    e = MookiesEngine(SEATS, seed=9)
    from ludotheque.session import Session
    s = Session(e, "g")
    while len(s.engine.moves) < n:
        moves = s.engine.legal_moves()
        s.engine.apply(moves[0])
    return s.record()


def test_a_stale_tab_never_overwrites_the_other_tabs_moves():
    a, b, backend = _two_tabs()
    assert a.save("g", _moves_record(8), "t", "1", False)
    b.seen(b.load("g"))                      # tab B opens the game at 8 moves
    assert a.save("g", _moves_record(16), "t", "2", False)   # tab A plays on to 16
    stale = _moves_record(9)                 # B's own 9th move (B never reloaded)
    out = b.save_checked("g", stale, "t", "3", False, copy_id="g-copy1")
    assert out.saved and out.copy_id == "g-copy1"
    assert len(a.load("g").record.moves) == 16          # A's 16 moves are kept
    assert len(a.load("g-copy1").record.moves) == 9     # and B's game beside them


def test_a_tab_that_only_extends_the_stored_game_saves_in_place():
    a, b, _ = _two_tabs()
    a.save("g", _moves_record(4), "t", "1", False)
    b.seen(b.load("g"))
    a.save("g", _moves_record(5), "t", "2", False)
    out = b.save_checked("g", _moves_record(6), "t", "3", False, copy_id="c")
    assert out.saved and out.copy_id is None
    assert a.load("g").rev == 3 and len(a.load("g").record.moves) == 6


def test_storage_full_keeps_listing_and_resumes_saving_when_a_write_succeeds():
    backend = MemoryBackend()
    store = SaveStore(backend)
    assert store.save("old", _moves_record(2), "t", "1", False)
    backend.quota = 10  # the disk fills up
    assert not store.save("g", _moves_record(3), "t", "2", False)
    assert store.off_reason == "full" and "plein" in store.off_message("fr")
    assert [e.id for e in store.list()] == ["old"] and store.load("old").readable  # reads still work
    backend.quota = None  # space freed
    assert store.save("g", _moves_record(3), "t", "3", False)
    assert store.enabled and store.off_message("en") is None


def test_entries_that_do_not_replay_are_unreadable_with_the_reason():
    store = SaveStore(MemoryBackend())
    store.save("ok", _moves_record(2), "t", "1", False)
    bad = _moves_record(2)
    bad.moves.append("0:take/9")
    store.save("illegal", bad, "t", "1", False)
    old = _moves_record(0)
    old.rules_version = 0
    store.save("old", old, "t", "1", False)
    chess = _moves_record(0)
    chess.game = "chess"
    store.save("chess", chess, "t", "1", False)
    entries = {e.id: e for e in store.list()}
    assert entries["ok"].readable
    assert not entries["illegal"].readable and "0:take/9" in say(entries["illegal"].problem, "en")
    assert not entries["old"].readable and "Rules version 0" in say(entries["old"].problem, "en")
    assert not entries["chess"].readable and "Unknown game" in say(entries["chess"].problem, "en")
    assert entries["chess"].raw.startswith("{")  # exportable as stored


def test_saves_list_unreadable_entry_has_export_and_delete_but_no_resume_and_says_why_saving_is_off():
    from ludotheque.saves import SaveEntry
    from ludotheque.ui import screens

    bad = SaveEntry("b1", False, problem={"fr": "Jeu inconnu : « chess ».", "en": "Unknown game: 'chess'."}, raw="{}")
    store = SaveStore(MemoryBackend(), enabled=False, off_reason="full")
    html = str(screens.saves_list([bad], "fr", {}, store.enabled, store.off_message("fr")))
    assert "Jeu inconnu" in html and 'data-action="export-save/b1"' in html and 'data-action="delete/b1"' in html
    assert "resume/b1" not in html
    assert "stockage du navigateur est plein" in html
