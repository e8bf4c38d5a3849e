"""The site's JavaScript as sources of readable size: every file under js/ has at most 400 lines,
and the scripts made of parts (scripts/build.py, JOINED_SCRIPTS) are exactly their parts joined:
build/boot.js from js/boot/*.js, build/explain.js from js/explain/*.js, every part named in the
order, none loaded, precached or deployed on its own."""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 400


def _load_build():
    spec = importlib.util.spec_from_file_location("ludo_scripts_build_js", ROOT / "scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build()


def test_every_js_source_is_at_most_400_lines():
    long = {}
    for path in sorted((ROOT / "js").rglob("*")):
        if path.is_file() and path.suffix in (".js", ".mjs"):
            n = len(path.read_text(encoding="utf-8").splitlines())
            if n > MAX_LINES:
                long[path.relative_to(ROOT).as_posix()] = n
    assert not long, f"over {MAX_LINES} lines (split by concern): {long}"


@pytest.mark.parametrize("target", sorted(build.JOINED_SCRIPTS))
def test_joined_script_is_its_parts_in_order_and_current(target):
    folder, parts = build.JOINED_SCRIPTS[target]
    assert sorted(p.name for p in (ROOT / folder).glob("*.js")) == sorted(parts)
    text = build.join_script(ROOT, target)
    assert build.stale_scripts(ROOT) == [], "run `make build`: a joined script differs from its parts"
    assert (ROOT / target).read_text(encoding="utf-8") == text
    # one line naming the parts, then one function around them, in the declared order
    head, rest = text.split("\n", 1)
    assert head.startswith(f"// {target}: made by scripts/build.py from {folder}/{parts[0]}, ")
    assert rest.startswith('(function () {\n"use strict";\n') and rest.endswith("})();\n")
    where = [rest.index((ROOT / folder / name).read_text(encoding="utf-8").rstrip("\n")) for name in parts]
    assert where == sorted(where)


@pytest.mark.parametrize("target", sorted(build.JOINED_SCRIPTS))
def test_joined_script_parses_as_javascript(target, tmp_path):
    node = shutil.which("node")
    if not node:
        pytest.skip("no node")
    copy = tmp_path / Path(target).name
    copy.write_text(build.join_script(ROOT, target), encoding="utf-8")
    done = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_part_not_in_the_order_stops_the_build(tmp_path):
    for folder, _ in build.JOINED_SCRIPTS.values():
        shutil.copytree(ROOT / folder, tmp_path / folder)
    (tmp_path / "js" / "boot" / "extra.js").write_text("var extra = 1;\n", encoding="utf-8")
    with pytest.raises(build.BuildError, match=r"extra\.js not in scripts/build.py's JOINED_SCRIPTS"):
        build.join_script(tmp_path, "build/boot.js")
    (tmp_path / "js" / "explain" / "fitting.js").unlink()
    with pytest.raises(build.BuildError, match=r"fitting\.js missing"):
        build.join_script(tmp_path, "build/explain.js")


def test_pages_load_the_joined_scripts_not_their_parts():
    index = (ROOT / "index.html").read_text(encoding="utf-8")
    assert '<script src="./build/boot.js" data-preload-wasm data-after-paint></script>' in index
    explain = (ROOT / "explain.html").read_text(encoding="utf-8")
    assert '<script src="build/explain.js" defer></script>' in explain
    for page in (index, explain):
        assert not re.search(r'<script[^>]*src="[^"]*js/(boot|explain)/', page)


def test_render_html_refuses_a_missing_or_old_viewer(tmp_path):
    """`python3 -m ludotheque render --html` inlines build/explain.js: never one older than its
    parts, nor none (it says to run `make build`)."""
    from ludotheque.explain.snippet import ViewerNotBuilt, check_viewer_built

    shutil.copytree(ROOT / "js" / "explain", tmp_path / "js" / "explain")
    with pytest.raises(ViewerNotBuilt, match="make build"):
        check_viewer_built(tmp_path)
    (tmp_path / "build").mkdir()
    built = tmp_path / "build" / "explain.js"
    built.write_text(build.join_script(ROOT, "build/explain.js"), encoding="utf-8")
    check_viewer_built(tmp_path)
    part = tmp_path / "js" / "explain" / "fitting.js"
    later = built.stat().st_mtime + 5
    os.utime(part, (later, later))
    with pytest.raises(ViewerNotBuilt, match="older than js/explain"):
        check_viewer_built(tmp_path)
