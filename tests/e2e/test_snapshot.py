"""Snapshot boot (js/pyodide-snapshot.mjs): Pyodide starts from a memory snapshot made on the device,
or on a first visit from the one shipped with the site (scripts/make_snapshot.py).

The first visit boots normally, then a worker makes the snapshot and stores it in
IndexedDB; later visits boot from it, online and offline. A damaged or mismatched
snapshot is refused, the app boots normally and the snapshot is made again; an app
update makes the old one useless and it is replaced. net_guard checks that no
request leaves 127.0.0.1.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from e2e_harness import (SiteServer, _Handler, _load_script, build_site, cache_names, copy_site, wait_for_caches,
                         wait_for_service_worker, wait_ready)
from test_mookies_ui import play_human_turns

# these pages make and use snapshots (the harness turns them off elsewhere)
# and their pages install the service worker (offline boots, updates)
pytestmark = [pytest.mark.snapshot_making, pytest.mark.service_worker]

NO_DELAY = "window.ludoSnapshotDelayMs = 0;"

SNAPSHOT_INFO = """() => new Promise((resolve, reject) => {
  const req = indexedDB.open("ludotheque-snapshot", 1);
  req.onupgradeneeded = () => req.result.createObjectStore("snapshot");
  req.onerror = () => reject(req.error);
  req.onsuccess = () => {
    const db = req.result;
    const get = db.transaction("snapshot").objectStore("snapshot").get("current");
    get.onsuccess = () => {
      db.close();
      const r = get.result;
      resolve(r ? {app: r.app, pyodide: r.pyodide, length: r.length, size: r.bytes.byteLength} : null);
    };
  };
})"""

# Rewrites the stored record: change(record, bytes Uint8Array) edits it in place;
# when rehash is true the SHA-256 is recomputed (so only Pyodide itself can refuse it).
# The first call keeps the good record in a database of the test's own ("ludo-test-pristine", which
# the app never opens); every call edits a copy of that good record, so each bad case starts from
# a snapshot the app made, without the app making one again in between.
TAMPER = """async ([change, rehash]) => {
  const open = (name, version, upgrade) => new Promise((ok, ko) => {
    const req = indexedDB.open(name, version);
    if (upgrade) req.onupgradeneeded = () => req.result.createObjectStore("r");
    req.onsuccess = () => ok(req.result); req.onerror = () => ko(req.error);
  });
  const get = (db, name) => new Promise((ok) => {
    const g = db.transaction(name, "readonly").objectStore(name).get(name === "r" ? "good" : "current");
    g.onsuccess = () => ok(g.result);
  });
  const put = (db, name, value) => new Promise((ok, ko) => {
    const tx = db.transaction(name, "readwrite");
    tx.objectStore(name).put(value, name === "r" ? "good" : "current");
    tx.oncomplete = ok; tx.onerror = () => ko(tx.error);
  });
  const db = await open("ludotheque-snapshot", 1);
  const keep = await open("ludo-test-pristine", 1, true);
  let rec = await get(keep, "r");
  if (!rec) { rec = await get(db, "snapshot"); await put(keep, "r", rec); }
  const bytes = new Uint8Array(rec.bytes.slice(0));
  new Function("rec", "bytes", change)(rec, bytes);
  rec.bytes = bytes.buffer;
  if (rehash) {
    const d = await crypto.subtle.digest("SHA-256", bytes);
    rec.sha256 = Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  await put(db, "snapshot", rec);
  db.close(); keep.close();
}"""

# Set in a page's sessionStorage, the next boots of that tab make no snapshot (as the other tests' pages).
MAKE_NONE = ("try { if (sessionStorage.getItem('ludo-test-make-none')) window.ludoSnapshotKeepOff = true; }"
             " catch (e) {}")


@pytest.fixture
def own_server(make_site):
    """A server on a private copy of the site: its version stays put while the test runs."""
    with SiteServer(make_site()) as server:
        yield server


def snapshot_state(page) -> dict:
    return page.evaluate("() => Object.assign({}, window.ludoSnapshot)")


def wait_snapshot_made(page) -> None:
    page.wait_for_function("() => window.ludoSnapshot && ['made', 'failed'].includes(window.ludoSnapshot.refresh)",
                           timeout=60_000)
    state = snapshot_state(page)
    assert state["refresh"] == "made", state
    # every module of the package went in, the browser glue too (nothing skipped in the worker)
    assert "skipped" not in state["detail"], state


def play_a_few_turns(page) -> None:
    page.click("button.game-card[data-game=mookies]")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=status]")
    assert play_human_turns(page, turns=3) == 3


def boot_once_and_make_snapshot(page, open_app, server=None) -> None:
    page.add_init_script(NO_DELAY)
    open_app(page, "?botdelay=0", server=server)
    state = snapshot_state(page)
    assert state["boot"] == "normal" and state["rejected"] == "", state
    wait_snapshot_made(page)
    wait_for_service_worker(page)


def tamper_and_reboot(page, change: str, rehash: bool) -> dict:
    """Edit the stored snapshot (see TAMPER), reload, and return how that boot went."""
    page.evaluate(TAMPER, [change, rehash])
    page.reload()
    wait_ready(page)
    return snapshot_state(page)


def test_snapshot_boot_online_then_offline_and_one_that_never_got_ready_is_not_tried_again(page, open_app, own_server):
    boot_once_and_make_snapshot(page, open_app, own_server)
    info = page.evaluate(SNAPSHOT_INFO)
    version = json.loads((own_server.directory / "build" / "version.json").read_text())
    assert info["app"] == version["app"] and info["length"] == info["size"] > 10_000_000

    page.reload()
    wait_ready(page)
    assert snapshot_state(page)["boot"] == "snapshot"
    assert page.evaluate("localStorage.getItem('ludotheque/v1/snapshot-trying')") is None
    play_a_few_turns(page)

    page.context.set_offline(True)
    try:
        page.goto(own_server.url("index.html?botdelay=0"))
        wait_ready(page)
        assert page.evaluate("navigator.onLine") is False
        assert snapshot_state(page)["boot"] == "snapshot"
        play_a_few_turns(page)
    finally:
        page.context.set_offline(False)

    # as if the last snapshot boot had hung or crashed before the app was ready
    page.evaluate("localStorage.setItem('ludotheque/v1/snapshot-trying', 'x')")
    page.reload()
    wait_ready(page)
    state = snapshot_state(page)
    assert state["boot"] == "normal" and "never got ready" in state["rejected"], state
    assert page.evaluate("localStorage.getItem('ludotheque/v1/snapshot-trying')") is None
    wait_snapshot_made(page)
    page.reload()
    wait_ready(page)
    assert snapshot_state(page)["boot"] == "snapshot"


# Ways a stored snapshot goes bad, each edited into the record by TAMPER: (what, the edit, whether
# the SHA-256 is recomputed, what the refusal says). Each one is refused and the app boots
# normally; after the last, it plays and the snapshot is made again.
BAD_SNAPSHOTS = [
    # bytes flipped in the middle of the heap: the stored SHA-256 no longer matches
    ("damaged", "for (let i = 0; i < 4096; i++) bytes[(bytes.length >> 1) + i] ^= 0xff;", False, ["SHA-256"]),
    # a consistent record (SHA-256 recomputed) whose header names another Pyodide build: only
    # Pyodide's own check ("Snapshot build id mismatch") can refuse it
    ("refused by Pyodide", "for (let i = 16; i < 48; i++) bytes[i] ^= 0x5a;", True,
     ["Pyodide refused the snapshot", "build id mismatch"]),
    ("another Pyodide", "rec.pyodide = '0.0.0';", False, ["made for Pyodide 0.0.0"]),
    # WebKit and Chromium/Firefox crash on each other's snapshots: the family is checked first
    ("another engine family", "rec.family = 'webkit';", False, ["made by engine webkit, this is blink"]),
]


def test_a_bad_stored_snapshot_falls_back_to_a_normal_boot_then_is_made_again(page, open_app, own_server):
    page.add_init_script(MAKE_NONE)
    boot_once_and_make_snapshot(page, open_app, own_server)
    assert page.evaluate("() => import('./js/snapshot-store.mjs').then(m => m.engineFamily())") == "blink"
    for n, (what, change, rehash, said) in enumerate(BAD_SNAPSHOTS):
        last = n == len(BAD_SNAPSHOTS) - 1
        # each case edits the good snapshot made above; only after the last is one made again
        page.evaluate("last => last ? sessionStorage.removeItem('ludo-test-make-none')"
                      " : sessionStorage.setItem('ludo-test-make-none', '1')", last)
        state = tamper_and_reboot(page, change, rehash)
        assert state["boot"] == "normal", (what, state)
        for words in said:
            assert words in state["rejected"], (what, state)
    play_a_few_turns(page)  # the normal boot plays (then reloads open that game)
    wait_snapshot_made(page)
    page.reload()
    wait_ready(page)
    assert snapshot_state(page)["boot"] == "snapshot"


def test_a_new_deploy_replaces_the_cache_and_the_snapshot_and_keeps_the_saves(new_context, make_site, open_app):
    """A real deploy (the Python package changed, the site built again in place) on a device that
    has the old version's cache and snapshot: the new service worker precaches the new build and
    deletes the old cache, the old snapshot is refused and a new one made, the saves stay, and
    the new version boots offline."""
    site = make_site()
    v1 = json.loads((site / "build" / "version.json").read_text())["app"]
    with SiteServer(site) as server:
        page = new_context().new_page()
        boot_once_and_make_snapshot(page, open_app, server=server)
        assert page.evaluate(SNAPSHOT_INFO)["app"] == v1
        assert cache_names(page) == [f"ludotheque-{v1}"]
        page.evaluate("localStorage.setItem('ludotheque/v1/save/x', 'keep-me')")

        init = site / "py" / "ludotheque" / "__init__.py"
        init.write_text(init.read_text(encoding="utf-8") + "\nDEPLOY_MARK = 3  # added by the test\n", encoding="utf-8")
        v2 = build_site(site)["app"]
        assert v2 != v1

        # the next visits: the browser's update check finds the new build, the new service worker
        # takes over; that boot refuses v1's snapshot, boots normally and makes v2's
        for _ in range(20):
            try:
                page.reload()
                wait_ready(page)
                if snapshot_state(page).get("app") == v2:  # this boot ran the new version
                    break
            except PlaywrightError:  # boot.js reloads a page still booting when the new version takes over
                pass
            page.wait_for_timeout(500)
        else:
            raise AssertionError("the new version never took over")
        state = snapshot_state(page)
        if state["boot"] != "snapshot":  # this boot refused v1's snapshot and is making v2's
            assert state["boot"] == "normal", state
            wait_snapshot_made(page)
        assert page.evaluate(SNAPSHOT_INFO)["app"] == v2
        wait_for_caches(page, [f"ludotheque-{v2}"])  # the old cache is gone

        page.reload()
        wait_ready(page)
        assert snapshot_state(page)["boot"] == "snapshot"
        assert page.evaluate(SNAPSHOT_INFO)["app"] == v2
        assert page.evaluate("() => fetch('build/version.json').then(r => r.json())")["app"] == v2
        assert page.evaluate("localStorage.getItem('ludotheque/v1/save/x')") == "keep-me"

        # and the new cache is complete: the new version boots offline
        server.stop()
        page.reload()
        wait_ready(page)
        assert snapshot_state(page)["app"] == v2


PROBE_MAIN = '''"""main.py of a test: checks the PyScript API and what the snapshot brought, then starts the app."""
import sys

from pyscript import config, document, when, window

window.__preimported = "ludotheque.games.mookies" in sys.modules
window.__preimportedWeb = "ludotheque.web.app" in sys.modules
window.__interpreter = str(config.get("interpreter"))


@when("click", "#lang-toggle")
def _probe(event):
    window.__whenFired = True


from ludotheque.web.app import main  # noqa: E402

main()
'''


def test_pyscript_api_works_after_a_snapshot_boot(page, make_site, open_app):
    site = make_site()
    (site / "py" / "main.py").write_text(PROBE_MAIN, encoding="utf-8")
    build_site(site)
    with SiteServer(site) as server:
        boot_once_and_make_snapshot(page, open_app, server)
        assert page.evaluate("window.__preimported") is False  # a normal boot imports on demand
        page.reload()
        wait_ready(page)
        assert snapshot_state(page)["boot"] == "snapshot"
        assert page.evaluate("window.__preimported") is True  # the engines came with the snapshot
        # the browser glue too, imported in the worker with stand-ins for document and window:
        # the page's Python must hold the page's own (the game below is drawn through them)
        assert page.evaluate("window.__preimportedWeb") is True
        assert page.evaluate("window.__interpreter") == "./js/pyodide-snapshot.mjs"
        page.click("#lang-toggle")
        page.wait_for_function("() => window.__whenFired === true")
        play_a_few_turns(page)


# ---- the snapshot shipped with the site (scripts/make_snapshot.py) -----------------------------

@pytest.fixture(scope="module")
def shipped_site(tmp_path_factory, built_site, browser):
    """A built copy of the site with its build-time snapshot: the one `make build` made for
    this same app version when there is one (CI), else made here once for this module by
    scripts/make_snapshot.py's own code (the site's snapshot worker in this Chromium)."""
    make_snapshot = _load_script("make_snapshot")
    site = copy_site(built_site, tmp_path_factory.mktemp("shipped"))
    app = json.loads((site / "build" / "version.json").read_text())["app"]
    if make_snapshot.up_to_date(built_site, app):
        shutil.copytree(make_snapshot.snapshot_dir(built_site), make_snapshot.snapshot_dir(site))
    else:
        box: dict = {}
        server = SiteServer(site)
        server.handler_class = make_snapshot.upload_handler(_Handler, box)
        page = browser.new_page()
        try:
            with server:
                make_snapshot.make(site, app, page, server, box)
        finally:
            page.close()
    make_snapshot.publish(site)
    assert json.loads((site / "build" / "version.json").read_text())["snapshots"]["blink"]["app"] == app
    return site


def version_served_as(change):
    """A SiteServer handler that serves build/version.json edited by change(dict)."""

    class Handler(_Handler):
        def do_GET(self):
            if self.path.split("?")[0] != "/build/version.json":
                return super().do_GET()
            self.server.hits.append(self.path)
            version = json.loads((Path(self.directory) / "build" / "version.json").read_text())
            change(version)
            body = json.dumps(version).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


def shipped_requests(server) -> list:
    return [hit for hit in server.hits if hit.startswith("/build/snapshot/")]


# Which workers the page starts (their script URLs' last part), in window.__workers.
WORKERS_SEEN = """
window.__workers = [];
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  window.__workers.push(String(url).split("/").pop());
  return new RealWorker(url, options);
};
"""
STORE_WORKER = "snapshot-store-worker.mjs"


@pytest.mark.parametrize("store_worker", ["runs", "missing"])
def test_first_visit_boots_from_the_shipped_snapshot_then_keeps_it(page, open_app, shipped_site, store_worker,
                                                                   net_guard):
    """The shipped snapshot is kept by the store worker (off the main thread), then read at the
    next visit; when that worker's script cannot load, the page keeps it itself."""
    with SiteServer(shipped_site) as server:
        page.add_init_script(NO_DELAY)
        page.add_init_script(WORKERS_SEEN)
        if store_worker == "missing":
            page.route(f"**/{STORE_WORKER}", lambda route: route.fulfill(status=404, body="gone"))
            net_guard.allow_http_error(STORE_WORKER)
        open_app(page, "?botdelay=0", server=server)
        state = snapshot_state(page)
        assert state["boot"] == "snapshot" and state["source"] == "shipped" and state["rejected"] == "", state
        assert len(shipped_requests(server)) == 1
        # downloaded, gunzipped and checked by the download worker, which told its timing
        size = json.loads((shipped_site / "build" / "version.json").read_text())["snapshots"]["blink"]["size"]
        download = state["download"]
        assert download and download["transferSize"] >= size and 0 < download["start"] <= download["end"], state
        play_a_few_turns(page)
        # its bytes become this device's snapshot: the next visit reads it from IndexedDB
        wait_snapshot_made(page)
        assert snapshot_state(page)["detail"] == "kept the shipped snapshot"
        assert STORE_WORKER in page.evaluate("window.__workers")
        page.reload()
        wait_ready(page)
        state = snapshot_state(page)
        assert state["boot"] == "snapshot" and state["source"] == "device", state
        assert len(shipped_requests(server)) == 1


