"""Saves across tabs and through a full disk: the web side of saves.SaveStore's revisions.

- `autosave`: every save goes through SaveStore.save_checked; when another tab changed
  this game meanwhile, our moves go to a copy and the person is told (never dropped).
- `on_storage`: the browser's `storage` event (another tab wrote): the home list is
  redrawn; an open game another tab moved on is reloaded, unless this tab holds moves
  that were never saved (then the next save keeps both).
- while saving is paused because storage is full, a write is tried again every few
  seconds and at every change elsewhere; it comes back on by itself and says so.
"""
from __future__ import annotations

from typing import Any

from ..saves import SAVE_PREFIX
from ..session import Session
from ..ui.notices import say
from . import bridge, guard

RETRY_MS = 3000


def autosave(app: Any) -> None:
    s = app.session
    if s is None:
        return
    store = app.store
    was_off = store.off_reason
    out = store.save_checked(s.save_id, s.record(), " · ".join(x.name for x in s.engine.seats),
                             bridge.now_iso(), s.engine.is_over(), copy_id=bridge.random_id(s.engine.GAME_ID))
    if out.copy_id:
        s.save_id = out.copy_id
        app.set_hash("save=" + s.save_id)
        app.toast = say("copy_kept", app.lang, id=s.save_id)
    elif out.saved and was_off:
        app.toast = say("saving_back", app.lang)
    if not out.saved and store.off_reason == "full":
        schedule_retry(app)


def schedule_retry(app: Any) -> None:
    if getattr(app, "save_retry", None) is not None:
        return
    app.save_retry = bridge.later(RETRY_MS, lambda: guard.run(app, lambda: retry(app)))


def retry(app: Any) -> None:
    """Try one write; if saving is back on, say so on the current screen."""
    app.save_retry = None
    store = app.store
    if store.off_reason != "full":
        return
    if app.session is not None and app.screen == "game":
        autosave(app)
    elif store.probe():
        app.toast = say("saving_back", app.lang) if app.screen == "game" else None
    else:
        schedule_retry(app)
        return
    if store.off_reason is None:
        app.render()
    else:
        schedule_retry(app)


def on_storage(app: Any, event: Any) -> None:
    key = bridge.js_get(event, "key")
    if key is not None and not str(key).startswith(SAVE_PREFIX):
        return
    if app.store.off_reason == "full":
        retry(app)  # the other tab may have freed space
    if app.screen == "home":
        app.render()
        return
    s = app.session
    if s is None or app.screen != "game" or (key is not None and str(key) != app.store.key(s.save_id)):
        return
    entry = app.store.load(s.save_id)
    if entry.record is None and not entry.raw:
        app.store.revs.pop(s.save_id, None)
        app.toast = say("deleted_elsewhere", app.lang)
        app.render()
        return
    if not entry.readable or entry.rev == app.store.revs.get(s.save_id):
        return
    ours = s.record().moves
    if ours != entry.record.moves[:len(ours)] and app.store.off_reason is not None:
        return  # moves of ours never saved: the next save keeps both (a copy)
    app.cancel_bot()
    app.session = Session.from_record(entry.record, s.save_id)
    app.store.seen(entry)
    app.ui = {}
    app.toast = say("reloaded", app.lang, n=len(entry.record.moves))
    app.render()
    app.schedule_bot()
