"""End-to-end fixtures: the real site in Debian's Chromium, driven by Playwright.

  site_server   session-scoped SiteServer on 127.0.0.1 (free port) serving this
                checkout, built once per session by scripts/build.py.
  open_app      open_app(page, query="", server=None): open index.html[query]
                and wait for <body data-ready="1"> (60 s max, no sleeps); fails
                at once with the boot error text if #boot-error shows.
  net_guard     watches every context made through `new_context` (so also
                `context` and `page`), service-worker requests included; the
                test fails on a request to anything but 127.0.0.1/localhost
                (data:/blob: allowed) or on a local HTTP error not declared with
                net_guard.allow_http_error("part/of/url").
                Pages boot from the shipped snapshot and keep none, unless the test
                is marked `normal_boot` or `snapshot_making` (see boot_script), and
                install no service worker unless marked `service_worker`.
  make_site     make_site() -> a built copy of the site in a temp folder, for
                tests that change files (rebuild it with e2e_harness.build_site).

One browser for the session (pytest-playwright's `browser`), launched from
/usr/bin/chromium. Without Chromium the e2e tests are skipped with the reason,
except under CI (CI=true) where they fail.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import pytest
from playwright.sync_api import expect

from e2e_harness import (CHROMIUM, CHROMIUM_ARGS, IN_CI, READY_TIMEOUT_MS, ROOT, SNAPSHOT_KEEP_OFF, SNAPSHOT_OFF,
                         NetGuard, SiteServer, build_site, copy_site, wait_ready, why_not_runnable)

HERE = Path(__file__).resolve().parent

# Playwright's assertions retry for 5 s by default. On a loaded 2-core CI runner an answer that
# needs Python (a click handled by the engine, a redraw) can take longer than that, and a test
# then fails for the machine's load, not the app. A wrong answer still fails: later, not never.
EXPECT_TIMEOUT_MS = 15_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def pytest_collection_modifyitems(config, items):
    mine = [item for item in items if HERE in Path(str(item.fspath)).resolve().parents]
    for item in mine:
        item.add_marker(pytest.mark.e2e)
    if not mine:
        return
    why = why_not_runnable()
    if why is None or IN_CI:  # in CI the browser fixture fails instead
        return
    skip = pytest.mark.skip(reason=f"e2e skipped: {why}")
    for item in mine:
        item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    why = why_not_runnable()
    if why:
        pytest.fail(f"e2e tests cannot run in CI: {why}", pytrace=False)
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def built_site() -> Path:
    """This checkout, built once per session, so the engine code under test is the current one."""
    build_site(ROOT)
    return ROOT


@pytest.fixture(scope="session")
def site_server(built_site):
    server = SiteServer(built_site).start()
    yield server
    server.stop()


@pytest.fixture
def make_site(tmp_path_factory, built_site) -> Callable[[], Path]:
    """make_site() -> a fresh, built copy of the site, safe to change."""

    def _make() -> Path:
        return copy_site(built_site, tmp_path_factory.mktemp("site"))

    return _make


# The app follows the browser's languages when nothing else chose (js/i18n.js choose()); the
# tests read French unless they ask otherwise, as a French browser would (Playwright's
# default locale is en-US). A test asks for another with new_context(locale="de-DE").
BROWSER_LOCALE = "fr-FR"


@pytest.fixture
def net_guard() -> NetGuard:
    return NetGuard()


# How the tests' pages boot. By default as a first visit in Chromium does: from the snapshot
# shipped with the build (the session's build makes it, e2e_harness.ship_snapshot), about 2.4 s
# of CPU instead of 5.2 s for a boot without one; but a page keeps no snapshot on the device
# (window.ludoSnapshotKeepOff): storing it, or making one in a worker after a boot without
# one, costs seconds of CPU that only tests/e2e/test_snapshot.py (marked `snapshot_making`)
# needs. Tests of the boot without any snapshot (the one WebKit, Firefox and a site built
# without Chromium get) are marked `normal_boot` (window.ludoSnapshotOff).


def service_workers(request) -> str:
    """Playwright's service_workers for this test's contexts. Installing the service worker
    downloads and stores its whole precache (~160 files) in every new context: about a second
    of CPU per test that only the tests of offline use, updates and caches need, and they are
    marked `service_worker`. Elsewhere it is blocked (the app then works as without one)."""
    return "allow" if request.node.get_closest_marker("service_worker") is not None else "block"


def boot_script(request) -> Optional[str]:
    """The init script that sets how this test's pages boot (see above), or None."""
    if request.node.get_closest_marker("snapshot_making") is not None:
        return None
    if request.node.get_closest_marker("normal_boot") is not None:
        return SNAPSHOT_OFF
    return SNAPSHOT_KEEP_OFF


@pytest.fixture
def new_context(new_context, net_guard, request):
    """Every context the test makes (directly or through `context`/`page`) is watched by net_guard,
    its pages boot as boot_script says, and service_workers says whether they may install the
    service worker."""
    script = boot_script(request)
    workers = service_workers(request)

    def _new_context(**kwargs):
        kwargs.setdefault("locale", BROWSER_LOCALE)
        kwargs.setdefault("service_workers", workers)
        ctx = new_context(**kwargs)
        net_guard.watch(ctx)
        if script:
            ctx.add_init_script(script)
        return ctx

    yield _new_context
    net_guard.check()


@pytest.fixture
def open_app(site_server):
    """open_app(page, query="", server=None) -> page, once <body data-ready="1">."""

    def _open(page, query: str = "", server: Optional[SiteServer] = None, timeout: float = READY_TIMEOUT_MS):
        srv = server or site_server
        if query and not query.startswith(("?", "#")):
            query = "?" + query
        page.goto(srv.url("index.html" + query))
        wait_ready(page, timeout)
        return page

    return _open
