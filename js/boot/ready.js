// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
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
