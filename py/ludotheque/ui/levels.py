"""What each bot level means, in words a parent understands (shown in the set-up form).

Written once for every game (``levels.<level>`` in the catalogues), with a line for the game
where a level means something more (``levels.note.<game>``: Mosquito PLAF!'s reflexes). The
figures behind these words (how often each level wins against the others) are in
docs/performance.md, "Bot levels".
"""
from __future__ import annotations

from typing import Optional

from ..core.catalogue import say
from ..core.seats import BotLevel
from .html import Raw, el
from .i18n import colon, t

# a game where a level means something more has its line (levels.note.<game>)
GAMES_WITH_NOTE = ("mosquito",)


def level_help_id(game_id: str) -> str:
    return f"levels-{game_id}"


def levels_help(game_id: str, lang: str) -> Raw:
    """The three levels explained, one line each (the level menus point to it)."""
    items = [el("li", None, el("strong", None, t(lv.value, lang) + colon(lang).rstrip()), " ",
                say(f"levels.{lv.value}", lang)) for lv in BotLevel]
    note: Optional[Raw] = None
    if game_id in GAMES_WITH_NOTE:
        note = el("p", None, say(f"levels.note.{game_id}", lang))
    return el("div", {"class": "levels-help hint", "id": level_help_id(game_id)},
              el("p", None, t("levels_title", lang)), el("ul", None, *items), note)
