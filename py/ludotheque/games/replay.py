"""Replaying a record: the games floor, because it needs the game's engine.

A record (core/record.py) is plain data and knows no game; the engine class comes
from the table in ``ludotheque.games``. Everything that turns a record back into a
position goes through here: saves, links, the timeline, the explainer, the CLI.
"""
from __future__ import annotations

from typing import List, Optional, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove, shorten
from ..core.messages import msg
from ..core.record import Record, RecordError, ReplayError
from ..core.timeline import LogEntry, play_logged
from . import engine_class


def start(record: Record) -> Engine:
    """The engine at move 0; RecordError if the game, its rules version or its set-up is unknown."""
    cls = engine_class(record.game)
    if record.rules_version != cls.RULES_VERSION:
        raise RecordError(msg("record.unknown_rules", version=shorten(record.rules_version, 24), current=cls.RULES_VERSION))
    try:
        return cls(record.seats, options=record.options, seed=record.seed, deck=record.deck)
    except BadSetup as exc:
        raise RecordError(msg("record.unreadable", why=exc.msg)) from exc


def replay(record: Record, upto: Optional[int] = None) -> Engine:
    """The engine after the first `upto` moves (all by default); ReplayError names the first bad one."""
    engine = start(record)
    moves = record.moves if upto is None else record.moves[:upto]
    for i, text in enumerate(moves):
        try:
            engine.apply(Move.decode(text))
        except IllegalMove as exc:
            raise ReplayError(i, text, exc) from exc
        except (ValueError, TypeError, KeyError, IndexError, OverflowError) as exc:
            # an engine's parser tripping on text it never expected: still this move's fault
            raise ReplayError(i, text, BadMove(text, msg("error.expected_game_move"))) from exc
    return engine


def replay_logged(record: Record, upto: Optional[int] = None) -> Tuple[Engine, List[LogEntry]]:
    """The engine after the first `upto` moves (all by default) and the log of those moves."""
    engine = start(record)
    log: List[LogEntry] = []
    for i, text in enumerate(record.moves if upto is None else record.moves[:upto]):
        try:
            log.append(play_logged(engine, Move.decode(text)))
        except IllegalMove as exc:
            raise ReplayError(i, text, exc) from exc
    return engine, log
