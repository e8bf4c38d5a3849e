"""The web app's error boundary: everything that comes from outside goes through here.

Links (#record=, #save=), saved entries, imported files, keys and clicks may hold
anything. Whatever they raise, the person reads a sentence in French or English naming
what was wrong (core/boundary.py), the app stays on a usable screen, and nothing
saved is changed: failures happen before any write (a record is replayed whole before
it becomes a game, and only a game is ever saved; a file of saves is checked whole
before its first write, saves_file.py). A link typed or followed on a running page
that fails leaves the screen as it was (`Kept`). The technical detail goes to the
console for whoever reports it.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, Optional

from js import console, window
from pyodide.ffi import JsException

from .. import routes, saves_file
from ..core.boundary import as_ludo_error
from ..core.errors import LudoError, shorten
from ..core.record import MAX_RECORD_BYTES
from ..ui import save_transfer as transfer_words
from ..ui.notices import say
from . import bridge, save_transfer


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


# What a screen is made of: put back as it was when a link opened on a running page fails.
KEPT_FIELDS = ("session", "screen", "game_id", "ui", "banner", "rules_open",
               "setup_seats", "setup_options", "setup_error")


@dataclass
class Kept:
    """The app's screen state taken before a link is opened on a running page."""

    fields: Dict[str, Any]
    timeline: Any

    @classmethod
    def take(cls, app: Any) -> "Kept":
        return cls({name: getattr(app, name) for name in KEPT_FIELDS if hasattr(app, name)},
                   replace(app.timeline))

    def restore(self, app: Any) -> None:
        for name, value in self.fields.items():
            setattr(app, name, value)
        app.timeline = self.timeline


def current_route(app: Any) -> routes.Route:
    """The address of what is on screen (written back over a link that was refused)."""
    rp = app.timeline.replay
    if app.screen == "replay" and rp is not None:
        if rp.source == "record":
            return routes.Route("record", rp.record.to_url_fragment(), rp.ply)
        return routes.Route("save", rp.save_id, rp.ply)
    if app.screen == "game" and app.session is not None:
        return routes.Route("save", app.session.save_id)
    if app.screen == "setup" and app.game_id:
        return routes.Route("setup", app.game_id)
    return routes.Route()


def link_refused(app: Any, exc: BaseException, hash_: str, kept: Kept) -> None:
    """A link opened on a running page (a new #... typed or followed) that cannot be opened.
    From a game, a replay or the set-up form: that screen stays as it was, its address is
    written back, and a message says why; from the home page, the home page says why."""
    kept.restore(app)
    if app.screen == "home":
        url_failed(app, exc, hash_)
        return
    report(exc)
    try:
        window.history.replaceState(None, "", _url(current_route(app).to_hash()))
    except JsException:
        pass
    text = say("link_kept", app.lang, why=shorten(as_ludo_error(exc).message(app.lang), 300))
    try:
        app.render()
        app.show_toast(text)  # beside the screen: a game, a replay or the set-up form alike
        app.schedule_bot()
    except Exception as again:
        report(again)
        app.show_home(error=text)


def _url(hash_: str) -> str:
    return str(window.location.pathname) + str(window.location.search) + ("#" + hash_ if hash_ else "")


def _number(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


def import_file(app: Any, file: Any, use: Optional[Callable[[str], Any]] = None) -> None:
    """An imported file: refused by its size before it is read (a 50 MB file never loads).
    A file of saves (saves_file.py) may be larger than one game, and is imported whole.
    `use`: where one record's text goes instead (the example editor opens it as a draft)."""
    size = int(file.size)
    if size > saves_file.MAX_FILE_BYTES:
        show(app, say("file_failed", app.lang, why=transfer_words.w("too_big", app.lang).format(
            size=_number(size), limit=_number(saves_file.MAX_FILE_BYTES))))
        return

    def read(text: str) -> None:
        if use is None and saves_file.is_saves_file(text):
            save_transfer.import_saves(app, text)
        elif size > MAX_RECORD_BYTES:
            show(app, say("file_failed", app.lang,
                          why=say("file_too_big", app.lang, size=_number(size), limit=_number(MAX_RECORD_BYTES))))
        else:
            (use or app.import_text)(text)

    def loaded(text: Any) -> None:
        run(app, lambda: read(str(text)), "file_failed")

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

