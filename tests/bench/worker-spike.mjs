// The main-thread shell of worker-spike.html: start Python (in a worker, or with ?mode=page on
// this thread), draw what it returns, forward taps. Times in window.spike.t (ms since navigation
// start). PyScript's core is imported here, after the page variant's <script type="py"> is in
// the document, so that PyScript finds it when it starts.
const CORE = "../../vendor/pyscript/core.js";
const app = document.getElementById("app");
const mode = new URLSearchParams(location.search).get("mode") === "page" ? "page" : "worker";
document.body.dataset.mode = mode;

// the page variant's Python (PyScript's usual way, as index.html starts the app): it imports the
// worker's module on this thread and hands its functions over through window.pyIn
const PAGE_PYTHON = `from pyodide.ffi import create_proxy
from pyscript import window

import worker_spike

window.pyIn(create_proxy(worker_spike.start), create_proxy(worker_spike.tap))
`;
const t = window.spike.t;

function draw(html) {
  app.innerHTML = html;
  return new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(performance.now()))));
}

function pythonHere() {
  return new Promise((ok) => {
    window.pyIn = (start, tap) => ok({ start: async (seed) => start(seed), tap: async () => tap() });
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("config", "./worker-spike.toml");
    script.textContent = PAGE_PYTHON;
    document.body.append(script);
    import(CORE);
  });
}

async function main() {
  t.start = performance.now();
  let sync;
  if (mode === "page") {
    sync = await pythonHere();
  } else {
    // the config as an object of absolute URLs: a worker resolves relative ones against its own script
    const here = (path) => new URL(path, import.meta.url).href;
    // (PyScript takes a worker's interpreter from `version`, not from the config)
    const config = { files: { [here("../../build/ludotheque.zip")]: "./*" } };
    const { PyWorker } = await import(CORE);
    ({ sync } = await PyWorker(here("./worker_spike.py"),
                               { type: "pyodide", version: here("../../vendor/pyodide/pyodide.mjs"), config }));
  }
  t.python = performance.now();
  t.firstScreen = await draw(await sync.start(7));
  t.done = true;
  const button = document.getElementById("tap");
  window.spikeTap = async () => {
    const t0 = performance.now();
    const end = await draw(await sync.tap());
    return end - t0;
  };
  button.addEventListener("click", () => window.spikeTap());
  document.body.dataset.ready = "1";
}

main().catch((e) => { t.error = String(e && e.stack || e); document.body.dataset.ready = "failed"; });
