/*
 * Snapshot boot of Ludothèque: the module pyscript.toml names as `interpreter`.
 *
 * PyScript imports this module instead of vendor/pyodide/pyodide.mjs and calls
 * its loadPyodide(options). It re-exports everything of the vendored Pyodide
 * and wraps loadPyodide:
 *
 *  - indexURL is set to vendor/pyodide/ (PyScript derives it from this
 *    module's URL, which is js/). The wasm comes gzipped on a first visit,
 *    and the standard library and the lock file are the build's lean ones
 *    (js/runtime-wasm.mjs).
 *  - When IndexedDB holds a memory snapshot made for this exact app
 *    version (build/version.json "app"), this Pyodide build and this browser
 *    engine family (WebKit, Gecko, Blink: see engineFamily), whose length
 *    and SHA-256 match what was stored with it, Pyodide starts from it
 *    (_loadSnapshot): Python with the engine modules already imported.
 *  - Anything wrong (no snapshot, other version, damaged bytes, Pyodide
 *    refusing it: bad magic, build id mismatch, any error) -> the snapshot is
 *    deleted and Pyodide boots normally. A snapshot never stops a start:
 *    localStorage["ludotheque/v1/snapshot-trying"] is set during a snapshot
 *    boot and cleared once the app is ready; found set at the next start, the
 *    snapshot is dropped without being tried (that boot hung or failed).
 *  - Once the app is ready (<body data-ready="1">) without a snapshot boot, a
 *    worker (js/snapshot-worker.mjs) makes a fresh one in the background and
 *    stores it for the next visit.
 *  - No stored snapshot (a first visit, or the first after an update): when
 *    build/version.json lists a snapshot shipped with the site for this engine
 *    family, app version and Pyodide (js/snapshot-shipped.mjs decides before
 *    downloading it), Pyodide starts from it while it downloads and is checked
 *    (length, SHA-256); any failure is a refusal like a stored snapshot's. Once
 *    the app is ready its bytes are stored on the device as the snapshot for
 *    the next visits (no worker needed, offline from then on).
 *
 * The device's snapshot is made on the device: it is tied to the browser's own
 * Pyodide build and the deployed app version, and a new deploy (new app
 * version) makes the old one useless, so it is replaced after the first boot
 * of the new version. The shipped one is optional (made only when the build
 * had Chromium) and only used by the engine family that made it.
 *
 * window.ludoSnapshot = {boot, source, rejected, refresh, detail, ms, app, download}: boot is
 * "pending", then "snapshot" or "normal"; source is "device" or "shipped" for a
 * snapshot boot (the stored or the build-time snapshot); rejected says why a stored snapshot
 * was refused ("" if none was stored or it was used); refresh is "", then
 * "making", "made" or "failed" (detail: what the worker said); ms is the time
 * spent in loadPyodide; app is the app version this boot read from
 * build/version.json (the one the snapshot must match); download is the shipped file's
 * {start, end, transferSize} in page time (fetched by a worker, so not in the page's own
 * resource timing).
 * Tests may set window.ludoSnapshotOff = true before load to skip it all, or
 * window.ludoSnapshotKeepOff = true to boot from a snapshot (shipped or stored) without
 * storing or making one afterwards (the second Python start or the IndexedDB write, seconds
 * of CPU per page, that only the snapshot's own tests need).
 *
 * Nothing big is downloaded before the page's first paint: loadPyodide (the wasm, the stdlib, the
 * lock file, pyodide.asm.mjs, then PyScript's [files]) and the shipped snapshot's download wait
 * for ludoBoot.afterPaint (js/boot.js: the first contentful paint, or at once on a page without
 * it). The stored snapshot's read waits for nothing.
 *
 * The shipped snapshot is kept in a worker, js/snapshot-store-worker.mjs: IndexedDB clones
 * 31.5 MB on the thread that writes it (a long task of ~290 ms in Lighthouse on the page).
 */
import * as Pyodide from "../vendor/pyodide/pyodide.mjs";
import { TRYING_KEY, checkRecord, deleteSnapshot, readSnapshot, writeSnapshot } from "./snapshot-store.mjs";
import { downloadShipped, shippedFor } from "./snapshot-shipped.mjs";
import { LOCK_URL, STDLIB_URL, withRuntimeWasm } from "./runtime-wasm.mjs";

export * from "../vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const VERSION_URL = new URL("../build/version.json", import.meta.url).href;
const ZIP_URL = new URL("../build/ludotheque.zip", import.meta.url).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url).href;
const DOWNLOAD_WORKER_URL = new URL("./snapshot-download-worker.mjs", import.meta.url).href;
const STORE_WORKER_URL = new URL("./snapshot-store-worker.mjs", import.meta.url).href;
const SITE_URL = new URL("../", import.meta.url).href;

const status = (globalThis.ludoSnapshot = { boot: "pending", source: "", rejected: "", refresh: "", detail: "", ms: null });

