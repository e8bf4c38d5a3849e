"""Errors that players see: each says which rule forbids a move, as a message id and its
parameters (core/messages.py), worded in the reader's language only when shown."""
from __future__ import annotations

from typing import Any, Optional, Union

from .messages import Msg, say


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
    """Base for every error the app turns into a message for people."""

    def __init__(self, msg: Union[Msg, str], en: Optional[str] = None, code: str = "error") -> None:
        # ``msg`` is a Msg; a (fr, en) pair of strings is the older form, still accepted while
        # the last callers move to messages (docs/translating.md)
        self.msg: Any = msg if isinstance(msg, Msg) else {"fr": msg, "en": en if en is not None else msg}
        self.code = code
        super().__init__(say(self.msg, "en"))

    @property
    def fr(self) -> str:
        return say(self.msg, "fr")

    @property
    def en(self) -> str:
        return say(self.msg, "en")

    def message(self, lang: str = "fr") -> str:
        return say(self.msg, lang)

    def to_dict(self) -> dict:
        out = {"code": self.code}
        out.update(self.msg.to_dict() if isinstance(self.msg, Msg) else {"fr": self.fr, "en": self.en})
        return out


class IllegalMove(LudoError):
    """A move the rules forbid; `rule` names the rule (an id of the game's rule catalogue)."""

    def __init__(self, rule: str, msg: Union[Msg, str], en: Optional[str] = None) -> None:
        super().__init__(msg, en, code=rule)
        self.rule = rule

    def __str__(self) -> str:
        return f"[{self.rule}] {self.en}"


class BadMove(IllegalMove):
    """Text that is not a move of this game at all (a typo in a record, a bad URL)."""

    def __init__(self, text: str, expected: str) -> None:
        text = shorten(text)
        super().__init__(
            "record.syntax",
            f"« {text} » n'est pas un coup valide (attendu : {expected}).",
            f"'{text}' is not a valid move (expected: {expected}).",
        )


class BadSetup(LudoError):
    """Options, seats or a deck that cannot start a game."""

    def __init__(self, msg: Union[Msg, str], en: Optional[str] = None) -> None:
        super().__init__(msg, en, code="setup")
