"""What Mosquito PLAF! says about a move and about the top card, as messages (core/messages.py):
the screens, the log, the speech lines and the explainer word them in the reader's language.

A mixin of ``MosquitoEngine`` (games/mosquito.py).
"""
from __future__ import annotations

from typing import Optional

from ..core.engine import Move
from ..core.messages import Msg, msg
from .mosquito_catalogue import CAUGHT_CARDS, FALSE_SLAP_CARDS, card_name, is_domino, is_mosquito, is_net


class MosquitoTexts:
    """``need_text`` and ``describe_move``."""

    def need_text(self) -> Msg:
        """What the top card asks for, in the words of the rules (play.domino_match,
        play.multi_same_position, play.net_next_digit): a single card may hold the digit in
        either position; only several Dominoes together must hold it where the top card does.
        A Net may always be played."""
        top = self.top
        if is_domino(top):  # a Domino's two digits always differ
            return msg("mosquito.need.domino", top=top[0], bottom=top[1])
        return msg("mosquito.need.digit", digit=top[1])

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Msg:
        """The move in words, said before it is applied; the drawer (as ``seat``) reads its card."""
        verb, arg = self._parse(move)
        if verb == "close":
            return msg("mosquito.move.close")
        name = self.seat_name(move.seat)
        if verb == "draw":
            if seat is not None and seat == move.seat and self.pile:
                return msg("mosquito.move.draw_seen", name=name, card=card_name(self.pile[-1]))
            return msg("mosquito.move.draw", name=name)
        if verb == "play":
            return self._describe_play(name, arg)
        if verb in ("pass", "call"):
            return msg(f"mosquito.move.{verb}", name=name)
        if verb == "catch":
            n = min(CAUGHT_CARDS, len(self.pile))
            return msg("mosquito.move.catch", name=name, target=self.seat_name(arg), n=n)
        hand, ms = arg
        race = self.race
        if race is not None and move.seat in race.participants:
            return msg(f"mosquito.move.slap_{hand}", name=name, ms=ms)
        if race is None and is_mosquito(self.top) and self.options["late_slap"] == "ignored":
            return msg("mosquito.move.slap_after_race", name=name)
        n = min(FALSE_SLAP_CARDS, len(self.pile))
        why = "false_slap_layer" if race is not None else "false_slap"
        return msg(f"mosquito.move.{why}", name=name, n=n)

    @staticmethod
    def _describe_play(name: str, cards) -> Msg:
        if len(cards) > 1:
            return msg("mosquito.move.play_several", name=name, cards=[card_name(c) for c in cards],
                       top=card_name(cards[-1]))
        card = cards[0]
        if is_mosquito(card):
            parity = "even" if int(card[1]) % 2 == 0 else "odd"
            return msg(f"mosquito.move.play_mosquito_{parity}", name=name, digit=card[1])
        if is_net(card):
            return msg("mosquito.move.play_net", name=name, digit=card[1])
        return msg("mosquito.move.play", name=name, card=card_name(card))
