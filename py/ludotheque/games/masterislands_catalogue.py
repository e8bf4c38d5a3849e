"""MasterIslands' catalogue as data: the box (colours, values, cards, targets) and the
options. Kept apart from the engine so the rules panel, the set-up form and the bots can read
the game's numbers without the turn logic. Words are message ids of the catalogues
(``masterislands.option.*``, ``masterislands.card.*``); the rule book is in
``masterislands_rules``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, List, Tuple

from ..core.errors import BadSetup, shorten
from ..core.messages import Msg, msg
from ..core.options import Option, OptionSet

Pos = Tuple[int, int]

# -- the box, as data -------------------------------------------------------------------
COLOURS = ("Y", "G", "R", "B")
VALUES = (1, 2, 3, 4, 5)
CARDS_PER_COLOUR = 12
DEFAULT_DISTRIBUTION = "3,3,2,2,2"  # per colour: how many 1s, 2s, 3s, 4s, 5s (house rule)
TARGET_SUM = 10
HAND_SIZE = 3
SOLO_TARGETS = {2: 12, 3: 10, 4: 8}  # cards to win, by number of players
TEAM_TARGET = 12
TEAMS = ((0, 2), (1, 3))  # partners sit face to face
CORSAIR_POINTS = 4
CORSAIR_ROUNDS = {"hard": 4, "medium": 7, "easy": 10}
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
LINE_KINDS = ("row", "column", "diagonal", "antidiagonal")
CONQUEST_VIEW_LIMIT = 60  # conquests listed in a view (largest first); all stay legal


def card_msg(code: str, form: str = "bare") -> Msg:
    """A card named by its code ("B3"): ``bare`` "3 bleu" (a label), ``a`` "un 3 bleu" (in a
    sentence), ``beside`` "un 3 bleu" after a word of place (German needs its own case there)."""
    return msg(f"masterislands.card.{form}.{code[0]}", value=int(code[1]))


@dataclass(frozen=True)
class Card:
    colour: str  # one of COLOURS
    value: int

    @property
    def code(self) -> str:
        return f"{self.colour}{self.value}"

    @classmethod
    def parse(cls, code: Any) -> "Card":
        text = str(code).strip().upper()
        if len(text) == 2 and text[0] in COLOURS and text[1].isdigit() and int(text[1]) in VALUES:
            return cls(text[0], int(text[1]))
        raise BadSetup(msg("masterislands.setup.unknown_card", code=shorten(code, 24)))

    def name(self, form: str = "a") -> Msg:
        """The card in words (a message): "un 3 bleu" / "a blue 3"."""
        return card_msg(self.code, form)


def parse_distribution(text: Any) -> List[int]:
    """"3,3,2,2,2" -> how many cards of value 1..5 in each colour (12 per colour)."""
    try:
        counts = [int(part) for part in str(text).split(",")]
    except ValueError:
        counts = []
    if len(counts) != len(VALUES) or any(c < 0 for c in counts) or sum(counts) != CARDS_PER_COLOUR:
        raise BadSetup(msg("masterislands.setup.bad_distribution", text=shorten(text, 40)))
    return counts


def distribution_words(text: Any) -> Any:
    """"3,3,2,2,2" as people say it: "trois 1, trois 2, deux 3, deux 4 et deux 5 par couleur"."""
    try:
        counts = parse_distribution(text)
    except BadSetup:
        return str(text)
    parts = [msg("masterislands.option.distribution.count", n=n, value=v, word=msg(f"masterislands.number.{n}"))
             for v, n in zip(VALUES, counts)]
    return msg("masterislands.option.distribution.words", counts=parts)


def full_deck(distribution: str = DEFAULT_DISTRIBUTION) -> List[Card]:
    counts = parse_distribution(distribution)
    return [Card(colour, value) for colour in COLOURS for value, n in zip(VALUES, counts) for _ in range(n)]


# -- options ------------------------------------------------------------------------------
class Mode(str, Enum):
    SOLO = "solo"
    TEAM = "team"
    CORSAIR = "corsair"


class Phase(str, Enum):
    DISCOVERY = "discovery"
    CONQUEST = "conquest"
    CORSAIR = "corsair"
    OVER = "over"


def _option(name: str, default: Any, choices: Tuple[Any, ...] = None, **more: Any) -> Option:
    """An option whose words are ``masterislands.option.<name>`` (its label), ``….help`` and,
    for a choice, ``….<value>``."""
    key = f"masterislands.option.{name}"
    labels = {c: f"{key}.{c}" for c in choices} if choices else None
    return Option(name=name, default=default, label=key, help=f"{key}.help", choices=choices,
                  choice_labels=labels, **more)


CORSAIR_ONLY = ("mode", (Mode.CORSAIR.value,))
OPTIONS = OptionSet((
    _option("mode", "solo", ("solo", "team", "corsair")),
    _option("first_player", 0, minimum=0, maximum=3, house_rule=True, seat=True),
    _option("distribution", DEFAULT_DISTRIBUTION, house_rule=True, words=distribution_words),
    _option("line_gaps", True, house_rule=True),
    # house rules with one documented resolution: nothing to choose, but named and kept in records
    _option("galleon_moves", "cards", ("cards",), house_rule=True),
    _option("impossible_actions", "skip", ("skip",), house_rule=True),
    _option("conquest_scope", "any", ("any", "turn"), house_rule=True),
    _option("corsair_seat", 0, minimum=0, maximum=3, seat=True, applies_when=CORSAIR_ONLY),
    _option("difficulty", "medium", ("hard", "medium", "easy"), applies_when=CORSAIR_ONLY),
    _option("corsair_target", 12, minimum=1, maximum=48, house_rule=True, applies_when=CORSAIR_ONLY),
    _option("corsair_deck_out", "corsair_wins", ("corsair_wins", "play_on"), house_rule=True,
            applies_when=CORSAIR_ONLY),
))
