// A part of build/explain.js: js/explain/state.js says how the parts make one script.
// -- stepping -----------------------------------------------------------------------------------
function lastPly() { var f = state.doc.frames; return f[f.length - 1].ply; }

function indexOf(ply) {
  var frames = state.doc.frames, best = 0;
  for (var i = 0; i < frames.length; i++) if (frames[i].ply <= ply) best = i;
  return best;
}

function step(what) {
  if (!state.doc) return;
  var n = state.doc.frames.length;
  var i = { first: 0, prev: state.index - 1, next: state.index + 1, last: n - 1 }[what];
  go(i);
}

function go(i) {
  if (!state.doc) return;
  i = Math.max(0, Math.min(state.doc.frames.length - 1, i));
  if (i === state.index && ui.frame.firstChild) return;
  state.index = i;
  paint();
}

function paint() {
  var doc = state.doc, f = doc.frames[state.index], n = doc.frames.length, board;
  // never the file's HTML as it is: what our screens draw, nothing else (js/frame-sanitizer.js)
  try { board = window.ludoFrameSanitizer.fragment(f.html); } catch (e) { state.doc = null; ui.bar.hidden = true; fail(w("no_sanitizer")); return; }
  ui.frame.replaceChildren(board);
  var last = lastPly();
  ui.count.textContent = w("count", { ply: f.ply, last: last });
  var said = f.ply === 0 ? w("start") : (f.move || "");
  ui.note.textContent = "";
  if (said) ui.note.appendChild(h("span", { "class": "ex-move" }, said));
  if (f.note) ui.note.appendChild(h("span", { "class": "ex-text" }, f.note));
  ui.note.hidden = !said && !f.note;
  ui.live.textContent = w("count_spoken", { ply: f.ply, last: last }) + " " + said + (f.note ? " " + f.note : "");
  var had = document.activeElement;
  ui.first.disabled = ui.prev.disabled = state.index === 0;
  ui.next.disabled = ui.last.disabled = state.index === n - 1;
  // a button that just became disabled drops the focus to the page body: keep it in the bar
  if (had && had.disabled && ui.bar.contains(had)) (state.index === 0 ? ui.next : ui.prev).focus();
  ui.tryBtn.hidden = !doc.record || (document.getElementById("ludo-frames") && !document.body.getAttribute("data-site"));
  post({ type: "ludo:position", ply: f.ply, plies: last, note: f.note || "" });
  fit();
}

function tryUrl() {
  var doc = state.doc, f = doc.frames[state.index];
  var embed = state.inline && window.parent !== window ? "&embed=1" : "";
  return siteUrl("index.html?game=" + encodeURIComponent(doc.game) + "&lang=" + (lang || "fr") + embed
    + "#record=" + doc.record + "&ply=" + f.ply);
}

function tryHere() {
  if (!state.doc) return;
  var url = tryUrl();
  if (state.inline) { location.href = url; return; }
  var tab = window.open(url, "_blank");
  if (tab) { try { tab.opener = null; } catch (e) { /* cross-origin: fine */ } } else { location.href = url; }
}

// a finger swiping the board steps too (left: next, right: previous)
function swipe(el) {
  var x0 = null, y0 = null;
  el.style.touchAction = "pan-y";
  el.addEventListener("pointerdown", function (e) { x0 = e.clientX; y0 = e.clientY; });
  el.addEventListener("pointerup", function (e) {
    if (x0 === null) return;
    var dx = e.clientX - x0, dy = e.clientY - y0;
    x0 = null;
    if (state.scrolls && el.scrollWidth > el.clientWidth + 1) return;  // the finger scrolls the board
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? "next" : "prev");
  });
  el.addEventListener("pointercancel", function () { x0 = null; });
}

function onKey(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  var what = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
  if (!what || !state.doc) return;
  e.preventDefault();
  step(what);
}
