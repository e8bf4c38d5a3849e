"""Names stay private when a game leaves the device: a shared link or an exported file may
carry the people's names replaced by neutral ones ("Joueur 1", "Player 2"…: the catalogues'
``sharing.neutral_name``, in the sharer's language), the bots keeping
theirs (a level's name says nothing about anyone). Offered, and on by default, by the share
and export dialog (ui/sharing.py, web/sharing.py).

Names play no part in a replay, so the game replays to the same positions. Notes and titles
in the record's meta may name people too: only the display state (a reveal on screen) is kept.
"""
from __future__ import annotations

from dataclasses import replace

from .core.messages import msg, say
from .core.record import Record

KEPT_META = ("display",)


def with_neutral_names(record: Record, lang: str) -> Record:
    """`record` with every person's name replaced by "Joueur <seat number>" (in `lang`)."""
    taken = {s.name for s in record.seats if s.is_bot}
    seats = []
    for i, seat in enumerate(record.seats):
        if seat.is_bot:
            seats.append(seat)
            continue
        name = say(msg("sharing.neutral_name", number=i + 1), lang)
        while name in taken:  # a bot already called "Joueur 2": never two seats with one name
            name += "′"
        taken.add(name)
        seats.append(replace(seat, name=name))
    meta = {k: v for k, v in record.meta.items() if k in KEPT_META}
    return replace(record, seats=seats, meta=meta)
