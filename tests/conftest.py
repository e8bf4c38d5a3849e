"""Before any test: the word catalogues compiled when locale/*.po is newer than build/i18n/
(an edited .po counts at once). Compiling is the build's work (scripts/catalogues.py, with
Babel); the runtime only reads what the build wrote (py/ludotheque/core/catalogue.py).
The same for the scripts made of parts (build/boot.js, build/explain.js: scripts/build.py,
JOINED_SCRIPTS), joined again from their parts (written only when they differ: an edited part counts at once).
And the order of the test files: the longest first (LONGEST_FIRST)."""
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


# The test files that take longest, longest first (seconds of one process in a full run,
# docs/performance.md, "Test time"). `make test` hands files to its processes in collection
# order (pytest-xdist's --dist loadfile with --no-loadscope-reorder): long files first, the
# many short ones after, so both processes end together. xdist's own order, by number of tests,
# left the long browser files with few tests (the snapshot's, the survey of what a person sees)
# for the end, with one process idle meanwhile. Files not listed keep their order, after these.
LONGEST_FIRST = (
    "tests/e2e/test_snapshot.py",  # ~100 s
    "tests/e2e/test_what_a_person_sees.py",  # ~85 s
    "tests/e2e/test_platform.py",  # ~70 s
    "tests/e2e/test_mookies_ui.py",
    "tests/e2e/test_tablet_tour.py",
    "tests/e2e/test_example_editor_ui.py",
    "tests/e2e/test_keyboard.py",
    "tests/e2e/test_boot_stall.py",
    "tests/e2e/test_lean_stdlib_boot.py",
    "tests/e2e/test_timeline.py",
    "tests/reliability/test_browser_catalogue.py",
    "tests/e2e/test_explain.py",
    "tests/security/test_hostile_frames.py",
    "tests/e2e/test_masterislands_ui.py",
    "tests/e2e/test_mindup_ui.py",
    "tests/security/test_frame_sanitizer.py",
    "tests/platform/test_build.py",
    "tests/engine/test_mookies_properties.py",
    "tests/e2e/test_hostile_links.py",
    "tests/e2e/test_phone_turn.py",  # ~13 s
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))  # stable: a file's own order stays
