"""What people see of a MasterIslands game: moves in words (``masterislands.move.*``), where a
free space is, said by the card beside it (``masterislands.where.*``), and the view a
screen draws. Words are messages, worded only when shown.

A mixin of :class:`~ludotheque.games.masterislands.MasterIslandsEngine`; :func:`where_msg`
is shared with the screen (a lit space's label).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence

from ..core.engine import Move
from ..core.messages import Msg, msg
from .masterislands_catalogue import CONQUEST_VIEW_LIMIT, DIRECTIONS, LINE_KINDS, TEAMS, Card, Mode, Phase, Pos, card_msg
from .masterislands_geometry import cell_text, line_of

# the side of a neighbouring card and where the space is, seen from that card
_SIDES = (("left", "right_of"), ("right", "left_of"), ("up", "below"), ("down", "above"))


def where_msg(pos: Pos, code_at: Callable[[Pos], Optional[str]]) -> Msg:
    """A free space in words people use at the table, by a card beside it ("à droite d'un 3
    bleu"), never grid coordinates; ``code_at`` gives the card code at a cell, or None."""
    for side, key in _SIDES:
        dx, dy = DIRECTIONS[side]
        code = code_at((pos[0] + dx, pos[1] + dy))
        if code is not None:
            return msg(f"masterislands.where.{key}", card=card_msg(code, "beside"))
    return msg("masterislands.where.sea")


def _move(key: str, **params: Any) -> Msg:
    return msg(f"masterislands.move.{key}", **params)


class Views:
    """describe_move, the conquest list and the view."""

    def secrets_marker(self, seat: int) -> Any:
        """Hands are refilled from the hidden deck at the end of a turn; for `seat`, a card
        another player laid from their hand."""
        others = tuple(len(h) for i, h in enumerate(self.hands) if i != seat)
        return (len(self.pile), self.is_over(), others)

    def where_text(self, pos: Pos) -> Msg:
        card = self.grid.get
        return where_msg(pos, lambda p: card(p).code if card(p) is not None else None)

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Msg:
        """The move in words, said before it is applied; nothing in it is hidden from anyone
        (a card is named when it is laid face up), so ``seat`` changes nothing."""
        verb, arg = self._parse(move)
        name = self.seats[move.seat].name
        if verb == "place":
            token, pos = arg
            i = self._hand_card(move.seat, token)
            card = self.hands[move.seat][i] if i is not None else Card.parse(token)
            return _move("place", name=name, card=card.name(), where=self.where_text(pos))
        if verb == "move":
            n, where = arg
            g = self.galleon(move.seat, n)
            there = self.grid.get(self._target(g, where) if g else where)
            if there is None:
                return _move("galleon", name=name, galleon=n)
            return _move("galleon_onto", name=name, galleon=n, card=there.name())
        if verb == "conquer":
            values = [self.grid[c].value for c in sorted(arg) if c in self.grid]
            return _move("conquer", name=name, n=len(arg), values="+".join(str(v) for v in values),
                         total=sum(values))
        if verb == "noconquest":
            return _move("noconquest", name=name)
        if self.phase is Phase.CORSAIR:
            return _move("corsair_stop", name=name)
        return _move("to_conquest", name=name)

    def conquest_list(self, limit: Optional[int] = CONQUEST_VIEW_LIMIT, offset: int = 0) -> List[Dict[str, Any]]:
        """Conquests, largest first, as {"cells", "sum", "size", "line", "action"}."""
        found = sorted(self.conquests(), key=lambda cells: (-len(cells), cells))
        end = None if limit is None else offset + limit
        out = []
        for cells in found[offset:end]:
            key = line_of(cells)
            out.append({
                "cells": [list(c) for c in cells],
                "sum": sum(self.grid[c].value for c in cells),
                "size": len(cells),
                "line": LINE_KINDS[key[0]],
                "action": "conquer/" + ";".join(cell_text(c) for c in cells),
            })
        return out

    def view(self, seat: Optional[int] = None, conquests: bool = False) -> Dict[str, Any]:
        n = len(self.seats)
        on: Dict[Pos, List[str]] = {}
        for g in self.galleons:
            on.setdefault(g.pos, []).append(g.id)
        cells = [{"x": p[0], "y": p[1], "card": c.code, "colour": c.colour, "value": c.value, "galleons": on.get(p, [])}
                 for p, c in sorted(self.grid.items(), key=lambda item: (item[0][1], item[0][0]))]
        xs = [p[0] for p in self.grid]
        ys = [p[1] for p in self.grid]
        out: Dict[str, Any] = {
            "game": self.GAME_ID,
            "mode": self.mode.value,
            "phase": self.phase.value,
            "current": None if self.is_over() else self.current,
            "to_act": self.to_act(),
            "seats": [s.to_dict() for s in self.seats],
            "over": self.is_over(),
            "move_count": len(self.moves),
            "cells": cells,
            "bounds": {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)} if xs else None,
            "galleons": [{"id": g.id, "owner": g.owner, "n": g.n, "x": g.pos[0], "y": g.pos[1]} for g in self.galleons],
            "hand": [c.code for c in self.hands[seat]] if seat is not None and 0 <= seat < n else None,
            "hands": [{"seat": s, "count": len(self.hands[s])} for s in range(n)],
            "deck_count": len(self.pile),
            "captured": [{"seat": s, "count": len(c), "sum": sum(x.value for x in c), "cards": [x.code for x in c]}
                         for s, c in enumerate(self.captured)],
            "target": {"cards": self.target(), "by": {"solo": "player", "team": "team", "corsair": "crew"}[self.mode.value]},
            "notes": [note.to_dict() for note in self.notes],
        }
        if self.mode is Mode.TEAM:
            out["teams"] = [self._team_view(team) for team in TEAMS]
        if self.mode is Mode.CORSAIR:
            crew = [s for s in range(n) if s != self.corsair]
            out["corsair"] = {
                "seat": self.corsair,
                "crew": crew,
                "crew_cards": sum(len(self.captured[s]) for s in crew),
                "rounds_done": self.crew_turns // (n - 1),
                "rounds_limit": self.rounds_limit(),
                "points_left": self.turn.points if self.phase is Phase.CORSAIR else None,
            }
        if self.phase is Phase.DISCOVERY:
            t = self.turn
            out["discovery"] = {
                "phase_no": t.phase_no,
                "placed": t.placed,
                "moved": t.moved,
                "place_skipped": t.place_skipped,
                "move_skipped": t.move_skipped,
                "remaining": [a for a, need in (("place", t.need_place), ("move", t.need_move)) if need],
                "again": t.again,
                "optional": t.optional,
            }
        if not self.is_over() and seat == self.current:
            out["legal"] = self._legal_view(seat)
        if self.phase is Phase.CONQUEST or conquests:
            out["conquests"] = self.conquest_list()
            out["conquest_count"] = len(self.conquests())
        if self.is_over():
            out["result"] = self.result()
        return out

    def _team_view(self, team: Sequence[int]) -> Dict[str, Any]:
        a, b = (self.own_galleons(s)[0].pos for s in team)
        near = abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1
        return {
            "seats": list(team),
            "count": sum(len(self.captured[s]) for s in team),
            "sum": sum(c.value for s in team for c in self.captured[s]),
            "talk": "voice" if near else "gesture",
        }

    def _legal_view(self, seat: int) -> Dict[str, Any]:
        """What the player to act may do, so that a screen never re-implements a rule."""
        places: Dict[str, List[List[int]]] = {}
        moves: List[Dict[str, Any]] = []
        if self.phase is Phase.DISCOVERY:
            if self.turn.need_place:
                spaces = [list(p) for p in self.place_spaces(seat)]
                places = {c.code: spaces for c in self.hands[seat]}
            if self.turn.need_move:
                moves = [{"galleon": g.id, "n": g.n, "dir": d, "to": list(to), "action": f"move/{g.n}/{d}"}
                         for g, d, to in self._legal_moves_of_galleons()]
        elif self.phase is Phase.CORSAIR:
            moves = [{"galleon": g.id, "n": g.n, "dir": d, "to": list(to), "action": f"move/{g.n}/{d}"}
                     for g, d, to in self.galleon_moves(seat)]
        return {
            "places": places,
            "moves": moves,
            "end": self.phase is Phase.CORSAIR or (self.phase is Phase.DISCOVERY and self.turn.optional),
            "conquer": self.phase is Phase.CONQUEST,
        }
