"""Mosquito PLAF!'s catalogue as data: the cards (plain strings: "65", "M7", "N3") and what
they mean, the scoring numbers, the options and the rule book. Kept apart from the engine
so the rules panel, the set-up form, the view and the bots read the box without the turn
and race logic.

No words here: a card's name, an option's label and a rule's sentence are message ids of the
catalogues (``mosquito.card.*``, ``mosquito.option.*``, ``mosquito.rule.<rule id>``).
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..core.messages import Msg, msg
from ..core.options import Option, OptionSet
from ..core.rulebook import Rule, RuleBook, RuleSource

HAND_SIZE = 7
DOMINOES: Tuple[str, ...] = tuple(f"{a}{b}" for a in range(1, 10) for b in range(a))
MOSQUITOES: Tuple[str, ...] = tuple(f"M{d}" for d in range(10))
NETS: Tuple[str, ...] = tuple(f"N{d}" for d in range(10))
ALL_CARDS: Tuple[str, ...] = DOMINOES + MOSQUITOES + NETS
CARD_INDEX: Dict[str, int] = {c: i for i, c in enumerate(ALL_CARDS)}
EMPTY_HAND_POINTS = -10
NET_POINTS = 10
FALSE_SLAP_CARDS = 3
WRONG_HAND_CARDS = 3
CAUGHT_CARDS = 1
TOP, BOTTOM = 0, 1  # digit positions on a Domino card: "65" is 6 on top, 5 below


# -- cards (plain strings: "65", "M7", "N3") -----------------------------------------------
def is_domino(card: str) -> bool:
    return card[0] not in "MN"


def is_mosquito(card: str) -> bool:
    return card[0] == "M"


def is_net(card: str) -> bool:
    return card[0] == "N"


def card_value(card: str) -> int:
    """Points of a card left in hand: Domino = sum of its digits, Mosquito = its digit, Net = 10."""
    if card[0] == "N":
        return NET_POINTS
    if card[0] == "M":
        return int(card[1])
    return int(card[0]) + int(card[1])


def fits(card: str, top: str) -> bool:
    """May `card` be played alone on `top`? After a Net or a Mosquito card only its digit counts."""
    kind = card[0]
    if kind == "N":
        return True
    if top[0] in "MN":
        digit = top[1]
        return card[1] == digit if kind == "M" else digit in card
    return card[1] in top if kind == "M" else (card[0] in top or card[1] in top)


def modes(top: str) -> List[Tuple[str, int]]:
    """(digit, position) pairs a group of several Dominoes may share on `top`."""
    if top[0] in "MN":
        return [(top[1], TOP), (top[1], BOTTOM)]
    return [(top[0], TOP), (top[1], BOTTOM)]


def card_name(card: str) -> Msg:
    """A card as people name it: "6/5", "Moustique 7", "Moustiquaire 3"."""
    if card[0] == "M":
        return msg("mosquito.card.mosquito", digit=card[1])
    if card[0] == "N":
        return msg("mosquito.card.net", digit=card[1])
    return msg("mosquito.card.domino", top=card[0], bottom=card[1])


def sort_cards(cards: Sequence[str]) -> List[str]:
    return sorted(cards, key=CARD_INDEX.__getitem__)


def expected_hand(digit: int) -> str:
    """Even digit: right hand; odd digit: left hand."""
    return "R" if digit % 2 == 0 else "L"


# -- options ----------------------------------------------------------------------------
def _option(name: str, default, choices=None, **rest) -> Option:
    """An option whose words are the catalogues' ``mosquito.option.<name>`` (its label),
    ``….help`` and ``….<value>`` (each choice's label)."""
    key = f"mosquito.option.{name}"
    labels = {c: f"{key}.{c}" for c in choices} if choices is not None else None
    return Option(name=name, default=default, label=key, help=key + ".help", choices=choices,
                  choice_labels=rest.pop("choice_labels", labels), **rest)


def _fixed(name: str, value: str) -> Option:
    """A house rule with one documented resolution: nothing to choose at set-up, but named,
    shown in the rules panel and kept in records, so a later version can offer alternatives."""
    return _option(name, value, (value,), house_rule=True)


OPTIONS = OptionSet((
    _option("rounds", 4, (4, 8, 12),
            choice_labels={n: msg("mosquito.option.rounds.value", n=n) for n in (4, 8, 12)}),
    _option("slap_window_ms", 3000, minimum=500, maximum=10000, house_rule=True, unit="ms"),
    _option("layer_in_race", True, house_rule=True),
    _option("late_slap", "ignored", ("ignored", "penalty"), house_rule=True),
    _option("call_window", "next_turn", ("next_turn", "until_called"), house_rule=True),
    _option("first_card", "any", ("any", "domino"), house_rule=True),
    _fixed("card_list", "standard"),
    _fixed("after_net", "digit_alone"),
    _fixed("special_cards", "alone"),
    _fixed("multi_top", "last_laid"),
    _fixed("race_ranking", "missing_are_slowest"),
    _fixed("take_card", "random"),
    _fixed("blocked_round", "all_passed"),
    _fixed("tie_break", "extra_rounds"),
    _fixed("first_player", "youngest_then_rotate"),
))

# The rule book: ids in the order of the box's rules, then facts and house rules (each with
# the option that changes it). Each sentence is the catalogues' ``mosquito.rule.<id>``.
F, H = RuleSource.FACT, RuleSource.HOUSE
RULES = RuleBook([Rule(i) for i in (
    "goal.fewest_points", "players.three_to_six", "material.dominoes", "material.mosquitoes",
    "material.nets", "material.total", "setup.shuffle", "setup.deal_seven", "setup.turn_one",
    "turn.counter_clockwise", "turn.one_action", "play.domino_match", "play.domino_example",
    "play.multi_same_position", "play.multi_example", "play.multi_no_mix", "play.mosquito_match",
    "play.net_any_time", "play.net_next_digit", "turn.draw_if_stuck", "turn.pass_after_draw",
    "call.moustique", "call.caught_draws", "plaf.everyone_slaps", "plaf.even_right", "plaf.odd_left",
    "plaf.fastest_none", "plaf.others_one", "plaf.slowest_two", "plaf.wrong_hand", "plaf.false_slap",
    "plaf.draw_order", "deck.empty_no_draw", "deck.empty_take", "round.empty_hand", "round.blocked",
    "score.minus_ten", "score.hand_sum", "score.domino", "score.mosquito", "score.net", "end.rounds",
    "end.lowest_wins", "end.tie_extra",
)] + [Rule("fact.domino_pairs", source=F)] + [Rule(i, source=H, option=o) for i, o in (
    ("house.card_list", "card_list"), ("house.after_net", "after_net"),
    ("house.special_alone", "special_cards"), ("house.multi_top", "multi_top"),
    ("house.slap_window", "slap_window_ms"), ("house.no_slap_slowest", "race_ranking"),
    ("house.take_card", "take_card"), ("house.blocked_round", "blocked_round"),
    ("house.tie_extra_rounds", "tie_break"), ("house.first_player", "first_player"),
    ("house.first_card", "first_card"), ("house.layer_in_race", "layer_in_race"),
    ("house.late_slap", "late_slap"), ("house.call_window", "call_window"),
)], game="mosquito")
