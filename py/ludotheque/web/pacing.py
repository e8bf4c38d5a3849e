"""Moves and bots: a person's move, a seat's (a timed event of a real-time game), the bots'
turns at their pace, and the save after every move.

Functions of the app (web/app.py). A game's screen module may pace or hold the bots
(``bots_paused``, ``bot_delay``) and follow every move (``after_move``): web/app.py's
docstring lists its hooks, :func:`hook` calls them.
"""
from __future__ import annotations

import importlib
from typing import Any, Optional

from js import window

from ..routes import Route
from ..session import Feedback
from . import bridge, guard, save_transfer, tabs
from . import timeline as timeline_web

# A bot's search (Difficile) runs in slices of this many ms between event-loop turns, so taps
# and animations stay smooth; it stops at BOT_MAX_MS whatever its iteration budget (slow device).
BOT_SLICE_MS = 6
BOT_MAX_MS = 1500


def game_ui(game_id: str) -> Any:
    """The game's screen module (ludotheque.ui.<game>)."""
    return importlib.import_module(f"ludotheque.ui.{game_id}")


def hook(app: Any, name: str, *args, default=None):
    """Call the game screen's optional hook `name` (see web/app.py's docstring)."""
    if app.game_id is None:
        return default
    fn = getattr(game_ui(app.game_id), name, None)
    return default if fn is None else fn(*args)


def human_move(app: Any, action: str) -> None:
    if app.session is None or app.screen != "game":
        return
    humans = app.session.human_to_act()
    if not humans:
        return
    seat = app.ui["seat"] if app.ui.get("seat") in humans else humans[0]
    app.next_focus = True
    seat_move(app, seat, action)


def person_move(app: Any, seat: int, action: str) -> None:
    """A move button naming its seat (`data-seat`): games where anyone may act at any time."""
    if app.session is not None and 0 <= seat < len(app.session.engine.seats) \
            and not app.session.engine.seats[seat].is_bot:
        app.next_focus = True
        seat_move(app, seat, action)


def seat_move(app: Any, seat: int, action: str) -> Optional[Feedback]:
    """Any seat's move (a person, a timed event from the game's controller, or SYSTEM_SEAT);
    None in a replay, where nothing is played (a late timer of the game)."""
    if app.screen != "game":
        return None
    fb = app.session.act(seat, action)
    if fb.kind == "move":
        hook(app, "after_move", app.session, app.ui, fb)
        autosave(app)
    app.render()
    schedule_bot(app)
    return fb


def schedule_bot(app: Any) -> None:
    if app.session is None or app.bot_timer is not None or app.screen != "game":
        return
    if app.session.bot_to_act() is None or app.session.engine.is_over():
        return
    if hook(app, "bots_paused", app.session, app.ui, default=False):
        return
    delay = hook(app, "bot_delay", app.session, app.ui, app.bot_delay, default=app.bot_delay)
    app.bot_timer = bridge.later(int(delay), lambda: guard.run(app, lambda: bot_tick(app)))


def bot_tick(app: Any) -> None:
    app.bot_timer = None
    if app.session is None or app.screen != "game":
        return
    if hook(app, "bots_paused", app.session, app.ui, default=False):
        return
    fb = app.session.bot_step(slice_ms=BOT_SLICE_MS, max_ms=BOT_MAX_MS)
    if app.session.thinking:  # a search under way (Difficile): give the page a turn, go on
        app.bot_timer = bridge.later(0, lambda: guard.run(app, lambda: bot_tick(app)))
        return
    if fb is not None:
        hook(app, "after_move", app.session, app.ui, fb)
        autosave(app)
        app.render()
    schedule_bot(app)


def cancel_bot(app: Any) -> None:
    if app.bot_timer is not None:
        window.clearTimeout(app.bot_timer)
        app.bot_timer = None


def autosave(app: Any) -> None:
    s = app.session
    if s is None or app.screen == "replay":  # a replay saves nothing (a link: not until played on)
        return
    if s.save_id == app.unplayed and not s.engine.moves:
        return  # a ?game= link nobody has played yet
    display = hook(app, "save_display", app.ui)  # display state a reload must find (a reveal)
    if display:
        s.meta["display"] = dict(display, ply=len(s.engine.moves))
    else:
        s.meta.pop("display", None)
    tabs.autosave(app)  # revisions across tabs, saving paused when storage is full
    if s.save_id == app.unplayed and s.save_id in app.store.revs:
        app.unplayed = None  # saved at last: its address is now the save's
        timeline_web.go(app, Route("save", s.save_id))
    save_transfer.after_save(app)  # the first save asks the browser to keep the storage
