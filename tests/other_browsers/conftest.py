"""Cross-engine fixtures: the same test runs in WebKit and in Firefox (see drivers.py).

  engine        "webkit" or "firefox": module-scoped parameter, so each module starts each
                browser once and runs all its tests in it before the next engine.
                LUDO_BROWSERS=webkit (or firefox) keeps one (`make test-webkit`, `make test-firefox`).
  outside_trap  the proxy every browser sends non-loopback requests to (outside_trap.py).
  engine_site   RecordingSiteServer (error recorder injected) on the built checkout, one per module.
  driver        a started drivers.Driver for `engine`, with a fresh profile.

Without the browser or its tools the tests are skipped with the reason, except under CI
(CI=true), where they fail: `make test` installs everything (`make deps`).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "e2e"))

from drivers import ENGINES, start_driver, why_not_runnable  # noqa: E402
from e2e_harness import IN_CI, ROOT, build_site  # noqa: E402
from error_recorder import RecordingSiteServer  # noqa: E402
from outside_trap import OutsideTrap  # noqa: E402

SELECTED = [e for e in os.environ.get("LUDO_BROWSERS", ",".join(ENGINES)).split(",") if e in ENGINES]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.other_browsers)


@pytest.fixture(scope="module", params=SELECTED)
def engine(request) -> str:
    why = why_not_runnable(request.param)
    if why:
        if IN_CI:
            pytest.fail(f"{request.param} tests cannot run in CI: {why}", pytrace=False)
        pytest.skip(f"{request.param} skipped: {why}")
    return request.param


@pytest.fixture(scope="session")
def outside_trap():
    trap = OutsideTrap().start()
    yield trap
    trap.stop()


@pytest.fixture(scope="session")
def browsers_built_site() -> Path:
    build_site(ROOT)
    return ROOT


@pytest.fixture(scope="module")
def engine_site(browsers_built_site):
    server = RecordingSiteServer(browsers_built_site).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def driver(engine, outside_trap):
    drv = start_driver(engine, outside_trap.address)
    yield drv
    drv.quit()
