"""The saved-games list, its toasts and notices, and the timeline (bar, move log, replay) in
German and Spanish: every word from the catalogues, none left in French or English.

The French and English words looked for are the ones these screens used to hold inline
(before their words moved to locale/*.po): whole words, case-sensitive ("hier" is German too).
"""
from __future__ import annotations

import html as htmllib
import re
from dataclasses import replace

import pytest

from ludotheque.bots import play_bots
from ludotheque.core.timeline import undo_check
from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import MemoryBackend, SaveStore
from ludotheque.session import Session
from ludotheque.ui import mookies as mookies_ui
from ludotheque.ui import notices, save_transfer, screens
from ludotheque.ui import timeline as tl
from ludotheque.ui.levels import levels_help
from ludotheque.ui.when import when_text

FRENCH = ["partie", "parties", "coup", "coups", "joueur", "Joueur", "aujourd’hui", "Annuler", "Historique",
          "Revoir", "Exporter", "Importer", "fichier", "onglet", "Toutes", "cartes", "Début", "Mise", "sur", "jouée",
          "octets", "mars", "décembre", "réflexes", "Fermer", "Touches", "Jouer", "Retour", "exemple", "clavier"]
ENGLISH = ["game", "games", "move", "moves", "today", "yesterday", "Undo", "Replay", "Export", "Import", "file",
           "tab", "All", "cards", "of", "played", "Player", "the", "and", "your", "Keys", "Close", "Back",
           "example", "keyboard", "Dec", "Mar", "Level"]
NOW = "2026-12-02T22:00:00.000Z"
NAMES = {"mookies": "Léa · Max"}


def text_of(markup: str) -> str:
    """Visible words and the names given to assistive tech (aria-label, title)."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels)


def foreign(text: str) -> list:
    words = set(re.findall(r"[\w’']+", text))
    return sorted(w for w in FRENCH + ENGLISH if w in words)


def finished_mookies():
    e = MookiesEngine([{"name": "Léa", "kind": "bot", "youngest": True}, {"name": "Max", "kind": "bot"}], seed=2)
    play_bots(e)
    return e.record()


def home_texts(lang: str):
    store = SaveStore(MemoryBackend())
    record = finished_mookies()
    store.save("mookies-done", record, NAMES["mookies"], "2026-12-02T14:05:00Z", True)
    store.save("mookies-branch", replace(record, moves=record.moves[:6], meta={"branched": {"ply": 6}}),
               NAMES["mookies"], "2026-03-12T15:05:00Z", False)
    store.save("mookies-old", replace(record, moves=record.moves[:1]), NAMES["mookies"], "2025-03-01T10:05:00Z", False)
    names = {"mookies": MookiesEngine.describe()["name"]}
    entries = store.list()
    yield "saves", screens.saves_list(entries, lang, names, True, now=NOW, offset_minutes=60,
                                      deleted={"id": "x", "title": "Ana · Bea"},
                                      tools=save_transfer.tools(lang, len(entries), False))
    yield "empty", screens.saves_list([], lang, names, True)
    for n in (0, 1, 2, 3):
        yield f"import {n}", save_transfer.import_summary({"new": n, "copies": n, "already": n}, lang)
        yield f"export {n}", save_transfer.exported(n, "ludotheque.json", lang)
    yield "too big", save_transfer.w("too_big", lang, size=9, limit=8)
    for key, values in (("link_failed", {"why": "?"}), ("link_kept", {"why": "?"}), ("save_failed", {"why": "?"}),
                        ("file_failed", {"why": "?"}), ("file_too_big", {"size": 9, "limit": 8}),
                        ("action_failed", {"why": "?"}), ("copy_kept", {"id": "x"}), ("reloaded", {"n": 1}),
                        ("reloaded", {"n": 5}), ("deleted_elsewhere", {}), ("saving_back", {}), ("export_raw", {})):
        yield key, notices.say(key, lang, **values)
    for iso in ("2026-12-02T20:28:00Z", "2026-12-01T08:05:00Z", "2026-03-12T20:28:00Z", "2025-12-12T20:28:00Z"):
        yield iso, when_text(iso, NOW, 60, lang)


def timeline_texts(lang: str):
    record = finished_mookies()
    session = Session.from_record(record, "x")
    yield "tools", tl.game_tools(undo_check(session.engine), lang, True)
    yield "log", tl.move_log(session.history, 0, lang)
    yield "empty log", tl.move_log([], 0, lang)
    yield "end", tl.end_actions(lang)
    # the policy's heading only: its text is core/timeline.py's UNDO_POLICY, not yet a catalogue entry
    yield "policy", re.sub(r'<p class="undo-policy">.*?</p>', "", tl.policy_section(lang))
    rp = tl.Replay.open(record)
    rp.all_cards = True
    for ply in (0, 3, rp.plies):
        rp.go(ply)
        html, status = tl.replay_screen(rp, mookies_ui, lang)
        yield f"replay {ply}", html + " " + status
    rp = tl.Replay.open(replace(record, moves=record.moves[:5]))
    yield "replay in progress", tl.timeline_bar(rp, lang)


def setup_texts(lang: str):
    yield "levels", levels_help("mosquito", lang)
    yield "access", "".join(screens.access_section(lang, {"slap_window_ms": 1500}))
    cls = MookiesEngine
    yield "setup", screens.setup_form(cls, lang, screens.default_seats(cls, 2, lang), {})


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("texts", [home_texts, timeline_texts, setup_texts])
def test_no_french_or_english_left(lang, texts):
    found = {where: foreign(text_of(str(markup))) for where, markup in texts(lang)}
    assert {where: words for where, words in found.items() if words} == {}


def test_the_checker_sees_french_and_english():
    assert foreign(text_of(screens.saves_list([], "fr", {}, True))) and foreign(notices.say("reloaded", "en", n=2))
    assert foreign(text_of(str(tl.game_tools(undo_check(MookiesEngine(
        [{"name": "A", "youngest": True}, {"name": "B"}], seed=1)), "fr", False))))


def test_counts_dates_and_links_worded_by_the_catalogues():
    assert save_transfer.import_summary({"new": 1, "copies": 0, "already": 2}, "de") == \
        "1 Spiel importiert. 2 waren schon da (dieselben Züge): unverändert gelassen."
    assert save_transfer.exported(0, "a.json", "fr") == "0 partie exportée dans « a.json »."
    assert save_transfer.exported(0, "a.json", "es") == "0 partidas exportadas a «a.json»."
    assert notices.say("reloaded", "en", n=1) == "Game updated from another tab (1 move)."
    assert when_text("2026-12-02T20:28:00Z", NOW, 60, "de") == "heute, 21:28"
    assert when_text("2026-03-12T20:28:00Z", NOW, 0, "es") == "12 de marzo, 20:28"
    assert when_text("2025-03-12T20:28:00Z", NOW, 0, "de") == "12. März 2025, 20:28"
    assert screens.rules_page_url("mindup", "fr", "x") == "rules/mindup.html#rule-x"
    assert screens.rules_page_url("mindup", "es") == "rules/mindup.es.html"
    assert screens.rules_page_url("mindup", "xx") == "rules/mindup.html"  # a language not offered: French
    assert 'href="rules/accessibility.de.html"' in "".join(screens.access_section("de", {}))
    assert [s.name for s in screens.default_seats(MookiesEngine, 2, "es")] == ["Jugador 1", "Robot 1"]
