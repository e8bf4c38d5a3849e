"""The pieces of the cross-engine harness that need no browser: the trap proxy, the recorder, and
the deadline on a browser session's start."""
from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request

import pytest

from drivers import DriverError, _within
from error_recorder import RECORDER, RecordingSiteServer
from outside_trap import OutsideTrap


def test_the_trap_logs_and_refuses_what_it_is_sent():
    trap = OutsideTrap().start()
    try:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": "http://" + trap.address}))
        for url in ("http://outside-probe.invalid/x", "http://cdn.example.com/pyodide.js"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                opener.open(url, timeout=10)
            assert refused.value.code == 502
        assert trap.probed() and trap.outside() == ["GET http://cdn.example.com/pyodide.js"]
    finally:
        trap.stop()


def test_the_recorder_goes_first_in_html_pages_only(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><html><head><script src=a.js></script></head></html>")
    (tmp_path / "a.js").write_text("var a = '<head>';")
    with RecordingSiteServer(tmp_path) as server:
        page = urllib.request.urlopen(server.url("index.html?x=1"), timeout=10).read().decode()
        root = urllib.request.urlopen(server.url(""), timeout=10).read().decode()
        script = urllib.request.urlopen(server.url("a.js"), timeout=10).read().decode()
    assert page == root
    assert page.index(RECORDER) < page.index("a.js") and page.count(RECORDER) == 1
    assert script == "var a = '<head>';"


def test_a_browser_session_that_never_starts_is_given_up_not_waited_for():
    """WebKitWebDriver waits forever for a MiniBrowser that died as it started: the start is
    given up after its deadline (the driver killed, which ends the pending request)."""
    killed = threading.Event()

    def never_starts():
        killed.wait(30)
        raise ConnectionResetError("the driver process was killed")

    t0 = time.monotonic()
    with pytest.raises(DriverError, match="did not start within"):
        _within(0.5, never_starts, killed.set)
    assert killed.is_set() and time.monotonic() - t0 < 10
    # a session that starts in time is handed back, and its errors are the caller's
    assert _within(5, lambda: "session", killed.set) == "session"
    with pytest.raises(ValueError):
        _within(5, lambda: int("x"), killed.set)
