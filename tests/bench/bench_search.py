"""The search bots in the browser (prints, never asserts).

1. Decision time in Pyodide: tests/bench/search.html plays arena games (Hard against Normal)
   in headless Chromium's Python and reports each level's decision time (wall clock of the
   page: performance.now) for every game.
2. Tap-to-DOM while a Hard bot thinks: the real app, a Mookies game against a Hard bot
   (?botdelay=0, so the bot thinks all the time it is its turn); we tap the rules button and
   its close button over and over and time click -> Python -> new DOM with a MutationObserver,
   counting only taps made while the status line said the bot was thinking. The person's own
   moves are made as soon as it is their turn.

Run: python3 tests/bench/bench_search.py [--games 2] [--taps 150] [--only decisions] [--game mindup] [--deadline 1800]
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
sys.path.insert(0, str(HERE))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, ROOT, SiteServer, build_site, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from ludotheque.games.mookies import MookiesEngine  # noqa: E402
from pace import Pace, add_deadline  # noqa: E402

GAMES = (("mookies", 2, None), ("mindup", 4, None), ("mosquito", 4, "normal"), ("masterislands", 2, None))

# [ms, thinking], or null when the rules panel did not open or close within `limit` ms: a tap
# that changes nothing must not hold the benchmark forever.
TAP = """([sel, limit]) => new Promise((resolve) => {
    const app = document.getElementById('app');
    const thinking = app.innerText.includes('réfléchit');
    const target = document.querySelector(sel);
    if (!target) { resolve(null); return; }
    const wantOpen = sel.includes('[data-action=rules]');
    const t0 = performance.now();
    const timer = setTimeout(() => { obs.disconnect(); resolve(null); }, limit);
    const obs = new MutationObserver(() => {
        if (!!document.querySelector('.rules-panel') !== wantOpen) return;  // another change (a bot move)
        obs.disconnect(); clearTimeout(timer); resolve([performance.now() - t0, thinking]);
    });
    obs.observe(app, {childList: true, subtree: true, characterData: true});
    target.click();
})"""
TAP_LIMIT_MS = 10_000


def pct(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * q))]


def decision_times(page, server, games: int, only_games, pace) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    chosen = [g for g in GAMES if not only_games or g[0] in only_games]
    for i, (game, seats, reflexes) in enumerate(chosen):
        if pace.skip(f"decision times of {', '.join(g for g, _, _ in chosen[i:])}"):
            break
        pace.say(f"decision times: {game}, {games} games in Pyodide ({i + 1} of {len(chosen)})")
        query = f"game={game}&games={games}&seats={seats}&a=hard&b=normal" + (f"&reflexes={reflexes}" if reflexes else "")
        page.goto(server.url(f"tests/bench/search.html?{query}"))
        left_ms = max(60_000, (pace.seconds - pace.elapsed()) * 1000)
        try:
            wait_ready(page, timeout=left_ms)
        except PlaywrightTimeout:
            pace.cut.append(f"decision times of {game} (its games were still playing at the deadline)")
            break
        out = json.loads(page.locator("#out").text_content())
        for level, st in out["time_ms"].items():
            if st:
                print(f"Pyodide {game} ({seats} seats) {level:6s}: mean {st['mean']:.0f} ms, p95 {st['p95']:.0f} ms, "
                      f"max {st['max']:.0f} ms over {st['n']} decisions ({games} games)")


def taps_while_thinking(page, server, taps: int, pace) -> None:
    pace.say(f"tap-to-DOM while a Hard Mookies bot thinks: up to {taps} taps")
    seats = [{"name": "Robot", "kind": "bot", "level": "hard", "youngest": True}, {"name": "Ana"}]
    e = MookiesEngine(seats, seed=4)
    page.goto(server.url("index.html?botdelay=0#record=" + e.record().to_url_fragment()))
    wait_ready(page, timeout=300_000)  # a shared machine may boot slowly
    page.click("[data-action=branch]")  # a record link opens in replay: play on from its start
    thinking, other = [], []
    while len(thinking) < taps and not page.locator("[data-testid=end-screen]").count():
        if pace.skip(f"taps while thinking: {len(thinking)} of {taps} made"):
            break
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
        got = page.evaluate(TAP, [sel, TAP_LIMIT_MS])
        if got is None:
            print(f"  a tap on {sel} changed nothing within {TAP_LIMIT_MS} ms; taps stopped", flush=True)
            break
        ms, during = got
        (thinking if during else other).append(ms)
    if thinking:
        print(f"tap-to-DOM while a Hard bot thinks: {len(thinking)} taps, median {statistics.median(thinking):.1f} ms, "
              f"p95 {pct(thinking, 0.95):.1f} ms, max {max(thinking):.1f} ms")
    if other:
        print(f"tap-to-DOM otherwise: {len(other)} taps, median {statistics.median(other):.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--taps", type=int, default=150)
    ap.add_argument("--only", choices=("decisions", "taps"))
    ap.add_argument("--game", action="append", choices=[g for g, _, _ in GAMES],
                    help="decision times of this game only (repeatable; default: all four)")
    add_deadline(ap, 1800)
    args = ap.parse_args()
    pace = Pace("bench_search", args.deadline)
    pace.say("building the site, starting Chromium")
    build_site(ROOT)
    with SiteServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        if args.only != "decisions":
            taps_while_thinking(page, server, args.taps, pace)
        if args.only != "taps":
            decision_times(page, server, args.games, args.game, pace)
        browser.close()
    pace.report()


if __name__ == "__main__":
    main()
