/*
 * Set-up forms before Python (first visit: nobody waits for Python).
 *
 * While Pyodide downloads and starts, a tap on a game card shows that game's set-up
 * screen at once: build/setup/<game>.<lang>.html, rendered at build time by the app's own
 * screen code (py/ludotheque/ui/setup_screen.py), one <template data-count="N"> per player
 * count. The person fills it; changing the count swaps in the form for that count with
 * everything typed kept; pressing start is remembered. When Python is ready it takes the
 * form over (py/ludotheque/web/early.py): it reads what the form holds, draws it again,
 * and starts the game at once if start was pressed. This script only moves HTML that
 * Python rendered; it knows no rule. Once Python is ready it does nothing.
 *
 * State for Python: window.ludoEarly = {game, start, shownAt} (game: the form shown, or
 * null; start: start was pressed; shownAt: performance.now() when it was shown).
 * Loaded async from index.html after boot.js (uses window.ludoBoot).
 */
(function () {
  "use strict";

  var doc = document;
  var early = window.ludoEarly = { game: null, start: false, shownAt: null };
  var forms = {}; // "<game>.<lang>" -> Promise of a <div> holding the templates

  function boot() { return window.ludoBoot || null; }
  // the forms are drawn at build time in the languages the app offers (js/i18n.js)
  function lang() {
    var b = boot(), i18n = window.ludoI18n;
    return b && i18n && i18n.codes("app").indexOf(b.lang) >= 0 ? b.lang : "fr";
  }
  function ready() { var b = boot(); return !!(b && (b.ready || b.error)) || doc.body.dataset.ready === "1"; }
  function byId(id) { return doc.getElementById(id); }
  function say(key) {
    var el = byId("boot-pending");
    if (!el) { return; }
    el.textContent = key && window.ludoI18n ? window.ludoI18n.say(boot() ? boot().lang : "fr", "setup." + key) : "";
    el.hidden = !key;
  }

  function load(game, lng) {
    if (!/^[a-z]+$/.test(game) || !/^[a-z]{2}$/.test(lng)) { return Promise.reject(new Error("no set-up form " + game)); }
    var key = game + "." + lng;
    if (!forms[key]) {
      forms[key] = fetch("./build/setup/" + key + ".html").then(function (res) {
        if (!res.ok) { throw new Error("HTTP " + res.status + " for the set-up form of " + key); }
        return res.text();
      }).then(function (text) {
        // our own build's HTML only: a fixed path of this site (build/setup/<game>.<lang>.html, drawn
        // by the app's screen code at build time), the game and language from the page's own lists
        var box = doc.createElement("div");
        box.innerHTML = text;
        return box;
      });
      // a failed download is tried again on the next tap; meanwhile boot.js's notice stays
      forms[key].catch(function () { delete forms[key]; });
    }
    return forms[key];
  }

  function fieldValues(form) {
    var values = {};
    if (!form) { return values; }
    for (var i = 0; i < form.elements.length; i++) {
      var e = form.elements[i];
      if (!e.name) { continue; }
      if (e.type === "checkbox" || e.type === "radio") {
        if (!(e.name in values)) { values[e.name] = []; }
        if (e.checked) { values[e.name].push(e.value); }
      } else {
        values[e.name] = e.value;
      }
    }
    return values;
  }

  // Put the values back by field name: fields the old form did not have keep their
  // rendered defaults (as Python's redraw keeps typed seats and adds default ones).
  function restore(form, values) {
    for (var i = 0; i < form.elements.length; i++) {
      var e = form.elements[i];
      if (!e.name || !(e.name in values)) { continue; }
      var v = values[e.name];
      if (e.type === "checkbox" || e.type === "radio") {
        if (v.length || e.type === "checkbox") { e.checked = v.indexOf(e.value) >= 0; }
      } else if (e.tagName !== "SELECT" || e.querySelector('option[value="' + String(v).replace(/"/g, "") + '"]')) {
        e.value = v;
      }
    }
  }

  function currentForm() {
    var form = byId("setup-form");
    return form && form.hasAttribute("data-early") ? form : null;
  }

  function show(game, count) {
    var old = currentForm();
    var values = old ? fieldValues(old) : null;
    var focused = doc.activeElement && old && old.contains(doc.activeElement) ? doc.activeElement.name : null;
    return load(game, lang()).then(function (box) {
      if (ready() || early.game !== game) { return; } // Python took over, or the person left
      var tpl = (count && box.querySelector('template[data-count="' + count + '"]')) || box.querySelector("template");
      var app = byId("app");
      var home = byId("home");
      app.innerHTML = "";
      app.appendChild(doc.importNode(tpl.content, true));
      var form = byId("setup-form");
      form.setAttribute("data-early", "1");
      if (doc.documentElement.classList.contains("embed")) {
        var back = app.querySelector('[data-action="home"]');
        if (back) { back.parentNode.removeChild(back); }
      }
      if (values) { restore(form, values); }
      doc.documentElement.classList.add("in-game");
      if (home) { home.hidden = true; }
      app.hidden = false;
      say(early.start ? "starting" : null);
      if (focused && form.elements[focused] && form.elements[focused].focus) { form.elements[focused].focus(); }
      early.shownAt = performance.now();
    }, function () { /* boot.js's "opening as soon as the engine is ready" notice stays */ });
  }

  function backHome() {
    early.game = null;
    early.start = false;
    var app = byId("app");
    app.hidden = true;
    app.innerHTML = "";
    var home = byId("home");
    if (home) { home.hidden = false; }
    doc.documentElement.classList.remove("in-game");
    var b = boot();
    if (b) { b.takePending(); }
  }

  function open(game) {
    early.game = game;
    early.start = false;
    show(game, null);
  }

  doc.addEventListener("click", function (ev) {
    if (ready() || !ev.target || !ev.target.closest) { return; }
    var card = ev.target.closest(".game-card[data-game]");
    if (card) { open(card.getAttribute("data-game")); return; } // boot.js queues it too
    if (!currentForm()) { return; }
    var action = ev.target.closest("#app [data-action]");
    if (!action) { return; }
    var what = action.getAttribute("data-action");
    if (what === "home") { ev.preventDefault(); backHome(); }
    if (what === "rules") { ev.preventDefault(); say("rules_wait"); }
  });

  doc.addEventListener("change", function (ev) {
    if (ready() || !currentForm() || !ev.target) { return; }
    var kind = ev.target.getAttribute("data-change");
    if (kind === "setup-count") { show(early.game, ev.target.value); }
    // the form's language menu: the shell switches (and fires "ludo:lang", which redraws it)
    if (kind === "lang" && boot() && boot().setLang) { boot().setLang(ev.target.value); }
  });

  doc.addEventListener("submit", function (ev) {
    var form = currentForm();
    if (ready() || !form || ev.target !== form) { return; }
    ev.preventDefault(); // the browser checked the required names already
    early.start = true;
    say("starting");
  });

  window.addEventListener("ludo:lang", function () {
    var form = currentForm();
    if (ready() || !form || !early.game) { return; }
    show(early.game, form.elements.count ? form.elements.count.value : null);
  });

  function start() {
    if (ready()) { return; }
    // A card tapped before this script arrived: boot.js queued it.
    var pending = window.ludoPending;
    if (pending && pending.source === "tap" && pending.game) { open(pending.game); }
    // The forms are small (4-22 KB): fetch this language's now, so a tap shows one at once.
    var games = (boot() && boot().games) || [];
    for (var i = 0; i < games.length; i++) { load(games[i], lang()).catch(function () {}); }
  }

  if (doc.readyState === "loading") {
    // "interactive": parsing is over (DOMContentLoaded would also wait for PyScript's modules)
    doc.addEventListener("readystatechange", function once() {
      doc.removeEventListener("readystatechange", once);
      start();
    });
  } else {
    start();
  }
})();
