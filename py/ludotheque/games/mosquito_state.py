"""Mosquito PLAF!'s moving parts shared by the engine's modules: the phase of play, where a seat
stands with "Moustique !", and an open PLAF! race."""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, List, Tuple

from ..core.messages import msg

from .mosquito_catalogue import expected_hand

# After someone comes down to one card, the table waits this long for their call or a catch
# before play moves on: the app holds the bots' turns (web/mosquito.py), and self-play takes
# the first call or catch within it (bots/mosquito.py). Time is the view's, never the engine's.
CALL_HORIZON_MS = 3000

# What a record's Mosquito move looks like, quoted when a move is not one (core/errors.BadMove).
PLAY_SYNTAX = "play/65, play/63,64, play/M7, play/N3, draw, pass, slap/R/420, call, catch/2"


def step(msg_id: str, **params: Any) -> Dict[str, Any]:
    """One step of an explanation (a race's, a round's, the game's), kept as plain data: the
    engine's state and views travel as JSON (saves, the explainer, the CLI)."""
    return msg(msg_id, **params).to_dict()


class Phase(str, Enum):
    PLAY = "play"
    RACE = "race"
    OVER = "over"


class Alert(str, Enum):
    """Where a seat holding one card stands with "Moustique !"."""

    OPEN = "open"        # must call; may be caught
    CALLED = "called"    # called in time
    SAFE = "safe"        # did not call, but the window for catching has passed
    CAUGHT = "caught"    # caught while the deck was empty (nothing to draw)


@dataclass
class Race:
    """An open PLAF! race: the slaps that have arrived, in arrival (record) order."""

    no: int
    layer: int
    digit: int
    opened_at: int                 # index of the move that played the Mosquito card
    participants: List[int]        # in play order from the layer's next player
    slaps: List[Tuple[int, str, int]] = field(default_factory=list)  # (seat, "L"/"R", ms)
    slapped: List[int] = field(default_factory=list)                 # every seat that slapped

    @property
    def hand(self) -> str:
        return expected_hand(self.digit)
