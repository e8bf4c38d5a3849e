/*
 * Makes the memory snapshot of Ludothèque (see js/pyodide-snapshot.mjs), in a
 * module worker so the page stays responsive.
 *
 * Message in: {app, indexURL, zipURL, keep}. Starts the vendored Pyodide
 * on the page's lean standard library (STDLIB_URL) with _makeSnapshot,
 * unpacks build/ludotheque.zip into /home/pyodide (where
 * PyScript's [files] puts it), imports every module of the package, the
 * browser glue (ludotheque.web) included, makes the
 * snapshot and stores it in IndexedDB (js/snapshot-store.mjs) with its app
 * version, Pyodide version, engine family (engineFamily), length and SHA-256. Message out: {ok, detail, ms}.
 *
 * With keep: true (scripts/make_snapshot.py, at build time in headless Chromium) nothing
 * is stored: the record itself comes back in the message (its bytes transferred), to be
 * shipped with the site. Same worker, same imports: a shipped snapshot is exactly what a
 * device would have made.
 */
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { engineFamily, sha256Hex, writeSnapshot } from "./snapshot-store.mjs";
import { LOCK_URL, STDLIB_URL, withRuntimeWasm } from "./runtime-wasm.mjs";

const IMPORT_ALL = `
import pkgutil, importlib, ludotheque
_done, _skipped = [], []
for _m in pkgutil.walk_packages(ludotheque.__path__, "ludotheque."):
    _name = _m.name
    if _name in ("ludotheque.cli", "ludotheque.__main__"):
        continue
    try:
        importlib.import_module(_name)
        _done.append(_name)
    except Exception as _e:
        _skipped.append(_name + ": " + repr(_e))
import sys
for _n in ("json", "random", "dataclasses", "typing", "urllib.parse", "importlib", "base64", "zlib"):
    __import__(_n)
_result = "%d modules imported%s" % (len(_done), ("; skipped " + ", ".join(_skipped)) if _skipped else "")
del _m, _name, _done, _skipped, _n, pkgutil, importlib, sys
_result
`;

/*
 * The browser glue binds page globals at import (`from js import document, window`),
 * which a worker lacks. Pyodide records each JS object Python holds in a snapshot as
 * its path from the globals (["document"]) and looks it up again in the page that
 * restores it, so the worker's Python only needs something at those names while
 * importing: empty stand-ins. Nothing of the glue runs at import (it only defines), so
 * the stand-ins are never used; the restored page's Python holds the real document.
 */
const PAGE_ONLY = { document: {}, window: {} };
const GLOBALS = new Proxy(globalThis, {
  get: (target, key) => (Object.hasOwn(PAGE_ONLY, key) ? PAGE_ONLY[key] : Reflect.get(target, key)),
  has: (target, key) => Object.hasOwn(PAGE_ONLY, key) || Reflect.has(target, key),
});

self.onmessage = async (ev) => {
  const { app, indexURL, zipURL, keep } = ev.data;
  const t0 = performance.now();
  try {
    const py = await withRuntimeWasm(indexURL, () => loadPyodide({ indexURL, stdLibURL: STDLIB_URL, lockFileURL: LOCK_URL, jsglobals: GLOBALS, _makeSnapshot: true, stdout: () => {}, stderr: () => {} }));
    const res = await fetch(zipURL);
    if (!res.ok) { throw new Error("bundle answered " + res.status); }
    py.unpackArchive(await res.arrayBuffer(), "zip", { extractDir: "/home/pyodide" });
    const summary = String(py.runPython(IMPORT_ALL));
    py.runPython("del _result");
    const bytes = py.makeMemorySnapshot();
    const sha256 = await sha256Hex(bytes);
    // a copy that owns exactly its bytes (the snapshot may be a view)
    const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer : bytes.slice().buffer;
    const record = { app, pyodide: version, family: engineFamily(), length: bytes.length, sha256, bytes: buffer, made: Date.now() };
    const done = { ok: true, detail: summary + ", " + bytes.length + " bytes", ms: Math.round(performance.now() - t0) };
    if (keep) {
      self.postMessage(Object.assign(done, { record }), [buffer]);
      return;
    }
    await writeSnapshot(record);
    self.postMessage(done);
  } catch (e) {
    self.postMessage({ ok: false, detail: String(e && e.stack ? e.stack : e) });
  }
};
