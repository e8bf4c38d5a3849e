// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- wiring once the DOM exists ------------------------------------------------------
function onDom() {
  stopParseWatch();
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
