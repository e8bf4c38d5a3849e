"""Timeline benchmark: what a finished game costs to open in replay, to step through, to
draw at a ply, and to undo (prints, never asserts). The browser (Pyodide) is slower than
CPython by a roughly constant factor; see docs/performance.md.

Run: PYTHONPATH=py python3 tests/bench/bench_timeline.py
"""
from __future__ import annotations

import argparse
import importlib
import time

from ludotheque.bots import play_bots
from ludotheque.bots.mosquito import play_table
from ludotheque.core.timeline import undo_check
from ludotheque.games import engine_class
from ludotheque.games.replay import replay_logged
from ludotheque.ui import timeline as tl
from pace import Pace, add_deadline  # tests/bench: the script's folder

SEATS = {
    "mookies": ["Léa", "Max"],
    "mindup": ["Ana", "Bea", "Cyd", "Dan", "Eva", "Fil"],
    "mosquito": ["Ana", "Bea", "Cyd", "Dan"],
    "masterislands": ["Ana", "Bea", "Cyd", "Dan"],
}


def finished(game: str):
    seats = [{"name": n, "kind": "bot", "level": "normal", **({"youngest": True} if i == 0 else {})}
             for i, n in enumerate(SEATS[game])]
    engine = engine_class(game)(seats, seed=2026)
    play_table(engine) if game == "mosquito" else play_bots(engine)
    return engine.record()


def ms(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_deadline(ap, 300)
    pace = Pace("bench_timeline", ap.parse_args().deadline)
    print(f"{'game':14} {'plies':>5} {'open ms':>8} {'first ms':>9} {'back 1 ms':>9} {'next ms':>8} "
          f"{'draw ms':>8} {'undo check ms':>13}")
    for game in SEATS:
        if pace.skip(game):
            continue
        pace.say(f"{game}: a finished game of normal bots, then its timeline")
        record = finished(game)
        gui = importlib.import_module(f"ludotheque.ui.{game}")
        rp = tl.Replay.open(record)
        open_ms = ms(lambda: tl.Replay.open(record))

        def first():
            rp.go(rp.plies)
            rp.engine()
            rp.go(0)
            rp.engine()
        first_ms = ms(first)
        rp.go(rp.plies)
        rp.engine()

        def back():
            rp.go(rp.plies - 1)
            rp.engine()
            rp.go(rp.plies)
            rp._cache = None  # ◀ after ▶|: from the nearest checkpoint
        back_ms = ms(back)
        def forward():
            rp._cache = None
            rp.go(0)
            rp.engine()
            for p in range(1, rp.plies + 1):
                rp.go(p)
                rp.engine()
        next_ms = ms(forward) / rp.plies
        rp.go(rp.plies // 2)
        rp.engine()
        draw_ms = ms(lambda: tl.replay_screen(rp, gui, "fr"))
        engine, _ = replay_logged(record, len(record.moves) // 2)
        check_ms = ms(lambda: undo_check(engine))
        print(f"{game:14} {rp.plies:5d} {open_ms:8.1f} {first_ms:9.1f} {back_ms:9.1f} {next_ms:8.1f} "
              f"{draw_ms:8.1f} {check_ms:13.3f}", flush=True)
    pace.report()


if __name__ == "__main__":
    main()
