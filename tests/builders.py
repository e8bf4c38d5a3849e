"""Builders shared by every test folder (on the path through pytest.ini's ``pythonpath``).

One way to sit a test table, instead of one per test file: engine, screen, bot, browser and
tablet-tour tests all build their seats here.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Union

from ludotheque.core.seats import BotLevel, Seat, SeatKind

NAMES = ("Alice", "Bruno", "Chloé", "David", "Emma", "Farid")


def seats(table: Union[int, str, Sequence[str]] = 3, *, names: Sequence[str] = NAMES,
          level: Union[str, BotLevel] = BotLevel.NORMAL, youngest: Optional[int] = None,
          robots: bool = False) -> List[Seat]:
    """A table for a test: `table` people, or one kind per seat, ``"hbb"`` or ``["human", "bot",
    "bot"]`` (h a person, b a bot). Seat i is ``names[i]``, or ``"Robot i"`` for a bot when
    `robots`; bots play at `level`; `youngest` is the index of the youngest seat (who starts
    where the rules say so), none by default."""
    kinds = "h" * table if isinstance(table, int) else [str(k)[:1] for k in table]
    out = []
    for i, kind in enumerate(kinds):
        if kind not in ("h", "b"):
            raise ValueError(f"seat kind {kind!r}: h (a person) or b (a bot)")
        bot = kind == "b"
        out.append(Seat(f"Robot {i}" if bot and robots else names[i], SeatKind.BOT if bot else SeatKind.HUMAN,
                        BotLevel(level), youngest=i == youngest))
    return out
