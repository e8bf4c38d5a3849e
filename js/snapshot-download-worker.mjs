/*
 * Downloads the shipped memory snapshot off the page's main thread (js/pyodide-snapshot.mjs
 * starts it as the page is parsed). Gunzipping 7 MB into 31.5 MB and hashing it took the
 * main thread just when a person taps a game on a fast connection (tap -> form 404 -> 870 ms
 * unthrottled, measured), so it happens here and the buffer is transferred, not copied.
 *
 * Message in: {meta, base, pageOrigin} (meta: build/version.json's snapshot entry). Out:
 * {progress: bytes so far} (at most every 250 ms, for the boot's stall watch), then
 * {ok: true, bytes, timing} or {ok: false, detail} (a download or check failure: the page
 * boots normally).
 * timing is the file's resource timing in page time (this worker's requests are not in the
 * page's own resource timing): {start, end, transferSize}, or the same from this worker's
 * clock and the file's announced size, with estimated: true, when the entry is missing.
 */
import { downloadShipped } from "./snapshot-shipped.mjs";

self.onmessage = async (ev) => {
  const { meta, base, pageOrigin } = ev.data;
  try {
    let told = 0;
    let last = 0;
    const asked = performance.now();
    const bytes = await downloadShipped(meta, base, (at) => {
      const now = performance.now();
      last = now;
      if (now - told >= 250) { told = now; self.postMessage({ progress: at }); }
    });
    const url = new URL(meta.url, base).href;
    const entry = performance.getEntriesByName(url).pop();
    const shift = performance.timeOrigin - pageOrigin;
    // without a resource timing entry (seen once in 3 bench runs): our own clock and the file's size
    const timing = entry && entry.responseEnd > 0
      ? { start: entry.startTime + shift, end: entry.responseEnd + shift, transferSize: entry.transferSize }
      : { start: asked + shift, end: last + shift, transferSize: meta.size, estimated: true };
    self.postMessage({ ok: true, bytes, timing }, [bytes.buffer]);
  } catch (e) {
    self.postMessage({ ok: false, detail: String(e && e.message ? e.message : e) });
  }
};
