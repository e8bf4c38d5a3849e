"""Mind Up! bot: it values each card of its hand by playing the rest of the round out many times.

For every sample it deals the other players a plausible hand (the cards everyone saw them
take back, plus cards drawn from those it cannot see), lets them choose, sorts the plays to
find which centre card each of its own cards would take, lays the cards on every score
strip as the rules say, and plays on to the end of the round, where it scores the strips
(score cards, bonuses, objectives). A card's value is its mean round score minus the others'
mean, over samples shared by all candidate cards (so that the comparison is fair).

The others are expected to play any of their cards (the rollouts choose at random). Levels
differ by the number of samples: easy looks at few and sometimes plays a random card; normal
and hard look at more, hard at three times as many as normal.
"""
from __future__ import annotations

from typing import List, Sequence, Tuple

from ..core.engine import Move
from ..core.rng import Rng
from ..core.seats import BotLevel
from ..games.mindup import MindUpEngine
from ..games.mindup_data import ALL_CARDS, BONUS, COLOUR, OBJECTIVES
from ..games.mindup_scoring import objective_met

SAMPLES = {BotLevel.EASY: 8, BotLevel.NORMAL: 40, BotLevel.HARD: 120}
EASY_BLUNDER = 0.25
OTHERS_WEIGHT = 1.0  # how much the others' mean score counts against ours


class Tally:
    """A score strip as the simulations need it (this bot's and the search's rollouts): where each
    colour lies, and the points so far."""

    __slots__ = ("col_of", "free", "points", "counts")

    def __init__(self, col_of: List[int], free: int, points: int, counts: List[int]) -> None:
        self.col_of = col_of
        self.free = free
        self.points = points
        self.counts = counts

    def copy(self) -> "Tally":
        return Tally(list(self.col_of), self.free, self.points, list(self.counts))

    def take(self, card: int, order: Sequence[int]) -> None:
        colour = COLOUR[card]
        j = self.col_of[colour]
        if j < 0:
            j = self.free
            self.col_of[colour] = j
            self.free += 1
        self.points += order[j] + BONUS[card]
        self.counts[colour] += 1


def tally_of(stacks: Sequence[Sequence[int]], order: Sequence[int]) -> Tally:
    """The tally of a strip given as its stacks of cards, left to right (an engine's strip)."""
    col_of = [-1] * 5
    counts = [0] * 5
    points = 0
    free = 0
    for j, stack in enumerate(stacks):
        if stack:
            c = COLOUR[stack[0]]
            col_of[c] = j
            counts[c] = len(stack)
            points += sum(order[j] + BONUS[x] for x in stack)
            free = j + 1
    return Tally(col_of, free, points, counts)


def _player_from_view(strip: Sequence[dict], order: Sequence[int]) -> Tally:
    return tally_of([stack["cards"] for stack in strip], order)


def final_scores(players: Sequence[Tally], order: Sequence[int], objectives: Sequence[int]) -> List[float]:
    if not objectives:
        return [p.points for p in players]
    everyone = [p.counts for p in players]
    out = []
    for p in players:
        values = [order[j] if j >= 0 else 0 for j in p.col_of]
        last = p.col_of.index(p.free - 1) if p.free else -1
        pts = p.points
        for obj in objectives:
            if objective_met(obj, p.counts, values, last, everyone):
                pts += OBJECTIVES[obj]
        out.append(pts)
    return out


def _rollout(me: int, card: int, hands: List[List[int]], centre: List[int], players: List[Tally],
             order: Sequence[int], objectives: Sequence[int], rng: Rng) -> float:
    """Play `card` now, the rest of the round at random, and score it for `me`."""
    n = len(hands)
    while True:
        plays = [0] * n
        for s in range(n):
            if s == me and card:
                plays[s] = card
                hands[s].remove(card)
                card = 0
            else:
                plays[s] = hands[s].pop(rng.below(len(hands[s])))
        ranked = sorted(range(n), key=plays.__getitem__)
        for k, s in enumerate(ranked):
            players[s].take(centre[k], order)
        centre = sorted(plays)
        if len(hands[0]) <= 1:
            break
    for s in range(n):
        players[s].take(hands[s][0], order)
    scores = final_scores(players, order, objectives)
    others = [scores[s] for s in range(n) if s != me]
    return scores[me] - OTHERS_WEIGHT * sum(others) / len(others)


def unseen_cards(view: dict, seat: int) -> List[int]:
    """Cards `seat` cannot place: the draw pile and the unknown part of the others' hands."""
    seen = set(view["hand"] or ())
    if view["chosen"]:
        seen.add(view["chosen"])
    seen.update(view["centre"])
    for strip in view["strips"]:
        for stack in strip:
            seen.update(stack["cards"])
    for s, known in enumerate(view["known_in_hand"]):
        if s != seat:
            seen.update(known)
    return [c for c in ALL_CARDS if c not in seen]


def evaluate(view: dict, seat: int, samples: int, rng: Rng) -> List[Tuple[float, int]]:
    """(mean value, card) for each card of the hand."""
    hand = list(view["hand"])
    order = view["score_order"]
    objectives = [o["id"] for o in view["objectives"]]
    base = [_player_from_view(strip, order) for strip in view["strips"]]
    pool = unseen_cards(view, seat)
    known = view["known_in_hand"]
    n = len(base)
    totals = {c: 0.0 for c in hand}
    for _ in range(samples):
        rng.shuffle(pool)
        deal: List[List[int]] = []
        at = 0
        for s in range(n):
            if s == seat:
                deal.append(hand)
                continue
            need = view["hand_counts"][s] - len(known[s])
            deal.append(list(known[s]) + pool[at:at + need])
            at += need
        seed = rng.next64()
        for c in hand:
            hands = [sorted(h) for h in deal]
            players = [p.copy() for p in base]
            totals[c] += _rollout(seat, c, hands, list(view["centre"]), players, order, objectives, Rng(seed))
    return [(totals[c] / samples, c) for c in hand]


def choose(engine: MindUpEngine, seat: int, level: BotLevel, rng: Rng) -> Move:
    legal = engine.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    if level is BotLevel.EASY and rng.random() < EASY_BLUNDER:
        return rng.choice(legal)
    view = engine.view(seat)
    scored = evaluate(view, seat, SAMPLES[level], rng)
    best = max(v for v, _ in scored)
    card = rng.choice([c for v, c in scored if v >= best - 1e-9])
    return Move(seat, f"play/{card}")
