#!/usr/bin/env python3
"""Build the browser bundle of Ludothèque.

Writes, under build/:
  ludotheque.zip   the package py/ludotheque/ (every file but caches), zipped
                   deterministically: sorted names, fixed timestamps and modes.
                   pyscript.toml unpacks it into Pyodide's working directory.
  version.json     {"app": <short sha256 of everything the page loads>,
                    "runtime": {...}, "snapshots": {<family>: {...}} (only when
                    scripts/make_snapshot.py made one for this app version)}
  setup/<game>.<lang>.html
                   each game's set-up screen (one template per player count),
                   rendered by the app's own screen code under this Python
                   (py/ludotheque/ui/setup_screen.py), shown by js/setup-early.js
                   on a tap before Pyodide is ready
  precache.json    every URL the app needs offline, relative to the site root
  sw-manifest.js   the same version and list for the service worker
                   (imported by sw.js, so a new build changes a byte the
                   browser's service-worker update check compares)
  runtime/pyodide.asm.wasm.gz
                   the vendored runtime's wasm, gzipped (9.6 -> 3.6 MB): what a
                   first visit downloads (js/runtime-wasm.mjs); the service
                   worker caches the plain file decoded from it (sw.js)
  boot.js, explain.js
                   the page's boot script and the example viewer, each joined from its
                   parts (js/boot/*.js, js/explain/*.js) in the order JOINED_SCRIPTS names,
                   inside one function (one shared scope): see join_script()
  i18n/            the word catalogues locale/<lang>.po compiled (scripts/catalogues.py):
                   <lang>.json, <lang>.js and the language list languages.js/.json
  runtime/pyodide-lock.json
                   Pyodide's lock file without its package list (the app loads none)
  runtime/python_stdlib.zip
                   the standard library Pyodide gets: only the modules the app can
                   import (scripts/lean_stdlib.py; 2.5 -> 1.4 MB). Pyodide's full
                   vendor/pyodide/python_stdlib.zip is neither loaded nor precached
  examples/        pre-rendered frames of the rules pages' examples, and
                   rules/<game>.html (+ .en.html) beside index.html: see
                   build_explainer() and docs/embed.md

    python3 scripts/build.py                 # build in this checkout
    python3 scripts/build.py --dist dist     # build, then copy the deployable site to dist/
    python3 scripts/build.py --root DIR      # build another copy of the site (tests)

Needs vendor/ (python3 scripts/vendor.py) first.
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import lean_stdlib  # noqa: E402  (scripts/ is not a package)

ZIP_DATE = (1980, 1, 1, 0, 0, 0)
VERSION_LEN = 12

# Files and folders that make up the deployed site (relative to the site root).
SITE_FILES = ["index.html", "pyscript.toml", "py/main.py", "sw.js", "manifest.webmanifest"]
SITE_DIRS = ["css", "js", "assets", "build", "vendor", "rules"]
# What the page itself loads, hence what the app version hashes and the
# service worker precaches. sw.js is not in it (the browser fetches service
# worker scripts itself); vendor/VERSIONS.json is hashed but not fetched.
PAGE_FILES = ["index.html", "pyscript.toml", "py/main.py", "manifest.webmanifest"]
PAGE_DIRS = ["css", "js", "assets", "rules", "build/examples", "build/i18n"]
# The example viewer (explain.html, docs/embed.md): deployed and precached when present.
EXPLAINER_FILES = ["explain.html"]
# The scripts made of parts (docs/architecture.md, "The page's scripts"): each joins the files
# of its folder, in this order, inside one function. A part is neither loaded, precached nor
# deployed: the joined script is.
JOINED_SCRIPTS = {
    "build/boot.js": ("js/boot", [
        "settings.js", "after-paint.js", "late-css.js", "snapshot-version.js", "helpers.js",
        "language.js", "progress.js", "failure.js", "download-watch.js", "pending-game.js",
        "ready.js", "service-worker.js", "start.js"]),
    "build/explain.js": ("js/explain", [
        "state.js", "page.js", "loading.js", "python.js", "stepping.js", "host-messages.js",
        "fitting.js", "start.js"]),
}
PART_DIRS = tuple(folder + "/" for folder, _ in JOINED_SCRIPTS.values())


class BuildError(Exception):
    pass


def _skip(path: Path) -> bool:
    return any(part == "__pycache__" or part.startswith(".") for part in path.parts) or path.suffix in (".pyc", ".pyo")


def files_under(root: Path, rel_dir: str) -> list[str]:
    base = root / rel_dir
    if not base.is_dir():
        return []
    out = []
    for p in base.rglob("*"):
        rel = p.relative_to(root)
        if p.is_file() and not _skip(rel.relative_to(rel_dir)):
            out.append(rel.as_posix())
    return sorted(out)


def build_zip(root: Path, dest: Path) -> list[str]:
    """The package, plus the compiled catalogues as ludotheque/locale/*.json (where
    py/ludotheque/core/catalogue.py reads them in the browser, with no request)."""
    pkg = root / "py" / "ludotheque"
    if not (pkg / "__init__.py").is_file():
        raise BuildError(f"{pkg} is not a package (no __init__.py)")
    sources = {rel[len("py/"):]: root / rel for rel in files_under(root, "py/ludotheque")}
    sources.update({f"ludotheque/locale/{p.name}": p for p in sorted((root / "build" / "i18n").glob("*.json"))})
    names = sorted(sources)
    tmp = dest.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            zf.writestr(info, sources[name].read_bytes(), compresslevel=9)
    os.replace(tmp, dest)
    return names


def build_setup_pages(root: Path, out: Path) -> list[str]:
    """Render every game's set-up screen with the app's own (pure) screen code, in a child
    Python so that the package of *this* site root is the one imported."""
    done = subprocess.run([sys.executable, "-m", "ludotheque.ui.setup_screen"], cwd=root / "py",
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"rendering the set-up screens failed:\n{done.stderr.strip()}")
    pages = json.loads(done.stdout)
    (out / "setup").mkdir(exist_ok=True)
    for rel, html in pages.items():
        write_if_changed(out / rel, html)
    for stale in (out / "setup").glob("*.html"):
        if f"setup/{stale.name}" not in pages:
            stale.unlink()
    return sorted(f"build/{rel}" for rel in pages)


def read_vendor(root: Path) -> dict:
    path = root / "vendor" / "VERSIONS.json"
    if not path.is_file():
        raise BuildError("vendor/VERSIONS.json is missing: run `make vendor` (python3 scripts/vendor.py) first")
    data = json.loads(path.read_text(encoding="utf-8"))
    for rel in data["files"]:
        if not (root / rel).is_file():
            raise BuildError(f"{rel} is missing: run `make vendor` (python3 scripts/vendor.py --force)")
    return data


def runtime_info(root: Path, vendor: dict) -> dict:
    info = {name: pkg["version"] for name, pkg in sorted(vendor["packages"].items())}
    lock = root / "vendor" / "pyodide" / "pyodide-lock.json"
    try:
        info["python"] = json.loads(lock.read_text(encoding="utf-8"))["info"]["python"]
    except (OSError, KeyError, json.JSONDecodeError):
        pass
    return info


LOCK = "vendor/pyodide/pyodide-lock.json"
LEAN_LOCK = "build/runtime/pyodide-lock.json"


def build_runtime_lock(root: Path) -> None:
    """build/runtime/pyodide-lock.json: Pyodide's lock file with its "info" and no packages.
    The app loads no package (pyscript.toml has no `packages`), and the full list (357
    packages, 119 KB) would be downloaded before the first move only to be read at start."""
    info = json.loads((root / LOCK).read_text(encoding="utf-8"))["info"]
    (root / LEAN_LOCK).parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(root / LEAN_LOCK, json.dumps({"info": info, "packages": {}}, indent=1, sort_keys=True) + "\n")


WASM = "vendor/pyodide/pyodide.asm.wasm"
WASM_GZ = "build/runtime/pyodide.asm.wasm.gz"


def build_runtime_gzip(root: Path, vendor: dict) -> dict:
    """build/runtime/pyodide.asm.wasm.gz from the vendored wasm, remade only when the vendored
    file changes (its SHA-256 from VERSIONS.json is kept beside it: gzip -9 of 9.6 MB takes
    seconds). Returns the service worker's map {plain URL: gzip URL}.

    Why: a static host may send .wasm uncompressed; the page then downloads 3.6 MB instead of
    9.6 MB on a first visit (docs/performance.md, "First visit on a tablet")."""
    src, dest = root / WASM, root / WASM_GZ
    stamp = dest.with_name(dest.name + ".sha256")
    want = vendor["files"].get(WASM, {}).get("sha256", "")
    if not (dest.is_file() and stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == want):
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".tmp")
        tmp.write_bytes(gzip.compress(src.read_bytes(), compresslevel=9, mtime=0))
        os.replace(tmp, dest)
        stamp.write_text(want + "\n", encoding="utf-8")
    return {WASM: WASM_GZ}


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)


def shipped_snapshots(out: Path, app: str) -> dict:
    """{"snapshots": {family: meta}} for the build-time memory snapshots of *this* app version
    (build/snapshot/<family>.json, written by scripts/make_snapshot.py), else {}.
    js/pyodide-snapshot.mjs reads them from version.json, which it fetches anyway, so a page
    decides whether to download one before any other request; a snapshot of an older app
    version is never listed. Not part of the app version (it is made from it)."""
    found = {}
    for meta_path in sorted((out / "snapshot").glob("*.json")):
        try:
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if meta.get("app") == app and (out.parent / meta.get("url", "-")).is_file():
            found[meta["family"]] = meta
    return {"snapshots": found} if found else {}


def join_script(root: Path, target: str) -> str:
    """The text of a joined script (JOINED_SCRIPTS): a line naming its parts, then the parts in
    their order inside `(function () { "use strict"; ... })();`, so that what one part declares
    the others see, and nothing leaks to the page's global scope. Every file of the folder is
    named, in the order: a new part must be placed."""
    folder, parts = JOINED_SCRIPTS[target]
    found = sorted(p.name for p in (root / folder).glob("*.js"))
    if sorted(parts) != found:
        unnamed, missing = sorted(set(found) - set(parts)), sorted(set(parts) - set(found))
        raise BuildError(f"{folder}/: " + "; ".join(
            ([f"{', '.join(unnamed)} not in scripts/build.py's JOINED_SCRIPTS (where in the order?)"] if unnamed else [])
            + ([f"{', '.join(missing)} missing"] if missing else [])))
    names = [f"{folder}/{name}" for name in parts]
    body = "\n".join((root / rel).read_text(encoding="utf-8").rstrip("\n") + "\n" for rel in names)
    return (f"// {target}: made by scripts/build.py from {', '.join(names)} (edit those, not this file)\n"
            '(function () {\n"use strict";\n\n' + body + "})();\n")


def build_scripts(root: Path) -> list[str]:
    """build/boot.js and build/explain.js from their parts (JOINED_SCRIPTS), each touched even
    when unchanged: newer than its parts says it is current (ludotheque.explain.snippet)."""
    for target in JOINED_SCRIPTS:
        (root / target).parent.mkdir(parents=True, exist_ok=True)
        write_if_changed(root / target, join_script(root, target))
        os.utime(root / target)
    return sorted(JOINED_SCRIPTS)


def stale_scripts(root: Path) -> list[str]:
    """The joined scripts that are missing or differ from their parts (`make build` remakes them)."""
    return [target for target in JOINED_SCRIPTS
            if not (root / target).is_file() or (root / target).read_text(encoding="utf-8") != join_script(root, target)]


def write_version(out: Path, version: dict) -> None:
    write_if_changed(out / "version.json", json.dumps(version, indent=2, sort_keys=True) + "\n")


def build_explainer(root: Path) -> list[str]:
    """The rules pages (rules/) and their examples' frames (build/examples/), drawn by the
    games' own screen code from assets/examples/ (py/ludotheque/explain/rules_pages.py)."""
    sys.path.insert(0, str(root / "py"))
    try:
        from ludotheque.explain.rules_pages import build_pages
    finally:
        sys.path.pop(0)
    return build_pages(root)


def build_words(root: Path) -> None:
    """build/i18n/ from locale/*.po (scripts/catalogues.py; Babel is a build dependency)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import catalogues
    finally:
        sys.path.pop(0)
    try:
        catalogues.build_catalogues(root)
    except catalogues.CatalogueError as e:
        raise BuildError(str(e)) from e
    except ImportError as e:
        raise BuildError(f"compiling the catalogues needs Babel: pip install -r requirements-dev.txt ({e})") from e


def build(root: Path = ROOT, quiet: bool = False) -> dict:
    root = root.resolve()
    vendor = read_vendor(root)
    for rel in PAGE_FILES:
        if not (root / rel).is_file():
            raise BuildError(f"{rel} is missing")
    out = root / "build"
    out.mkdir(exist_ok=True)
    build_words(root)
    joined = build_scripts(root)
    modules = build_zip(root, out / "ludotheque.zip")
    build_explainer(root)
    setup_pages = build_setup_pages(root, out)
    gzipped = build_runtime_gzip(root, vendor)
    stdlib = lean_stdlib.write_lean(root)
    build_runtime_lock(root)

    page = list(PAGE_FILES) + [rel for rel in EXPLAINER_FILES if (root / rel).is_file()]
    for d in PAGE_DIRS:
        page += [rel for rel in files_under(root, d) if not rel.startswith(PART_DIRS)]
    page += joined
    # Pyodide's full standard library is replaced by the lean one (never loaded)
    vendored = sorted(set(vendor["files"]) - {lean_stdlib.FULL})
    built = ["build/ludotheque.zip", lean_stdlib.LEAN, LEAN_LOCK]
    precache = sorted(set(page + vendored + setup_pages + built + ["build/version.json"]))

    h = hashlib.sha256()
    # the lean stdlib is hashed: a snapshot made against one zip is restored with that zip only
    for rel in sorted(set(page + setup_pages + built + ["vendor/VERSIONS.json"])):
        h.update(rel.encode() + b"\0")
        h.update(hashlib.sha256((root / rel).read_bytes()).digest())
    # the URL list itself: a new or removed file is a new version too
    h.update("\n".join(precache).encode())
    app = h.hexdigest()[:VERSION_LEN]

    version = {"app": app, "runtime": runtime_info(root, vendor), **shipped_snapshots(out, app)}
    write_version(out, version)
    write_if_changed(out / "precache.json", json.dumps(precache, indent=1) + "\n")
    manifest = {"app": app, "precache": precache, "gzipped": gzipped}
    write_if_changed(
        out / "sw-manifest.js",
        "// Generated by scripts/build.py; imported by sw.js.\n"
        f"self.LUDO_BUILD = {json.dumps(manifest, separators=(',', ':'))};\n",
    )
    if not quiet:
        size = (out / "ludotheque.zip").stat().st_size
        print(f"build: app {app}, {len(modules)} files in build/ludotheque.zip ({size / 1024:.0f} KiB), "
              f"{len(precache)} URLs to precache; stdlib {len(stdlib['modules'])} modules, "
              f"{stdlib['full'] / 1e6:.2f} -> {stdlib['lean'] / 1e6:.2f} MB")
    return version


# Precompressed siblings in dist/ (docs/deploy.md, "Compression and caching"): text and the wasm.
# Not .zip, .gz, images or fonts (already compressed), nor a file where compression saves < 10 %.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".webmanifest", ".toml", ".py",
                ".txt", ".md", ".map")


def precompress(dest: Path, files: list[str]) -> dict:
    """Write <file>.gz (gzip -9) and, when the `brotli` package is installed, <file>.br (quality
    11) beside each compressible file of dest, for hosts that serve a precompressed sibling
    (nginx gzip_static/brotli_static, Apache with mod_rewrite, Netlify, ...). The site works
    the same without them. Returns the siblings written (paths relative to dest)."""
    try:
        import brotli  # optional (requirements-dev.txt): only gzip siblings without it
    except ImportError:
        brotli = None
    done = []
    for rel in files:
        if not rel.endswith(COMPRESSIBLE):
            continue
        data = (dest / rel).read_bytes()
        packed = {".gz": gzip.compress(data, compresslevel=9, mtime=0)}
        if brotli is not None:
            packed[".br"] = brotli.compress(data, quality=11)
        for ext, body in packed.items():
            if len(body) <= 0.9 * len(data):
                (dest / (rel + ext)).write_bytes(body)
                done.append(rel + ext)
    return done


def make_dist(root: Path, dest: Path) -> list[str]:
    """Copy exactly the deployable files of the site at root into dest (emptied first), each
    compressible one with its precompressed siblings (precompress); returns them all. Pyodide's
    full standard library stays out: the page loads the lean one (scripts/lean_stdlib.py), and so
    do the parts of the joined scripts (JOINED_SCRIPTS): the page loads what they make."""
    root, dest = root.resolve(), dest.resolve()
    if dest == root or root.is_relative_to(dest):
        raise BuildError(f"refusing to replace {dest}")
    files = [rel for rel in SITE_FILES + EXPLAINER_FILES if (root / rel).is_file()]
    missing = sorted(set(SITE_FILES) - set(files))
    if missing:
        raise BuildError(f"missing {', '.join(missing)}")
    for d in SITE_DIRS:
        files += [rel for rel in files_under(root, d)
                  if not rel.endswith(".tmp") and rel != lean_stdlib.FULL and not rel.startswith(PART_DIRS)]
    if dest.exists():
        shutil.rmtree(dest)
    for rel in files:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, dest / rel)
    return files + precompress(dest, files)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Build build/ludotheque.zip, version.json and precache.json.")
    ap.add_argument("--root", type=Path, default=ROOT, help="site root to build (default: this checkout)")
    ap.add_argument("--dist", type=Path, help="after building, copy the deployable site into this folder")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        build(args.root, quiet=args.quiet)
        if args.dist:
            files = make_dist(args.root, args.dist)
            size = sum((args.dist / f).stat().st_size for f in files)
            siblings = [f for f in files if f.endswith((".gz", ".br")) and f[:-3] in files]
            print(f"dist: {len(files) - len(siblings)} files and {len(siblings)} precompressed siblings "
                  f"(.gz; .br with the brotli package), {size / 1e6:.1f} MB in all, in {args.dist}/")
    except BuildError as e:
        print(f"build: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
