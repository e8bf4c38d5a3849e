"""L'Île des Mookies' rule catalogue and options, as data.

Each rule is an id and its source; its sentence is the catalogue entry ``mookies.rule.<id>``
(locale/*.po), each option's name and help ``mookies.option.<name>[.help]``. House rules
(DECISIONS.md) are options, shown in the rules panel with their value in this game.
"""
from __future__ import annotations

from ..core.options import Option, OptionSet, fixed_house_rule
from ..core.rulebook import Rule, RuleBook, RuleSource
from .mookies_cards import Family

DEFAULT_STARS = {Family.SOLEIL: 3, Family.LUNE: 3, Family.FOSSILE: 2, Family.COQUILLAGE: 2, Family.FEUILLE: 1}


def _stars_option(family: Family) -> Option:
    return Option(
        name=f"stars_{family.value}",
        default=DEFAULT_STARS[family],
        label=f"mookies.option.stars_{family.value}",
        help="mookies.option.stars.help",
        minimum=0,
        maximum=9,
        house_rule=True,
    )


def _fixed_house_rule(name: str, value: str) -> Option:
    """A house rule with one documented resolution: nothing to choose at set-up, but named,
    shown in the rules panel and kept in records, so a later version can offer alternatives."""
    return fixed_house_rule(name, value, f"mookies.option.{name}", f"mookies.option.{name}.help",
                            f"mookies.option.{name}.{value}")


OPTIONS = OptionSet((
    *(_stars_option(f) for f in Family),
    Option(name="easy_memory", default=False, label="mookies.option.easy_memory",
           help="mookies.option.easy_memory.help", house_rule=True),
    Option(name="penalty_choice", default="penalised", label="mookies.option.penalty_choice",
           help="mookies.option.penalty_choice.help", choices=("penalised", "fewest_stars"),
           choice_labels={"penalised": "mookies.option.penalty_choice.penalised",
                          "fewest_stars": "mookies.option.penalty_choice.fewest_stars"},
           house_rule=True),
    _fixed_house_rule("penalty_without_trophy", "nothing"),
    _fixed_house_rule("deck_list", "standard"),
))

H = RuleSource.HOUSE
RULES = RuleBook((
    Rule("players.two"),
    Rule("material.cards"),
    Rule("material.mookies"),
    Rule("material.spiders"),
    Rule("material.families"),
    Rule("material.trophies"),
    Rule("setup.two_piles"),
    Rule("turn.youngest_starts"),
    Rule("turn.take_top"),
    Rule("turn.both_faces"),
    Rule("turn.reveals_next"),
    Rule("turn.one_face"),
    Rule("place.mookie_own"),
    Rule("place.spider_opponent"),
    Rule("collection.pile"),
    Rule("collection.no_peeking"),
    Rule("end.pile_empty"),
    Rule("end.rest_set_aside"),
    Rule("end.no_trophy_during_play"),
    Rule("score.played_faces_only"),
    Rule("score.majority"),
    Rule("score.family_tie"),
    Rule("score.legendary_double"),
    Rule("spiders.after_trophies"),
    Rule("spiders.most_returns_one"),
    Rule("spiders.tie"),
    Rule("spiders.no_immediate"),
    Rule("stars.sum"),
    Rule("stars.returned_worth_nothing"),
    Rule("stars.tie_youngest"),
    Rule("house.stars_per_trophy", source=H, option="stars_soleil"),
    Rule("house.stars_lune", source=H, option="stars_lune"),
    Rule("house.stars_fossile", source=H, option="stars_fossile"),
    Rule("house.stars_coquillage", source=H, option="stars_coquillage"),
    Rule("house.stars_feuille", source=H, option="stars_feuille"),
    Rule("house.deck_list", source=H, option="deck_list"),
    Rule("house.penalty_without_trophy", source=H, option="penalty_without_trophy"),
    Rule("house.penalty_choice", source=H, option="penalty_choice"),
    Rule("house.easy_memory", source=H, option="easy_memory"),
), game="mookies")
