/*
 * Starts the download of the snapshot shipped with the site (js/snapshot-shipped.mjs) as
 * soon as the page is parsed, instead of when PyScript gets to js/pyodide-snapshot.mjs
 * (seconds later on a tablet: core.js, its chunk and the wrapper come first). It only adds
 * <link rel="preload" as="fetch" crossorigin> for the file; the wrapper's own fetch() of the
 * same URL takes the bytes over, and the wrapper still makes every decision and check.
 *
 * Same decision as the wrapper's (shippedFor: this engine family, app version, Pyodide of
 * build/version.json, DecompressionStream, no data saver), and nothing when a snapshot is
 * already stored on this device (the wrapper reads that one; when it turns out stale, the
 * wrapper fetches the shipped one itself, later), when the last snapshot boot never got
 * ready, or when snapshots are off. window.ludoSnapshotHint: the URL preloaded, or why not.
 */
import { TRYING_KEY, hasSnapshot } from "./snapshot-store.mjs";
import { shippedFor } from "./snapshot-shipped.mjs";

async function hint() {
  if (globalThis.ludoSnapshotOff) { return "snapshots off"; }
  try { if (localStorage.getItem(TRYING_KEY)) { return "last snapshot boot never got ready"; } } catch (e) { /* no storage */ }
  const res = await fetch(new URL("../build/version.json", import.meta.url).href, { cache: "no-cache" });
  if (!res.ok) { return "version.json answered " + res.status; }
  const info = await res.json();
  const meta = shippedFor(info, info.app, info.runtime && info.runtime.pyodide, () => {});
  if (!meta) { return "none for this page"; }
  if ("indexedDB" in globalThis && await hasSnapshot()) { return "a snapshot is stored"; }
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous";
  link.href = new URL("../" + meta.url, import.meta.url).href;
  document.head.appendChild(link);
  return link.href;
}

hint().then((what) => { globalThis.ludoSnapshotHint = what; },
            (e) => { globalThis.ludoSnapshotHint = "failed: " + e; });
