"""Choosing the cards dealt, for the example editor: an author sets up the situation a rule
is about instead of hunting for it in a played game.

Every engine accepts an explicit deal (``deck`` in a record, docs/records.md), each in its
own shape, and each game has a form here: L'Île des Mookies (two piles of two-faced cards),
MasterIslands (the start card, each hand, the draw pile), Mind Up! (each hand, the centre
row, the rest of the deck) and Mosquito PLAF! (each hand, the card turned up, the rest of
the deck).

The form shows the deal of the game the example was made from (read from the engine at
move 0), one field per pile or hand, cards as the records write them; a form left as it is
gives back the same game. The engine itself checks what is typed (a card that does not
exist, or twice, or too many of one) and says what is wrong. In Mind Up! and Mosquito PLAF!
the rest of the deck (most of their 60 and 65 cards) may be left as it is: a card typed in a
hand, the centre row or the card turned up leaves it, and a card named nowhere goes to its
bottom, in the order of the deal shown. Mind Up! deals its cards in blocks (7 to each hand,
one per player to the centre row), so a hand or a row of the wrong size is refused here,
before the blocks slide; what the form does not show (Mind Up!'s score-card orders and
objectives) is kept from the game it was read from.

Pure: the screen (editor_screen.py) draws the fields, web/editor.py starts the game.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Dict, List, Mapping, Sequence, Tuple, Union

from ..core.errors import BadSetup
from ..core.messages import Msg, msg
from ..core.record import Record
from ..core.seats import SeatKind
from ..games import engine_class
from ..games.mindup import FIRST_HAND
from ..games.replay import start
from .annotations import ExampleError
from .draft import neutral_name

DEAL_GAMES = ("mookies", "masterislands", "mindup", "mosquito")


@dataclass(frozen=True)
class DealPart:
    key: str                # the form field: deal-<key>
    label: Msg              # worded by the screen
    codes: Tuple[str, ...]  # top first


def parts(record: Record) -> List[DealPart]:
    """The deal of ``record``'s game, part by part ([] for a game without a deal form)."""
    engine = start(record)
    game = record.game
    if game == "mookies":
        return [DealPart(f"pile{i + 1}", msg("explain.deal.pile", number=i + 1),
                         tuple(card.code for card in reversed(pile))) for i, pile in enumerate(engine.piles)]
    if game not in DEAL_GAMES:
        return []
    hands = [DealPart(f"hand{i + 1}", msg("explain.deal.hand", name=s.name), tuple(str(c) for c in hand))
             for i, (s, hand) in enumerate(zip(record.seats, engine.hands))]
    if game == "masterislands":
        hands = [DealPart(p.key, p.label, tuple(c.code for c in hand)) for p, hand in zip(hands, engine.hands)]
        return ([DealPart("start", msg("explain.deal.start"), (engine.grid[(0, 0)].code,))] + hands
                + [DealPart("draw", msg("explain.deal.draw"), tuple(c.code for c in reversed(engine.pile)))])
    if game == "mindup":
        return hands + [DealPart("centre", msg("explain.deal.centre"), tuple(str(c) for c in engine.centre)),
                        DealPart("draw", msg("explain.deal.rest"), tuple(str(c) for c in engine.draw))]
    # mosquito: the top of the deck is the end of its list; the card turned up ends the discard
    return hands + [DealPart("up", msg("explain.deal.up"), (engine.top,)),
                    DealPart("draw", msg("explain.deal.rest"), tuple(reversed(engine.pile)))]


def legend(game: str) -> Msg:
    """How the cards are written, in words."""
    return msg(f"explain.deal.legend.{game}")


def _codes(fields: Mapping[str, str], key: str) -> List[str]:
    return [c for c in str(fields.get(f"deal-{key}", "")).replace(",", " ").split() if c]


def _rest(typed: Sequence[str], named: Sequence[str], shown: Sequence[str]) -> List[str]:
    """The rest of the deck: what is typed there, less the cards named in another field, then
    the cards of the deal shown that are named nowhere, in their order."""
    taken = set(named)
    out = [c for c in typed if c not in taken]
    seen = taken | set(typed)
    return out + [c for c in shown if c not in seen]


def _count(part: DealPart, codes: Sequence[object], size: int) -> None:
    if len(codes) != size:
        raise ExampleError(msg("explain.deal.count", part=part.label, n=size, got=len(codes)))


def _number(code: str) -> Union[int, str]:
    """A Mind Up! card as the engine wants it (a number); anything else is left for the engine to refuse."""
    return int(code) if code.isdigit() else code


def deck_from(record: Record, fields: Mapping[str, str]) -> Dict[str, object]:
    """The explicit deck, in the shape ``record``'s engine takes, from the form's fields
    (codes separated by spaces or commas)."""
    game = record.game
    if game == "mookies":
        return {"piles": [_codes(fields, "pile1"), _codes(fields, "pile2")]}
    if game == "masterislands":
        hands = sorted((k for k in fields if k.startswith("deal-hand") and k[9:].isdigit()), key=lambda k: int(k[9:]))
        start_card = _codes(fields, "start")
        return {"start": start_card[0] if start_card else "", "hands": [_codes(fields, k[5:]) for k in hands],
                "draw": _codes(fields, "draw")}
    if game not in DEAL_GAMES:
        raise ExampleError(msg("explain.deal.none"))
    shown = parts(record)
    by_key = {p.key: p for p in shown}
    hands = [_codes(fields, p.key) for p in shown if p.key.startswith("hand")]
    in_play = [_codes(fields, p.key) for p in shown if p.key.startswith("hand") or p.key in ("centre", "up")]
    named = [c for codes in in_play for c in codes]
    rest = _rest(_codes(fields, "draw"), named, [c for p in shown for c in p.codes])
    if game == "mosquito":
        up = _codes(fields, "up")
        _count(by_key["up"], up, 1)
        return {"hands": hands, "up": up[0], "pile": rest}
    # mindup: blocks of 7 per seat, then the centre row (one card per seat), then the draw pile
    for p, codes in zip(shown, hands):
        _count(p, codes, FIRST_HAND)
    _count(by_key["centre"], _codes(fields, "centre"), len(hands))
    engine = start(record)
    deck: Dict[str, object] = {"cards": [_number(c) for c in named + rest],
                               "orders": [list(o) for o in engine.orders]}
    if int(engine.options["objectives"]):
        deck["objectives"] = [list(p) for p in engine.objective_plan]
    return deck


def dealt(record: Record, fields: Mapping[str, str], lang: str) -> Record:
    """A new game of the same kind with the chosen deal: no move, every seat a person (the
    author plays every side up to the situation), neutral names. ExampleError (a RecordError)
    says what is wrong, in the engine's own words when the engine refused the deal."""
    deck = deck_from(record, fields)
    seats = [replace(s, kind=SeatKind.HUMAN, name=neutral_name(i, lang)) for i, s in enumerate(record.seats)]
    new = Record(record.game, record.rules_version, dict(record.options), seats, None, deck, [], {})
    try:
        engine_class(new.game)(new.seats, options=new.options, seed=new.seed, deck=new.deck)
    except BadSetup as exc:
        raise ExampleError(exc.msg) from exc
    start(new)
    return new
