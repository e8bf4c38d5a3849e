"""A game being played in the app: engine + save identity + who is at the controls.

Game-independent and free of the browser, so the app's flow (human move, bot moves,
autosave, resume) is the same for every game and is tested under pytest.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .bots import choose
from .core.engine import Engine, Move
from .core.errors import IllegalMove
from .core.record import Record
from .core.timeline import LogEntry, UndoCheck, play_logged, replay_logged, undo_check, undone


@dataclass
class Feedback:
    """The last thing that happened, in words, for the status line and screen readers."""

    kind: str  # "move" | "error" | "info"
    fr: str
    en: str

    def text(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


@dataclass
class Session:
    engine: Engine
    save_id: str
    meta: Dict[str, Any] = field(default_factory=dict)
    log: List[Feedback] = field(default_factory=list)
    history: List[LogEntry] = field(default_factory=list)  # the move log, one entry per move

    @classmethod
    def from_record(cls, record: Record, save_id: str) -> "Session":
        engine, history = replay_logged(record)
        return cls(engine, save_id, dict(record.meta), history=history)

    def record(self) -> Record:
        return self.engine.record(meta=self.meta)

    def title(self) -> str:
        names = " · ".join(s.name for s in self.engine.seats)
        return f"{self.engine.NAME_FR} — {names}"

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
            fb = Feedback("error", exc.fr, exc.en)
            self.log.append(fb)
            return fb
        return self._logged(entry)

    def _logged(self, entry: LogEntry) -> Feedback:
        self.history.append(entry)
        said = entry.words(None)
        fb = Feedback("move", said["fr"], said["en"])
        self.log.append(fb)
        return fb

    def bot_step(self) -> Optional[Feedback]:
        """One bot move, if a bot is to act."""
        seat = self.bot_to_act()
        if seat is None or self.engine.is_over():
            return None
        return self._logged(play_logged(self.engine, choose(self.engine, seat)))

    # -- timeline -------------------------------------------------------------------------------
    def undo_check(self) -> UndoCheck:
        return undo_check(self.engine)

    def undo(self) -> Feedback:
        """Take back the last person's move (and the bots' replies) if the policy allows; the
        game becomes the record without those moves, so the save stays a plain record."""
        check = self.undo_check()
        if not check.allowed:
            fb = Feedback("error", check.reason["fr"], check.reason["en"])
        else:
            record = undone(self.record(), check)
            self.meta.pop("display", None)  # display state belonged to the moves taken back
            self.engine, self.history = replay_logged(record)
            n = check.count
            fb = Feedback("info", "Coup annulé." if n == 1 else f"{n} coups annulés.",
                          "Move undone." if n == 1 else f"{n} moves undone.")
        self.log.append(fb)
        return fb
