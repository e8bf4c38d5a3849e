#!/usr/bin/env python3
"""The lean standard library: build/runtime/python_stdlib.zip, only what the app can import.

Pyodide's python_stdlib.zip (vendor/pyodide/, 2.5 MB) holds the whole standard library: asyncio,
email, unittest, multiprocessing, xml, the REPL, a hundred codecs. The app's Python (the package
py/ludotheque, py/main.py, PyScript's own modules) uses a small part of it, and every byte of the
zip is downloaded before the first move. js/pyodide-snapshot.mjs gives this zip to Pyodide
instead (loadPyodide's stdLibURL), and the memory snapshots (scripts/make_snapshot.py, the
device's js/snapshot-worker.mjs) are made against the same file: the zip importer keeps the
zip's directory (names and offsets) in Python's memory, so a snapshot made with one zip must be
restored with the same one.

What is kept, found at build time (no list to maintain by hand):

  roots   every module imported anywhere in py/ludotheque and py/main.py (static walk of the
          source: imports inside functions and try blocks count), PyScript's Python modules
          (embedded in vendor/pyscript/core-*.js), Pyodide's own packages (pyodide,
          _pyodide), and LAZY below: modules imported by name at run time, which no
          static walk sees (codecs looked up by encoding name, the site module);
  closure every import of every kept standard-library module, followed to the end, again
          including imports inside functions (a lazy import in the standard library, say
          `inspect` inside `dataclasses`, is kept), except an `if __name__ == "__main__":`
          block's. This over-keeps by design: the margin is what makes a path no test takes
          safe.

tests/platform/test_lean_stdlib.py checks the walk (CPython), tests/e2e/test_lean_stdlib_boot.py boots the
app in Chromium on the lean zip and imports every module the walk found, plus the error paths
and the explainer's #record= path. Figures and the decision: docs/performance.md ("A lean
standard library").

    python3 scripts/lean_stdlib.py            # write build/runtime/python_stdlib.zip, print figures
    python3 scripts/lean_stdlib.py --list     # print the kept module names
"""
from __future__ import annotations

import argparse
import ast
import encodings
import encodings.aliases
import json
import os
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FULL = "vendor/pyodide/python_stdlib.zip"
LEAN = "build/runtime/python_stdlib.zip"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)

# Imported by name at run time, never by an import statement a walk can see.
LAZY = (
    "site", "sitecustomize", "_sysconfigdata__emscripten_wasm32-emscripten",
    # codecs: str.encode/bytes.decode and open() look an encoding up by name in `encodings`.
    # Every codec a kept module names in a string is kept (codec_module: zipfile's cp437);
    # kept besides: every Unicode form, Latin-1 and its Windows/ISO cousins (a file from
    # another program), the codecs `codecs.encode` names (base64, hex, zlib, escapes, rot13),
    # IDNA for URLs. A name not kept raises LookupError ("unknown encoding"), as a made-up name
    # always did; the CJK code pages and most DOS/Mac ones go.
    "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be",
    "encodings.utf_32", "encodings.utf_32_le", "encodings.utf_32_be", "encodings.utf_7",
    "encodings.cp1252", "encodings.iso8859_1", "encodings.iso8859_15", "encodings.charmap",
    "encodings.idna", "encodings.punycode", "encodings.raw_unicode_escape",
    "encodings.unicode_escape", "encodings.base64_codec", "encodings.hex_codec",
    "encodings.zlib_codec", "encodings.rot_13", "encodings.undefined",
    # what the snapshot worker imports besides the package (js/snapshot-worker.mjs)
    "pkgutil", "importlib", "importlib.util", "importlib.machinery", "importlib.metadata",
    # Pyodide's own start and its tracebacks, console and async support
    "traceback", "linecache", "tokenize", "asyncio", "codeop", "ast", "rlcompleter",
    "warnings", "weakref", "copy", "textwrap", "zipimport",
)
# Never followed, because they cannot run in a browser tab and are reached only from inside
# functions: processes (Pyodide has no fork or spawn; reached through asyncio ->
# concurrent.futures' ProcessPoolExecutor), the terminal REPL (site imports it for an
# interactive prompt on a tty) and help() (site's builtin opens pydoc, which needs that REPL).
NEVER = ("multiprocessing", "concurrent.futures.process", "xmlrpc", "_pyrepl", "pydoc")
# Tables of encoding names, not codecs in use: every codec is named in them (aliases), or the
# names are those of locales and mail charsets, which the app never sets or reads.
CODEC_TABLES = ("encodings.aliases", "locale", "email.charset")
# Whole packages of Pyodide's own Python, kept as they are.
WHOLE = ("pyodide", "_pyodide", "encodings/__init__.py")
PYSCRIPT_CORE = "vendor/pyscript"


