"""scripts/lean_stdlib.py without a browser: the import walk, the codecs named by string, and a
trace of what the app's Python really imports under CPython (every non-browser module, a game of
each kind between bots, the set-up screens, a record through a link and back), which must all be
in the lean zip. The same proof in Chromium, on Pyodide: tests/e2e/test_lean_stdlib_boot.py."""
from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import lean_stdlib  # noqa: E402

VENDORED = (ROOT / lean_stdlib.FULL).is_file()
needs_vendor = pytest.mark.skipif(not VENDORED, reason="vendor/ missing: run `make vendor`")


def test_the_walk_sees_imports_in_functions_relative_ones_and_codec_names():
    source = '''
import os, json.decoder as jd
from . import sibling
from ..up import thing
def later():
    import zlib
    return b"".decode("cp437")
try:
    from html import escape
except ImportError:
    pass
if __name__ == "__main__":
    import unittest
'''
    names = lean_stdlib.imported_names(source, "pkg.sub.mod", is_package=False)
    assert {"os", "json.decoder", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing", "zlib", "html",
            "html.escape", "encodings.cp437"} <= names
    assert "unittest" not in names  # a __main__ block is not run by an import


def test_sources_of_a_newer_python_are_walked_too():
    # `except A, B:` (3.14) and a t-string: the build's Python cannot parse them
    source = 'import a\ntry:\n    import b\nexcept X, Y:\n    pass\ndef f():\n    from c.d import (e,\n        f)\n    return t"{a}"\n'
    assert {"a", "b", "c.d", "c.d.e", "c.d.f"} <= lean_stdlib.imported_names(source, "m", is_package=False)


def test_codec_names_map_to_their_modules():
    assert lean_stdlib.codec_module("cp437") == "encodings.cp437"
    assert lean_stdlib.codec_module("UTF-8") == "encodings.utf_8"
    assert lean_stdlib.codec_module("latin1") == "encodings.latin_1"
    assert lean_stdlib.codec_module("hello world") is None


@needs_vendor
def test_the_lean_zip_keeps_what_the_app_uses_and_drops_what_it_cannot():
    kept = lean_stdlib.kept_modules(ROOT)
    assert {"json", "random", "dataclasses", "typing", "html", "base64", "urllib.parse", "asyncio", "zipfile",
            "encodings.utf_8", "encodings.cp437", "pyodide.ffi", "_pyodide._base"} <= kept
    assert not kept & {"unittest", "tkinter", "multiprocessing", "pydoc", "_pyrepl", "xmlrpc.client"}


TRACE = r'''
import importlib, json, pkgutil, sys
sys.path.insert(0, "py")
import ludotheque
from ludotheque.bots.arena import run_arena
from ludotheque.core.record import Record
from ludotheque.games import GAMES
from ludotheque.ui.setup_screen import static_setups

for m in pkgutil.walk_packages(ludotheque.__path__, "ludotheque."):
    if not m.name.startswith(("ludotheque.web", "ludotheque.cli", "ludotheque.__main__")):
        importlib.import_module(m.name)
static_setups()
for game in GAMES:
    run_arena(game, "hard" if game == "mookies" else "normal", "easy", games=1, seed=3)
from ludotheque.games.mookies import MookiesEngine
from ludotheque.bots import choose
e = MookiesEngine([{"name": "Ana", "kind": "human", "youngest": True}, {"name": "Zoé", "kind": "bot"}], seed=9)
for _ in range(4):
    e.apply(choose(e, e.to_act()[0]))
Record.from_url_fragment(e.record().to_url_fragment())
print(json.dumps(sorted(sys.modules)))
'''


@needs_vendor
def test_what_the_app_imports_under_cpython_is_all_in_the_lean_zip():
    """A trace, not a walk: catches an import by a name built at run time. CPython 3.11's own
    modules import a little differently from Pyodide's 3.14; the names compared are those of
    Pyodide's full standard library."""
    done = subprocess.run([sys.executable, "-c", TRACE], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    with zipfile.ZipFile(ROOT / lean_stdlib.FULL) as zf:
        full = set(lean_stdlib.zip_index(zf))
    kept = lean_stdlib.kept_modules(ROOT)
    assert {"ludotheque.games.mosquito", "ludotheque.bots.search"} <= loaded and len(loaded & full) > 50
    assert sorted((loaded & full) - kept) == []
