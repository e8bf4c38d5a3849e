"""MasterIslands' legality: reading a move's text and refusing what the rules forbid, each
refusal naming its rule and saying why as a message (``masterislands.illegal.*``).

A mixin of :class:`~ludotheque.games.masterislands.MasterIslandsEngine`: it reads the
engine's grid, hands, galleons, turn and options, and changes nothing.
"""
from __future__ import annotations

from typing import Any, List, Optional, Tuple

from ..core.engine import Move
from ..core.errors import BadMove, IllegalMove, shorten
from ..core.messages import msg
from .masterislands_catalogue import DIRECTIONS, TARGET_SUM, Phase, Pos
from .masterislands_geometry import cell_text, line_of, line_step, parse_cell


def refuse(rule: str, key: str, **params: Any) -> IllegalMove:
    return IllegalMove(rule, msg(f"masterislands.illegal.{key}", **params))


class Legality:
    """Parsing and checking moves (see the engine's docstring for their text)."""

    SYNTAX = "place/<carte>@x,y, move/<galion>/<direction>, conquer/x,y;x,y..., noconquest, end"

    def _parse(self, move: Move) -> Tuple[str, Any]:
        action = move.action.strip()
        verb, _, arg = action.partition("/")
        try:
            if verb == "place":
                card, cell = arg.split("@")
                return verb, (card.strip(), parse_cell(cell))
            if verb == "move":
                n, target = arg.split("/")
                where: Any = target if target in DIRECTIONS else parse_cell(target)
                return verb, (int(n), where)
            if verb == "conquer":
                return verb, [parse_cell(c) for c in arg.split(";")]
            if verb in ("noconquest", "end") and not arg:
                return verb, None
        except ValueError:
            pass
        raise BadMove(move.action, self.SYNTAX)

    def _hand_card(self, seat: int, token: str) -> Optional[int]:
        """Index in the hand of the card named by `token` (a code, or a 0-based index)."""
        hand = self.hands[seat]
        if token.isdigit():
            i = int(token)
            return i if i < len(hand) else None
        for i, card in enumerate(hand):
            if card.code == token.upper():
                return i
        return None

    def _target(self, g: Any, where: Any) -> Pos:
        if isinstance(where, str):
            dx, dy = DIRECTIONS[where]
            return g.pos[0] + dx, g.pos[1] + dy
        return where

    def check(self, move: Move) -> None:
        if move.seat < 0:
            raise refuse("game.seat", "no_automatic")
        verb, arg = self._parse(move)
        seat = move.seat
        if self.phase is Phase.CORSAIR:
            if verb in ("place", "conquer", "noconquest"):
                raise refuse("corsair.no_cards", "corsair_no_cards")
            if verb == "move":
                self._check_galleon_step(seat, arg, "corsair.four_points")
            return
        if self.phase is Phase.CONQUEST:
            if verb in ("place", "move", "end"):
                raise refuse("conquest.then_supply", "discovery_over")
            if verb == "conquer":
                self._check_conquest(arg)
            return
        self._check_discovery(seat, verb, arg)

    def _check_discovery(self, seat: int, verb: str, arg: Any) -> None:
        turn = self.turn
        if verb in ("conquer", "noconquest"):
            raise refuse("discovery.else_conquest", "discovery_first")
        if verb == "end":
            if not turn.optional:
                raise refuse("discovery.both_actions", "end_too_soon")
            return
        if verb == "place":
            if turn.place_skipped:
                raise refuse("house.skip_impossible", "place_skipped")
            if not turn.need_place:
                raise refuse("discovery.both_actions", "already_placed")
            token, pos = arg
            if self._hand_card(seat, token) is None:
                raise refuse("discovery.place", "card_not_in_hand", card=shorten(token, 12))
            if pos in self.grid:
                raise refuse("discovery.place", "space_taken", cell=cell_text(pos))
            if pos not in self.place_spaces(seat):
                raise refuse("discovery.place", "space_not_beside", cell=cell_text(pos))
            return
        if turn.move_skipped:
            raise refuse("house.skip_impossible", "move_skipped")
        if not turn.need_move:
            raise refuse("discovery.both_actions", "already_moved")
        g, to = self._check_galleon_step(seat, arg, "discovery.move")
        if turn.need_place and not self.place_spaces(seat, (g, to)):
            raise refuse("discovery.keep_both_possible", "move_blocks_place")

    def _check_galleon_step(self, seat: int, arg: Tuple[int, Any], rule: str) -> Tuple[Any, Pos]:
        n, where = arg
        g = self.galleon(seat, n)
        if g is None:
            yours = [str(k + 1) for k in range(self.galleons_per_seat(seat))]
            raise refuse(rule, "no_such_galleon", galleon=n, yours=yours)
        to = self._target(g, where)
        if abs(to[0] - g.pos[0]) + abs(to[1] - g.pos[1]) != 1:
            raise refuse(rule, "one_step")
        if to not in self.grid:
            raise refuse("house.galleons_on_cards", "galleon_off_card", cell=cell_text(to))
        return g, to

    def _check_conquest(self, cells: List[Pos]) -> None:
        if len(set(cells)) != len(cells):
            raise refuse("conquest.line", "card_twice")
        for c in cells:
            if c not in self.grid:
                raise refuse("conquest.line", "no_card_at", cell=cell_text(c))
        key = line_of(cells)
        if len(cells) >= 2 and key is None:
            raise refuse("conquest.line", "not_a_line")
        for c in cells:
            if c in self.index.blocked:
                raise refuse("conquest.no_galleon", "galleon_on_card", cell=cell_text(c))
        total = sum(self.grid[c].value for c in cells)
        if total != TARGET_SUM:
            raise refuse("conquest.sum_ten", "not_ten", total=total)
        if not self.options["line_gaps"]:
            dx, dy = line_step(key[0])
            ordered = sorted(cells)
            x, y = ordered[0]
            while (x, y) != ordered[-1]:
                x, y = x + dx, y + dy
                if (x, y) not in self.grid:
                    raise refuse("house.line_gaps", "gap", cell=cell_text((x, y)))
        if self.options["conquest_scope"] == "turn" and not set(self.turn.cells).intersection(cells):
            raise refuse("house.conquest_scope", "not_your_line")
