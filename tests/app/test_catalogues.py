"""The word catalogues (locale/*.po, docs/translating.md): every catalogue complete, the same
named parameters as French, valid plural forms; every id the page's scripts and index.html
ask for exists; the lookup in Python (core/catalogue.py) and in the page (js/i18n.js, run
here through node) falls back to French and never shows an id; the language order."""
from __future__ import annotations

import json
import re
from html import unescape as html_unescape
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "py"))

import catalogues  # noqa: E402
from ludotheque.core.catalogue import Catalogue, Words, plural_index  # noqa: E402

LANGS = ("fr", "de", "en", "es")


@pytest.fixture(scope="module")
def compiled():
    return {c.lang: c for c in catalogues.compile_all(ROOT)}


def test_every_catalogue_is_complete_with_french_parameters_and_valid_plurals(compiled):
    assert tuple(compiled) == LANGS
    for c in compiled.values():
        assert c.problems == [] and c.untranslated == [], (c.lang, c.problems, c.untranslated)
        assert set(c.messages) == set(compiled["fr"].messages)


def test_a_broken_catalogue_is_reported_not_complete(tmp_path, compiled):
    (tmp_path / "locale").mkdir()
    shutil.copy(ROOT / "locale" / "fr.po", tmp_path / "locale" / "fr.po")
    text = (ROOT / "locale" / "de.po").read_text(encoding="utf-8")
    text = text.replace('msgstr "Zug {ply}/{last}"', 'msgstr "Zug {zug}/{last}"')  # a renamed parameter
    text = text.replace('msgid "viewer.first"\nmsgstr "Anfang"', '#, fuzzy\nmsgid "viewer.first"\nmsgstr "Anfang"')
    text = text.replace('msgstr "Ende"', 'msgstr ""')
    (tmp_path / "locale" / "de.po").write_text(text, encoding="utf-8")
    de = catalogues.compile_all(tmp_path)[1]
    assert not de.complete
    assert any("viewer.count has parameters ['last', 'zug']" in p for p in de.problems)
    assert {"viewer.first", "viewer.last"} <= set(de.untranslated)
    langs = catalogues.languages(catalogues.compile_all(tmp_path))
    # an incomplete catalogue is not offered: French shows instead of a half translation
    assert [(l["code"], l["complete"], l["app"]) for l in langs] == [("fr", True, True), ("de", False, False)]


