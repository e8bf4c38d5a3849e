// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- boot stages -----------------------------------------------------------
var STAGE_PROGRESS = { download: 5, python: 20, games: 85, ready: 100 };
var stage = null;
var stageHistory = [];
var ready = false;
var failed = null; // {reason, detail}
var stallTimer = null;
var creepTimer = null;
var progressValue = 0;

function setProgress(v) {
  progressValue = Math.max(progressValue, Math.min(100, v));
  var bar = byId("boot-progress");
  if (bar) { bar.value = progressValue; }
}

function setStatus() {
  var status = byId("boot-status");
  if (!status || !stage) { return; }
  var text = t(stage);
  // Pyodide downloads its files during the "python" stage: say so while bytes arrive
  if (stage === "python" && downloading()) {
    text += " " + t("downloading", { pct: Math.floor(100 * big.received / big.expected) });
  }
  if (status.textContent !== text) { status.textContent = text; }
}

// The stall limit measures time WITHOUT PROGRESS, not time. Progress: a stage, a
// PyScript event, bytes arriving, a WebAssembly compile under way, or the main thread
// itself being busy (a check that comes late means the page was working, not waiting:
// WebKit on a loaded machine spends over a minute starting Pyodide). A single 60 s
// timeout would fire late, right after such a busy spell, before its progress events.
var STALL_TICK_MS = Math.min(1000, STALL_MS / 4);
var BUSY_GAP_MS = 3 * STALL_TICK_MS; // a tick this late: the main thread was busy
var lastProgress = 0;
var lastTick = 0;
var compiling = 0;

function armStallTimer() {
  lastProgress = performance.now();
  if (stallTimer || ready || failed) { return; }
  lastTick = lastProgress;
  stallTimer = setInterval(checkStall, STALL_TICK_MS);
}

function checkStall() {
  var now = performance.now();
  if (ready || failed) { clearInterval(stallTimer); return; }
  if (now - lastTick > BUSY_GAP_MS || compiling > 0) { lastProgress = now; }
  lastTick = now;
  if (now - lastProgress >= STALL_MS) {
    fail("timeout", "no boot progress for " + Math.round(STALL_MS / 1000) + " s (stage: " + stage + ")");
  }
}

// A WebAssembly compile in progress counts as progress (observed, never altered).
function watchCompile(name) {
  var wasm = window.WebAssembly;
  var original = wasm && wasm[name];
  if (typeof original !== "function") { return; }
  wasm[name] = function () {
    var promise = original.apply(this, arguments);
    var done = function () { compiling -= 1; armStallTimer(); };
    compiling += 1;
    armStallTimer();
    promise.then(done, done);
    return promise;
  };
}
["compile", "compileStreaming", "instantiate", "instantiateStreaming"].forEach(watchCompile);

// During the long "starting Python" stage, creep the bar towards the next mark.
function creepTo(limit) {
  if (creepTimer) { clearInterval(creepTimer); }
  creepTimer = setInterval(function () {
    if (ready || failed) { clearInterval(creepTimer); return; }
    if (downloading()) { return; } // the bytes move the bar meanwhile
    setProgress(progressValue + Math.max(0.2, (limit - progressValue) * 0.04));
  }, 250);
}

function setStage(next) {
  var order = ["download", "python", "games", "ready"];
  if (failed && next !== "ready") { return; }
  if (stage && order.indexOf(next) <= order.indexOf(stage)) { return; }
  stage = next;
  stageHistory.push({ stage: next, t: Math.round(performance.now()) });
  var box = byId("boot");
  if (box) { box.setAttribute("data-stage", next); }
  setStatus();
  setProgress(STAGE_PROGRESS[next]);
  if (next === "python") { creepTo(84); }
  if (next === "games") { creepTo(97); }
  armStallTimer();
}
