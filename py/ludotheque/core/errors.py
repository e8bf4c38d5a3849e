"""Errors that players see: each says which rule forbids a move, as a message id and its
parameters (core/messages.py), worded in the reader's language only when shown."""
from __future__ import annotations

from typing import Any

from .messages import Msg, msg, say


def shorten(text: object, limit: int = 60) -> str:
    """A piece of outside text fit to quote in a message: never echo a megabyte back."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + f"… (+{len(text) - limit})"


def quoted(value: object, limit: int = 24) -> str:
    """A bad value from a file as JSON writes it (`true`, `"1"`, `1e+300`), never long."""
    from json import dumps

    try:
        text = dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return shorten(text, limit)


class LudoError(Exception):
    """Base for every error the app turns into a message for people: a :class:`Msg`, worded
    in the reader's language only when shown (``message(lang)``, or ``say(err.msg, lang)``)."""

    def __init__(self, msg: Msg, code: str = "error") -> None:
        if not isinstance(msg, Msg):
            raise TypeError(f"{type(self).__name__} takes a message (core/messages.py), not {type(msg).__name__}")
        self.msg = msg
        self.code = code
        super().__init__(msg.id)

    def message(self, lang: str = "fr") -> str:
        return say(self.msg, lang)

    def __str__(self) -> str:  # logs and tracebacks: English
        return say(self.msg, "en") or self.msg.id

    def to_dict(self) -> dict:
        """The error as data: its code, its message id and the message's parameters."""
        out = {"code": self.code}
        out.update(self.msg.to_dict())
        return out


class IllegalMove(LudoError):
    """A move the rules forbid; `rule` names the rule (an id of the game's rule catalogue)."""

    def __init__(self, rule: str, msg: Msg) -> None:
        super().__init__(msg, code=rule)
        self.rule = rule

    def __str__(self) -> str:
        return f"[{self.rule}] {say(self.msg, 'en')}"


class BadMove(IllegalMove):
    """Text that is not a move of this game at all (a typo in a record, a bad URL); `expected`
    is the move syntax (code, never translated) or a message."""

    def __init__(self, text: str, expected: Any) -> None:
        super().__init__("record.syntax", msg("error.bad_move", text=shorten(text), expected=expected))


class BadSetup(LudoError):
    """Options, seats or a deck that cannot start a game."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg, code="setup")
