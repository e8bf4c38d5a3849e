// A part of build/explain.js: js/explain/state.js says how the parts make one script.
// -- host API -------------------------------------------------------------------------------------
function onMessage(e) {
  try {
    if (e.source !== window.parent || window.parent === window) return;
    var d = e.data;
    if (!d || typeof d !== "object" || typeof d.type !== "string") return;
    if (d.type === "ludo:next") step("next");
    else if (d.type === "ludo:prev") step("prev");
    else if (d.type === "ludo:goto" && typeof d.ply === "number" && isFinite(d.ply) && state.doc) go(indexOf(Math.floor(d.ply)));
    else if (d.type === "ludo:load" && d.record && typeof d.record === "object") {
      if (d.record.format === FORMAT && valid(d.record)) { state.index = -1; show(d.record, null); }
      else if (d.record.format === RECORD_FORMAT) renderWithPython(d.record, null);
    }
  } catch (err) { /* a message never breaks the viewer */ }
}
