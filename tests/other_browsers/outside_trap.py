"""OutsideTrap: the HTTP proxy the cross-engine browsers are given, so that any request meant for
another origin lands here, is written in `log` and is refused (502), instead of leaving the machine.

Why a proxy and not the browser's own request events: WebKit's WebDriver gives no network events
at all, and Firefox's BiDi events do not cover the service worker. A proxy sees every request of
every context (page, service worker, workers) whatever the engine, so one check serves all.
Loopback addresses bypass it (the browsers are told so): the site itself is served directly.
`probe()` lets a test prove the trap is really in the path in a given engine.
"""
from __future__ import annotations

import http.server
import sys
import threading
from pathlib import Path
from typing import List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from e2e_harness import _Server  # noqa: E402  (a threaded server quiet about dropped connections)


class _TrapHandler(http.server.BaseHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the trap keeps its own log
        pass

    def _refuse(self) -> None:
        self.server.log.append(f"{self.command} {self.path}")
        self.send_response(502, "Outside the origin (blocked by the test proxy)")
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()

    do_GET = do_POST = do_HEAD = do_PUT = do_OPTIONS = do_DELETE = do_CONNECT = _refuse


class OutsideTrap:
    """A logging, refusing HTTP/HTTPS proxy on 127.0.0.1 (free port)."""

    PROBE_HOST = "outside-probe.invalid"

    def __init__(self) -> None:
        self.log: List[str] = []
        self._httpd: Optional[_Server] = None

    def start(self) -> "OutsideTrap":
        httpd = _Server(("127.0.0.1", 0), _TrapHandler)
        httpd.log = self.log
        self._httpd = httpd
        threading.Thread(target=httpd.serve_forever, name="outside-trap", daemon=True).start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    @property
    def address(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"{host}:{port}"

    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    def outside(self) -> List[str]:
        """Requests that tried to leave, probes excluded."""
        return [line for line in self.log if self.PROBE_HOST not in line]

    def probed(self) -> bool:
        return any(self.PROBE_HOST in line for line in self.log)
