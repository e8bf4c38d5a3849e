"""Python off the main thread, the spike (issue #25; docs/performance.md, "Python off the main
thread"): the same Python (tests/bench/worker_spike.py: a Mookies game drawn as HTML text by the
app's screens) started in a PyScript worker that the page awaits (`worker`), or on the page's own
thread as index.html does today (`page`). Both boot without a snapshot, from the same vendored
runtime and package, in fresh contexts, interleaved.

Printed per variant (medians over the runs): Python ready and the first screen painted (ms since
navigation); the main thread's blocking before the first screen (the sum of each long task's
time over 50 ms, as Lighthouse's total blocking time counts it, and the longest task); the worst
wait of a task queued every 50 ms while Python starts (what a tap would wait); and tap -> new
screen painted, over `--taps` taps once ready. `--cpu` throttles the CPU (4: the tablet
profile of bench_first_visit.py). Run: `make bench`, or `python3 tests/bench/bench_worker_spike.py
[--runs 3] [--cpu 4]` after `make build`. Prints, never asserts.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "e2e"))
sys.path.insert(0, str(HERE))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, ROOT, SiteServer  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from pace import Pace, add_deadline  # noqa: E402

MODES = ("worker", "page")

SEEN = """() => {
  const s = window.spike, t = s.t;
  const before = s.long.filter(([start]) => start < t.firstScreen);
  return {python: t.python, first: t.firstScreen, error: t.error || null,
          blocking: before.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
          longest: before.reduce((m, [, d]) => Math.max(m, d), 0),
          worstWait: Math.max(0, ...s.lags)};
}"""


def one_run(browser, server, mode: str, cpu: float, taps: int) -> dict:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    try:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
        page.goto(server.url(f"tests/bench/worker-spike.html?mode={mode}"))
        page.wait_for_function("() => ['1', 'failed'].includes(document.body.dataset.ready)", timeout=180_000)
        seen = page.evaluate(SEEN)
        if seen["error"]:
            raise RuntimeError(f"{mode}: {seen['error']}")
        seen["taps"] = [page.evaluate("() => window.spikeTap()") for _ in range(taps)]
        return seen
    finally:
        ctx.close()


def median(values) -> float:
    return statistics.median(values) if values else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", type=float, default=4.0, help="CPU throttling rate (1: none)")
    ap.add_argument("--taps", type=int, default=8)
    add_deadline(ap, 300)
    args = ap.parse_args(argv)
    pace = Pace("worker-spike", args.deadline)
    if not (ROOT / "build" / "ludotheque.zip").is_file():
        print("worker-spike: build/ludotheque.zip missing: run `make build` first")
        return 1
    results = {mode: [] for mode in MODES}
    with SiteServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for run in range(args.runs):
                for mode in (MODES if run % 2 == 0 else MODES[::-1]):
                    if pace.skip(f"run {run + 1} {mode}"):
                        continue
                    pace.say(f"run {run + 1}/{args.runs}: {mode} (CPU x{args.cpu:g})")
                    results[mode].append(one_run(browser, server, mode, args.cpu, args.taps))
        finally:
            browser.close()
    print(f"\nPython in a worker vs on the page, CPU x{args.cpu:g}, medians of {args.runs} runs (ms):")
    print(f"{'variant':8} {'python':>8} {'1st screen':>10} {'blocking':>9} {'longest':>8} {'worst wait':>10} "
          f"{'tap->paint':>10} {'tap p90':>8}")
    for mode, runs in results.items():
        if not runs:
            continue
        taps = sorted(x for r in runs for x in r["taps"])
        p90 = taps[int(0.9 * (len(taps) - 1))] if taps else float("nan")
        print(f"{mode:8} {median([r['python'] for r in runs]):8.0f} {median([r['first'] for r in runs]):10.0f} "
              f"{median([r['blocking'] for r in runs]):9.0f} {median([r['longest'] for r in runs]):8.0f} "
              f"{median([r['worstWait'] for r in runs]):10.0f} {median(taps):10.1f} {p90:8.1f}")
    pace.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