/* Resolves once the page has painted (js/boot.js); at once where there is no boot.js. */
function afterPaint() {
  const boot = globalThis.ludoBoot;
  return boot && boot.afterPaint && typeof boot.afterPaint.then === "function" ? boot.afterPaint : Promise.resolve();
}

function reject(why) { status.rejected = String(why); }
function refresh(state, detail) {
  status.refresh = state;
  status.detail = detail ? String(detail) : "";
}

async function versionInfo() {
  if (globalThis.ludoVersionInfo) {
    // asked for by js/boot.js at the top of the page (the same URL and cache mode)
    try { return await globalThis.ludoVersionInfo; } catch (e) { /* asked again below */ }
  }
  const res = await fetch(VERSION_URL, { cache: "no-cache" });
  if (!res.ok) { throw new Error("version.json answered " + res.status); }
  return await res.json();
}

async function dropSnapshot() {
  try { await deleteSnapshot(); } catch (e) { /* nothing to drop */ }
}

/*
 * Runs one IndexedDB job of js/snapshot-store-worker.mjs ({op: "write", record}) and
 * resolves with its answer; `here()` does the same job on the page when that worker cannot
 * start (no module workers, its script missing), so a snapshot never depends on it.
 */
function inStoreWorker(message, transfer, here) {
  return new Promise((resolve, reject) => {
    let worker;
    try {
      worker = new Worker(STORE_WORKER_URL, { type: "module" });
    } catch (e) {
      here().then(resolve, reject);
      return;
    }
    let sent = false;
    worker.onmessage = (ev) => {
      const d = ev.data || {};
      if (d.ready) {
        // the job (and its transferred bytes) goes once the worker runs: until then the page can still do it
        sent = true;
        worker.postMessage(message, transfer);
        return;
      }
      worker.terminate();
      if (d.ok) { resolve(d); } else { reject(new Error(d.detail)); }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      worker.terminate();
      if (sent) { reject(new Error("the snapshot store worker failed: " + (ev.message || ev))); } else { here().then(resolve, reject); }
    };
  });
}

/*
 * The stored snapshot for this app version, checked, or null (with the reason noted). Read on
 * the page: through the store worker the warm boot was later (ready 0.49 -> 0.53 s, 5 runs
 * each, docs/performance.md), and a warm boot has nothing else on the main thread to wait.
 */
async function storedSnapshot(app) {
  if (!("indexedDB" in globalThis) || !(globalThis.crypto && crypto.subtle)) { return null; }
  const found = await checkRecord(await readSnapshot(), app, Pyodide.version);
  if (found.why) { reject(found.why); }
  return found.bytes || null;
}

let app = null;

// TRYING_KEY is set while a boot from a snapshot runs, cleared when the app is ready.
// Found at the next start, it means that boot never got ready (hang, crash, Python
// error): that snapshot is not tried again.
function trying(value) {
  try {
    if (value) { localStorage.setItem(TRYING_KEY, value); } else { localStorage.removeItem(TRYING_KEY); }
  } catch (e) { /* no storage: no guard */ }
}
function triedBefore() {
  try { return localStorage.getItem(TRYING_KEY); } catch (e) { return null; }
}
function whenReady(callback) {
  const check = () => {
    const body = document.body;
    if (body && body.dataset.ready === "1") { callback(); return true; }
    return false;
  };
  if (check()) { return; }
  const obs = new MutationObserver(() => { if (check()) { obs.disconnect(); } });
  obs.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
}

/*
 * Which snapshot this boot tries: {bytes, source, shipped}. bytes is a Uint8Array (device),
 * the promise of one (shipped, downloading) or null. Decided when this module is evaluated
 * (PyScript imports it), from build/version.json as js/boot.js asked for it at the top of
 * the page. Running this module earlier, from its own <script type="module"> in index.html,
 * was measured and dropped (fourth session, docs/performance.md): the first paint and the
 * tap on a game came later and the first move no sooner.
 */
async function chooseSnapshot() {
  const plan = { bytes: null, source: "", shipped: null };
  if (globalThis.ludoSnapshotOff) { return plan; }
  let info = null;
  let guarded = false;
  try {
    info = await versionInfo();
    app = info.app;
    status.app = app;
    if (triedBefore()) {
      trying(null);
      guarded = true;
      reject("the last boot from this snapshot never got ready");
    } else {
      plan.bytes = await storedSnapshot(app);
      plan.source = plan.bytes ? "device" : "";
    }
  } catch (e) {
    reject("reading the snapshot: " + e);
    plan.bytes = null;
  }
  if (!plan.bytes && status.rejected) { await dropSnapshot(); }
  if (!plan.bytes && info && !guarded) {
    plan.shipped = shippedFor(info, app, Pyodide.version, reject);
    if (plan.shipped) {
      plan.source = "shipped";
      // the guard is set once the bytes are here: a visit left while downloading is no failed boot
      const meta = plan.shipped;
      plan.bytes = afterPaint().then(() => downloadOffThread(meta)).then((b) => { trying(app); return b; });
      plan.bytes.catch(() => {}); // handled below, through loadPyodide: no unhandled rejection
    }
  }
  return plan;
}

