#!/usr/bin/env python3
"""Make the build-time memory snapshot of Ludothèque (optional step of `make build`).

A first visit has no snapshot on the device yet, so Python starts from scratch on the
page's main thread (seconds on a tablet). This script makes, once per app version, the
snapshot a device would make after its first boot, ships it with the site, and lets
js/pyodide-snapshot.mjs restore it on a first visit in the engine family that made it
(docs/performance.md, "Build-time snapshot").

  1. Serves the built site (after scripts/build.py) on 127.0.0.1 and opens a blank page
     of that origin in headless Chromium (/usr/bin/chromium, the e2e harness's flags).
  2. Runs the site's own snapshot worker (js/snapshot-worker.mjs, message keep: true):
     the vendored Pyodide starts, unpacks build/ludotheque.zip, imports the engines, bots
     and screens, makes the snapshot and hands it back instead of storing it.
  3. Writes build/snapshot/blink-<app>.bin.gz (gzip -9; the page decompresses it with
     DecompressionStream) and build/snapshot/blink.json {app, pyodide, family, length,
     sha256, size, url}, then adds it to build/version.json under "snapshots" (build.py
     keeps it there on later builds of the same app version, and only then).

Tied to the app version: made for build/version.json's "app", named after it, listed in
version.json only while the app version is the same; any older file is deleted. Nothing
happens (no browser started) when the snapshot of this version is already there. Without
Chromium (or Playwright) nothing is made and any other version's snapshot is removed:
`make build` works without a browser and then ships no snapshot. A browser that fails
does not fail the build either: no snapshot is shipped and the reason is printed.

Shipped by default: a first visit booting from it once crashed the Chromium tab ("Target
crashed") in a few runs on a loaded machine; 411 boots from it in a repro and a full run of the
suite booting from it showed no crash since (docs/performance.md, "Decisions and their
evidence"). A boot from it that never gets ready is caught at the next start and not tried
again. LUDO_SNAPSHOT=0 ships none.

    python3 scripts/make_snapshot.py            # after scripts/build.py (`make build` runs both)
    LUDO_SNAPSHOT=0 python3 scripts/make_snapshot.py   # ship none (remove it)
    python3 scripts/make_snapshot.py --force    # make it again even if up to date
    python3 scripts/make_snapshot.py --off      # ship no snapshot (remove it)
    python3 scripts/make_snapshot.py --root DIR # another built copy of the site (tests)
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FAMILY = "blink"  # the engine family headless Chromium makes snapshots for (engineFamily())
TIMEOUT_MS = 180_000
PAGE = "__make_snapshot__.html"
UPLOAD = "__make_snapshot__/upload"

# In the blank page of the site's origin: run the snapshot worker, send the bytes back.
MAKE = """async ({app, timeoutMs, upload}) => {
  const marks = {start: performance.now()};
  const worker = new Worker(new URL("js/snapshot-worker.mjs", location.href), {type: "module"});
  const d = await new Promise((ok, ko) => {
    const timer = setTimeout(() => ko(new Error("no answer from the snapshot worker in " + timeoutMs + " ms")), timeoutMs);
    worker.onmessage = (ev) => { clearTimeout(timer); ok(ev.data || {}); };
    worker.onerror = (ev) => { clearTimeout(timer); ko(new Error("snapshot worker: " + (ev.message || ev))); };
    worker.postMessage({app, keep: true, indexURL: new URL("vendor/pyodide/", location.href).href,
                        zipURL: new URL("build/ludotheque.zip", location.href).href});
  });
  marks.made = performance.now();
  worker.terminate();
  if (!d.ok) { throw new Error(d.detail); }
  const rec = d.record;
  // gzip here (zlib's default level, native): 7 MB to send instead of 31 MB
  const packed = await new Response(new Blob([rec.bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  marks.packed = performance.now();
  const res = await fetch(upload, {method: "POST", body: packed});
  marks.sent = performance.now();
  if (!res.ok) { throw new Error("upload answered " + res.status); }
  return {app: rec.app, pyodide: rec.pyodide, family: rec.family, length: rec.length, sha256: rec.sha256,
          detail: d.detail, ms: d.ms, marks};
}"""


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


site_build = _load("ludo_scripts_build", ROOT / "scripts" / "build.py")


def snapshot_dir(root: Path) -> Path:
    return root / "build" / "snapshot"


def read_version(root: Path) -> dict:
    path = root / "build" / "version.json"
    if not path.is_file():
        raise site_build.BuildError("build/version.json is missing: run scripts/build.py first")
    return json.loads(path.read_text(encoding="utf-8"))


def publish(root: Path) -> dict:
    """Write build/version.json's "snapshots" from build/snapshot/ (only this app version's)."""
    version = read_version(root)
    version.pop("snapshots", None)
    version.update(site_build.shipped_snapshots(root / "build", version["app"]))
    site_build.write_version(root / "build", version)
    return version


def remove_all(root: Path, keep: tuple = ()) -> None:
    folder = snapshot_dir(root)
    if folder.is_dir():
        for f in folder.iterdir():
            if f.name not in keep:
                f.unlink()


def up_to_date(root: Path, app: str) -> bool:
    meta = site_build.shipped_snapshots(root / "build", app).get("snapshots", {}).get(FAMILY)
    return bool(meta) and meta.get("pyodide") == runtime_pyodide(root)


def runtime_pyodide(root: Path) -> str:
    return read_version(root).get("runtime", {}).get("pyodide", "")


def why_no_browser() -> str | None:
    if os.environ.get("LUDO_SNAPSHOT", "1") == "0":
        return "LUDO_SNAPSHOT=0"
    harness = _load("ludo_e2e_harness", ROOT / "tests" / "e2e" / "e2e_harness.py")
    if not os.path.exists(harness.CHROMIUM):
        return f"no browser ({harness.CHROMIUM} is missing)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Python package playwright is not installed"
    return None


def upload_handler(base, box: dict):
    """The site server's handler class, plus POST UPLOAD (the snapshot's bytes, kept in
    box["bytes"]): straight over the socket, not through Playwright's protocol (base64, slow)."""

    class Handler(base):
        def do_POST(self):
            if self.path.lstrip("/") != UPLOAD:
                self.send_error(404)
                return
            box["bytes"] = self.rfile.read(int(self.headers["Content-Length"]))
            self.send_response(204)
            self.end_headers()

    return Handler


def make(root: Path, app: str, page, server, box: dict) -> dict:
    """Make the snapshot with a Playwright page (any context) and a SiteServer serving root
    with upload_handler(..., box)."""
    page.route(server.url(PAGE), lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>snapshot</title>"))
    page.goto(server.url(PAGE))
    t0 = time.monotonic()
    info = page.evaluate(MAKE, {"app": app, "timeoutMs": TIMEOUT_MS, "upload": server.url(UPLOAD)})
    info["page_s"] = time.monotonic() - t0
    packed = box.get("bytes", b"")
    try:
        raw = gzip.decompress(packed)
    except (OSError, EOFError) as e:
        raise RuntimeError(f"the snapshot arrived damaged: {e}") from None
    if len(raw) != info["length"] or hashlib.sha256(raw).hexdigest() != info["sha256"]:
        raise RuntimeError(f"the snapshot arrived damaged ({len(raw)} bytes, expected {info['length']})")
    if info["family"] != FAMILY:
        raise RuntimeError(f"made by engine family {info['family']}, expected {FAMILY}")
    # gzip -9 here: 1 % smaller than the page's CompressionStream (zlib's default level), once per
    # app version (docs/performance.md, "The snapshot's size"); still plain gzip, which every
    # engine's DecompressionStream reads (Chromium 156 has no "brotli" or "zstd" there)
    packed = gzip.compress(raw, compresslevel=9, mtime=0)
    name = f"{FAMILY}-{app}.bin.gz"
    folder = snapshot_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    remove_all(root)
    tmp = folder / (name + ".tmp")
    tmp.write_bytes(packed)
    os.replace(tmp, folder / name)
    meta = {"app": app, "pyodide": info["pyodide"], "family": FAMILY, "length": info["length"],
            "sha256": info["sha256"], "size": len(packed), "url": f"build/snapshot/{name}",
            "detail": info["detail"]}
    site_build.write_if_changed(folder / f"{FAMILY}.json", json.dumps(meta, indent=2, sort_keys=True) + "\n")
    return dict(meta, ms=info["ms"], page_s=info["page_s"])


def make_with_own_browser(root: Path, app: str) -> dict:
    harness = _load("ludo_e2e_harness", ROOT / "tests" / "e2e" / "e2e_harness.py")
    from playwright.sync_api import sync_playwright

    box: dict = {}
    server = harness.SiteServer(root)
    server.handler_class = upload_handler(harness._Handler, box)
    with server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        try:
            return make(root, app, browser.new_page(), server, box)
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Make build/snapshot/ (the build-time memory snapshot), if Chromium is here.")
    ap.add_argument("--root", type=Path, default=ROOT, help="built site root (default: this checkout)")
    ap.add_argument("--force", action="store_true", help="make it even if this app version's snapshot is there")
    ap.add_argument("--off", action="store_true", help="ship no snapshot: remove it")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    t0 = time.monotonic()
    try:
        app = read_version(root)["app"]
        paused = os.environ.get("LUDO_SNAPSHOT", "1") == "0"
        if up_to_date(root, app) and not (args.force or args.off or paused):  # no browser needed
            publish(root)
            print(f"snapshot: up to date for app {app}")
            return 0
        why = "--off" if args.off else why_no_browser()
        if why:
            remove_all(root)
            publish(root)
            print(f"snapshot: none shipped ({why})")
            return 0
        meta = make_with_own_browser(root, app)
        publish(root)
    except site_build.BuildError as e:
        print(f"snapshot: error: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # noqa: BLE001 - a browser that fails must not fail the build: ship no snapshot
        remove_all(root)
        publish(root)
        print(f"snapshot: none shipped (making it failed: {e})", file=sys.stderr)
        return 0
    print(f"snapshot: {meta['url']} for app {app}, {meta['length'] / 1e6:.1f} MB -> {meta['size'] / 1e6:.1f} MB gzip "
          f"({meta['detail']}; worker {meta['ms'] / 1000:.1f} s, page {meta['page_s']:.1f} s), {time.monotonic() - t0:.1f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
