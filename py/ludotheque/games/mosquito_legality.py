"""What Mosquito PLAF! allows now: the moves each seat may make, and, for a move that is not
allowed, the rule that forbids it (an ``IllegalMove`` naming a rule id and a message).

A mixin of ``MosquitoEngine`` (games/mosquito.py): it reads the engine's state (hands, the top
card, the race, the "Moustique !" alerts) and changes nothing.
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from ..core.engine import SYSTEM_SEAT, Move
from ..core.errors import BadMove, IllegalMove
from ..core.messages import msg
from .mosquito_catalogue import BOTTOM, CARD_INDEX, TOP, card_name, fits, is_domino, is_mosquito, is_net, modes
from .mosquito_state import PLAY_SYNTAX, Alert, Phase


def _illegal(rule: str, key: str, **params: Any) -> IllegalMove:
    return IllegalMove(rule, msg("mosquito.illegal." + key, **params))


class MosquitoLegality:
    """Legal moves and the reasons against the others."""

    def validate(self, move: Move) -> None:
        """Like Engine.validate, but without the to_act() gate: a slap is legal from any seat at any
        time (a false slap costs 3 cards), and so are calls and catches when the rules allow them;
        turn moves are checked against the player whose turn it is in check()."""
        if self.is_over():
            raise _illegal("game.over", "game_over")
        if move.seat != SYSTEM_SEAT and not 0 <= move.seat < len(self.seats):
            raise _illegal("game.seat", "no_seat", seat=move.seat)
        self.check(move)

    def playable(self, seat: int) -> List[str]:
        """Cards `seat` may play now, alone or as the first of several (empty if not their turn)."""
        if self.phase is not Phase.PLAY or seat != self.current:
            return []
        if self.drawn is not None:
            return [self.drawn] if fits(self.drawn, self.top) else []
        top = self.top
        return [c for c in self.hands[seat] if fits(c, top)]

    def joinable(self, seat: int, selected: Sequence[str]) -> List[str]:
        """Cards of `seat`'s hand that may be added to the partial play `selected` (in any order):
        with nothing selected, the playable cards; then Dominoes sharing the digit, in the same
        position, that every selected card holds in the position it has on the top card."""
        start = self.playable(seat)
        selected = list(selected)
        if not selected:
            return start
        hand = self.hands[seat]
        if (self.drawn is not None or len(set(selected)) != len(selected)
                or any(c not in hand or not is_domino(c) for c in selected)):
            return []
        shared = [(d, p) for d, p in modes(self.top) if all(c[p] == d for c in selected)]
        return [c for c in hand if c not in selected and is_domino(c) and any(c[p] == d for d, p in shared)]

    def _plays(self, seat: int) -> List[Move]:
        """Every legal play: single cards, then groups of Dominoes (the cards below in hand order,
        each possible top card last; any other order of the cards below is legal too)."""
        singles = self.playable(seat)
        moves = [Move(seat, "play/" + c) for c in singles]
        if self.drawn is not None:
            return moves
        hand = self.hands[seat]
        for digit, pos in modes(self.top):
            group = [c for c in hand if is_domino(c) and c[pos] == digit]
            k = len(group)
            for mask in range(1, 1 << k):
                chosen = [group[i] for i in range(k) if mask >> i & 1]
                if len(chosen) < 2:
                    continue
                for last in chosen:
                    below = [c for c in chosen if c != last]
                    moves.append(Move(seat, "play/" + ",".join(below + [last])))
        return moves

    def turn_moves(self, seat: int) -> List[Move]:
        if self.phase is not Phase.PLAY or seat != self.current:
            return []
        if self.drawn is not None:
            return [Move(seat, "play/" + self.drawn)] if fits(self.drawn, self.top) else [Move(seat, "pass")]
        plays = self._plays(seat)
        if plays:
            return plays
        return [Move(seat, "draw")] if self.pile else [Move(seat, "pass")]

    def legal_moves(self, seat: Optional[int] = None) -> List[Move]:
        """Turn moves, "call", "catch/<seat>" (of `seat`, or of every seat) and, for everyone,
        "*:close". Slaps are NOT listed: "slap/<L|R>/<ms>" is legal at any time for any seat
        (once per race), with any ms >= 0."""
        if self.is_over():
            return []
        seats = range(len(self.seats)) if seat is None else [seat] if 0 <= seat < len(self.seats) else []
        opens = self.open_alerts()
        moves: List[Move] = []
        for s in seats:
            moves += self.turn_moves(s)
            if s in opens:
                moves.append(Move(s, "call"))
            moves += [Move(s, f"catch/{t}") for t in opens if t != s]
        if seat is None and self.race is not None:
            moves.append(Move(SYSTEM_SEAT, "close"))
        return moves

    # -- parsing and checking -------------------------------------------------------
    def _parse(self, move: Move) -> Tuple[str, Any]:
        verb, _, arg = move.action.partition("/")
        if move.seat == SYSTEM_SEAT:
            if move.action == "close":
                return "close", None
            raise BadMove(move.action, "*:close")
        if verb in ("draw", "pass", "call") and not arg:
            return verb, None
        if verb == "play" and arg:
            cards = arg.split(",")
            if all(c in CARD_INDEX for c in cards) and len(set(cards)) == len(cards):
                return verb, cards
        if verb == "slap":
            hand, _, ms = arg.partition("/")
            if hand in ("L", "R") and ms.isdigit() and len(ms) <= 9 and str(int(ms)) == ms:
                return verb, (hand, int(ms))
        if verb == "catch" and arg.isdigit() and str(int(arg)) == arg and int(arg) < len(self.seats):
            return verb, int(arg)
        raise BadMove(move.action, PLAY_SYNTAX)

    def check(self, move: Move) -> None:
        verb, arg = self._parse(move)
        seat = move.seat
        if verb == "close":
            if self.race is None:
                raise _illegal("house.slap_window", "no_race")
            return
        if verb == "slap":
            if self.race is not None and seat in self.race.slapped:
                raise _illegal("plaf.everyone_slaps", "slapped_twice")
            return
        if verb == "call":
            if self.alert[seat] is not Alert.OPEN:
                raise _illegal("call.moustique", "no_call")
            return
        if verb == "catch":
            if arg == seat or self.alert[arg] is not Alert.OPEN:
                raise _illegal("call.caught_draws", "no_catch", name=self.seat_name(arg))
            return
        # turn moves
        if self.race is not None:
            raise _illegal("plaf.everyone_slaps", "race_first")
        if seat != self.current:
            raise _illegal("turn.counter_clockwise", "not_your_turn", name=self.seat_name(self.current))
        if verb == "draw":
            self._check_draw(seat)
        elif verb == "pass":
            self._check_pass(seat)
        else:
            self._check_play(seat, arg)

    def _check_draw(self, seat: int) -> None:
        if self.drawn is not None:
            raise _illegal("turn.draw_if_stuck", "drawn_already")
        if self.playable(seat):
            raise _illegal("turn.draw_if_stuck", "can_play_no_draw")
        if not self.pile:
            raise _illegal("deck.empty_no_draw", "deck_empty")

    def _check_pass(self, seat: int) -> None:
        if self.drawn is not None:
            if fits(self.drawn, self.top):
                raise _illegal("turn.pass_after_draw", "play_drawn")
            return
        if self.playable(seat):
            raise _illegal("turn.draw_if_stuck", "can_play")
        if self.pile:
            raise _illegal("turn.draw_if_stuck", "draw_first")

    def _check_play(self, seat: int, cards: List[str]) -> None:
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                raise _illegal("game.card", "not_held", card=card_name(c))
        if self.drawn is not None and cards != [self.drawn]:
            raise _illegal("turn.draw_if_stuck", "only_drawn", card=card_name(self.drawn))
        top = self.top
        if len(cards) == 1:
            card = cards[0]
            if fits(card, top):
                return
            if is_mosquito(card):
                raise _illegal("play.mosquito_match", "mosquito_match", card=card_name(card), top=card_name(top))
            if is_net(top):
                raise _illegal("play.net_next_digit", "net_digit", top=card_name(top), digit=top[1])
            raise _illegal("play.domino_match", "domino_match", card=card_name(card), top=card_name(top))
        if not all(is_domino(c) for c in cards):
            raise _illegal("house.special_alone", "special_alone")
        for c in cards:
            if not fits(c, top):
                raise _illegal("play.domino_match", "domino_match", card=card_name(c), top=card_name(top))
        if any(all(c[p] == d for c in cards) for d, p in modes(top)):
            return
        names = [card_name(c) for c in cards]
        if not is_domino(top):
            raise _illegal("house.after_net", "after_net", cards=names, digit=top[1])
        if any(all(c[p] == cards[0][p] for c in cards) for p in (TOP, BOTTOM)):
            raise _illegal("play.multi_same_position", "same_position", cards=names, top=card_name(top))
        raise _illegal("play.multi_no_mix", "no_mix", cards=names)
