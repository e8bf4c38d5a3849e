// A part of build/explain.js: js/explain/state.js says how the parts make one script.
// -- Python, only for a record without frames -----------------------------------------------------
function progress(key, n) {
  ui.progress.hidden = false;
  ui.progressText.textContent = w(key);
  ui.progressBar.value = n;
}

function renderWithPython(record, ply) {
  var asText = typeof record === "string" ? record : JSON.stringify(record);
  progress("py_download", 0);
  document.body.setAttribute("data-python", "1");  // this viewer started Python (tests, benchmarks)
  var engine = state.python || (state.python = bootPython());
  engine.then(function (py) {
    progress("py_render", 3);
    py.globals.set("ludo_record", asText);
    py.globals.set("ludo_lang", lang || "fr");
    var out = py.runPython(
      "from ludotheque.core.record import Record\n" +
      "from ludotheque.explain.frames import render_frames, to_json\n" +
      "from ludotheque.core.errors import LudoError\n" +
      "try:\n" +
      "    _r = Record.from_json(ludo_record) if ludo_record.lstrip().startswith('{') else Record.from_url_fragment(ludo_record)\n" +
      "    _out = to_json(render_frames(_r, ludo_lang))\n" +
      "except LudoError as _e:\n" +
      "    _out = '!' + _e.message(ludo_lang)\n" +
      "_out");
    if (out.charAt(0) === "!") { fail(w("bad_file", { why: out.slice(1) })); return; }
    show(JSON.parse(out), ply);
  }).catch(function (e) {
    state.python = null;
    fail(w("py_failed", { why: (e && e.message ? e.message : String(e)) + (self.origin === "null" ? w("sandbox") : "") }));
  });
}

function bootPython() {
  return import(siteUrl("vendor/pyodide/pyodide.mjs")).then(function (mod) {
    progress("py_start", 1);
    // the app's lean standard library (scripts/lean_stdlib.py), the one the service worker keeps
    return mod.loadPyodide({ indexURL: siteUrl("vendor/pyodide/"), stdLibURL: siteUrl("build/runtime/python_stdlib.zip") });
  }).then(function (py) {
    progress("py_games", 2);
    return fetch(siteUrl("build/ludotheque.zip")).then(function (r) {
      if (!r.ok) throw new Error("build/ludotheque.zip: HTTP " + r.status);
      return r.arrayBuffer();
    }).then(function (buf) {
      py.unpackArchive(buf, "zip", { extractDir: "/home/pyodide/ludo" });
      py.runPython("import sys\nif '/home/pyodide/ludo' not in sys.path: sys.path.insert(0, '/home/pyodide/ludo')");
      return py;
    });
  });
}
