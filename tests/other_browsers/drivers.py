"""One small driver layer so a browser test is written once and runs in WebKit and Firefox.

    driver = start_driver("webkit" | "firefox", trap)   # one browser start per test module
    driver.goto(url); driver.reload(); driver.run("return document.title")
    driver.wait("return document.body.dataset.ready === '1'", timeout=180)
    driver.click("button[data-testid=start]"); driver.count(css); driver.text(css)
    driver.errors()   # JS errors the page recorded (see error_recorder.py), since the last call
    driver.quit()

- WebKit: Debian's WebKitGTK MiniBrowser through its WebDriver (/usr/bin/WebKitWebDriver) and
  Selenium, under an Xvfb the driver starts itself (MiniBrowser --headless hangs).
- Firefox: Debian's firefox-esr through puppeteer-core over WebDriver BiDi, in Node; the Python
  side talks to tests/other_browsers/firefox_bridge.mjs in JSON lines (no geckodriver is packaged here,
  and Playwright's stock-Firefox mode fails with this Firefox).

Both are told to send every non-loopback request to the OutsideTrap proxy, whose log is the
"no request leaves the origin" check. Scripts are WebDriver-style function bodies (`arguments`,
a returned promise is awaited) so the same text runs in both. Waits poll from Python: Selenium
has no auto-wait, and one polling loop behaves the same in both engines.
"""
from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Callable, List, Optional

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

