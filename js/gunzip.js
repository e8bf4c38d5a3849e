/*
 * Gzip bodies the site gzips itself: the runtime's WebAssembly (build/runtime/pyodide.asm.wasm.gz,
 * made by scripts/build.py) and the build-time memory snapshot (build/snapshot/*.bin.gz).
 *
 * Why the site gzips them rather than trusting the host: a plain static host may send the 9.6 MB
 * wasm uncompressed, and on home Wi-Fi (20 Mbit/s) the 6 MB gzip saves are 2-3 s of a first visit.
 * Some hosts send .gz files with "Content-Encoding: gzip", and the browser then hands over bytes
 * that are already decoded: the first two bytes tell (gzip's magic number 1f 8b), so those are
 * passed through as they are.
 *
 * A classic script, written once for three kinds of callers: the service worker
 * (importScripts), the page's and the snapshot worker's modules (a side-effect `import`), and
 * Node in the tests. It sets globalThis.LudoGunzip = {gunzipped, canGunzip}.
 */
(function (root) {
  "use strict";

  function canGunzip() {
    return typeof root.DecompressionStream === "function" && typeof root.ReadableStream === "function";
  }

  /*
   * A promise of the decoded body of a ReadableStream of gzip bytes (or of bytes a host already
   * decoded). onError(e) is told when the stream fails while it is read (a truncated or damaged
   * file), before the reader sees the error.
   */
  function gunzipped(body, onError) {
    var raw = body.getReader();
    return raw.read().then(function (head) {
      var first = head.done ? new Uint8Array(0) : head.value;
      var again = new ReadableStream({
        start: function (c) {
          if (first.length) { c.enqueue(first); }
          if (head.done) { c.close(); }
        },
        pull: function (c) {
          return raw.read().then(function (next) {
            if (next.done) { c.close(); } else { c.enqueue(next.value); }
          });
        },
        cancel: function (why) { return raw.cancel(why); },
      });
      if (!(first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b)) { return again; }
      var decoded = again.pipeThrough(new root.DecompressionStream("gzip"));
      if (!onError) { return decoded; }
      var reader = decoded.getReader();
      return new ReadableStream({
        pull: function (c) {
          return reader.read().then(function (next) {
            if (next.done) { c.close(); } else { c.enqueue(next.value); }
          }, function (e) { onError(e); c.error(e); });
        },
        cancel: function (why) { return reader.cancel(why); },
      });
    });
  }

  root.LudoGunzip = { gunzipped: gunzipped, canGunzip: canGunzip };
})(typeof globalThis !== "undefined" ? globalThis : self);
