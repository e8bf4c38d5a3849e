/*
 * Where Pyodide's WebAssembly comes from: the site's gzipped copy on a first visit.
 *
 * pyodide.asm.wasm is 9.6 MB; gzipped (scripts/build.py writes build/runtime/pyodide.asm.wasm.gz)
 * it is 3.6 MB. A static host that does not compress .wasm sends the 9.6 MB, and on a tablet on
 * home Wi-Fi (20 Mbit/s) the difference is 2-3 s of the first visit (docs/performance.md, "First
 * visit on a tablet"). Pyodide fetches indexURL + "pyodide.asm.wasm" itself with fetch() and
 * compiles it while it streams (WebAssembly.instantiateStreaming), and loadPyodide has no option
 * for another source, so while loadPyodide starts, fetch() answers that one URL with the gzip
 * copy decoded as it arrives (still streamed into the compiler), then steps aside.
 *
 * Not when a service worker controls the page: it serves pyodide.asm.wasm from its cache
 * (where sw.js stored it decoded from the same .gz), under its own URL, which also lets the
 * browser reuse its compiled-code cache on later visits. Not without DecompressionStream
 * (then the plain file is fetched), and the plain file is fetched too if the .gz is missing.
 */
import "./gunzip.js"; // globalThis.LudoGunzip

export const WASM_GZ_URL = new URL("../build/runtime/pyodide.asm.wasm.gz", import.meta.url).href;

/*
 * The standard library Pyodide gets (loadPyodide's stdLibURL): the build's lean zip, only the
 * modules the app can import (scripts/lean_stdlib.py; 1.4 MB instead of Pyodide's 2.5 MB).
 * Every start of the app's Pyodide (the page, the device's snapshot worker, the build-time
 * snapshot) uses this same file: a memory snapshot holds the zip importer's index of it.
 */
export const STDLIB_URL = new URL("../build/runtime/python_stdlib.zip", import.meta.url).href;
/* Pyodide's lock file without its 357 packages (119 KB): the app loads none (scripts/build.py). */
export const LOCK_URL = new URL("../build/runtime/pyodide-lock.json", import.meta.url).href;

function urlOf(input) {
  if (typeof input === "string") { return input; }
  if (input instanceof URL) { return input.href; }
  return (input && input.url) || String(input);
}

/* Should this start take the gzip copy? */
export function useGzippedWasm() {
  if (!globalThis.LudoGunzip.canGunzip()) { return false; }
  try {
    const sw = globalThis.navigator && navigator.serviceWorker;
    return !(sw && sw.controller);
  } catch (e) {
    return true; // a sandboxed (opaque-origin) frame may not even read navigator.serviceWorker
  }
}

/* The response Pyodide gets for the wasm: the .gz decoded while it arrives, or the plain file. */
async function gzippedResponse(realFetch, plainURL) {
  let res = null;
  // ludoOptional: js/boot.js must not take a missing .gz for a failed boot (the plain file follows)
  try { res = await realFetch(WASM_GZ_URL, { ludoOptional: true }); } catch (e) { res = null; }
  if (!res || !res.ok || !res.body) { return realFetch(plainURL); }
  const report = (e) => {
    // a damaged download, reported at once with the file's name (Pyodide would only log it)
    const boot = globalThis.ludoBoot;
    if (boot && boot.fail) { boot.fail("wasm", WASM_GZ_URL + ": " + e, WASM_GZ_URL, e && e.name); }
  };
  const body = await globalThis.LudoGunzip.gunzipped(res.body, report);
  return new Response(body, { status: 200, headers: { "Content-Type": "application/wasm" } });
}

/*
 * Runs start() (a call of Pyodide's loadPyodide with this indexURL) with the wasm taken from the
 * gzip copy when useGzippedWasm(); returns what start() returns.
 */
export async function withRuntimeWasm(indexURL, start) {
  if (!useGzippedWasm()) { return start(); }
  const plainURL = new URL("pyodide.asm.wasm", indexURL).href;
  const realFetch = globalThis.fetch;
  const shim = function (input) {
    let url = null;
    try { url = new URL(urlOf(input), globalThis.location && location.href).href; } catch (e) { url = null; }
    if (url !== plainURL) { return realFetch.apply(this, arguments); }
    stepAside();
    return gzippedResponse(realFetch, plainURL);
  };
  const stepAside = () => { if (globalThis.fetch === shim) { globalThis.fetch = realFetch; } };
  globalThis.fetch = shim;
  try {
    return await start();
  } finally {
    stepAside();
  }
}
