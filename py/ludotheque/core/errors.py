"""Errors that players see: each says which rule forbids a move, in French and English."""
from __future__ import annotations


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

    def __init__(self, fr: str, en: str, code: str = "error") -> None:
        super().__init__(en)
        self.fr = fr
        self.en = en
        self.code = code

    def message(self, lang: str = "fr") -> str:
        return self.fr if lang == "fr" else self.en

    def to_dict(self) -> dict:
        return {"code": self.code, "fr": self.fr, "en": self.en}


class IllegalMove(LudoError):
    """A move the rules forbid; `rule` names the rule (an id of the game's rule catalogue)."""

    def __init__(self, rule: str, fr: str, en: str) -> None:
        super().__init__(fr, en, code=rule)
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

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(fr, en, code="setup")