def test_a_shipped_snapshot_of_another_version_or_damaged_is_refused(new_context, open_app, shipped_site):
    def other_app(version):
        version["snapshots"]["blink"]["app"] = "0123456789ab"

    def other_hash(version):
        version["snapshots"]["blink"]["sha256"] = "0" * 64

    def first_visit(change, then=None):
        """A first visit (fresh context) to the site whose version.json is served edited by change:
        how it booted and how many times the shipped snapshot was requested."""
        server = SiteServer(shipped_site)
        server.handler_class = version_served_as(change)
        with server:
            page = new_context().new_page()
            open_app(page, "?botdelay=0", server=server)
            if then:
                then(page)
            return snapshot_state(page), len(shipped_requests(server))

    state, requests = first_visit(other_app)
    assert state["boot"] == "normal" and "shipped snapshot made for app 0123456789ab" in state["rejected"], state
    assert requests == 0  # refused before a byte of it was downloaded

    state, requests = first_visit(other_hash, then=play_a_few_turns)  # the normal boot plays
    assert state["boot"] == "normal" and state["rejected"] == "shipped snapshot refused: SHA-256 mismatch", state
    assert requests == 1


# ---- nothing big before the first paint (issue #25) --------------------------------------------

# The runtime's downloads in the page's resource timing (the shipped snapshot downloads in a
# worker and is reported apart, ludoSnapshot.download): what must not start before the paint.
RUNTIME_FILES = r"pyodide\.asm\.wasm|python_stdlib\.zip|pyodide-lock\.json|ludotheque\.zip|pyodide\.asm\.mjs|/build/snapshot/"

