/*
 * Writes the device's memory snapshot (js/snapshot-store.mjs) off the page's main thread: the
 * shipped snapshot, kept after a first visit. A snapshot is 31.5 MB and IndexedDB clones it on
 * the thread that writes it, which was the page's longest task after the restore (Lighthouse:
 * js/snapshot-store.mjs, 272-295 ms). Here the clone happens in this worker and the bytes come
 * from the page transferred, not copied. (The stored snapshot is read on the page: through
 * this worker the warm boot came later, docs/performance.md.)
 *
 * Says {ready: true} first: the page sends the job only then, so a worker that cannot load
 * leaves the page its bytes to do the job itself.
 * Message in: {op: "write", record} (record.bytes transferred). Out: {ok: true}, or
 * {ok: false, detail} (IndexedDB failed).
 */
import { writeSnapshot } from "./snapshot-store.mjs";

self.onmessage = async (ev) => {
  const { op, record } = ev.data || {};
  try {
    if (op !== "write") { throw new Error("unknown op " + op); }
    await writeSnapshot(record);
    self.postMessage({ ok: true });
  } catch (e) {
    self.postMessage({ ok: false, detail: String(e && e.message ? e.message : e) });
  }
};

self.postMessage({ ready: true });
