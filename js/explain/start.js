// A part of build/explain.js: js/explain/state.js says how the parts make one script.
function init() {
  function start() { build(); load(); }
  if (I18N && lang && !I18N.has(lang)) I18N.load(lang, siteUrl(""), start);  // ?lang=: its words first
  else start();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
