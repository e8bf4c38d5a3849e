"""The app's addresses (the part after ``#``), read and written in one place.

``save=<id>`` a saved game; ``save=<id>&ply=N`` its replay at ply N; ``record=<data>`` a shared
record, opened in replay at its last ply, ``record=<data>&ply=N`` at ply N; ``setup=<game>``
the set-up form; ``draft=<id>&ply=N`` an example being made (the example editor); nothing: the
home page. Pure, so the browser glue and the tests agree.

An address is outside text (a link, or a hash typed on a running page): ``ply`` must be a
short run of ASCII digits. ``"²".isdigit()`` is true and ``int("²")`` fails; 5,000 digits
make ``int()`` refuse the string (Python's limit on digits): both are refused here, in
words, before anything is opened.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .core.errors import LudoError, shorten
from .core.messages import Msg, msg

KINDS = ("save", "record", "setup", "draft")
# A ply is at most this many digits: far past any game's length, far below int()'s limit.
MAX_PLY_DIGITS = 6
ASCII_DIGITS = frozenset("0123456789")


class BadAddress(LudoError):
    """An address of ours whose parameters cannot be read (a ply that is not a number)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message, code="address")


def parse_ply(raw: str) -> int:
    """``raw`` as a ply: 1 to MAX_PLY_DIGITS ASCII digits, or BadAddress saying why."""
    if not raw or len(raw) > MAX_PLY_DIGITS or not set(raw) <= ASCII_DIGITS:
        raise BadAddress(msg("error.bad_ply", ply=shorten(raw, 20), top="9" * MAX_PLY_DIGITS))
    return int(raw)


@dataclass(frozen=True)
class Route:
    kind: str = "home"  # "home" | "save" | "record" | "setup" | "draft"
    value: str = ""
    ply: Optional[int] = None  # a replay frozen at this ply (records always open in replay)

    @property
    def replay(self) -> bool:
        return self.kind == "record" or (self.kind == "save" and self.ply is not None)

    def to_hash(self) -> str:
        if self.kind == "home":
            return ""
        text = f"{self.kind}={self.value}"
        return text + (f"&ply={self.ply}" if self.ply is not None else "")


def parse(hash_: str) -> Route:
    """Read a location hash (with or without ``#``); anything unknown is the home page.
    A known address whose ``ply`` is not a short number raises BadAddress (never a guess:
    the link is refused in words, and what is on screen stays)."""
    parts = hash_.lstrip("#").split("&")
    head, _, value = parts[0].partition("=")
    if head not in KINDS or not value:
        return Route()
    params = dict(p.partition("=")[::2] for p in parts[1:])
    ply = parse_ply(params["ply"]) if "ply" in params else None
    return Route(head, value, ply)
