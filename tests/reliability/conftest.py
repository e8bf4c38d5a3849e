"""tests/reliability: the hostile-input catalogue (docs/reliability.md).

CLI rows run in-process; browser rows reuse the e2e fixtures of tests/e2e/conftest.py
(loaded here under another module name, so both folders share one harness)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
E2E = HERE.parent / "e2e"
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(E2E))

_spec = importlib.util.spec_from_file_location("ludo_e2e_conftest", E2E / "conftest.py")
_e2e = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_e2e)

browser_type_launch_args = _e2e.browser_type_launch_args
built_site = _e2e.built_site
site_server = _e2e.site_server
make_site = _e2e.make_site
net_guard = _e2e.net_guard
new_context = _e2e.new_context
open_app = _e2e.open_app


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
