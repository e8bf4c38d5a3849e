"""Mookies for the shared search (bots/search.py): what the "Difficile" bot samples and plays out.

Hidden from a seat: the face under each pile's top card and every card below it. Known:
the published card list, every card laid (both faces were shown when it was taken, the
bot's memory is perfect), the card in hand, and the face showing on each pile. So a
determinisation takes the cards not yet accounted for, puts on each pile a card that has
the showing face, and shuffles the rest (random side up) into the piles at their heights.

Rollouts are short (a few turns by a quick greedy policy) and the position is then scored
by the Normal bot's own evaluation: the expected star difference with each family's
majority turned into a win probability.
"""
from __future__ import annotations

from collections import Counter
from typing import List, Sequence, Tuple

from ..core.engine import Move
from ..core.rng import Rng
from ..games.mookies import Card, Face, MookiesEngine, Phase
from ..games.mookies_deck import STANDARD_DECK
from .mookies import FAMILIES, _evaluate, star_values
from .search import Budget, SearchGame, fork, sigmoid

BUDGET = Budget(iterations=200)
STAR_SCALE = 1.5  # star difference that counts as a clear edge (values() squashes by it)
FACES = {code: Face.parse(code) for card in STANDARD_DECK for code in card.split("/")}
FAMILY_INDEX = {fam: i for i, fam in enumerate(FAMILIES)}
_UNORDERED = [tuple(sorted(code.split("/"))) for code in STANDARD_DECK]


def unaccounted_cards(engine: MookiesEngine) -> List[tuple]:
    """Cards (unordered face pairs) neither laid nor in hand: what lies in the piles, as far
    as anyone at the table can tell."""
    left = Counter(_UNORDERED)
    for entry in engine.laid_log():
        left[tuple(sorted((entry["face"], entry["other"])))] -= 1
    if engine.taken is not None:
        left[engine.taken[1].unordered()] -= 1
    out: List[tuple] = []
    for pair, n in sorted(left.items()):
        out += [pair] * max(n, 0)
    return out


def _pick_with(pool: List[tuple], face: str, rng: Rng) -> Card:
    """Remove from `pool` a card having `face` and return it with that face up."""
    fits = [i for i, pair in enumerate(pool) if face in pair]
    if not fits:  # cannot happen with a consistent view; keep the search alive anyway
        fits = list(range(len(pool)))
    pair = pool.pop(fits[rng.below(len(fits))])
    other = pair[1] if pair[0] == face else pair[0]
    return Card(FACES[face], FACES[other])


def tallies(engine: MookiesEngine) -> Tuple[List[List[int]], List[int]]:
    """Family counts (lists in Family order) and spider counts of both collections."""
    counts = [[0] * len(FAMILIES), [0] * len(FAMILIES)]
    spiders = [0, 0]
    for s in (0, 1):
        for laid in engine.collections[s]:
            face = laid.face
            if face.family is None:
                spiders[s] += 1
            else:
                counts[s][FAMILY_INDEX[face.family]] += face.weight
    return counts, spiders


def _knowledge(engine: MookiesEngine, seat: int):
    """What `seat` knows of the piles: the cards left, the faces showing, the heights."""
    view = engine.view(seat)
    return (unaccounted_cards(engine), [p["top"] for p in view["piles"]], [p["count"] for p in view["piles"]])


class MookiesSearch(SearchGame):
    exploration = 0.6
    rollout_depth = 4
    knowledge = staticmethod(_knowledge)

    def determinise(self, engine: MookiesEngine, seat: int, rng: Rng) -> MookiesEngine:
        cards, tops, heights = self.known(engine, seat)
        pool = list(cards)
        rng.shuffle(pool)
        piles: List[List[Card]] = [[], []]
        # The pile whose showing face fits fewer cards picks first, so both always find one.
        order = sorted((0, 1), key=lambda i: sum(1 for pair in pool if tops[i] in pair) if tops[i] else 99)
        top_cards = {}
        for i in order:
            if tops[i] is not None:
                top_cards[i] = _pick_with(pool, tops[i], rng)
        at = 0
        for i in (0, 1):
            below = heights[i] - (1 if i in top_cards else 0)
            for pair in pool[at:at + below]:
                a, b = (pair if rng.below(2) else (pair[1], pair[0]))
                piles[i].append(Card(FACES[a], FACES[b]))
            at += below
            if i in top_cards:
                piles[i].append(top_cards[i])
        state = fork(engine, nested=("collections",))
        state.piles = piles
        if engine._final is not None:
            state._final = dict(engine._final)
        return state

    def policy(self, engine: MookiesEngine, seat: int, rng: Rng) -> Move:
        """Quick greedy play: lay the better face, take from the pile showing the better face
        (one time in four any legal move, so rollouts see varied play)."""
        legal = engine.legal_moves(seat)
        if len(legal) == 1:
            return legal[0]
        if engine.phase is Phase.PENALTY:
            return Move(seat, "return/" + engine.fewest_star_trophy([m.action[7:] for m in legal]))
        if rng.below(4) == 0:
            return legal[rng.below(len(legal))]
        remaining = min(len(p) for p in engine.piles)
        stars = star_values(engine)
        counts, spiders = tallies(engine)

        def after(face: Face) -> float:
            if face.family is None:
                spiders[1 - seat] += 1
                v = _evaluate(stars, seat, counts, spiders, remaining)
                spiders[1 - seat] -= 1
            else:
                i = FAMILY_INDEX[face.family]
                counts[seat][i] += face.weight
                v = _evaluate(stars, seat, counts, spiders, remaining)
                counts[seat][i] -= face.weight
            return v

        if engine.phase is Phase.CHOOSE:
            card = engine.taken[1]
            return Move(seat, "face/up" if after(card.up) >= after(card.down) else "face/down")
        scored = [(after(engine.piles[int(m.action[5:]) - 1][-1].up), m) for m in legal]
        return max(scored, key=lambda vm: vm[0])[1]

    def values(self, engine: MookiesEngine, root: int) -> Sequence[float]:
        if engine.is_over():
            final = engine.result()
            stars = final["stars"]
            edge = 0.1 * sigmoid((stars[0] - stars[1]) / STAR_SCALE)
            v0 = 0.9 * (final["winner"] == 0) + edge
            return [v0, 1.0 - v0]
        counts, spiders = tallies(engine)
        remaining = min(len(p) for p in engine.piles)
        if engine.taken is not None:
            remaining = max(remaining, 1)
        v0 = sigmoid(_evaluate(star_values(engine), 0, counts, spiders, remaining) / STAR_SCALE)
        return [v0, 1.0 - v0]


GAME = MookiesSearch()
