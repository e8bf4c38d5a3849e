/*
 * Ludothèque boot script (classic script in <head>, runs before first paint).
 *
 * - `?embed=1`  -> class "embed" on <html> (CSS hides the site chrome).
 * - language    -> one of the languages the app offers (build/i18n/languages.js, "app"):
 *                  `?lang=xx` (kept as the person's choice), else the kept choice
 *                  localStorage["ludotheque/v1/lang"], else navigator.languages, else "fr"
 *                  (js/i18n.js choose()); its catalogue is written in before the body;
 *                  elements carrying data-i18n="<id>" (and data-i18n-aria-label /
 *                  data-i18n-title) show that message; #lang-toggle (a menu of every
 *                  language offered) switches, stores the choice and fires window event
 *                  "ludo:lang". `?lang-preview=xx` shows any
 *                  complete catalogue without keeping it (translators: docs/translating.md).
 * - boot UI     -> #boot-progress, #boot-status (stage), #boot-error on failure;
 *                  hides #boot when Python sets <body data-ready="1">.
 * - early taps  -> a tap on button.game-card before Python is ready sets
 *                  window.ludoPending = {game: "..."}; `?game=NAME` does too.
 * - offline     -> registers ./sw.js once Python is ready.
 *
 * Python reads the state through window.ludoBoot (see README, "Boot hooks").
 */
