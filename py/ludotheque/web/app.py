"""The browser app: routing, set-up, saves, bots' pacing, and one event loop for every game.

Screens are HTML text from ludotheque.ui (pure Python); this module puts them in
the page and turns taps, keys and form submissions into engine moves. A game's
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
"""
from __future__ import annotations

import importlib
from typing import Any, Dict, Optional
from urllib.parse import parse_qs

from js import document, window
from pyodide.ffi import JsException

from ..core.errors import BadSetup
from ..core.record import Record, RecordError
from ..games import UnknownGame, available, engine_class
from ..session import Feedback, Session
from ..routes import Route
from ..ui import screens
from ..ui import timeline as timeline_ui
from ..ui.html import el
from ..ui.i18n import offered, t
from ..ui.setup_screen import setup_screen
from ..ui.speech import Speech
from . import a11y, bridge, controllers, early, guard, save_transfer, sharing, tabs
from . import editor as editor_web
from . import timeline as timeline_web

LANG_KEY = "ludotheque/v1/lang"
# A bot's search (Difficile) runs in slices of this many ms between event-loop turns, so taps
# and animations stay smooth; it stops at BOT_MAX_MS whatever its iteration budget (slow device).
BOT_SLICE_MS = 6
# A toast stays this long, longer for a long text (a link to copy by hand when the clipboard
# is refused), whatever the screen redraws meanwhile.
TOAST_MIN_MS = 4000
TOAST_MS_PER_CHAR = 60
BOT_MAX_MS = 1500


def chosen_lang(params: Dict[str, str]) -> str:
    """The interface language. js/boot.js decides it before paint (a link's ``?lang=``, else the
    stored choice) and keeps it as ``ludoBoot.lang``; without boot.js, the same order here."""
    boot = bridge.js_get(window, "ludoBoot")
    for code in (bridge.js_get(boot, "lang") if boot is not None else None, params.get("lang"), bridge.read_pref(LANG_KEY)):
        if code is not None and str(code) in offered():
            return str(code)
    return offered()[0]


