"""Before any test: the word catalogues compiled when locale/*.po is newer than build/i18n/
(an edited .po counts at once). Compiling is the build's work (scripts/catalogues.py, with
Babel); the runtime only reads what the build wrote (py/ludotheque/core/catalogue.py).
The same for the scripts made of parts (build/boot.js, build/explain.js: scripts/build.py,
JOINED_SCRIPTS), joined again from their parts (written only when they differ: an edited part counts at once)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str):
    path = list(sys.path)  # scripts/build.py puts scripts/ on it: not for the tests
    spec = importlib.util.spec_from_file_location(f"ludo_scripts_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    sys.path[:] = path
    return module


def pytest_sessionstart(session):
    if not hasattr(session.config, "workerinput"):  # once, in the controller (pytest-xdist's workers come after)
        _load("build").build_scripts(ROOT)
    built = ROOT / "build" / "i18n" / "languages.json"
    sources = list((ROOT / "locale").glob("*.po"))
    if built.is_file() and all(src.stat().st_mtime <= built.stat().st_mtime for src in sources):
        return
    _load("catalogues").build_catalogues(ROOT)
