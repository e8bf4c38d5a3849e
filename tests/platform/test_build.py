"""scripts/build.py and scripts/vendor.py without a browser: determinism, versioning,
the precache list, dist/, and vendor checks. Runs on a temporary copy of the site."""
from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"ludo_scripts_{name}_t", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load("build")
vendor = _load("vendor")

VENDORED = (ROOT / "vendor" / "VERSIONS.json").exists()
needs_vendor = pytest.mark.skipif(not VENDORED, reason="vendor/ missing: run `make vendor`")


@pytest.fixture
def site(tmp_path) -> Path:
    dest = tmp_path / "site"
    dest.mkdir()
    for rel in ["index.html", "pyscript.toml", "sw.js", "manifest.webmanifest", "py", "css", "js", "assets", "vendor", "locale"]:
        src = ROOT / rel
        if src.is_dir():
            shutil.copytree(src, dest / rel, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".staging-*"))
        elif src.exists():
            shutil.copy2(src, dest / rel)
    return dest


@needs_vendor
def test_build_is_deterministic_and_versions_every_page_file(site):
    v1 = build.build(site, quiet=True)
    zip1 = (site / "build" / "ludotheque.zip").read_bytes()
    (site / "py" / "ludotheque" / "__pycache__").mkdir(exist_ok=True)
    (site / "py" / "ludotheque" / "__pycache__" / "junk.pyc").write_bytes(b"x")
    v1_again = build.build(site, quiet=True)
    assert v1_again == v1
    assert (site / "build" / "ludotheque.zip").read_bytes() == zip1

    with zipfile.ZipFile(site / "build" / "ludotheque.zip") as zf:
        names = zf.namelist()
        assert names == sorted(names)
        assert "ludotheque/__init__.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        assert {info.date_time for info in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}

    # a part of a joined script (build/boot.js) counts through the script it makes
    for rel in ["css/base.css", "js/boot/language.js", "js/explain/fitting.js", "index.html", "pyscript.toml", "py/main.py"]:
        path = site / rel
        original = path.read_bytes()
        path.write_bytes(original + b"// edited\n")
        assert build.build(site, quiet=True)["app"] != v1["app"], rel
        path.write_bytes(original)
    assert build.build(site, quiet=True)["app"] == v1["app"]


@needs_vendor
def test_precache_lists_what_the_page_loads_and_nothing_private(site):
    version = build.build(site, quiet=True)
    precache = json.loads((site / "build" / "precache.json").read_text())
    vendored = json.loads((site / "vendor" / "VERSIONS.json").read_text())["files"]
    # Pyodide's full standard library is replaced by the build's lean one (scripts/lean_stdlib.py)
    assert set(vendored) - set(precache) == {"vendor/pyodide/python_stdlib.zip"}
    for rel in ["index.html", "pyscript.toml", "py/main.py", "build/ludotheque.zip", "build/version.json",
                "build/runtime/python_stdlib.zip",
                "css/base.css", "build/boot.js", "build/explain.js", "manifest.webmanifest", "assets/icons/icon-192.png"]:
        assert rel in precache
    # the page loads the joined scripts, never their parts (js/boot/*.js, js/explain/*.js)
    assert not any(rel.startswith(("py/ludotheque", "tests/", "scripts/", "js/boot/", "js/explain/")) for rel in precache)
    assert "sw.js" not in precache  # the browser fetches service worker scripts itself
    for rel in precache:
        assert (site / rel).is_file(), rel
    manifest = (site / "build" / "sw-manifest.js").read_text()
    payload = json.loads(manifest.split("self.LUDO_BUILD = ", 1)[1].rstrip().rstrip(";"))
    gzipped = {"vendor/pyodide/pyodide.asm.wasm": "build/runtime/pyodide.asm.wasm.gz"}
    assert payload == {"app": version["app"], "precache": precache, "gzipped": gzipped}
    # the gzip copy a first visit downloads decodes to the vendored wasm, byte for byte
    plain = (site / "vendor/pyodide/pyodide.asm.wasm").read_bytes()
    packed = (site / "build/runtime/pyodide.asm.wasm.gz").read_bytes()
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2
    assert version["runtime"]["pyodide"] == "314.0.7"
    assert version["runtime"]["@pyscript/core"] == "0.7.31"


class QuickBrotli:
    """The brotli package at quality 5 whatever is asked: quality 11 (the build's choice for
    deploys) spends 26 s on the wasm alone; which siblings are written and that they decode to
    the same bytes do not depend on the quality."""

    def __init__(self, real):
        self.real = real
        self.decompress = real.decompress

    def compress(self, data, quality=11, **kwargs):
        assert quality == 11  # the build still asks for the best
        return self.real.compress(data, quality=5, **kwargs)


