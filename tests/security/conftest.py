"""Fixtures of the security tests: the e2e harness (tests/e2e/conftest.py: the site in
Debian's Chromium, site_server, net_guard, new_context...) plus a second origin.

  attacker      a second local origin (another port of 127.0.0.1) serving a folder of
                hostile files with Access-Control-Allow-Origin: *, and recording every
                request that reaches it (attacker.hits, attacker.posts).

The e2e conftest's fixtures are taken in (e2e_harness.e2e_fixtures), so both folders share
one harness; tests here are marked e2e and skipped the same way.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
E2E = HERE.parent / "e2e"
if str(E2E) not in sys.path:
    sys.path.insert(0, str(E2E))

from e2e_harness import IN_CI, SiteServer, _Handler, e2e_fixtures, why_not_runnable  # noqa: E402

globals().update(e2e_fixtures())  # site_server, net_guard, new_context, open_app...


def pytest_collection_modifyitems(config, items):
    mine = [item for item in items if HERE in Path(str(item.fspath)).resolve().parents]
    for item in mine:
        item.add_marker(pytest.mark.e2e)
    why = why_not_runnable() if mine else None
    if why is None or IN_CI:
        return
    skip = pytest.mark.skip(reason=f"security e2e skipped: {why}")
    for item in mine:
        item.add_marker(skip)


class _CorsHandler(_Handler):
    """Serves with Access-Control-Allow-Origin: * (what an author's host would send), and
    records POSTs too (a leak would be one)."""

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self):
        if self.path.startswith("/stream/"):  # N MB of a frames file, sent without Content-Length
            self.server.hits.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            try:
                self.wfile.write(b'{"format": "ludotheque-frames", "pad": "')
                chunk = b"x" * (1 << 16)
                for _ in range(int(self.path.split("/")[2]) * 16):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the viewer stopped reading: what it should do
            return
        super().do_GET()

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        self.server.hits.append(self.path)
        self.server.posts.append(self.rfile.read(length).decode("utf-8", "replace"))
        self.send_response(204)
        self.end_headers()

    def do_OPTIONS(self):
        self.server.hits.append(self.path)
        self.send_response(204)
        self.send_header("Access-Control-Allow-Methods", "GET, POST")
        self.send_header("Access-Control-Allow-Headers", "*")
        self.end_headers()


class AttackerServer(SiteServer):
    handler_class = _CorsHandler

    def __init__(self, directory: Path):
        super().__init__(directory)
        self.posts = []

    def start(self) -> "AttackerServer":
        super().start()
        self._httpd.posts = self.posts
        return self

    def write(self, name: str, text: str) -> str:
        """Put a file on the attacker's site; its URL."""
        path = self.directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return self.url(name)

    def beyond(self, *allowed: str):
        """Requests that reached this origin, except GETs of the named files (and the
        browser's own favicon request of a page served from here)."""
        return [h for h in self.hits if h.split("?")[0].lstrip("/") not in allowed + ("favicon.ico",)]


@pytest.fixture
def attacker(tmp_path):
    (tmp_path / "attacker").mkdir()
    server = AttackerServer(tmp_path / "attacker").start()
    yield server
    server.stop()
