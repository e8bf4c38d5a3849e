"""Tap-to-DOM latency in a real Mookies game: click -> Python handler -> engine -> new DOM.

Plays whole two-person games (no bot timers) in headless Chromium and prints the
median and p95 over every tap. Run: `make bench` or
`python3 tests/bench/bench_tap.py` (after `make build`). Prints, never asserts.
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "e2e"))
sys.path.insert(0, str(HERE.parents[1] / "py"))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, ROOT, SiteServer, build_site, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from ludotheque.games.mookies import MookiesEngine  # noqa: E402

TAP = """(sel) => new Promise((resolve) => {
    const app = document.getElementById('app');
    const target = document.querySelector(sel);
    const t0 = performance.now();
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now() - t0); });
    obs.observe(app, {childList: true, subtree: true, characterData: true});
    target.click();
})"""


def tap_samples(page, server, games: int = 3) -> list:
    """Tap-to-DOM times (ms) of every tap over `games` whole Mookies games, in `page`."""
    samples = []
    for g in range(games):
        e = MookiesEngine([{"name": "Ana", "youngest": True}, {"name": "Zoé"}], seed=g)
        page.goto("about:blank")
        page.goto(server.url("index.html#record=" + e.record().to_url_fragment()))
        wait_ready(page)
        while not page.locator("[data-testid=end-screen]").count():
            if page.locator("[data-testid^=return-]").count():
                samples.append(page.evaluate(TAP, "[data-testid^=return-]"))
                continue
            pile = "button[data-testid=pile-1]" if page.locator("button[data-testid=pile-1]").count() else "button[data-testid=pile-2]"
            samples.append(page.evaluate(TAP, pile))
            samples.append(page.evaluate(TAP, "button[data-testid=face-up]"))
    return samples


def p95(samples) -> float:
    ordered = sorted(samples)
    return ordered[int(len(ordered) * 0.95) - 1]


def main(games: int = 3) -> None:
    build_site(ROOT)
    with SiteServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        samples = tap_samples(page, server, games)
        browser.close()
    samples.sort()
    print(f"tap-to-DOM over {len(samples)} taps in {games} Mookies games: "
          f"median {statistics.median(samples):.1f} ms, p95 {p95(samples):.1f} ms, max {samples[-1]:.1f} ms")


if __name__ == "__main__":
    main()
