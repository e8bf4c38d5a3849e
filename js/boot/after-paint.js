// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- the runtime's downloads, after the first paint ----------------------------
// The big runtime files (Pyodide's wasm, the stdlib, the lock file, build/ludotheque.zip, the
// shipped snapshot: 13 MB on a first visit) start once the page has painted, so the picker's
// first paint never shares the link with them (Lighthouse's LCP, issue #25;
// docs/performance.md, "What is preloaded when"). ludoBoot.afterPaint is a promise that
// resolves at the first contentful paint: js/pyodide-snapshot.mjs waits on it before
// loadPyodide and the snapshot's download, and index.html's <link data-preload-after-paint="REL">
// become real preloads (rel=REL) then, with the wasm's (boot.js tag: data-preload-wasm).
// It never waits longer than the paint: a hidden page (a tab opened behind, prerendering) does
// not wait at all, and a page that shows nothing within PAINT_WAIT_MS (an embed out of sight,
// whose frames the browser does not render) waits no longer. Without data-after-paint on the
// boot.js tag it resolves at once (pages other than index.html, the benches' "as before").
var me = doc.currentScript;
var PAINT_WAIT_MS = 3000;
var paintedAt = null; // ms from navigation start when afterPaint resolved
var afterPaint = new Promise(function (resolve) {
  var painted = function () {
    if (paintedAt !== null) { return; }
    paintedAt = Math.round(performance.now());
    resolve();
  };
  var hidden = false;
  try { hidden = doc.visibilityState === "hidden"; } catch (e) { hidden = false; }
  if (!me || !me.hasAttribute("data-after-paint") || hidden) { painted(); return; }
  var observing = false;
  try {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (types && types.indexOf("paint") >= 0) {
      var seen = new PerformanceObserver(function (list) {
        if (list.getEntriesByName("first-contentful-paint").length) { seen.disconnect(); painted(); }
      });
      seen.observe({ type: "paint", buffered: true });
      observing = true;
    }
  } catch (e) { observing = false; }
  if (!observing && typeof window.requestAnimationFrame === "function") {
    // no paint timing: the frame after the first one has begun, so the first is out
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(painted, 0); }); });
  }
  setTimeout(painted, Math.max(0, PAINT_WAIT_MS - performance.now()));
  doc.addEventListener("visibilitychange", function () {
    if (doc.visibilityState === "hidden") { painted(); }
  });
});

function preloadLinks() {
  // index.html's <link data-preload-after-paint="preload|modulepreload" href=... [as] [crossorigin]>
  var later = doc.querySelectorAll("link[data-preload-after-paint]");
  Array.prototype.forEach.call(later, function (old) {
    var link = old.cloneNode(false);
    link.rel = old.getAttribute("data-preload-after-paint");
    link.removeAttribute("data-preload-after-paint");
    old.parentNode.replaceChild(link, old);
  });
}

function preloadWasm() {
  // The wasm: the site's gzip copy on a first visit, the plain file when a service worker
  // serves it from its cache. js/runtime-wasm.mjs chooses the same way, so the preload is
  // what Pyodide's fetch then takes over (one request).
  if (!me || !me.hasAttribute("data-preload-wasm") || !doc.head) { return; }
  var controlled = false;
  // reading navigator.serviceWorker throws in a sandboxed (opaque-origin) frame
  try { controlled = !!(navigator.serviceWorker && navigator.serviceWorker.controller); } catch (e) { controlled = false; }
  var gz = typeof window.DecompressionStream === "function" && !controlled;
  var wasm = doc.createElement("link");
  wasm.rel = "preload";
  wasm.as = "fetch";
  wasm.crossOrigin = "anonymous";
  wasm.href = gz ? "./build/runtime/pyodide.asm.wasm.gz" : "./vendor/pyodide/pyodide.asm.wasm";
  doc.head.appendChild(wasm);
}
afterPaint.then(function () {
  preloadWasm();
  // (the links are all parsed once the page has painted; not always when it resolves at once)
  if (doc.readyState !== "loading") { preloadLinks(); return; }
  doc.addEventListener("readystatechange", function parsed() {
    doc.removeEventListener("readystatechange", parsed);
    preloadLinks();
  });
});
