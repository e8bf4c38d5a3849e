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
(search.SearchGame.hidden_choice). The policy models the Normal bot, the opponent the arena
measures and the family meets (`aim`: each card's expected gain, the k-th lowest play taking
the k-th lowest centre card, with rank odds from the cards this hand cannot see), now and then
a random card. Rollouts play the round out on plain lists (`round_points`, scored with the Normal
bot's strip tallies and the engine's objective rule), several times cheaper than the engine.
The root weighs only the Normal bot's best PRIOR_CARDS cards (its own flat Monte Carlo
ranking), so the iterations go to the few plausible cards.
"""
from __future__ import annotations

import math
from operator import mul
from typing import List, Sequence

from ..core.engine import Move
from ..core.rng import Rng, derive_seed
from ..games.mindup import MindUpEngine, Phase
from ..games.mindup_data import BONUS, COLOUR, SCORE_VALUES
from .mindup import Tally, evaluate, final_scores, tally_of, unseen_cards
from .search import Budget, PrunedRoot, SearchGame, fork, sigmoid

BUDGET = Budget(iterations=180)
POINT_SCALE = 4.0    # a lead of this many points is a clear edge (values() squashes by it)
POLICY_RANDOM = 0.15  # share of rollout choices made at random
PRIOR_CARDS = 4      # the Normal bot's best cards the search weighs against each other (0: all)
PRIOR_SAMPLES = 20   # samples of that ranking (half the Normal bot's 40: a top 4 needs less)
PRIOR_SALT = 61
GIVE_AWAY = 0.3      # how much a card's own bonus counts against playing it (the others may take it)


def _rank_odds(others: int, hand_size: int) -> List[List[float]]:
    """For x = 0..59 cards unseen below a card: P(exactly k of the others play under it),
    k = 0..others, if each plays a card drawn from the ones this hand cannot see (a binomial on
    the share of them below the card). Worked out once per (others, hand size)."""
    table = _ODDS.get((others, hand_size))
    if table is None:
        table = []
        for x in range(60):
            p = min(1.0, x / (60 - hand_size))
            q = 1.0 - p
            table.append([math.comb(others, k) * p ** k * q ** (others - k) for k in range(others + 1)])
        _ODDS[(others, hand_size)] = table
    return table


_ODDS: dict = {}


def aim(hand: Sequence[int], centre: Sequence[int], tally: Tally, order: Sequence[int]) -> int:
    """The card a Normal bot would most likely play, a cheap model of bots/mindup.evaluate: each
    card's expected gain, the k-th lowest play taking the k-th lowest centre card, minus a share
    of its own bonus, which it hands the others by being played. It picks the Normal bot's card
    nearly as often as the Normal bot itself run again does (tests/bench/bench_mindup_model.py;
    figures in docs/performance.md), far more often than "aim at the best centre card"."""
    col_of, free = tally.col_of, tally.free
    gains = []
    for c in centre:
        j = col_of[COLOUR[c]]
        if j < 0:
            j = free
        gains.append((order[j] if j < len(order) else 0) + BONUS[c])
    table = _rank_odds(len(centre) - 1, len(hand))
    best, pick = -1e9, hand[0]
    if len(gains) == 4:  # four seats, the arena's table: the same sum, unrolled (the hot path)
        g0, g1, g2, g3 = gains
        for i, card in enumerate(hand):
            t = table[card - 1 - i]
            value = t[0] * g0 + t[1] * g1 + t[2] * g2 + t[3] * g3 - GIVE_AWAY * BONUS[card]
            if value > best:
                best, pick = value, card
        return pick
    for i, card in enumerate(hand):
        # card - 1 - i: the cards under this one that this hand does not hold
        value = sum(map(mul, table[card - 1 - i], gains)) - GIVE_AWAY * BONUS[card]
        if value > best:
            best, pick = value, card
    return pick


def policy_card(hand: Sequence[int], centre: Sequence[int], tally: Tally, order: Sequence[int], rng: Rng) -> int:
    """The rollout policy: `aim`, or now and then any card (the others are not always predictable)."""
    if len(hand) == 1 or rng.random() < POLICY_RANDOM:
        return hand[rng.below(len(hand))]
    return aim(hand, centre, tally, order)


def round_points(engine: MindUpEngine, rng: Rng) -> List[float]:
    """Play the current round out on plain lists (the others and this seat alike choose with
    `aim`, sometimes at random) and return every seat's points for the round, as the engine would
    score them (bots/mindup.Tally and final_scores, the engine's objective rule)."""
    order = engine.order()
    tallies = [tally_of(strip, order) for strip in engine.strips]
    hands = [list(h) for h in engine.hands]
    chosen = list(engine.chosen)
    centre = list(engine.centre)
    n = len(hands)
    while True:
        plays = [0] * n
        for s in range(n):
            card = chosen[s]
            if card is None:
                card = policy_card(hands[s], centre, tallies[s], order, rng)
                hands[s].remove(card)
            plays[s] = card
        for k, s in enumerate(sorted(range(n), key=plays.__getitem__)):
            tallies[s].take(centre[k], order)
        centre = sorted(plays)
        chosen = [None] * n
        if len(hands[0]) <= 1:
            break
    for s in range(n):
        tallies[s].take(hands[s][0], order)
    return final_scores(tallies, order, engine.objectives_in_play())


def _margins(totals: Sequence[float]) -> List[float]:
    """Each seat's lead over its best rival, squashed into [0, 1]."""
    out = []
    for s, t in enumerate(totals):
        rival = max(x for i, x in enumerate(totals) if i != s)
        out.append(sigmoid((t - rival) / POINT_SCALE))
    return out


def _knowledge(engine: MindUpEngine, seat: int):
    """The seat's view, the cards it cannot place, and the cards the search weighs: the Normal
    bot's best PRIOR_CARDS by its own flat Monte Carlo ranking (bots/mindup.evaluate, seeded from
    the game), so that the iterations go to the few plausible cards instead of all of them."""
    view = engine.view(seat)
    legal = engine.legal_moves(seat)
    if 0 < PRIOR_CARDS < len(legal):
        rng = Rng(derive_seed(engine.seed or 0, len(engine.moves), seat + 1, PRIOR_SALT))
        scored = evaluate(view, seat, PRIOR_SAMPLES, rng)
        keep = {c for _, c in sorted(scored, key=lambda vc: (-vc[0], vc[1]))[:PRIOR_CARDS]}
        legal = [m for m in legal if int(m.action.partition("/")[2]) in keep]
    return view, unseen_cards(view, seat), legal


class MindUpSearch(PrunedRoot, SearchGame):
    exploration = 0.5
    knowledge = staticmethod(_knowledge)

    def determinise(self, engine: MindUpEngine, seat: int, rng: Rng) -> MindUpEngine:
        view, unseen, prior = self.known(engine, seat)
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
        self.mark_root(state, engine, seat, prior)
        return state

    def root_moves(self, engine: MindUpEngine, seat: int) -> List[Move]:
        return self.known(engine, seat)[2]

    def hidden_choice(self, engine: MindUpEngine) -> bool:
        return engine.phase is Phase.CHOOSE  # every choice is secret until all have chosen

    def cutoff(self, root: MindUpEngine, engine: MindUpEngine) -> bool:
        return engine.round != root.round or engine.is_over()

    def policy(self, engine: MindUpEngine, seat: int, rng: Rng) -> Move:
        order = engine.order()
        card = policy_card(engine.hands[seat], engine.centre, tally_of(engine.strips[seat], order), order, rng)
        return Move(seat, f"play/{card}")

    def rollout(self, root: MindUpEngine, state: MindUpEngine, seat: int, rng: Rng) -> Sequence[float]:
        """The round played out on plain lists with the policy's choices (many times cheaper than
        the engine; tests/bots/test_mindup_search.py checks it scores as the engine does)."""
        if self.cutoff(root, state):
            return self.values(state, seat)
        totals = engine_totals(state)
        points = round_points(state, rng)
        return _margins([t + p for t, p in zip(totals, points)])

    def values(self, engine: MindUpEngine, root: int) -> Sequence[float]:
        return _margins(engine_totals(engine))


def engine_totals(engine: MindUpEngine) -> List[int]:
    return engine.totals() if engine.rounds else [0] * len(engine.seats)


GAME = MindUpSearch()
