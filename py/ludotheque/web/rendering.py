"""Drawing the app: the home page's saved games, the set-up form, a game (its board, status,
last move, timeline tools, rules panel), with the focus kept where the person was and the
live regions told what happened (web/a11y.py).

Functions of the app (web/app.py); the screens themselves are HTML text from ludotheque.ui.
"""
from __future__ import annotations

from typing import Any, Optional

from js import document, window

from ..games import available, engine_class
from ..ui import screens
from ..ui import timeline as timeline_ui
from ..ui.html import el
from ..ui.setup_screen import setup_screen
from . import a11y, bridge, controllers, save_transfer, toasts
from . import editor as editor_web
from . import timeline as timeline_web
from .pacing import game_ui, hook


def render(app: Any, error: Optional[str] = None) -> None:
    focused = document.activeElement
    parked = bridge.nullish(focused) or focused is None or focused.isSameNode(document.body) \
        or (app.root.contains(focused) and not a11y.is_control(focused))
    chain = a11y.focus_chain(app.root)
    had_dialog = a11y.open_dialog(app.root) is not None
    next_focus, app.next_focus = app.next_focus, False
    document.documentElement.classList.toggle("in-game", app.screen != "home")
    if app.screen == "home":
        render_home(app, error)
        return
    app.home.hidden = True
    app.root.hidden = False
    cls = engine_class(app.game_id)
    view = None
    if app.screen == "replay":
        timeline_web.render(app)
    elif app.screen == "editor":
        editor_web.render(app)
    elif app.screen == "setup":
        html = setup_screen(cls, app.lang, app.setup_seats, app.setup_options, app.setup_error, app.embed)
        if app.rules_open:
            html += screens.rules_panel(cls, app.lang, app.setup_options)
        app.root.innerHTML = html
    else:
        view = render_game(app, cls)
    a11y.setup_roving(app.root)
    has_dialog = a11y.open_dialog(app.root) is not None
    if has_dialog and not had_dialog:
        app.return_focus = chain
    elif had_dialog and not has_dialog:
        chain = chain + app.return_focus
    in_page = not bridge.nullish(document.activeElement) and app.root.contains(document.activeElement)
    if app.screen != "setup" or chain or in_page:
        a11y.restore(app.root, chain, parked and app.screen == "game",
                     next_focus or (parked and app.screen == "game"))
    if app.screen == "game":
        controllers.attach(app, view)
        bring_turn_into_view(app)


def render_home(app: Any, error: Optional[str]) -> None:
    """The home page's saved games (the rest of the page is static HTML), `error` above them."""
    app.home.hidden = False
    app.root.hidden = True
    app.root.innerHTML = ""
    names = {gid: engine_class(gid).describe()["name"] for gid in available()}
    saves = document.getElementById("saves")
    entries = app.store.list()
    html = screens.saves_list(entries, app.lang, names, app.store.enabled,
                              app.store.off_message(app.lang),
                              now=bridge.now_iso(), offset_minutes=-int(window.Date.new().getTimezoneOffset()),
                              deleted=app.deleted, tools=save_transfer.tools(app, entries))
    if error:
        html = el("p", {"class": "notice error", "role": "alert"}, error) + html
    if saves is not None and not bridge.nullish(saves):
        kept = a11y.focus_chain(saves)
        saves.innerHTML = html + editor_web.home(app, names)  # examples being made
        if kept:  # a saved game's button went (deleted, brought back): "Annuler", else the list's heading
            a11y.restore(saves, kept, False, False, fallback=("[data-testid=undo-delete]", "h2"))


def render_game(app: Any, cls: Any) -> Any:
    """The game on screen, from the eyes of whoever the screen module says; its view."""
    gui = game_ui(app.game_id)
    session = app.session
    seat = gui.perspective(session, app.ui) if hasattr(gui, "perspective") else perspective(app)
    view = session.engine.view(seat)
    status = gui.status_text(view, app.lang, app.ui)
    last = session.log[-1] if session.log else None
    if last is not None and last.kind == "error":
        status = last.text(app.lang)
    board = gui.render(view, app.lang, app.ui)
    if last is not None and last.kind in ("move", "info") and not view["over"]:
        board = el("p", {"class": "last-move", "data-testid": "last-move"}, last.text(app.lang)) + board
    tools, log_panel = timeline_web.tools(app, seat)
    if view["over"]:
        board += timeline_ui.end_actions(app.lang)
    if log_panel:
        board = log_panel + board
    html = screens.game_frame(cls, app.lang, status, board, app.store.enabled, app.embed, app.banner, tools,
                              app.store.off_message(app.lang))
    toasts.show_pending(app)
    if app.rules_open:
        html += screens.rules_panel(cls, app.lang, session.engine.options, timeline_ui.policy_section(app.lang))
    app.root.innerHTML = html
    if last is not None and last.kind == "error":
        app.root.querySelector(".status").classList.add("error")
    speak(app, view, seat, status)
    return view


def speak(app: Any, view, seat, status: str) -> None:
    """Say in the live regions what happened since the last redraw (ui/speech.py)."""
    session = app.session
    lines = hook(app, "live_lines", view, app.lang, app.ui, default=()) or ()
    say_status = bool(session.human_to_act()) or bool(view["over"]) or bool(hook(app, "speaks_status", app.ui))
    people = [i for i, s in enumerate(session.engine.seats) if not s.is_bot]
    reader = people[0] if len(people) == 1 else seat  # one person: their own words, even in a public view
    if hook(app, "speaks_publicly", default=False):
        reader = None  # the game's public words name what everyone sees as it happens
    polite, urgent = app.speech.lines(session, reader, app.lang, status, say_status, lines)
    a11y.say(urgent, urgent=True)
    a11y.say(polite)


def bring_turn_into_view(app: Any) -> None:
    """On a person's turn, what they must use (the screen marks it ``data-turn-area``: their
    hand, the piles) comes on screen once, on a phone or in portrait where it may sit below
    the fold; a person scrolling away afterwards is left alone, and the focus never moves."""
    humans = app.session.human_to_act() if app.session is not None else []
    if not humans:
        app.turn_shown = None
        return
    area = app.root.querySelector("[data-turn-area]")
    if area is None or bridge.nullish(area):
        return
    # once per turn and per step of it (a MasterIslands card chosen: the lit spaces)
    key = (app.session.save_id, len(app.session.engine.moves), tuple(humans), str(area.getAttribute("data-turn-area")))
    if key == app.turn_shown:
        return
    app.turn_shown = key
    bridge.bring_into_view(area)


def perspective(app: Any) -> Optional[int]:
    humans = app.session.human_to_act()
    if humans:
        return humans[0]
    seats = [i for i, s in enumerate(app.session.engine.seats) if not s.is_bot]
    return seats[0] if seats else None
