"""Mind Up!'s options and rule catalogue, as data. Each rule's sentence is the catalogues'
``mindup.rule.<id>`` (locale/*.po); each option's words are ``mindup.option.<name>`` (its
label), ``….help`` and ``….<value>`` (a choice). Rule ids are stable: tests and refusals name them."""
from __future__ import annotations

from ..core.messages import msg
from ..core.options import Option, OptionSet
from ..core.rulebook import Rule, RuleBook, RuleSource
from .mindup_data import OBJECTIVES


def _objectives_words(value: int):
    """The objectives option as a person reads it: "Aucune (sans la variante)", "2 cartes"."""
    return msg("mindup.option.objectives.none") if value == 0 else msg("mindup.option.objectives.count", n=value)


OPTIONS = OptionSet((
    Option(
        name="objectives",
        default=0,
        label="mindup.option.objectives",
        help="mindup.option.objectives.help",
        minimum=0,
        maximum=5,
        words=_objectives_words,
    ),
    Option(
        name="objective_refill",
        default="reshuffle",
        label="mindup.option.objective_refill",
        help="mindup.option.objective_refill.help",
        choices=("reshuffle", "keep"),
        choice_labels={
            "reshuffle": "mindup.option.objective_refill.reshuffle",
            "keep": "mindup.option.objective_refill.keep",
        },
        house_rule=True,
    ),
    # a house rule with one documented resolution: nothing to choose, but named and recorded
    Option(
        name="final_tie",
        default="shared",
        label="mindup.option.final_tie",
        help="mindup.option.final_tie.help",
        choices=("shared",),
        choice_labels={"shared": "mindup.option.final_tie.shared"},
        house_rule=True,
    ),
))

S, F, H = RuleSource.SPEC, RuleSource.FACT, RuleSource.HOUSE

# (rule id, where it comes from, the option that changes it), in the order of the rules page
_RULES = (
    ("players.count", S, ""),
    ("goal.most_points", S, ""),
    ("material.main_cards", S, ""),
    ("material.score_cards", S, ""),
    ("material.objectives", S, ""),
    ("setup.shuffle", S, ""),
    ("setup.deal", S, ""),
    ("setup.centre_row", S, ""),
    ("setup.score_cards", S, ""),
    ("setup.unused_score_cards", S, ""),
    ("setup.score_order_random", S, ""),
    ("setup.score_order_common", S, ""),
    ("play.three_rounds", S, ""),
    ("play.rounds_of_turns", S, ""),
    ("play.win_centre_cards", S, ""),
    ("turn.choose_secretly", S, ""),
    ("turn.reveal_sorted", S, ""),
    ("turn.take_above", S, ""),
    ("place.on_score_card", S, ""),
    ("place.same_colour", S, ""),
    ("place.first_free", S, ""),
    ("place.overlap_visible", S, ""),
    ("turn.played_become_centre", S, ""),
    ("round.end_one_card", S, ""),
    ("round.last_card_placed", S, ""),
    ("round.then_score", S, ""),
    ("score.each_player", S, ""),
    ("score.per_score_card", S, ""),
    ("score.sum", S, ""),
    ("score.bonus_malus", S, ""),
    ("score.sheet", S, ""),
    ("new_round.centre_stays", S, ""),
    ("new_round.take_back", S, ""),
    ("new_round.draw_one", S, ""),
    ("new_round.hand_grows", S, ""),
    ("new_round.new_order", S, ""),
    ("end.after_three", S, ""),
    ("end.total", S, ""),
    ("end.highest_wins", S, ""),
    ("end.tie_last_round", S, ""),
    ("variant.shuffle", S, ""),
    ("variant.reveal_each_round", S, ""),
    ("variant.apply", S, ""),
    ("variant.replace", S, ""),
    ("variant.max_five", S, ""),
    ("fact.colours", F, ""),
    ("fact.bonus", F, ""),
    ("fact.card_points", F, ""),
    ("fact.objective_pairs", F, ""),
    ("fact.objective_ties", F, ""),
    *((f"objective.{i}", F, "") for i in OBJECTIVES),  # one sentence per objective card
    ("house.objective_refill", H, "objective_refill"),
    ("house.final_tie", H, "final_tie"),
)

RULES = RuleBook((Rule(rule_id, source=source, option=option) for rule_id, source, option in _RULES), game="mindup")
