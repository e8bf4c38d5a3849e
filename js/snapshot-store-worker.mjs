/*
 * Reads and writes the device's memory snapshot (js/snapshot-store.mjs) off the page's main
 * thread. A snapshot is 31.5 MB: IndexedDB clones it on the thread that reads or writes it,
 * which was the page's longest task after the restore (Lighthouse: js/snapshot-store.mjs,
 * 364 ms, keeping the shipped snapshot after a first visit). Here the clone happens in this
 * worker and the bytes cross to or from the page transferred, not copied.
 *
 * Says {ready: true} first: the page sends the job only then, so a worker that cannot load
 * leaves the page its bytes to do the job itself.
 * Message in: {op: "read", app, pyodide} or {op: "write", record} (record.bytes transferred).
 * Out: read: {ok: true, bytes, why} (bytes transferred, or null with why: checkRecord);
 * write: {ok: true}; either: {ok: false, detail} (IndexedDB failed).
 */
import { checkRecord, readSnapshot, writeSnapshot } from "./snapshot-store.mjs";

self.onmessage = async (ev) => {
  const { op, app, pyodide, record } = ev.data || {};
  try {
    if (op === "read") {
      const { bytes, why } = await checkRecord(await readSnapshot(), app, pyodide);
      self.postMessage({ ok: true, bytes, why }, bytes ? [bytes.buffer] : []);
    } else if (op === "write") {
      await writeSnapshot(record);
      self.postMessage({ ok: true });
    } else {
      self.postMessage({ ok: false, detail: "unknown op " + op });
    }
  } catch (e) {
    self.postMessage({ ok: false, detail: String(e && e.message ? e.message : e) });
  }
};

self.postMessage({ ready: true });
