"""The set-up screen, and its static copies rendered at build time.

One function draws the set-up screen for the app (web/app.py) and for the build
(scripts/build.py), so the form a person fills before Python has started is the very
form Python would draw: js/setup-early.js shows the static copy on a tap while the
runtime downloads, and Python takes it over, typed values kept, once it is ready.

A static file holds one ``<template data-count="N">`` per player count the game
allows (the form for N seats with the default names), so that changing the count
before Python is ready swaps in the form Python would draw for that count.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Sequence, Type

from ..core.engine import Engine
from ..core.seats import Seat
from .html import Raw, el, join
from .i18n import offered, t
from .screens import default_seats, lang_switch, setup_form

def setup_screen(cls: Type[Engine], lang: str, seats: Sequence[Seat], options: Mapping[str, Any],
                 error: Optional[Mapping[str, str]] = None, embed: bool = False) -> Raw:
    """The set-up screen as the app shows it in #app: a way home (not in an embed) and the form."""
    home = None if embed else Raw(
        f'<button type="button" class="btn btn-ghost" data-action="home">← {t("home", lang)}</button>')
    return el("div", {"class": "setup-screen"}, el("div", {"class": "setup-bar"}, home, lang_switch(lang)),
              setup_form(cls, lang, seats, options, error))


def static_setup(cls: Type[Engine], lang: str) -> str:
    """The file build/setup/<game>.<lang>.html: the screen for every player count, default
    seats and options, each in a template js/setup-early.js can show before Python."""
    parts = []
    for count in range(cls.MIN_SEATS, cls.MAX_SEATS + 1):
        screen = setup_screen(cls, lang, default_seats(cls, count, lang), {})
        parts.append(el("template", {"data-count": count}, screen))
    return f"<!-- set-up screen of {cls.GAME_ID} ({lang}), rendered by scripts/build.py -->\n" + join(parts) + "\n"


def static_setups() -> Dict[str, str]:
    """Every static set-up file, by path under build/ (setup/<game>.<lang>.html)."""
    from ..games import available, engine_class

    return {f"setup/{game}.{lang}.html": static_setup(engine_class(game), lang)
            for game in available() for lang in offered()}


if __name__ == "__main__":  # scripts/build.py: python3 -m ludotheque.ui.setup_screen (in py/)
    import json
    import sys

    json.dump(static_setups(), sys.stdout)