ENGINES = ("webkit", "firefox")
WEBKIT_DRIVER = os.environ.get("LUDO_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
WEBKIT_BROWSER = os.environ.get("LUDO_WEBKIT_BROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
FIREFOX = os.environ.get("LUDO_FIREFOX", "/usr/bin/firefox-esr")
NODE = shutil.which("node") or "/usr/bin/node"
VIEWPORT = (1024, 768)

# Boot under load on this 2-core machine: WebKit cold boots took 10-120 s (issue #13).
BOOT_TIMEOUT = float(os.environ.get("LUDO_BOOT_TIMEOUT", "180"))
STEP_TIMEOUT = 60.0


class DriverError(AssertionError):
    """A browser step failed; the message says which engine and what."""


def why_not_runnable(engine: str) -> Optional[str]:
    """Why `engine` cannot be driven on this machine (say what to install), or None."""
    need = {
        "webkit": [(WEBKIT_DRIVER, "apt-get install -y webkit2gtk-driver"),
                   (WEBKIT_BROWSER, "apt-get install -y webkit2gtk-driver"),
                   (shutil.which("Xvfb") or "/usr/bin/Xvfb", "apt-get install -y xvfb")],
        "firefox": [(FIREFOX, "apt-get install -y firefox-esr"), (NODE, "apt-get install -y nodejs npm"),
                    (str(ROOT / "node_modules" / "puppeteer-core" / "package.json"), "npm ci")],
    }[engine]
    for path, fix in need:
        if not os.path.exists(path):
            return f"{path} is missing ({fix}, or run `make deps`)"
    if engine == "webkit":
        try:
            import selenium  # noqa: F401
        except ImportError:
            return "Python package selenium is not installed (pip install -r requirements-dev.txt)"
    return None


class Driver:
    """What a cross-engine test may ask of a browser. Subclasses give _run/_goto/_reload/_click."""

    engine = "?"
    version = "?"

    def __init__(self) -> None:
        self._errors: List[str] = []

    # -- what subclasses provide ------------------------------------------------------------
    def _run(self, body: str, args: list) -> Any:
        raise NotImplementedError

    def _goto(self, url: str) -> None:
        raise NotImplementedError

    def _reload(self) -> None:
        raise NotImplementedError

    def _click(self, selector: str) -> None:
        """One native click on the first match; raises if it cannot be done right now."""
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError

    # -- the shared API -----------------------------------------------------------------------
    def run(self, body: str, *args: Any) -> Any:
        try:
            return self._run(body, list(args))
        except DriverError:
            raise
        except Exception as e:  # the engine's own error type
            raise DriverError(f"{self.engine}: script failed: {e}\n--- script:\n{body}") from e

    def goto(self, url: str) -> None:
        self._collect()
        self._goto(url)

    def reload(self) -> None:
        self._collect()
        self._reload()

    def wait(self, condition: str, timeout: float = STEP_TIMEOUT, what: str = "", *args: Any) -> Any:
        """Poll the function body `condition` until it returns something truthy; return that."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            try:
                last = self._run(condition, list(args))
            except Exception as e:  # a page navigating away between two polls
                last = f"<{type(e).__name__}: {str(e)[:200]}>"
            if last and not (isinstance(last, str) and last.startswith("<")):
                return last
            if time.monotonic() > deadline:
                raise DriverError(f"{self.engine}: waited {timeout:.0f} s for {what or condition!r}; last: {last!r}")
            time.sleep(0.1)

    def count(self, selector: str) -> int:
        return int(self.run("return document.querySelectorAll(arguments[0]).length", selector))

    def text(self, selector: str) -> str:
        return self.run("const e = document.querySelector(arguments[0]); return e ? e.innerText : null", selector)

    def wait_for(self, selector: str, timeout: float = STEP_TIMEOUT) -> None:
        self.wait("return document.querySelectorAll(arguments[0]).length > 0", timeout, selector, selector)

    def click(self, selector: str, timeout: float = STEP_TIMEOUT) -> None:
        """Click the first enabled match, waiting for it; a re-render between finding and clicking
        (stale element, element covered while the screen changes) is retried until `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._click(selector)
                return
            except Exception as e:
                if time.monotonic() > deadline:
                    raise DriverError(f"{self.engine}: could not click {selector!r}: {e}\n"
                                      f"{self._what_covers(selector)}") from e
                time.sleep(0.1)

    def _what_covers(self, selector: str) -> str:
        """Which element sits on top of the target's centre, and where the target is: a click
        refused as "intercepted" says nothing about what intercepted it."""
        try:
            return str(self._run(COVER_JS, [selector]))
        except Exception as e:  # the page is going away
            return f"(no diagnosis: {type(e).__name__})"

    def errors(self) -> List[str]:
        """JS errors recorded by the page since the last call (the current page included)."""
        self._collect()
        out, self._errors = self._errors, []
        return out

    def _collect(self) -> None:
        try:
            # emptied in place: the recorder keeps a reference to this very array
            found = self._run("const e = window.__ludoErrors; return e ? e.splice(0, e.length) : [];", [])
        except Exception:  # no page yet, or a page that is going away
            return
        self._errors.extend(found or [])


COVER_JS = """const el = document.querySelector(arguments[0]);
if (!el) { return 'target: none in the page'; }
const r = el.getBoundingClientRect();
const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
const name = (n) => n ? n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (n.className && n.className.baseVal === undefined ? '.' + String(n.className).trim().split(/\\s+/).join('.') : '') : 'nothing';
return `target ${name(el)} at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} in a ${innerWidth}x${innerHeight} viewport (scrollY ${Math.round(scrollY)}); on top at its centre: ${top === el || (top && el.contains(top)) ? 'the target itself' : name(top) + ' "' + (top ? top.textContent.trim().slice(0, 80) : '') + '"'}`;
"""


# ---- WebKit: Selenium + WebKitWebDriver + MiniBrowser under Xvfb ---------------------------------

class _Xvfb:
    """A private X server for MiniBrowser (-displayfd picks a free display number).

    Xvfb writes its display number once it is up; the read has a deadline, and a server
    that missed it is replaced once before the test fails (no start may hang the suite)."""

    START_S = 30

    def __init__(self) -> None:
        for attempt in (1, 2):
            number = self._start()
            if number:
                self.display = f":{number}"
                return
            self.stop()
        raise DriverError(f"Xvfb did not report a display within {self.START_S} s, twice")

    def _start(self) -> str:
        read, write = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                     pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as f:
            ready, _, _ = select.select([f], [], [], self.START_S)
            return f.readline().strip() if ready else ""

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


SESSION_START_S = 90


def _within(seconds: float, make: Callable[[], Any], give_up: Callable[[], None]) -> Any:
    """make() in a thread; if it has not returned after `seconds`, give_up() (which must make
    it return, e.g. by killing the driver process it waits on) and raise DriverError."""
    box: dict = {}

    def run() -> None:
        try:
            box["value"] = make()
        except BaseException as exc:  # handed to the caller's thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        give_up()
        thread.join(15)
        raise DriverError(f"the browser session did not start within {seconds:.0f} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


def _kill(service: Any) -> None:
    proc = getattr(service, "process", None)
    if proc is not None and proc.poll() is None:
        proc.kill()


class WebKitDriver(Driver):
    engine = "webkit"

    def __init__(self, proxy: str) -> None:
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.common.proxy import Proxy
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        options = Options()
        options.binary_location = WEBKIT_BROWSER
        options.add_argument("--automation")
        options.proxy = Proxy({"proxyType": "manual", "httpProxy": proxy, "sslProxy": proxy,
                               "noProxy": ["127.0.0.1", "localhost"]})
        # MiniBrowser sometimes dies as it starts (a segfault in its argument handling, in the
        # kernel log twice here), and WebKitWebDriver then waits for it forever: the suite hung
        # twice, idle. So the session gets a deadline, and one fresh try before the test fails.
        for attempt in (1, 2):
            self._xvfb = _Xvfb()
            service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": self._xvfb.display})
            try:
                self._d = _within(SESSION_START_S, lambda: webdriver.WebKitGTK(options=options, service=service),
                                  lambda: _kill(service))
                break
            except Exception:
                _kill(service)
                self._xvfb.stop()
                if attempt == 2:
                    raise
        self._d.set_script_timeout(STEP_TIMEOUT)
        self._d.set_page_load_timeout(BOOT_TIMEOUT)
        self._d.set_window_size(*VIEWPORT)
        self.version = "WebKitGTK " + str(self._d.capabilities.get("browserVersion", "?"))

    def _run(self, body, args):
        return self._d.execute_script(body, *args)

    def _goto(self, url):
        self._d.get(url)

    def _reload(self):
        self._d.refresh()

    def _click(self, selector):
        from selenium.webdriver.common.by import By

        for el in self._d.find_elements(By.CSS_SELECTOR, selector):
            if el.is_enabled():
                el.click()
                return
        raise LookupError(f"no enabled {selector}")

    def quit(self):
        try:
            self._d.quit()
        finally:
            self._xvfb.stop()


# ---- Firefox: puppeteer-core over BiDi, through firefox_bridge.mjs -------------------------------

class FirefoxDriver(Driver):
    engine = "firefox"

    def __init__(self, proxy: str) -> None:
        super().__init__()
        conf = {"executablePath": FIREFOX, "proxy": proxy, "width": VIEWPORT[0], "height": VIEWPORT[1]}
        self._proc = subprocess.Popen([NODE, str(HERE / "firefox_bridge.mjs"), json.dumps(conf)], cwd=str(ROOT),
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._next = 0
        hello = self._read()
        if not hello.get("ok"):
            raise DriverError(f"firefox did not start: {hello}")
        self.version = "Firefox " + str(hello["value"]).split("/")[-1]

    def _read(self) -> dict:
        line = self._proc.stdout.readline()
        if not line:
            raise DriverError(f"the Firefox bridge stopped (exit {self._proc.poll()})")
        return json.loads(line)

    def _call(self, op: str, **kw) -> Any:
        self._next += 1
        self._proc.stdin.write(json.dumps({"id": self._next, "op": op, **kw}) + "\n")
        self._proc.stdin.flush()
        answer = self._read()
        if not answer.get("ok"):
            raise RuntimeError(answer.get("error"))
        return answer.get("value")

    def _run(self, body, args):
        return self._call("run", body=body, args=args)

    def _goto(self, url):
        self._call("goto", url=url)

    def _reload(self):
        self._call("reload")

    def _click(self, selector):
        # the locator waits for a visible, enabled, steady element and clicks it
        self._call("click", selector=selector + ":not([disabled])", timeout=5_000)

    def quit(self):
        try:
            if self._proc.poll() is None:
                self._call("quit")
            self._proc.wait(timeout=30)
        except Exception:
            self._proc.kill()
            self._proc.wait()


def start_driver(engine: str, proxy: str) -> Driver:
    return {"webkit": WebKitDriver, "firefox": FirefoxDriver}[engine](proxy)
