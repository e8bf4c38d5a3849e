"""Before any test: the word catalogues compiled when locale/*.po is newer than build/i18n/
(an edited .po counts at once). Compiling is the build's work (scripts/catalogues.py, with
Babel); the runtime only reads what the build wrote (py/ludotheque/core/catalogue.py)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def pytest_sessionstart(session):
    built = ROOT / "build" / "i18n" / "languages.json"
    sources = list((ROOT / "locale").glob("*.po"))
    if built.is_file() and all(src.stat().st_mtime <= built.stat().st_mtime for src in sources):
        return
    spec = importlib.util.spec_from_file_location("ludo_scripts_catalogues", ROOT / "scripts" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    module.build_catalogues(ROOT)
