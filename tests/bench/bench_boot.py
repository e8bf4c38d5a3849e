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

    python3 tests/bench/bench_boot.py [--runs 5] [--tap-games 2] [--deadline 900]

It prints a line as each part starts; past the deadline it starts nothing new, prints what it
measured and names what was cut.

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
from pace import Pace, add_deadline  # noqa: E402

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


def cold(browser, url: str, runs: int, with_fcp: bool = False, pace=None, what: str = ""):
    times, paints = [], []
    for i in range(runs):
        if pace is not None and pace.skip(f"{what}: runs {i + 1}-{runs} of {runs}"):
            break
        ctx = browser.new_context()
        ctx.add_init_script(READY_PROBE)
        page = ctx.new_page()
        page.goto(url)
        times.append(ready_ms(page))
        if with_fcp:
            paints.append(fcp_ms(page))
        ctx.close()
    return times, paints


def warm(browser, url: str, runs: int, service_worker: bool, init: str = "", pace=None, what: str = ""):
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
    for i in range(runs):
        if pace is not None and pace.skip(f"{what}: runs {i + 1}-{runs} of {runs}"):
            break
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


def app_session(browser, url: str, runs: int, tap_games: int, server, pace):
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
    pace.say(f"app warm: {runs} reloads from the snapshot")
    warm_times, profiles = [], []
    for i in range(runs):
        if pace.skip(f"app warm: runs {i + 1}-{runs} of {runs}"):
            break
        page.reload()
        warm_times.append(ready_ms(page))
        profiles.append(page.evaluate(PROFILE))
    ctx.set_offline(True)
    offline_times, offline_modes = [], set()
    pace.say(f"app offline: {runs} reloads with the network off")
    for i in range(runs):
        if pace.skip(f"app offline: runs {i + 1}-{runs} of {runs}"):
            break
        page.reload()
        offline_times.append(ready_ms(page))
        offline_modes.add(page.evaluate("window.ludoSnapshot.boot"))
    ctx.set_offline(False)
    taps = tap_samples(page, server, tap_games, pace) if tap_games else []
    ctx.close()
    return {"made": made, "warm": warm_times, "profiles": profiles, "offline": offline_times,
            "offline_modes": offline_modes, "taps": taps}


def show(label: str, values) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return f"  {label:<11} (not measured)"
    med = statistics.median(values)
    return f"  {label:<11} median {med / 1000:6.2f} s   range {min(values) / 1000:5.2f}-{max(values) / 1000:5.2f} s   (n={len(values)})"


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--tap-games", type=int, default=2, help="whole Mookies games for tap-to-DOM (0: skip)")
    add_deadline(ap, 900)
    args = ap.parse_args()
    for need in ("vendor/VERSIONS.json", "build/ludotheque.zip", "build/sw-manifest.js"):
        if not (ROOT / need).exists():
            print(f"bench_boot: {need} is missing: run `make build` first", file=sys.stderr)
            return 1

    from playwright.sync_api import sync_playwright

    from bench_tap import p95

    pace = Pace("bench_boot", args.deadline)
    runs = args.runs
    stock_cold, stock_warm, app_cold, app_fcp, app_nosnap = [], [], [], [], []
    app = {"made": {}, "warm": [], "profiles": [], "offline": [], "offline_modes": set(), "taps": []}
    with SiteServer(ROOT) as server, sync_playwright() as pw:
        pace.say("starting Chromium")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stock_url = server.url("tests/bench/stock.html")
        app_url = server.url("index.html")
        pace.say("a throw-away run (warms the OS file cache and the server)")
        cold(browser, stock_url, 1)
        pace.say(f"stock cold: {runs} fresh contexts")
        stock_cold, _ = cold(browser, stock_url, runs, pace=pace, what="stock cold")
        if not pace.skip("stock warm"):
            pace.say(f"stock warm: {runs} reloads")
            stock_warm, _ = warm(browser, stock_url, runs, service_worker=False, pace=pace, what="stock warm")
        if not pace.skip("app cold"):
            pace.say(f"app cold: {runs} fresh contexts")
            app_cold, app_fcp = cold(browser, app_url, runs, with_fcp=True, pace=pace, what="app cold")
        if not pace.skip("app warm, offline and tap-to-DOM"):
            pace.say("app: first visit, waiting for the service worker and the snapshot")
            app = app_session(browser, app_url, runs, args.tap_games, server, pace)
        # warm without the snapshot, for comparison (same service-worker setup)
        if not pace.skip("app warm -s"):
            pace.say(f"app warm -s: {runs} reloads with the snapshot off")
            app_nosnap, _ = warm(browser, app_url, runs, service_worker=True, init="window.ludoSnapshotOff = true;",
                                 pace=pace, what="app warm -s")
        version = browser.version
        browser.close()

    med = statistics.median
    modes = {p["boot"] for p in app["profiles"]}
    print(f"Boot to ready, Chromium {version}, {runs} runs each (time from navigation start):")
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
    if made:
        print(f"  snapshot: {made.get('refresh')} in {made.get('makeMs')} ms in a worker ({made.get('detail')})")
    if app["taps"]:
        taps = sorted(app["taps"])
        print(f"  tap-to-DOM over {len(taps)} taps in {args.tap_games} Mookies games (snapshot boot): "
              f"median {med(taps):.1f} ms, p95 {p95(taps):.1f} ms, max {taps[-1]:.1f} ms")

    # where the time goes in a snapshot boot (medians, ms from navigation start)
    prof = app["profiles"]
    if prof:
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

    ratios = []
    if app_cold and stock_cold:
        r = med(app_cold) / med(stock_cold)
        ratios.append(f"cold {r:.2f} (target <= 0.5: {verdict(r <= 0.5)})")
    if app["warm"] and stock_warm:
        r = med(app["warm"]) / med(stock_warm)
        ratios.append(f"warm {r:.2f} (target <= 0.35: {verdict(r <= 0.35)})")
    if app["offline"] and stock_warm:
        ratios.append(f"offline/stock warm {med(app['offline']) / med(stock_warm):.2f}")
    if app_nosnap and stock_warm:
        ratios.append(f"warm without snapshot {med(app_nosnap) / med(stock_warm):.2f}")
    if ratios:
        print("  ratio app/stock: " + ", ".join(ratios))
    targets = []
    fcp_cold = [v for v in app_fcp if v is not None]
    fcp_warm = [p["fcp"] for p in prof if p.get("fcp") is not None]
    if fcp_cold:
        targets.append(f"first paint cold {med(fcp_cold):.0f} ms (target <= 100: {verdict(med(fcp_cold) <= 100)})")
    if fcp_warm:
        targets.append(f"warm {med(fcp_warm):.0f} ms ({verdict(med(fcp_warm) <= 100)})")
    if app["taps"]:
        targets.append(f"tap-to-DOM p95 {p95(app['taps']):.1f} ms (target <= 16: {verdict(p95(app['taps']) <= 16)})")
    if targets:
        print("  " + "; ".join(targets))
    pace.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
