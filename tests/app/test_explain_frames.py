"""Explainer kit without a browser: annotations, highlights, frames, the render command and
the rules pages (py/ludotheque/explain/, ui/highlight.py)."""
from __future__ import annotations

import json
from html import escape
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.core.catalogue import say as catalogue_say
from ludotheque.core.record import Record, RecordError
from ludotheque.explain import annotations
from ludotheque.explain.frames import FORMAT, render_frames, to_script
from ludotheque.explain.rules_pages import build_pages, load_examples, page, page_langs, page_name, section_of
from ludotheque.explain.rules_text import INTRO_SECTIONS, SECTION_ORDER
from ludotheque.games import GAMES, engine_class
from ludotheque.games.replay import replay
from ludotheque.ui import screens
from ludotheque.ui.highlight import Highlights, mark

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"


def golden(game: str, name: str) -> Record:
    return Record.from_json((GOLDEN / game / f"{name}.json").read_text(encoding="utf-8"))


def test_highlight_marks_only_the_named_elements():
    html = ('<div class="mk-pile" data-pile="1"><span data-face="lune" class="mk-card">x</span></div>'
            '<section data-seat="1"><button data-seat="1">call</button></section><div data-cell="2,0"></div>')
    out = mark(html, Highlights.from_dict({"piles": ["1"], "seats": [1], "line": ["2,0"]}))
    assert 'class="mk-pile hl"' in out
    assert '<section data-seat="1" class="hl">' in out
    assert '<button data-seat="1">' in out  # a button acting for a seat is not the seat's area
    assert 'data-cell="2,0" class="hl hl-line"' in out
    assert 'class="mk-card"' in out  # not named
    assert mark(html, Highlights()) == html


def test_annotations_are_checked():
    rec = golden("mookies", "family_tie")
    rec.meta = {"annotations": {"0": {"fr": "début", "en": "start", "piles": [1]}, "2": {"en": "only english"},
                                "3": {"de": "Anfang", "es": "inicio"}, "4": {"note": {"id": "example.mookies.spider.0"}}}}
    parsed = annotations.parse(rec)
    assert parsed[0].note("en") == "start" and parsed[2].note("fr") == "only english"
    assert parsed[0].note("de") == "début"  # an author's note not written in German: the French one
    assert parsed[3].note("de") == "Anfang" and parsed[3].note("es") == "inicio"
    assert parsed[4].note("es").startswith("Empieza Alice") and parsed[4].note("de").startswith("Alice fängt an")
    for bad in ({"99": {"fr": "x"}}, {"x": {}}, {"1": {"colour": "red"}}, {"1": {"cards": "lune"}}, [],
                {"1": {"xx": "no such language"}}, {"1": {"de": 3}}, {"1": {"note": "text"}},
                {"1": {"note": {"id": "ui.home"}}}):
        rec.meta = {"annotations": bad}
        with pytest.raises(RecordError) as err:
            annotations.parse(rec)
        for lang in page_langs():
            assert err.value.message(lang)  # a clear message in every language, never empty


@pytest.mark.parametrize("game", sorted(GAMES))
def test_frames_replay_every_ply_with_the_game_screen(game):
    for ex in load_examples(ROOT, game):
        doc = render_frames(ex.record, "en")
        spec = ex.record.meta["explain"]
        assert doc["format"] == FORMAT and doc["game"] == game
        assert [f["ply"] for f in doc["frames"]] == list(range(spec["from"], spec["to"] + 1))
        assert all(f"game-{game}" in f["html"] for f in doc["frames"])
        # every annotated ply carries its note, and what it names is drawn highlighted
        for ply, ann in annotations.parse(ex.record).items():
            frame = next(f for f in doc["frames"] if f["ply"] == ply)
            assert frame["note"] == ann.note("en") and frame["note"]
            if ann.highlights:
                assert " hl" in frame["html"] or '"hl' in frame["html"], (ex.name, ply)
        # the link opens the same game with its title and notes (the app's replay shows
        # them), and nothing else of meta
        back = Record.from_url_fragment(doc["record"])
        assert back.moves == ex.record.moves
        assert set(back.meta) <= {"title", "annotations"}
        # the site's notes (catalogue messages) travel worded in the frames' language
        sent = back.meta.get("annotations") or {}
        assert sent.keys() == (ex.record.meta.get("annotations") or {}).keys()
        for ply, ann in annotations.parse(ex.record).items():
            assert sent[str(ply)].get("en") == ann.note("en")


