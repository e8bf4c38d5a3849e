"""The browser app: one state and one event loop for every game, the coordinator of the
modules that do the work.

Screens are HTML text from ludotheque.ui (pure Python); the web package puts them in the
page and turns taps, keys and form submissions into engine moves, by concern:
navigation.py (the start, home, set-up, a game opened, the language, the address),
rendering.py (drawing, focus, live regions), events.py (clicks, changes, keys),
pacing.py (moves, bots' turns, autosave), setup_form.py, save_actions.py (delete, export,
share, import a record), toasts.py; and timeline.py, editor.py, tabs.py, guard.py,
save_transfer.py, sharing.py, early.py, controllers.py for their own features. A game's
screen module (ludotheque.ui.<game>) provides ``render(view, lang, ui)`` and
``status_text(view, lang, ui)``. It may also provide these hooks:

- ``perspective(session, ui) -> seat|None``: whose view to show (pass-and-play privacy);
  the person who moves is ``ui["seat"]`` when that seat may act, else the first human to act;
- ``handle_ui(action, ui, session)``: display-only actions (``data-action="ui/..."``);
- ``after_move(session, ui, feedback)``: after every move applied (e.g. start a reveal);
- ``bots_paused(session, ui) -> bool``: hold the bots (a reveal the people are reading);
- ``bot_delay(session, ui, default_ms) -> ms``: pace of bots (0 for simultaneous choices);
- move buttons may carry ``data-seat="<seat>"``: that person's move even when not listed by
  ``to_act()`` (calls, catches in real-time games);
- after the screen is in the page, a real-time game's browser controller (web/controllers.py)
  attaches its timers and pointer handlers and sends timed events with
  ``app.seat_move(seat, action)`` (``SYSTEM_SEAT`` for a timer closing a window).

``ui`` is a dict of display state owned by the screen module; it is reset per game.
The App's methods below are the entry points the other modules and the game
controllers call; each hands over to the module of its concern.
"""
from __future__ import annotations

from typing import Any, Dict, Optional
from urllib.parse import parse_qs

from js import document, window

from ..core.messages import Msg
from ..core.record import Record
from ..session import Feedback, Session
from ..ui.speech import Speech
from . import bridge, events, guard, navigation, pacing, rendering, save_actions, save_transfer, setup_form, tabs, toasts
from . import timeline as timeline_web


class App:
    def __init__(self) -> None:
        params = parse_qs(str(window.location.search).lstrip("?"))
        self.params = {k: v[-1] for k, v in params.items()}
        self.lang = navigation.chosen_lang(self.params)
        self.embed = self.params.get("embed") == "1"
        try:
            self.bot_delay = max(0, int(self.params.get("botdelay", "700")))
        except ValueError:
            self.bot_delay = 700
        self.store = bridge.open_store()
        self.save_retry = None
        self.session: Optional[Session] = None
        self.screen = "home"
        self.game_id: Optional[str] = None
        self.setup_seats = None
        self.setup_options: Dict[str, Any] = {}
        self.setup_error: Optional[Msg] = None
        self.ui: Dict[str, Any] = {}
        self.rules_open = False
        self.banner: Optional[str] = None
        self.toast: Optional[str] = None  # set, then shown by the next render (web/toasts.py)
        self.toasts_shown = 0  # which toast the hiding timer is for
        self.deleted: Optional[Dict[str, str]] = None  # a save just deleted, kept for "Annuler"
        self.unplayed: Optional[str] = None  # a game opened by a ?game= link: saved at its first move
        self.transfer = save_transfer.State()  # persistent storage, export and import of saves
        self.bot_timer = None
        self.turn_shown: Any = None  # the person's turn whose hand was last brought on screen
        self.timeline = timeline_web.State()  # undo, move log, replay, history (web/timeline.py)
        self.speech = Speech()  # what the live regions said (web/a11y.py)
        self.next_focus = False  # the person just acted: the redraw focuses what they do next
        self.return_focus: list = []  # where the focus was when a dialog opened
        self.home = document.getElementById("home")
        self.root = document.getElementById("app")
        self._proxies = [
            bridge.listen(document, "click", lambda e: events.on_click(self, e)),
            bridge.listen(document, "submit", lambda e: guard.run(self, lambda: self.on_submit(e))),
            bridge.listen(document, "change", lambda e: guard.run(self, lambda: events.on_change(self, e))),
            bridge.listen(document, "keydown", lambda e: guard.run(self, lambda: events.on_key(self, e))),
            bridge.listen(window, "ludo:lang", lambda e: navigation.on_lang(self)),
            bridge.listen(window, "storage", lambda e: guard.run(self, lambda: tabs.on_storage(self, e))),
            # a link opened in a running tab (a new #...) fires popstate too: one path for both
            bridge.listen(window, "popstate", lambda e: timeline_web.on_popstate(self, e)),
        ]

    # -- where the app is (web/navigation.py) -----------------------------------------------------
    def start(self) -> None:
        navigation.start(self)

    def show_home(self, error: Optional[str] = None) -> None:
        navigation.show_home(self, error)

    def open_setup(self, game_id: str, seats=None, options=None) -> None:
        navigation.open_setup(self, game_id, seats, options)

    def open_draft(self, draft_id: str, ply: Optional[int] = None) -> None:
        navigation.open_draft(self, draft_id, ply)

    def new_game(self, game_id: str, seats, options, save: bool = True) -> None:
        navigation.new_game(self, game_id, seats, options, save)

    def open_record(self, record: Record, shared: bool = False) -> None:
        navigation.open_record(self, record, shared)

    def resume(self, save_id: str) -> None:
        navigation.resume(self, save_id)

    def enter_game(self, save: bool = True) -> None:
        navigation.enter_game(self, save)

    def set_hash(self, value: str) -> None:
        navigation.set_hash(value)

    # -- drawing (web/rendering.py, web/toasts.py) ----------------------------------------------
    def render(self, error: Optional[str] = None) -> None:
        rendering.render(self, error)

    def game_ui(self, game_id: str) -> Any:
        return pacing.game_ui(game_id)

    def show_toast(self, text: str) -> None:
        toasts.show(self, text)

    # -- moves and bots (web/pacing.py) ----------------------------------------------------------
    def seat_move(self, seat: int, action: str) -> Optional[Feedback]:
        return pacing.seat_move(self, seat, action)

    def schedule_bot(self) -> None:
        pacing.schedule_bot(self)

    def cancel_bot(self) -> None:
        pacing.cancel_bot(self)

    def autosave(self) -> None:
        pacing.autosave(self)

    # -- events (web/events.py, web/setup_form.py) ------------------------------------------------
    def safely(self, fn) -> None:
        """Show an error instead of losing the app: a bad save or link must never break the page."""
        guard.run(self, fn)

    def dispatch(self, action: str) -> None:
        events.dispatch(self, action)

    def on_submit(self, event) -> None:
        setup_form.on_submit(self, event)

    def form_fields(self, form) -> Dict[str, str]:
        return setup_form.form_fields(form)

    # -- saves and records (web/save_actions.py) --------------------------------------------------
    def export(self, record: Record, save_id: str) -> None:
        save_actions.export(record, save_id)

    def share(self, record: Record) -> None:
        save_actions.share(self, record)

    def import_text(self, text: str) -> None:
        save_actions.import_text(self, text)


APP: Optional[App] = None


def main() -> None:
    global APP
    APP = App()
    APP.start()
