"""The few places Python touches browser APIs, with JS quirks normalised (null, exceptions)."""
from __future__ import annotations

from typing import Any, Callable, List, Optional

from js import Blob, Date, Math, Object, URL, document, window
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js  # noqa: F401 (re-exported)

from ..saves import StorageUnavailable


def nullish(value: Any) -> bool:
    """JS null arrives as JsNull in Pyodide 314 and undefined as None: treat both as absent."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


def js_get(obj: Any, name: str) -> Any:
    try:
        value = getattr(obj, name)
    except AttributeError:
        return None
    return None if nullish(value) else value


class LocalStorageBackend:
    """localStorage behind the SaveStore backend protocol; any refusal becomes StorageUnavailable.

    Reading and writing are probed apart: a full storage still lists and resumes the saves
    (`write_problem` says why writing is refused); only no storage at all raises here."""

    PROBE = "ludotheque/v1/probe"

    def __init__(self) -> None:
        try:
            self.ls = window.localStorage
            if nullish(self.ls):
                raise StorageUnavailable("no localStorage")
            int(self.ls.length)
        except (JsException, AttributeError) as exc:
            raise StorageUnavailable(str(exc)) from exc
        self.write_problem: Optional[StorageUnavailable] = None
        try:
            self.ls.setItem(self.PROBE, "1")
            self.ls.removeItem(self.PROBE)
        except JsException as exc:
            self.write_problem = StorageUnavailable(str(exc))

    def get(self, key: str) -> Optional[str]:
        try:
            value = self.ls.getItem(key)
        except JsException as exc:
            raise StorageUnavailable(str(exc)) from exc
        return None if nullish(value) else str(value)

    def set(self, key: str, value: str) -> None:
        try:
            self.ls.setItem(key, value)
        except JsException as exc:  # QuotaExceededError, SecurityError
            raise StorageUnavailable(str(exc)) from exc

    def remove(self, key: str) -> None:
        try:
            self.ls.removeItem(key)
        except JsException as exc:
            raise StorageUnavailable(str(exc)) from exc

    def keys(self) -> List[str]:
        try:
            return [str(self.ls.key(i)) for i in range(int(self.ls.length))]
        except JsException as exc:
            raise StorageUnavailable(str(exc)) from exc


def open_store():
    """The SaveStore of this page: localStorage (read-only while it is full), or, when the
    browser refuses storage altogether, a memory store with saving off and the reason."""
    from ..saves import MemoryBackend, SaveStore

    try:
        backend = LocalStorageBackend()
    except StorageUnavailable:
        return SaveStore(MemoryBackend(), enabled=False, off_reason="unavailable")
    problem = backend.write_problem
    if problem is None:
        return SaveStore(backend)
    # full, or refused for now: reads work, every later save tries again
    return SaveStore(backend, enabled=False, off_reason="full")


def bring_into_view(node: Any) -> None:
    """Scroll the page just enough (the nearest edge) that `node` is on screen, clear of what is
    fixed at the bottom (its CSS scroll-margin-bottom); the focus stays put."""
    rect = node.getBoundingClientRect()
    clear = float(str(window.getComputedStyle(node).scrollMarginBottom).rstrip("px") or 0)
    if rect.top >= 0 and rect.bottom <= window.innerHeight - clear:
        return
    node.scrollIntoView(to_js({"block": "nearest", "behavior": "auto"}, dict_converter=Object.fromEntries))


def read_pref(key: str) -> Optional[str]:
    try:
        value = window.localStorage.getItem(key)
    except Exception:
        return None
    return None if nullish(value) else str(value)


def now_iso() -> str:
    return str(Date.new().toISOString())


def random_seed() -> int:
    return int(Math.floor(Math.random() * 2 ** 31)) * 2 ** 21 + int(Math.floor(Math.random() * 2 ** 21))


def random_id(prefix: str) -> str:
    return f"{prefix}-{int(Date.now()):x}-{int(Math.floor(Math.random() * 36 ** 4)):x}"


def later(ms: int, fn: Callable[[], None]) -> Any:
    return window.setTimeout(create_once_callable(fn), ms)


def download(filename: str, text: str, mime: str = "application/json") -> None:
    blob = Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=Object.fromEntries))
    url = URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href = url
    a.download = filename
    document.body.appendChild(a)
    a.click()
    a.remove()
    later(1000, lambda: URL.revokeObjectURL(url))


def listen(target: Any, event: str, handler: Callable) -> Any:
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    return proxy
