/*
 * Where the memory snapshot of Ludothèque lives: IndexedDB database
 * "ludotheque-snapshot", object store "snapshot", one record under key
 * "current": {app, pyodide, family, length, sha256, bytes (ArrayBuffer), made}.
 * IndexedDB rather than Cache Storage: the service worker owns Cache Storage
 * (one "ludotheque-<version>" cache), and the snapshot is data made on this
 * device, not a file of the site. Read and deleted by js/pyodide-snapshot.mjs; written in
 * workers: js/snapshot-store-worker.mjs (the shipped snapshot, kept) and
 * js/snapshot-worker.mjs (a snapshot made on the device).
 */
export const DB_NAME = "ludotheque-snapshot";
const STORE = "snapshot";
const KEY = "current";

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => { req.result.createObjectStore(STORE); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("snapshot database blocked"));
  });
}

function run(mode, action) {
  return open().then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = action(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(req.result); };
    tx.onerror = tx.onabort = () => { db.close(); reject(tx.error || req.error); };
  }));
}

export function readSnapshot() { return run("readonly", (s) => s.get(KEY)); }
export function writeSnapshot(record) { return run("readwrite", (s) => s.put(record, KEY)); }
export function deleteSnapshot() { return run("readwrite", (s) => s.delete(KEY)); }

/*
 * localStorage key set while a boot from a snapshot runs, cleared when the app is ready
 * (js/pyodide-snapshot.mjs): found at the next start, that boot never got ready.
 */
export const TRYING_KEY = "ludotheque/v1/snapshot-trying";

/*
 * A stored record checked against what this page runs: {bytes: Uint8Array} when it is the
 * snapshot of this app version, Pyodide build and engine family, of the stored length and
 * SHA-256; else {bytes: null, why} (why is "" when nothing was stored).
 */
export async function checkRecord(rec, app, pyodide) {
  if (!rec) { return { bytes: null, why: "" }; }
  if (rec.app !== app) { return { bytes: null, why: "made for app " + rec.app + ", this is " + app }; }
  const family = engineFamily();
  if (rec.family !== family) {
    // never tried: WebKit and the others crash on each other's snapshots
    return { bytes: null, why: "made by engine " + (rec.family || "(unknown)") + ", this is " + family };
  }
  if (rec.pyodide !== pyodide) { return { bytes: null, why: "made for Pyodide " + rec.pyodide + ", this is " + pyodide }; }
  const bytes = rec.bytes instanceof ArrayBuffer ? new Uint8Array(rec.bytes) : null;
  if (!bytes || bytes.length !== rec.length) {
    return { bytes: null, why: "length " + (bytes ? bytes.length : "?") + ", expected " + rec.length };
  }
  if ((await sha256Hex(bytes)) !== rec.sha256) { return { bytes: null, why: "SHA-256 mismatch (damaged snapshot)" }; }
  return { bytes, why: "" };
}

export async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/*
 * The browser engine family that makes or reads a snapshot: "webkit" (Safari, every
 * iOS browser, WebKitGTK), "gecko" (Firefox), "blink" (Chrome, Edge, Android) or
 * "other". A snapshot is a dump of the wasm heap, and WebKit refuses the other two
 * engines' snapshots (and they refuse its own) by crashing inside loadPyodide: the
 * family is stored with the snapshot and a foreign one is never tried, so a refusal
 * never depends on Pyodide failing cleanly. Read from the user agent because the
 * snapshot depends on the engine, which no feature test names; works in workers too.
 */
export function engineFamily(ua = (globalThis.navigator && navigator.userAgent) || "") {
  if (/\bFirefox\//.test(ua) && !/AppleWebKit/.test(ua)) { return "gecko"; }
  // (no \b before Chrome: headless Chromium says "HeadlessChrome/"; iOS Chrome says "CriOS/", WebKit)
  if (/AppleWebKit/.test(ua) && !/(Chrome|Chromium|Edg|OPR)\//.test(ua)) { return "webkit"; }
  if (/(Chrome|Chromium)\//.test(ua)) { return "blink"; }
  return "other";
}
