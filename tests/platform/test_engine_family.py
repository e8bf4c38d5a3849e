"""engineFamily() (js/snapshot-store.mjs) names the engine a memory snapshot belongs to.

A snapshot is only ever tried by the family that made it (WebKit crashes on the others'),
so a wrong answer either wastes the snapshot or, worse, feeds WebKit a foreign one. Run in
Node (the module has no browser dependency for this function).
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

STORE = Path(__file__).resolve().parents[2] / "js" / "snapshot-store.mjs"

AGENTS = {
    # desktop and headless Chromium, Android Chrome, Edge: Blink
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36": "blink",
    "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36": "blink",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0": "blink",
    # Safari on iPad, and Chrome / Firefox on iOS (WebKit underneath), WebKitGTK
    "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1": "webkit",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1": "webkit",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/120.0 Mobile/15E148 Safari/605.1.15": "webkit",
    "Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15": "webkit",
    # Firefox
    "Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0": "gecko",
    "Mozilla/5.0 (Android 14; Mobile; rv:130.0) Gecko/130.0 Firefox/130.0": "gecko",
    "": "other",
}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (make deps)")
def test_engine_family_of_common_user_agents():
    script = (f"import {{ engineFamily }} from {json.dumps(STORE.as_uri())};"
              f"console.log(JSON.stringify({json.dumps(list(AGENTS))}.map((ua) => engineFamily(ua))));")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    assert dict(zip(AGENTS, json.loads(out.stdout))) == AGENTS
