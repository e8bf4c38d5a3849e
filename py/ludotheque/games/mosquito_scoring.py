"""Mosquito PLAF!'s rounds and scores: what each hand costs when a round ends, the totals, the
extra rounds of a tie, the winner, and the steps that explain them (messages).

A mixin of ``MosquitoEngine`` (games/mosquito.py).
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..core.errors import IllegalMove
from ..core.messages import Msg, msg
from .mosquito_catalogue import EMPTY_HAND_POINTS, card_name, card_value, sort_cards
from .mosquito_state import Phase, step


def _sum(cards: Sequence[str]) -> Msg:
    """"6/5 (11) + Moustique 3 (3)": each card and its points, added up."""
    terms = [msg("mosquito.score.card", card=card_name(c), points=card_value(c)) for c in cards]
    out = terms[0]
    for term in terms[1:]:
        out = msg("mosquito.score.plus", a=out, b=term)
    return out


def seat_points(names: Sequence[str], points: Sequence[int]) -> List[Msg]:
    """Each seat's name and points, for a list read "Ana 12, Bruno 3 et Chloé -10"."""
    return [msg("mosquito.score.seat", name=n, points=p) for n, p in zip(names, points)]


class MosquitoScoring:
    """The end of a round and of the game."""

    def _end_round(self, emptied: Optional[int]) -> None:
        names = [s.name for s in self.seats]
        points = []
        steps: List[Dict[str, Any]] = []
        for s, hand in enumerate(self.hands):
            if s == emptied:
                points.append(EMPTY_HAND_POINTS)
                steps.append(step("mosquito.round.emptied_points", name=names[s], points=EMPTY_HAND_POINTS))
                continue
            cards = sort_cards(hand)
            total = sum(card_value(c) for c in cards)
            points.append(total)
            if cards:
                steps.append(step("mosquito.round.hand_points", name=names[s], cards=_sum(cards), total=total))
            else:
                steps.append(step("mosquito.round.no_cards", name=names[s]))
        if emptied is None:
            steps.insert(0, step("mosquito.round.blocked", round=self.round_no))
        else:
            steps.insert(0, step("mosquito.round.emptied", round=self.round_no, name=names[emptied]))
        for s, p in enumerate(points):
            self.totals[s] += p
        steps.append(step("mosquito.score.totals", totals=seat_points(names, self.totals)))
        self.last_round = {
            "round": self.round_no,
            "emptied": emptied,
            "blocked": emptied is None,
            "hands": [sort_cards(h) for h in self.hands],
            "points": points,
            "totals": list(self.totals),
            "steps": steps,
        }
        self.round_results.append(self.last_round)
        self.race = None
        low = min(self.totals)
        if self.round_no >= self.options["rounds"] and self.totals.count(low) == 1:
            self.phase = Phase.OVER
            self.final = {"winner": self.totals.index(low)}
            return
        self._start_round()

    def result(self) -> Dict[str, Any]:
        if not self.is_over():
            raise IllegalMove("game.not_over", msg("mosquito.illegal.not_over"))
        names = [s.name for s in self.seats]
        planned = self.options["rounds"]
        steps: List[Dict[str, Any]] = []
        for r in self.round_results:
            kind = "extra_round" if r["round"] > planned else "round"
            steps.append(step(f"mosquito.end.{kind}", round=r["round"], points=seat_points(names, r["points"])))
        if len(self.round_results) > planned:
            steps.append(step("mosquito.end.tie", rounds=planned, n=len(self.round_results) - planned))
        steps.append(step("mosquito.score.totals", totals=seat_points(names, self.totals)))
        w = self.final["winner"]
        steps.append(step("mosquito.end.winner", name=names[w], points=self.totals[w]))
        return {
            "scores": list(self.totals),
            "winner": w,
            "rounds": [{"round": r["round"], "points": list(r["points"]), "emptied": r["emptied"]}
                       for r in self.round_results],
            "steps": steps,
        }
