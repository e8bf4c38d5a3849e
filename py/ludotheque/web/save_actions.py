"""What the app does with saved games and records: delete a save (and bring it back for a few
seconds), export one, share a game's link, open an imported record.

Functions of the app (web/app.py); exporting or importing every save at once is
web/save_transfer.py, saves across tabs web/tabs.py.
"""
from __future__ import annotations

from typing import Any

from js import window

from ..core.record import Record, RecordError
from ..session import Session
from ..ui.i18n import t
from . import bridge, sharing

UNDO_MS = 8000  # how long a deleted save can be brought back ("Annuler")


def unreadable(entry: Any) -> RecordError:
    """The error of a save that cannot be read: its problem, a message."""
    return RecordError(entry.problem)


def delete_save(app: Any, save_id: str) -> None:
    """Delete at once, but keep the saved text for UNDO_MS so "Annuler" can put it back."""
    store = app.store
    entry = store.load(save_id)
    raw = store.backend.get(store.key(save_id))
    store.delete(save_id)
    store.probe()  # room freed: saving may come back on
    title = entry.title if entry.readable else save_id
    app.deleted = {"id": save_id, "raw": raw, "title": title} if raw is not None else None
    bridge.later(UNDO_MS, lambda sid=save_id: forget_deleted(app, sid))
    app.render()


def forget_deleted(app: Any, save_id: str) -> None:
    if app.deleted and app.deleted["id"] == save_id:
        app.deleted = None
        if app.screen == "home":
            app.render()


def undo_delete(app: Any) -> None:
    gone = app.deleted
    if gone:
        app.store.backend.set(app.store.key(gone["id"]), gone["raw"])
        app.deleted = None
    app.render()


def export_save(app: Any, save_id: str) -> None:
    """A saved game's file: asks first whether to replace the names (web/sharing.py); an
    unreadable one is exported as stored, for whoever can mend it."""
    entry = app.store.load(save_id)
    if entry.readable:
        sharing.ask(app, "file", save_id=save_id)
    elif entry.raw:
        bridge.download(f"{save_id}.json", entry.raw)


def export(record: Record, save_id: str) -> None:
    bridge.download(f"{save_id}.json", record.to_json())


def share(app: Any, record: Record) -> None:
    """The game's link to the clipboard; the link itself in the toast when the clipboard refuses."""
    fragment = record.to_url_fragment()
    url = str(window.location.origin) + str(window.location.pathname) + "#record=" + fragment
    try:
        window.navigator.clipboard.writeText(url)
        app.toast = t("link_copied", app.lang)
    except Exception:
        app.toast = url
    app.render()


def import_text(app: Any, text: str) -> None:
    """One imported record: the same game already saved opens, else a new save."""
    record = Record.from_json(text)
    same = next((e for e in app.store.list() if e.readable and e.record.to_json() == record.to_json()), None)
    if same is not None:  # the same game again: open the saved one, no identical twin
        app.resume(same.id)
        app.banner = t("already_saved", app.lang)
        app.render()
        return
    app.session = Session.from_record(record, bridge.random_id(record.game))
    app.game_id = record.game
    app.ui = {}
    app.banner = t("imported", app.lang)
    app.enter_game(save=True)
