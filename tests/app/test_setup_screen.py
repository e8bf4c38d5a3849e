"""The static set-up screens (build/setup/<game>.<lang>.html, shown before Python on a first
visit) are exactly what the app draws: built by scripts/build.py from the same code, and each
player count's template equals Python's redraw of the form after that count is chosen."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from ludotheque.games import available, engine_class
from ludotheque.ui import screens
from ludotheque.ui.i18n import offered
from ludotheque.ui.setup_screen import setup_screen, static_setup

LANGS = offered()
from test_screens import _fields_from_form

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = re.compile(r'<template data-count="(\d+)">(.*?)</template>', re.S)


def _build_module():
    spec = importlib.util.spec_from_file_location("ludo_scripts_build_setup_t", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def built_pages(tmp_path_factory):
    """What scripts/build.py writes under build/setup/ for this checkout (in a temporary build/)."""
    out = tmp_path_factory.mktemp("build")
    urls = _build_module().build_setup_pages(ROOT, out)
    return urls, {p.name: p.read_text(encoding="utf-8") for p in (out / "setup").glob("*.html")}


def test_build_writes_one_page_per_game_and_language(built_pages):
    urls, pages = built_pages
    expected = {f"{g}.{lang}.html" for g in available() for lang in LANGS}
    assert set(pages) == expected
    assert urls == sorted(f"build/setup/{name}" for name in expected)


@pytest.mark.parametrize("game", available())
@pytest.mark.parametrize("lang", LANGS)
def test_static_screen_is_what_python_draws_for_every_player_count(built_pages, game, lang):
    cls = engine_class(game)
    templates = {int(n): html for n, html in TEMPLATE.findall(built_pages[1][f"{game}.{lang}.html"])}
    assert sorted(templates) == list(range(cls.MIN_SEATS, cls.MAX_SEATS + 1))
    first = templates[cls.MIN_SEATS]
    # App.open_setup: default seats for the game's smallest table, default options
    assert first == setup_screen(cls, lang, screens.default_seats(cls, lang=lang), {})
    for count, html in templates.items():
        # App.keep_form after the person picks `count` in the untouched first form
        fields = dict(_fields_from_form(first), count=str(count))
        seats, options = screens.form_state(cls, fields)
        typed = cls.MIN_SEATS
        seats = seats[:typed] + screens.default_seats(cls, count, lang)[typed:]
        assert html == setup_screen(cls, lang, seats, options), f"{game} {lang} {count} seats"
        assert html.count('class="seat-row"') == count
        assert f'data-game="{game}"' in html and 'data-submit="start"' in html


def test_static_screen_submits_to_a_valid_game():
    for game in available():
        cls = engine_class(game)
        html = static_setup(cls, "fr")
        seats, options = screens.parse_setup(cls, _fields_from_form(TEMPLATE.search(html).group(2)))
        cls(seats, options=options, seed=3)


def test_built_site_precaches_the_static_screens():
    precache = ROOT / "build" / "precache.json"
    if not precache.exists():
        pytest.skip("build/ missing: run `make build`")
    urls = json.loads(precache.read_text(encoding="utf-8"))
    assert {f"build/setup/{g}.{lang}.html" for g in available() for lang in LANGS} <= set(urls)
    assert "js/setup-early.js" in urls


def test_proposed_names_follow_a_language_switch_and_typed_ones_stay():
    from ludotheque.core.seats import Seat, SeatKind
    from ludotheque.games.mosquito import MosquitoEngine
    from ludotheque.ui.screens import default_seats, relabel_default_names

    seats = default_seats(MosquitoEngine, 3, "fr")
    seats[1] = Seat("Zoé", SeatKind.BOT)
    names = [s.name for s in relabel_default_names(MosquitoEngine, seats, "fr", "en")]
    assert names == ["Player 1", "Zoé", "Bot 2"]
    back = relabel_default_names(MosquitoEngine, relabel_default_names(MosquitoEngine, seats, "fr", "en"), "en", "fr")
    assert [s.name for s in back] == ["Joueur 1", "Zoé", "Robot 2"]
