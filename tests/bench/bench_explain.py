"""Example-viewer benchmark (a plain script run by `make bench`; prints, never asserts).

Measures, in Chromium on this machine (docs/performance.md, "Explainer"):
  six cold     a host page with six viewer iframes (one per example kind,
               tests/bench/explain-six.html), fresh context (empty cache) each run:
               ms from navigation start until every frame showed its first position
               and the browser painted after it (target <= 300 ms); and the same page
               with six one-line static frames (hello-frame.html), the floor of the
               machine under its current load
  cpu          main-thread work of the page until then (CDP TaskDuration), examples and
               static frames: what the viewer costs the CPU, less sensitive to other load
  heap         the page's JS heap once the six are painted (CDP Performance metrics)
  pythons      Pyodide instances on the page before any "Essayer" (target 0) and after
               one "Essayer" in place (try=inline; target 1): frames that loaded
               pyodide.asm.wasm
  bytes        what one example costs before any Python: explain.html + CSS + JS
               (target <= 100 KB), and the frames file apart

    python3 tests/bench/bench_explain.py [--runs 5]

Needs `make build` first (vendor/ and build/, which holds the examples' frames).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402
from pace import Pace, add_deadline  # noqa: E402

COUNT_PYODIDE = """() => performance.getEntriesByType('resource').some(e => /pyodide\\.asm\\.wasm(\\.gz)?$/.test(e.name))"""


def pythons(page) -> int:
    n = 0
    for frame in page.frames:
        try:
            n += 1 if frame.evaluate(COUNT_PYODIDE) else 0
        except Exception:  # a frame navigating away
            pass
    return n


def six_cold(browser, server, runs, query="", pace=None, what=""):
    times, heaps, cpu, before = [], [], [], None
    for i in range(runs):
        if pace is not None and pace.skip(f"{what}: runs {i + 1}-{runs} of {runs}"):
            break
        ctx = browser.new_context(viewport={"width": 1024, "height": 768})
        page = ctx.new_page()
        cdp = ctx.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(server.url("tests/bench/explain-six.html" + query))
        page.wait_for_function("() => window.allPainted !== undefined", timeout=30_000, polling=20)
        times.append(float(page.evaluate("window.allPainted")))
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        heaps.append(metrics.get("JSHeapUsedSize", 0) / 1e6)
        # main-thread work of the page's renderer (all six same-origin frames share it), in ms:
        # what the examples cost the CPU, whatever else the machine is doing
        cpu.append(1000 * metrics.get("TaskDuration", 0))
        before = pythons(page)
        ctx.close()
    return times, heaps, before, cpu


def after_try(browser, server):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(server.url("tests/bench/explain-six.html"))
    page.wait_for_function("() => window.allPainted !== undefined", timeout=30_000)
    before = pythons(page)
    first = page.frame_locator("iframe").first
    first.locator("[data-testid=try]").click()
    app = None
    for _ in range(600):
        app = next((f for f in page.frames if "index.html" in f.url), None)
        if app is not None:
            break
        page.wait_for_timeout(50)
    app.wait_for_function("() => document.body && document.body.dataset.ready === '1'", timeout=120_000)
    after = pythons(page)
    ctx.close()
    return before, after


def viewer_bytes(browser, server):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url("explain.html?game=mosquito&src=build/examples/mosquito/race.fr.js"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    page.wait_for_function("() => [...document.styleSheets].length >= 4")
    entries = page.evaluate("""() => [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
        .map(e => [e.name, e.encodedBodySize || e.transferSize || 0])""")
    ctx.close()
    code = {name.split("?")[0].split("/")[-1]: size for name, size in entries if "/build/examples/" not in name}
    data = sum(size for name, size in entries if "/build/examples/" in name)
    return code, data


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    add_deadline(ap, 600)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pace = Pace("bench_explain", args.deadline)
    base, base_cpu, times, heaps, cpu = [], [], [], [], []
    cold_pythons = code = data = before = after = None
    server = SiteServer(ROOT).start()
    try:
        with sync_playwright() as p:
            pace.say("starting Chromium")
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            pace.say(f"six one-line static frames (the machine's floor): {args.runs} cold runs")
            base, _, _, base_cpu = six_cold(browser, server, args.runs, "?frames=hello", pace, "static frames")
            if not pace.skip("six examples"):
                pace.say(f"six examples: {args.runs} cold runs")
                times, heaps, cold_pythons, cpu = six_cold(browser, server, args.runs, pace=pace, what="six examples")
            if not pace.skip("viewer bytes"):
                pace.say("viewer bytes of one example")
                code, data = viewer_bytes(browser, server)
            if not pace.skip("Pyodide instances after one 'Essayer'"):
                pace.say("one 'Essayer' in place (starts Python in the frame)")
                before, after = after_try(browser, server)
            browser.close()
    finally:
        server.stop()
    med = statistics.median
    if times:
        print(f"six examples, cold: all painted in median {med(times):.0f} ms "
              f"(min {min(times):.0f}, max {max(times):.0f}; {len(times)} runs; target <= 300 ms)")
    if base:
        print(f"baseline, six one-line static frames on the same page: median {med(base):.0f} ms "
              f"(min {min(base):.0f}): the machine's floor under its current load")
    if cpu and base_cpu:
        print(f"main-thread work (CDP TaskDuration) until painted: six examples median {med(cpu):.0f} ms, "
              f"six static frames {med(base_cpu):.0f} ms")
    if heaps:
        print(f"JS heap of the page with six examples: median {med(heaps):.1f} MB")
    if after is not None:
        print(f"Pyodide instances: {cold_pythons} before any 'Essayer' (cold runs), {before} before / {after} after "
              f"one 'Essayer' in place (targets 0 and 1)")
    if code is not None:
        total = sum(code.values())
        print(f"viewer bytes before Python: {total / 1024:.1f} KB (target <= 100 KB): "
              + ", ".join(f"{k} {v / 1024:.1f}" for k, v in sorted(code.items())))
        print(f"frames file of that example (mosquito/race, 6 positions): {data / 1024:.1f} KB")
    pace.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
