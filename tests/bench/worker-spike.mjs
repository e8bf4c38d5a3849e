// The main-thread shell of worker-spike.html: start Python (in a worker, or here in
// worker-spike-page.html),
// draw what it returns, forward taps. Times in window.spike.t (ms since navigation start).
import { PyWorker } from "../../vendor/pyscript/core.js";

const app = document.getElementById("app");
const mode = document.body.dataset.mode || "worker";
const t = window.spike.t;

function draw(html) {
  app.innerHTML = html;
  return new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(performance.now()))));
}

function pythonHere() {
  // worker-spike-page.html's own <script type="py"> (PyScript's usual way, as index.html starts
  // the app) imports the same module on this thread and hands its functions over
  return new Promise((ok) => {
    window.pyIn = (start, tap) => ok({ start: async (seed) => start(seed), tap: async () => tap() });
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
