"""The one error boundary for what comes from outside (links, saves, files, keys, CLI arguments).

Whatever the exception, the person gets a LudoError: a sentence in French and English
that names what was wrong, short enough to read (outside text is never echoed whole).
The web app (web/guard.py) and the command line (cli.py) both go through `as_ludo_error`,
so a bad input reads the same in both places.
"""
from __future__ import annotations

from typing import Callable, Optional, TypeVar

from .errors import LudoError, shorten

T = TypeVar("T")


class Unexpected(LudoError):
    """Any other exception, put in words; `cause` keeps the original for diagnostics."""

    def __init__(self, fr: str, en: str, cause: Optional[BaseException] = None) -> None:
        super().__init__(fr, en, code="unexpected")
        self.cause = cause


def as_ludo_error(exc: BaseException, where_fr: str = "", where_en: str = "") -> LudoError:
    """`exc` as a message for people; `where_*` names the input (« le lien », "the link")."""
    if isinstance(exc, LudoError):
        return exc
    pre_fr = f"{where_fr} : " if where_fr else ""
    pre_en = f"{where_en}: " if where_en else ""
    if isinstance(exc, RecursionError):
        return Unexpected(pre_fr + "données trop imbriquées pour être lues.",
                          pre_en + "data nested too deeply to be read.", exc)
    if isinstance(exc, MemoryError):
        return Unexpected(pre_fr + "données trop volumineuses pour être lues.",
                          pre_en + "data too large to be read.", exc)
    detail = shorten(f"{type(exc).__name__}: {exc}", 120)
    return Unexpected(pre_fr + f"données invalides, rien n'a été modifié ({detail}).",
                      pre_en + f"invalid data, nothing was changed ({detail}).", exc)


def guarded(fn: Callable[[], T], where_fr: str = "", where_en: str = "") -> T:
    """Run fn; any exception comes out as a LudoError (KeyboardInterrupt/SystemExit pass)."""
    try:
        return fn()
    except LudoError:
        raise
    except Exception as exc:  # the boundary: everything else is put in words
        raise as_ludo_error(exc, where_fr, where_en) from exc
