// A part of build/explain.js: js/explain/state.js says how the parts make one script.
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
