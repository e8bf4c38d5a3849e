"""Game records: the one JSON format for saves, replays, shared positions and tests.

See docs/records.md. A record is (game, rules version, options, seats, seed or
deck, moves); replaying it through the engine rebuilds the state exactly. This module
holds the data and its codecs (JSON, link) only: replaying needs the game's engine,
which lives one floor up (ludotheque.games.replay, docs/architecture.md).
"""
from __future__ import annotations

import base64
import math
import re
from json import dumps, loads
import zlib
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .errors import BadSetup, LudoError, quoted, shorten
from .messages import Msg, msg
from .seats import Seat

FORMAT = "ludotheque-record"
FORMAT_VERSION = 1

# The largest record accepted (docs/records.md, "Limits"). The longest real game is a
# few hundred moves of at most ~40 characters (7 KB); these leave a wide margin while
# keeping a hostile link or file from freezing the page (a 2 MB "[[[...]]]" overflows
# the parser's stack, a 1.5 GB zip bomb takes 40 s). They are checked BEFORE parsing.
MAX_LINK_CHARS = 100_000      # the #record= text (compressed, base64)
MAX_RECORD_BYTES = 512_000    # the JSON text (a file, a save, a decompressed link)
MAX_MOVES = 5_000
MAX_MOVE_CHARS = 200
MAX_DEPTH = 16                # nesting of [] and {} in the JSON text
MAX_RULES_VERSION = 1_000_000  # far past any game's rules version, short to quote

# a whole string (skipped), a bracket, or a quote that opens a string never closed
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]|"')


