"""Where the app is: the start (a link, a save, a set-up shown before Python), the home page,
the set-up form, a game opened (new, from a record, resumed), the language, the address.

Functions of the app (web/app.py): each takes it and changes its screen; drawing is
``app.render()`` (web/rendering.py).
"""
from __future__ import annotations

from typing import Any, Dict, Optional

from js import document, window
from pyodide.ffi import JsException

from ..core.record import Record
from ..games import UnknownGame, available, engine_class
from ..routes import Route
from ..session import Session
from ..ui import screens
from ..ui.i18n import offered, t
from . import a11y, bridge, early, guard, pacing, rendering, save_actions, save_transfer, setup_form
from . import editor as editor_web
from . import timeline as timeline_web

LANG_KEY = "ludotheque/v1/lang"


def chosen_lang(params: Dict[str, str]) -> str:
    """The interface language. build/boot.js (js/boot/language.js) decides it before paint (a
    link's ``?lang=``, else the stored choice) and keeps it as ``ludoBoot.lang``; without it, the
    same order here."""
    boot = bridge.js_get(window, "ludoBoot")
    for code in (bridge.js_get(boot, "lang") if boot is not None else None, params.get("lang"), bridge.read_pref(LANG_KEY)):
        if code is not None and str(code) in offered():
            return str(code)
    return offered()[0]


def start(app: Any) -> None:
    hash_ = str(window.location.hash).lstrip("#")
    pending = bridge.js_get(window, "ludoPending")
    pending_game = str(bridge.js_get(pending, "game")) if pending is not None and bridge.js_get(pending, "game") else None
    try:
        if timeline_web.start(app, hash_):  # #save=, #record= (replay), #setup=; Back stays in the app
            pass
        elif app.params.get("game"):
            quick_start(app, app.params["game"])
        elif pending_game:
            if not early.take_over(app, pending_game):  # the form shown before Python, if any
                open_setup(app, pending_game)
        else:
            show_home(app)
    except Exception as exc:  # the error boundary (web/guard.py): home page, saying why
        guard.url_failed(app, exc, hash_)
    save_transfer.start(app)  # are the saves protected from the browser's housekeeping?
    document.body.dataset.ready = "1"


def show_home(app: Any, error: Optional[str] = None) -> None:
    pacing.cancel_bot(app)
    app.session = None
    app.screen = "home"
    app.rules_open = False
    app.timeline = timeline_web.State(depth=app.timeline.depth)
    set_hash("")
    app.render(error=error)
    focus_home(app)


def focus_home(app: Any) -> None:
    """Back home, the focus goes to the game just left (else the page's heading), never to
    the page body."""
    node = None
    if app.game_id:
        node = document.querySelector(f'button.game-card[data-game="{app.game_id}"]')
    if node is None or bridge.nullish(node):
        node = document.getElementById("home-title")
    a11y.put_focus(node)


def open_setup(app: Any, game_id: str, seats=None, options=None) -> None:
    cls = engine_class(game_id)
    if game_id not in available():
        raise UnknownGame(game_id)
    pacing.cancel_bot(app)
    app.game_id = game_id
    app.setup_seats = seats or screens.default_seats(cls, lang=app.lang)
    app.setup_options = dict(options or {})
    app.setup_error = None
    app.screen = "setup"
    app.session = None
    timeline_web.go(app, Route("setup", game_id))
    app.render()
    a11y.put_focus(app.root.querySelector(".setup-title"))  # not left on the hidden home page


def quick_start(app: Any, game_id: str) -> None:
    """A `?game=` link opens a game but saves nothing until someone plays (three visits
    made three empty saves); its address stays the link until then (a reload: a new game)."""
    cls = engine_class(game_id)
    new_game(app, game_id, screens.default_seats(cls, lang=app.lang), {}, save=False)
    app.unplayed = app.session.save_id


def new_game(app: Any, game_id: str, seats, options, save: bool = True) -> None:
    cls = engine_class(game_id)
    engine = cls(seats, options=options, seed=bridge.random_seed())
    app.game_id = game_id
    app.session = Session(engine, bridge.random_id(game_id))
    app.ui = {}
    app.banner = None
    app.unplayed = None
    enter_game(app, save=save)


def open_record(app: Any, record: Record, shared: bool = False) -> None:
    session = Session.from_record(record, bridge.random_id(record.game))
    app.game_id = record.game
    app.session = session
    app.ui = {}
    app.banner = t("shared_position", app.lang) if shared else None
    enter_game(app, save=not shared)


def resume(app: Any, save_id: str) -> None:
    entry = app.store.load(save_id)
    if not entry.readable:
        raise save_actions.unreadable(entry)
    app.session = Session.from_record(entry.record, save_id)
    app.store.seen(entry)
    app.game_id = entry.game
    app.ui = {}
    app.banner = None
    display = app.session.meta.get("display")
    if display and display.get("ply") == len(app.session.engine.moves):
        pacing.hook(app, "load_display", app.session, app.ui, display)  # e.g. back to a Mind Up! reveal
    enter_game(app, save=False)


def enter_game(app: Any, save: bool = True) -> None:
    app.screen = "game"
    app.rules_open = False
    app.timeline.replay = None
    if save:
        pacing.autosave(app)
    saved = app.session.save_id in app.store.revs  # written or read by this tab
    timeline_web.go(app, Route("save", app.session.save_id) if saved else Route())
    app.render()
    focus_game(app)
    pacing.schedule_bot(app)


def focus_game(app: Any) -> None:
    """A new game takes the focus to what the person does first (its status is said in the
    live region), else to its title, never to the page body."""
    window.scrollTo(0, 0)  # a game opens at its top bar, never scrolled down
    if not a11y.put_focus(a11y.autofocus(app.root)):
        a11y.put_focus(app.root.querySelector(".game-title"))
    app.turn_shown = None
    rendering.bring_turn_into_view(app)  # a person to act at once: their hand, below the bar


def open_draft(app: Any, draft_id: str, ply: Optional[int] = None) -> None:
    """An example being made (``#draft=``): the example editor (web/editor.py)."""
    editor_web.open_saved(app, draft_id, ply)


def switch_lang(app: Any, other: str) -> None:
    """The language menu (game bar, set-up): the shell swaps its static strings and fires
    ``ludo:lang`` (which redraws through on_lang); without the shell, redraw here."""
    if other not in offered() or other == app.lang:
        return
    boot = bridge.js_get(window, "ludoBoot")
    if boot is not None and bridge.js_get(boot, "setLang") is not None:
        boot.setLang(other)
    else:
        app.lang = other
        app.render()


def on_lang(app: Any) -> None:
    """``ludo:lang``: the shell switched language; a set-up form keeps what is typed, and the
    names we proposed follow the language."""
    old, app.lang = app.lang, chosen_lang({})
    if app.screen == "setup" and old != app.lang:
        form = document.getElementById("setup-form")
        if form is not None and not bridge.nullish(form):
            setup_form.keep_form(app, form)  # what is typed stays
        app.setup_seats = screens.relabel_default_names(engine_class(app.game_id), app.setup_seats, old, app.lang)
    app.render()


def set_hash(value: str) -> None:
    url = str(window.location.pathname) + str(window.location.search) + ("#" + value if value else "")
    try:
        window.history.replaceState(None, "", url)
    except JsException:
        pass
