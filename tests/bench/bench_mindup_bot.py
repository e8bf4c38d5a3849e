"""Mind Up! bot benchmark (a plain script, not collected by pytest; it prints, never asserts).

One bot against three random players in 4-player games, over seeded games (the bot's seat
turns round the table): its win rate (a shared victory counts as a fraction), its mean
score margin, and its decision time (mean and 95th percentile).

    PYTHONPATH=py python3 tests/bench/bench_mindup_bot.py [--games 300] [--level normal] [--objectives 0]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from ludotheque.bots import bot_rng, random_move  # noqa: E402
from ludotheque.bots import mindup as mindup_bot  # noqa: E402
from ludotheque.core.seats import BotLevel  # noqa: E402
from ludotheque.games.mindup import MindUpEngine  # noqa: E402
from pace import Pace, add_deadline  # noqa: E402


def play(seed: int, bot_seat: int, level: BotLevel, objectives: int, times: list) -> tuple:
    seats = [{"name": f"P{i}"} for i in range(4)]
    engine = MindUpEngine(seats, options={"objectives": objectives}, seed=seed)
    while not engine.is_over():
        seat = engine.to_act()[0]
        if seat == bot_seat:
            t0 = time.perf_counter()
            move = mindup_bot.choose(engine, seat, level, bot_rng(engine, seat))
            times.append(time.perf_counter() - t0)
        else:
            move = random_move(engine, seat)
        engine.apply(move)
    result = engine.result()
    winner = result["winner"]
    winners = winner if isinstance(winner, list) else [winner]
    share = 1.0 / len(winners) if bot_seat in winners else 0.0
    scores = result["scores"]
    others = [s for i, s in enumerate(scores) if i != bot_seat]
    return share, scores[bot_seat] - sum(others) / len(others)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--level", default="normal", choices=[lv.value for lv in BotLevel])
    parser.add_argument("--objectives", type=int, default=0)
    add_deadline(parser, 600)
    args = parser.parse_args()
    pace = Pace("bench_mindup_bot", args.deadline)
    level = BotLevel(args.level)
    times: list = []
    wins = 0.0
    margin = 0.0
    t0 = time.perf_counter()
    played = 0
    for g in range(args.games):
        if pace.skip(f"games {g + 1}-{args.games} of {args.games}"):
            break
        if g % 50 == 0:
            pace.say(f"1 {level.value} bot vs 3 random: game {g + 1} of {args.games}")
        played += 1
        share, m = play(1000 + g, g % 4, level, args.objectives, times)
        wins += share
        margin += m
    elapsed = time.perf_counter() - t0
    if not played:
        pace.report()
        return
    times.sort()
    mean = sum(times) / len(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"mindup bot level={level.value} objectives={args.objectives}: 1 bot vs 3 random, {played} games")
    print(f"  win rate {100 * wins / played:.1f}% (random would be 25%)")
    print(f"  mean score margin over the others {margin / played:+.2f}")
    print(f"  decision time mean {1000 * mean:.1f} ms, p95 {1000 * p95:.1f} ms over {len(times)} decisions")
    print(f"  wall time {elapsed:.1f} s")
    pace.report()


if __name__ == "__main__":
    main()
