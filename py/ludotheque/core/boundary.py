"""The one error boundary for what comes from outside (links, saves, files, keys, CLI arguments).

Whatever the exception, the person gets a LudoError: a message (core/messages.py) that names
what was wrong, short enough to read (outside text is never echoed whole), worded in the
reader's language when shown. The web app (web/guard.py) and the command line (cli.py) both go
through `as_ludo_error`, so a bad input reads the same in both places.
"""
from __future__ import annotations

from typing import Callable, Optional, TypeVar

from .errors import LudoError, shorten
from .messages import Msg, msg

T = TypeVar("T")


class Unexpected(LudoError):
    """Any other exception, put in words; `cause` keeps the original for diagnostics."""

    def __init__(self, message: Msg, cause: Optional[BaseException] = None) -> None:
        super().__init__(message, code="unexpected")
        self.cause = cause


def as_ludo_error(exc: BaseException, where: Optional[Msg] = None) -> LudoError:
    """`exc` as a message for people; `where` names the input (a message: « le lien », "the
    link"), put before what went wrong."""
    if isinstance(exc, LudoError):
        return exc
    if isinstance(exc, RecursionError):
        why = msg("error.too_nested")
    elif isinstance(exc, MemoryError):
        why = msg("error.too_large")
    else:
        why = msg("error.invalid_data", detail=shorten(f"{type(exc).__name__}: {exc}", 120))
    return Unexpected(why if where is None else msg("error.where", where=where, why=why), exc)


def guarded(fn: Callable[[], T], where: Optional[Msg] = None) -> T:
    """Run fn; any exception comes out as a LudoError (KeyboardInterrupt/SystemExit pass)."""
    try:
        return fn()
    except LudoError:
        raise
    except Exception as exc:  # the boundary: everything else is put in words
        raise as_ludo_error(exc, where) from exc