@needs_vendor
def test_dist_holds_exactly_the_deployable_files(site, tmp_path, monkeypatch):
    try:
        import brotli
    except ImportError:
        pass
    else:
        monkeypatch.setitem(sys.modules, "brotli", QuickBrotli(brotli))
    build.build(site, quiet=True)
    dist = tmp_path / "dist"
    files = build.make_dist(site, dist)
    on_disk = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    assert on_disk == sorted(files)
    precache = json.loads((site / "build" / "precache.json").read_text())
    assert set(precache) <= set(on_disk)
    assert {"sw.js", "build/sw-manifest.js", "build/precache.json"} <= set(on_disk)
    assert not any(rel.startswith(("py/ludotheque", "tests/", "scripts/", ".", "js/boot/", "js/explain/")) for rel in on_disk)
    assert {"build/boot.js", "build/explain.js"} <= set(on_disk)
    for text_file in ["index.html", "pyscript.toml", "build/boot.js", "sw.js"]:
        body = (dist / text_file).read_text()
        assert "http://" not in body.replace("http://www.w3.org", "") and "https://" not in body, text_file
    # precompressed siblings for hosts that serve them: the same bytes once decoded
    for rel in ["index.html", "build/boot.js", "vendor/pyodide/pyodide.asm.mjs", "build/version.json"]:
        assert gzip.decompress((dist / (rel + ".gz")).read_bytes()) == (dist / rel).read_bytes(), rel
    assert not [rel for rel in on_disk if rel.endswith((".zip.gz", ".png.gz", ".gz.gz", ".zip.br"))]
    try:
        import brotli
    except ImportError:
        assert not [rel for rel in on_disk if rel.endswith(".br")]
    else:
        assert brotli.decompress((dist / "index.html.br").read_bytes()) == (dist / "index.html").read_bytes()
    assert "vendor/pyodide/python_stdlib.zip" not in on_disk  # never loaded: the lean one is


@needs_vendor
def test_vendor_check_notices_a_changed_file(site, monkeypatch):
    monkeypatch.setattr(vendor, "ROOT", site)
    monkeypatch.setattr(vendor, "VENDOR", site / "vendor")
    monkeypatch.setattr(vendor, "VERSIONS", site / "vendor" / "VERSIONS.json")
    lock = vendor.load_lock()
    assert vendor.vendor_is_current(lock) == (True, "up to date")
    target = site / "vendor" / "pyscript" / "core.js"
    target.write_text(target.read_text() + "\n")
    ok, why = vendor.vendor_is_current(lock)
    assert not ok and "core.js" in why
    target.unlink()
    ok, why = vendor.vendor_is_current(lock)
    assert not ok and "missing" in why


@needs_vendor
def test_vendor_fetches_only_what_is_not_vendored_yet(site, monkeypatch):
    """A package added to the lock is fetched alone: the ones vendored intact are kept (and a
    changed file makes its package fetched again)."""
    monkeypatch.setattr(vendor, "ROOT", site)
    monkeypatch.setattr(vendor, "VENDOR", site / "vendor")
    monkeypatch.setattr(vendor, "VERSIONS", site / "vendor" / "VERSIONS.json")
    lock = vendor.load_lock()
    fetched = []

    def fake_fetch(name, version, dest, via):
        fetched.append(name)
        raise vendor.VendorError(f"{name} would be fetched")

    monkeypatch.setattr(vendor, "fetch_tarball", fake_fetch)
    vendor.vendor(lock)  # everything intact: nothing fetched, the record rewritten the same
    assert fetched == [] and vendor.vendor_is_current(lock) == (True, "up to date")
    target = site / "vendor" / "dompurify" / "purify.min.js"
    target.write_text(target.read_text() + "\n")
    with pytest.raises(vendor.VendorError, match="dompurify would be fetched"):
        vendor.vendor(lock)
    assert fetched == ["dompurify"]
    assert (site / "vendor" / "pyodide" / "pyodide.mjs").is_file()  # a failed run changes nothing


def test_build_without_vendor_says_what_to_do(tmp_path):
    (tmp_path / "py" / "ludotheque").mkdir(parents=True)
    (tmp_path / "py" / "ludotheque" / "__init__.py").write_text("")
    with pytest.raises(build.BuildError, match="make vendor"):
        build.build(tmp_path, quiet=True)
