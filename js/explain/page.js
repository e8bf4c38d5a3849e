// A part of build/explain.js: js/explain/state.js says how the parts make one script.
// -- the page ---------------------------------------------------------------------------------
function build() {
  var theme = params.get("theme");
  if (theme === "light" || theme === "dark") document.documentElement.setAttribute("data-theme", theme);
  document.documentElement.classList.add("explain");
  document.body.classList.add("explain");
  var main = ui.main = h("main", { "class": "ex" });
  main.appendChild(ui.heading = h("h1", { "class": "visually-hidden" }));  // every page has a heading
  ui.stage = h("div", { "class": "ex-stage" });
  ui.frame = h("div", { "class": "ex-frame", "inert": "", "data-testid": "frame" });
  ui.sizer = h("div", { "class": "ex-sizer", "aria-hidden": "true" });  // the scaled board's size: what the stage scrolls
  ui.stage.appendChild(ui.sizer);
  ui.stage.appendChild(ui.frame);
  ui.note = h("p", { "class": "ex-note", "data-testid": "note", hidden: "" });
  ui.live = h("p", { "class": "ex-live visually-hidden", "aria-live": "polite", "data-testid": "live" });
  ui.bar = h("div", { "class": "ex-bar", "role": "toolbar" });
  ui.first = button(ICONS.first, "first"); ui.prev = button(ICONS.prev, "prev");
  ui.count = h("span", { "class": "ex-count", "data-testid": "count" });
  ui.next = button(ICONS.next, "next"); ui.last = button(ICONS.last, "last");
  ui.tryBtn = h("button", { type: "button", "class": "ex-try", "data-testid": "try" });
  ui.tryBtn.appendChild(ui.tryLong = h("span", { "class": "long" }));
  ui.tryBtn.appendChild(ui.tryShort = h("span", { "class": "short" }));
  ui.tryBtn.addEventListener("click", tryHere);
  [ui.first, ui.prev, ui.count, ui.next, ui.last, ui.tryBtn].forEach(function (e) { ui.bar.appendChild(e); });
  ui.progress = h("div", { "class": "ex-progress", role: "status", hidden: "" });
  ui.progressBar = h("progress", { max: "4", value: "0" });
  ui.progressText = h("span", {});
  ui.progress.appendChild(ui.progressText); ui.progress.appendChild(ui.progressBar);
  ui.error = h("p", { "class": "ex-error", role: "alert", hidden: "", "data-testid": "error" });
  [ui.stage, ui.note, ui.bar, ui.progress, ui.error, ui.live].forEach(function (e) { main.appendChild(e); });
  document.body.appendChild(main);
  label();
  ui.bar.hidden = true;
  document.addEventListener("keydown", onKey);
  swipe(ui.stage);
  window.addEventListener("message", onMessage);
  window.addEventListener("hashchange", function () {  // a host may also step by #ply=N
    var ply = intOr(new URLSearchParams(location.hash.replace(/^#/, "")).get("ply"), null);
    if (ply != null && state.doc) go(indexOf(ply));
  });
  if (window.ResizeObserver) new ResizeObserver(fit).observe(document.documentElement);
  window.addEventListener("resize", fit);
}

// drawn, not glyphs: ⏮ and ⏭ are missing from many system fonts
var ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z", prev: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z", last: "M17 4h2v16h-2zM5 4v16l11-8z",
};

function button(path, what) {
  var b = h("button", { type: "button", "class": "ex-btn", "data-testid": what });
  var NS = "http://www.w3.org/2000/svg", svg = document.createElementNS(NS, "svg"), d = document.createElementNS(NS, "path");
  svg.setAttribute("viewBox", "0 0 24 24"); svg.setAttribute("aria-hidden", "true"); svg.setAttribute("focusable", "false");
  d.setAttribute("d", path);
  svg.appendChild(d); b.appendChild(svg);
  b.addEventListener("click", function () { step(what); });
  return b;
}