(function () {
  "use strict";

  var LANG_KEY = "ludotheque/v1/lang";
  var I18N = window.ludoI18n; // js/i18n.js, loaded just before
  var LANGS = I18N ? I18N.codes("app") : ["fr"]; // the languages the app offers, French first
  var PENDING_KEY = "ludotheque/v1/pending"; // sessionStorage, survives an update reload only
  var GAMES = ["mookies", "mindup", "mosquito", "masterislands"];
  // No progress for this long while booting = failure (tests may lower it).
  var STALL_MS = typeof window.ludoBootTimeoutMs === "number" ? window.ludoBootTimeoutMs : 60000;

  var doc = document;
  var root = doc.documentElement;

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

  // The stylesheets index.html marks data-late-css load beside base.css without holding up the
  // first paint: media="print" until loaded, then "all". Here rather than in inline onload
  // handlers, which the page's Content-Security-Policy refuses (docs/security.md). boot.js
  // runs after those <link>s are parsed: one already loaded has its sheet.
  (function lateCss() {
    var links = doc.querySelectorAll("link[data-late-css]");
    Array.prototype.forEach.call(links, function (link) {
      function all() { link.media = "all"; }
      if (link.sheet) { all(); } else { link.addEventListener("load", all); }
    });
  })();

  // build/version.json, asked for now: js/pyodide-snapshot.mjs chooses the memory snapshot
  // from it. Asked only when that module runs (after the page is parsed), the request waited
  // behind the runtime's downloads on a slow link, and the shipped snapshot's download after it.
  (function askVersion() {
    try {
      var asked = window.fetch("./build/version.json", { cache: "no-cache" }).then(function (res) {
        if (!res.ok) { throw new Error("version.json answered " + res.status); }
        return res.json();
      });
      asked["catch"](function () { /* the module asks again and reports it */ });
      window.ludoVersionInfo = asked;
    } catch (e) { /* no fetch: the module asks */ }
  })();

  // ---- small helpers ------------------------------------------------------
  function store(kind) {
    try { return window[kind]; } catch (e) { return null; }
  }
  function getItem(kind, key) {
    try { var s = store(kind); return s ? s.getItem(key) : null; } catch (e) { return null; }
  }
  function setItem(kind, key, value) {
    try { var s = store(kind); if (s) { s.setItem(key, value); } } catch (e) { /* private mode, quota */ }
  }
  function removeItem(kind, key) {
    try { var s = store(kind); if (s) { s.removeItem(key); } } catch (e) { /* ignore */ }
  }
  function byId(id) { return doc.getElementById(id); }
  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return values[k] != null ? values[k] : m; });
  }

  var params = null;
  try { params = new URLSearchParams(window.location.search); } catch (e) { params = null; }
  function param(name) { return params ? params.get(name) : null; }

  // ---- embed + language, before paint --------------------------------------
  if (param("embed") === "1") { root.classList.add("embed"); }

  function known(code) { return LANGS.indexOf(code) >= 0 ? code : null; }

  // A link's ?lang= (an English page's "Try from here", a shared link) is a choice like the
  // toggle's: kept for the next visit too. Then the kept choice, the browser's languages, French.
  var askedLang = known(param("lang"));
  if (askedLang) { setItem("localStorage", LANG_KEY, askedLang); }
  var browserLangs = [];
  try { browserLangs = navigator.languages || [navigator.language]; } catch (e) { browserLangs = []; }
  var lang = I18N ? I18N.choose(LANGS, askedLang, getItem("localStorage", LANG_KEY), browserLangs) : "fr";
  // A translator's look at a complete catalogue the app does not offer yet: shown, never kept.
  var preview = param("lang-preview");
  if (I18N && preview && I18N.codes("complete").indexOf(preview) >= 0) { lang = preview; }
  root.lang = lang;
  if (I18N) { I18N.write(lang, "./"); }

  function t(key, values) {
    return I18N ? I18N.say(lang, "boot." + key, values) : "";
  }

  /* The language menu (#lang-toggle, a <select>): every language the app offers, each named in
   * its own words ("DE — Deutsch"), the current one selected; hidden when there is one. */
  function fillLangMenu(menu) {
    if (!menu || !I18N) { return; }
    var offered = I18N.languages("app");
    while (menu.firstChild) { menu.removeChild(menu.firstChild); }
    offered.forEach(function (l) {
      var option = doc.createElement("option");
      option.value = l.code;
      option.lang = l.code;
      option.textContent = l.label;
      option.selected = l.code === lang;
      menu.appendChild(option);
    });
    menu.value = lang;
    menu.hidden = offered.length < 2;
  }

  var SWAP_ATTRS = ["aria-label", "title"];

  /* Put the current language's words in the static elements under `scope` (default: the
   * whole document): data-i18n="<id>" for the text, data-i18n-<attr>="<id>" for an attribute. */
  function applyLang(scope) {
    var base = scope || doc;
    if (!I18N) { return; }
    var nodes = base.querySelectorAll("[data-i18n]");
    for (var i = 0; i < nodes.length; i++) {
      var text = I18N.say(lang, nodes[i].getAttribute("data-i18n"));
      if (text) { nodes[i].textContent = text; }
    }
    for (var a = 0; a < SWAP_ATTRS.length; a++) {
      var name = SWAP_ATTRS[a];
      var attrNodes = base.querySelectorAll("[data-i18n-" + name + "]");
      for (var j = 0; j < attrNodes.length; j++) {
        var said = I18N.say(lang, attrNodes[j].getAttribute("data-i18n-" + name));
        if (said) { attrNodes[j].setAttribute(name, said); }
      }
    }
    fillLangMenu(byId("lang-toggle"));
    if (failed) {
      var status = byId("boot-status");
      if (status) { status.textContent = t("error"); }
      renderError();
    } else if (stage) {
      setStatus();
    }
    if (pendingName) { showPending(); }
  }

  function setLang(next) {
    if (!known(next)) { return; }
    lang = next;
    root.lang = lang;
    setItem("localStorage", LANG_KEY, lang);
    api.lang = lang;
    // its catalogue first (only the first one was written in at boot)
    I18N.load(lang, "./", function () {
      if (lang !== next) { return; }
      applyLang();
      window.dispatchEvent(new CustomEvent("ludo:lang", { detail: { lang: lang } }));
    });
  }

  // ---- boot stages -----------------------------------------------------------
  var STAGE_PROGRESS = { download: 5, python: 20, games: 85, ready: 100 };
  var stage = null;
  var stageHistory = [];
  var ready = false;
  var failed = null; // {reason, detail}
  var stallTimer = null;
  var creepTimer = null;
  var progressValue = 0;

  function setProgress(v) {
    progressValue = Math.max(progressValue, Math.min(100, v));
    var bar = byId("boot-progress");
    if (bar) { bar.value = progressValue; }
  }

  function setStatus() {
    var status = byId("boot-status");
    if (!status || !stage) { return; }
    var text = t(stage);
    // Pyodide downloads its files during the "python" stage: say so while bytes arrive
    if (stage === "python" && downloading()) {
      text += " " + t("downloading", { pct: Math.floor(100 * big.received / big.expected) });
    }
    if (status.textContent !== text) { status.textContent = text; }
  }

  // The stall limit measures time WITHOUT PROGRESS, not time. Progress: a stage, a
  // PyScript event, bytes arriving, a WebAssembly compile under way, or the main thread
  // itself being busy (a check that comes late means the page was working, not waiting:
  // WebKit on a loaded machine spends over a minute starting Pyodide). A single 60 s
  // timeout would fire late, right after such a busy spell, before its progress events.
  var STALL_TICK_MS = Math.min(1000, STALL_MS / 4);
  var BUSY_GAP_MS = 3 * STALL_TICK_MS; // a tick this late: the main thread was busy
  var lastProgress = 0;
  var lastTick = 0;
  var compiling = 0;

  function armStallTimer() {
    lastProgress = performance.now();
    if (stallTimer || ready || failed) { return; }
    lastTick = lastProgress;
    stallTimer = setInterval(checkStall, STALL_TICK_MS);
  }

  function checkStall() {
    var now = performance.now();
    if (ready || failed) { clearInterval(stallTimer); return; }
    if (now - lastTick > BUSY_GAP_MS || compiling > 0) { lastProgress = now; }
    lastTick = now;
    if (now - lastProgress >= STALL_MS) {
      fail("timeout", "no boot progress for " + Math.round(STALL_MS / 1000) + " s (stage: " + stage + ")");
    }
  }

  // A WebAssembly compile in progress counts as progress (observed, never altered).
  function watchCompile(name) {
    var wasm = window.WebAssembly;
    var original = wasm && wasm[name];
    if (typeof original !== "function") { return; }
    wasm[name] = function () {
      var promise = original.apply(this, arguments);
      var done = function () { compiling -= 1; armStallTimer(); };
      compiling += 1;
      armStallTimer();
      promise.then(done, done);
      return promise;
    };
  }
  ["compile", "compileStreaming", "instantiate", "instantiateStreaming"].forEach(watchCompile);

  // During the long "starting Python" stage, creep the bar towards the next mark.
  function creepTo(limit) {
    if (creepTimer) { clearInterval(creepTimer); }
    creepTimer = setInterval(function () {
      if (ready || failed) { clearInterval(creepTimer); return; }
      if (downloading()) { return; } // the bytes move the bar meanwhile
      setProgress(progressValue + Math.max(0.2, (limit - progressValue) * 0.04));
    }, 250);
  }

  function setStage(next) {
    var order = ["download", "python", "games", "ready"];
    if (failed && next !== "ready") { return; }
    if (stage && order.indexOf(next) <= order.indexOf(stage)) { return; }
    stage = next;
    stageHistory.push({ stage: next, t: Math.round(performance.now()) });
    var box = byId("boot");
    if (box) { box.setAttribute("data-stage", next); }
    setStatus();
    setProgress(STAGE_PROGRESS[next]);
    if (next === "python") { creepTo(84); }
    if (next === "games") { creepTo(97); }
    armStallTimer();
  }

  // ---- failure -----------------------------------------------------------------
  function renderError() {
    if (!failed) { return; }
    var msg = byId("boot-error-message");
    if (msg) {
      var text = failed.reason === "timeout"
        ? t("timeout", { n: Math.round(STALL_MS / 1000) })
        : t(failed.reason, { file: failed.file, why: failed.why });
      // which file failed, in words, before the generic advice (boot diagnostics, issue #14)
      if (failed.file && failed.reason === "network") { text = t("file_failed", { file: failed.file, why: failed.why }) + " " + text; }
      msg.textContent = text;
    }
    var home = byId("boot-home");
    if (home) { home.textContent = t("open_home"); }
  }

  /* The address without what it asked to open (#record=, #save=, ?game=): a boot that
   * failed because of the URL is left through "Open the home page", not reloaded into
   * the same failure. null when the address asks for nothing. */
  function homeUrl() {
    var loc = window.location;
    if (!loc.hash && !param("game")) { return null; }
    var q = "";
    try {
      var kept = new URLSearchParams(loc.search);
      kept.delete("game");
      q = kept.toString();
    } catch (e) { q = ""; }
    return loc.pathname + (q ? "?" + q : "");
  }

  function offerHome() {
    var url = homeUrl();
    var reload = byId("boot-reload");
    if (!url || !reload || byId("boot-home")) { return; }
    var a = doc.createElement("a");
    a.id = "boot-home";
    a.className = "btn btn-secondary";
    a.href = url;
    a.textContent = t("open_home");
    reload.parentNode.insertBefore(a, reload.nextSibling);
  }

  function shortName(url) {
    var s = String(url || "");
    try { s = new URL(s, window.location.href).pathname; } catch (e) { /* keep as is */ }
    var base = new URL("./", window.location.href).pathname;
    return s.indexOf(base) === 0 ? s.slice(base.length) : s;
  }

  function fail(reason, detail, file, why) {
    if (ready || failed) { return; }
    if (reason === "network" && window.origin === "null") { reason = "sandbox"; }
    failed = { reason: reason, detail: String(detail || ""), file: file ? shortName(file) : "", why: why || "" };
    if (api) { api.error = failed; }
    if (stallTimer) { clearInterval(stallTimer); }
    if (creepTimer) { clearInterval(creepTimer); }
    showFailure();
  }

  function showFailure() {
    if (!failed) { return; }
    var box = byId("boot");
    if (box) { box.setAttribute("data-stage", "error"); box.hidden = false; }
    var status = byId("boot-status");
    if (status) { status.textContent = t("error"); }
    var pre = byId("boot-error-detail");
    if (pre) { pre.textContent = failed.detail; }
    renderError();
    var err = byId("boot-error");
    if (err) { err.hidden = false; }
    offerHome();
    renderError();
    var home = byId("boot-home");
    var reload = byId("boot-reload");
    if (home) { home.focus(); } else if (reload) { reload.focus(); }
  }

  function describe(x) {
    if (!x) { return ""; }
    if (x instanceof Error) { return x.name + ": " + x.message + (x.stack ? "\n" + x.stack : ""); }
    if (typeof x === "object" && "message" in x) { return String(x.message); }
    return String(x);
  }

  function classify(text) {
    if (/PythonError|Traceback/.test(text)) { return "python_error"; }
    if (/fetch|status|404|NetworkError|Failed to load|Unable to|import/i.test(text)) { return "network"; }
    return "script_error";
  }

  window.addEventListener("error", function (ev) {
    if (ready) { return; }
    var target = ev.target;
    if (target && target !== window && target.tagName) {
      // resource failure (capture phase): only scripts matter for boot
      if (target.tagName === "SCRIPT") { fail("network", "failed to load " + (target.src || "a script"), target.src, "script"); }
      return;
    }
    var text = ev.message || describe(ev.error);
    fail(classify(text), text);
  }, true);

  window.addEventListener("unhandledrejection", function (ev) {
    if (ready) { return; }
    var text = describe(ev.reason);
    fail(classify(text), text);
  });

  // PyScript progress messages, in order: "Loading Pyodide", "Loading Storage",
  // "Loaded Storage", "Loading interpreter" (Pyodide downloads and starts; the
  // main thread is busy for seconds once the files are in), "Loaded interpreter",
  // "Loading files" (our bundle), "Loaded files", "Loaded Pyodide".
  window.addEventListener("py:progress", function (ev) {
    var what = String(ev.detail || "");
    if (/Loading interpreter/.test(what)) { setStage("python"); }
    if (/Loaded interpreter|Loading files|Loaded files/.test(what)) { setStage("games"); }
    armStallTimer();
  });
  // the interpreter is ready and the main script is about to run
  doc.addEventListener("py:ready", function () { setStage("games"); });

  // Download progress. fetch() is observed (never altered) while booting: the
  // bytes of the runtime and bundle files, read from a clone of each response,
  // count as progress for the stall timer (a slow first visit is not a hang),
  // and the two big files (Pyodide's wasm and stdlib) give a percentage.
  var BIG = /pyodide\.asm\.wasm|python_stdlib\.zip/;
  var big = { seen: 0, known: 0, expected: 0, received: 0 };
  function downloading() {
    // a percentage while both big files are known (uncompressed length) and unfinished
    return big.seen === 2 && big.known === 2 && big.received < big.expected;
  }
  function onBytes(n, isBig) {
    armStallTimer();
    if (!isBig) { return; }
    big.received += n;
    if (big.known === 2 && stage === "python") {
      setProgress(20 + 40 * Math.min(1, big.received / big.expected));
      if (!failed) { setStatus(); }
    }
  }
  function observeBody(res) {
    try {
      if (!res || !res.ok || !res.body) { return; }
      var isBig = BIG.test(res.url || "");
      if (isBig) {
        big.seen += 1;
        var len = parseInt(res.headers.get("content-length") || "0", 10);
        if (len > 0 && !res.headers.get("content-encoding")) { big.known += 1; big.expected += len; }
      }
      var reader = res.clone().body.getReader();
      var pump = function () {
        return reader.read().then(function (chunk) {
          if (chunk.done) { if (isBig && stage === "python" && !failed) { setStatus(); } return; }
          onBytes(chunk.value.byteLength, isBig);
          return pump();
        });
      };
      pump().catch(function () { /* the real consumer sees any error */ });
    } catch (e) { /* observation only */ }
  }
  // A WebAssembly file that does not compile (truncated, damaged) is reported at once with
  // its name: Pyodide only logs the CompileError, and the boot would wait for the stall timer.
  var lastWasm = "pyodide.asm.wasm";
  function watchWasm(name) {
    var native = window.WebAssembly && window.WebAssembly[name];
    if (typeof native !== "function") { return; }
    window.WebAssembly[name] = function (source) {
      var p = native.apply(this, arguments);
      var W = window.WebAssembly;
      p.then(null, function (e) {
        if (ready || !e || !(e instanceof W.CompileError || e instanceof W.LinkError)) { return; }
        Promise.resolve(source).then(function (res) {
          var file = res && res.url ? res.url : lastWasm;
          fail("wasm", file + ": " + describe(e), file, e.name);
        }, function () { fail("wasm", describe(e), lastWasm, e.name); });
      });
      return p;
    };
  }
  try { watchWasm("instantiateStreaming"); watchWasm("instantiate"); } catch (e) { /* observation only */ }

  var nativeFetch = window.fetch;
  if (typeof nativeFetch === "function") {
    window.fetch = function (input) {
      var promise = nativeFetch.apply(this, arguments);
      // {ludoOptional: true}: a fetch whose failure the caller handles (the shipped snapshot,
      // js/snapshot-shipped.mjs: a normal boot follows), so it is watched but never fatal
      var optional = !!(arguments[1] && arguments[1].ludoOptional);
      if (!ready && !failed) {
        var url = typeof input === "string" ? input : (input && input.url) || String(input);
        if (/vendor\/|build\/|\.(wasm|zip)(\?|$)/.test(url)) {
          promise.then(function (res) {
            if (res && !res.ok && !ready) { if (!optional) { fail("network", url + " answered " + res.status, url, "HTTP " + res.status); } return; }
            if (/\.wasm(\.gz)?(\?|$)/.test(url)) { lastWasm = url; }
            observeBody(res);
          }, function (e) { if (!ready && !optional) { fail("network", url + ": " + describe(e), url, describe(e).split("\n")[0]); } });
        }
      }
      return promise;
    };
  }

  // ---- pending game ------------------------------------------------------------
  var pendingName = null;

  function showPending() {
    var el = byId("boot-pending");
    if (!el) { return; }
    el.textContent = t("pending", { name: pendingName });
    el.hidden = false;
  }

  function setPending(game, source) {
    window.ludoPending = { game: game, source: source };
    var cards = doc.querySelectorAll(".game-card[data-game]");
    pendingName = game;
    for (var i = 0; i < cards.length; i++) {
      var isIt = cards[i].getAttribute("data-game") === game;
      cards[i].classList.toggle("is-pending", isIt);
      if (isIt) {
        var nameEl = cards[i].querySelector(".game-name");
        if (nameEl) { pendingName = nameEl.textContent.trim(); }
      }
    }
    showPending();
  }

  function takePending() {
    var p = window.ludoPending;
    window.ludoPending = undefined;
    removeItem("sessionStorage", PENDING_KEY);
    var el = byId("boot-pending");
    if (el) { el.hidden = true; }
    var cards = doc.querySelectorAll(".game-card.is-pending");
    for (var i = 0; i < cards.length; i++) { cards[i].classList.remove("is-pending"); }
    pendingName = null;
    return p;
  }

  window.ludoPending = undefined;
  doc.addEventListener("click", function (ev) {
    if (ready || !ev.target || !ev.target.closest) { return; }
    var card = ev.target.closest(".game-card[data-game]");
    if (!card) { return; }
    ev.preventDefault();
    setPending(card.getAttribute("data-game"), "tap");
  });

  // ---- readiness -----------------------------------------------------------------
  function onReady() {
    if (ready) { return; }
    setStage("ready");
    ready = true;
    api.ready = true;
    if (stallTimer) { clearInterval(stallTimer); }
    if (creepTimer) { clearInterval(creepTimer); }
    var err = byId("boot-error");
    if (err) { err.hidden = true; }
    failed = null;
    api.error = null;
    var box = byId("boot");
    if (box) { box.hidden = true; }
    // the queued choice stays in window.ludoPending for Python; only its marks go
    var cards = doc.querySelectorAll(".game-card.is-pending");
    for (var i = 0; i < cards.length; i++) { cards[i].classList.remove("is-pending"); }
    registerServiceWorker();
  }

  var PY_FAILURE = /Traceback \(most recent call last\)|\b\w*(Error|Exception)\b/;

  function watchBody() {
    var body = doc.body;
    if (body.dataset.ready === "1") { onReady(); return; }
    new MutationObserver(function (records) {
      if (body.dataset.ready === "1") { onReady(); return; }
      if (ready || failed) { return; }
      // PyScript's error plugin appends <div class="py-error"> to <body> with the traceback
      for (var r = 0; r < records.length; r++) {
        var added = records[r].addedNodes;
        for (var i = 0; i < added.length; i++) {
          var n = added[i];
          // (stderr also carries warnings, which are not failures)
          if (n.nodeType === 1 && n.classList.contains("py-error") && PY_FAILURE.test(n.textContent)) {
            fail("python_error", n.textContent);
            return;
          }
        }
      }
    }).observe(body, { attributes: true, attributeFilter: ["data-ready"], childList: true });
  }

  // ---- service worker ---------------------------------------------------------------
  var hadController = false;
  var swRegistered = false;

  function swContainer() {
    // navigator.serviceWorker throws SecurityError in a sandboxed iframe (opaque origin)
    try { return window.location.protocol !== "file:" && "serviceWorker" in navigator ? navigator.serviceWorker : null; }
    catch (e) { return null; }
  }

  function registerServiceWorker() {
    var container = swContainer();
    if (swRegistered || !container) { return; }
    swRegistered = true;
    try { container.register("./sw.js", { scope: "./", updateViaCache: "none" })
      .then(function (reg) {
        api.serviceWorker = reg;
        // Look for a new deploy now rather than when the browser gets round to it.
        if (hadController) { reg.update().catch(function () { /* offline */ }); }
      })
      .catch(function (e) { api.serviceWorkerError = describe(e); });
    } catch (e) { api.serviceWorkerError = describe(e); }
  }

  var swAtBoot = swContainer();
  if (swAtBoot) {
    hadController = !!swAtBoot.controller;
    swAtBoot.addEventListener("controllerchange", function () {
      if (!hadController) { hadController = true; return; } // first install: nothing to do
      if (!ready) {
        // A new version took over while this page was still booting from the
        // old one: start again on the new version, keeping an early tap.
        if (window.ludoPending) { setItem("sessionStorage", PENDING_KEY, window.ludoPending.game); }
        window.location.reload();
        return;
      }
      var note = byId("update-note");
      if (note) { note.hidden = false; }
    });
  }

  // ---- wiring once the DOM exists ------------------------------------------------------
  function onDom() {
    applyLang();
    var toggle = byId("lang-toggle");
    if (toggle) { toggle.addEventListener("change", function () { setLang(toggle.value); }); }
    var reload = byId("boot-reload");
    if (reload) { reload.addEventListener("click", function () { window.location.reload(); }); }
    var upd = byId("update-reload");
    if (upd) { upd.addEventListener("click", function () { window.location.reload(); }); }
    var fromUrl = param("game");
    var saved = getItem("sessionStorage", PENDING_KEY);
    if (saved && GAMES.indexOf(saved) >= 0) { setPending(saved, "tap"); }
    else if (fromUrl && GAMES.indexOf(fromUrl) >= 0) { setPending(fromUrl, "url"); }
    watchBody();
    setProgress(progressValue);
    showFailure(); // a failure seen before the DOM existed
  }

  var api = window.ludoBoot = {
    lang: lang,
    t: t,
    setLang: setLang,
    applyLang: applyLang,
    takePending: takePending,
    fail: fail,
    // progress the fetch watch cannot see (the shipped snapshot downloads in a worker)
    alive: function () { if (!ready && !failed) { armStallTimer(); } },
    ready: false,
    error: null,
    stages: stageHistory,
    games: GAMES.slice(),
    // resolves at the first contentful paint: the runtime's downloads wait on it (above)
    afterPaint: afterPaint,
    get paintedAt() { return paintedAt; }
  };

  stage = "download";
  stageHistory.push({ stage: "download", t: Math.round(performance.now()) });
  armStallTimer();
  if (doc.readyState === "loading") {
    // "interactive" fires when parsing ends, before module scripts run and
    // before DOMContentLoaded (which waits for PyScript's modules).
    doc.addEventListener("readystatechange", function once() {
      doc.removeEventListener("readystatechange", once);
      onDom();
    });
  } else {
    onDom();
  }
})();