class RecordError(LudoError):
    """A file or text that is not a readable record."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message, code="record")


class RecordTooLarge(RecordError):
    """A record past one of the limits above; the message names the limit (``what``, a message
    such as ``record.limit.size``), the size found (None when unknown) and the limit."""

    def __init__(self, what: Msg, size: Optional[int], limit: int) -> None:
        if size is None:
            super().__init__(msg("record.too_large_unsized", what=what, limit=limit))
        else:
            super().__init__(msg("record.too_large", what=what, size=size, limit=limit))
        self.code = "record-limit"
        self.what = what
        self.size = size
        self.limit = limit


def check_text(text: str, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_DEPTH) -> None:
    """Refuse a JSON text past the size or nesting limits, without parsing it (a file of
    several saves passes its own, larger limits)."""
    size = len(text.encode("utf-8")) if len(text) * 4 > max_bytes else len(text)
    if size > max_bytes:
        raise RecordTooLarge(msg("record.limit.size"), size, max_bytes)
    depth = 0
    for token in _TOKENS.finditer(text):
        ch = token.group()
        if ch == '"':
            return  # unterminated string: the JSON parser stops there with a plain error
        if len(ch) > 1:
            continue
        depth = depth + 1 if ch in "[{" else depth - 1
        if depth > max_depth:
            raise RecordTooLarge(msg("record.limit.depth"), depth, max_depth)


def _no_constant(name: str) -> Any:
    raise RecordError(msg("record.json_constant", name=shorten(name, 24)))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400 reads as infinity
        raise RecordError(msg("record.number_range", text=shorten(text, 24)))
    return value


def load_json(text: str) -> Any:
    """JSON as the standard defines it: `Infinity`, `NaN` and numbers past a float are refused
    by name (Python's json reads them, and they failed later as an OverflowError)."""
    return loads(text, parse_constant=_no_constant, parse_float=_finite)


def _quoted(value: Any) -> str:
    """A bad value, short enough to quote (1e300 read as an int had 301 digits)."""
    return quoted(value)


def _check_fields(d: Dict[str, Any]) -> None:
    """The types of a record's top fields, each refused with its name and what it should be."""
    game = d.get("game")
    if not isinstance(game, str):
        raise RecordError(msg("record.field.game", value=_quoted(game)))
    rv = d.get("rules_version", 1)
    if type(rv) is not int or not 0 <= rv <= MAX_RULES_VERSION:
        raise RecordError(msg("record.field.rules_version", top=MAX_RULES_VERSION, value=_quoted(rv)))
    if not isinstance(d.get("seats"), list):
        raise RecordError(msg("record.field.seats", value=_quoted(d.get("seats"))))
    meta = d.get("meta")
    if meta is None:
        return
    if not isinstance(meta, dict):
        raise RecordError(msg("record.field.meta", value=_quoted(meta)))
    title = meta.get("title")
    if title is not None and not isinstance(title, str) and not (
            isinstance(title, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in title.items())):
        raise RecordError(msg("record.field.meta_title", value=_quoted(title)))
    rules = meta.get("rules")
    if rules is not None and not (isinstance(rules, list) and all(isinstance(r, str) for r in rules)):
        raise RecordError(msg("record.field.meta_rules", value=_quoted(rules)))
    display = meta.get("display")
    if display is not None and not isinstance(display, dict):
        raise RecordError(msg("record.field.meta_display", value=_quoted(display)))


def check_moves(moves: list) -> None:
    """Refuse too many moves, or one too long, before any of them reaches an engine."""
    if len(moves) > MAX_MOVES:
        raise RecordTooLarge(msg("record.limit.moves"), len(moves), MAX_MOVES)
    for i, m in enumerate(moves):
        if len(m) > MAX_MOVE_CHARS:
            raise RecordTooLarge(msg("record.limit.move_length", index=i), len(m), MAX_MOVE_CHARS)


class ReplayError(LudoError):
    """Move number `index` (0-based) of a record is illegal; `cause` says why."""

    def __init__(self, index: int, move: str, cause: LudoError) -> None:
        super().__init__(msg("record.illegal_move", index=index, move=shorten(move), why=cause.msg), code="replay")
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
            raise RecordError(msg("record.not_ludotheque"))
        version = d.get("version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise RecordError(msg("record.unknown_version", version=_quoted(version)))
        _check_fields(d)
        try:
            seats = [Seat.from_dict(s) for s in d["seats"]]
            moves = d.get("moves", [])
            if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
                raise TypeError("moves")
            check_moves(moves)
            seed = d.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise TypeError("seed")
            options = d.get("options", {})
            if not isinstance(options, dict):
                raise TypeError("options")
            return cls(
                game=d["game"],
                rules_version=d.get("rules_version", 1),
                options=options,
                seats=seats,
                seed=seed,
                deck=d.get("deck"),
                moves=list(moves),
                meta=dict(d.get("meta") or {}),
            )
        except BadSetup as exc:
            raise RecordError(msg("record.unreadable", why=exc.msg)) from exc
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(msg("record.unreadable_field", field=shorten(exc))) from exc

    @classmethod
    def from_json(cls, text: str) -> "Record":
        check_text(text)
        try:
            data = load_json(text)
        except (ValueError, TypeError, RecursionError) as exc:
            raise RecordError(msg("record.not_json")) from exc
        return cls.from_dict(data)

    # URL form (#record=...): compact, URL-safe, no padding.
    def to_url_fragment(self) -> str:
        raw = zlib.compress(dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False).encode("utf-8"), 9)
        return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    @classmethod
    def from_url_fragment(cls, text: str) -> "Record":
        if len(text) > MAX_LINK_CHARS:
            raise RecordTooLarge(msg("record.limit.link"), len(text), MAX_LINK_CHARS)
        try:
            pad = "=" * (-len(text) % 4)
            inflate = zlib.decompressobj()
            # bounded: never more than the limit (+1 byte to know it was exceeded)
            raw = inflate.decompress(base64.urlsafe_b64decode(text + pad), MAX_RECORD_BYTES + 1)
            if len(raw) > MAX_RECORD_BYTES:
                raise RecordTooLarge(msg("record.limit.inflated"), None, MAX_RECORD_BYTES)
            if not inflate.eof:
                raise ValueError("truncated zlib stream")
            return cls.from_json(raw.decode("utf-8"))
        except RecordError:
            raise
        except Exception as exc:  # binascii.Error, zlib.error, UnicodeDecodeError
            raise RecordError(msg("record.link_damaged")) from exc
