/*
 * The memory snapshot shipped with the site (scripts/make_snapshot.py, at build time in
 * headless Chromium): what a first visit boots from when no device snapshot exists yet.
 * Used by js/pyodide-snapshot.mjs, which treats it like a stored one (same checks, same
 * fallback to a normal boot).
 *
 * build/version.json (fetched by the wrapper anyway) lists it under "snapshots", by engine
 * family: {app, pyodide, family, length, sha256, size, url}. shippedFor() decides from that
 * alone, before a byte of the snapshot is downloaded: only the family that made it (a
 * snapshot is a dump of one engine family's wasm heap; WebKit crashes on Blink's), only for
 * this app version and this Pyodide, only with DecompressionStream, and not when the
 * person asked the browser to save data. So Safari on an iPad never downloads it.
 */
import "./gunzip.js"; // globalThis.LudoGunzip
import { engineFamily, sha256Hex } from "./snapshot-store.mjs";

/*
 * The shipped snapshot this page may use, or null. why(text) is told when one exists but
 * is not for this page (not for a family without one: nothing to refuse).
 */
export function shippedFor(info, app, pyodideVersion, why) {
  const meta = info && info.snapshots ? info.snapshots[engineFamily()] : null;
  if (!meta) { return null; }
  if (meta.app !== app) { why("shipped snapshot made for app " + meta.app + ", this is " + app); return null; }
  if (meta.pyodide !== pyodideVersion) {
    why("shipped snapshot made for Pyodide " + meta.pyodide + ", this is " + pyodideVersion);
    return null;
  }
  if (typeof DecompressionStream !== "function" || !(globalThis.crypto && crypto.subtle)) {
    why("shipped snapshot: no DecompressionStream or crypto.subtle here");
    return null;
  }
  if (globalThis.navigator && navigator.connection && navigator.connection.saveData) {
    why("shipped snapshot: the browser saves data");
    return null;
  }
  if (globalThis.navigator && navigator.onLine === false) { why("shipped snapshot: offline"); return null; }
  return meta;
}

/* Copies a stream's chunks into out (exactly out.length bytes, or it throws). */
async function readInto(reader, out, onChunk) {
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) { break; }
    if (at + value.length > out.length) { throw new Error("longer than " + out.length + " bytes"); }
    out.set(value, at);
    at += value.length;
    if (onChunk) { onChunk(at); }
  }
  if (at !== out.length) { throw new Error("length " + at + ", expected " + out.length); }
  return out;
}

/*
 * Downloads meta.url (relative to base), gunzips it while it arrives straight into one
 * buffer of meta.length bytes, checks the SHA-256: the snapshot's bytes, or an error.
 * A host that already decoded the gzip is handled by js/gunzip.js. onChunk(bytesSoFar), if
 * given, is told as it arrives (the boot's stall watch must see a slow download progress).
 */
export async function downloadShipped(meta, base, onChunk) {
  // ludoOptional: js/boot.js must not report its failure as a failed boot (a normal boot follows)
  const res = await fetch(new URL(meta.url, base).href, { ludoOptional: true });
  if (!res.ok || !res.body) { throw new Error("answered " + res.status); }
  const body = await globalThis.LudoGunzip.gunzipped(res.body);
  const out = await readInto(body.getReader(), new Uint8Array(meta.length), onChunk);
  if ((await sha256Hex(out)) !== meta.sha256) { throw new Error("SHA-256 mismatch"); }
  return out;
}
