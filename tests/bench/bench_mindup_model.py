"""How well the Mind Up! search models the Normal bot (a plain script; it prints, never asserts).

The "Difficile" search plays the others with `bots/mindup_search.aim`, a cheap model of the
Normal bot's choice. Over the choices of seeded Normal games (the first seat to choose in each
turn, a hand of two cards or more), this prints how often `aim` picks the Normal bot's card,
next to how often the Normal bot agrees with itself when run again with other random numbers
(its ceiling: the Normal bot samples, so it is not fully predictable) and how often the search's
previous policy did (target the centre card worth most, play the card at the same height).

    PYTHONPATH=py python3 tests/bench/bench_mindup_model.py [--games 12] [--seed 1000]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from ludotheque.bots import choose  # noqa: E402
from ludotheque.bots import mindup_search as mus  # noqa: E402
from ludotheque.bots.mindup import tally_of  # noqa: E402
from ludotheque.core.rng import Rng  # noqa: E402
from ludotheque.core.seats import BotLevel  # noqa: E402
from ludotheque.games.mindup import MindUpEngine  # noqa: E402
from ludotheque.games.mindup_data import BONUS, COLOUR  # noqa: E402
from pace import Pace, add_deadline  # noqa: E402


def previous_policy(hand, centre, tally, order) -> int:
    """The search's policy before this model (without its random share)."""
    def worth(card: int) -> int:
        j = tally.col_of[COLOUR[card]]
        return order[j if j >= 0 else tally.free] + BONUS[card]
    target = max(range(len(centre)), key=lambda k: (worth(centre[k]), -k))
    return hand[round(target * (len(hand) - 1) / max(1, len(centre) - 1))]


def card_of(move) -> int:
    return int(move.action.partition("/")[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1000)
    add_deadline(parser, 300)
    args = parser.parse_args()
    pace = Pace("bench_mindup_model", args.deadline)
    agree = {"aim": 0, "previous policy": 0, "Normal run again": 0}
    total = played = 0
    for g in range(args.games):
        if pace.skip(f"games {g + 1}-{args.games} of {args.games}"):
            break
        pace.say(f"Normal game {g + 1} of {args.games}")
        played += 1
        e = MindUpEngine([{"name": f"P{i}"} for i in range(4)], seed=args.seed + g)
        while not e.is_over():
            seat = e.to_act()[0]
            if len(e.hands[seat]) > 1 and all(c is None for c in e.chosen):
                normal = card_of(choose(e, seat, BotLevel.NORMAL))
                again = card_of(choose(e, seat, BotLevel.NORMAL, Rng(args.seed * 7919 + len(e.moves))))
                order = e.order()
                tally = tally_of(e.strips[seat], order)
                total += 1
                agree["aim"] += mus.aim(e.hands[seat], e.centre, tally, order) == normal
                agree["previous policy"] += previous_policy(e.hands[seat], e.centre, tally, order) == normal
                agree["Normal run again"] += again == normal
            e.apply(choose(e, seat, BotLevel.NORMAL))
    if total:
        print(f"{total} choices of {played} Normal games (seeds {args.seed}..{args.seed + played - 1}):")
        for name, n in agree.items():
            print(f"  {name}: picks the Normal bot's card {n / total:.1%}")
    pace.report()


if __name__ == "__main__":
    main()
