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

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402

COUNT_PYODIDE = """() => performance.getEntriesByType('resource').some(e => /pyodide\\.asm\\.wasm(\\.gz)?$/.test(e.name))"""


def pythons(page) -> int:
    n = 0
    for frame in page.frames:
        try:
            n += 1 if frame.evaluate(COUNT_PYODIDE) else 0
        except Exception:  # a frame navigating away
            pass
    return n


def six_cold(browser, server, runs, query=""):
    times, heaps, cpu = [], [], []
    for _ in range(runs):
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
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = SiteServer(ROOT).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            base, _, _, base_cpu = six_cold(browser, server, args.runs, "?frames=hello")
            times, heaps, cold_pythons, cpu = six_cold(browser, server, args.runs)
            code, data = viewer_bytes(browser, server)
            before, after = after_try(browser, server)
            browser.close()
    finally:
        server.stop()
    print(f"six examples, cold: all painted in median {statistics.median(times):.0f} ms "
          f"(min {min(times):.0f}, max {max(times):.0f}; {args.runs} runs; target <= 300 ms)")
    print(f"baseline, six one-line static frames on the same page: median {statistics.median(base):.0f} ms "
          f"(min {min(base):.0f}): the machine's floor under its current load")
    print(f"main-thread work (CDP TaskDuration) until painted: six examples median {statistics.median(cpu):.0f} ms, "
          f"six static frames {statistics.median(base_cpu):.0f} ms")
    print(f"JS heap of the page with six examples: median {statistics.median(heaps):.1f} MB")
    print(f"Pyodide instances: {cold_pythons} before any 'Essayer' (cold runs), {before} before / {after} after "
          f"one 'Essayer' in place (targets 0 and 1)")
    total = sum(code.values())
    print(f"viewer bytes before Python: {total / 1024:.1f} KB (target <= 100 KB): "
          + ", ".join(f"{k} {v / 1024:.1f}" for k, v in sorted(code.items())))
    print(f"frames file of that example (mosquito/race, 6 positions): {data / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
