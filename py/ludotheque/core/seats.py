"""Who sits at the table: people and bots, in seat order."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, List, Mapping, Optional, Sequence

from .errors import BadSetup, quoted, shorten
from .messages import msg

# Bidirectional embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI).
# Never needed to write a name, and one RLO (U+202E) in a name reversed the text after it in
# every sentence that quoted the name. The screens also isolate names (<bdi>, CSS `isolate`).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


MAX_TEAMS = 16


def without_bidi_controls(text: str) -> str:
    """Outside text (a name, a title) without the controls that reorder text around it."""
    return "".join(c for c in text if c not in BIDI_CONTROLS) if any(c in BIDI_CONTROLS for c in text) else text


class SeatKind(str, Enum):
    HUMAN = "human"
    BOT = "bot"


class BotLevel(str, Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class Seat:
    name: str
    kind: SeatKind = SeatKind.HUMAN
    level: BotLevel = BotLevel.NORMAL
    youngest: bool = False
    team: Optional[int] = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", without_bidi_controls(self.name))  # every Seat, however made

    @property
    def is_bot(self) -> bool:
        return self.kind is SeatKind.BOT

    def to_dict(self) -> dict:
        d = {"name": self.name, "kind": self.kind.value}
        if self.is_bot:
            d["level"] = self.level.value
        if self.youngest:
            d["youngest"] = True
        if self.team is not None:
            d["team"] = self.team
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Seat":
        """A seat from outside (a record, a file): every field of the type it must have."""
        if not isinstance(d, Mapping):
            raise BadSetup(msg("setup.seat_not_object", seat=shorten(repr(d))))
        if not isinstance(d.get("name"), str):
            raise BadSetup(msg("setup.seat_name_type", value=quoted(d.get("name"))))
        youngest = d.get("youngest", False)
        if not isinstance(youngest, bool):  # "false" as text was read as true
            raise BadSetup(msg("setup.youngest_type", value=quoted(youngest)))
        try:
            name = str(d["name"]).strip()
            kind = SeatKind(d.get("kind", "human"))
            level = BotLevel(d.get("level", "normal"))
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise BadSetup(msg("setup.seat_invalid", seat=shorten(repr(d)))) from exc
        if not name:
            raise BadSetup(msg("setup.seat_no_name"))
        team = d.get("team")
        if team is not None and (type(team) is not int or not 0 <= team < MAX_TEAMS):
            raise BadSetup(msg("setup.team_invalid", value=quoted(team), top=MAX_TEAMS - 1))
        return cls(name=name[:40], kind=kind, level=level, youngest=youngest, team=team)


def parse_seats(raw: Sequence[Any], minimum: int, maximum: int) -> List[Seat]:
    seats = [s if isinstance(s, Seat) else Seat.from_dict(s) for s in raw]
    if not minimum <= len(seats) <= maximum:
        raise BadSetup(msg("setup.seat_count", low=minimum, high=maximum, got=len(seats)))
    return seats


def bot_seat(index: int, level: BotLevel = BotLevel.NORMAL) -> Seat:
    return Seat(name=f"Bot {index + 1}", kind=SeatKind.BOT, level=level)
