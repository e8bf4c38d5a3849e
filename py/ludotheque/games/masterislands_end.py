"""MasterIslands' end: who wins (a target reached, the deck run out, the Corsair's rounds
spent), the tie-breaks, and the explanation people read, as messages
(``masterislands.end.*``).

A mixin of :class:`~ludotheque.games.masterislands.MasterIslandsEngine`.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..core.errors import IllegalMove
from ..core.messages import msg
from .masterislands_catalogue import TEAMS, Mode, Phase


def _end(key: str, **params: Any) -> Dict[str, Any]:
    return msg(f"masterislands.end.{key}", **params).to_dict()


class Ending:
    """Victory checks, the final score and its explanation."""

    def _victory(self, seat: int) -> bool:
        if self.mode is Mode.CORSAIR and seat == self.corsair:
            return False
        if sum(len(self.captured[s]) for s in self.team_of(seat)) >= self.target():
            self._finish("target", seat)
            return True
        return False

    def _finish(self, reason: str, seat: Optional[int] = None) -> None:
        n = len(self.seats)
        counts = [len(c) for c in self.captured]
        sums = [sum(card.value for card in c) for c in self.captured]
        if self.mode is Mode.SOLO:
            sides = [(s,) for s in range(n)]
        elif self.mode is Mode.TEAM:
            sides = list(TEAMS)
        else:
            sides = [self.team_of(self.corsair), tuple(s for s in range(n) if s != self.corsair)]
        side_counts = [sum(counts[s] for s in side) for side in sides]
        side_sums = [sum(sums[s] for s in side) for side in sides]
        tiebreak = None
        if reason == "target":
            side = next(sd for sd in sides if seat in sd)
        elif self.mode is Mode.CORSAIR:
            side = sides[0]
        else:
            best = max(side_counts)
            top = [i for i, c in enumerate(side_counts) if c == best]
            if len(top) > 1:
                tiebreak = "sum"
                high = max(side_sums[i] for i in top)
                top = [i for i in top if side_sums[i] == high]
                if len(top) > 1:
                    tiebreak = "draw"
            side = sides[top[0]] if len(top) == 1 else None
        winner: Any = None
        if side is not None:
            winner = side[0] if len(side) == 1 else list(side)
        self._final = {
            "reason": reason,
            "cards": counts,
            "sums": sums,
            "sides": [list(sd) for sd in sides],
            "side_cards": side_counts,
            "side_sums": side_sums,
            "winner": winner,
            "tiebreak": tiebreak,
            "target": self.target(),
            "rounds": self.crew_turns // (n - 1) if self.mode is Mode.CORSAIR else None,
        }
        self.phase = Phase.OVER

    def result(self) -> Dict[str, Any]:
        if not self.is_over():
            raise IllegalMove("game.not_over", msg("masterislands.illegal.not_over"))
        final = dict(self._final)
        final["scores"] = list(final["cards"])
        final["steps"] = self._explain(final)
        return final

    def _side_names(self, side: Sequence[int]) -> List[str]:
        return [self.seats[s].name for s in side]

    def _explain(self, final: Dict[str, Any]) -> List[Dict[str, Any]]:
        """The end in steps (JSON forms of messages): each player's cards, each side's, then
        why the game ended and who won."""
        steps = [_end("player", name=seat.name, n=final["cards"][s], total=final["sums"][s])
                 for s, seat in enumerate(self.seats) if s != self.corsair]
        if self.mode is not Mode.SOLO:
            steps += [_end("side", names=self._side_names(side), n=c)
                      for side, c in zip(final["sides"], final["side_cards"]) if side != [self.corsair]]
        steps.append(self._verdict(final))
        return steps

    def _verdict(self, final: Dict[str, Any]) -> Dict[str, Any]:
        winner = final["winner"]
        who = None if winner is None else self._side_names(winner if isinstance(winner, list) else [winner])
        reason, target = final["reason"], final["target"]
        if reason == "target":
            return _end("target_together" if isinstance(winner, list) else "target", who=who, n=target)
        if reason == "rounds":
            return _end("rounds", who=who, n=final["rounds"], target=target)
        if self.mode is Mode.CORSAIR:
            return _end("deck_corsair", who=who, n=target)
        if winner is None:
            return _end("draw")
        if final["tiebreak"] == "sum":
            return _end("highest_sum", who=who)
        return _end("most_cards", who=who)

