"""Mookies bot: it remembers every card laid (easy: only the last few), guesses hidden faces
(hard: from the published card list), and values a face by how it moves each family's
majority and the spider comparison.

The evaluation is the expected star difference at the end, with each family's
majority turned into a win probability that is sharper when few cards remain.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import List, Sequence, Tuple

from ..core.engine import Move
from ..core.rng import Rng
from ..core.seats import BotLevel
from ..games.mookies import Face, Family, MookiesEngine
from ..games.mookies_deck import STANDARD_DECK

EASY_MEMORY = 6        # an easy bot remembers only the last few cards laid
EASY_BLUNDER = 0.3     # and sometimes plays without thinking


def _win_probability(margin: float, remaining: int) -> float:
    spread = 0.8 + remaining / 10.0
    return 0.5 + 0.5 * math.tanh(margin / spread)


class Memory:
    """What the bot knows of both collections (from the public log), seen from `seat`."""

    def __init__(self, engine: MookiesEngine, seat: int, level: BotLevel) -> None:
        log = engine.laid_log()
        if level is BotLevel.EASY:
            log = log[-EASY_MEMORY:]
        self.counts = [Counter(), Counter()]
        self.spiders = [0, 0]
        for entry in log:
            face = Face.parse(entry["face"])
            if face.is_spider:
                self.spiders[entry["collection"]] += 1
            else:
                self.counts[entry["collection"]][face.family] += face.weight
        self.seen_cards = Counter(tuple(sorted((e["face"], e["other"]))) for e in engine.laid_log())


FAMILIES = tuple(Family)


def star_values(engine: MookiesEngine) -> List[int]:
    """Stars of each family's trophy, in Family order (the evaluation works on plain lists: fast)."""
    return [engine.stars(f) for f in FAMILIES]


def _evaluate(stars: Sequence[int], seat: int, counts: Sequence[Sequence[int]], spiders: Sequence[int],
              remaining: int) -> float:
    """Expected stars of `seat` minus the opponent's; `counts[s][i]` is seat s's count of family i."""
    mine, theirs = counts[seat], counts[1 - seat]
    value = 0.0
    likely_me: List[int] = []
    likely_opp: List[int] = []
    for i, star in enumerate(stars):
        margin = mine[i] - theirs[i]
        p_me = _win_probability(margin - 0.5, remaining) if margin > 0 or remaining else 0.0
        p_opp = _win_probability(-margin - 0.5, remaining) if margin < 0 or remaining else 0.0
        value += star * (p_me - p_opp)
        if p_me > 0.5:
            likely_me.append(star)
        if p_opp > 0.5:
            likely_opp.append(star)
    # The spider penalty costs the penalised player their cheapest likely trophy.
    spider_margin = spiders[seat] - spiders[1 - seat]
    p_me_penalised = _win_probability(spider_margin - 0.5, remaining)
    p_opp_penalised = _win_probability(-spider_margin - 0.5, remaining)
    value -= p_me_penalised * (min(likely_me) if likely_me else 0.0)
    value += p_opp_penalised * (min(likely_opp) if likely_opp else 0.0)
    return value


def _after(engine: MookiesEngine, seat: int, mem: Memory, face: Face, remaining: int) -> float:
    counts = [[mem.counts[s][f] for f in FAMILIES] for s in (0, 1)]
    spiders = list(mem.spiders)
    if face.is_spider:
        spiders[1 - seat] += 1
    else:
        counts[seat][FAMILIES.index(face.family)] += face.weight
    return _evaluate(star_values(engine), seat, counts, spiders, remaining)


def _hidden_faces(mem: Memory, up_code: str, use_card_list: bool) -> List[str]:
    """Faces that may lie under `up_code`: any unseen face, or (hard) only the faces that share
    a card with `up_code` in the published card list."""
    unseen = Counter(tuple(sorted(card.split("/"))) for card in STANDARD_DECK)
    unseen.subtract(mem.seen_cards)
    if not use_card_list:
        faces: List[str] = []
        for (a, b), n in unseen.items():
            faces += [a, b] * max(n, 0)
        return [f for f in faces if f != up_code] or [f.value for f in Family]
    out: List[str] = []
    for (a, b), n in unseen.items():
        if n <= 0:
            continue
        if a == up_code:
            out += [b] * n
        if b == up_code:
            out += [a] * n
    return out or [f.value for f in Family]


def choose(engine: MookiesEngine, seat: int, level: BotLevel, rng: Rng) -> Move:
    legal = engine.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    view = engine.view(seat)
    if view["phase"] == "penalty":
        return Move(seat, "return/" + engine.fewest_star_trophy(view["penalty"]["choices"]))
    if level is BotLevel.EASY and rng.random() < EASY_BLUNDER:
        return rng.choice(legal)
    mem = Memory(engine, seat, level)
    remaining = min(p["count"] for p in view["piles"])
    if view["phase"] == "choose":
        taken = view["taken"]
        scores = {
            side: _after(engine, seat, mem, Face.parse(taken[side]), remaining) for side in ("up", "down")
        }
        best = max(scores.values())
        return Move(seat, "face/" + rng.choice([s for s in ("up", "down") if scores[s] >= best - 1e-9]))
    # take: the visible face, or on average the hidden one, whichever is better
    options: List[Tuple[float, Move]] = []
    for move in legal:
        pile = int(move.action.split("/")[1]) - 1
        up = view["piles"][pile]["top"]
        hidden = _hidden_faces(mem, up, use_card_list=level is BotLevel.HARD)
        v_up = _after(engine, seat, mem, Face.parse(up), remaining)
        v_hidden = [_after(engine, seat, mem, Face.parse(h), remaining) for h in hidden]
        # A Mookie below a spider can still be chosen: per possible hidden face, the better side.
        expected = sum(max(v_up, v) for v in v_hidden) / len(v_hidden)
        # Emptying a pile ends the game: only worth it when ahead.
        if view["piles"][pile]["count"] == 1:
            expected = v_up if v_up > 0 else expected - 0.01
        options.append((expected, move))
    best = max(v for v, _ in options)
    return rng.choice([m for v, m in options if v >= best - 1e-9])
