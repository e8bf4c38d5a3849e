"""What Mind Up! says, as messages (core/messages.py): a choice laid face down, a card's
colour, an objective's condition, and the end of the game explained step by step. The words
are the catalogues' ``mindup.*`` entries (locale/*.po); nothing here picks a language."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..core.messages import Msg, msg


def colour_msg(colour: str) -> Msg:
    """A colour's name ("vert"), from its code in games/mindup_data.py ("green")."""
    return msg(f"mindup.colour.{colour}")


def objective_msg(obj: int) -> Msg:
    """An objective card's condition ("+2 si tu as exactement 1 ou 3 cartes orange.")."""
    return msg(f"mindup.objective.{obj}")


def signed(points: int) -> str:
    """Points as a card prints them: +2, -1, 0."""
    return f"{points:+d}" if points else "0"


def move_msg(name: str, card: Optional[int], reveals: bool) -> Msg:
    """A choice laid face down: the card is named only to its chooser (``card`` None for the
    others); the last choice of a turn also says that every card is now turned over."""
    kind = "hidden" if card is None else "own"
    key = f"mindup.move.{kind}" + (".reveal" if reveals else "")
    return msg(key, name=name) if card is None else msg(key, name=name, card=card)


def _chain(parts: Sequence[Msg]) -> Any:
    """Parts of one sentence separated the language's way ("a ; b ; c" in French)."""
    out: Any = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("mindup.end.parts", head=part, tail=out)
    return out


def _player_round(rnd: int, name: str, p: Mapping[str, Any]) -> Msg:
    parts: List[Msg] = []
    for st in p["strip"]:
        if not st["cards"]:
            continue
        cards = [f"{c} ({signed(b)})" for c, b in zip(st["cards"], st["bonuses"])]
        parts.append(msg("mindup.end.stack", value=st["value"], colour=colour_msg(st["colour"]),
                         count=len(st["cards"]), cards=cards, points=st["points"]))
    for o in p["objectives"]:
        if o["met"]:
            parts.append(msg("mindup.end.objective_met", number=o["id"], text=objective_msg(o["id"]),
                             points=signed(o["points"])))
        else:
            parts.append(msg("mindup.end.objective_missed", number=o["id"], text=objective_msg(o["id"])))
    # never empty: the last card of every hand is always laid (rule round.last_card_placed)
    return msg("mindup.end.player_round", round=rnd, name=name, parts=_chain(parts), total=p["points"])


def end_steps(rounds: Sequence[Mapping[str, Any]], names: Sequence[str], round_scores: Sequence[Sequence[int]],
              totals: Sequence[int], winner: Any, tiebreak: Optional[str]) -> List[Dict[str, Any]]:
    """The scoring in words, one message per step (as JSON, like the rest of the result): each
    round's score-card order and each player's breakdown, the totals, then who wins and why."""
    steps: List[Msg] = []
    for rnd in rounds:
        r = rnd["round"]
        steps.append(msg("mindup.end.round_order", round=r, order=" ".join(str(v) for v in rnd["order"])))
        for seat, p in enumerate(rnd["players"]):
            steps.append(_player_round(r, names[seat], p))
    lines = [f"{names[s]} {' + '.join(map(str, round_scores[s]))} = {totals[s]}" for s in range(len(names))]
    steps.append(msg("mindup.end.totals", lines=lines))
    if tiebreak is None:
        steps.append(msg("mindup.end.winner", name=names[winner]))
    elif tiebreak == "last_round":
        steps.append(msg("mindup.end.tie_last_round", name=names[winner]))
    else:
        steps.append(msg("mindup.end.tie_shared", names=[names[s] for s in winner]))
    return [s.to_dict() for s in steps]
