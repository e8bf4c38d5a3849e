"""First-visit benchmark: a family on a tablet meets the app (prints, never asserts).

A scripted first visit in a fresh browser context (empty cache, no service worker, no
snapshot), the way a person meets it: open the home page, tap L'Île des Mookies as soon as
the page is painted, spend 5 s filling the set-up form (a name, a bot and its level), press
start. Measured in the page (performance.now(), ms from navigation start):

  first paint    first-contentful-paint of the home page
  tap -> form    from the tap to the set-up form in the page (next animation frame)
  start -> move  from pressing start to the first legal move being tappable
                 (taps are timed when the script makes them, by the wall clock: a tap made
                 while Python's start-up holds the main thread is handled later, and that
                 wait counts)
                 (a `move/...` button in the game screen, Python ready): the wait a person feels
  total          navigation start to that first tappable move
  bytes          transferred (resource timing transferSize) up to that move

Beside it, the stock PyScript page (tests/bench/stock.html) under the same profile: first
paint, time to ready, bytes. Variants of index.html, run interleaved (the order turning each round) in the same browser so
that the machine's load hits them alike (A/B):

  app            index.html as built
  app -early     without js/setup-early.js: the tap waits for Python (as before #15)
  app -preload   without the preloads of the runtime files (index.html's
                 <link data-preload-after-paint> and boot.js's wasm preload, data-preload-wasm):
                 only the chain core.js -> pyodide-snapshot.mjs -> loadPyodide asks for them
  app-eager      the runtime's downloads as soon as the page is parsed, not after the first
                 paint: real preloads in index.html, boot.js without data-after-paint (the site
                 before issue #25's change)
  app-noship     index.html as built, but no build-time snapshot shipped (build/version.json
                 without "snapshots"): the first visit before scripts/make_snapshot.py
  app-plainwasm  no gzip copy of the wasm (build/runtime/ absent) and index.html preloading the
                 plain 9.6 MB file: the first visit before js/runtime-wasm.mjs (plus one 404
                 round trip: the page still asks for the .gz first)
  app-early-choice  js/pyodide-snapshot.mjs run by its own <script type=module> before
                 PyScript's: the snapshot chosen (and the shipped one downloading) as soon as
                 the page is parsed (measured, not kept)
  app-inline     css/base.css and build/boot.js inlined in index.html: the first paint waits on
                 the HTML alone (an A/B of that idea; the site keeps them as files)

Profiles: `tablet` = Chromium DevTools Protocol network emulation (20 Mbit/s down, 5 Mbit/s
up, 20 ms latency) and CPU throttling x4; `none` = unthrottled (localhost).

    python3 tests/bench/bench_first_visit.py [--runs 5] [--profile tablet|none|both]
                                             [--variants app,app-noship,app-plainwasm,app-early,app-preload,app-eager,app-early-choice,app-inline,stock]
                                             [--deadline 1800]

Needs `make build` first. Variant pages are served from a temporary folder of symlinks
to this checkout (only index.html differs).
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, SiteServer  # noqa: E402
from pace import Pace, add_deadline  # noqa: E402

PROFILES = {
    # bytes per second; latency in ms
    "tablet": {"down": 20e6 / 8, "up": 5e6 / 8, "latency": 20, "cpu": 4},
    "none": None,
}
FILL_MS = 5000
TIMEOUT_MS = 180_000
GAME = "mookies"

# In-page probe: the moments of the scripted visit, in ms from navigation start.
PROBE = """
(() => {
  const b = window.__bench = {};
  const raf = (key) => requestAnimationFrame(() => { if (b[key] === undefined) b[key] = performance.now(); });
  addEventListener("click", (ev) => {
    const t = ev.target && ev.target.closest ? ev.target : null;
    if (!t) return;
    if (t.closest(".game-card[data-game]") && b.tap === undefined) b.tap = performance.now();
    if (t.closest("[data-testid=start]") && b.start === undefined) b.start = performance.now();
  }, true);
  new MutationObserver(() => {
    const body = document.body;
    if (!body) return;
    if (body.dataset.ready === "1" && b.ready === undefined) b.ready = performance.now();
    const app = document.getElementById("app");
    if (!app || app.hidden) return;
    if (b.tap !== undefined && b.formSeen === undefined && app.querySelector("#setup-form")) {
      b.formSeen = performance.now(); raf("form");
    }
    if (b.start !== undefined && b.moveSeen === undefined && body.dataset.ready === "1"
        && app.querySelector('[data-action^="move/"]:not([disabled])')) {
      b.moveSeen = performance.now(); raf("move");
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready", "hidden"]});
})();
"""

RESULT = """(until) => {
  const b = window.__bench;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  let bytes = nav ? nav.transferSize : 0, n = 1;
  const files = {};
  // bytes by file (path in the site: the variant's folder left out), as Lighthouse counts them
  const site = (url) => new URL(url).pathname.split('/').slice(2).join('/');
  const sizes = {};
  if (nav) { sizes[site(nav.name)] = nav.transferSize; }
  for (const r of performance.getEntriesByType('resource')) {
    if (r.responseEnd <= until) {
      bytes += r.transferSize; n += 1;
      sizes[site(r.name)] = (sizes[site(r.name)] || 0) + r.transferSize;
    }
    const name = r.name.split('/').pop().split('?')[0];
    if (/pyodide\\.asm\\.wasm|python_stdlib|pyodide\\.asm\\.mjs|ludotheque\\.zip|core-.*\\.js|setup\\/|snapshot\\//.test(r.name) || /\\.html$/.test(name))
      files[name] = [Math.round(r.startTime), Math.round(r.responseEnd)];
  }
  // the shipped snapshot downloads in a worker: its timing is not in the page's resource timing
  const dl = window.ludoSnapshot && window.ludoSnapshot.download;
  if (dl && dl.end <= until) {
    bytes += dl.transferSize; n += 1;
    files['snapshot (worker)'] = [Math.round(dl.start), Math.round(dl.end)];
    sizes['build/snapshot/ (worker)'] = dl.transferSize;
  }
  const stages = window.ludoBoot ? Object.fromEntries(window.ludoBoot.stages.map(s => [s.stage, s.t])) : {};
  const snap = window.ludoSnapshot ? (window.ludoSnapshot.source || window.ludoSnapshot.boot) : "";
  return Object.assign({}, b, {fcp: fcp ? fcp.startTime : null, bytes, requests: n, files, sizes, stages, snap});
}"""


def make_variants(tmp: Path, names) -> dict:
    """A folder per variant: symlinks to this checkout, and its own index.html."""
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    edits = {
        "app": lambda s: s,
        "app-early": lambda s: re.sub(r'\s*<script src="\./js/setup-early\.js"[^>]*></script>', "", s),
        "app-preload": lambda s: re.sub(r'\s*<link data-preload-after-paint="[^"]*"[^>]*>', "", s).replace(
            '<script src="./build/boot.js" data-preload-wasm ', '<script src="./build/boot.js" '),
        "app-eager": lambda s: re.sub(r'<link data-preload-after-paint="([^"]*)"', r'<link rel="\1"', s).replace(
            '<script src="./build/boot.js" data-preload-wasm data-after-paint>', '<script src="./build/boot.js" data-preload-wasm>'),
        "app-noship": lambda s: s,
        "app-plainwasm": lambda s: s.replace(
            '<script src="./build/boot.js" data-preload-wasm data-after-paint></script>',
            '<script src="./build/boot.js" data-after-paint></script>\n'
            '  <link data-preload-after-paint="preload" href="./vendor/pyodide/pyodide.asm.wasm" as="fetch" crossorigin>'),
        # the snapshot chosen (device read, shipped download started) as soon as the page is
        # parsed, by running the wrapper from its own module script before PyScript's
        "app-early-choice": lambda s: s.replace(
            '<script type="module" src="./vendor/pyscript/core.js"></script>',
            '<script type="module" src="./js/pyodide-snapshot.mjs"></script>\n'
            '  <script type="module" src="./vendor/pyscript/core.js"></script>'),
        # the first paint waiting on the HTML alone: base.css and boot.js inlined (A/B of a first-paint idea)
        "app-inline": lambda s: s.replace(
            '<link rel="stylesheet" href="./css/base.css">',
            "<style>\n" + (ROOT / "css" / "base.css").read_text(encoding="utf-8") + "\n</style>").replace(
            '<script src="./build/boot.js" data-preload-wasm data-after-paint></script>',
            "<script data-preload-wasm data-after-paint>\n" + (ROOT / "build" / "boot.js").read_text(encoding="utf-8") + "\n</script>"),
    }
    out = {}
    for name in names:
        if name == "stock":
            out[name] = "root/tests/bench/stock.html"
            continue
        folder = tmp / name
        folder.mkdir()
        for entry in ROOT.iterdir():
            if entry.name not in ("index.html", "build") and not entry.name.startswith("."):
                (folder / entry.name).symlink_to(entry)
        link_build(folder / "build", ship_snapshot=name != "app-noship", gzip_wasm=name != "app-plainwasm")
        html = edits[name](source)
        if name not in ("app", "app-noship") and html == source:
            raise SystemExit(f"bench_first_visit: variant {name} changes nothing in index.html")
        (folder / "index.html").write_text(html, encoding="utf-8")
        out[name] = f"{name}/index.html"
    return out


def link_build(dest: Path, ship_snapshot: bool, gzip_wasm: bool = True) -> None:
    """build/ of a variant: symlinks; without ship_snapshot a version.json that lists no
    build-time snapshot (so the page never asks for it); without gzip_wasm no build/runtime/."""
    if ship_snapshot and gzip_wasm:
        dest.symlink_to(ROOT / "build")
        return
    dest.mkdir()
    for entry in (ROOT / "build").iterdir():
        if entry.name == "runtime" and not gzip_wasm:
            continue
        if ship_snapshot or entry.name not in ("version.json", "snapshot"):
            (dest / entry.name).symlink_to(entry)
    if ship_snapshot:
        return
    version = json.loads((ROOT / "build" / "version.json").read_text(encoding="utf-8"))
    version.pop("snapshots", None)
    (dest / "version.json").write_text(json.dumps(version, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def throttle(page, ctx, profile) -> None:
    if profile is None:
        return
    cdp = ctx.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": profile["latency"],
        "downloadThroughput": profile["down"], "uploadThroughput": profile["up"]})
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})


def visit_app(browser, url: str, profile) -> dict:
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    throttle(page, ctx, profile)
    try:
        page.goto(url + "?botdelay=700", wait_until="commit", timeout=TIMEOUT_MS)
        origin = page.evaluate("performance.timeOrigin")

        def now() -> float:
            """Page time (ms from navigation start) by the wall clock: right even while the
            page's main thread is too busy to answer."""
            return time.time() * 1000 - origin

        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0",
                               polling="raf", timeout=TIMEOUT_MS)
        tap_intent = now()
        page.tap(f'button.game-card[data-game="{GAME}"]', timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__bench.form !== undefined", timeout=TIMEOUT_MS, polling=50)
        form_at = page.evaluate("window.__bench.form")
        # the person fills the form: a name, the other seat a bot, its level
        page.fill("input[name=seat-0-name]", "Alice", timeout=TIMEOUT_MS)
        page.fill("input[name=seat-1-name]", "Robo", timeout=TIMEOUT_MS)
        page.select_option("select[name=seat-1-kind]", "bot", timeout=TIMEOUT_MS)
        page.select_option("select[name=seat-1-level]", "easy", timeout=TIMEOUT_MS)
        typed_at = now()  # later than form_at + a few ms when the main thread held the keys
        left = FILL_MS - (typed_at - form_at)
        if left > 0:
            page.wait_for_timeout(left)
        start_intent = now()
        page.tap("[data-testid=start]", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__bench.move !== undefined", timeout=TIMEOUT_MS, polling=50)
        result = page.evaluate(RESULT, page.evaluate("window.__bench.move"))
        # a tap waits while the page's main thread is busy (Python starting): count from the finger
        result.update(tap_intent=tap_intent, start_intent=start_intent, typed=typed_at)
        result["names_ok"] = "Alice" in page.inner_text("[data-testid=status]")
        return result
    finally:
        ctx.close()


def visit_stock(browser, url: str, profile) -> dict:
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    throttle(page, ctx, profile)
    try:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__bench.ready !== undefined", timeout=TIMEOUT_MS, polling=50)
        return page.evaluate(RESULT, page.evaluate("window.__bench.ready"))
    finally:
        ctx.close()


def stat(values, scale=1.0, unit="s", digits=2) -> str:
    values = [v for v in values if v is not None]
    if not values:
        return "-"
    med = statistics.median(values) / scale
    return f"{med:.{digits}f} {unit} ({min(values) / scale:.{digits}f}-{max(values) / scale:.{digits}f})"


def report(profile_name: str, results: dict) -> None:
    med = statistics.median
    print(f"\nProfile {profile_name}: median (range) over {max(len(v) for v in results.values())} runs, "
          f"ms/s from navigation start")
    print(f"  {'variant':<12} {'first paint':<22} {'tap -> form':<22} {'start -> move':<22} "
          f"{'total (ready for stock)':<22} {'Python ready':<22} {'bytes':<22} {'wasm downloaded at':<22}")
    for name, runs in results.items():
        if name == "stock":
            row = [stat([r["fcp"] for r in runs], 1, "ms", 0), "-", "-",
                   stat([r["ready"] for r in runs], 1000), stat([r["ready"] for r in runs], 1000)]
        else:
            row = [stat([r["fcp"] for r in runs], 1, "ms", 0),
                   stat([r["form"] - r["tap_intent"] for r in runs], 1, "ms", 0),
                   stat([r["move"] - r["start_intent"] for r in runs], 1000),
                   stat([r["move"] for r in runs], 1000), stat([r.get("ready") for r in runs], 1000)]
        row.append(stat([r["bytes"] for r in runs], 1e6, "MB", 2))
        row.append(stat([r["files"].get("pyodide.asm.wasm.gz", r["files"].get("pyodide.asm.wasm", [None, None]))[1]
                          for r in runs], 1000))
        print(f"  {name:<12} " + " ".join(f"{c:<22}" for c in row))
    app = results.get("app")
    if app:
        where = {}
        for r in app:
            for f, (s, e) in r["files"].items():
                where.setdefault(f, []).append((s, e))
        print("  where the time goes (app, medians, ms from navigation start):")
        for f, spans in sorted(where.items(), key=lambda kv: med([s for s, _ in kv[1]])):
            print(f"    fetch {f:<28} {med([s for s, _ in spans]):7.0f} -> {med([e for _, e in spans]):7.0f}")
        for stage in ("python", "games", "ready"):
            vals = [r["stages"].get(stage) for r in app if r["stages"].get(stage) is not None]
            if vals:
                print(f"    boot stage {stage:<22} {med(vals):7.0f}")
        print(f"    tap {med([r['tap_intent'] for r in app]):.0f} (handled {med([r['tap'] for r in app]):.0f}), "
              f"form {med([r['form'] for r in app]):.0f}, typing done {med([r['typed'] for r in app]):.0f}, start pressed {med([r['start_intent'] for r in app]):.0f} "
              f"(handled {med([r['start'] for r in app]):.0f}), Python ready {med([r['ready'] for r in app]):.0f}, "
              f"first move {med([r['move'] for r in app]):.0f}")
        report_bytes(app)
        boots = {name: sorted({r.get("snap") or "?" for r in runs}) for name, runs in results.items() if name != "stock"}
        print("    snapshot boots: " + ", ".join(f"{name} {'/'.join(b)}" for name, b in boots.items()))
        bad = [r for r in app if not r.get("names_ok")]
        if bad:
            print(f"  WARNING: {len(bad)} run(s) did not show the typed name in the game")
        stock = results.get("stock")
        if stock:
            ratio = med([r["move"] for r in app]) / med([r["ready"] for r in stock])
            wait = med([r["move"] - r["start_intent"] for r in app])
            form = med([r["form"] - r["tap_intent"] for r in app])
            fcp = med([r["fcp"] for r in app])
            print(f"  targets: start->move {wait / 1000:.2f} s (<= 1 s: {'met' if wait <= 1000 else 'NOT met'}); "
                  f"tap->form {form:.0f} ms (<= 150: {'met' if form <= 150 else 'NOT met'}); "
                  f"first move / stock ready {ratio:.2f} (<= 0.5: {'met' if ratio <= 0.5 else 'NOT met'}); "
                  f"first paint {fcp:.0f} ms (<= {400 if profile_name == 'tablet' else 100}: "
                  f"{'met' if fcp <= (400 if profile_name == 'tablet' else 100) else 'NOT met'})")


def precache_after(loaded) -> tuple:
    """(files, bytes) the service worker still downloads after the first move: build/precache.json
    less what the page loaded before it, by size on disk (a plain static server sends the files as
    they are). The wasm is stored decoded from its .gz, already in the HTTP cache when loaded."""
    precache = json.loads((ROOT / "build" / "precache.json").read_text(encoding="utf-8"))
    gzipped = {"vendor/pyodide/pyodide.asm.wasm": "build/runtime/pyodide.asm.wasm.gz"}
    todo = [gzipped.get(rel, rel) for rel in precache]
    todo = [rel for rel in todo if rel not in loaded and (ROOT / rel).is_file()]
    return len(todo), sum((ROOT / rel).stat().st_size for rel in todo)


def report_bytes(app) -> None:
    """Bytes before the first move by file (medians over the runs; largest first, files under 20 KB
    summed), then what the service worker's precache downloads after it, reported apart."""
    med = statistics.median
    names = sorted({f for r in app for f in r["sizes"]})
    sizes = {f: med([r["sizes"].get(f, 0) for r in app]) for f in names}
    total = med([r["bytes"] for r in app])
    print(f"  bytes before the first move (app, medians): {total / 1e6:.2f} MB in {len(names)} files")
    small = [f for f in names if sizes[f] < 20_000]
    for f in sorted(set(names) - set(small), key=lambda f: -sizes[f]):
        print(f"    {sizes[f] / 1e6:6.2f} MB  {f}")
    print(f"    {sum(sizes[f] for f in small) / 1e6:6.2f} MB  {len(small)} files under 20 KB")
    n, size = precache_after(set(names))
    print(f"  after the first move, apart: the service worker precaches {n} more files, {size / 1e6:.2f} MB")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--profile", choices=["tablet", "none", "both"], default="both")
    ap.add_argument("--variants", default="app,app-eager,app-noship,app-plainwasm,app-early,app-preload,stock")
    add_deadline(ap, 1800)
    args = ap.parse_args()
    pace = Pace("bench_first_visit", args.deadline)
    for need in ("vendor/VERSIONS.json", "build/ludotheque.zip", "build/boot.js", "build/setup"):
        if not (ROOT / need).exists():
            print(f"bench_first_visit: {need} is missing: run `make build` first", file=sys.stderr)
            return 1
    names = [v.strip() for v in args.variants.split(",") if v.strip()]
    profiles = ["tablet", "none"] if args.profile == "both" else [args.profile]

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="ludo-bench-") as tmp:
        tmp = Path(tmp)
        (tmp / "root").symlink_to(ROOT)
        urls = make_variants(tmp, names)
        with SiteServer(tmp) as server, sync_playwright() as pw:
            pace.say("starting Chromium")
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            print(f"First visit, Chromium {browser.version}, game {GAME}, {args.runs} runs per variant, interleaved")
            visit_stock(browser, server.url(urls.get("stock", "root/tests/bench/stock.html")), None)  # warm-up
            for profile_name in profiles:
                if pace.skip(f"profile {profile_name}"):
                    continue
                profile = PROFILES[profile_name]
                results = {name: [] for name in names}
                for run in range(args.runs):
                    if pace.skip(f"profile {profile_name}: rounds {run + 1}-{args.runs} of {args.runs}"):
                        break
                    pace.say(f"profile {profile_name}: round {run + 1} of {args.runs} ({len(names)} variants)")
                    # the order turns each round: the variant that follows a just-closed stock
                    # page started slower (its first paint +0.5 s on the tablet profile)
                    for name in names[run % len(names):] + names[:run % len(names)]:
                        visit = visit_stock if name == "stock" else visit_app
                        results[name].append(visit(browser, server.url(urls[name]), profile))
                        last = results[name][-1]
                        print(f"  ({profile_name} run {len(results[name])}: {name} "
                              f"{(last.get('move') or last['ready']) / 1000:.1f} s)", flush=True)
                if any(results.values()):
                    report(profile_name, {name: runs for name, runs in results.items() if runs})
            browser.close()
    pace.report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
