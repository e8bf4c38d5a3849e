// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
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
var pageLang = root.getAttribute("lang"); // the language index.html's static words are written in
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

var WORDED = "[data-i18n], [data-i18n-aria-label], [data-i18n-title]";

/* One static element in the current language: data-i18n="<id>" for its text,
 * data-i18n-<attr>="<id>" for an attribute. */
function wordElement(el) {
  var id = el.getAttribute("data-i18n");
  var text = id ? I18N.say(lang, id) : "";
  if (text) { el.textContent = text; }
  for (var a = 0; a < SWAP_ATTRS.length; a++) {
    var key = el.getAttribute("data-i18n-" + SWAP_ATTRS[a]);
    var said = key ? I18N.say(lang, key) : "";
    if (said) { el.setAttribute(SWAP_ATTRS[a], said); }
  }
}

/* Put the current language's words in the static elements under `scope` (default: the
 * whole document). */
function applyLang(scope) {
  var base = scope || doc;
  if (!I18N) { return; }
  var nodes = base.querySelectorAll(WORDED);
  for (var i = 0; i < nodes.length; i++) { wordElement(nodes[i]); }
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

/* index.html's static words are in its own language (pageLang, French). In another language
 * each element is worded while the page is parsed, before the first paint: worded once parsing
 * ended, after that paint, the page showed French first and then moved as the words changed
 * length (Lighthouse's English visit: a layout shift of 0.33). An element is worded once the parser has gone past it (a
 * node follows it or one of its ancestors), never while its own text may still arrive.
 * onDom() stops the watch and words the whole page (applyLang). */
var parseWatch = null;
function parsedPast(node) {
  for (var n = node; n && n !== root; n = n.parentNode) { if (n.nextSibling) { return true; } }
  return false;
}
if (I18N && lang !== pageLang && doc.readyState === "loading" && typeof window.MutationObserver === "function") {
  var unworded = [];
  parseWatch = new MutationObserver(function (records) {
    for (var r = 0; r < records.length; r++) {
      var added = records[r].addedNodes;
      for (var k = 0; k < added.length; k++) {
        // the parser adds one node at a time (its children come as records of their own)
        var node = added[k];
        if (node.nodeType === 1 && node.matches(WORDED)) { unworded.push(node); }
      }
    }
    if (!unworded.length) { return; }
    unworded = unworded.filter(function (el) {
      if (!parsedPast(el)) { return true; }
      wordElement(el);
      return false;
    });
  });
  parseWatch.observe(root, { childList: true, subtree: true });
}
function stopParseWatch() {
  if (parseWatch) { parseWatch.disconnect(); parseWatch = null; }
}

function setLang(next) {
  if (!known(next)) { return; }
  lang = next;
  setItem("localStorage", LANG_KEY, lang);
  api.lang = lang;
  // its catalogue first (only the first one was written in at boot); the page says it is in the
  // new language only once its words are (a screen reader reads the text in the page's language)
  I18N.load(lang, "./", function () {
    if (lang !== next) { return; }
    root.lang = lang;
    applyLang();
    window.dispatchEvent(new CustomEvent("ludo:lang", { detail: { lang: lang } }));
  });
}
