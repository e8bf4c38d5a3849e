"""A game being played in the app: engine + save identity + who is at the controls.

Game-independent and free of the browser, so the app's flow (human move, bot moves,
autosave, resume) is the same for every game and is tested under pytest.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Dict, Generator, List, Optional, Tuple

from .bots import think
from .core.engine import Engine, Move
from .core.errors import IllegalMove
from .core.messages import Msg, msg, say
from .core.record import Record
from .core.timeline import LogEntry, UndoCheck, play_logged, undo_check, undone
from .games.replay import replay_logged


@dataclass
class Feedback:
    """The last thing that happened (a message), for the status line and screen readers."""

    kind: str  # "move" | "error" | "info"
    said: Optional[Msg] = None  # None: nothing to say

    def text(self, lang: str) -> str:
        return say(self.said, lang)


@dataclass
class Session:
    engine: Engine
    save_id: str
    meta: Dict[str, Any] = field(default_factory=dict)
    log: List[Feedback] = field(default_factory=list)
    history: List[LogEntry] = field(default_factory=list)  # the move log, one entry per move
    # A bot decision in progress: (seat, number of moves when it began, the search generator).
    thought: Optional[Tuple[int, int, Generator]] = field(default=None, repr=False)

    @classmethod
    def from_record(cls, record: Record, save_id: str) -> "Session":
        engine, history = replay_logged(record)
        return cls(engine, save_id, dict(record.meta), history=history)

    def record(self) -> Record:
        return self.engine.record(meta=self.meta)

    def human_to_act(self) -> List[int]:
        return [s for s in self.engine.to_act() if not self.engine.seats[s].is_bot]

    def bot_to_act(self) -> Optional[int]:
        for s in self.engine.to_act():
            if self.engine.seats[s].is_bot:
                return s
        return None

    def act(self, seat: int, action: str) -> Feedback:
        """Try a person's move: on success the move in words, else the rule that forbids it."""
        move = Move(seat, action)
        try:
            entry = play_logged(self.engine, move)
        except IllegalMove as exc:
            fb = Feedback("error", exc.msg)
            self.log.append(fb)
            return fb
        return self._logged(entry)

    def _logged(self, entry: LogEntry) -> Feedback:
        self.history.append(entry)
        fb = Feedback("move", entry.words(None))
        self.log.append(fb)
        return fb

    def dismiss_error(self) -> None:
        """A refusal answers one tap: the next display action (a selection, "Tout voir") ends
        it, so the status line speaks of the game again."""
        if self.log and self.log[-1].kind == "error":
            self.log.pop()

    @property
    def thinking(self) -> bool:
        """True while a bot's search is under way (bot_step with a slice returned early)."""
        return self.thought is not None

    def bot_step(self, slice_ms: Optional[float] = None, max_ms: Optional[float] = None) -> Optional[Feedback]:
        """One bot move, if a bot is to act. With `slice_ms`, think for about that long and
        return None with `thinking` set if the decision needs more time: call again later
        (the browser gives the event loop back in between, so the page stays responsive).
        A thought begun in another position (someone moved meanwhile) starts over.
        `max_ms`: the search's safety stop on slow devices."""
        seat = self.bot_to_act()
        if seat is None or self.engine.is_over():
            self.thought = None
            return None
        if self.thought is None or self.thought[:2] != (seat, len(self.engine.moves)):
            self.thought = (seat, len(self.engine.moves), think(self.engine, seat, max_ms=max_ms))
        gen = self.thought[2]
        started = time.perf_counter()
        try:
            while True:
                next(gen)
                if slice_ms is not None and (time.perf_counter() - started) * 1000 >= slice_ms:
                    return None
        except StopIteration as stop:
            move = stop.value
        self.thought = None
        return self._logged(play_logged(self.engine, move))

    # -- timeline -------------------------------------------------------------------------------
    def undo_check(self) -> UndoCheck:
        return undo_check(self.engine)

    def undo(self) -> Feedback:
        """Take back the last person's move (and the bots' replies) if the policy allows; the
        game becomes the record without those moves, so the save stays a plain record."""
        check = self.undo_check()
        if not check.allowed:
            fb = Feedback("error", check.reason)
        else:
            record = undone(self.record(), check)
            self.thought = None  # a bot's search began in a position that no longer exists
            self.meta.pop("display", None)  # display state belonged to the moves taken back
            self.engine, self.history = replay_logged(record)
            fb = Feedback("info", msg("undo.done", n=check.count))
        self.log.append(fb)
        return fb
