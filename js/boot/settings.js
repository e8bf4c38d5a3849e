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
 *
 * One script made of parts: scripts/build.py joins the files of js/boot/ in the order of its
 * JOINED_SCRIPTS (this one first) into build/boot.js, the script index.html loads, inside one
 * function: `(function () { "use strict"; <the parts> })();`. Every name a part declares is
 * seen by all the others (function declarations and `var`s are hoisted), and the parts'
 * statements run in that order. `make build` remakes it; tests/platform/test_js_sources.py
 * says when build/boot.js is older than its parts.
 */

// ---- settings -----------------------------------------------------------------------------
var LANG_KEY = "ludotheque/v1/lang";
var I18N = window.ludoI18n; // js/i18n.js, loaded just before
var LANGS = I18N ? I18N.codes("app") : ["fr"]; // the languages the app offers, French first
var PENDING_KEY = "ludotheque/v1/pending"; // sessionStorage, survives an update reload only
var GAMES = ["mookies", "mindup", "mosquito", "masterislands"];
// No progress for this long while booting = failure (tests may lower it).
var STALL_MS = typeof window.ludoBootTimeoutMs === "number" ? window.ludoBootTimeoutMs : 60000;

var doc = document;
var root = doc.documentElement;