def codec_module(text: str) -> str | None:
    """The encodings module a string names when it is an encoding name ("cp437", "UTF-8",
    "latin1"), as str.encode and zipfile look it up, else None. Codecs are loaded by name at run
    time, so a string that names one counts as an import of it: zipfile's "cp437" keeps
    encodings.cp437."""
    if not text or not text.isascii() or " " in text:
        return None
    norm = encodings.normalize_encoding(text).lower()
    name = encodings.aliases.aliases.get(norm, norm)
    return f"encodings.{name}" if name.replace("_", "").isalnum() else None


def _main_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    t = node.test
    return (isinstance(t, ast.Compare) and isinstance(t.left, ast.Name) and t.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in t.comparators))


# `except A, B:` (Python 3.14, PEP 758), which the build's Python (3.11+) cannot parse
_EXCEPT_TUPLE = re.compile(r"^(\s*except\*?\s+)([\w.]+(?:\s*,\s*[\w.]+)+)(\s*(?:as\s+\w+\s*)?:)", re.M)
_FROM = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[\w \t,.*]+)", re.M)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([\w \t,.]+)", re.M)
_STRING = re.compile(r"""["']([\w-]{1,24})["']""")


def parse(source: str) -> ast.Module | None:
    """The syntax tree of a standard-library source of Pyodide's Python (newer than the
    build's), or None when this Python cannot parse it even with the newer `except` form
    rewritten (then the text is scanned instead)."""
    for text in (source, _EXCEPT_TUPLE.sub(r"\1(\2)\3", source)):
        try:
            return ast.parse(text)
        except SyntaxError:
            continue
    return None


def _imported_names_by_text(source: str, package: str, codecs: bool) -> set[str]:
    """imported_names for a source this Python cannot parse: every import line, every string
    that names a codec (a scan keeps more than the tree walk: `__main__` blocks too)."""
    found: set[str] = set()
    for dots, mod, names in _FROM.findall(source):
        if dots:
            parts = package.split(".") if package else []
            parts = parts[: len(parts) - (len(dots) - 1)] if len(dots) > 1 else parts
            base = ".".join(parts + ([mod] if mod else []))
        else:
            base = mod
        if base:
            found.add(base)
            names = names.strip("()")
            found.update(f"{base}.{n.split()[0]}" for n in names.split(",") if n.strip() and n.strip() != "*")
    for names in _IMPORT.findall(source):
        found.update(n.split()[0] for n in names.split(",") if n.strip())
    if codecs:
        found.update(c for c in map(codec_module, _STRING.findall(source)) if c)
    return found


# imported_names' answers in this process: the walk parses ~400 standard-library sources (about
# 4 s, most of a build), and the same sources come back at every build in one process (the
# tests build copies of the site again and again).
_SEEN: dict[tuple, frozenset] = {}


def imported_names(source: str, module: str, is_package: bool, codecs: bool = True) -> set[str]:
    """Every module name an import statement of this source may load (absolute names), anywhere
    in the file but an `if __name__ == "__main__":` block. `from a import b` gives a and a.b (b
    may be a submodule)."""
    key = (source, module, is_package, codecs)
    if key not in _SEEN:
        _SEEN[key] = frozenset(_imported_names(source, module, is_package, codecs))
    return set(_SEEN[key])


def _imported_names(source: str, module: str, is_package: bool, codecs: bool) -> set[str]:
    tree = parse(source)
    package = module if is_package else module.rpartition(".")[0]
    if tree is None:
        return _imported_names_by_text(source, package, codecs)
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if _main_block(node):
            stack.extend(node.orelse)
            continue
        if codecs and isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) <= 24:
            codec = codec_module(node.value)
            if codec:
                found.add(codec)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                base_parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base:
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        stack.extend(ast.iter_child_nodes(node))
    return found


def zip_index(zf: zipfile.ZipFile) -> dict[str, str]:
    """module name -> its file in the zip (a package: its __init__.py)."""
    index = {}
    for name in zf.namelist():
        if not name.endswith(".py"):
            continue
        mod = name[: -len(".py")]
        if mod.endswith("/__init__"):
            mod = mod[: -len("/__init__")]
        index[mod.replace("/", ".")] = name
    return index


