"""L'Île des Mookies in words: a move as the log and screen readers say it, the "all cards"
list of a finished game, a rule's value in the rules panel. Messages only (ids of the
catalogues, ``mookies.move.*``, ``mookies.open.*``); the screens word them.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Tuple

from ..core.messages import Msg, msg
from .mookies_cards import Family, family_msg


def describe_move(engine: Any, verb: str, arg: str, mover: int, reader: Optional[int]) -> Msg:
    """A move in words, said before it is applied. Read by a seat (the move log) in a memory
    game, a face laid is not named: collections show only their top face, and the log must
    not remember for the players."""
    name = engine.seats[mover].name
    if verb == "take":
        return msg("mookies.move.take", name=name, pile=int(arg))
    if verb == "return":
        return msg("mookies.move.return", name=name, family=family_msg(arg))
    face = engine.taken[1].face(arg)
    other = engine.seats[engine.opponent(mover)].name
    if reader is not None and not engine.options["easy_memory"]:
        if face.is_spider:
            return msg("mookies.move.lay_other_hidden", name=name, whose=other)
        return msg("mookies.move.lay_own_hidden", name=name)
    if face.is_spider:
        return msg("mookies.move.lay_spider", name=name, whose=other)
    return msg("mookies.move.lay_face", name=name, face=face.a_mookie())


def open_cards(engine: Any) -> List[Tuple[Msg, List[str]]]:
    """Everything, for the "all cards" replay of a finished game: each collection bottom
    first, then each pile top first as upper/lower."""
    out = [(msg("mookies.open.collection", name=s.name), [laid.face.code for laid in engine.collections[i]])
           for i, s in enumerate(engine.seats)]
    out += [(msg("mookies.open.pile", pile=i + 1), [c.code for c in reversed(p)]) for i, p in enumerate(engine.piles)]
    return out


def stars_per_trophy(values: Mapping[str, Any]) -> Dict[str, List[Msg]]:
    """The rules panel's value for the rule that the five stars options change together:
    every trophy's stars in this game ("Soleil 3, Lune 3, … et Feuille 1")."""
    return {"house.stars_per_trophy": [msg("mookies.stars_of", family=family_msg(f), count=values["stars_" + f.value])
                                       for f in Family]}
