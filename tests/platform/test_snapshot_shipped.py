"""js/snapshot-shipped.mjs: which page may use the snapshot shipped with the site, and its download.

The decision is made from build/version.json alone, before any byte of the 7 MB snapshot is
fetched: an engine family without a shipped snapshot (WebKit: Safari, every iOS browser)
never asks for it. The download is gunzipped into one buffer and checked; a host that
decoded the gzip itself is handled; a wrong length or SHA-256 is an error (the wrapper
then boots normally). Run in Node (fetch of data: URLs stands in for the server).
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

MODULE = Path(__file__).resolve().parents[2] / "js" / "snapshot-shipped.mjs"

SAFARI_IPAD = ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
               "Version/17.0 Mobile/15E148 Safari/604.1")
CHROME_TABLET = ("Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) "
                 "Chrome/130.0.0.0 Safari/537.36")
FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0"

# Runs in Node: the cases come in as JSON, the results go out as JSON.
SCRIPT = """
import { shippedFor, downloadShipped } from %(module)s;
const cases = %(cases)s;
const out = [];
const realFetch = globalThis.fetch;
for (const c of cases) {
  Object.defineProperty(globalThis, "navigator", {value: {userAgent: c.ua, connection: {saveData: !!c.saveData}},
                                                  configurable: true});
  const fetched = [];
  globalThis.fetch = (url, opts) => { fetched.push(String(url)); return realFetch(url, opts); };
  const why = [];
  const meta = shippedFor(c.info, c.app, c.pyodide, (w) => why.push(w));
  let got = null;
  if (meta && c.download) {
    try {
      const told = [];
      const bytes = await downloadShipped(meta, "http://site.invalid/", (at) => told.push(at));
      const rising = told.every((at, i) => i === 0 || at > told[i - 1]);
      got = {ok: true, length: bytes.length, first: Array.from(bytes.slice(0, 4)),
             progress: told.length > 0 && rising && told[told.length - 1] === bytes.length};
    } catch (e) { got = {ok: false, error: String(e.message)}; }
  }
  out.push({chosen: !!meta, why, fetched: fetched.length, got});
}
console.log(JSON.stringify(out));
"""


def data_url(raw: bytes) -> str:
    return "data:application/octet-stream;base64," + base64.b64encode(raw).decode()


def entry(raw: bytes, **edits) -> dict:
    meta = {"app": "aaaaaaaaaaaa", "pyodide": "314.0.7", "family": "blink", "length": len(raw),
            "sha256": hashlib.sha256(raw).hexdigest(), "url": data_url(gzip.compress(raw, mtime=0))}
    meta.update(edits)
    return meta


def run_cases(cases: list) -> list:
    script = SCRIPT % {"module": json.dumps(MODULE.as_uri()), "cases": json.dumps(cases)}
    done = subprocess.run(["node", "--input-type=module"], check=False, input=script, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def case(meta: dict, ua: str = CHROME_TABLET, **more) -> dict:
    return {"ua": ua, "info": {"app": "aaaaaaaaaaaa", "snapshots": {"blink": meta}}, "app": "aaaaaaaaaaaa",
            "pyodide": "314.0.7", "download": True, **more}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (make deps)")
def test_shipped_snapshot_is_chosen_before_download_and_checked():
    raw = bytes(range(256)) * 800  # 200 KB: several chunks
    good = entry(raw)
    results = run_cases([
        case(good),                                              # 0 Blink: chosen, downloaded, intact
        case(good, ua=SAFARI_IPAD),                              # 1 WebKit: never fetched
        case(good, ua=FIREFOX),                                  # 2 Gecko: none made for it
        case(entry(raw, app="bbbbbbbbbbbb")),                    # 3 another app version
        case(entry(raw, pyodide="0.0.0")),                       # 4 another Pyodide
        case(good, saveData=True),                               # 5 the browser saves data
        case(entry(raw, sha256="0" * 64)),                       # 6 damaged
        case(entry(raw, length=len(raw) - 1)),                   # 7 longer than announced
        case(entry(raw, length=len(raw) + 1)),                   # 8 shorter than announced
        case(entry(raw, url=data_url(raw))),                     # 9 the host decoded the gzip already
        {"ua": CHROME_TABLET, "info": {"app": "aaaaaaaaaaaa"}, "app": "aaaaaaaaaaaa",
         "pyodide": "314.0.7", "download": True},                # 10 none shipped (build without Chromium)
    ])
    assert results[0] == {"chosen": True, "why": [], "fetched": 1,
                          "got": {"ok": True, "length": len(raw), "first": [0, 1, 2, 3], "progress": True}}
    for i in (1, 2, 10):
        assert results[i] == {"chosen": False, "why": [], "fetched": 0, "got": None}, i
    assert results[3]["why"] == ["shipped snapshot made for app bbbbbbbbbbbb, this is aaaaaaaaaaaa"]
    assert results[4]["why"] == ["shipped snapshot made for Pyodide 0.0.0, this is 314.0.7"]
    assert results[5]["why"] == ["shipped snapshot: the browser saves data"]
    assert all(not results[i]["chosen"] and results[i]["fetched"] == 0 for i in (3, 4, 5))
    assert results[6]["got"] == {"ok": False, "error": "SHA-256 mismatch"}
    assert "longer than" in results[7]["got"]["error"]
    assert results[8]["got"]["error"] == f"length {len(raw)}, expected {len(raw) + 1}"
    assert results[9]["got"]["ok"] is True and results[9]["got"]["length"] == len(raw)
