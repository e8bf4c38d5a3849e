"""Helpers shared by the Mosquito PLAF! engine tests (not collected: no ``test_`` prefix).

Positions are explicit deals: ``{"hands": [[...], ...], "up": "65", "pile": [top, ...]}``;
cards the deal does not mention lie under the turned-up card, out of play. Cards are
written "65" (Domino 6/5, higher digit first), "M7" (Mosquito 7), "N3" (Net 3).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.core.rng import Rng
from ludotheque.games.mosquito import MosquitoEngine

from builders import seats  # the engine tests take their tables from here too


def deal(hands: Sequence[Sequence[str]], up: str, pile: Sequence[str] = ()) -> Dict[str, Any]:
    return {"hands": [list(h) for h in hands], "up": up, "pile": list(pile)}


def game(hands: Sequence[Sequence[str]], up: str, pile: Sequence[str] = (), n: Optional[int] = None,
         youngest: Optional[int] = None, **options) -> MosquitoEngine:
    """A game on one explicit deal (later rounds are shuffled from seed 0)."""
    return MosquitoEngine(seats(n or len(hands), youngest=youngest), options=options, deck=deal(hands, up, pile))


def rounds_game(deals: Sequence[Dict[str, Any]], n: int, **options) -> MosquitoEngine:
    return MosquitoEngine(seats(n), options=options, deck={"rounds": list(deals)})


def play(engine: MosquitoEngine, *texts: str) -> MosquitoEngine:
    for text in texts:
        engine.play(text)
    return engine


def all_cards(engine: MosquitoEngine) -> List[str]:
    return [c for h in engine.hands for c in h] + list(engine.pile) + list(engine.discard)


def card_points(card: str) -> int:
    """Independent of the engine: Net 10, Mosquito its digit, Domino the sum of both digits."""
    if card.startswith("N"):
        return 10
    if card.startswith("M"):
        return int(card[1:])
    return sum(int(d) for d in card)


def random_step(engine: MosquitoEngine, rng: Rng, false_slaps: bool = True) -> Move:
    """One random but legal event: slaps (right, wrong or late), the close, calls, catches, false
    slaps now and then, else a random legal turn move."""
    n = len(engine.seats)
    race = engine.race
    if race is not None:
        waiting = [s for s in race.participants if s not in race.slapped]
        if waiting and rng.random() < 0.8:
            s = rng.choice(waiting)
            return Move(s, f"slap/{rng.choice('LRR')}/{rng.below(4000)}")
        if rng.random() < 0.5:
            return Move(SYSTEM_SEAT, "close")
    social = [m for m in engine.legal_moves() if m.action == "call" or m.action.startswith("catch/")]
    if social and rng.random() < 0.5:
        return rng.choice(social)
    if false_slaps and rng.random() < 0.02:
        seat = rng.below(n)
        if race is None or seat not in race.slapped:
            return Move(seat, f"slap/{rng.choice('LR')}/{rng.below(2000)}")
    if race is not None:
        return Move(SYSTEM_SEAT, "close")
    return rng.choice(engine.turn_moves(engine.current))


def quick_deal(n: int, starter: int, hold: Dict[int, List[str]]) -> Dict[str, Any]:
    """The round's first player holds only 2/1 on a turned-up 1/0 and empties their hand at once;
    `hold` gives the other seats' hands (default: 9/s for seat s)."""
    hands = [list(hold.get(s, [f"9{s}"])) for s in range(n)]
    hands[starter] = ["21"]
    return deal(hands, "10")


def quick_rounds(n: int, plan: Sequence[Dict[int, List[str]]], youngest: Optional[int] = None,
                 **options) -> MosquitoEngine:
    """One quick_deal per entry of `plan`, the first player moving on each round."""
    first = youngest or 0
    deals = [quick_deal(n, (first + r) % n, hold) for r, hold in enumerate(plan)]
    return MosquitoEngine(seats(n, youngest=youngest), options=options, deck={"rounds": deals})


def finish_quick(engine: MosquitoEngine, rounds: int) -> MosquitoEngine:
    for _ in range(rounds):
        engine.play(f"{engine.current}:play/21")
    return engine
