"""Choosing the cards dealt, for the example editor: an author sets up the situation a rule
is about instead of hunting for it in a played game.

Every engine accepts an explicit deal (``deck`` in a record, docs/records.md), each in its
own shape. Offered here for the games whose deal may be short and is read at a glance:
L'Île des Mookies (two piles of two-faced cards) and MasterIslands (the start card, each
hand, the draw pile). Mind Up! and Mosquito PLAF! need the whole ordered deck (60 and 65
cards): that wants a card picker, not a list of codes, and is left for later.

The form shows the deal of the game the example was made from (read from the engine at
move 0), one field per pile or hand, cards as the records write them; the engine itself
checks what is typed (a card that does not exist, or too many of one) and says what is
wrong. Pure: the screen (editor_screen.py) draws the fields, web/editor.py starts the game.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Dict, List, Mapping, Tuple

from ..core.errors import BadSetup
from ..core.messages import Msg, msg
from ..core.record import Record
from ..core.seats import SeatKind
from ..games.replay import start
from .annotations import ExampleError
from .draft import neutral_name

DEAL_GAMES = ("mookies", "masterislands")


@dataclass(frozen=True)
class DealPart:
    key: str                # the form field: deal-<key>
    label: Msg              # worded by the screen
    codes: Tuple[str, ...]  # top first


def parts(record: Record) -> List[DealPart]:
    """The deal of ``record``'s game, part by part ([] for a game without a deal form)."""
    engine = start(record)
    if record.game == "mookies":
        return [DealPart(f"pile{i + 1}", msg("explain.deal.pile", number=i + 1),
                         tuple(card.code for card in reversed(pile))) for i, pile in enumerate(engine.piles)]
    if record.game == "masterislands":
        out = [DealPart("start", msg("explain.deal.start"), (engine.grid[(0, 0)].code,))]
        out += [DealPart(f"hand{i + 1}", msg("explain.deal.hand", name=s.name), tuple(c.code for c in hand))
                for i, (s, hand) in enumerate(zip(record.seats, engine.hands))]
        out.append(DealPart("draw", msg("explain.deal.draw"),
                            tuple(c.code for c in reversed(engine.pile))))
        return out
    return []


def legend(game: str) -> Msg:
    """How the cards are written, in words."""
    return msg(f"explain.deal.legend.{game}")


def deck_from(game: str, fields: Mapping[str, str]) -> Dict[str, object]:
    """The explicit deck from the form's fields (codes separated by spaces or commas)."""
    def codes(key: str) -> List[str]:
        return [c for c in str(fields.get(f"deal-{key}", "")).replace(",", " ").split() if c]

    if game == "mookies":
        return {"piles": [codes("pile1"), codes("pile2")]}
    if game == "masterislands":
        hands = sorted((k for k in fields if k.startswith("deal-hand") and k[9:].isdigit()), key=lambda k: int(k[9:]))
        start_card = codes("start")
        return {"start": start_card[0] if start_card else "", "hands": [codes(k[5:]) for k in hands],
                "draw": codes("draw")}
    raise ExampleError(msg("explain.deal.none"))


def dealt(record: Record, fields: Mapping[str, str], lang: str) -> Record:
    """A new game of the same kind with the chosen deal: no move, every seat a person (the
    author plays every side up to the situation), neutral names. RecordError says what the
    engine refused."""
    deck = deck_from(record.game, fields)
    seats = [replace(s, kind=SeatKind.HUMAN, name=neutral_name(i, lang)) for i, s in enumerate(record.seats)]
    new = Record(record.game, record.rules_version, dict(record.options), seats, None, deck, [], {})
    try:
        start(new)
    except BadSetup as exc:
        raise ExampleError(exc.msg) from exc
    return new
