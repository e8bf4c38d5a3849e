"""The test server of the cross-engine tests: the site, with a small error recorder in its pages.

WebKit's WebDriver gives no console and no script-before-load, so the server itself puts this
script first in <head> of every HTML page it serves: it keeps page errors, unhandled promise
rejections, failed script/link loads and console.error calls in window.__ludoErrors, which
drivers.Driver.errors() reads (before each navigation too). The same recorder serves Firefox,
so a JS error fails a test the same way in both engines. The service worker caches the page
as served, so offline reloads carry the recorder too.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from e2e_harness import SiteServer, _Handler  # noqa: E402

RECORDER = """<script>(function () {
  var errs = window.__ludoErrors = [];
  function keep(s) { errs.push(String(s).slice(0, 3000)); }
  window.addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window && t.tagName) { keep("failed to load " + (t.src || t.href || t.tagName)); return; }
    keep("error: " + e.message + " (" + e.filename + ":" + e.lineno + ")" + (e.error && e.error.stack ? "\\n" + e.error.stack : ""));
  }, true);
  window.addEventListener("unhandledrejection", function (e) {
    var r = e.reason;  // Firefox's stack does not repeat the message
    keep("unhandled rejection: " + (r && r.message ? r.name + ": " + r.message + "\\n" + (r.stack || "") : r));
  });
  var original = console.error;
  console.error = function () {
    keep("console.error: " + Array.prototype.map.call(arguments, String).join(" "));
    return original.apply(console, arguments);
  };
})();</script>"""


class RecordingHandler(_Handler):
    """Serves the site; HTML pages get RECORDER right after <head>."""

    def do_GET(self):
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if path.endswith("/"):
            path += "index.html"
        file = Path(self.directory) / path.lstrip("/")
        if not path.endswith(".html") or not file.is_file():
            return super().do_GET()
        self.server.hits.append(self.path)
        html = file.read_text(encoding="utf-8")
        body = html.replace("<head>", "<head>" + RECORDER, 1).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        self.wfile.write(body)


class RecordingSiteServer(SiteServer):
    handler_class = RecordingHandler