class App:
    def __init__(self) -> None:
        params = parse_qs(str(window.location.search).lstrip("?"))
        self.params = {k: v[-1] for k, v in params.items()}
        self.lang = chosen_lang(self.params)
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
        self.toast: Optional[str] = None  # set, then shown by the next render (show_toast)
        self._toast_shown = 0  # which toast the hiding timer is for
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
            bridge.listen(document, "click", self.on_click),
            bridge.listen(document, "submit", lambda e: guard.run(self, lambda: self.on_submit(e))),
            bridge.listen(document, "change", lambda e: guard.run(self, lambda: self.on_change(e))),
            bridge.listen(document, "keydown", lambda e: guard.run(self, lambda: self.on_key(e))),
            bridge.listen(window, "ludo:lang", self.on_lang),
            bridge.listen(window, "storage", lambda e: guard.run(self, lambda: tabs.on_storage(self, e))),
            # a link opened in a running tab (a new #...) fires popstate too: one path for both
            bridge.listen(window, "popstate", lambda e: timeline_web.on_popstate(self, e)),
        ]

    # -- start ---------------------------------------------------------------------
    def start(self) -> None:
        hash_ = str(window.location.hash).lstrip("#")
        pending = bridge.js_get(window, "ludoPending")
        pending_game = str(bridge.js_get(pending, "game")) if pending is not None and bridge.js_get(pending, "game") else None
        try:
            if timeline_web.start(self, hash_):  # #save=, #record= (replay), #setup=; Back stays in the app
                pass
            elif self.params.get("game"):
                self.quick_start(self.params["game"])
            elif pending_game:
                if not early.take_over(self, pending_game):  # the form shown before Python, if any
                    self.open_setup(pending_game)
            else:
                self.show_home()
        except Exception as exc:  # the error boundary (web/guard.py): home page, saying why
            guard.url_failed(self, exc, hash_)
        save_transfer.start(self)  # are the saves protected from the browser's housekeeping?
        document.body.dataset.ready = "1"

    # -- screens -----------------------------------------------------------------------
    def show_home(self, error: Optional[str] = None) -> None:
        self.cancel_bot()
        self.session = None
        self.screen = "home"
        self.rules_open = False
        self.timeline = timeline_web.State(depth=self.timeline.depth)
        self.set_hash("")
        self.render(error=error)
        self.focus_home()

    def focus_home(self) -> None:
        """Back home, the focus goes to the game just left (else the page's heading), never to
        the page body."""
        node = None
        if self.game_id:
            node = document.querySelector(f'button.game-card[data-game="{self.game_id}"]')
        if node is None or bridge.nullish(node):
            node = document.getElementById("home-title")
        a11y.put_focus(node)

    def open_setup(self, game_id: str, seats=None, options=None) -> None:
        cls = engine_class(game_id)
        if game_id not in available():
            raise UnknownGame(game_id)
        self.cancel_bot()
        self.game_id = game_id
        self.setup_seats = seats or screens.default_seats(cls, lang=self.lang)
        self.setup_options = dict(options or {})
        self.setup_error = None
        self.screen = "setup"
        self.session = None
        timeline_web.go(self, Route("setup", game_id))
        self.render()
        a11y.put_focus(self.root.querySelector(".setup-title"))  # not left on the hidden home page

    def open_draft(self, draft_id: str, ply: Optional[int] = None) -> None:
        """An example being made (``#draft=``): the example editor (web/editor.py)."""
        editor_web.open_saved(self, draft_id, ply)

    def quick_start(self, game_id: str) -> None:
        """A `?game=` link opens a game but saves nothing until someone plays (three visits
        made three empty saves); its address stays the link until then (a reload: a new game)."""
        cls = engine_class(game_id)
        self.new_game(game_id, screens.default_seats(cls, lang=self.lang), {}, save=False)
        self.unplayed = self.session.save_id

    def new_game(self, game_id: str, seats, options, save: bool = True) -> None:
        cls = engine_class(game_id)
        engine = cls(seats, options=options, seed=bridge.random_seed())
        self.game_id = game_id
        self.session = Session(engine, bridge.random_id(game_id))
        self.ui = {}
        self.banner = None
        self.unplayed = None
        self.enter_game(save=save)

    def open_record(self, record: Record, shared: bool = False) -> None:
        session = Session.from_record(record, bridge.random_id(record.game))
        self.game_id = record.game
        self.session = session
        self.ui = {}
        self.banner = t("shared_position", self.lang) if shared else None
        self.enter_game(save=not shared)

    def resume(self, save_id: str) -> None:
        entry = self.store.load(save_id)
        if not entry.readable:
            raise RecordError(entry.problem["fr"], entry.problem["en"])
        self.session = Session.from_record(entry.record, save_id)
        self.store.seen(entry)
        self.game_id = entry.game
        self.ui = {}
        self.banner = None
        display = self.session.meta.get("display")
        if display and display.get("ply") == len(self.session.engine.moves):
            self.hook("load_display", self.session, self.ui, display)  # e.g. back to a Mind Up! reveal
        self.enter_game(save=False)

    def enter_game(self, save: bool = True) -> None:
        self.screen = "game"
        self.rules_open = False
        self.timeline.replay = None
        if save:
            self.autosave()
        saved = self.session.save_id in self.store.revs  # written or read by this tab
        timeline_web.go(self, Route("save", self.session.save_id) if saved else Route())
        self.render()
        self.focus_game()
        self.schedule_bot()

    def focus_game(self) -> None:
        """A new game takes the focus to what the person does first (its status is said in the
        live region), else to its title, never to the page body."""
        window.scrollTo(0, 0)  # a game opens at its top bar, never scrolled down
        if not a11y.put_focus(a11y.autofocus(self.root)):
            a11y.put_focus(self.root.querySelector(".game-title"))
        self.turn_shown = None
        self.bring_turn_into_view()  # a person to act at once: their hand, below the bar

    def switch_lang(self, other: str) -> None:
        """The language menu (game bar, set-up): the shell swaps its static strings and fires
        ``ludo:lang`` (which redraws through on_lang); without the shell, redraw here."""
        if other not in offered() or other == self.lang:
            return
        boot = bridge.js_get(window, "ludoBoot")
        if boot is not None and bridge.js_get(boot, "setLang") is not None:
            boot.setLang(other)
        else:
            self.lang = other
            self.render()

    # -- rendering -------------------------------------------------------------------------
    def game_ui(self, game_id: str):
        return importlib.import_module(f"ludotheque.ui.{game_id}")

    def render(self, error: Optional[str] = None) -> None:
        focused = document.activeElement
        parked = bridge.nullish(focused) or focused is None or focused.isSameNode(document.body) \
            or (self.root.contains(focused) and not a11y.is_control(focused))
        chain = a11y.focus_chain(self.root)
        had_dialog = a11y.open_dialog(self.root) is not None
        next_focus, self.next_focus = self.next_focus, False
        document.documentElement.classList.toggle("in-game", self.screen != "home")
        if self.screen == "home":
            self.home.hidden = False
            self.root.hidden = True
            self.root.innerHTML = ""
            names = {gid: engine_class(gid).describe()["name"] for gid in available()}
            saves = document.getElementById("saves")
            entries = self.store.list()
            html = screens.saves_list(entries, self.lang, names, self.store.enabled,
                                      self.store.off_message(self.lang),
                                      now=bridge.now_iso(), offset_minutes=-int(window.Date.new().getTimezoneOffset()),
                                      deleted=self.deleted, tools=save_transfer.tools(self, entries))
            if error:
                html = el("p", {"class": "notice error", "role": "alert"}, error) + html
            if saves is not None and not bridge.nullish(saves):
                kept = a11y.focus_chain(saves)
                saves.innerHTML = html + editor_web.home(self, names)  # examples being made
                if kept:  # a saved game's button went (deleted, brought back): "Annuler", else the list's heading
                    a11y.restore(saves, kept, False, False, fallback=("[data-testid=undo-delete]", "h2"))
            return
        self.home.hidden = True
        self.root.hidden = False
        cls = engine_class(self.game_id)
        if self.screen == "replay":
            timeline_web.render(self)
        elif self.screen == "editor":
            editor_web.render(self)
        elif self.screen == "setup":
            html = setup_screen(cls, self.lang, self.setup_seats, self.setup_options, self.setup_error, self.embed)
            if self.rules_open:
                html += screens.rules_panel(cls, self.lang, self.setup_options)
            self.root.innerHTML = html
        else:
            gui = self.game_ui(self.game_id)
            session = self.session
            seat = gui.perspective(session, self.ui) if hasattr(gui, "perspective") else self.perspective()
            view = session.engine.view(seat)
            status = gui.status_text(view, self.lang, self.ui)
            last = session.log[-1] if session.log else None
            if last is not None and last.kind == "error":
                status = last.text(self.lang)
            board = gui.render(view, self.lang, self.ui)
            if last is not None and last.kind in ("move", "info") and not view["over"]:
                board = el("p", {"class": "last-move", "data-testid": "last-move"}, last.text(self.lang)) + board
            tools, log_panel = timeline_web.tools(self, seat)
            if view["over"]:
                board += timeline_ui.end_actions(self.lang)
            if log_panel:
                board = log_panel + board
            html = screens.game_frame(cls, self.lang, status, board, self.store.enabled, self.embed, self.banner, tools,
                                      self.store.off_message(self.lang))
            if self.toast:
                self.show_toast(self.toast)
                self.toast = None
            if self.rules_open:
                html += screens.rules_panel(cls, self.lang, session.engine.options, timeline_ui.policy_section(self.lang))
            self.root.innerHTML = html
            if last is not None and last.kind == "error":
                self.root.querySelector(".status").classList.add("error")
            self.speak(view, seat, status)
        a11y.setup_roving(self.root)
        has_dialog = a11y.open_dialog(self.root) is not None
        if has_dialog and not had_dialog:
            self.return_focus = chain
        elif had_dialog and not has_dialog:
            chain = chain + self.return_focus
        in_page = not bridge.nullish(document.activeElement) and self.root.contains(document.activeElement)
        if self.screen != "setup" or chain or in_page:
            a11y.restore(self.root, chain, parked and self.screen == "game",
                         next_focus or (parked and self.screen == "game"))
        if self.screen == "game":
            controllers.attach(self, view)
            self.bring_turn_into_view()

    def speak(self, view, seat, status: str) -> None:
        """Say in the live regions what happened since the last redraw (ui/speech.py)."""
        session = self.session
        lines = self.hook("live_lines", view, self.lang, self.ui, default=()) or ()
        say_status = bool(session.human_to_act()) or bool(view["over"]) or bool(self.hook("speaks_status", self.ui))
        people = [i for i, s in enumerate(session.engine.seats) if not s.is_bot]
        reader = people[0] if len(people) == 1 else seat  # one person: their own words, even in a public view
        if self.hook("speaks_publicly", default=False):
            reader = None  # the game's public words name what everyone sees as it happens
        polite, urgent = self.speech.lines(session, reader, self.lang, status, say_status, lines)
        a11y.say(urgent, urgent=True)
        a11y.say(polite)

    def bring_turn_into_view(self) -> None:
        """On a person's turn, what they must use (the screen marks it ``data-turn-area``: their
        hand, the piles) comes on screen once, on a phone or in portrait where it may sit below
        the fold; a person scrolling away afterwards is left alone, and the focus never moves."""
        humans = self.session.human_to_act() if self.session is not None else []
        if not humans:
            self.turn_shown = None
            return
        area = self.root.querySelector("[data-turn-area]")
        if area is None or bridge.nullish(area):
            return
        # once per turn and per step of it (a MasterIslands card chosen: the lit spaces)
        key = (self.session.save_id, len(self.session.engine.moves), tuple(humans), str(area.getAttribute("data-turn-area")))
        if key == self.turn_shown:
            return
        self.turn_shown = key
        bridge.bring_into_view(area)

    def perspective(self) -> Optional[int]:
        humans = self.session.human_to_act()
        if humans:
            return humans[0]
        seats = [i for i, s in enumerate(self.session.engine.seats) if not s.is_bot]
        return seats[0] if seats else None

    # -- moves and bots ------------------------------------------------------------------------
    def hook(self, name: str, *args, default=None):
        """Call the game screen's optional hook `name` (see the module docstring)."""
        if self.game_id is None:
            return default
        fn = getattr(self.game_ui(self.game_id), name, None)
        return default if fn is None else fn(*args)

    def human_move(self, action: str) -> None:
        if self.session is None or self.screen != "game":
            return
        humans = self.session.human_to_act()
        if not humans:
            return
        seat = self.ui["seat"] if self.ui.get("seat") in humans else humans[0]
        self.next_focus = True
        self.seat_move(seat, action)

    def person_move(self, seat: int, action: str) -> None:
        """A move button naming its seat (`data-seat`): games where anyone may act at any time."""
        if self.session is not None and 0 <= seat < len(self.session.engine.seats) \
                and not self.session.engine.seats[seat].is_bot:
            self.next_focus = True
            self.seat_move(seat, action)

    def seat_move(self, seat: int, action: str) -> Feedback:
        """Any seat's move (a person, a timed event from the game's controller, or SYSTEM_SEAT)."""
        if self.screen != "game":  # a replay: nothing is played (a late timer of the game)
            return Feedback("info", "", "")
        fb = self.session.act(seat, action)
        if fb.kind == "move":
            self.hook("after_move", self.session, self.ui, fb)
            self.autosave()
        self.render()
        self.schedule_bot()
        return fb

    def schedule_bot(self) -> None:
        if self.session is None or self.bot_timer is not None or self.screen != "game":
            return
        if self.session.bot_to_act() is None or self.session.engine.is_over():
            return
        if self.hook("bots_paused", self.session, self.ui, default=False):
            return
        delay = self.hook("bot_delay", self.session, self.ui, self.bot_delay, default=self.bot_delay)
        self.bot_timer = bridge.later(int(delay), lambda: guard.run(self, self.bot_tick))

    def bot_tick(self) -> None:
        self.bot_timer = None
        if self.session is None or self.screen != "game":
            return
        if self.hook("bots_paused", self.session, self.ui, default=False):
            return
        fb = self.session.bot_step(slice_ms=BOT_SLICE_MS, max_ms=BOT_MAX_MS)
        if self.session.thinking:  # a search under way (Difficile): give the page a turn, go on
            self.bot_timer = bridge.later(0, lambda: guard.run(self, self.bot_tick))
            return
        if fb is not None:
            self.hook("after_move", self.session, self.ui, fb)
            self.autosave()
            self.render()
        self.schedule_bot()

    def cancel_bot(self) -> None:
        if self.bot_timer is not None:
            window.clearTimeout(self.bot_timer)
            self.bot_timer = None

    def autosave(self) -> None:
        s = self.session
        if s is None or self.screen == "replay":  # a replay saves nothing (a link: not until played on)
            return
        if s.save_id == self.unplayed and not s.engine.moves:
            return  # a ?game= link nobody has played yet
        display = self.hook("save_display", self.ui)  # display state a reload must find (a reveal)
        if display:
            s.meta["display"] = dict(display, ply=len(s.engine.moves))
        else:
            s.meta.pop("display", None)
        tabs.autosave(self)  # revisions across tabs, saving paused when storage is full
        if s.save_id == self.unplayed and s.save_id in self.store.revs:
            self.unplayed = None  # saved at last: its address is now the save's
            timeline_web.go(self, Route("save", s.save_id))
        save_transfer.after_save(self)  # the first save asks the browser to keep the storage

    def set_hash(self, value: str) -> None:
        url = str(window.location.pathname) + str(window.location.search) + ("#" + value if value else "")
        try:
            window.history.replaceState(None, "", url)
        except JsException:
            pass

    # -- events --------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        if int(event.detail or 0):  # a pointer's click (a key's has detail 0): the page stops following the focus
            a11y.KEYBOARD["used"] = False
        target = event.target
        card = target.closest("button.game-card[data-game]") if hasattr(target, "closest") else None
        if card is not None and not bridge.nullish(card):
            event.preventDefault()
            self.safely(lambda: self.open_setup(str(card.dataset.game)))
            return
        node = target.closest("[data-action]") if hasattr(target, "closest") else None
        if node is None or bridge.nullish(node):
            return
        action = str(node.getAttribute("data-action"))
        if node.tagName == "A":
            event.preventDefault()
        seat = node.getAttribute("data-seat")
        if action.startswith("move/") and not bridge.nullish(seat) and str(seat).isascii() and str(seat).isdigit():
            self.safely(lambda: self.person_move(int(str(seat)), action[len("move/"):]))
            return
        self.safely(lambda: self.dispatch(action))

    def safely(self, fn) -> None:
        """Show an error instead of losing the app: a bad save or link must never break the page."""
        guard.run(self, fn)

    def dispatch(self, action: str) -> None:
        verb, _, rest = action.partition("/")
        if timeline_web.handle(self, verb, rest):  # undo, log, replay, branch, tl/...
            return
        if editor_web.handle(self, verb, rest):  # author, ed/..., export-example-...
            return
        if verb == "move":
            self.human_move(rest)
        elif verb == "ui":
            if self.session is not None:
                self.session.dismiss_error()
            self.next_focus = True
            gui = self.game_ui(self.game_id)
            if hasattr(gui, "handle_ui"):
                gui.handle_ui(rest, self.ui, self.session)
            else:
                self.default_ui(rest)
            if hasattr(gui, "save_display"):  # the display state a reload must find changed
                self.autosave()
            self.render()
            self.schedule_bot()
        elif verb == "home":
            timeline_web.go_home(self)
        elif verb == "rules":
            self.rules_open = True
            self.render()
        elif verb == "lang":  # a link or a test may still name a language: "lang/de"
            self.switch_lang(rest)
        elif verb == "close-rules":
            self.rules_open = False
            self.render()
        elif verb == "new":
            seats = self.session.engine.seats if self.session else None
            options = self.session.engine.options if self.session else None
            self.open_setup(self.game_id, seats, options)
        elif verb == "again":
            e = self.session.engine
            self.new_game(self.game_id, e.seats, e.options)
        elif verb == "export":  # both ask first whether to replace the names (web/sharing.py)
            sharing.ask(self, "file")
        elif verb == "share":
            sharing.ask(self, "link")
        elif verb == "share-go":
            sharing.go(self, rest)
        elif verb == "share-close":
            sharing.close()
        elif verb == "resume":
            self.resume(rest)
        elif verb == "delete":
            self.delete_save(rest)
        elif verb == "undo-delete":
            self.undo_delete()
        elif verb == "export-all":
            save_transfer.export_all(self)
        elif verb == "export-save":
            entry = self.store.load(rest)
            if entry.readable:
                sharing.ask(self, "file", save_id=rest)
            elif entry.raw:  # unreadable: exported as stored, for whoever can mend it
                bridge.download(f"{rest}.json", entry.raw)

    UNDO_MS = 8000

    def delete_save(self, save_id: str) -> None:
        """Delete at once, but keep the saved text for UNDO_MS so "Annuler" can put it back."""
        entry = self.store.load(save_id)
        raw = self.store.backend.get(self.store.key(save_id))
        self.store.delete(save_id)
        self.store.probe()  # room freed: saving may come back on
        title = entry.title if entry.readable else save_id
        self.deleted = {"id": save_id, "raw": raw, "title": title} if raw is not None else None
        bridge.later(self.UNDO_MS, lambda sid=save_id: self.forget_deleted(sid))
        self.render()

    def forget_deleted(self, save_id: str) -> None:
        if self.deleted and self.deleted["id"] == save_id:
            self.deleted = None
            if self.screen == "home":
                self.render()

    def undo_delete(self) -> None:
        gone = self.deleted
        if gone:
            self.store.backend.set(self.store.key(gone["id"]), gone["raw"])
            self.deleted = None
        self.render()

    def default_ui(self, rest: str) -> None:
        parts = rest.split("/")
        if parts[0] == "browse":
            seat = int(parts[1])
            self.ui["open_collection"] = None if self.ui.get("open_collection") == seat else seat

    def show_toast(self, text: str) -> None:
        """A short message beside #app, not inside it: drawn inside, it was wiped by the next
        render, and with bots playing that came within a second ("Lien copié" flashed and
        was gone). It goes by itself after a time that grows with its length."""
        node = document.getElementById("toast")
        if bridge.nullish(node):
            node = document.createElement("div")
            node.id = "toast"
            node.className = "toast"
            node.setAttribute("role", "status")
            node.setAttribute("data-testid", "toast")
            document.body.appendChild(node)
        node.textContent = text
        self._toast_shown += 1
        shown = self._toast_shown
        bridge.later(max(TOAST_MIN_MS, TOAST_MS_PER_CHAR * len(text)), lambda: self._hide_toast(shown))

    def _hide_toast(self, shown: int) -> None:
        if shown != self._toast_shown:
            return  # a newer toast replaced it and has its own timer
        node = document.getElementById("toast")
        if not bridge.nullish(node):
            node.remove()

    def export(self, record: Record, save_id: str) -> None:
        bridge.download(f"{save_id}.json", record.to_json())

    def share(self, record: Record) -> None:
        fragment = record.to_url_fragment()
        url = str(window.location.origin) + str(window.location.pathname) + "#record=" + fragment
        try:
            window.navigator.clipboard.writeText(url)
            self.toast = t("link_copied", self.lang)
        except Exception:
            self.toast = url
        self.render()

    def on_submit(self, event) -> None:
        form = event.target
        if bridge.nullish(form) or form.getAttribute("data-submit") != "start":
            return
        event.preventDefault()
        fields = self.form_fields(form)
        cls = engine_class(self.game_id)
        try:
            seats, options = screens.parse_setup(cls, fields, self.lang)
            self.new_game(self.game_id, seats, options)
        except BadSetup as exc:
            self.setup_error = exc.msg
            self.keep_form(form)
            self.render()

    def keep_form(self, form) -> None:
        """Keep what the set-up form holds before drawing it again; a new player count adds
        the default seats past the typed ones."""
        cls = engine_class(self.game_id)
        seats, options = screens.form_state(cls, self.form_fields(form))
        typed = len(self.setup_seats or ())
        defaults = screens.default_seats(cls, len(seats), self.lang)
        self.setup_seats = seats[:typed] + defaults[typed:]
        self.setup_options = options

    def form_fields(self, form) -> Dict[str, str]:
        fields: Dict[str, str] = {}
        for element in form.elements:
            name = element.name
            if not name:
                continue
            if element.type in ("checkbox", "radio"):
                if element.checked:
                    fields[str(name)] = str(element.value)
            else:
                fields[str(name)] = str(element.value)
        return fields

    def on_change(self, event) -> None:
        target = event.target
        kind = target.getAttribute("data-change") if hasattr(target, "getAttribute") else None
        if bridge.nullish(kind) or not kind:
            return
        if timeline_web.on_change(self, str(kind), target) or editor_web.on_change(self, str(kind), target):
            return
        if kind == "lang":
            self.switch_lang(str(target.value))
        elif kind in ("setup-count", "setup-options"):
            self.keep_form(target.form)
            self.render()
        elif kind == "import":
            files = target.files
            if files.length:
                guard.import_file(self, files.item(0))
                target.value = ""  # the same file may be chosen again

    def import_text(self, text: str) -> None:
        record = Record.from_json(text)
        same = next((e for e in self.store.list() if e.readable and e.record.to_json() == record.to_json()), None)
        if same is not None:  # the same game again: open the saved one, no identical twin
            self.resume(same.id)
            self.banner = t("already_saved", self.lang)
            self.render()
            return
        session = Session.from_record(record, bridge.random_id(record.game))
        self.session = session
        self.game_id = record.game
        self.ui = {}
        self.banner = t("imported", self.lang)
        self.enter_game(save=True)

    def on_key(self, event) -> None:
        """Keys never do two things: Tab stays in an open dialog, arrows move inside a group
        (web/a11y.py), Enter and Space belong to the focused control, and a game's shortcuts
        act only from its board (or with the focus nowhere), on the game on screen."""
        key = str(event.key)
        a11y.KEYBOARD["used"] = key not in ("Shift", "Control", "Alt", "Meta")
        if self.screen == "home" or sharing.is_open():  # keys belong to the dialog, not to the game under it
            return
        if key == "Tab" and not event.ctrlKey and not event.altKey and a11y.trap_tab(self.root, event):
            return
        if not event.ctrlKey and not event.metaKey and not event.altKey and a11y.rove(event):
            return
        if timeline_web.on_key(self, event) or editor_web.on_key(self, event):
            return
        if self.screen != "game" or event.ctrlKey or event.metaKey or event.altKey:
            return
        tag = str(event.target.tagName) if hasattr(event.target, "tagName") else ""
        if tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if key == "Escape" and self.rules_open:
            self.rules_open = False
            self.render()
            return
        if key == "Escape" and self.timeline.log_open:
            self.timeline.log_open = False
            self.return_focus = []
            self.render()
            a11y.put_focus(a11y.find_key(self.root, "data-testid=log"))
            return
        if self.rules_open or not a11y.shortcut_allowed(event):
            return
        scope = a11y.open_dialog(self.root) or self.root
        node = guard.find_by_attr(scope, "aria-keyshortcuts", key)
        if node is not None and not bridge.nullish(node) and bridge.nullish(node.closest(a11y.CHROME)) \
                and bridge.nullish(node.closest("[inert]")):
            event.preventDefault()
            node.click()

    def on_lang(self, event) -> None:
        old, self.lang = self.lang, chosen_lang({})
        if self.screen == "setup" and old != self.lang:
            form = document.getElementById("setup-form")
            if form is not None and not bridge.nullish(form):
                self.keep_form(form)  # what is typed stays
            self.setup_seats = screens.relabel_default_names(engine_class(self.game_id), self.setup_seats, old, self.lang)
        self.render()


APP: Optional[App] = None


def main() -> None:
    global APP
    APP = App()
    APP.start()
