"""tests/reliability: the hostile-input catalogue (docs/reliability.md).

CLI rows run in-process; browser rows reuse the e2e fixtures of tests/e2e/conftest.py
(loaded here under another module name, so both folders share one harness)."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
E2E = HERE.parent / "e2e"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(E2E))

from e2e_harness import e2e_fixtures  # noqa: E402

globals().update(e2e_fixtures())
_e2e = sys.modules["ludo_e2e_conftest"]


def pytest_collection_modifyitems(config, items):
    """Browser rows are e2e tests: marked, and skipped with the reason where Chromium cannot run."""
    mine = [item for item in items if Path(str(item.fspath)).name.startswith("test_browser")
            and HERE in Path(str(item.fspath)).resolve().parents]
    for item in mine:
        item.add_marker("e2e")
    why = _e2e.why_not_runnable()
    if not mine or why is None or _e2e.IN_CI:
        return
    import pytest

    for item in mine:
        item.add_marker(pytest.mark.skip(reason=f"e2e skipped: {why}"))
