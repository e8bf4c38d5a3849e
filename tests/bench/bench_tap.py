"""Tap-to-DOM latency in a real Mookies game: click -> Python handler -> engine -> new DOM.

Plays whole two-person games (no bot timers) in headless Chromium and prints the
median and p95 over every tap. Run: `make bench` or
`python3 tests/bench/bench_tap.py [--games 3] [--deadline 300]` (after `make build`).
Prints, never asserts.
"""
from __future__ import annotations

import argparse
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

# Resolves with the ms from the click to the first change of #app, or null when nothing changed
# within `limit` ms (a tap on something inert, a message shown outside #app): a tap that never
# changes the game must not hold the benchmark forever.
TAP = """([sel, limit]) => new Promise((resolve) => {
    const app = document.getElementById('app');
    const target = document.querySelector(sel);
    if (!target) { resolve(null); return; }
    const t0 = performance.now();
    const timer = setTimeout(() => { obs.disconnect(); resolve(null); }, limit);
    const obs = new MutationObserver(() => { obs.disconnect(); clearTimeout(timer); resolve(performance.now() - t0); });
    obs.observe(app, {childList: true, subtree: true, characterData: true});
    target.click();
})"""
TAP_LIMIT_MS = 10_000
MAX_TAPS = 400  # a two-person Mookies game takes about 40


def next_target(page):
    """The control a person taps next in a two-person Mookies game, or None at the end."""
    if page.locator("[data-testid=end-screen]").count():
        return None
    for sel in ("button[data-testid^=return-]", "button[data-testid=face-up]",
                "button[data-testid=pile-1]", "button[data-testid=pile-2]"):
        if page.locator(sel).count():
            return sel
    return None


def tap_samples(page, server, games: int = 3, pace=None) -> list:
    """Tap-to-DOM times (ms) of every tap over `games` whole Mookies games, in `page`.

    Each game is a record link, which opens in replay: "Jouer à partir d'ici" starts it."""
    samples = []
    for g in range(games):
        if pace is not None:
            if pace.skip(f"tap-to-DOM games {g + 1}-{games} of {games}"):
                break
            pace.say(f"tap-to-DOM: Mookies game {g + 1} of {games}")
        e = MookiesEngine([{"name": "Ana", "youngest": True}, {"name": "Zoé"}], seed=g)
        page.goto("about:blank")
        page.goto(server.url("index.html#record=" + e.record().to_url_fragment()))
        wait_ready(page)
        page.click("[data-action=branch]")
        page.wait_for_selector("button[data-testid^=pile-]")
        taps = 0
        while (sel := next_target(page)) is not None:
            ms = page.evaluate(TAP, [sel, TAP_LIMIT_MS])
            taps += 1
            if ms is None:
                print(f"  tap-to-DOM: game {g + 1}: a tap on {sel} changed nothing within "
                      f"{TAP_LIMIT_MS} ms; game left after {taps} taps", flush=True)
                break
            samples.append(ms)
            if taps >= MAX_TAPS:
                print(f"  tap-to-DOM: game {g + 1} not over after {taps} taps; left", flush=True)
                break
    return samples


def p95(samples) -> float:
    ordered = sorted(samples)
    return ordered[int(len(ordered) * 0.95) - 1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=3)
    add_deadline(ap, 300)
    args = ap.parse_args()
    pace = Pace("bench_tap", args.deadline)
    pace.say("building the site, starting Chromium")
    build_site(ROOT)
    with SiteServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        samples = tap_samples(page, server, args.games, pace)
        browser.close()
    samples.sort()
    if samples:
        print(f"tap-to-DOM over {len(samples)} taps in {args.games} Mookies games: "
              f"median {statistics.median(samples):.1f} ms, p95 {p95(samples):.1f} ms, max {samples[-1]:.1f} ms")
    else:
        print("tap-to-DOM: no tap measured")
    pace.report()


if __name__ == "__main__":
    main()
