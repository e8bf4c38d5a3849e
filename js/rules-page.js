/* Rules pages (rules/<game>.html): each example is an explain.html iframe; size each one to
 * the height it asks for ({type: "ludo:height", px}), so a page of examples reads like one
 * document (at most 80% of the window tall). The frames' own pages do the rest (stepping, "Essayer"). */
(function () {
  "use strict";
  window.addEventListener("message", function (e) {
    var d = e.data;
    if (!d || typeof d !== "object" || d.type !== "ludo:height" || typeof d.px !== "number" || !isFinite(d.px)) return;
    var frames = document.querySelectorAll("iframe[data-example]");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === e.source) {
        // never taller than most of the window: the viewer scales the board to fit, so the
        // whole example (board, note and buttons) stays in view at once
        var cap = Math.max(320, Math.round(window.innerHeight * 0.8));
        frames[i].style.height = Math.max(200, Math.min(cap, Math.round(d.px))) + "px";
      }
    }
  });

  // Someone who chose another language in the app (its own saved preference, read only) gets
  // that language's page from the French links (home page cards), when the page has one (its
  // <link rel="alternate" hreflang>); "?lang=fr" (the page's language link) stays in French.
  try {
    var html = document.documentElement;
    var chosen = window.localStorage ? localStorage.getItem("ludotheque/v1/lang") : null;
    if (html.lang === "fr" && chosen && chosen !== "fr" && /^[a-z]{2,3}$/.test(chosen)
        && !/[?&]lang=fr/.test(location.search)) {
      var alt = document.querySelector('link[rel="alternate"][hreflang="' + chosen + '"]');
      if (alt) location.replace(alt.getAttribute("href") + location.hash);
    }
  } catch (e) { /* no storage (sandbox, private mode): stay in French */ }

  // Offline after one visit, like the app: the site's service worker (../sw.js, scope the
  // site root) precaches these pages and their examples. Registered once the page has loaded,
  // so that it never competes with the examples' first paint.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("../sw.js", { scope: "../", updateViaCache: "none" })
        .catch(function () { /* no service worker (private mode, sandbox): the page still works online */ });
    });
  }
})();
