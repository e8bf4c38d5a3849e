"""Mookies benchmark: engine speed and the bot against a random player (prints, never asserts).

Run: PYTHONPATH=py python3 tests/bench/bench_mookies.py [--games 500]
"""
from __future__ import annotations

import argparse
import statistics
import time

from ludotheque.bots import choose, random_move
from ludotheque.core.rng import Rng
from ludotheque.games.mookies import MookiesEngine
from pace import Pace, add_deadline  # tests/bench: the script's folder


def seats(bot_seat: int):
    return [{"name": "A", "youngest": bot_seat == 0}, {"name": "B", "youngest": bot_seat == 1}]


def random_games_per_second(n: int) -> float:
    start = time.perf_counter()
    for seed in range(n):
        e = MookiesEngine(seats(0), seed=seed)
        rng = Rng(seed)
        while not e.is_over():
            e.apply(rng.choice(e.legal_moves()))
    return n / (time.perf_counter() - start)


def bot_vs_random(games: int, level: str, pace: Pace):
    wins = played = 0
    times = []
    for seed in range(games):
        if pace.skip(f"{level} vs random: games {seed + 1}-{games} of {games}"):
            break
        played += 1
        bot = seed % 2  # the bot plays first (youngest) in half the games
        e = MookiesEngine(seats(bot), seed=10_000 + seed)
        while not e.is_over():
            s = e.to_act()[0]
            if s == bot:
                t0 = time.perf_counter()
                m = choose(e, s, level)
                times.append(time.perf_counter() - t0)
            else:
                m = random_move(e, s)
            e.apply(m)
        wins += e.result()["winner"] == bot
    if not played:
        return None
    times.sort()
    return played, wins / played, statistics.mean(times) * 1000, times[int(len(times) * 0.95)] * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    add_deadline(ap, 600)
    args = ap.parse_args()
    pace = Pace("bench_mookies", args.deadline)
    pace.say("engine speed: 300 random games")
    print(f"engine: {random_games_per_second(300):.0f} random games/s (CPython)")
    for level in ("easy", "normal", "hard"):
        if pace.skip(f"{level} vs random"):
            continue
        pace.say(f"bot {level} vs random: {args.games} games")
        got = bot_vs_random(args.games, level, pace)
        if got is None:
            continue
        played, rate, mean_ms, p95_ms = got
        print(f"bot {level:6s} vs random over {played} seeded games: win rate {rate:.1%}, "
              f"decision mean {mean_ms:.2f} ms, p95 {p95_ms:.2f} ms")
    pace.report()


if __name__ == "__main__":
    main()
