"""Browser glue for keeping saves: persistent storage, "Exporter toutes les parties", and the
import of a file of saves (the checks are in saves_file.py, pure).

- At boot the page asks `navigator.storage.persisted()`; while it is false, the home page says
  in a small note that the browser may delete the saves (ui/save_transfer.py).
- When this tab first saves a game, it asks `navigator.storage.persist()` once (Chromium
  answers from how much the site is used, Firefox asks the person, Safari keeps the storage
  of a site added to the home screen).
- An imported file goes through the error boundary (web/guard.py): a bad one says why and
  changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from js import document, window

from .. import saves_file
from ..ui import save_transfer as words
from . import bridge


@dataclass
class State:
    protected: Optional[bool] = None  # navigator.storage.persisted(); None until it answers
    asked: bool = False               # persist() asked once by this page


def _storage() -> Any:
    return bridge.js_get(bridge.js_get(window, "navigator"), "storage")


def start(app: Any) -> None:
    """Ask whether the saves are protected from the browser's housekeeping; redraw home."""
    storage = _storage()
    if storage is None or bridge.js_get(storage, "persisted") is None:
        return  # an old browser: no note (we cannot know), export is offered all the same

    def answered(value: Any) -> None:
        app.transfer.protected = bool(value)
        if app.screen == "home":
            redraw_tools(app)

    try:
        storage.persisted().then(bridge.create_once_callable(answered))
    except Exception:  # a refusal is no reason to fail the page
        pass


def after_save(app: Any) -> None:
    """Once a game of this tab is saved, ask the browser to keep the storage (once a page)."""
    state = app.transfer
    if state.asked or state.protected or app.session is None or app.session.save_id not in app.store.revs:
        return
    state.asked = True
    storage = _storage()
    if storage is None or bridge.js_get(storage, "persist") is None:
        return

    def answered(value: Any) -> None:
        state.protected = bool(value)

    try:
        storage.persist().then(bridge.create_once_callable(answered))
    except Exception:
        pass


def redraw_tools(app: Any) -> None:
    """Only the block under the saves list: a whole redraw would wipe a message on the home
    page (a link refused at boot)."""
    node = document.querySelector("#saves .keep-saves")
    if node is not None and not bridge.nullish(node):
        node.outerHTML = tools(app, app.store.list())


def tools(app: Any, entries: Any) -> Any:
    readable = sum(1 for e in entries if e.readable)
    return words.tools(app.lang, readable, app.transfer.protected)


def export_all(app: Any) -> None:
    text, n = saves_file.export_text(app.store, bridge.now_iso())
    filename = f"ludotheque-parties-{bridge.now_iso()[:10]}.json"
    bridge.download(filename, text)
    app.show_toast(words.exported(n, filename, app.lang))


def import_saves(app: Any, text: str) -> None:
    """A file of saves: read and checked whole, then written (nothing overwritten), then the
    home page lists them and says what was done. Raises SavesFileError before any write."""
    saves = saves_file.read(text, app.store)
    todo = saves_file.plan(app.store, saves, bridge.random_id)
    saves_file.apply(app.store, todo)
    if app.screen != "home":
        app.show_home()
    else:
        app.render()
    app.show_toast(words.import_summary(saves_file.summary(todo), app.lang))
