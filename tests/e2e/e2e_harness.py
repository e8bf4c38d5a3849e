"""Helpers of the end-to-end harness (fixtures live in conftest.py).

Tests may import from here: `from e2e_harness import wait_ready, SiteServer, ...`.
"""
from __future__ import annotations

import fcntl
import functools
import hashlib
import http.server
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import List, Optional
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = os.environ.get("LUDO_CHROMIUM", "/usr/bin/chromium")  # Debian package
# The features Playwright (requirements-dev.txt's version) disables in Chromium, as its launch
# passes them; repeated in our own --disable-features below, which replaces Playwright's.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled", "PreconnectToSearch", "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion",
]
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # containers often give /dev/shm only 64 MB: Chromium's shared memory then runs out while a
    # page moves Pyodide's 30 MB heap or snapshot, and the tab dies ("Target crashed")
    "--disable-dev-shm-usage",
    # Each new context opens a window, and each window of this Chromium loaded the address bar's
    # WebUI pop-ups (chrome://omnibox-popup.top-chrome/, two pages) in a renderer of their own:
    # ~0.8 s of CPU per test that no test looks at (a fifth of the suite's CPU, measured on
    # test_mookies_ui.py: 57 s -> 45 s). Chromium keeps only the LAST --disable-features switch,
    # so this one carries Playwright's own list too (test_chromium_flags.py checks that none is lost).
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]),
] + os.environ.get("LUDO_CHROMIUM_EXTRA", "").split()  # e.g. "--enable-logging --log-file=chromium.log" to chase a crash
# How a test page boots (tests/e2e/conftest.py, boot_script, says which tests use which):
# from the shipped snapshot without keeping one on the device, or without any snapshot.
SNAPSHOT_KEEP_OFF = "window.ludoSnapshotKeepOff = true;"
SNAPSHOT_OFF = "window.ludoSnapshotOff = true;"
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
READY_TIMEOUT_MS = 60_000
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

# What a copy of the site needs to be built and served (vendor/ is copied whole).
SITE_SOURCES = ["index.html", "pyscript.toml", "sw.js", "manifest.webmanifest", "py", "css", "js", "assets", "vendor",
                "explain.html", "locale"]


def _load_script(name: str):
    spec = importlib.util.spec_from_file_location(f"ludo_scripts_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


site_build = _load_script("build")
site_vendor = _load_script("vendor")


# ---- sharing the harness ----------------------------------------------------------------------

E2E_FIXTURES = ("browser_type_launch_args", "built_site", "site_server", "make_site", "net_guard", "new_context",
                "open_app")


def e2e_fixtures() -> dict:
    """The fixtures of tests/e2e/conftest.py by name, for another folder's conftest to take in
    with `globals().update(e2e_fixtures())` (pytest finds fixtures among a conftest's names):
    one harness for every folder of browser tests. The conftest is loaded once, under another
    module name."""
    module = sys.modules.get("ludo_e2e_conftest")
    if module is None:
        spec = importlib.util.spec_from_file_location("ludo_e2e_conftest", Path(__file__).with_name("conftest.py"))
        module = importlib.util.module_from_spec(spec)
        sys.modules["ludo_e2e_conftest"] = module
        spec.loader.exec_module(module)
    return {name: getattr(module, name) for name in E2E_FIXTURES}


# ---- building ---------------------------------------------------------------------------------

def build_site(path: Path) -> dict:
    """Build (or rebuild) the site at path with scripts/build.py; returns build/version.json's content.

    Under pytest-xdist every worker asks for the checkout's build when its session starts:
    the build takes a lock (its temporary files have fixed names), and this checkout, once
    built in this test run (PYTEST_XDIST_TESTRUNUID), is not rebuilt under a worker that may
    be serving it already. Copies of the site (make_site) are always built: tests change
    them and build again."""
    path = Path(path).resolve()
    key = hashlib.sha1(str(path).encode()).hexdigest()[:12]
    lock_path = Path(tempfile.gettempdir()) / f"ludo-build-{key}.lock"
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    with open(lock_path, "a+", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            lock.seek(0)
            if (run_id and path == ROOT.resolve() and lock.read().strip() == run_id
                    and (path / "build" / "version.json").is_file()):
                return json.loads((path / "build" / "version.json").read_text(encoding="utf-8"))
            version = site_build.build(path, quiet=True)
            if path == ROOT.resolve():
                version = ship_snapshot(path) or version
            lock.seek(0)
            lock.truncate()
            lock.write(run_id)
            lock.flush()
            return version
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def ship_snapshot(path: Path) -> Optional[dict]:
    """Make the checkout's build-time snapshot when it is missing or older than this build
    (scripts/make_snapshot.py: skipped when up to date, or without Chromium, or with
    LUDO_SNAPSHOT=0); returns build/version.json as it then reads. A first visit in Chromium
    boots from that snapshot, and so do the tests' pages: two to three times less CPU per
    page than a boot without it (README, Tests). Run in its own process: it drives its own
    Chromium, and Playwright's sync API cannot nest in the test process."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_snapshot.py"), "--root", str(path)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"scripts/make_snapshot.py failed:\n{done.stdout}{done.stderr}")
    return json.loads((path / "build" / "version.json").read_text(encoding="utf-8"))


def copy_site(source: Path, dest: Path) -> Path:
    """Copy the site sources at source into dest (which must not exist yet) and build it."""
    dest.mkdir(parents=True, exist_ok=True)
    for rel in SITE_SOURCES:
        src = source / rel
        if src.is_dir():
            shutil.copytree(src, dest / rel, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".staging-*"))
        else:
            shutil.copy2(src, dest / rel)
    build_site(dest)
    return dest


def why_not_runnable() -> Optional[str]:
    """Why the e2e tests cannot run on this machine, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Python package playwright is not installed (pip install -r requirements-dev.txt)"
    if not os.path.exists(CHROMIUM):
        return f"{CHROMIUM} is missing (apt-get install -y chromium, or run `make test`)"
    ok, why = site_vendor.vendor_is_current(site_vendor.load_lock())
    if not ok:
        return f"the browser runtime is not vendored ({why}): run `make vendor`"
    return None


# ---- local HTTP server ------------------------------------------------------------------------

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".toml": "text/plain",
    }

    def log_message(self, format, *args):  # noqa: A002 - keep test output quiet
        pass

    def do_GET(self):
        self.server.hits.append(self.path)
        super().do_GET()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # the browser dropping a connection (page closed, context gone) is normal here
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class SiteServer:
    """A threaded static server on 127.0.0.1 that can stop and start again on the same
    port (a service worker and its caches belong to the origin, port included)."""

    handler_class = None  # a _Handler subclass to serve with (None: _Handler)

    def __init__(self, directory: Path, port: int = 0):
        self.directory = Path(directory)
        self.port = port
        self.hits: List[str] = []  # every GET path served, in order
        self._httpd: Optional[_Server] = None
        self._thread: Optional[threading.Thread] = None

    def start(self) -> "SiteServer":
        if self._httpd is not None:
            return self
        handler = functools.partial(self.handler_class or _Handler, directory=str(self.directory))
        httpd = _Server(("127.0.0.1", self.port), handler)
        httpd.hits = self.hits
        self.port = httpd.server_address[1]
        self._httpd = httpd
        self._thread = threading.Thread(target=httpd.serve_forever, name=f"site-{self.port}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is None:
            return
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)
        self._httpd = None
        self._thread = None

    def restart(self) -> None:
        self.stop()
        self.start()

    @property
    def running(self) -> bool:
        return self._httpd is not None

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "") -> str:
        return f"{self.origin}/{path.lstrip('/')}"

    def __enter__(self) -> "SiteServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


