"""L'Île des Mookies as values: families, faces, cards, a card laid, the phases of a turn.

A face is written as its code (``soleil``, ``soleil*`` for the family's shiny legendary,
``araignee``); its name in words is a catalogue message (``mookies.family.<family>``,
``mookies.a_face.<family>[_legendary]``), never a string of this module.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Optional, Tuple

from ..core.errors import BadSetup, shorten
from ..core.messages import Msg, msg


class Family(str, Enum):
    SOLEIL = "soleil"
    LUNE = "lune"
    FOSSILE = "fossile"
    COQUILLAGE = "coquillage"
    FEUILLE = "feuille"


SPIDER = "araignee"
COVERED = "?"  # a face a past view does not show: covered since (see MookiesEngine.past_view)


def family_msg(family: "Family | str") -> Msg:
    """A family's name ("Soleil", "Sun"): its trophy, the lists, the end-of-game steps."""
    return msg(f"mookies.family.{Family(family).value}")


@dataclass(frozen=True)
class Face:
    """One side of a card: a Mookie of a family (maybe legendary) or a spider."""

    family: Optional[Family]
    legendary: bool = False

    @property
    def is_spider(self) -> bool:
        return self.family is None

    @property
    def weight(self) -> int:
        """What this face adds to its family's count: a legendary counts as two."""
        return 0 if self.family is None else (2 if self.legendary else 1)

    @property
    def code(self) -> str:
        if self.family is None:
            return SPIDER
        return self.family.value + ("*" if self.legendary else "")

    @property
    def key(self) -> str:
        """The face in message ids: ``soleil``, ``soleil_legendary``, ``araignee``."""
        if self.family is None:
            return SPIDER
        return self.family.value + ("_legendary" if self.legendary else "")

    @classmethod
    def parse(cls, code: str) -> "Face":
        if code == SPIDER:
            return cls(None)
        legendary = code.endswith("*")
        try:
            return cls(Family(code[:-1] if legendary else code), legendary)
        except ValueError:
            raise BadSetup(msg("mookies.setup.unknown_face", code=shorten(code))) from None

    def a_mookie(self) -> Msg:
        """"un Mookie Soleil légendaire" / "a legendary Sun Mookie": a Mookie face laid, in a move."""
        assert self.family is not None, "a spider is laid by its own message"
        return msg(f"mookies.a_face.{self.key}")


@dataclass(frozen=True)
class Card:
    """A card as it lies: `up` is the face showing on the pile."""

    up: Face
    down: Face

    @property
    def code(self) -> str:
        return f"{self.up.code}/{self.down.code}"

    def face(self, side: str) -> Face:
        return self.up if side == "up" else self.down

    def unordered(self) -> Tuple[str, str]:
        return tuple(sorted((self.up.code, self.down.code)))  # type: ignore[return-value]

    @classmethod
    def parse(cls, code: str) -> "Card":
        parts = str(code).split("/")
        if len(parts) != 2:
            raise BadSetup(msg("mookies.setup.bad_card", code=shorten(code)))
        return cls(Face.parse(parts[0]), Face.parse(parts[1]))


@dataclass(frozen=True)
class Laid:
    """A card in a collection, with the face that was played (the only one that counts)."""

    card: Card
    side: str  # "up" | "down": which face of the card was played
    by: int    # seat who laid it

    @property
    def face(self) -> Face:
        return self.card.face(self.side)


class Phase(str, Enum):
    TAKE = "take"
    CHOOSE = "choose"
    PENALTY = "penalty"
    OVER = "over"
