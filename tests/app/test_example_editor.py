"""The example editor without a browser (issue #24): the draft, the rules it enforces (all
cards only for a finished game, neutral names, the frame limit), what it exports, the drafts
kept in storage and the editor's screen."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ludotheque.core.messages import say

from ludotheque.bots import choose, play_bots
from ludotheque.core.record import Record, RecordError
from ludotheque.explain import annotations
from ludotheque.explain import editor_screen as ui
from ludotheque.explain.draft import ALL, PUBLIC, AllCardsRefused, Draft
from ludotheque.explain.drafts import DRAFT_PREFIX, DraftStore
from ludotheque.explain.frames import MAX_FRAMES, render_frames
from ludotheque.explain.snippet import needed_files, page, snippet
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import PREFIX, MemoryBackend
from ludotheque.ui.html import Raw

ROOT = Path(__file__).resolve().parents[2]
PILE_1_LIT = re.compile(r'<div class="mk-pile[^"]*\bhl\b[^"]*"[^>]*data-pile="1"')


def mookies(plies: int = 6) -> Record:
    e = MookiesEngine([{"name": "Ana", "kind": "human", "youngest": True},
                       {"name": "Zoé", "kind": "bot", "level": "easy"}], seed=9)
    for _ in range(plies):
        e.apply(choose(e, e.to_act()[0]))
    return e.record(meta={"display": {"ply": plies}})


def finished_mind_up() -> Record:
    e = MindUpEngine([{"name": n, "kind": "bot", "level": "easy"} for n in ("Léa", "Max", "Noé")], seed=5)
    play_bots(e)
    return e.record()


def test_a_game_becomes_a_draft_with_neutral_names_and_no_meta():
    d = Draft.start("ex1", mookies(), "fr", ply=2)
    assert [s.name for s in d.record.seats] == ["Joueur 1", "Joueur 2"]
    assert d.ply == 2 and (d.first, d.last) == (0, 6) and d.view == PUBLIC
    out = d.to_record()
    assert "display" not in out.meta and "Ana" not in out.to_json() and "Zoé" not in out.to_json()
    assert [s.name for s in Draft.start("ex2", mookies(), "en").record.seats] == ["Player 1", "Player 2"]


def test_renaming_the_seats_changes_what_the_reader_sees():
    d = Draft.start("ex", mookies(), "fr", ply=3)
    d.rename(0, "  Capitaine   Crochet ")
    d.rename(1, "")  # an empty name goes back to the neutral one, never to the real one
    assert [s.name for s in d.record.seats] == ["Capitaine Crochet", "Joueur 2"]
    doc = d.frames("fr")
    assert "Capitaine Crochet" in doc["frames"][0]["html"] and "Ana" not in json.dumps(doc)
    assert Record.from_url_fragment(doc["record"]).seats[0].name == "Capitaine Crochet"
    with pytest.raises(RecordError):
        d.rename(5, "x")
    d.rename(0, "x" * 100)
    assert len(d.record.seats[0].name) == 40


def test_notes_per_language_and_highlights_go_into_the_annotations():
    d = Draft.start("ex", mookies(), "fr", ply=3)
    d.set_note("fr", "Regarde le paquet 1.")
    d.set_note("en", "Look at pile 1.")
    assert d.toggle("piles", "1") is True
    d.toggle("seats", "0")
    assert d.toggle("seats", "0") is False  # a second tap takes it off
    d.go(0)
    d.set_note("fr", "Début.")
    d.set_note("fr", "")  # an emptied note leaves nothing behind
    d.set_title("fr", "Le paquet 1")
    rec = d.to_record()
    assert rec.meta["annotations"] == {"3": {"fr": "Regarde le paquet 1.", "en": "Look at pile 1.", "piles": ["1"]}}
    assert rec.meta["title"] == {"fr": "Le paquet 1"} and rec.meta["explain"] == {"from": 0, "to": 6, "seat": None}
    parsed = annotations.parse(rec)  # what the exports are made from is a valid annotated record
    assert parsed[3].note("en") == "Look at pile 1." and parsed[3].highlights.piles == {"1"}
    d.set_note("de", "Schau auf Stapel 1.", ply=3)  # any language of the catalogues, kept side by side
    d.set_note("es", "Mira el mazo 1.", ply=3)
    notes3 = annotations.parse(d.to_record())[3]
    assert (notes3.note("de"), notes3.note("es"), notes3.note("fr")) == ("Schau auf Stapel 1.", "Mira el mazo 1.", "Regarde le paquet 1.")
    assert Draft.from_record("again", d.to_record()).note("de", ply=3) == "Schau auf Stapel 1."
    with pytest.raises(RecordError):
        d.set_note("xx", "no catalogue for this language")
    with pytest.raises(RecordError):
        d.toggle("spoons", "1")


def test_exports_are_the_render_commands_output():
    d = Draft.start("ex", mookies(), "fr", ply=3)
    d.set_note("fr", "Regarde le paquet 1.")
    d.toggle("piles", "1")
    d.set_range(1, 4)
    doc = d.frames("fr")
    assert doc == render_frames(d.to_record(), "fr")  # one code path: the same Python as `render`
    assert [f["ply"] for f in doc["frames"]] == [1, 2, 3, 4]
    frame3 = doc["frames"][2]
    assert frame3["note"] == "Regarde le paquet 1." and PILE_1_LIT.search(frame3["html"])
    # the .html page: the same text from files read on disk or handed in (as the page does)
    files = {rel: (ROOT / rel).read_text(encoding="utf-8") for rel in needed_files(doc)}
    assert page(doc, files.__getitem__, "https://example.org/ludo/") == snippet(doc, ROOT, "https://example.org/ludo/")
    # the annotated record comes back as the same draft
    back = Draft.from_record("again", Record.from_json(d.to_record().to_json()))
    assert (back.first, back.last, back.notes, back.marks) == (1, 4, d.notes, d.marks)
    assert ui.iframe_snippet(d, "fr").startswith('<iframe src="mon-exemple.html"')
    d.set_title("fr", "L'araignée, élue !")
    assert ui.file_stem(d, "fr") == "l-araignee-elue"


def test_all_cards_only_for_a_finished_game():
    d = Draft.start("ex", mookies(), "fr")
    with pytest.raises(AllCardsRefused):
        d.set_view(ALL)
    assert d.view == PUBLIC
    # the rule holds in the shared code, whatever a crafted record says
    rec = d.to_record()
    rec.meta["explain"]["all"] = True
    with pytest.raises(RecordError):
        render_frames(rec, "fr")
    with pytest.raises(RecordError):
        Draft.from_record("crafted", rec)
    done = Draft.start("ex", finished_mind_up(), "en")
    assert done.over
    done.set_view(ALL)
    done.set_range(0, 3)
    doc = done.frames("en")
    assert all('data-testid="all-cards"' in f["html"] for f in doc["frames"])
    done.set_view("seat/1")
    assert done.to_record().meta["explain"]["seat"] == 1
    with pytest.raises(RecordError):
        done.set_view("seat/9")


def test_the_range_stays_within_the_game_and_the_frame_limit():
    d = Draft.start("ex", mookies(), "fr")
    d.set_range(first=4)
    assert (d.first, d.last) == (4, 6)
    d.set_range(last=2)
    assert (d.first, d.last) == (2, 2)
    d.set_range(last=99)
    assert d.last == 6
    long = Draft.start("ex", finished_mind_up(), "fr")
    long.set_range(0, long.plies)
    assert long.last - long.first + 1 == min(long.plies + 1, MAX_FRAMES)


def test_drafts_are_kept_under_our_prefix_and_a_bad_one_hides_nothing():
    backend = MemoryBackend()
    store = DraftStore(backend)
    d = Draft.start("example-1", mookies(), "fr", ply=3)
    d.set_note("fr", "Note.")
    assert store.save(d, "2026-12-04T10:00:00Z")
    assert DRAFT_PREFIX.startswith(PREFIX) and DRAFT_PREFIX + "example-1" in backend.data
    backend.data[DRAFT_PREFIX + "broken"] = "{not json"
    backend.data[PREFIX + "save/g1"] = "{}"  # a saved game is not a draft
    entries = store.list()
    assert [e.id for e in entries] == ["example-1", "broken"]
    good = store.load("example-1")
    assert good.readable and good.draft.ply == 3 and good.draft.note("fr") == "Note." and good.notes == 1
    assert not entries[1].readable and all(say(entries[1].problem, lang) for lang in ("fr", "en", "de", "es"))
    store.delete("broken")
    assert DRAFT_PREFIX + "broken" not in backend.data and PREFIX + "save/g1" in backend.data
    assert not store.load("nope").readable
    full = DraftStore(MemoryBackend(quota=10))
    assert full.save(d, "now") is False  # storage full: said, not thrown


def test_the_editor_screen_marks_what_can_be_tapped_and_plays_nothing():
    d = Draft.start("ex", mookies(), "fr", ply=3)
    d.toggle("piles", "1")
    html = ui.editor_screen(d, "fr", (600, 400), False, Raw(""))
    board = html.split('id="ed-board"', 1)[1].split('class="ed-side', 1)[0]
    assert 'data-action="move/' not in board  # a tap on the board highlights, never plays
    assert PILE_1_LIT.search(board)
    assert ('piles', '1') in ui.markable(html) and ('seats', '0') in ui.markable(html)
    for action in ("export-example-html", "export-example-json", "export-example-record", "ed/next", "ed/first"):
        assert f'data-action="{action}"' in html
    assert 'name="note"' in html and 'lang="fr"' in html and 'data-ply="3"' in html
    assert '<option value="all" disabled>' in html  # not finished: all cards is not offered
    for x, y in ui.SIZES:
        assert f'data-action="ed/size/{x}x{y}"' in html
    en = ui.editor_screen(d, "en", (300, 300), True, Raw(""))
    assert "Make an example" in en and 'width="300"' in en
    for code in ("fr", "de", "es"):  # every other language's note field, side by side, once asked for
        assert f'data-testid="ed-note-{code}"' in en
    assert 'data-testid="ed-note-en"' not in ui.editor_screen(d, "fr", (300, 300), False, Raw(""))
    es = ui.editor_screen(d, "es", (300, 300), False, Raw(""))
    assert "Crear un ejemplo" in es and "Nota de esta jugada (español)" in es and "Jugada 3 de" in es
    assert "Jugador 1" in ui.editor_screen(Draft.start("ex3", mookies(), "es", ply=1), "es", (300, 300), False, Raw(""))
    assert "Noch kein Beispiel" in ui.drafts_list(DraftStore(MemoryBackend()).list(), "de", {})
    listed = ui.drafts_list(DraftStore(MemoryBackend()).list(), "fr", {})
    assert "Aucun exemple" in listed


def test_the_apps_replay_shows_the_notes_of_an_annotated_record():
    from ludotheque.ui import mookies as gui
    from ludotheque.ui.timeline import Replay, replay_screen

    d = Draft.start("ex", mookies(), "fr", ply=3)
    d.set_note("fr", "Regarde le paquet 1.")
    d.set_note("en", "Look at pile 1.")
    d.toggle("piles", "1")
    rp = Replay.open(d.to_record(), 3, "record")
    html, _ = replay_screen(rp, gui, "en")
    assert 'data-testid="tl-note">Look at pile 1.</p>' in html and PILE_1_LIT.search(html)
    rp.go(2)
    html, _ = replay_screen(rp, gui, "en")
    assert "tl-note" not in html and not PILE_1_LIT.search(html)


def test_choosing_the_cards_dealt_starts_a_new_game_the_engine_checked():
    from ludotheque.explain import deals
    from ludotheque.games.replay import start

    d = Draft.start("ex", mookies(), "fr")
    parts = deals.parts(d.record)
    assert [p.key for p in parts] == ["pile1", "pile2"] and sum(len(p.codes) for p in parts) == 36
    html = ui.editor_screen(d, "fr", (600, 400), False, Raw(""))
    assert 'name="deal-pile1"' in html and 'data-action="ed/deal"' in html
    new = deals.dealt(d.record, {"deal-pile1": "araignee/lune, soleil/lune", "deal-pile2": "lune*/coquillage"}, "fr")
    assert new.deck == {"piles": [["araignee/lune", "soleil/lune"], ["lune*/coquillage"]]} and new.moves == []
    assert all(not s.is_bot for s in new.seats) and new.seats[1].name == "Joueur 2"
    assert start(new).view(None)["piles"][0]["top"] == "araignee"
    with pytest.raises(RecordError):
        deals.dealt(d.record, {"deal-pile1": "dragon/lune", "deal-pile2": "lune/fossile"}, "fr")
    with pytest.raises(RecordError):  # more Moons than the game has
        deals.dealt(d.record, {"deal-pile1": " ".join(["lune*/coquillage"] * 9), "deal-pile2": "lune/fossile"}, "fr")
    mi = Record.from_json((ROOT / "assets/examples/masterislands/chain.json").read_text(encoding="utf-8"))
    keys = [p.key for p in deals.parts(mi)]
    assert keys == ["start", "hand1", "hand2", "draw"]
    new = deals.dealt(mi, {"deal-start": "R3", "deal-hand1": "G1 B4 Y2", "deal-hand2": "R5 G2 B1",
                           "deal-draw": "Y5 G3"}, "en")
    assert new.deck == {"start": "R3", "hands": [["G1", "B4", "Y2"], ["R5", "G2", "B1"]], "draw": ["Y5", "G3"]}
    mind_up = Draft.start("ex", finished_mind_up(), "fr")
    assert [p.key for p in deals.parts(mind_up.record)] == ["hand1", "hand2", "hand3", "centre", "draw"]
    assert 'name="deal-centre"' in ui.editor_screen(mind_up, "fr", (600, 400), False, Raw(""))


@pytest.mark.parametrize("game", ["mookies", "mindup", "mosquito", "masterislands"])
def test_the_editor_works_for_every_game(game):
    from ludotheque.explain.rules_pages import load_examples
    from ludotheque.routes import Route, parse

    ex = load_examples(ROOT, game)[0]
    plain = replace_meta(ex.record)
    d = Draft.start(f"{game}-ex", plain, "en", ply=1)
    assert all(s.name.startswith("Player ") for s in d.record.seats)
    html = ui.editor_screen(d, "en", (1024, 768), False, Raw(""))
    kinds = {k for k, _ in ui.markable(html)}
    assert kinds & {"cards", "piles", "cells", "seats"}, kinds
    kind, ident = ui.markable(html)[0]
    d.toggle(kind, ident)
    d.set_note("en", "Look.")
    assert d.frames("en")["frames"][1]["note"] == "Look."
    assert parse(Route("draft", d.id, 1).to_hash()) == Route("draft", d.id, 1)


def replace_meta(record: Record) -> Record:
    """The example as a plain game (what "Créer un exemple" gets from a game screen)."""
    from dataclasses import replace

    return replace(record, meta={})


def test_an_annotated_record_opened_again_keeps_the_rules_it_illustrates():
    """meta.rules places a site example on its rules page: editing the example and exporting
    it again must not drop them."""
    site = Record.from_json((ROOT / "assets/examples/mookies/spider.json").read_text(encoding="utf-8"))
    assert site.meta.get("rules")
    draft = Draft.start("d1", site)
    draft.set_note("fr", "Une note de plus.", ply=1)
    again = Draft.from_dict(json.loads(json.dumps(draft.to_dict())))
    assert again.to_record().meta["rules"] == site.meta["rules"]
    fresh = Draft.start("d2", mookies())  # a plain game: nothing to keep
    assert "rules" not in fresh.to_record().meta
