"""The web app's error boundary: everything that comes from outside goes through here.

Links (#record=, #save=), saved entries, imported files, keys and clicks may hold
anything. Whatever they raise, the person reads a sentence in French or English naming
what was wrong (core/boundary.py), the app stays on a usable screen, and nothing
saved is changed: failures happen before any write (a record is replayed whole before
it becomes a game, and only a game is ever saved). The technical detail goes to the
console for whoever reports it.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from js import console

from ..core.boundary import as_ludo_error
from ..core.errors import LudoError, shorten
from ..core.record import MAX_RECORD_BYTES
from ..ui.notices import say
from . import bridge


def report(exc: BaseException) -> None:
    """The detail for diagnostics (never shown whole to the person)."""
    try:
        console.warn(f"ludotheque: {type(exc).__name__}: {str(exc)[:500]}")
    except Exception:  # a console that refuses is no reason to fail
        pass


def message(exc: BaseException, lang: str, where: Optional[str] = None) -> str:
    """`where` is a NOTICES key ("link_failed", "file_failed", ...) framing the reason."""
    err = as_ludo_error(exc)
    why = shorten(err.message(lang), 300)  # an engine may quote a deck's text: never a page of it
    if where is None:
        return why if isinstance(exc, LudoError) else say("action_failed", lang, why=why)
    return say(where, lang, why=why)


def show(app: Any, text: str) -> None:
    """Put `text` on the current screen; if that screen cannot be drawn, on the home page."""
    try:
        if app.screen == "home":
            app.render(error=text)
        else:
            app.toast = text
            app.render()
        return
    except Exception as exc:
        report(exc)
    app.show_home(error=text)


def run(app: Any, fn: Callable[[], Any], where: Optional[str] = None) -> bool:
    """Run one handler of an outside event; any exception becomes a message. True if it went well."""
    try:
        fn()
        return True
    except Exception as exc:  # the boundary
        report(exc)
        show(app, message(exc, app.lang, where))
        return False


def url_failed(app: Any, exc: BaseException, hash_: str) -> None:
    """A link that cannot be opened: the home page (address without the hash) says why,
    so a reload does not fall into the same failure."""
    report(exc)
    where = "save_failed" if hash_.startswith("save=") else "link_failed"
    app.show_home(error=message(exc, app.lang, where))  # also takes the hash out of the address


def import_file(app: Any, file: Any, use: Optional[Callable[[str], Any]] = None) -> None:
    """An imported file: refused by its size before it is read (a 50 MB file never loads);
    its text goes to `use` (default: opened as a game)."""
    size = int(file.size)
    if size > MAX_RECORD_BYTES:
        show(app, say("file_failed", app.lang,
                      why=say("file_too_big", app.lang, size=f"{size:,}".replace(",", "\u202f"),
                              limit=f"{MAX_RECORD_BYTES:,}".replace(",", "\u202f"))))
        return

    def loaded(text: Any) -> None:
        run(app, lambda: (use or app.import_text)(str(text)), "file_failed")

    def failed(err: Any) -> None:
        show(app, say("file_failed", app.lang, why=str(err)[:200]))

    file.text().then(bridge.create_once_callable(loaded), bridge.create_once_callable(failed))


def find_by_attr(root: Any, attr: str, value: str) -> Any:
    """The first element under root whose `attr` equals value, compared as text: a key such
    as `"` or `\\` never becomes part of a CSS selector (that threw "not a valid selector")."""
    if root is None or bridge.nullish(root):
        return None
    nodes = root.querySelectorAll(f"[{attr}]")
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        if str(node.getAttribute(attr)) == value:
            return node
    return None

