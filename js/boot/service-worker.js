// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- service worker ---------------------------------------------------------------
var hadController = false;
var swRegistered = false;

function swContainer() {
  // navigator.serviceWorker throws SecurityError in a sandboxed iframe (opaque origin)
  try { return window.location.protocol !== "file:" && "serviceWorker" in navigator ? navigator.serviceWorker : null; }
  catch (e) { return null; }
}

function registerServiceWorker() {
  var container = swContainer();
  if (swRegistered || !container) { return; }
  swRegistered = true;
  try { container.register("./sw.js", { scope: "./", updateViaCache: "none" })
    .then(function (reg) {
      api.serviceWorker = reg;
      // Look for a new deploy now rather than when the browser gets round to it.
      if (hadController) { reg.update().catch(function () { /* offline */ }); }
    })
    .catch(function (e) { api.serviceWorkerError = describe(e); });
  } catch (e) { api.serviceWorkerError = describe(e); }
}

var swAtBoot = swContainer();
if (swAtBoot) {
  hadController = !!swAtBoot.controller;
  swAtBoot.addEventListener("controllerchange", function () {
    if (!hadController) { hadController = true; return; } // first install: nothing to do
    if (!ready) {
      // A new version took over while this page was still booting from the
      // old one: start again on the new version, keeping an early tap.
      if (window.ludoPending) { setItem("sessionStorage", PENDING_KEY, window.ludoPending.game); }
      window.location.reload();
      return;
    }
    var note = byId("update-note");
    if (note) { note.hidden = false; }
  });
}