def pyscript_sources(root: Path) -> dict[str, str]:
    """PyScript's own Python modules, as embedded in its core bundle ({"pyscript": {"__init__.py":
    "..."}, ...}): {file name: source}. Names are not unique across its packages; the sources are
    all the walk needs."""
    out = {}
    for js in sorted((root / PYSCRIPT_CORE).glob("core-*.js")):
        text = js.read_text(encoding="utf-8")
        for m in re.finditer(r'"([A-Za-z_][\w]*\.py)":("(?:[^"\\]|\\.)*")', text):
            try:
                out[f"{js.name}:{m.group(1)}:{m.start()}"] = json.loads(m.group(2))
            except json.JSONDecodeError:
                continue
    return out


def app_roots(root: Path) -> set[str]:
    """Every module name the app's own Python and PyScript's import."""
    names: set[str] = set()
    py = root / "py"
    for path in sorted(py.rglob("*.py")):
        rel = path.relative_to(py).with_suffix("")
        parts = list(rel.parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts.pop()
        names |= imported_names(path.read_text(encoding="utf-8"), ".".join(parts), is_pkg)
    for src in pyscript_sources(root).values():
        names |= imported_names(src, "pyscript", True)
    return names


def excluded(mod: str) -> bool:
    return any(mod == x or mod.startswith(x + ".") for x in NEVER)


def closure(zf: zipfile.ZipFile, roots: set[str]) -> set[str]:
    """The zip's modules reachable from roots (names not in the zip, the app's own or built into
    the wasm, are skipped), with their parent packages."""
    index = zip_index(zf)
    keep: set[str] = set()
    todo = [n for n in roots]
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            mod = ".".join(parts[:i])
            if mod in keep or mod not in index or excluded(mod):
                continue
            keep.add(mod)
            path = index[mod]
            src = zf.read(path).decode("utf-8", "replace")
            todo.extend(imported_names(src, mod, path.endswith("__init__.py"), mod not in CODEC_TABLES))
    return keep


def kept_files(zf: zipfile.ZipFile, modules: set[str]) -> list[str]:
    """The zip entries to keep: each kept module's file, every file of WHOLE, and the folders
    (entries ending in "/") of kept packages and site-packages/."""
    index = zip_index(zf)
    files = {index[m] for m in modules}
    dirs = {f.rpartition("/")[0] + "/" for f in files if "/" in f}
    out = []
    for name in zf.namelist():
        if name in files or name in dirs or name == "site-packages/":
            out.append(name)
        elif any(name == w or name.startswith(w + "/") for w in WHOLE):
            out.append(name)
    return out


def kept_modules(root: Path = ROOT) -> set[str]:
    with zipfile.ZipFile(root / FULL) as zf:
        roots = app_roots(root) | set(LAZY)
        for w in WHOLE:
            roots |= {m for m in zip_index(zf) if m == w or m.startswith(w + ".")}
        return closure(zf, roots)


def write_lean(root: Path = ROOT) -> dict:
    """Write LEAN from FULL (deterministic: the full zip's order, fixed dates, deflate 9), only
    when its content changes. Returns {modules, files, full, lean} (sizes in bytes)."""
    modules = kept_modules(root)
    src, dest = root / FULL, root / LEAN
    with zipfile.ZipFile(src) as zf:
        names = kept_files(zf, modules)
        dest.parent.mkdir(parents=True, exist_ok=True)
        tmp = dest.with_name(dest.name + ".tmp")
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for name in names:
                info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
                info.external_attr = (0o40755 << 16 | 0x10) if name.endswith("/") else 0o644 << 16
                info.create_system = 3
                info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
                out.writestr(info, zf.read(name), compresslevel=9)
    if dest.is_file() and dest.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        os.replace(tmp, dest)
    return {"modules": sorted(modules), "files": len(names), "full": src.stat().st_size,
            "lean": dest.stat().st_size}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Write build/runtime/python_stdlib.zip (the standard library the app can import).")
    ap.add_argument("--list", action="store_true", help="print the kept module names")
    args = ap.parse_args(argv)
    info = write_lean(ROOT)
    if args.list:
        print("\n".join(info["modules"]))
    print(f"lean stdlib: {len(info['modules'])} modules, {info['files']} entries, "
          f"{info['full'] / 1e6:.2f} MB -> {info['lean'] / 1e6:.2f} MB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
