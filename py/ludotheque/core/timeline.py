"""A game's timeline: the move log, the position at any ply, undo and branches.

A record already holds the whole game, so every one of these is a walk along its
moves: nothing here knows a particular game. What a game must say for itself comes
from two engine hooks (see core/engine.py): ``secrets_marker`` (did a move uncover
something hidden?) and ``in_timed_window`` (is a race or a call window open?), which
``Engine.apply`` turns into one ``MoveFacts`` per move; and ``describe_move(move,
seat)`` for the log, in words, from the reader's side of the table.

The undo policy is written once, here (``undo_check``), and shown in every game's
rules panel (``UNDO_POLICY``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Dict, List, Optional

from .engine import SYSTEM_SEAT, Engine, Move, MoveFacts
from .errors import IllegalMove
from .messages import Msg, msg
from .record import Record

UNDO_POLICY: Msg = msg("undo.policy")


@dataclass(frozen=True)
class LogEntry:
    """One move of the log: who, what, and the words each reader may read (None: everyone)."""

    ply: int  # the move's index; the position after it is ply + 1
    seat: int
    move: str
    said: Dict[Optional[int], Msg]
    facts: MoveFacts

    def words(self, reader: Optional[int]) -> Msg:
        return self.said.get(reader) or self.said[None]


def readers(engine: Engine) -> List[Optional[int]]:
    """Whose log is kept: everyone's (None) and each person's (bots read no log)."""
    return [None] + [i for i, s in enumerate(engine.seats) if not s.is_bot]


def log_reader(engine: Engine, reader: Optional[int]) -> Optional[int]:
    """Whose words the log shows now: the reader's own while the engine keeps secrets (a memory
    game does not name a face laid), everyone's (None) once ``engine.secrets_open()``."""
    return None if engine.secrets_open() else reader


def play_logged(engine: Engine, move: Move) -> LogEntry:
    """Apply `move` (IllegalMove if it is not legal) and return its log entry, said before it
    was applied, as each reader saw it then."""
    engine.validate(move)
    said = {r: engine.describe_move(move, r) for r in readers(engine)}
    engine.apply(move)
    return LogEntry(len(engine.moves) - 1, move.seat, move.encode(), said, engine.move_facts[-1])


def clamp_ply(ply: Optional[int], plies: int) -> int:
    """A ply asked for (a link, a key) inside 0..plies; None means the last one."""
    return plies if ply is None else max(0, min(plies, ply))


def prefix(record: Record, ply: int, meta: Optional[Dict] = None) -> Record:
    """The same game (seats, options, deal) with only its first `ply` moves."""
    return replace(record, moves=list(record.moves[:ply]), meta=dict(record.meta if meta is None else meta))


# -- undo -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class UndoCheck:
    """Whether the person `seat` may undo now; `count` moves would go (theirs and the bots'
    replies after it); else `reason` says why not (a message)."""

    allowed: bool
    seat: Optional[int] = None
    count: int = 0
    reason: Optional[Msg] = None


def _no(why: str, seat: Optional[int] = None, **params) -> UndoCheck:
    return UndoCheck(False, seat, 0, msg(f"undo.no.{why}", **params))


def undo_seat(engine: Engine) -> Optional[int]:
    """Who would undo: the person who made the last person's move (bots and timers never undo)."""
    for move in reversed(engine.moves):
        if move.seat != SYSTEM_SEAT and not engine.seats[move.seat].is_bot:
            return move.seat
    return None


def undo_check(engine: Engine, seat: Optional[int] = None) -> UndoCheck:
    """The undo policy (UNDO_POLICY), for `seat` (default: the author of the last person's move)."""
    if seat is None:
        seat = undo_seat(engine)
    if seat is None:
        return _no("nobody_moved")
    if engine.is_over():
        return _no("over", seat)
    if engine.in_timed_window():
        return _no("timed_now", seat)
    moves, facts = engine.moves, engine.move_facts
    own = [i for i, m in enumerate(moves) if m.seat == seat]
    if not own:
        return _no("not_moved", seat)
    k = own[-1]
    for m in moves[k + 1:]:
        if m.seat != SYSTEM_SEAT and not engine.seats[m.seat].is_bot:
            return _no("other_moved", seat, name=engine.seats[m.seat].name)
    for i in range(k, len(moves)):
        if facts[i].timed:
            return _no("timed_move", seat)
        if seat in facts[i].revealed_to:
            return _no("revealed", seat)
    return UndoCheck(True, seat, len(moves) - k)


def undone(record: Record, check: UndoCheck) -> Record:
    """The record without the moves an allowed undo takes back: a new record, replayed from
    its prefix, so that saves and links stay plain records."""
    if not check.allowed:
        raise ValueError("undo not allowed")
    return prefix(record, len(record.moves) - check.count)

