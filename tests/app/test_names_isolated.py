"""A name or title with bidi controls (U+202E reverses everything after it) or right-to-left
letters never reorders the text around it, on every game's screens and in the saves list:
controls are taken out when a seat is made, and names shown on their own are isolated
(<bdi>, a name class styled `unicode-bidi: isolate`, or FSI…PDI in plain text)."""
from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from ludotheque.bots import choose
from ludotheque.core.seats import BIDI_CONTROLS, Seat
from ludotheque.games import engine_class
from ludotheque.saves import MemoryBackend, SaveStore
from ludotheque.session import Session
from ludotheque.ui import screens
from ludotheque.ui import timeline as tl

ROOT = Path(__file__).resolve().parents[2]
EVIL = "\u202eLéa"  # shown as "aéL" and, without isolation, everything after it reversed too
ARABIC = "عليّ"
OVERRIDES = set(BIDI_CONTROLS) - {"\u2068", "\u2069"}  # FSI…PDI are our own isolation
NAME_CLASSES = {"mookies": "mk-name", "mindup": "mu-name", "mosquito": "msq-name", "masterislands": "mi-name"}


def seats_for(game: str):
    cls = engine_class(game)
    n = cls.MIN_SEATS
    names = [EVIL, ARABIC, "Bot 3", "Bot 4", "Bot 5"][:max(n, 2)]
    seats = [{"name": names[0], "kind": "human", "youngest": True}]
    seats += [{"name": name, "kind": "bot", "level": "easy"} for name in names[1:]]
    return seats


def isolated(html: str, name: str, name_class: str) -> bool:
    pattern = (rf"<bdi>{re.escape(name)}</bdi>|<span class=\"{name_class}\">{re.escape(name)}</span>"
               rf"|\u2068{re.escape(name)}\u2069")
    return re.search(pattern, html) is not None


@pytest.mark.parametrize("game", sorted(NAME_CLASSES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_screen_of_every_game_isolates_names(game, lang):
    cls = engine_class(game)
    engine = cls([Seat.from_dict(s) for s in seats_for(game)], seed=3)
    assert [s.name for s in engine.seats][:2] == ["Léa", ARABIC]  # the override is gone from the seat
    session = Session(engine, "x")
    gui = importlib.import_module(f"ludotheque.ui.{game}")
    pages = []
    for _ in range(12):
        view = engine.view(0)
        board = gui.render(view, lang, {})
        pages.append(screens.game_frame(cls, lang, gui.status_text(view, lang, {}), board, True, False)
                     + tl.move_log(session.history, 0, lang))
        if engine.is_over():
            break
        seat = engine.to_act()[0]
        move = choose(engine, seat)
        session.act(seat, getattr(move, "action", move))
    for html in pages:
        assert not OVERRIDES & set(html)
    names_class = NAME_CLASSES[game]
    for name in ("Léa", ARABIC):
        assert any(isolated(html, name, names_class) for html in pages), (game, name)
    css = (ROOT / "css" / "games.css").read_text(encoding="utf-8")
    rule = re.search(r"([^{}]*)\{\s*unicode-bidi:\s*isolate;\s*\}", css)
    assert rule and f".{names_class}" in rule.group(1)


def test_the_saves_list_isolates_titles_and_strips_stored_controls():
    store = SaveStore(MemoryBackend())
    cls = engine_class("mookies")
    engine = cls([Seat.from_dict(s) for s in seats_for("mookies")], seed=1)
    session = Session(engine, "mookies-1")
    store.save("mookies-1", session.record(), f"{EVIL} · {ARABIC}", "2026-12-01T10:00:00Z", False)
    html = screens.saves_list(store.list(), "fr", {}, True, deleted={"id": "y", "title": "\u202eOld"})
    assert not OVERRIDES & set(html)
    assert f"<bdi>Léa · {ARABIC}</bdi>" in html and "<bdi>Old</bdi>" in html
