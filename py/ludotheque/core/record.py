"""Game records: the one JSON format for saves, replays, shared positions and tests.

See docs/records.md. A record is (game, rules version, options, seats, seed or
deck, moves); replaying it through the engine rebuilds the state exactly.
"""
from __future__ import annotations

import base64
from json import dumps, loads
import zlib
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .errors import BadSetup, IllegalMove, LudoError
from .seats import Seat

FORMAT = "ludotheque-record"
FORMAT_VERSION = 1


class RecordError(LudoError):
    """A file or text that is not a readable record."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(fr, en, code="record")


class ReplayError(LudoError):
    """Move number `index` (0-based) of a record is illegal; `cause` says why."""

    def __init__(self, index: int, move: str, cause: LudoError) -> None:
        super().__init__(
            f"Coup n° {index} ({move}) illégal : {cause.fr}",
            f"Move #{index} ({move}) is illegal: {cause.en}",
            code="replay",
        )
        self.index = index
        self.move = move
        self.cause = cause


@dataclass
class Record:
    game: str
    rules_version: int
    options: Dict[str, Any]
    seats: List[Seat]
    seed: Optional[int] = None
    deck: Any = None
    moves: List[str] = field(default_factory=list)
    meta: Dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": [s.to_dict() for s in self.seats],
        }
        if self.seed is not None:
            d["seed"] = self.seed
        if self.deck is not None:
            d["deck"] = self.deck
        d["moves"] = list(self.moves)
        if self.meta:
            d["meta"] = self.meta
        return d

    def to_json(self, indent: Optional[int] = 1) -> str:
        return dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(cls, d: Any) -> "Record":
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise RecordError("Ce fichier n'est pas une partie Ludothèque.", "This is not a Ludothèque game record.")
        version = d.get("version")
        if version != FORMAT_VERSION:
            raise RecordError(
                f"Version de partie inconnue ({version!r}) : mettez l'application à jour.",
                f"Unknown record version ({version!r}): update the app.",
            )
        try:
            seats = [Seat.from_dict(s) for s in d["seats"]]
            moves = d.get("moves", [])
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise TypeError("moves")
            seed = d.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise TypeError("seed")
            options = d.get("options", {})
            if not isinstance(options, dict):
                raise TypeError("options")
            return cls(
                game=str(d["game"]),
                rules_version=int(d.get("rules_version", 1)),
                options=options,
                seats=seats,
                seed=seed,
                deck=d.get("deck"),
                moves=list(moves),
                meta=dict(d.get("meta") or {}),
            )
        except BadSetup as exc:
            raise RecordError("Partie illisible : " + exc.fr, "Unreadable record: " + exc.en) from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(
                f"Partie illisible (champ {exc}).", f"Unreadable record (field {exc})."
            ) from exc

    @classmethod
    def from_json(cls, text: str) -> "Record":
        try:
            data = loads(text)
        except (ValueError, TypeError) as exc:
            raise RecordError("Ce fichier n'est pas du JSON valide.", "This file is not valid JSON.") from exc
        return cls.from_dict(data)

    # URL form (#record=...): compact, URL-safe, no padding.
    def to_url_fragment(self) -> str:
        raw = zlib.compress(dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False).encode("utf-8"), 9)
        return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    @classmethod
    def from_url_fragment(cls, text: str) -> "Record":
        try:
            pad = "=" * (-len(text) % 4)
            raw = zlib.decompress(base64.urlsafe_b64decode(text + pad))
            return cls.from_json(raw.decode("utf-8"))
        except RecordError:
            raise
        except Exception as exc:  # binascii.Error, zlib.error, UnicodeDecodeError
            raise RecordError("Le lien de partie est abîmé.", "The game link is damaged.") from exc

    # -- engine side ------------------------------------------------------------
    def start(self):
        """The engine at move 0."""
        from ..games import engine_class

        cls = engine_class(self.game)
        if self.rules_version != cls.RULES_VERSION:
            raise RecordError(
                f"Règles version {self.rules_version} inconnues pour ce jeu (version actuelle {cls.RULES_VERSION}).",
                f"Rules version {self.rules_version} is unknown for this game (current {cls.RULES_VERSION}).",
            )
        try:
            return cls(self.seats, options=self.options, seed=self.seed, deck=self.deck)
        except BadSetup as exc:
            raise RecordError("Partie illisible : " + exc.fr, "Unreadable record: " + exc.en) from exc

    def replay(self, upto: Optional[int] = None):
        """The engine after the first `upto` moves (all by default); ReplayError names the first bad one."""
        from .engine import Move

        engine = self.start()
        moves = self.moves if upto is None else self.moves[:upto]
        for i, text in enumerate(moves):
            try:
                engine.apply(Move.decode(text))
            except IllegalMove as exc:
                raise ReplayError(i, text, exc) from exc
        return engine
