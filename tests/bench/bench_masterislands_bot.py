"""MasterIslands benchmark (a plain script, not collected by pytest; it prints, never asserts).

1. Conquest enumeration on a dense random 15x15 grid (225 cards, values drawn like the
   deck, some galleons): a full enumeration from scratch, and the incremental one the
   engine makes after a card is laid or a galleon moves (only the 4 lines through each
   changed cell are recomputed), in ms per enumeration.
2. Engine speed: random games per second per mode.
3. The bot against random players over seeded games per mode, with its decision time:
   solo 2 players (the bot's seat alternates), team (the bot team alternates), corsair
   (4 players, medium: half the games the bot is the Corsair against a random crew,
   half the crew are bots against a random Corsair), with random-vs-random baselines.
4. Levels head to head (normal vs easy, hard vs normal) in solo 2-player games.

    PYTHONPATH=py python3 tests/bench/bench_masterislands_bot.py [--games 300] [--level normal]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "py"))

from ludotheque.bots import bot_rng, random_move  # noqa: E402
from ludotheque.bots import masterislands as bot  # noqa: E402
from ludotheque.core.rng import Rng  # noqa: E402
from ludotheque.core.seats import BotLevel  # noqa: E402
from ludotheque.games.masterislands import ConquestIndex, MasterIslandsEngine, full_deck  # noqa: E402
from pace import Pace, add_deadline  # noqa: E402 (tests/bench: the script's folder)

SIZE = 15


def dense_grid(seed: int):
    rng = Rng(seed)
    values = [c.value for c in full_deck()]
    cells = {(x, y): rng.choice(values) for y in range(SIZE) for x in range(SIZE)}
    galleons = [(rng.below(SIZE), rng.below(SIZE)) for _ in range(8)]
    return cells, galleons


def bench_enumeration(rounds: int = 10) -> None:
    full_ms, inc_ms, counts, biggest = [], [], [], []
    for seed in range(rounds):
        cells, galleons = dense_grid(seed)
        t0 = time.perf_counter()
        index = ConquestIndex()
        for pos, v in cells.items():
            index.add(pos, v)
        for pos in galleons:
            index.block(pos)
        found = index.all()
        full_ms.append((time.perf_counter() - t0) * 1000)
        counts.append(len(found))
        biggest.append(max(len(f) for _, f in index.by_line()))
        rng = Rng(100 + seed)
        for _ in range(20):  # a galleon moves, a card is taken and laid again elsewhere
            src = galleons[rng.below(len(galleons))]
            dst = (min(SIZE - 1, src[0] + 1), src[1])
            gone = (rng.below(SIZE), rng.below(SIZE))
            t0 = time.perf_counter()
            index.unblock(src)
            index.block(dst)
            galleons[galleons.index(src)] = dst
            if gone in index.values:
                value = index.values[gone]
                index.remove(gone)
                index.add(gone, value)
            index.all()
            inc_ms.append((time.perf_counter() - t0) * 1000)
    print(f"conquests on a dense {SIZE}x{SIZE} grid (225 cards, 8 galleons), {rounds} grids:")
    print(f"  conquests per grid: mean {statistics.mean(counts):.0f}, max {max(counts)}; "
          f"largest list on one line: {max(biggest)}")
    print(f"  full enumeration: mean {statistics.mean(full_ms):.1f} ms, max {max(full_ms):.1f} ms")
    print(f"  incremental (galleon move + a card taken and laid): mean {statistics.mean(inc_ms):.2f} ms, "
          f"max {max(inc_ms):.2f} ms")


MODES = {
    "solo-2p": (2, {}),
    "team": (4, {"mode": "team"}),
    "corsair-4p": (4, {"mode": "corsair", "difficulty": "medium"}),
}


def engine_for(mode: str, seed: int) -> MasterIslandsEngine:
    n, options = MODES[mode]
    return MasterIslandsEngine([{"name": f"P{i}"} for i in range(n)], options=options, seed=seed)


def winners(engine: MasterIslandsEngine) -> set:
    w = engine.result()["winner"]
    return set(w) if isinstance(w, list) else ({w} if w is not None else set())


def play(mode: str, seed: int, bots: set, level: BotLevel, times: list) -> MasterIslandsEngine:
    engine = engine_for(mode, seed)
    while not engine.is_over():
        seat = engine.to_act()[0]
        if seat in bots:
            t0 = time.perf_counter()
            move = bot.choose(engine, seat, level, bot_rng(engine, seat))
            times.append(time.perf_counter() - t0)
        else:
            move = random_move(engine, seat)
        engine.apply(move)
    return engine


def bench_speed(games: int = 100) -> None:
    for mode in MODES:
        t0 = time.perf_counter()
        moves = 0
        for seed in range(games):
            moves += len(play(mode, seed, set(), BotLevel.NORMAL, []).moves)
        dt = time.perf_counter() - t0
        print(f"engine {mode}: {games / dt:.0f} random games/s, {moves / dt / 1000:.1f}k moves/s (CPython)")


def sides(mode: str, g: int):
    """(seats the bot plays, seats whose win counts for it, label) for game number g."""
    if mode == "solo-2p":
        return {g % 2}, {g % 2}, "bot"
    if mode == "team":
        team = {0, 2} if g % 2 == 0 else {1, 3}
        return team, team, "bot team"
    if g % 2 == 0:
        return {0}, {0}, "bot Corsair vs random crew"
    return {1, 2, 3}, {1, 2, 3}, "bot crew vs random Corsair"


def bench_bot(games: int, level: BotLevel, pace: Pace) -> None:
    for mode in MODES:
        if pace.skip(f"bot vs random, {mode}"):
            continue
        pace.say(f"bot vs random: {mode}, {games} games and their all-random baselines")
        times: list = []
        wins: dict = {}
        base: dict = {}
        t0 = time.perf_counter()
        for g in range(games):
            if pace.skip(f"bot vs random, {mode}: games {g + 1}-{games} of {games}"):
                break
            seed = 50_000 + g
            bots, side, label = sides(mode, g)
            engine = play(mode, seed, bots, level, times)
            got = wins.setdefault(label, [0, 0])
            got[0] += bool(winners(engine) & side)
            got[1] += 1
            random_game = play(mode, seed, set(), level, [])
            ref = base.setdefault(label, [0, 0])
            ref[0] += bool(winners(random_game) & side)
            ref[1] += 1
        elapsed = time.perf_counter() - t0
        if not times:
            continue
        times.sort()
        for label, (w, n) in wins.items():
            b = base[label]
            print(f"{mode}: {label} ({level.value}) wins {w / n:.1%} of {n} seeded games "
                  f"(same seats all random: {b[0] / b[1]:.1%})")
        print(f"  decision time: mean {statistics.mean(times) * 1000:.2f} ms, "
              f"p95 {times[int(len(times) * 0.95)] * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms "
              f"over {len(times)} decisions; {elapsed:.0f} s for {sum(n for _, n in wins.values())} games and their baselines")


def bench_levels(games: int, pace: Pace) -> None:
    """Head to head in solo 2-player games, seats alternating: is each level stronger?"""
    for strong, weak in ((BotLevel.NORMAL, BotLevel.EASY), (BotLevel.HARD, BotLevel.NORMAL)):
        if pace.skip(f"{strong.value} vs {weak.value}"):
            continue
        pace.say(f"levels head to head: {strong.value} vs {weak.value}, {games} games")
        wins = played = 0
        for g in range(games):
            if pace.skip(f"{strong.value} vs {weak.value}: games {g + 1}-{games} of {games}"):
                break
            played += 1
            engine = engine_for("solo-2p", 70_000 + g)
            levels = {g % 2: strong, 1 - g % 2: weak}
            while not engine.is_over():
                seat = engine.to_act()[0]
                engine.apply(bot.choose(engine, seat, levels[seat], bot_rng(engine, seat)))
            wins += engine.result()["winner"] == g % 2
        if played:
            print(f"solo-2p: {strong.value} beats {weak.value} in {wins / played:.1%} of {played} seeded games")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--level", default="normal", choices=[lv.value for lv in BotLevel])
    parser.add_argument("--skip-enumeration", action="store_true")
    parser.add_argument("--level-games", type=int, default=150, help="head-to-head games per pair of levels (0: none)")
    add_deadline(parser, 900)
    args = parser.parse_args()
    pace = Pace("bench_masterislands_bot", args.deadline)
    if not args.skip_enumeration:
        pace.say("conquest enumeration on dense grids")
        bench_enumeration()
        pace.say("engine speed: random games per mode")
        bench_speed()
    bench_bot(args.games, BotLevel(args.level), pace)
    if args.level_games:
        bench_levels(args.level_games, pace)
    pace.report()


if __name__ == "__main__":
    main()
