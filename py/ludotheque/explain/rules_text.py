"""How a rules page is laid out around the rule sentences of each game's rulebook: its
sections, which rule ids each gathers, and the catalogue ids of their titles and short
introductions (``rules_page.section.<key>``, ``rules_page.<game>.<key>``: locale/*.po).

The rule sentences themselves come from the engines' rulebooks (the same ones the rules
panel and the tests use), so a page can never list a rule the engine does not play.
A rule whose id matches no section's prefixes lands in "special" (never lost).
"""
from __future__ import annotations

from typing import Dict, List

from ..core.messages import Msg, msg

SECTION_ORDER = ("setup", "turn", "special", "end", "scoring", "house")
# Every game's page has an introduction for these sections; the house rules share one.
INTRO_SECTIONS = ("setup", "turn", "special", "end", "scoring")

# per game: section -> the rule id prefixes it gathers
PLANS: Dict[str, Dict[str, List[str]]] = {
    "mookies": {
        "setup": ["players", "material", "setup"],
        "turn": ["turn", "place", "collection"],
        "special": ["spiders"],
        "end": ["end"],
        "scoring": ["score", "stars"],
        "house": ["house"],
    },
    "mindup": {
        "setup": ["players", "goal", "material", "setup"],
        "turn": ["play", "turn", "place"],
        "special": ["round", "new_round", "variant", "objective", "fact"],
        "end": ["end"],
        "scoring": ["score"],
        "house": ["house"],
    },
    "mosquito": {
        "setup": ["goal", "players", "material", "setup"],
        "turn": ["turn", "play"],
        "special": ["plaf", "call", "deck"],
        "end": ["round", "end"],
        "scoring": ["score"],
        "house": ["house"],
    },
    "masterislands": {
        "setup": ["material", "setup"],
        "turn": ["turn", "discovery", "supply"],
        "special": ["conquest", "team", "corsair"],
        "end": ["end", "victory"],
        "scoring": [],
        "house": ["house"],
    },
}


def section_title(key: str) -> Msg:
    return msg(f"rules_page.section.{key}")


def section_intro(game: str, key: str) -> Msg:
    return msg("rules_page.house_intro") if key == "house" else msg(f"rules_page.{game}.{key}")
