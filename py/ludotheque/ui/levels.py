"""What each bot level means, in words a parent understands (shown in the set-up form).

Written once for every game, with a line for the game where a level means something more
(Mosquito PLAF!'s reflexes). The figures behind these words (how often each level wins
against the others) are in docs/performance.md, "Bot levels".
"""
from __future__ import annotations

from typing import Dict, Optional

from ..core.seats import BotLevel
from .html import Raw, el
from .i18n import colon, pick, t

LEVEL_TEXT: Dict[BotLevel, Dict[str, str]] = {
    BotLevel.EASY: {
        "fr": "joue vite et se trompe souvent : un enfant peut le battre.",
        "en": "plays fast and often slips: a child can beat it.",
    },
    BotLevel.NORMAL: {
        "fr": "joue bien, comme un joueur attentif qui connaît les règles.",
        "en": "plays well, like a careful player who knows the rules.",
    },
    BotLevel.HARD: {
        "fr": "réfléchit avant chaque coup : il essaie de nombreuses suites possibles en imaginant "
              "les cartes qu'il ne voit pas (sans jamais regarder les vôtres) et garde la meilleure. "
              "Un vrai défi pour un adulte.",
        "en": "thinks before every move: it tries many possible continuations, imagining the cards "
              "it cannot see (never looking at yours), and keeps the best. A real challenge for a "
              "grown-up.",
    },
}

GAME_NOTE: Dict[str, Dict[str, str]] = {
    "mosquito": {
        "fr": "Ici, le niveau règle aussi ses réflexes : frapper la pile et crier « Moustique ! ».",
        "en": "Here the level also sets its reflexes: slapping the pile and calling “Mosquito!”.",
    },
}


def level_help_id(game_id: str) -> str:
    return f"levels-{game_id}"


def levels_help(game_id: str, lang: str) -> Raw:
    """The three levels explained, one line each (the level menus point to it)."""
    items = [el("li", None, el("strong", None, t(lv.value, lang) + colon(lang).rstrip()), " ",
                pick(LEVEL_TEXT[lv], lang)) for lv in BotLevel]
    note: Optional[Raw] = None
    if game_id in GAME_NOTE:
        note = el("p", None, pick(GAME_NOTE[game_id], lang))
    return el("div", {"class": "levels-help hint", "id": level_help_id(game_id)},
              el("p", None, t("levels_title", lang)), el("ul", None, *items), note)
