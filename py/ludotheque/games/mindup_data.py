"""The cards of Mind Up!, as data (DECISIONS.md, "Known"; matches the Board Game Arena adaptation).

Main cards are the numbers 1..60. Each has one of five colours and a bonus/malus;
the score cards of one player are worth 1..5; the 14 objective cards come in seven
pairs (1-2, 3-4, ..., 13-14) and are each worth +2 or -2.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

# Colour index order is fixed (it is also the order of the colour counts in the code).
COLOURS: Tuple[str, ...] = ("orange", "pink", "blue", "green", "purple")
COLOUR_NAMES: Dict[str, Tuple[str, str]] = {
    "orange": ("orange", "orange"),
    "pink": ("rose", "pink"),
    "blue": ("bleu", "blue"),
    "green": ("vert", "green"),
    "purple": ("violet", "purple"),
}
ORANGE, PINK, BLUE, GREEN, PURPLE = range(5)

CARDS_BY_COLOUR: Dict[str, Tuple[int, ...]] = {
    "orange": (1, 8, 15, 16, 23, 30, 31, 38, 45, 46, 53, 60),
    "pink": (2, 6, 10, 19, 27, 29, 32, 34, 42, 51, 55, 59),
    "blue": (3, 13, 18, 21, 24, 28, 33, 37, 40, 43, 48, 58),
    "green": (4, 5, 12, 14, 17, 25, 36, 44, 47, 49, 56, 57),
    "purple": (7, 9, 11, 20, 22, 26, 35, 39, 41, 50, 52, 54),
}

# Bonus/malus of card n: this sequence indexed by (n - 1) mod 6 for n <= 30 and by
# n mod 6 for n >= 31, so that card n and card 61 - n carry the same bonus.
BONUS_SEQUENCE: Tuple[int, ...] = (-1, 0, 1, 2, 1, 0)

ALL_CARDS: Tuple[int, ...] = tuple(range(1, 61))
SCORE_VALUES: Tuple[int, ...] = (1, 2, 3, 4, 5)


def _bonus(n: int) -> int:
    return BONUS_SEQUENCE[(n - 1) % 6 if n <= 30 else n % 6]


# COLOUR[n] = colour index of card n; BONUS[n] = its bonus/malus (index 0 unused).
COLOUR: List[int] = [-1] * 61
for _i, _name in enumerate(COLOURS):
    for _n in CARDS_BY_COLOUR[_name]:
        COLOUR[_n] = _i
BONUS: List[int] = [0] + [_bonus(n) for n in ALL_CARDS]

# Objective cards: id -> (points, French text, English text). Pairs: (1, 2), (3, 4), ...
OBJECTIVES: Dict[int, Tuple[int, str, str]] = {
    1: (2, "+2 si tu as exactement 1 ou 3 cartes orange.",
        "+2 if you have exactly 1 or 3 orange cards."),
    2: (-2, "-2 si tes cartes orange sont sur la carte Score 1 ou 2.",
        "-2 if your orange cards lie on score card 1 or 2."),
    3: (2, "+2 si tu as exactement 2 ou 4 cartes bleues.",
        "+2 if you have exactly 2 or 4 blue cards."),
    4: (2, "+2 si aucune couleur n'a plus de cartes que le bleu chez toi.",
        "+2 if no colour of yours has more cards than blue."),
    5: (-2, "-2 si personne n'a moins de cartes roses que toi.",
        "-2 if nobody has fewer pink cards than you."),
    6: (2, "+2 si personne n'a plus de cartes roses que toi.",
        "+2 if nobody has more pink cards than you."),
    7: (2, "+2 si la carte Score occupée la plus à droite porte du vert.",
        "+2 if your rightmost used score card holds green."),
    8: (2, "+2 si tes cartes vertes sont sur la carte Score 4 ou 5.",
        "+2 if your green cards lie on score card 4 or 5."),
    9: (2, "+2 si tu as au moins autant de cartes violettes qu'orange.",
        "+2 if you have at least as many purple cards as orange ones."),
    10: (-2, "-2 si personne n'a plus de cartes violettes que toi.",
         "-2 if nobody has more purple cards than you."),
    11: (2, "+2 si tu as des cartes des cinq couleurs.",
         "+2 if you have cards of all five colours."),
    12: (2, "+2 si tu as des cartes d'exactement trois couleurs.",
         "+2 if you have cards of exactly three colours."),
    13: (-2, "-2 si l'une de tes couleurs compte exactement 3 cartes.",
         "-2 if one of your colours has exactly 3 cards."),
    14: (2, "+2 si l'une de tes couleurs compte exactement 4 cartes.",
         "+2 if one of your colours has exactly 4 cards."),
}


def objective_mate(obj: int) -> int:
    """The other card of an objective's pair (1 <-> 2, 3 <-> 4, ...)."""
    return obj + 1 if obj % 2 else obj - 1