/*
 * The shipped snapshot's bytes, downloaded, gunzipped and checked in a worker
 * (js/snapshot-download-worker.mjs) so the page's main thread stays free for the person's
 * taps. A worker that cannot start (no module workers, its script missing) means the same
 * download on the main thread; a failed download or check is a refusal either way.
 */
function downloadOffThread(meta) {
  return new Promise((resolve, reject) => {
    let worker;
    const here = () => downloadShipped(meta, SITE_URL).then(resolve, reject);
    try {
      worker = new Worker(DOWNLOAD_WORKER_URL, { type: "module" });
    } catch (e) {
      here();
      return;
    }
    worker.onmessage = (ev) => {
      const d = ev.data || {};
      if ("progress" in d) {
        // a download the page's own fetch watch cannot see: tell the stall watch it moves
        if (globalThis.ludoBoot && typeof ludoBoot.alive === "function") { ludoBoot.alive(); }
        return;
      }
      worker.terminate();
      if (d.ok) {
        status.download = d.timing;
        resolve(d.bytes);
      } else {
        reject(new Error(d.detail));
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      worker.terminate();
      here();
    };
    worker.postMessage({ meta, base: SITE_URL, pageOrigin: performance.timeOrigin });
  });
}

const planned = chooseSnapshot();

export async function loadPyodide(options = {}) {
  const opts = Object.assign({}, options, { indexURL: INDEX_URL, stdLibURL: STDLIB_URL, lockFileURL: LOCK_URL });
  await afterPaint();
  const t0 = performance.now();
  const { bytes, source, shipped } = await planned;
  if (bytes) {
    try {
      if (source === "device") { trying(app); }
      const py = await withRuntimeWasm(INDEX_URL, () => Pyodide.loadPyodide(Object.assign({}, opts, { _loadSnapshot: bytes })));
      whenReady(() => trying(null));
      status.boot = "snapshot";
      status.source = source;
      status.ms = Math.round(performance.now() - t0);
      if (shipped) { keepWhenReady(shipped, await bytes); }
      return py;
    } catch (e) {
      const why = e && e.message ? e.message : e;
      reject(source === "shipped" ? "shipped snapshot refused: " + why : "Pyodide refused the snapshot: " + why);
      trying(null);
      if (source === "device") { await dropSnapshot(); }
    }
  }
  const py = await withRuntimeWasm(INDEX_URL, () => Pyodide.loadPyodide(opts));
  status.boot = "normal";
  status.ms = Math.round(performance.now() - t0);
  if (!globalThis.ludoSnapshotOff && app) { refreshWhenReady(app); }
  return py;
}

/*
 * After a boot from the shipped snapshot: once the app is ready, store its bytes (still
 * intact: Pyodide copies them into the wasm memory) as this device's snapshot, so the next
 * visits read it from IndexedDB, offline too, without a worker making one.
 */
function keepWhenReady(meta, bytes) {
  if (globalThis.ludoSnapshotKeepOff) { return; }
  whenReady(() => setTimeout(() => {
    if (status.refresh) { return; }
    refresh("making", "keeping the shipped snapshot");
    const t = performance.now();
    const record = { app: meta.app, pyodide: meta.pyodide, family: meta.family, length: meta.length,
                     sha256: meta.sha256, bytes: bytes.buffer, made: Date.now(), shipped: true };
    // the bytes go to the worker (the page needs them no more: Pyodide copied them)
    inStoreWorker({ op: "write", record }, [bytes.buffer], () => writeSnapshot(record))
      .then(() => { refresh("made", "kept the shipped snapshot"); status.makeMs = Math.round(performance.now() - t); },
            (e) => refresh("failed", "keeping the shipped snapshot: " + e));
  }, globalThis.ludoSnapshotDelayMs ?? 1500));
}

/* After a boot without a snapshot: once the app is ready, make one in a worker. */
function refreshWhenReady(appVer) {
  if (globalThis.ludoSnapshotKeepOff) { return; }
  const start = () => {
    if (status.refresh) { return; }
    refresh("making");
    let worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch (e) {
      refresh("failed", "worker: " + e);
      return;
    }
    worker.onmessage = (ev) => {
      const d = ev.data || {};
      refresh(d.ok ? "made" : "failed", d.detail);
      if (d.ms) { status.makeMs = d.ms; }
      worker.terminate();
    };
    worker.onerror = (ev) => {
      refresh("failed", "worker error: " + (ev.message || ev));
      worker.terminate();
    };
    worker.postMessage({ app: appVer, indexURL: INDEX_URL, zipURL: ZIP_URL });
  };
  // let the first screen settle before the worker takes a core
  whenReady(() => setTimeout(start, globalThis.ludoSnapshotDelayMs ?? 1500));
}
