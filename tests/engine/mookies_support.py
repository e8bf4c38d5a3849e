"""Helpers shared by the Mookies engine tests (not collected: no ``test_`` prefix).

Positions are built from explicit decks: ``{"piles": [[top, ..., bottom], [top, ...]]}``,
each card written "upper/lower" with the face names of the card list
(``soleil``, ``soleil*`` for the legendary, ``araignee``...).
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable, List, Optional, Sequence, Tuple

from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.mookies_deck import STANDARD_DECK

ALICE = {"name": "Alice", "youngest": True}
BRUNO = {"name": "Bruno"}
SEATS = [ALICE, BRUNO]
SPIDER = "araignee"
FAMILIES = ("soleil", "lune", "fossile", "coquillage", "feuille")


def game(pile1: Sequence[str], pile2: Sequence[str], seats=None, **options) -> MookiesEngine:
    """A game on an explicit deal; pile lists are written top card first."""
    return MookiesEngine(seats or SEATS, options=options, deck={"piles": [list(pile1), list(pile2)]})


def turn(engine: MookiesEngine, pile: int, side: str) -> int:
    """The player to act takes the top card of `pile` (1 or 2) and plays its `side` ("up"/"down")."""
    seat = engine.to_act()[0]
    engine.play(f"{seat}:take/{pile}")
    engine.play(f"{seat}:face/{side}")
    return seat


def turns(engine: MookiesEngine, script: str) -> None:
    """`script` like "1u 2d 1u": pile number then u(p)/d(own), one word per turn."""
    for word in script.split():
        turn(engine, int(word[0]), {"u": "up", "d": "down"}[word[1]])


def endgame(laid: Sequence[str], rest: Sequence[str] = ("coquillage/feuille",), seats=None, **options) -> MookiesEngine:
    """Play `laid` (cards whose upper face is the one played) from pile 1, in turn order from the
    youngest; pile 2 holds `rest`, set aside when pile 1 runs out. Returns the engine at the end
    (or in the penalty phase)."""
    engine = game(laid, rest, seats=seats, **options)
    for _ in laid:
        turn(engine, 1, "up")
    return engine


def face_weight(code: str) -> int:
    """Independent of the engine: spider 0, legendary 2, ordinary 1."""
    if code == SPIDER:
        return 0
    return 2 if code.endswith("*") else 1


def face_family(code: str) -> Optional[str]:
    return None if code == SPIDER else code.rstrip("*")


def unordered(card_code: str) -> Tuple[str, str]:
    a, b = card_code.split("/")
    return tuple(sorted((a, b)))  # type: ignore[return-value]


def deck_multiset(cards: Iterable[str] = STANDARD_DECK) -> Counter:
    return Counter(unordered(c) for c in cards)


def all_faces() -> List[str]:
    return [f for card in STANDARD_DECK for f in card.split("/")]
