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
 *
 * One script made of parts: scripts/build.py joins the files of js/explain/ in the order of
 * its JOINED_SCRIPTS (this one first) into build/explain.js, the script explain.html loads and
 * an exported page inlines, inside one function: `(function () { "use strict"; <the parts> })();`.
 * Every name a part declares is seen by all the others, and the parts' statements run in that
 * order. `make build` remakes it; tests/platform/test_js_sources.py says when build/explain.js
 * is older than its parts.
 */

// -- settings, the words, the viewer's state ------------------------------------------------------

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
