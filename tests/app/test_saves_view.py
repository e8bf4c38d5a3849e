"""The saved-games list as people read it: dates in words, and a deleted game that can be
brought back for a few seconds."""
from __future__ import annotations

from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import MemoryBackend, SaveStore
from ludotheque.ui import screens
from ludotheque.ui.when import when_text

NOW = "2026-12-02T22:00:00.000Z"


def test_dates_as_people_say_them_in_local_time():
    assert when_text("2026-12-02T20:28:00.000Z", NOW, 60, "fr") == "aujourd’hui 21 h 28"
    assert when_text("2026-12-01T08:05:00Z", NOW, 60, "en") == "yesterday 09:05"
    assert when_text("2026-03-12T20:28:00Z", NOW, 0, "fr") == "12 mars, 20 h 28"
    assert when_text("2025-03-12T20:28:00Z", NOW, 0, "en") == "12 Mar 2025, 20:28"
    # just past midnight local time is "today", though still yesterday in UTC
    assert when_text("2026-12-02T23:30:00Z", "2026-12-03T00:10:00Z", 120, "fr").startswith("aujourd’hui 01 h 30")
    assert when_text("not a date", NOW, 0, "fr") == "not a date"


def test_saves_list_shows_dates_in_words_and_offers_to_undo_a_deletion():
    store = SaveStore(MemoryBackend())
    e = MookiesEngine([{"name": "Léa", "youngest": True}, {"name": "Max"}], seed=2)
    store.save("mookies-1", e.record(), "Léa · Max", "2026-12-02T20:28:00Z", False)
    names = {"mookies": {"fr": "L’Île des Mookies", "en": "Mookie Island"}}
    html = screens.saves_list(store.list(), "fr", names, True, now=NOW, offset_minutes=60)
    assert "aujourd’hui 21 h 28" in html and "T20:28" not in html
    assert 'data-testid="deleted"' not in html
    html = screens.saves_list([], "en", names, True, now=NOW, deleted={"id": "mookies-1", "title": "Léa · Max"})
    assert 'data-action="undo-delete"' in html and "Game deleted — <bdi>Léa · Max</bdi>" in html


def test_a_finished_game_offers_replay_not_resume_and_a_branch_says_where_it_started():
    import re
    from dataclasses import replace

    from ludotheque.bots import play_bots

    store = SaveStore(MemoryBackend())
    e = MookiesEngine([{"name": "Léa", "kind": "bot", "youngest": True}, {"name": "Max", "kind": "bot"}], seed=2)
    play_bots(e)
    store.save("mookies-done", e.record(), "Léa · Max", "2026-12-02T14:05:00Z", True)
    branch = replace(e.record(), moves=e.record().moves[:6], meta={"branched": {"ply": 6}})
    store.save("mookies-branch", branch, "Léa · Max", "2026-12-02T15:05:00Z", False)
    bad = replace(e.record(), moves=e.record().moves[:4], meta={"branched": {"ply": "six"}})
    store.save("mookies-odd", bad, "Léa · Max", "2026-12-02T13:05:00Z", False)
    names = {"mookies": {"fr": "L’Île des Mookies", "en": "Mookie Island"}}
    html = screens.saves_list(store.list(), "fr", names, True, now=NOW, offset_minutes=0)
    rows = dict(re.findall(r'<li class="save" data-save="([^"]+)"[^>]*>(.*?)</li>', html))
    assert 'data-action="resume/mookies-done"' not in rows["mookies-done"]
    assert 'class="btn btn-primary btn-small" data-action="replay/mookies-done"' in rows["mookies-done"]
    assert "jouée à partir du coup 6" in rows["mookies-branch"] and 'data-action="resume/mookies-branch"' in rows["mookies-branch"]
    assert 'data-testid="branched"' not in rows["mookies-odd"]
    assert '<span class="save-when">aujourd’hui 15 h 05</span>' in rows["mookies-branch"]
    assert "played on from move 6" in screens.saves_list(store.list(), "en", names, True)
