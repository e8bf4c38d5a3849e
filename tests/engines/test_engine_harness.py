"""The pieces of the cross-engine harness that need no browser: the trap proxy and the recorder."""
from __future__ import annotations

import urllib.error
import urllib.request

import pytest

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