def test_plural_rules_parse_to_data_and_choose_the_right_form():
    fr = catalogues.parse_plural("(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2")
    assert [plural_index(fr, n) for n in (0, 1, 2, 10, 10 ** 6)] == [0, 0, 2, 2, 1]
    en = catalogues.parse_plural("(n != 1)")
    assert [plural_index(en, n) for n in (0, 1, 2)] == [1, 0, 1]
    pl = catalogues.parse_plural("(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
    assert [plural_index(pl, n) for n in (1, 2, 5, 12, 22, 25, 112)] == [0, 1, 2, 2, 1, 2, 2]
    with pytest.raises(catalogues.CatalogueError):
        catalogues.parse_plural("n != 1; import os")
    assert json.loads(json.dumps(pl)) == pl  # plain data: the page walks it, nothing is evaluated


def parts(name: str) -> str:
    """The sources of build/<name>.js, every part of js/<name>/ (scripts/build.py joins them)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "js" / name).glob("*.js")))


def used_ids() -> set:
    """Every message id the scripts before Python, the viewer and index.html ask for."""
    ids = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', (ROOT / "index.html").read_text(encoding="utf-8")))
    boot = parts("boot")
    ids |= {"boot." + k for k in re.findall(r'\bt\("(\w+)"', boot)}
    stages = re.search(r"STAGE_PROGRESS = \{([^}]*)\}", boot).group(1)
    ids |= {"boot." + k for k in re.findall(r"(\w+):", stages)}  # t(stage)
    ids |= {"boot." + k for k in ("network", "python_error", "script_error", "wasm", "sandbox")}  # fail(reason)
    early = (ROOT / "js" / "setup-early.js").read_text(encoding="utf-8")
    ids |= {"setup." + k for k in re.findall(r'say\("(\w+)"', early)} | {"setup.starting"}
    viewer = parts("explain")
    ids |= {"viewer." + k for k in re.findall(r'\bw\("(\w+)"', viewer) + re.findall(r'progress\("(\w+)"', viewer)}
    ids |= {"viewer." + k for k in ("first", "prev", "next", "last")}
    return ids


def test_every_id_the_page_asks_for_is_in_the_catalogues(compiled):
    ids = used_ids()
    assert len(ids) > 50
    assert sorted(ids - set(compiled["fr"].messages)) == []


def test_the_pages_catalogue_scripts_hold_every_word_the_pages_ask_for_and_no_other(compiled):
    """build/i18n/<lang>.js carries only the words a page shows without Python (PAGE_WORDS; the
    rest is Python's, build/i18n/<lang>.json in the zip): an id asked for outside them would
    show nothing, and the whole catalogue was ~107 KB of blocking script before the app's
    first paint and in every example viewer."""
    ids = used_ids()
    for lang, c in compiled.items():
        page = catalogues.page_words(c.data())["messages"]
        assert sorted(ids - set(page)) == [], lang
        assert all(k.startswith(catalogues.PAGE_WORDS) for k in page), lang
        assert len(page) < len(c.messages) / 10, lang
    built = (ROOT / "build" / "i18n" / "fr.js").read_text(encoding="utf-8")
    assert built == catalogues.as_script("ludoCatalogues", "fr", catalogues.page_words(compiled["fr"].data()))
    assert len(built.encode("utf-8")) < 12_000
    # the lookups that make an id from a prefix and a key (t(), w(), say()): each prefix is a page word
    sources = parts("boot") + parts("explain") + (ROOT / "js" / "setup-early.js").read_text(encoding="utf-8")
    prefixes = set(re.findall(r'\.say\(.*?"([a-z_]+\.)"\s*\+', sources))
    assert prefixes == {"boot.", "viewer.", "setup."}, prefixes
    assert prefixes <= set(catalogues.PAGE_WORDS)


def test_index_html_shows_the_french_catalogue_before_its_script_runs(compiled):
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for msg_id, text in re.findall(r'data-i18n="([^"]+)"[^>]*>([^<]+)<', html):
        assert html_unescape(text.strip()) == compiled["fr"].messages[msg_id], msg_id


def test_python_lookup_falls_back_to_french_and_never_shows_an_id(compiled):
    words = Words({c.lang: Catalogue.from_data(c.data()) for c in compiled.values()})
    words.catalogues["es"].messages.pop("viewer.next")
    assert words.say("viewer.next", "es") == "Coup suivant"
    assert words.say("viewer.count", "de", ply=3, last=12) == "Zug 3/12"
    assert words.say("boot.timeout", "fr", n=1).startswith("Le démarrage ne progresse plus depuis 1 seconde.")
    assert "depuis 0 seconde." in words.say("boot.timeout", "fr", n=0)
    assert "for 0 seconds." in words.say("boot.timeout", "en", n=0)
    assert "seit 60 Sekunden" in words.say("boot.timeout", "de", n=60)
    assert words.say("no.such.id", "de") == ""


NODE_CHECK = r"""
const fs = require("fs");
global.window = {};
global.document = {};
const run = (f) => new Function("window", "document", fs.readFileSync(f, "utf8"))(window, document);
run(process.argv[2] + "/build/i18n/languages.js");
for (const l of ["fr", "es"]) run(process.argv[2] + "/build/i18n/" + l + ".js");
run(process.argv[2] + "/js/i18n.js");
const I = window.ludoI18n;
delete window.ludoCatalogues.es.messages["viewer.prev"];
const app = I.codes("app"), all = I.codes("complete");
console.log(JSON.stringify({
  app, all,
  asked: I.choose(all, "es", "en", ["de-DE"]),
  kept: I.choose(all, null, "en", ["de-DE"]),
  unknownAsked: I.choose(all, "xx", null, ["es-419", "fr"]),
  browser: I.choose(all, null, null, ["pt-BR", "de-AT", "en"]),
  notOffered: I.choose(["fr", "en"], "de", null, ["de-DE", "es"]),
  fallback: I.choose(app, null, null, ["pt"]),
  next: I.say("es", "viewer.next"),
  missing: I.say("es", "viewer.prev"),
  none: I.say("es", "viewer.nothing"),
  count: I.say("es", "viewer.count", {ply: 2, last: 9}),
  one: I.say("es", "boot.timeout", {n: 1}),
  many: I.say("fr", "boot.timeout", {n: 0}),
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_lookup_and_the_language_order_through_node(tmp_path):
    catalogues.build_catalogues(ROOT)
    script = tmp_path / "check.js"
    script.write_text(NODE_CHECK, encoding="utf-8")
    out = json.loads(subprocess.run(["node", str(script), str(ROOT)], capture_output=True, text=True, check=True).stdout)
    assert out["app"] == ["fr", "de", "en", "es"] and out["all"] == ["fr", "de", "en", "es"]
    assert out["asked"] == "es" and out["kept"] == "en" and out["unknownAsked"] == "es" and out["browser"] == "de"
    assert out["notOffered"] == "fr" and out["fallback"] == "fr"
    assert out["next"] == "Jugada siguiente" and out["missing"] == "Coup précédent" and out["none"] == ""
    assert out["count"] == "Jugada 2/9"
    assert "desde hace 1 segundo." in out["one"] and "depuis 0 seconde." in out["many"]


def test_the_screens_words_come_from_the_catalogues():
    from ludotheque.ui.i18n import t
    from ludotheque.ui.screens import lang_switch

    assert (t("start", "fr"), t("start", "en"), t("start", "de"), t("start", "es")) == (
        "Commencer la partie", "Start the game", "Spiel starten", "Empezar la partida")
    assert t("resume", "xx") == "Reprendre"  # a language without a catalogue: French
    html = str(lang_switch("de"))  # a menu of every language, each named in its own words
    assert html.startswith("<select") and 'aria-label="Sprache"' in html and 'data-change="lang"' in html
    for code, label in (("fr", "FR — français"), ("de", "DE — Deutsch"), ("en", "EN — English"), ("es", "ES — español")):
        assert f'lang="{code}"' in html and label in html
    assert '<option value="de" lang="de" selected>' in html


def test_the_languages_offered_come_from_the_catalogues(tmp_path):
    """One list of languages: every complete catalogue, French first; a new language is one
    .po file (here: a copy of the Spanish one as "it"), an incomplete one is not offered."""
    from ludotheque.ui.i18n import offered

    on_disk = sorted(p.stem for p in (ROOT / "locale").glob("*.po"))
    assert offered()[0] == "fr" and sorted(offered()) == on_disk
    (tmp_path / "locale").mkdir()
    for code in ("fr", "en"):
        shutil.copy(ROOT / "locale" / f"{code}.po", tmp_path / "locale" / f"{code}.po")
    shutil.copy(ROOT / "locale" / "es.po", tmp_path / "locale" / "it.po")
    half = (ROOT / "locale" / "de.po").read_text(encoding="utf-8").replace('msgstr "Spiel starten"', 'msgstr ""')
    (tmp_path / "locale" / "de.po").write_text(half, encoding="utf-8")
    langs = catalogues.languages(catalogues.compile_all(tmp_path))
    assert [l["code"] for l in langs if l["app"]] == ["fr", "en", "it"]


def test_every_screen_word_asked_for_is_in_the_catalogues(compiled):
    """t("key", lang) in py/ reads ui.<key>: a key without an entry would show nothing."""
    asked = {key for path in (ROOT / "py" / "ludotheque").rglob("*.py")
             for key in re.findall(r"""\bt\(\s*["'](\w+)["']""", path.read_text(encoding="utf-8"))}
    assert len(asked) > 40
    assert sorted(f"ui.{key}" for key in asked if f"ui.{key}" not in compiled["fr"].messages) == []
