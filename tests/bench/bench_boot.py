"""Boot-to-ready benchmark (a plain script run by `make bench`; prints, never asserts).

In one Chromium run, measures the time from navigation start to <body data-ready="1">:
  stock cold  a stock PyScript hello page (tests/bench/stock.html) on the same
              vendored runtime, fresh context (empty cache) each run
  stock warm  the same page reloaded (HTTP cache)
  app cold    index.html, fresh context each run (no service worker, empty cache)
  app warm    index.html reloaded once its service worker controls the page
and prints the median and range of each, the app/stock ratios, and the app's
first contentful paint (the home page, before Python).

    python3 tests/bench/bench_boot.py [--runs 5]

Needs `make build` first (vendor/ and build/).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, SiteServer, wait_for_service_worker  # noqa: E402

# Records when <body data-ready> turns "1", in ms since navigation start.
READY_PROBE = """
new MutationObserver((_, obs) => {
  if (document.body && document.body.dataset.ready === "1" && window.__readyAt === undefined) {
    window.__readyAt = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
"""
TIMEOUT_MS = 90_000


def ready_ms(page) -> float:
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=TIMEOUT_MS, polling=50)
    return float(page.evaluate("window.__readyAt"))


def fcp_ms(page) -> float | None:
    value = page.evaluate(
        "() => { const e = performance.getEntriesByName('first-contentful-paint')[0]; return e ? e.startTime : null; }")
    return None if value is None else float(value)


def cold(browser, url: str, runs: int, with_fcp: bool = False):
    times, paints = [], []
    for _ in range(runs):
        ctx = browser.new_context()
        ctx.add_init_script(READY_PROBE)
        page = ctx.new_page()
        page.goto(url)
        times.append(ready_ms(page))
        if with_fcp:
            paints.append(fcp_ms(page))
        ctx.close()
    return times, paints


def warm(browser, url: str, runs: int, service_worker: bool):
    ctx = browser.new_context()
    ctx.add_init_script(READY_PROBE)
    page = ctx.new_page()
    page.goto(url)
    ready_ms(page)
    if service_worker:
        wait_for_service_worker(page, timeout=TIMEOUT_MS)
        page.reload()  # one more visit, so the update check of the first one is over
        ready_ms(page)
    times = []
    for _ in range(runs):
        page.reload()
        times.append(ready_ms(page))
    controlled = page.evaluate("() => !!navigator.serviceWorker.controller")
    ctx.close()
    return times, controlled


def show(label: str, values) -> str:
    values = [v for v in values if v is not None]
    med = statistics.median(values)
    return f"  {label:<11} median {med / 1000:6.2f} s   range {min(values) / 1000:5.2f}-{max(values) / 1000:5.2f} s   (n={len(values)})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    for need in ("vendor/VERSIONS.json", "build/ludotheque.zip", "build/sw-manifest.js"):
        if not (ROOT / need).exists():
            print(f"bench_boot: {need} is missing: run `make build` first", file=sys.stderr)
            return 1

    from playwright.sync_api import sync_playwright

    with SiteServer(ROOT) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stock_url = server.url("tests/bench/stock.html")
        app_url = server.url("index.html")
        # a throw-away run warms the OS file cache and the server
        cold(browser, stock_url, 1)

        stock_cold, _ = cold(browser, stock_url, args.runs)
        stock_warm, _ = warm(browser, stock_url, args.runs, service_worker=False)
        app_cold, app_fcp = cold(browser, app_url, args.runs, with_fcp=True)
        app_warm, controlled = warm(browser, app_url, args.runs, service_worker=True)
        version = browser.version
        browser.close()

    print(f"Boot to ready, Chromium {version}, {args.runs} runs each (time from navigation start):")
    print(show("stock cold", stock_cold))
    print(show("stock warm", stock_warm))
    print(show("app cold", app_cold))
    print(show("app warm", app_warm) + ("   [service worker]" if controlled else "   [NOT controlled]"))
    print(show("app FCP", app_fcp) + "   (home painted, before Python)")
    med = statistics.median
    print(f"  ratio app/stock: cold {med(app_cold) / med(stock_cold):.2f}, warm {med(app_warm) / med(stock_warm):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
