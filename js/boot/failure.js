// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- failure -----------------------------------------------------------------
function renderError() {
  if (!failed) { return; }
  var msg = byId("boot-error-message");
  if (msg) {
    var text = failed.reason === "timeout"
      ? t("timeout", { n: Math.round(STALL_MS / 1000) })
      : t(failed.reason, { file: failed.file, why: failed.why });
    // which file failed, in words, before the generic advice (boot diagnostics, issue #14)
    if (failed.file && failed.reason === "network") { text = t("file_failed", { file: failed.file, why: failed.why }) + " " + text; }
    msg.textContent = text;
  }
  var home = byId("boot-home");
  if (home) { home.textContent = t("open_home"); }
}

/* The address without what it asked to open (#record=, #save=, ?game=): a boot that
 * failed because of the URL is left through "Open the home page", not reloaded into
 * the same failure. null when the address asks for nothing. */
function homeUrl() {
  var loc = window.location;
  if (!loc.hash && !param("game")) { return null; }
  var q = "";
  try {
    var kept = new URLSearchParams(loc.search);
    kept.delete("game");
    q = kept.toString();
  } catch (e) { q = ""; }
  return loc.pathname + (q ? "?" + q : "");
}

function offerHome() {
  var url = homeUrl();
  var reload = byId("boot-reload");
  if (!url || !reload || byId("boot-home")) { return; }
  var a = doc.createElement("a");
  a.id = "boot-home";
  a.className = "btn btn-secondary";
  a.href = url;
  a.textContent = t("open_home");
  reload.parentNode.insertBefore(a, reload.nextSibling);
}

function shortName(url) {
  var s = String(url || "");
  try { s = new URL(s, window.location.href).pathname; } catch (e) { /* keep as is */ }
  var base = new URL("./", window.location.href).pathname;
  return s.indexOf(base) === 0 ? s.slice(base.length) : s;
}

function fail(reason, detail, file, why) {
  if (ready || failed) { return; }
  if (reason === "network" && window.origin === "null") { reason = "sandbox"; }
  failed = { reason: reason, detail: String(detail || ""), file: file ? shortName(file) : "", why: why || "" };
  if (api) { api.error = failed; }
  if (stallTimer) { clearInterval(stallTimer); }
  if (creepTimer) { clearInterval(creepTimer); }
  showFailure();
}

function showFailure() {
  if (!failed) { return; }
  var box = byId("boot");
  if (box) { box.setAttribute("data-stage", "error"); box.hidden = false; }
  var status = byId("boot-status");
  if (status) { status.textContent = t("error"); }
  var pre = byId("boot-error-detail");
  if (pre) { pre.textContent = failed.detail; }
  renderError();
  var err = byId("boot-error");
  if (err) { err.hidden = false; }
  offerHome();
  renderError();
  var home = byId("boot-home");
  var reload = byId("boot-reload");
  if (home) { home.focus(); } else if (reload) { reload.focus(); }
}

function describe(x) {
  if (!x) { return ""; }
  if (x instanceof Error) { return x.name + ": " + x.message + (x.stack ? "\n" + x.stack : ""); }
  if (typeof x === "object" && "message" in x) { return String(x.message); }
  return String(x);
}

function classify(text) {
  if (/PythonError|Traceback/.test(text)) { return "python_error"; }
  if (/fetch|status|404|NetworkError|Failed to load|Unable to|import/i.test(text)) { return "network"; }
  return "script_error";
}

window.addEventListener("error", function (ev) {
  if (ready) { return; }
  var target = ev.target;
  if (target && target !== window && target.tagName) {
    // resource failure (capture phase): only scripts matter for boot
    if (target.tagName === "SCRIPT") { fail("network", "failed to load " + (target.src || "a script"), target.src, "script"); }
    return;
  }
  var text = ev.message || describe(ev.error);
  fail(classify(text), text);
}, true);

window.addEventListener("unhandledrejection", function (ev) {
  if (ready) { return; }
  var text = describe(ev.reason);
  fail(classify(text), text);
});