PAINT_AND_DOWNLOADS = """(pattern) => {
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const runtime = new RegExp(pattern);
  const files = performance.getEntriesByType("resource").filter((r) => runtime.test(r.name))
    .map((r) => ({file: new URL(r.name).pathname, start: r.startTime, by: r.initiatorType}));
  return {fcp: fcp ? fcp.startTime : null, painted: window.ludoBoot.paintedAt, files,
          snapshot: window.ludoSnapshot.download || null};
}"""


def test_no_runtime_download_starts_before_the_first_paint(page, open_app, shipped_site):
    """A first visit (Blink, the shipped snapshot): the home page paints before a byte of the
    runtime is asked for; then every runtime file is asked for once (the preloads are what
    Pyodide and PyScript take over) and the game boots and plays."""
    with SiteServer(shipped_site) as server:
        page.add_init_script(NO_DELAY)
        open_app(page, "?botdelay=0", server=server)
        seen = page.evaluate(PAINT_AND_DOWNLOADS, RUNTIME_FILES)
        fcp = seen["fcp"]
        assert fcp is not None and fcp > 0, seen
        # ludoBoot.afterPaint resolved on the paint itself, not on its fallback (3 s after navigation)
        assert seen["painted"] is not None and fcp <= seen["painted"] < fcp + 2000, seen
        files = {f["file"] for f in seen["files"]}
        for wanted in ("/build/runtime/pyodide.asm.wasm.gz", "/build/runtime/python_stdlib.zip",
                       "/build/runtime/pyodide-lock.json", "/build/ludotheque.zip", "/vendor/pyodide/pyodide.asm.mjs"):
            assert wanted in files, seen
        early = [f for f in seen["files"] if f["start"] < fcp]
        assert not early, f"runtime downloads started before the first contentful paint at {fcp:.0f} ms: {early}"
        # the preloads are made (after the paint) and taken over: one request each
        preloaded = {f["file"] for f in seen["files"] if f["by"] == "link"}
        assert {"/build/runtime/pyodide.asm.wasm.gz", "/build/runtime/python_stdlib.zip",
                "/build/ludotheque.zip"} <= preloaded, seen
        for path in ("/build/runtime/pyodide.asm.wasm.gz", "/build/runtime/python_stdlib.zip", "/build/ludotheque.zip"):
            assert sum(1 for hit in server.hits if hit.split("?")[0] == path) == 1, (path, server.hits)
        # the shipped snapshot, downloaded in a worker, after the paint too
        state = snapshot_state(page)
        assert state["boot"] == "snapshot" and state["source"] == "shipped", state
        assert seen["snapshot"] and seen["snapshot"]["start"] >= fcp, seen
        # no link left waiting: every data-preload-after-paint became a preload
        assert page.locator("link[data-preload-after-paint]").count() == 0
        assert page.locator('link[rel="modulepreload"][href="./vendor/pyodide/pyodide.mjs"]').count() == 1
        play_a_few_turns(page)
