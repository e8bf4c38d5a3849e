"""Mind Up!'s deals: the bonus objectives drawn for each round, and an explicit deck (a record
that fixes the cards, the score-card orders and the objectives) checked before it is used."""
from __future__ import annotations

from typing import Any, Dict, List

from ..core.errors import BadSetup
from ..core.messages import msg
from .mindup_data import ALL_CARDS, OBJECTIVES, SCORE_VALUES, objective_mate

ROUNDS = 3


def draw_objective_plan(rng, per_round: int, refill: str) -> List[List[int]]:
    """The objective cards in play in each round (a list per round), drawn from a shuffled deck.

    Each round the cards in play are discarded and replaced by new ones from the deck. A card
    whose pair-mate is already among the new ones is set aside and goes back on top of the deck
    (still unseen) once the draw is done. When the deck runs out: "reshuffle" shuffles the
    discards into a new deck; "keep" leaves the current cards in play if the deck cannot supply
    `per_round` cards of different pairs."""
    if per_round <= 0:
        return [[] for _ in range(ROUNDS)]
    deck = rng.shuffled(list(OBJECTIVES))
    discard: List[int] = []
    in_play: List[int] = []
    plan: List[List[int]] = []
    for r in range(ROUNDS):
        if r > 0:
            if refill == "keep" and len({(c + 1) // 2 for c in deck}) < per_round:
                plan.append(list(in_play))
                continue
            discard += in_play
        new: List[int] = []
        skipped: List[int] = []
        while len(new) < per_round:
            if not deck:
                assert discard, "objective deck exhausted"
                deck = rng.shuffled(discard)
                discard = []
            card = deck.pop(0)
            (skipped if objective_mate(card) in new else new).append(card)
        deck = skipped + deck
        in_play = new
        plan.append(list(new))
    return plan


def explicit_deck(deck: Any, k: int) -> Dict[str, Any]:
    """`deck` = {"cards": [60 numbers, top first], "orders": [[5 values] x 3], "objectives": [[k ids] x 3]}
    ("orders" and "objectives" optional: drawn from the seed when missing; a bare list = "cards").
    The cards are dealt in blocks: seat 0 gets the first 7, seat 1 the next 7, ..., then the
    centre row gets the next n cards, and the rest is the draw pile, top first."""
    if isinstance(deck, list):
        deck = {"cards": deck}
    bad = BadSetup(msg("mindup.setup.bad_deck"))
    if not isinstance(deck, dict) or set(deck) - {"cards", "orders", "objectives"}:
        raise bad
    out: Dict[str, Any] = {}

    def ints(xs: Any) -> bool:
        return isinstance(xs, list) and all(type(x) is int for x in xs)

    cards = deck.get("cards")
    if cards is not None:
        if not ints(cards) or sorted(cards) != list(ALL_CARDS):
            raise bad
        out["cards"] = list(cards)
    orders = deck.get("orders")
    if orders is not None:
        if (not isinstance(orders, list) or len(orders) != ROUNDS
                or any(not ints(o) or sorted(o) != list(SCORE_VALUES) for o in orders)):
            raise bad
        out["orders"] = orders
    plan = deck.get("objectives")
    if plan is not None:
        if not isinstance(plan, list) or len(plan) != ROUNDS:
            raise bad
        for objs in plan:
            if (not ints(objs) or len(objs) != k or len(set(objs)) != k
                    or any(o not in OBJECTIVES or objective_mate(o) in objs for o in objs)):
                raise bad
        out["objectives"] = plan
    return out
