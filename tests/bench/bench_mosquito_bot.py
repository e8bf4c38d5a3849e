"""Mosquito PLAF! benchmark: the bot against random players (prints, never asserts).

Each game seats one bot and three random players (the bot's seat rotates), 4 rounds, and is
played with timed events in time order (``play_table``). Points: lower is better.

- "random" players choose uniformly among legal turn moves, slap with a random hand at a
  random time within the window, call "Moustique !" half the time and catch half the time;
- "random play, bot reflexes" players choose turn moves at random but slap, call and catch
  like the bot at the same level: the difference with the bot is its card play alone.

Run: PYTHONPATH=py python3 tests/bench/bench_mosquito_bot.py [--games 300] [--level normal]
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import List, Optional, Tuple

from ludotheque.bots.mosquito import TablePlayer, alert_rng, play_table, race_rng
from ludotheque.core.engine import Move
from ludotheque.core.rng import Rng
from ludotheque.core.seats import BotLevel
from ludotheque.games.mosquito import MosquitoEngine
from pace import Pace, add_deadline  # tests/bench: the script's folder

SEATS = 4


class RandomPlayer(TablePlayer):
    def turn(self, engine: MosquitoEngine, seat: int, rng: Rng) -> Move:
        return rng.choice(engine.turn_moves(seat))

    def slap(self, engine: MosquitoEngine, seat: int) -> Optional[Tuple[str, int]]:
        rng = race_rng(engine, seat)
        return rng.choice("LR"), rng.below(engine.options["slap_window_ms"])

    def call_delay(self, engine: MosquitoEngine, seat: int) -> Optional[int]:
        rng = alert_rng(engine, seat, seat)
        return rng.below(3000) if rng.random() < 0.5 else None

    def catch_delay(self, engine: MosquitoEngine, seat: int, target: int) -> Optional[int]:
        rng = alert_rng(engine, seat, target)
        return rng.below(3000) if rng.random() < 0.5 else None


class RandomPlayBotReflexes(TablePlayer):
    def turn(self, engine: MosquitoEngine, seat: int, rng: Rng) -> Move:
        return rng.choice(engine.turn_moves(seat))


def run(games: int, level: BotLevel, opponent, pace: Pace, label: str) -> Tuple[float, float, List[float], int, int]:
    bot_points: List[int] = []
    other_points: List[int] = []
    times: List[float] = []
    wins = 0
    played = 0
    for g in range(games):
        if pace.skip(f"vs {label}: games {g + 1}-{games} of {games}"):
            break
        if g % 50 == 0:
            pace.say(f"bot vs 3 x {label}: game {g + 1} of {games}")
        played += 1
        bot = g % SEATS
        players = [TablePlayer(level) if s == bot else opponent(level) for s in range(SEATS)]
        engine = MosquitoEngine([{"name": f"P{s}"} for s in range(SEATS)], seed=20_000 + g)

        def timed(e, seat, seconds):
            if seat == bot and len(e.turn_moves(seat)) > 1:  # a real choice, not a forced draw or pass
                times.append(seconds)

        play_table(engine, players, on_turn=timed)
        scores = engine.result()["scores"]
        bot_points.append(scores[bot])
        other_points += [scores[s] for s in range(SEATS) if s != bot]
        wins += engine.result()["winner"] == bot
    if not played:
        return 0.0, 0.0, times, 0, 0
    return statistics.mean(bot_points), statistics.mean(other_points), times, wins, played


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--level", default="normal", choices=[lv.value for lv in BotLevel])
    add_deadline(ap, 600)
    args = ap.parse_args()
    pace = Pace("bench_mosquito_bot", args.deadline)
    level = BotLevel(args.level)
    start = time.perf_counter()
    for label, opponent in (("random", RandomPlayer), ("random play, bot reflexes", RandomPlayBotReflexes)):
        if pace.skip(f"vs {label}"):
            continue
        bot, others, times, wins, played = run(args.games, level, opponent, pace, label)
        if not played or not times:
            continue
        times.sort()
        print(f"{level.value} bot vs 3 x {label}, {played} seeded 4-player games of 4 rounds:")
        print(f"  average points: bot {bot:.1f}, {label} {others:.1f} (lower is better); "
              f"bot wins {wins / played:.1%} (chance: 25%)")
        print(f"  decision time: mean {statistics.mean(times) * 1000:.2f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms "
              f"over {len(times)} turns with a choice (CPython; Pyodide is about 2x slower)")
    print(f"total {time.perf_counter() - start:.1f} s")
    pace.report()


if __name__ == "__main__":
    main()