# ---- network guard ----------------------------------------------------------------------------

def is_local_url(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.scheme in ("http", "https", "ws", "wss") and (parts.hostname or "") in LOCAL_HOSTS


class NetGuard:
    """Records the requests of the contexts it watches (pages and service workers)."""

    def __init__(self) -> None:
        self.requests: List[str] = []
        self.external: List[str] = []
        self.http_errors: List[str] = []
        self._allowed_errors: List[str] = []

    def watch(self, context) -> None:
        context.on("request", self._on_request)
        context.on("response", self._on_response)

    def _on_request(self, request) -> None:
        url = request.url
        self.requests.append(url)
        if not is_local_url(url):
            self.external.append(url)

    def _on_response(self, response) -> None:
        if response.status >= 400 and is_local_url(response.url):
            self.http_errors.append(f"{response.status} {response.url}")

    def allow_http_error(self, fragment: str) -> None:
        """Declare an expected local HTTP error (any URL containing fragment)."""
        self._allowed_errors.append(fragment)

    def problems(self) -> List[str]:
        out = [f"external request: {u}" for u in self.external]
        out += [f"HTTP error: {e}" for e in self.http_errors
                if not any(frag in e for frag in self._allowed_errors)]
        return out

    def check(self) -> None:
        problems = self.problems()
        assert not problems, "network guard:\n  " + "\n  ".join(problems)


# ---- page helpers -----------------------------------------------------------------------------

_READY_OR_FAILED = """() => !!document.body && (document.body.dataset.ready === "1"
    || (!!document.getElementById("boot-error") && !document.getElementById("boot-error").hidden))"""


def wait_ready(page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait for <body data-ready="1">; fail at once with the boot error if the page shows one."""
    page.wait_for_function(_READY_OR_FAILED, timeout=timeout)
    if page.evaluate("document.body.dataset.ready") != "1":
        detail = page.evaluate(
            "() => [document.getElementById('boot-error-message').textContent,"
            " document.getElementById('boot-error-detail').textContent].join('\\n')")
        raise AssertionError(f"boot failed:\n{detail}")


def wait_for_service_worker(page, timeout: float = 30_000) -> None:
    """Wait until a service worker controls the page: its install (the precache) is complete.
    The tests' contexts block service workers unless the test is marked `service_worker`."""
    try:
        page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=timeout)
    except Exception as e:
        blocked = page.evaluate("() => window.ludoBoot && window.ludoBoot.serviceWorkerError || ''")
        raise AssertionError(f"no service worker took control ({blocked or e}); is the test marked "
                             "`service_worker` (tests/e2e/conftest.py)?") from e


def cache_names(page) -> List[str]:
    return sorted(page.evaluate("() => caches.keys()"))


def wait_for_caches(page, names: List[str], timeout: float = 30_000) -> None:
    """Wait until the origin's Cache Storage holds exactly these cache names."""
    page.wait_for_function(
        """(want) => {
            caches.keys().then(k => { window.__ludoCacheKeys = k.slice().sort().join(","); });
            return window.__ludoCacheKeys === want.slice().sort().join(",");
        }""",
        arg=names, timeout=timeout, polling=200)
