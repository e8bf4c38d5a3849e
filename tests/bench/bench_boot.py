"""Boot benchmark (a plain script run by `make bench`; prints, never asserts).

In one Chromium run, measures the time from navigation start to <body data-ready="1">:
  stock cold   a stock PyScript hello page (tests/bench/stock.html) on the same
               vendored runtime, fresh context (empty cache) each run
  stock warm   the same page reloaded (HTTP cache)
  app cold     index.html, fresh context each run (no service worker, no snapshot on the
               device; the build-time snapshot when `make build` shipped one)
  app warm     index.html reloaded once its service worker controls the page and
               the memory snapshot is stored: boots from the snapshot
  app warm -s  the same, with the snapshot turned off (window.ludoSnapshotOff):
               what the snapshot saves
  app offline  the warm context with the network off (service worker + snapshot)
and the app's first contentful paint (the home page, before Python), the
tap-to-DOM latency of whole Mookies games (tests/bench/bench_tap.py) in the
snapshot-booted app, a profile of the snapshot boot (where the time goes) and
the app/stock ratios against the targets of docs/performance.md ("## Boot").

    python3 tests/bench/bench_boot.py [--runs 5] [--tap-games 2]

Needs `make build` first (vendor/ and build/).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

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


def warm(browser, url: str, runs: int, service_worker: bool, init: str = ""):
    ctx = browser.new_context()
    ctx.add_init_script(READY_PROBE)
    if init:
        ctx.add_init_script(init)
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


SNAPSHOT_MADE = "() => ['made', 'failed'].includes(window.ludoSnapshot.refresh)"
PROFILE = """() => ({ready: window.__readyAt,
                     fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime, boot: window.ludoSnapshot.boot, load: window.ludoSnapshot.ms,
                     stages: Object.fromEntries(window.ludoBoot.stages.map(s => [s.stage, s.t])),
                     resources: performance.getEntriesByType('resource').filter(r => /core\\.js|pyodide-snapshot|pyodide\\.asm\\.(mjs|wasm)|python_stdlib|ludotheque\\.zip/.test(r.name))
                       .map(r => [r.name.split('/').pop(), Math.round(r.startTime), Math.round(r.responseEnd)])})"""


def app_session(browser, url: str, runs: int, tap_games: int, server):
    """One profile: first visit, the snapshot is made, then `runs` warm reloads, `runs`
    offline reloads, and the tap-to-DOM games, all booted from the snapshot."""
    from bench_tap import tap_samples

    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    ctx.add_init_script(READY_PROBE)
    ctx.add_init_script("window.ludoSnapshotDelayMs = 0;")
    page = ctx.new_page()
    page.goto(url)
    ready_ms(page)
    wait_for_service_worker(page, timeout=TIMEOUT_MS)
    page.wait_for_function(SNAPSHOT_MADE, timeout=TIMEOUT_MS, polling=100)
    made = page.evaluate("() => Object.assign({}, window.ludoSnapshot)")
    page.reload()  # the update check of the first visit is over
    ready_ms(page)
    warm_times, profiles = [], []
    for _ in range(runs):
        page.reload()
        warm_times.append(ready_ms(page))
        profiles.append(page.evaluate(PROFILE))
    ctx.set_offline(True)
    offline_times, offline_modes = [], set()
    for _ in range(runs):
        page.reload()
        offline_times.append(ready_ms(page))
        offline_modes.add(page.evaluate("window.ludoSnapshot.boot"))
    ctx.set_offline(False)
    taps = tap_samples(page, server, tap_games) if tap_games else []
    ctx.close()
    return {"made": made, "warm": warm_times, "profiles": profiles, "offline": offline_times,
            "offline_modes": offline_modes, "taps": taps}


def show(label: str, values) -> str:
    values = [v for v in values if v is not None]
    med = statistics.median(values)
    return f"  {label:<11} median {med / 1000:6.2f} s   range {min(values) / 1000:5.2f}-{max(values) / 1000:5.2f} s   (n={len(values)})"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tap-games", type=int, default=2, help="whole Mookies games for tap-to-DOM (0: skip)")
    args = ap.parse_args()
    for need in ("vendor/VERSIONS.json", "build/ludotheque.zip", "build/sw-manifest.js"):
        if not (ROOT / need).exists():
            print(f"bench_boot: {need} is missing: run `make build` first", file=sys.stderr)
            return 1

    from playwright.sync_api import sync_playwright

    from bench_tap import p95

    with SiteServer(ROOT) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stock_url = server.url("tests/bench/stock.html")
        app_url = server.url("index.html")
        # a throw-away run warms the OS file cache and the server
        cold(browser, stock_url, 1)

        stock_cold, _ = cold(browser, stock_url, args.runs)
        stock_warm, _ = warm(browser, stock_url, args.runs, service_worker=False)
        app_cold, app_fcp = cold(browser, app_url, args.runs, with_fcp=True)
        app = app_session(browser, app_url, args.runs, args.tap_games, server)
        # warm without the snapshot, for comparison (same service-worker setup)
        app_nosnap, _ = warm(browser, app_url, args.runs, service_worker=True, init="window.ludoSnapshotOff = true;")
        version = browser.version
        browser.close()

    med = statistics.median
    modes = {p["boot"] for p in app["profiles"]}
    print(f"Boot to ready, Chromium {version}, {args.runs} runs each (time from navigation start):")
    print(show("stock cold", stock_cold))
    print(show("stock warm", stock_warm))
    shipped = "snapshots" in (ROOT / "build" / "version.json").read_text(encoding="utf-8")
    print(show("app cold", app_cold) + ("   (empty cache: build-time snapshot, kept afterwards)" if shipped
                                        else "   (empty cache: normal boot, snapshot made afterwards)"))
    print(show("app warm", app["warm"]) + f"   [boot: {','.join(sorted(modes))}]")
    print(show("app warm -s", app_nosnap) + "   (snapshot off: service worker only)")
    print(show("app offline", app["offline"]) + f"   [boot: {','.join(sorted(app['offline_modes']))}]")
    print(show("app FCP", app_fcp) + "   (cold: home painted, before Python)")
    print(show("app FCP w", [p.get("fcp") for p in app["profiles"]]) + "   (warm: from the service worker)")
    made = app["made"]
    print(f"  snapshot: {made.get('refresh')} in {made.get('makeMs')} ms in a worker ({made.get('detail')})")
    if app["taps"]:
        taps = sorted(app["taps"])
        print(f"  tap-to-DOM over {len(taps)} taps in {args.tap_games} Mookies games (snapshot boot): "
              f"median {med(taps):.1f} ms, p95 {p95(taps):.1f} ms, max {taps[-1]:.1f} ms")

    # where the time goes in a snapshot boot (medians, ms from navigation start)
    prof = app["profiles"]
    stages = ["python", "games", "ready"]
    cols = {s: med([p["stages"].get(s, float("nan")) for p in prof]) for s in stages}
    print("  profile of the warm (snapshot) boot, medians in ms from navigation start:")
    res = {}
    for p in prof:
        for name, start, end in p["resources"]:
            res.setdefault(name, []).append((start, end))
    for name, spans in sorted(res.items(), key=lambda kv: med([s for s, _ in kv[1]])):
        print(f"    fetch {name:<28} {med([s for s, _ in spans]):6.0f} -> {med([e for _, e in spans]):6.0f}")
    print(f"    'Loading interpreter' (stage python) at {cols['python']:.0f}; loadPyodide incl. snapshot read+check "
          f"{med([p['load'] for p in prof]):.0f} ms; files + main.py from {cols['games']:.0f}; ready at "
          f"{med([p['ready'] for p in prof]):.0f}")

    r_cold = med(app_cold) / med(stock_cold)
    r_warm = med(app["warm"]) / med(stock_warm)
    r_off = med(app["offline"]) / med(stock_warm)
    fcp = med([v for v in app_fcp if v is not None])
    fcp_warm = med([p["fcp"] for p in app["profiles"] if p.get("fcp") is not None])
    print(f"  ratio app/stock: cold {r_cold:.2f} (target <= 0.5: {verdict(r_cold <= 0.5)}), "
          f"warm {r_warm:.2f} (target <= 0.35: {verdict(r_warm <= 0.35)}), offline/stock warm {r_off:.2f}; "
          f"warm without snapshot {med(app_nosnap) / med(stock_warm):.2f}")
    print(f"  first paint cold {fcp:.0f} ms (target <= 100: {verdict(fcp <= 100)}), warm {fcp_warm:.0f} ms "
          f"({verdict(fcp_warm <= 100)})", end="")
    if app["taps"]:
        print(f"; tap-to-DOM p95 {p95(app['taps']):.1f} ms (target <= 16: {verdict(p95(app['taps']) <= 16)})")
    else:
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
