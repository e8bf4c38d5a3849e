/* Ludothèque example viewer (explain.html): steps through pre-rendered frames of a record.
 *
 * Why plain JavaScript and no Python: the frames are HTML drawn ahead of time by the games'
 * own Python screen code (py/ludotheque/explain/frames.py), so this page only swaps ready
 * HTML. It paints at once, weighs a few KB, starts no Pyodide, touches no storage and no
 * service worker, and so runs in sandboxed and cross-origin frames. Python starts only for
 * a bare `#record=` link (no frames yet), with progress shown. See docs/embed.md.
 *
 * Classic script on purpose: module scripts need CORS, which a sandboxed frame (opaque
 * origin) does not get from a plain static server.
 */
(function () {
  "use strict";

  // The words are in the catalogues (locale/*.po -> build/i18n/<lang>.js, read by js/i18n.js):
  // explain.html loads French and the asked language; an --html page inlines them.
  var I18N = window.ludoI18n;
  var FORMAT = "ludotheque-frames";
  // The limits of an example from anywhere (docs/security.md): MAX_FRAMES is explain/frames.py's.
  var MAX_BYTES = 8 * 1024 * 1024, MAX_FRAMES = 400;
  var RECORD_FORMAT = "ludotheque-record";

  var params = new URLSearchParams(location.search);
  var hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  // a language the viewer can show: every viewer word translated (build/i18n/languages.js)
  function viewerLang(code) { return I18N && I18N.codes("complete").indexOf(code) >= 0 ? code : null; }
  var lang = viewerLang(params.get("lang"));
  var state = { doc: null, index: 0, height: 0, inline: params.get("try") === "inline", python: null };
  var ui = {};

  function w(key, values) { return I18N ? I18N.say(lang || "fr", "viewer." + key, values) : ""; }

  // The viewer's own labels, again once the example's language is known.
  function label() {
    document.documentElement.lang = lang || "fr";
    ui.main.setAttribute("aria-label", w("example"));
    ui.heading.textContent = w("example");
    ui.bar.setAttribute("aria-label", w("timeline"));
    ["first", "prev", "next", "last"].forEach(function (what) {
      ui[what].setAttribute("aria-label", w(what));
      ui[what].setAttribute("title", w(what));
    });
    ui.tryBtn.setAttribute("title", w("try_hint"));
    ui.tryLong.textContent = w("try_long");
    ui.tryShort.textContent = w("try_short");
  }

  function h(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text != null) e.textContent = text;
    return e;
  }

  function post(msg) {
    if (window.parent && window.parent !== window) {
      try { window.parent.postMessage(msg, "*"); } catch (e) { /* host gone: nothing to tell */ }
    }
  }

  // -- the page ---------------------------------------------------------------------------------
  function build() {
    var theme = params.get("theme");
    if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
    document.documentElement.classList.add("explain");
    document.body.classList.add("explain");
    var main = ui.main = h("main", { "class": "ex" });
    main.appendChild(ui.heading = h("h1", { "class": "visually-hidden" }));  // every page has a heading
    ui.stage = h("div", { "class": "ex-stage" });
    ui.frame = h("div", { "class": "ex-frame", "inert": "", "data-testid": "frame" });
    ui.sizer = h("div", { "class": "ex-sizer", "aria-hidden": "true" });  // the scaled board's size: what the stage scrolls
    ui.stage.appendChild(ui.sizer);
    ui.stage.appendChild(ui.frame);
    ui.note = h("p", { "class": "ex-note", "data-testid": "note", hidden: "" });
    ui.live = h("p", { "class": "ex-live visually-hidden", "aria-live": "polite", "data-testid": "live" });
    ui.bar = h("div", { "class": "ex-bar", "role": "toolbar" });
    ui.first = button(ICONS.first, "first"); ui.prev = button(ICONS.prev, "prev");
    ui.count = h("span", { "class": "ex-count", "data-testid": "count" });
    ui.next = button(ICONS.next, "next"); ui.last = button(ICONS.last, "last");
    ui.tryBtn = h("button", { type: "button", "class": "ex-try", "data-testid": "try" });
    ui.tryBtn.appendChild(ui.tryLong = h("span", { "class": "long" }));
    ui.tryBtn.appendChild(ui.tryShort = h("span", { "class": "short" }));
    ui.tryBtn.addEventListener("click", tryHere);
    [ui.first, ui.prev, ui.count, ui.next, ui.last, ui.tryBtn].forEach(function (e) { ui.bar.appendChild(e); });
    ui.progress = h("div", { "class": "ex-progress", role: "status", hidden: "" });
    ui.progressBar = h("progress", { max: "4", value: "0" });
    ui.progressText = h("span", {});
    ui.progress.appendChild(ui.progressText); ui.progress.appendChild(ui.progressBar);
    ui.error = h("p", { "class": "ex-error", role: "alert", hidden: "", "data-testid": "error" });
    [ui.stage, ui.note, ui.bar, ui.progress, ui.error, ui.live].forEach(function (e) { main.appendChild(e); });
    document.body.appendChild(main);
    label();
    ui.bar.hidden = true;
    document.addEventListener("keydown", onKey);
    swipe(ui.stage);
    window.addEventListener("message", onMessage);
    window.addEventListener("hashchange", function () {  // a host may also step by #ply=N
      var ply = intOr(new URLSearchParams(location.hash.replace(/^#/, "")).get("ply"), null);
      if (ply != null && state.doc) go(indexOf(ply));
    });
    if (window.ResizeObserver) new ResizeObserver(fit).observe(document.documentElement);
    window.addEventListener("resize", fit);
  }

  // drawn, not glyphs: ⏮ and ⏭ are missing from many system fonts
  var ICONS = {
    first: "M5 4h2v16H5zM19 4v16L8 12z", prev: "M17 4v16L6 12z",
    next: "M7 4v16l11-8z", last: "M17 4h2v16h-2zM5 4v16l11-8z",
  };

  function button(path, what) {
    var b = h("button", { type: "button", "class": "ex-btn", "data-testid": what });
    var NS = "http://www.w3.org/2000/svg", svg = document.createElementNS(NS, "svg"), d = document.createElementNS(NS, "path");
    svg.setAttribute("viewBox", "0 0 24 24"); svg.setAttribute("aria-hidden", "true"); svg.setAttribute("focusable", "false");
    d.setAttribute("d", path);
    svg.appendChild(d); b.appendChild(svg);
    b.addEventListener("click", function () { step(what); });
    return b;
  }

  // -- loading ------------------------------------------------------------------------------------
  function fail(message) {
    ui.progress.hidden = true;
    ui.error.hidden = false;
    ui.error.textContent = message;
    post({ type: "ludo:error", message: message });
    fit();
  }

  function valid(doc) {
    return doc && typeof doc === "object" && doc.format === FORMAT && doc.version === 1 && Array.isArray(doc.frames)
      && doc.frames.length > 0 && doc.frames.every(function (f) {
        return f && typeof f.html === "string" && typeof f.ply === "number";
      });
  }

  function show(doc, ply) {
    if (!valid(doc)) { fail(w("bad_file", { why: "format" })); return; }
    if (doc.frames.length > MAX_FRAMES) { fail(w("too_many", { count: doc.frames.length })); return; }
    if (!lang) {
      // the example's own language (its notes are in it): its catalogue first
      lang = viewerLang(doc.lang) || "fr";
      if (I18N && !I18N.has(lang)) { I18N.load(lang, siteUrl(""), function () { show(doc, ply); }); return; }
      label();
    }
    state.doc = doc;
    if (!document.getElementById("ludo-frames")) loadCss(doc.css || []);
    ui.error.hidden = true;
    ui.progress.hidden = true;
    ui.bar.hidden = false;
    document.title = (doc.title || "Ludothèque") + " — " + w("example");
    state.index = indexOf(ply == null ? doc.frames[0].ply : ply);
    post({ type: "ludo:ready", game: doc.game, plies: lastPly(), first: doc.frames[0].ply });
    paint();
  }

  function loadCss(list) {
    list.forEach(function (href) {
      if (typeof href !== "string" || !/^css\/[a-z0-9_-]+\.css$/.test(href)) return;
      if (document.querySelector('link[data-game-css="' + href + '"]')) return;
      var l = h("link", { rel: "stylesheet", href: siteUrl(href), "data-game-css": href });
      l.addEventListener("load", fit);
      document.head.insertBefore(l, document.head.querySelector('link[href$="explain.css"]'));
    });
  }

  function siteUrl(rel) {
    var site = document.body.getAttribute("data-site");
    var base = site ? new URL(site.replace(/\/?$/, "/"), location.href) : new URL(".", location.href);
    return new URL(rel, base).href;
  }

  window.ludoFrames = function (doc) { state.pending = doc; };

  function load() {
    var inline = document.getElementById("ludo-frames");
    var ply = intOr(hash.get("ply"), intOr(params.get("ply"), null));
    if (inline) {
      try { show(JSON.parse(inline.textContent), ply); } catch (e) { fail(w("bad_file", { why: e.message })); }
      return;
    }
    var src = params.get("src");
    if (src) {
      if (!allowedSrc(src)) { fail(w("bad_src", { src: src.slice(0, 80) })); return; }
      ui.progress.hidden = false; ui.progressText.textContent = w("loading");
      if (/\.js(\?|$)/.test(src)) {
        // a .js frames file runs as script: only our own site's (the page's CSP says so too)
        if (new URL(src, location.href).origin !== location.origin) { fail(w("foreign_js", { src: src })); return; }
        var s = h("script", { src: src });
        s.onload = function () { show(state.pending, ply); };
        s.onerror = function () { fail(w("load_failed", { src: src, why: "" })); };
        document.head.appendChild(s);
        return;
      }
      fetch(src, { credentials: "omit", referrerPolicy: "no-referrer" }).then(function (r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        return readCapped(r, src);
      }).then(function (text) {
        var data;
        try { data = JSON.parse(text); } catch (e) { fail(w("bad_file", { why: e.message })); return; }
        if (data && data.format === RECORD_FORMAT) renderWithPython(data, ply);
        else show(data, ply);
      }).catch(function (e) {
        if (e && e.refusal) { fail(e.message); return; }
        fail(w("load_failed", { src: src, why: (self.origin === "null" ? w("sandbox") : "") + " (" + e.message + ")" }));
      });
      return;
    }
    if (hash.get("record")) { renderWithPython(hash.get("record"), ply); return; }
    if (params.get("wait") === "host" && window.parent !== window) {
      // the host sends the example (ludo:load): the app's example editor feeds its preview so
      ui.progress.hidden = false; ui.progressText.textContent = w("loading");
      return;
    }
    fail(w("no_example"));
  }

  // src= names this site's own files (a relative path), an https: address, or http: on this
  // machine (authors testing); never data:, blob:, javascript: or any other scheme.
  function allowedSrc(src) {
    var url;
    try { url = new URL(src, location.href); } catch (e) { return false; }
    if (url.protocol === "https:") return true;
    if (url.protocol !== "http:") return false;
    return url.host === location.host || url.hostname === "localhost" || url.hostname === "127.0.0.1";
  }

  // The body as text, read as a stream and given up past MAX_BYTES (a huge file must not
  // take the tab's memory: it is refused with a message instead).
  function readCapped(r, src) {
    var tooBig = new Error(w("too_big", { src: src.slice(0, 80) }));
    tooBig.refusal = true;
    if (Number(r.headers.get("content-length")) > MAX_BYTES) { if (r.body) r.body.cancel(); return Promise.reject(tooBig); }
    if (!r.body || !r.body.getReader || !window.TextDecoder) {
      return r.text().then(function (t) { if (t.length > MAX_BYTES) throw tooBig; return t; });
    }
    var reader = r.body.getReader(), dec = new TextDecoder(), total = 0, parts = [];
    function pump() {
      return reader.read().then(function (x) {
        if (x.done) { parts.push(dec.decode()); return parts.join(""); }
        total += x.value.byteLength;
        if (total > MAX_BYTES) { reader.cancel(); throw tooBig; }
        parts.push(dec.decode(x.value, { stream: true }));
        return pump();
      });
    }
    return pump();
  }

  function intOr(text, dflt) {
    var n = parseInt(text, 10);
    return isNaN(n) ? dflt : n;
  }

  // -- Python, only for a record without frames -----------------------------------------------------
  function progress(key, n) {
    ui.progress.hidden = false;
    ui.progressText.textContent = w(key);
    ui.progressBar.value = n;
  }

  function renderWithPython(record, ply) {
    var asText = typeof record === "string" ? record : JSON.stringify(record);
    progress("py_download", 0);
    document.body.setAttribute("data-python", "1");  // this viewer started Python (tests, benchmarks)
    var engine = state.python || (state.python = bootPython());
    engine.then(function (py) {
      progress("py_render", 3);
      py.globals.set("ludo_record", asText);
      py.globals.set("ludo_lang", lang || "fr");
      var out = py.runPython(
        "from ludotheque.core.record import Record\n" +
        "from ludotheque.explain.frames import render_frames, to_json\n" +
        "from ludotheque.core.errors import LudoError\n" +
        "try:\n" +
        "    _r = Record.from_json(ludo_record) if ludo_record.lstrip().startswith('{') else Record.from_url_fragment(ludo_record)\n" +
        "    _out = to_json(render_frames(_r, ludo_lang))\n" +
        "except LudoError as _e:\n" +
        "    _out = '!' + _e.message(ludo_lang)\n" +
        "_out");
      if (out.charAt(0) === "!") { fail(w("bad_file", { why: out.slice(1) })); return; }
      show(JSON.parse(out), ply);
    }).catch(function (e) {
      state.python = null;
      fail(w("py_failed", { why: (e && e.message ? e.message : String(e)) + (self.origin === "null" ? w("sandbox") : "") }));
    });
  }

  function bootPython() {
    return import(siteUrl("vendor/pyodide/pyodide.mjs")).then(function (mod) {
      progress("py_start", 1);
      // the app's lean standard library (scripts/lean_stdlib.py), the one the service worker keeps
      return mod.loadPyodide({ indexURL: siteUrl("vendor/pyodide/"), stdLibURL: siteUrl("build/runtime/python_stdlib.zip") });
    }).then(function (py) {
      progress("py_games", 2);
      return fetch(siteUrl("build/ludotheque.zip")).then(function (r) {
        if (!r.ok) throw new Error("build/ludotheque.zip: HTTP " + r.status);
        return r.arrayBuffer();
      }).then(function (buf) {
        py.unpackArchive(buf, "zip", { extractDir: "/home/pyodide/ludo" });
        py.runPython("import sys\nif '/home/pyodide/ludo' not in sys.path: sys.path.insert(0, '/home/pyodide/ludo')");
        return py;
      });
    });
  }

  // -- stepping -----------------------------------------------------------------------------------
  function lastPly() { var f = state.doc.frames; return f[f.length - 1].ply; }

  function indexOf(ply) {
    var frames = state.doc.frames, best = 0;
    for (var i = 0; i < frames.length; i++) if (frames[i].ply <= ply) best = i;
    return best;
  }

  function step(what) {
    if (!state.doc) return;
    var n = state.doc.frames.length;
    var i = { first: 0, prev: state.index - 1, next: state.index + 1, last: n - 1 }[what];
    go(i);
  }

  function go(i) {
    if (!state.doc) return;
    i = Math.max(0, Math.min(state.doc.frames.length - 1, i));
    if (i === state.index && ui.frame.firstChild) return;
    state.index = i;
    paint();
  }

  function paint() {
    var doc = state.doc, f = doc.frames[state.index], n = doc.frames.length, board;
    // never the file's HTML as it is: what our screens draw, nothing else (js/frame-sanitizer.js)
    try { board = window.ludoFrameSanitizer.fragment(f.html); } catch (e) { state.doc = null; ui.bar.hidden = true; fail(w("no_sanitizer")); return; }
    ui.frame.replaceChildren(board);
    var last = lastPly();
    ui.count.textContent = w("count", { ply: f.ply, last: last });
    var said = f.ply === 0 ? w("start") : (f.move || "");
    ui.note.textContent = "";
    if (said) ui.note.appendChild(h("span", { "class": "ex-move" }, said));
    if (f.note) ui.note.appendChild(h("span", { "class": "ex-text" }, f.note));
    ui.note.hidden = !said && !f.note;
    ui.live.textContent = w("count_spoken", { ply: f.ply, last: last }) + " " + said + (f.note ? " " + f.note : "");
    var had = document.activeElement;
    ui.first.disabled = ui.prev.disabled = state.index === 0;
    ui.next.disabled = ui.last.disabled = state.index === n - 1;
    // a button that just became disabled drops the focus to the page body: keep it in the bar
    if (had && had.disabled && ui.bar.contains(had)) (state.index === 0 ? ui.next : ui.prev).focus();
    ui.tryBtn.hidden = !doc.record || (document.getElementById("ludo-frames") && !document.body.getAttribute("data-site"));
    post({ type: "ludo:position", ply: f.ply, plies: last, note: f.note || "" });
    fit();
  }

  function tryUrl() {
    var doc = state.doc, f = doc.frames[state.index];
    var embed = state.inline && window.parent !== window ? "&embed=1" : "";
    return siteUrl("index.html?game=" + encodeURIComponent(doc.game) + "&lang=" + (lang || "fr") + embed
      + "#record=" + doc.record + "&ply=" + f.ply);
  }

  function tryHere() {
    if (!state.doc) return;
    var url = tryUrl();
    if (state.inline) { location.href = url; return; }
    var tab = window.open(url, "_blank");
    if (tab) { try { tab.opener = null; } catch (e) { /* cross-origin: fine */ } } else { location.href = url; }
  }

  // a finger swiping the board steps too (left: next, right: previous)
  function swipe(el) {
    var x0 = null, y0 = null;
    el.style.touchAction = "pan-y";
    el.addEventListener("pointerdown", function (e) { x0 = e.clientX; y0 = e.clientY; });
    el.addEventListener("pointerup", function (e) {
      if (x0 === null) return;
      var dx = e.clientX - x0, dy = e.clientY - y0;
      x0 = null;
      if (state.scrolls && el.scrollWidth > el.clientWidth + 1) return;  // the finger scrolls the board
      if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? "next" : "prev");
    });
    el.addEventListener("pointercancel", function () { x0 = null; });
  }

  function onKey(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var what = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
    if (!what || !state.doc) return;
    e.preventDefault();
    step(what);
  }

  // -- host API -------------------------------------------------------------------------------------
  function onMessage(e) {
    try {
      if (e.source !== window.parent || window.parent === window) return;
      var d = e.data;
      if (!d || typeof d !== "object" || typeof d.type !== "string") return;
      if (d.type === "ludo:next") step("next");
      else if (d.type === "ludo:prev") step("prev");
      else if (d.type === "ludo:goto" && typeof d.ply === "number" && isFinite(d.ply) && state.doc) go(indexOf(Math.floor(d.ply)));
      else if (d.type === "ludo:load" && d.record && typeof d.record === "object") {
        if (d.record.format === FORMAT && valid(d.record)) { state.index = -1; show(d.record, null); }
        else if (d.record.format === RECORD_FORMAT) renderWithPython(d.record, null);
      }
    } catch (err) { /* a message never breaks the viewer */ }
  }

  // -- fitting: the frame is laid out at a readable width and scaled down to the space left ----------
  // A board laid out narrow grows tall (screens stack their parts): several layout widths are
  // tried and the one that shows the board largest in this frame wins. But never below a
  // readable size: card digits stay at READABLE_PX or more on screen; a frame too small for
  // that lets the board scroll inside the viewer (vertically: the board is laid out to the
  // frame's width at that scale), and ludo:height asks for the height the board needs.
  var LAYOUTS = [600, 800, 1024, 1280];
  var READABLE_PX = 12;
  var NUMBER = /^\s*[+\u2212-]?\d+\s*$/;

  function measure(width) {
    ui.frame.style.width = width + "px";
    return { layout: width, w: Math.max(width, ui.frame.scrollWidth), h: ui.frame.scrollHeight || 1 };
  }

  // The smallest card digit of the board as laid out, in CSS px before scaling (the text of a
  // card with no digit, such as a Mookies face, counts instead; with no card at all, as on a
  // final score sheet, its smallest text).
  function smallestDigit() {
    var least = Infinity, words = Infinity;
    var cards = ui.frame.querySelectorAll("[data-card], [data-face]");
    if (!cards.length) cards = [ui.frame];
    for (var i = 0; i < cards.length; i++) {
      var walk = document.createTreeWalker(cards[i], NodeFilter.SHOW_TEXT), node;
      while ((node = walk.nextNode())) {
        var el = node.parentElement;
        if (!node.data.trim() || !el || !el.getClientRects().length) continue;
        var px = parseFloat(getComputedStyle(el).fontSize) || Infinity;
        if (NUMBER.test(node.data)) least = Math.min(least, px); else words = Math.min(words, px);
      }
    }
    return least < Infinity ? least : words;
  }

  // The smallest scale at which the board stays readable (never above 1: a board the game
  // itself draws small is not blown up).
  function readableScale() {
    return Math.min(1, READABLE_PX / smallestDigit());
  }

  // Every trigger (a step, a stylesheet arriving, a resize) asks for one fit at the next frame.
  var fitQueued = false;

  function fit() {
    if (fitQueued) return;
    fitQueued = true;
    requestAnimationFrame(function () { fitQueued = false; fitNow(); });
  }

  function fitNow() {
    var stage = ui.stage, frame = ui.frame;
    if (!stage) return;
    var sw = stage.clientWidth, sh = stage.clientHeight;
    frame.style.transform = "none";
    var natural = measure(Math.max(sw, LAYOUTS[0]));
    var floor = readableScale();
    var across = Math.min(1, sw / natural.w);  // the scale that fits the frame's width
    if (across < floor) {  // too narrow for a readable board: lay it out to the width at that scale
      natural = measure(Math.floor(sw / floor));
      floor = readableScale();
      across = Math.max(floor, Math.min(1, sw / natural.w));
    }
    var best = natural, bestScale = Math.max(floor, Math.min(across, sh > 0 ? sh / natural.h : 1));
    // wider layouts only help a board limited by the height
    if (sh > 0 && sh / natural.h < across) {
      LAYOUTS.filter(function (x) { return x > natural.layout; }).forEach(function (width) {
        var m = measure(width);
        var s = Math.min(1, sw / m.w, sh / m.h);
        if (s > bestScale + 0.01 && s >= readableScale()) { best = m; bestScale = s; }
      });
      if (best.layout !== parseInt(frame.style.width, 10)) measure(best.layout);
    }
    frame.style.transform = "scale(" + bestScale + ")";
    var shownW = best.w * bestScale, shownH = best.h * bestScale;
    frame.style.left = Math.max(0, (sw - shownW) / 2) + "px";
    // what the stage scrolls over: the board as shown (a scaled box keeps its layout size)
    ui.sizer.style.width = Math.floor(shownW) + "px";
    ui.sizer.style.height = Math.ceil(shownH) + "px";
    var scrolls = shownH > sh + 1 || shownW > sw + 1;
    stage.classList.toggle("ex-scrolls", scrolls);
    state.scrolls = scrolls;
    // the height this example would like at this width (independent of the frame's height)
    var chrome = document.body.scrollHeight - stage.offsetHeight;
    var want = Math.ceil(chrome + natural.h * across);
    if ((state.doc || !ui.error.hidden) && Math.abs(want - state.height) > 1) {
      state.height = want;
      post({ type: "ludo:height", px: want });
    }
  }

  function init() {
    function start() { build(); load(); }
    if (I18N && lang && !I18N.has(lang)) I18N.load(lang, siteUrl(""), start);  // ?lang=: its words first
    else start();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
