// A part of build/explain.js: js/explain/state.js says how the parts make one script.
// -- fitting: the frame is laid out at a readable width and scaled down to the space left ----------
// A board laid out narrow grows tall (screens stack their parts): several layout widths are
// tried and the one that shows the board largest in this frame wins. But never below a
// readable size: card digits stay at READABLE_PX or more on screen; a frame too small for
// that lets the board scroll inside the viewer (vertically: the board is laid out to the
// frame's width at that scale), and ludo:height asks for the height the board needs.
var LAYOUTS = [600, 800, 1024, 1280];
var READABLE_PX = 12;
var NUMBER = /^\s*[+\u2212-]?\d+\s*$/;

function measure(width) {
  ui.frame.style.width = width + "px";
  return { layout: width, w: Math.max(width, ui.frame.scrollWidth), h: ui.frame.scrollHeight || 1 };
}

// The smallest card digit of the board as laid out, in CSS px before scaling (the text of a
// card with no digit, such as a Mookies face, counts instead; with no card at all, as on a
// final score sheet, its smallest text).
function smallestDigit() {
  var least = Infinity, words = Infinity;
  var cards = ui.frame.querySelectorAll("[data-card], [data-face]");
  if (!cards.length) cards = [ui.frame];
  for (var i = 0; i < cards.length; i++) {
    var walk = document.createTreeWalker(cards[i], NodeFilter.SHOW_TEXT), node;
    while ((node = walk.nextNode())) {
      var el = node.parentElement;
      if (!node.data.trim() || !el || !el.getClientRects().length) continue;
      var px = parseFloat(getComputedStyle(el).fontSize) || Infinity;
      if (NUMBER.test(node.data)) least = Math.min(least, px); else words = Math.min(words, px);
    }
  }
  return least < Infinity ? least : words;
}

// The smallest scale at which the board stays readable (never above 1: a board the game
// itself draws small is not blown up).
function readableScale() {
  return Math.min(1, READABLE_PX / smallestDigit());
}

// Every trigger (a step, a stylesheet arriving, a resize) asks for one fit at the next frame.
var fitQueued = false;

function fit() {
  if (fitQueued) return;
  fitQueued = true;
  requestAnimationFrame(function () { fitQueued = false; fitNow(); });
}

function fitNow() {
  var stage = ui.stage, frame = ui.frame;
  if (!stage) return;
  var sw = stage.clientWidth, sh = stage.clientHeight;
  frame.style.transform = "none";
  var natural = measure(Math.max(sw, LAYOUTS[0]));
  var floor = readableScale();
  var across = Math.min(1, sw / natural.w);  // the scale that fits the frame's width
  if (across < floor) {  // too narrow for a readable board: lay it out to the width at that scale
    natural = measure(Math.floor(sw / floor));
    floor = readableScale();
    across = Math.max(floor, Math.min(1, sw / natural.w));
  }
  var best = natural, bestScale = Math.max(floor, Math.min(across, sh > 0 ? sh / natural.h : 1));
  // wider layouts only help a board limited by the height
  if (sh > 0 && sh / natural.h < across) {
    LAYOUTS.filter(function (x) { return x > natural.layout; }).forEach(function (width) {
      var m = measure(width);
      var s = Math.min(1, sw / m.w, sh / m.h);
      if (s > bestScale + 0.01 && s >= readableScale()) { best = m; bestScale = s; }
    });
    if (best.layout !== parseInt(frame.style.width, 10)) measure(best.layout);
  }
  frame.style.transform = "scale(" + bestScale + ")";
  var shownW = best.w * bestScale, shownH = best.h * bestScale;
  frame.style.left = Math.max(0, (sw - shownW) / 2) + "px";
  // what the stage scrolls over: the board as shown (a scaled box keeps its layout size)
  ui.sizer.style.width = Math.floor(shownW) + "px";
  ui.sizer.style.height = Math.ceil(shownH) + "px";
  var scrolls = shownH > sh + 1 || shownW > sw + 1;
  stage.classList.toggle("ex-scrolls", scrolls);
  state.scrolls = scrolls;
  // the height this example would like at this width (independent of the frame's height)
  var chrome = document.body.scrollHeight - stage.offsetHeight;
  var want = Math.ceil(chrome + natural.h * across);
  if ((state.doc || !ui.error.hidden) && Math.abs(want - state.height) > 1) {
    state.height = want;
    post({ type: "ludo:height", px: want });
  }
}
