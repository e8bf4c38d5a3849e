"""Mosquito PLAF! in the browser: the clock the pure engine never reads.

Attached after every render of the game's screen (web/controllers.py). It

- notes ``performance.now()`` when a card appears on top, and when a race opens;
- times people's slaps on ``pointerdown`` (several fingers at once: each event in its order) or
  on a keyboard shortcut (the app clicks the button: a click with ``detail == 0``), and sends
  ``<seat>:slap/<L|R>/<ms since the card appeared>``;
- schedules every bot's slap (``bot_slap``) and ``*:close`` when ``slap_window_ms`` elapses with
  the race still open; bots' "Moustique !" calls and catches (``bot_call_delay``,
  ``bot_catch_delay``) after a seat comes down to one card, and holds the bots' turns for
  CALL_HORIZON_MS meanwhile (``ui["alert_hold"]``, read by the ``bots_paused`` hook).

Timed events are applied in time order: before a person's slap, bot events already due are sent
first. Timers belong to one race or one "Moustique !" moment and are dropped when it is over, the
game changes or the app leaves the game screen.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from js import window

from ..bots.mosquito import bot_call_delay, bot_catch_delay, bot_slap
from ..core.engine import SYSTEM_SEAT, Move
from ..games.mosquito import CALL_HORIZON_MS
from . import bridge


def now() -> float:
    return float(window.performance.now())


class Controller:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.session = None
        self.proxies = [bridge.listen(window.document, "pointerdown", self.on_pointer),
                        bridge.listen(window.document, "click", self.on_click)]
        self.reset()

    def reset(self) -> None:
        self.cancel_all()
        self.top_key: Optional[Tuple[int, int]] = None
        self.t_top = 0.0
        self.race_no: Optional[int] = None
        self.t_race = 0.0
        self.pending: List[Tuple[float, int, int, str]] = []  # (due time, order, seat, action) of this race
        self.alerts: Dict[Tuple[int, int], float] = {}        # (seat, since) -> when it was seen
        self.timers: List[Any] = []
        self.race_timers: List[Any] = []

    def cancel_all(self) -> None:
        for handle in getattr(self, "timers", []) + getattr(self, "race_timers", []):
            window.clearTimeout(handle)
        self.timers, self.race_timers = [], []

    def later(self, ms: float, fn, race: bool = False) -> None:
        (self.race_timers if race else self.timers).append(bridge.later(max(0, int(ms)), fn))

    def live(self) -> bool:
        """Still on this game's screen? If not (left, another game, over), drop every timer."""
        app = self.app
        ok = app.session is self.session and app.screen == "game" and app.game_id == "mosquito" \
            and not app.session.engine.is_over()
        if not ok:
            self.cancel_all()
        return ok

    # -- after every render -----------------------------------------------------------------
    def attach(self, view: Any) -> None:
        app = self.app
        if app.session is not self.session:
            self.session = app.session
            self.reset()
        engine = self.session.engine
        t = now()
        key = (view["round"], len(view["discard"]))
        if key != self.top_key:
            self.top_key, self.t_top = key, t
        race = engine.race
        if race is not None and race.no != self.race_no:
            self.start_race(race, t)
        elif race is None and self.race_no is not None:
            self.race_no = None
            self.pending = []
            for handle in self.race_timers:
                window.clearTimeout(handle)
            self.race_timers = []
        for a in view["moustique"]:
            k = (a["seat"], a["since"])
            if a["state"] == "open" and k not in self.alerts:
                self.start_alert(a["seat"], k, t)
        hold = any(t - seen < CALL_HORIZON_MS for (s, since), seen in self.alerts.items()
                   if s in engine.open_alerts() and engine.alert_since[s] == since)
        if hold != bool(app.ui.get("alert_hold")):
            app.ui["alert_hold"] = hold
            app.render()  # the "Moustique !" window shows the table (ui.mosquito.table_time), then the hand again

    def start_race(self, race: Any, t: float) -> None:
        engine = self.session.engine
        self.race_no, self.t_race = race.no, t
        window_ms = engine.options["slap_window_ms"]
        self.pending = []
        for order, s in enumerate(race.participants):
            seat = engine.seats[s]
            if not seat.is_bot:
                continue
            slap = bot_slap(engine, s, seat.level)
            if slap is not None and slap[1] < window_ms:
                self.pending.append((t + slap[1], order, s, f"slap/{slap[0]}/{slap[1]}"))
        self.pending.sort()
        no = race.no
        for due, _, _, _ in self.pending:
            self.later(due - t, lambda no=no: self.flush(now(), no), race=True)
        self.later(window_ms, lambda no=no: self.close(no), race=True)

    def flush(self, upto: float, no: int) -> None:
        """Send the bots' slaps of race `no` that are due by `upto`, in time order."""
        while self.live() and self.race_no == no and self.pending and self.pending[0][0] <= upto:
            _, _, seat, action = self.pending.pop(0)
            self.app.seat_move(seat, action)

    def close(self, no: int) -> None:
        if not self.live() or self.race_no != no:
            return
        self.flush(now(), no)
        race = self.session.engine.race
        if race is not None and race.no == no:
            self.app.seat_move(SYSTEM_SEAT, "close")

    def start_alert(self, target: int, key: Tuple[int, int], t: float) -> None:
        engine = self.session.engine
        self.alerts[key] = t
        events = []
        if engine.seats[target].is_bot:
            delay = bot_call_delay(engine, target, engine.seats[target].level)
            if delay is not None:
                events.append((delay, -1, Move(target, "call")))
        for s, seat in enumerate(engine.seats):
            if s != target and seat.is_bot:
                delay = bot_catch_delay(engine, s, target, seat.level)
                if delay is not None:
                    events.append((delay, s, Move(s, f"catch/{target}")))
        for delay, _, move in sorted(events, key=lambda e: (e[0], e[1])):
            if delay < CALL_HORIZON_MS:
                self.later(delay, lambda move=move, key=key: self.alert_event(move, key))
        self.later(CALL_HORIZON_MS + 1, self.release)

    def alert_event(self, move: Move, key: Tuple[int, int]) -> None:
        engine = self.session.engine
        target = key[0]
        if self.live() and engine.alert_since[target] == key[1] and engine.is_legal(move):
            self.app.seat_move(move.seat, move.action)

    def release(self) -> None:
        if self.live():
            self.app.render()
            self.app.schedule_bot()

    # -- people's slaps -------------------------------------------------------------------------
    def slap_target(self, event) -> Optional[Tuple[int, str]]:
        target = event.target
        node = target.closest("[data-slap]") if hasattr(target, "closest") else None
        if node is None or bridge.nullish(node):
            return None
        seat, _, hand = str(node.getAttribute("data-slap")).partition("/")
        return int(seat), hand

    def on_pointer(self, event) -> None:
        hit = self.slap_target(event)
        if hit is None or not self.live():
            return
        event.preventDefault()
        self.slap(*hit)

    def on_click(self, event) -> None:
        if int(event.detail or 0) != 0:
            return  # a pointer's click: its pointerdown already slapped
        hit = self.slap_target(event)
        if hit is not None and self.live():
            self.slap(*hit)

    def slap(self, seat: int, hand: str) -> None:
        t = now()
        engine = self.session.engine
        if engine.race is not None and engine.race.no == self.race_no:
            self.flush(t, self.race_no)
            ms = round(t - self.t_race)
        else:
            ms = round(t - self.t_top) if self.t_top else 0
        self.app.seat_move(seat, f"slap/{hand}/{max(0, ms)}")


CONTROLLER: Optional[Controller] = None


def attach(app: Any, view: Any) -> None:
    global CONTROLLER
    if CONTROLLER is None or CONTROLLER.app is not app:
        CONTROLLER = Controller(app)
    CONTROLLER.attach(view)
