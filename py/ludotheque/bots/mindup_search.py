"""Mind Up! for the shared search (bots/search.py): what the "Difficile" bot samples and plays out.

Hidden from a seat: the others' hands except the cards everyone saw go back to them, the
card each of them has already chosen this turn, the draw pile, and the score orders and
objectives of the rounds to come. A determinisation deals the cards the seat cannot place
(bots/mindup.unseen_cards) to the others at their hand sizes (a seat that already chose
gets one of its cards as its choice) and to the draw pile, and shuffles fresh score orders
for the rounds to come. Rollouts stop at the end of the round, so later objectives are never
read; they are set to the current ones so that no hidden plan is carried over.

Choices are simultaneous: the search's tree holds only this seat's cards, while the others
choose with the rollout policy, which reads nothing but their own hand and the table
(search.SearchGame.hidden_choice). The policy aims each card at the centre card it is
likely to take (the n-th lowest play takes the n-th lowest centre card) and picks the one
worth most on the strip right now, with some randomness.
"""
from __future__ import annotations

from typing import List, Sequence

from ..core.engine import Move
from ..core.rng import Rng
from ..games.mindup import MindUpEngine, Phase
from ..games.mindup_data import BONUS, COLOUR, SCORE_VALUES
from .mindup import unseen_cards
from .search import Budget, SearchGame, fork, sigmoid

BUDGET = Budget(iterations=180)
POINT_SCALE = 4.0    # a lead of this many points is a clear edge (values() squashes by it)
POLICY_RANDOM = 0.3  # share of rollout choices made at random


def _strip_places(strip: Sequence[Sequence[int]], order: Sequence[int]):
    """The strip read once for all the centre cards: the value of each colour's place, and the
    value of the next free place (where a card of a colour not yet laid goes)."""
    placed = {}
    free = 0
    for j, stack in enumerate(strip):
        if stack:
            colour = COLOUR[stack[0]]
            if colour not in placed:
                placed[colour] = order[j]
            free = j + 1
    return placed, (order[free] if free < len(order) else 0)


def _knowledge(engine: MindUpEngine, seat: int):
    """The seat's view and the cards it cannot place."""
    view = engine.view(seat)
    return view, unseen_cards(view, seat)


class MindUpSearch(SearchGame):
    exploration = 0.5
    knowledge = staticmethod(_knowledge)

    def determinise(self, engine: MindUpEngine, seat: int, rng: Rng) -> MindUpEngine:
        view, unseen = self.known(engine, seat)
        pool = list(unseen)
        rng.shuffle(pool)
        n = len(engine.seats)
        hands: List[List[int]] = []
        chosen: List = [None] * n
        at = 0
        for s in range(n):
            if s == seat:
                hands.append(list(view["hand"]))
                chosen[s] = view["chosen"]
                continue
            known = view["known_in_hand"][s]
            need = view["hand_counts"][s] - len(known)
            hand = list(known) + pool[at:at + need]
            at += need
            if view["has_chosen"][s]:
                chosen[s] = hand.pop(rng.below(len(hand)))
            hands.append(sorted(hand))
        state = fork(engine, lists=("centre", "last_reveal", "rounds", "start_hands"), nested=("known",))
        state.strips = [[list(stack) for stack in strip] for strip in engine.strips]
        state.hands = hands
        state.chosen = chosen
        state.draw = pool[at:at + view["draw_count"]]
        r = engine.round - 1
        orders = [list(o) for o in engine.orders[:r + 1]]
        for _ in range(len(engine.orders) - r - 1):
            later = list(SCORE_VALUES)
            rng.shuffle(later)
            orders.append(later)
        state.orders = orders
        plan = [list(p) for p in engine.objective_plan[:r + 1]]
        state.objective_plan = plan + [list(plan[-1]) for _ in range(len(engine.objective_plan) - r - 1)]
        return state

    def hidden_choice(self, engine: MindUpEngine) -> bool:
        return engine.phase is Phase.CHOOSE  # every choice is secret until all have chosen

    def cutoff(self, root: MindUpEngine, engine: MindUpEngine) -> bool:
        return engine.round != root.round or engine.is_over()

    def policy(self, engine: MindUpEngine, seat: int, rng: Rng) -> Move:
        hand = engine.hands[seat]
        if len(hand) == 1 or rng.random() < POLICY_RANDOM:
            return Move(seat, f"play/{hand[rng.below(len(hand))]}")
        centre = engine.centre
        placed, free = _strip_places(engine.strips[seat], engine.order())
        best, target = -1, 0
        for k, card in enumerate(centre):
            gain = placed.get(COLOUR[card], free) + BONUS[card]
            if gain > best:
                best, target = gain, k
        # The k-th lowest play takes the k-th lowest centre card: play the card of our hand
        # at the same height.
        i = round(target * (len(hand) - 1) / max(1, len(centre) - 1))
        return Move(seat, f"play/{hand[i]}")

    def values(self, engine: MindUpEngine, root: int) -> Sequence[float]:
        totals = engine.totals() if engine.rounds else [0] * len(engine.seats)
        out = []
        for s, t in enumerate(totals):
            rival = max(x for i, x in enumerate(totals) if i != s)
            out.append(sigmoid((t - rival) / POINT_SCALE))
        return out


GAME = MindUpSearch()
