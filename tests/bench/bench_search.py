"""The search bots in the browser (prints, never asserts).

1. Decision time in Pyodide: tests/bench/search.html plays arena games (Hard against Normal)
   in headless Chromium's Python and reports each level's decision time (wall clock of the
   page: performance.now) for every game.
2. Tap-to-DOM while a Hard bot thinks: the real app, a Mookies game against a Hard bot
   (?botdelay=0, so the bot thinks all the time it is its turn); we tap the rules button and
   its close button over and over and time click -> Python -> new DOM with a MutationObserver,
   counting only taps made while the status line said the bot was thinking. The person's own
   moves are made as soon as it is their turn.

Run: python3 tests/bench/bench_search.py [--games 2] [--taps 150] [--only decisions] [--game mindup]
(after `make build`).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "e2e"))
sys.path.insert(0, str(HERE.parents[1] / "py"))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, ROOT, SiteServer, build_site, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from ludotheque.games.mookies import MookiesEngine  # noqa: E402

GAMES = (("mookies", 2, None), ("mindup", 4, None), ("mosquito", 4, "normal"), ("masterislands", 2, None))

TAP = """(sel) => new Promise((resolve) => {
    const app = document.getElementById('app');
    const thinking = app.innerText.includes('réfléchit');
    const target = document.querySelector(sel);
    const wantOpen = sel.includes('[data-action=rules]');
    const t0 = performance.now();
    const obs = new MutationObserver(() => {
        if (!!document.querySelector('.rules-panel') !== wantOpen) return;  // another change (a bot move)
        obs.disconnect(); resolve([performance.now() - t0, thinking]);
    });
    obs.observe(app, {childList: true, subtree: true, characterData: true});
    target.click();
})"""


def pct(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))]


def decision_times(page, server, games: int, only_games=None) -> None:
    for game, seats, reflexes in GAMES:
        if only_games and game not in only_games:
            continue
        query = f"game={game}&games={games}&seats={seats}&a=hard&b=normal" + (f"&reflexes={reflexes}" if reflexes else "")
        page.goto(server.url(f"tests/bench/search.html?{query}"))
        wait_ready(page, timeout=1_800_000)
        out = json.loads(page.locator("#out").text_content())
        for level, st in out["time_ms"].items():
            if st:
                print(f"Pyodide {game} ({seats} seats) {level:6s}: mean {st['mean']:.0f} ms, p95 {st['p95']:.0f} ms, "
                      f"max {st['max']:.0f} ms over {st['n']} decisions ({games} games)")


def taps_while_thinking(page, server, taps: int) -> None:
    seats = [{"name": "Robot", "kind": "bot", "level": "hard", "youngest": True}, {"name": "Ana"}]
    e = MookiesEngine(seats, seed=4)
    page.goto(server.url("index.html?botdelay=0#record=" + e.record().to_url_fragment()))
    wait_ready(page, timeout=300_000)  # a shared machine may boot slowly
    thinking, other = [], []
    while len(thinking) < taps and not page.locator("[data-testid=end-screen]").count():
        if page.locator("button[data-testid=face-up]").count():
            page.evaluate("document.querySelector('button[data-testid=face-up]').click()")
            continue
        if page.locator("button[data-testid^=pile-]:not([disabled])").count():
            page.evaluate("document.querySelector('button[data-testid^=pile-]').click()")
            continue
        if page.locator("[data-testid^=return-]").count():
            page.evaluate("document.querySelector('[data-testid^=return-]').click()")
            continue
        sel = "[data-action=close-rules]" if page.locator("[data-action=close-rules]").count() else "[data-action=rules]"
        ms, during = page.evaluate(TAP, sel)
        (thinking if during else other).append(ms)
    if thinking:
        print(f"tap-to-DOM while a Hard bot thinks: {len(thinking)} taps, median {statistics.median(thinking):.1f} ms, "
              f"p95 {pct(thinking, 0.95):.1f} ms, max {max(thinking):.1f} ms")
    if other:
        print(f"tap-to-DOM otherwise: {len(other)} taps, median {statistics.median(other):.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--taps", type=int, default=150)
    ap.add_argument("--only", choices=("decisions", "taps"))
    ap.add_argument("--game", action="append", choices=[g for g, _, _ in GAMES],
                    help="decision times of this game only (repeatable; default: all four)")
    args = ap.parse_args()
    build_site(ROOT)
    with SiteServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        if args.only != "decisions":
            taps_while_thinking(page, server, args.taps)
        if args.only != "taps":
            decision_times(page, server, args.games, args.game)
        browser.close()


if __name__ == "__main__":
    main()
