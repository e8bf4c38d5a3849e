"""The cards of Mind Up!, as data (DECISIONS.md, "Known"; matches the Board Game Arena adaptation).

Main cards are the numbers 1..60. Each has one of five colours and a bonus/malus;
the score cards of one player are worth 1..5; the 14 objective cards come in seven
pairs (1-2, 3-4, ..., 13-14) and are each worth +2 or -2.
"""
from __future__ import annotations

from typing import Dict, List, Tuple

# Colour index order is fixed (it is also the order of the colour counts in the code).
COLOURS: Tuple[str, ...] = ("orange", "pink", "blue", "green", "purple")
ORANGE, PINK, BLUE, GREEN, PURPLE = range(5)

CARDS_BY_COLOUR: Dict[str, Tuple[int, ...]] = {
    "orange": (1, 8, 15, 16, 23, 30, 31, 38, 45, 46, 53, 60),
    "pink": (2, 6, 10, 19, 27, 29, 32, 34, 42, 51, 55, 59),
    "blue": (3, 13, 18, 21, 24, 28, 33, 37, 40, 43, 48, 58),
    "green": (4, 5, 12, 14, 17, 25, 36, 44, 47, 49, 56, 57),
    "purple": (7, 9, 11, 20, 22, 26, 35, 39, 41, 50, 52, 54),
}

# Bonus/malus of card n: this sequence indexed by (n - 1) % 6 for n <= 30 and by
# n % 6 for n >= 31, so that card n and card 61 - n carry the same bonus.
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

# Objective cards: id -> the points they give or take. Pairs: (1, 2), (3, 4), ... Their
# conditions are worded in the catalogues (``mindup.objective.<id>``) and checked by
# games/mindup_scoring.py.
OBJECTIVES: Dict[int, int] = {
    1: 2, 2: -2, 3: 2, 4: 2, 5: -2, 6: 2, 7: 2,
    8: 2, 9: 2, 10: -2, 11: 2, 12: 2, 13: -2, 14: 2,
}


def objective_mate(obj: int) -> int:
    """The other card of an objective's pair (1 <-> 2, 3 <-> 4, ...)."""
    return obj + 1 if obj % 2 else obj - 1
