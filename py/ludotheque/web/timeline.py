"""Browser glue of the timeline: undo, the move log, the replay screen, play on from a ply,
and the History API (Back from a game or a replay goes to the app's home, Forward returns).

Kept out of app.py so that the app only calls a few entry points (``handle``, ``on_key``,
``on_change``, ``render``, ``open_route``). History holds at most two entries of ours: the
home page and, above it, the game / replay / set-up opened from it; moving between those
replaces the top entry, so Back always lands on the home page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from js import window
from pyodide.ffi import JsException

from .. import routes
from ..core.record import Record, RecordError
from ..core.timeline import log_reader, prefix
from ..games import engine_class
from ..session import Session
from ..ui import screens
from ..ui import timeline as tl
from ..ui.i18n import t
from . import bridge, guard


@dataclass
class State:
    log_open: bool = False
    replay: Optional[tl.Replay] = None
    depth: int = 0  # 1 when an entry of ours (game, replay, set-up) sits above the home page


# -- addresses and history ---------------------------------------------------------------------

def _url(hash_: str) -> str:
    return str(window.location.pathname) + str(window.location.search) + ("#" + hash_ if hash_ else "")


def go(app, route: routes.Route) -> None:
    """Show `route` in the address bar: a new entry above home when leaving the home page,
    else the same entry replaced (a reload comes back to what is on screen)."""
    state = app.timeline
    try:
        if route.kind != "home" and state.depth == 0:
            window.history.pushState(None, "", _url(route.to_hash()))
            state.depth = 1
        else:
            window.history.replaceState(None, "", _url(route.to_hash()))
    except JsException:
        pass


def go_home(app) -> None:
    """The home button: Back when our entry sits above home (so Forward returns), else home."""
    if app.timeline.depth:
        window.history.back()  # popstate draws the home page
    else:
        app.show_home()


def start(app, hash_: str) -> bool:
    """At boot: an address of ours gets the home page under it, so Back stays in the app."""
    route = routes.parse(hash_)
    if route.kind == "home":
        return False
    try:
        window.history.replaceState(None, "", _url(""))
        window.history.pushState(None, "", _url(route.to_hash()))
        app.timeline.depth = 1
    except JsException:
        pass
    open_route(app, route)
    return True


def on_popstate(app, event) -> None:
    """Back/Forward, and a link opened in a tab that already runs the app (a new #...):
    a link that cannot be opened goes through the boundary: the game or replay on screen
    stays as it was, with a message (from the home page: the home page, saying why)."""
    hash_ = str(window.location.hash).lstrip("#")
    kept = guard.Kept.take(app)  # a link that fails changes nothing: the game on screen stays
    try:
        route = routes.parse(hash_)
        app.timeline.depth = 0 if route.kind == "home" else 1
        open_route(app, route, from_history=True)
    except Exception as exc:  # the boundary (web/guard.py)
        guard.link_refused(app, exc, hash_, kept)


def open_route(app, route: routes.Route, from_history: bool = False) -> None:
    if route.kind == "home":
        app.show_home()
    elif route.kind == "record":
        record = Record.from_url_fragment(route.value)
        open_replay(app, record, route.ply, "record", session=Session.from_record(record, bridge.random_id(record.game)))
    elif route.kind == "setup":
        app.open_setup(route.value)
    elif route.kind == "draft":
        app.open_draft(route.value, route.ply)  # an example being made (web/editor.py)
    elif route.ply is not None:
        entry = app.store.load(route.value)
        if not entry.readable:
            raise RecordError(entry.problem)
        open_replay(app, entry.record, route.ply, "save", save_id=route.value)
    else:
        app.resume(route.value)  # an unknown or unreadable save raises: the boundary says why


# -- replay --------------------------------------------------------------------------------------

def open_replay(app, record: Record, ply: Optional[int], source: str, save_id: Optional[str] = None,
                session: Optional[Session] = None) -> None:
    """Freeze the app on a record at `ply` (the last by default): no move, no bot."""
    app.cancel_bot()
    app.game_id = record.game
    app.session = session or Session.from_record(record, save_id or bridge.random_id(record.game))
    app.timeline.replay = tl.Replay.open(record, ply, source, save_id,
                                         logged=(app.session.engine, list(app.session.history)))
    app.timeline.log_open = False
    app.rules_open = False
    app.screen = "replay"
    app.banner = None
    show_ply(app)


def show_ply(app) -> None:
    rp = app.timeline.replay
    kind = "record" if rp.source == "record" else "save"
    value = rp.record.to_url_fragment() if kind == "record" else rp.save_id
    go(app, routes.Route(kind, value, rp.ply))
    app.render()


def render(app) -> None:
    """The replay screen: the game frame, the timeline bar, the board at the ply (inert)."""
    rp = app.timeline.replay
    cls = engine_class(app.game_id)
    body, status = tl.replay_screen(rp, app.game_ui(app.game_id), app.lang)
    if app.timeline.log_open:
        body += tl.move_log(rp.entries, rp.log_reader(), app.lang, upto=rp.ply)
    html = screens.game_frame(cls, app.lang, status, body, app.store.enabled, app.embed, None)
    if app.rules_open:
        html += screens.rules_panel(cls, app.lang, rp.record.options, tl.policy_section(app.lang))
    app.root.innerHTML = html
    app.root.querySelector(".game").classList.add("replaying")


def branch(app) -> None:
    """Play on from the replay's ply: a new saved game, same seats and options; the original
    save is untouched."""
    rp = app.timeline.replay
    meta = {k: v for k, v in rp.record.meta.items() if k != "display"}
    meta["branched"] = {"ply": rp.ply}  # the saves list says so (docs/records.md)
    notes = meta.get("annotations")
    if isinstance(notes, dict):  # the notes up to here stay with the game; later ones were about moves not played
        meta["annotations"] = {k: v for k, v in notes.items() if str(k).isdigit() and int(k) <= rp.ply}
    record = prefix(rp.record, rp.ply, meta)
    app.session = Session.from_record(record, bridge.random_id(record.game))
    app.timeline.replay = None
    app.ui = {}
    app.banner = t("shared_position", app.lang) if rp.source == "record" else None
    app.enter_game(save=True)


def leave_replay(app) -> None:
    rp = app.timeline.replay
    app.timeline.replay = None
    if rp.source == "save" and app.store.load(rp.save_id).readable:
        app.resume(rp.save_id)
    else:
        app.show_home()


# -- events ---------------------------------------------------------------------------------------

def handle(app, verb: str, rest: str) -> bool:
    """The timeline's data-actions; False when `verb` is not one of them."""
    if verb == "undo":
        undo(app)
    elif verb == "log":
        app.timeline.log_open = not app.timeline.log_open
        app.render()
    elif verb == "replay":
        if rest:
            entry = app.store.load(rest)
            if not entry.readable:
                raise RecordError(entry.problem)
            open_replay(app, entry.record, None, "save", save_id=rest)
        else:
            replay_session(app, None)
    elif verb == "tl-at":  # a line of the move log: the replay at the position after that move
        if app.timeline.replay is not None:
            app.timeline.replay.go(int(rest))
            show_ply(app)
        elif app.session is not None:
            replay_session(app, int(rest))
    elif verb == "branch" and app.timeline.replay is not None:
        branch(app)
    elif verb == "tl" and app.timeline.replay is not None:
        if rest == "exit":
            leave_replay(app)
        else:
            app.timeline.replay.step(rest)
            show_ply(app)
    else:
        return False
    return True


def replay_session(app, ply: Optional[int]) -> None:
    """The game being played, watched again from `ply` (the last by default); it waits, saved,
    for "Retour à la partie"."""
    s = app.session
    saved = app.store.enabled and app.store.load(s.save_id).readable
    open_replay(app, s.record(), ply, "save" if saved else "record", save_id=s.save_id, session=s)


def undo(app) -> None:
    s = app.session
    if s is None or app.screen != "game":
        return
    fb = s.undo()
    if fb.kind == "info":
        app.cancel_bot()
        app.ui = {}
        app.autosave()
    app.render()
    app.schedule_bot()


def on_key(app, event) -> bool:
    """Ctrl+Z / Cmd+Z in a game; ←/→/Home/End in a replay, Escape leaves it (after closing the
    rules panel, if open). True when the key was used."""
    key = str(event.key)
    if app.screen == "game" and (event.ctrlKey or event.metaKey) and key.lower() == "z" and not event.shiftKey:
        event.preventDefault()
        app.safely(lambda: undo(app))
        return True
    if app.screen != "replay" or event.ctrlKey or event.metaKey or event.altKey:
        return False
    if key == "Escape":
        event.preventDefault()
        if app.rules_open:
            app.rules_open = False
            app.render()
        else:
            app.safely(lambda: leave_replay(app))
        return True
    verb = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}.get(key)
    tag = str(event.target.tagName) if hasattr(event.target, "tagName") else ""
    if verb is None or (tag == "INPUT" and str(event.target.type) != "range"):
        return False
    event.preventDefault()
    app.timeline.replay.step(verb)
    show_ply(app)
    focus = app.root.querySelector('[data-testid="tl-slider"]')
    if focus is not None and not bridge.nullish(focus):
        focus.focus()
    return True


def on_change(app, kind: str, target: Any) -> bool:
    rp = app.timeline.replay
    if rp is None or kind not in ("tl-slider", "tl-all"):
        return False
    if kind == "tl-slider":
        rp.go(int(str(target.value)))
        show_ply(app)
    else:
        rp.all_cards = bool(target.checked)
        app.render()
    return True


def tools(app, seat: Optional[int]) -> Any:
    """The game bar's undo / log / replay buttons and, when open, the move log panel."""
    s = app.session
    bar = tl.game_tools(s.undo_check(), app.lang, app.timeline.log_open)
    panel = tl.move_log(s.history, log_reader(s.engine, seat), app.lang) if app.timeline.log_open else None
    return bar, panel


def over_actions(app) -> Any:
    return tl.end_actions(app.lang)