def test_frame_moves_are_described_by_the_engine():
    doc = render_frames(golden("mosquito", "example_65"), "fr")
    assert doc["frames"][0]["move"] == ""
    assert doc["frames"][1]["move"].startswith("Alice joue 6/3")
    assert "Bruno" in doc["frames"][2]["move"]


def test_ply_window_and_limits():
    rec = golden("mookies", "family_tie")
    doc = render_frames(rec, "fr", first=2, last=4, seat=1)
    assert [f["ply"] for f in doc["frames"]] == [2, 3, 4] and doc["seat"] == 1
    with pytest.raises(RecordError):
        render_frames(rec, "fr", first=5, last=2)
    with pytest.raises(RecordError):
        render_frames(rec, "fr", seat=7)
    with pytest.raises(RecordError):
        render_frames(rec, "xx")  # a language no catalogue has
    assert render_frames(rec, "es", first=2, last=3)["lang"] == "es"


def test_render_command_writes_json_js_and_html(tmp_path):
    src = ROOT / "assets" / "examples" / "mosquito" / "race.json"
    env = {"PYTHONPATH": str(ROOT / "py")}
    for name, extra in (("race.json", []), ("race.js", []), ("race.html", ["--html"])):
        out = tmp_path / name
        subprocess.run([sys.executable, "-m", "ludotheque", "render", str(src), "--lang", "en", "-o", str(out), *extra],
                       check=True, env=env, cwd=ROOT, capture_output=True)
        text = out.read_text(encoding="utf-8")
        if name.endswith(".json"):
            assert json.loads(text)["frames"][5]["note"].startswith("Time is up")
        elif name.endswith(".js"):
            assert text.startswith("ludoFrames({") and "</script" not in text
        else:
            assert 'id="ludo-frames"' in text and "function" in text and "<link" not in text
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ludotheque-record", "version": 1, "game": "mookies", "seats": [], "meta": {"annotations": {"x": 1}}}')
    run = subprocess.run([sys.executable, "-m", "ludotheque", "render", str(bad)], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.startswith("erreur : ")  # no locale set: French, one line
    assert run.stderr.count("\n") == 1


def test_script_form_cannot_close_the_script_tag():
    rec = golden("mookies", "family_tie")
    rec.meta = {"annotations": {"1": {"fr": "</script><b>", "en": "x"}}}
    assert "</script>" not in to_script(render_frames(rec, "fr"))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_page_has_every_rule_every_section_and_its_examples(game):
    examples = load_examples(ROOT, game)
    assert len(examples) >= 2
    for lang in page_langs():
        html = page(game, lang, examples)
        for rule in engine_class(game).describe()["rules"]:
            assert f'id="rule-{rule["id"]}"' in html
        for section in ("setup", "turn", "special", "end", "house"):
            assert f'<section id="{section}"' in html
        for ex in examples:
            assert f"src=build/examples/{game}/{ex.name}.{lang}.js" in html
            assert section_of(ex.rules[0], game) in html
    assert 'href="mookies.en.html"' in page("mookies", "fr", [])
    assert 'href="mookies.html?lang=fr"' in page("mookies", "en", [])
    assert 'href="mookies.es.html"' in page("mookies", "de", []) and 'hreflang="de" href="mookies.de.html"' in page("mookies", "es", [])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rules_page_exists_in_every_complete_language_with_no_empty_section(game, tmp_path):
    """rules/<game>.html and rules/<game>.<lang>.html for every complete catalogue (de and es
    among them), each section with a title and something in it, in the page's language."""
    import re

    langs = page_langs()
    assert {"fr", "en", "de", "es"} <= set(langs)
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    written = build_pages(tmp_path)
    for lang in langs:
        rel = f"rules/{page_name(game, lang)}"
        assert rel in written and f"rules/{'accessibility.html' if lang == 'fr' else f'accessibility.{lang}.html'}" in written
        html = (tmp_path / rel).read_text(encoding="utf-8")
        assert f'<html lang="{lang}">' in html
        sections = re.findall(r'<section id="(\w+)" class="rp-section">(.*?)</section>', html, re.S)
        assert [key for key, _ in sections] == [k for k in SECTION_ORDER if k in dict(sections)]
        for key, body in sections:
            title = re.search(r"<h2>(.*?)</h2>", body).group(1)
            assert title == escape(catalogue_say(f"rules_page.section.{key}", lang)) and title, (lang, key)
            rest = re.sub(r"<h2>.*?</h2>", "", body)
            assert re.search(r"<li |<p class=\"rp-intro\">[^<]|<figure", rest), (game, lang, key)
        for key in INTRO_SECTIONS:
            assert escape(catalogue_say(f"rules_page.{game}.{key}", lang)) in html, (lang, key)
        for ex in load_examples(ROOT, game):
            assert f"src=build/examples/{game}/{ex.name}.{lang}.js" in html
            assert (tmp_path / ex.frames_path(lang)).is_file()


def test_build_pages_writes_frames_and_pages(tmp_path):
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    written = build_pages(tmp_path)
    assert "rules/mindup.en.html" in written and "build/examples/mosquito/race.fr.js" in written
    assert (tmp_path / "build/examples/mosquito/race.fr.js").read_text(encoding="utf-8").startswith("ludoFrames(")


def test_rules_panel_links_each_rule_to_its_section():
    cls = engine_class("mosquito")
    html = screens.rules_panel(cls, "en")
    assert 'href="rules/mosquito.en.html#rule-plaf.wrong_hand"' in html
    assert 'href="rules/mosquito.en.html"' in html
    assert 'href="rules/mosquito.html#rule-plaf.wrong_hand"' in screens.rules_panel(cls, "fr")


# The pages' Content-Security-Policies (explain.html's hash included): tests/app/test_page_policies.py

@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rules_page_has_three_examples_in_every_language(game):
    """The site's examples take their titles and notes from the catalogues
    (example.<game>.<name>.*): every language has them, each its own words."""
    examples = load_examples(ROOT, game)
    assert len(examples) >= 3, [ex.name for ex in examples]
    for ex in examples:
        assert ex.record.meta["rules"], ex.name
        notes = annotations.parse(ex.record)
        assert notes and all(a.message is not None and not a.texts for a in notes.values()), ex.name
        for lang in page_langs():
            assert ex.title(lang), (ex.name, lang)
            assert all(a.note(lang) for a in notes.values()), (ex.name, lang)
        for lang in set(page_langs()) - {"fr"}:  # translated, not the French fallback
            assert ex.title(lang) != ex.title("fr") or lang == "en", (ex.name, lang)
            assert [a.note(lang) for a in notes.values()] != [a.note("fr") for a in notes.values()], (ex.name, lang)


# What a still never shows (ui/still.py): a prompt, an overlay, a control, a thinking bot.
STILL_NEVER = ("<button", "data-action=", "data-slap=", 'data-testid="handover"', 'data-testid="privacy"',
               'data-testid="unlock"', "msq-overlay", 'role="dialog"', "mi-zoom", "msq-keys", "mi-hint",
               "table-view")


def golden_records():
    for path in sorted(GOLDEN.glob("*/*.json")):
        try:
            record = Record.from_json(path.read_text(encoding="utf-8"))
            replay(record)
        except Exception:  # the golden illegal-move records stop early: not positions
            continue
        yield path.stem, record


@pytest.mark.parametrize("lang", ["fr", "en", "es"])
def test_every_frame_and_replay_position_is_a_still(lang):
    """Every example frame, and every golden record at several plies drawn as the app's replay
    draws it: no prompt, no overlay, no live control, nobody "thinking"."""
    from ludotheque.ui import timeline as tl

    checked = 0
    for game in sorted(GAMES):
        for ex in load_examples(ROOT, game):
            for frame in render_frames(ex.record, lang)["frames"]:
                assert not [k for k in STILL_NEVER if k in frame["html"]], (ex.name, frame["ply"])
                assert "réfléchit" not in frame["status"] and "thinking" not in frame["status"]
                checked += 1
    for name, record in golden_records():
        gui = __import__(f"ludotheque.ui.{record.game}", fromlist=["render"])
        n = len(record.moves)
        for ply in sorted({0, 1, n // 3, n // 2, (2 * n) // 3, n - 1, n} - {-1}):
            rp = tl.Replay.open(record, ply, "record")
            board, status = tl.replay_screen(rp, gui, lang)
            inside = board[board.index('data-testid="replay-board"'):]
            assert not [k for k in STILL_NEVER if k in inside], (name, ply)
            assert "réfléchit" not in status and "thinking" not in status, (name, ply, status)
            checked += 1
    assert checked > 200
