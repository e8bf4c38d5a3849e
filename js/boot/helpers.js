// A part of build/boot.js: js/boot/settings.js says how the parts make one script.
// ---- small helpers ------------------------------------------------------
function store(kind) {
  try { return window[kind]; } catch (e) { return null; }
}
function getItem(kind, key) {
  try { var s = store(kind); return s ? s.getItem(key) : null; } catch (e) { return null; }
}
function setItem(kind, key, value) {
  try { var s = store(kind); if (s) { s.setItem(key, value); } } catch (e) { /* private mode, quota */ }
}
function removeItem(kind, key) {
  try { var s = store(kind); if (s) { s.removeItem(key); } } catch (e) { /* ignore */ }
}
function byId(id) { return doc.getElementById(id); }
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, function (m, k) { return values[k] != null ? values[k] : m; });
}

var params = null;
try { params = new URLSearchParams(window.location.search); } catch (e) { params = null; }
function param(name) { return params ? params.get(name) : null; }
