"""js/runtime-wasm.mjs: a first visit takes Pyodide's wasm from the site's gzip copy.

While loadPyodide starts, fetch() answers exactly one URL (indexURL + "pyodide.asm.wasm") with
build/runtime/pyodide.asm.wasm.gz decoded as it arrives, then steps aside; every other request
passes through untouched. A missing .gz falls back to the plain file; a host that already
decoded the .gz is handled; a page a service worker controls, or a browser without
DecompressionStream, fetches the plain file. Run in Node (a fake fetch stands in for the server,
a fake loadPyodide for Pyodide: it fetches the wasm the way Pyodide does, with a URL object).
"""
from __future__ import annotations

import base64
import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

MODULE = Path(__file__).resolve().parents[2] / "js" / "runtime-wasm.mjs"
INDEX = "http://site.invalid/vendor/pyodide/"
GZ = "http://site.invalid/build/runtime/pyodide.asm.wasm.gz"

# The module computes the .gz URL from its own file: URL; the fake server is keyed by file name.
SCRIPT = """
import { withRuntimeWasm, WASM_GZ_URL } from %(module)s;
const cases = %(cases)s;
const out = [];
const NativeDS = globalThis.DecompressionStream;
for (const c of cases) {
  const served = [];
  const files = Object.fromEntries(c.files.map(([name, b64, status]) => [name, {bytes: Buffer.from(b64, "base64"), status}]));
  globalThis.DecompressionStream = c.noDecompression ? undefined : NativeDS;
  Object.defineProperty(globalThis, "navigator", {configurable: true,
    value: c.controlled ? {serviceWorker: {controller: {}}} : {}});
  const server = async (input) => {
    const url = String(input instanceof URL ? input.href : input);
    const name = url === WASM_GZ_URL ? "pyodide.asm.wasm.gz" : url.split("/").pop();
    served.push(name);
    const f = files[name];
    if (!f || f.status !== 200) { return new Response("missing", {status: f ? f.status : 404}); }
    return new Response(f.bytes, {status: 200});
  };
  globalThis.fetch = server;
  let got = null;
  try {
    got = await withRuntimeWasm(%(index)s, async () => {
      const other = await (await fetch(%(index)s + "pyodide-lock.json")).text();
      const res = await fetch(new URL(%(index)s + "pyodide.asm.wasm"), {});
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {ok: res.ok, type: res.headers.get("content-type"), length: bytes.length,
              head: Array.from(bytes.slice(0, 4)), other};
    });
  } catch (e) { got = {error: String(e)}; }
  out.push({got, served, restored: globalThis.fetch === server});
}
console.log(JSON.stringify(out));
"""


def b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()


def run_cases(cases: list) -> list:
    script = SCRIPT % {"module": json.dumps(MODULE.as_uri()), "cases": json.dumps(cases), "index": json.dumps(INDEX)}
    done = subprocess.run(["node", "--input-type=module"], check=False, input=script, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (make deps)")
def test_first_visit_takes_the_gzip_copy_and_steps_aside():
    wasm = b"\0asm" + bytes(range(256)) * 1000  # 256 KB: several chunks
    lock = ("pyodide-lock.json", b64(b'{"lock": 1}'), 200)
    plain = ("pyodide.asm.wasm", b64(wasm), 200)
    gz = ("pyodide.asm.wasm.gz", b64(gzip.compress(wasm, mtime=0)), 200)
    results = run_cases([
        {"files": [lock, plain, gz]},                                           # 0 first visit
        {"files": [lock, plain, ("pyodide.asm.wasm.gz", "", 404)]},             # 1 no .gz deployed
        {"files": [lock, plain, ("pyodide.asm.wasm.gz", b64(wasm), 200)]},      # 2 host decoded it
        {"files": [lock, plain, gz], "controlled": True},                       # 3 a service worker serves
        {"files": [lock, plain, gz], "noDecompression": True},                  # 4 old browser
    ])
    full = {"ok": True, "type": None, "length": len(wasm), "head": [0, 97, 115, 109], "other": '{"lock": 1}'}
    assert results[0]["got"] == {**full, "type": "application/wasm"}
    assert results[0]["served"] == ["pyodide-lock.json", "pyodide.asm.wasm.gz"]
    assert results[1]["got"]["length"] == len(wasm)
    assert results[1]["served"] == ["pyodide-lock.json", "pyodide.asm.wasm.gz", "pyodide.asm.wasm"]
    assert results[2]["got"] == {**full, "type": "application/wasm"}
    for i in (3, 4):
        assert results[i]["got"] == full, i
        assert results[i]["served"] == ["pyodide-lock.json", "pyodide.asm.wasm"], i
    assert all(r["restored"] for r in results)  # fetch is the page's own again afterwards
