/*
 * Ludothèque words in the page, before Python and in the example viewer (classic script).
 *
 * The words live in gettext catalogues (locale/<lang>.po, symbolic ids); scripts/catalogues.py
 * compiles them at build time into build/i18n/<lang>.js (window.ludoCatalogues[lang]) and the
 * language list build/i18n/languages.js (window.ludoLanguages). This script only reads that
 * data: a message in the chosen language, else in French, else nothing (never its id);
 * {name} parameters; the plural form from the language's rule, which the build turned into
 * a small expression tree walked here (no eval, no Function(): the viewer's
 * Content-Security-Policy has no 'unsafe-eval'). py/ludotheque/core/catalogue.py reads the
 * same data the same way in Python. docs/translating.md.
 *
 * window.ludoI18n = {say, pluralIndex, choose, languages, has, load, write}
 */
(function () {
  "use strict";

  var SOURCE = "fr";
  var BINARY = {
    "||": function (a, b) { return a || b ? 1 : 0; },
    "&&": function (a, b) { return a && b ? 1 : 0; },
    "==": function (a, b) { return a === b ? 1 : 0; },
    "!=": function (a, b) { return a !== b ? 1 : 0; },
    "<": function (a, b) { return a < b ? 1 : 0; },
    ">": function (a, b) { return a > b ? 1 : 0; },
    "<=": function (a, b) { return a <= b ? 1 : 0; },
    ">=": function (a, b) { return a >= b ? 1 : 0; },
    "%": function (a, b) { return b ? a % b : 0; }
  };

  function pluralIndex(rule, n) {
    if (rule === "n") { return n; }
    if (typeof rule === "number") { return rule; }
    if (rule[0] === "?") { return pluralIndex(pluralIndex(rule[1], n) ? rule[2] : rule[3], n); }
    if (rule[0] === "!") { return pluralIndex(rule[1], n) ? 0 : 1; }
    return BINARY[rule[0]](pluralIndex(rule[1], n), pluralIndex(rule[2], n));
  }

  function catalogue(lang) {
    var all = window.ludoCatalogues;
    return all && Object.prototype.hasOwnProperty.call(all, lang) ? all[lang] : null;
  }

  function form(lang, id, n) {
    var cat = catalogue(lang);
    if (!cat || !Object.prototype.hasOwnProperty.call(cat.messages, id)) { return null; }
    var msg = cat.messages[id];
    if (Array.isArray(msg)) { msg = msg[pluralIndex(cat.plural, Math.abs(Math.floor(Number(n) || 0)))]; }
    return msg || null;
  }

  /* French elision before a vowel sound, as core/catalogue.py's FORMATTERS: "{name|de}". */
  var VOWEL = /^[aeiouyàâäéèêëîïôöùûüœæ]/i;
  function elide(word) { return function (v) { return VOWEL.test(v) ? word.slice(0, -1) + "'" + v : word + " " + v; }; }
  function comma(v) { return v.replace(".", ","); }
  /* "{x|int}": a whole number with its thousands marked the language's way (512 000, 512,000). */
  function grouped(mark) {
    return function (v) {
      var m = /^(-?)(\d+)$/.exec(v);
      return m ? m[1] + m[2].replace(/\B(?=(\d{3})+(?!\d))/g, mark) : v;
    };
  }
  var FORMATTERS = { fr: { de: elide("de"), que: elide("que"), le: elide("le"), la: elide("la"), num: comma,
                           "int": grouped("\u202f") },
                     en: { "int": grouped(",") },
                     de: { num: comma, "int": grouped(".") }, es: { num: comma, "int": grouped(".") } };

  function fill(text, values, lang) {
    return text.replace(/\{(\w+)(?:\|(\w+))?\}/g, function (m, k, how) {
      if (values[k] == null) { return m; }
      var f = how && FORMATTERS[lang] && FORMATTERS[lang][how];
      return f ? f(String(values[k])) : String(values[k]);
    });
  }

  /* The message `id` in `lang` (French when that language lacks it), parameters filled;
   * values.n chooses the plural form. "" when no catalogue has it: never an id on screen. */
  function say(lang, id, values) {
    var text = form(lang, id, values && values.n), used = lang;
    if (text === null) { text = form(SOURCE, id, values && values.n); used = SOURCE; }
    return text === null ? "" : fill(text, values || {}, used);
  }

  /* The list of languages (build/i18n/languages.js), French first. `scope`: "app" (offered
   * in the app: everything it shows is translated) or "complete" (the catalogue is). */
  function languages(scope) {
    var list = window.ludoLanguages || [{ code: SOURCE, button: "FR", name: "français", label: "FR — français", complete: true, app: true }];
    return list.filter(function (l) { return !scope || l[scope]; });
  }

  function codes(scope) { return languages(scope).map(function (l) { return l.code; }); }

  /* The language to show, in this order: a link's ?lang=, the person's kept choice, the
   * browser's languages (navigator.languages, "de-AT" counts as "de"), French. Each is taken
   * only if it is one of `allowed`. */
  function choose(allowed, asked, kept, browser) {
    function ok(code) { return code && allowed.indexOf(String(code).toLowerCase()) >= 0 ? String(code).toLowerCase() : null; }
    var found = ok(asked) || ok(kept);
    for (var i = 0; !found && browser && i < browser.length; i++) {
      found = ok(browser[i]) || ok(String(browser[i] || "").split("-")[0]);
    }
    return found || (allowed.indexOf(SOURCE) >= 0 ? SOURCE : allowed[0]);
  }

  function url(base, lang) { return base + "build/i18n/" + lang + ".js"; }

  /* During the parse of a page's <head> (build/boot.js): the catalogues of `lang` and of French
   * written as blocking scripts right after the current one, so they are there before the
   * body is shown. */
  var TAG = "script"; // spelled apart: this file is inlined in self-contained example pages
  function write(lang, base) {
    [SOURCE, lang].forEach(function (code, i, all) {
      if (!catalogue(code) && all.indexOf(code) === i) { document.write("<" + TAG + ' src="' + url(base, code) + '"></' + TAG + ">"); }
    });
  }

  /* Later (the example viewer, once it knows its language): load what is missing, then done(). */
  function load(lang, base, done) {
    var want = [SOURCE, lang].filter(function (code, i, all) { return !catalogue(code) && all.indexOf(code) === i; });
    var left = want.length;
    if (!left) { done(); return; }
    want.forEach(function (code) {
      var s = document.createElement("script");
      s.src = url(base, code);
      s.onload = s.onerror = function () { left -= 1; if (!left) { done(); } };
      document.head.appendChild(s);
    });
  }

  window.ludoI18n = {
    say: say, pluralIndex: pluralIndex, choose: choose, languages: languages, codes: codes,
    has: function (lang) { return !!catalogue(lang); }, load: load, write: write
  };
})();
