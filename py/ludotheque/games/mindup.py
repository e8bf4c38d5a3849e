"""Mind Up!: every player secretly picks a card, the cards are revealed and sorted, and the
k-th lowest card played takes the k-th lowest card of the centre row.

Rules: ../shared/rules/mindup.fr.txt and DECISIONS.md. The choice of a card is
simultaneous: while a turn is open, ``to_act()`` lists every seat that has not
chosen yet, and each choice is its own move ``play/<card>`` (``0:play/23``). The
last choice of a turn reveals all of them at once (inside ``_apply``), hands out
the centre cards, and, when every hand is down to one card, ends the round:
the last card is placed, the round is scored, captured cards go back to their
owner's hand with one drawn card, and a new score-card order is used.

The words it hands out are messages (games/mindup_texts.py), its options and rule catalogue are
data (games/mindup_rules.py), its scoring and deals live beside it (mindup_scoring.py,
mindup_deal.py).

A player's score strip is five score cards, left to right, each with the stack of
main cards laid on it. A captured card goes on the score card that already holds
its colour, else on the first free score card from the left. As there are five
colours and five score cards, a card can always be placed (asserted in `place`).
"""
from __future__ import annotations

from enum import Enum
from typing import Any, Dict, List, Optional, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, IllegalMove
from ..core.messages import msg
from .mindup_data import ALL_CARDS, BONUS, COLOUR, COLOURS, OBJECTIVES, SCORE_VALUES
from .mindup_deal import ROUNDS, draw_objective_plan, explicit_deck
from .mindup_rules import OPTIONS, RULES
from .mindup_scoring import Strip, place, score_strips
from .mindup_texts import end_steps, move_msg, objective_msg

FIRST_HAND = 7
STRIP = 5  # score cards per player


class Phase(str, Enum):
    CHOOSE = "choose"
    OVER = "over"


class MindUpEngine(Engine):
    GAME_ID = "mindup"
    RULES_VERSION = 1
    MIN_SEATS = 3
    MAX_SEATS = 6
    OPTIONS = OPTIONS
    RULES = RULES

    # -- set-up -----------------------------------------------------------------
    def setup(self) -> None:
        n = len(self.seats)
        k = int(self.options["objectives"])
        explicit = explicit_deck(self.deck, k) if self.deck is not None else {}
        cards = explicit.get("cards")
        if cards is None:
            cards = self.rng.shuffled(list(ALL_CARDS))
        orders = explicit.get("orders")
        if orders is None:
            orders = [self.rng.shuffled(list(SCORE_VALUES)) for _ in range(ROUNDS)]
        plan = explicit.get("objectives")
        if plan is None:
            plan = draw_objective_plan(self.rng, k, self.options["objective_refill"])
        self.orders: List[List[int]] = [list(o) for o in orders]
        self.objective_plan: List[List[int]] = [list(p) for p in plan]
        self.hands: List[List[int]] = [sorted(cards[FIRST_HAND * s:FIRST_HAND * (s + 1)]) for s in range(n)]
        self.centre: List[int] = sorted(cards[FIRST_HAND * n:FIRST_HAND * n + n])
        self.draw: List[int] = list(cards[FIRST_HAND * n + n:])  # top first
        self.strips: List[Strip] = [[[] for _ in range(STRIP)] for _ in range(n)]
        self.known: List[List[int]] = [[] for _ in range(n)]  # cards everyone saw go back to a hand
        self.chosen: List[Optional[int]] = [None] * n
        self.round = 1
        self.turn = 1
        self.phase = Phase.CHOOSE
        self.last_reveal: List[Dict[str, Any]] = []
        self.rounds: List[Dict[str, Any]] = []  # one scored round each, public
        self.start_hands: List[List[int]] = [len(h) for h in self.hands]

    # -- queries ------------------------------------------------------------------
    def to_act(self) -> List[int]:
        if self.phase is Phase.OVER:
            return []
        return [s for s, c in enumerate(self.chosen) if c is None]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_moves(self, seat: Optional[int] = None) -> List[Move]:
        acting = self.to_act()
        seats = acting if seat is None else [seat] if seat in acting else []
        return [Move(s, f"play/{c}") for s in seats for c in self.hands[s]]

    @staticmethod
    def _card(move: Move) -> int:
        verb, _, arg = move.action.partition("/")
        if verb == "play" and arg.isdigit() and 1 <= int(arg) <= 60 and str(int(arg)) == arg:
            return int(arg)
        raise BadMove(move.action, "play/1…60")

    def check(self, move: Move) -> None:
        card = self._card(move)
        if card not in self.hands[move.seat]:
            raise IllegalMove("turn.choose_secretly", msg("mindup.illegal.turn.choose_secretly", card=card))

    def objectives_in_play(self) -> List[int]:
        return list(self.objective_plan[self.round - 1]) if self.options["objectives"] else []

    def order(self) -> List[int]:
        """Values of the score cards, left to right, this round (the same for every player)."""
        return self.orders[self.round - 1]

    # -- moves ----------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        card = self._card(move)
        self.hands[move.seat].remove(card)
        self.chosen[move.seat] = card
        if all(c is not None for c in self.chosen):
            self._reveal()

    def _reveal(self) -> None:
        plays = sorted((c, s) for s, c in enumerate(self.chosen))  # type: ignore[misc]
        order = self.order()
        reveal = []
        for (card, seat), took in zip(plays, self.centre):
            j = place(self.strips[seat], took)
            reveal.append({"seat": seat, "played": card, "took": took, "placed_on": j, "value": order[j]})
            if card in self.known[seat]:
                self.known[seat].remove(card)
        self.centre = [c for c, _ in plays]
        self.last_reveal = reveal
        self.chosen = [None] * len(self.seats)
        self.turn += 1
        if all(len(h) == 1 for h in self.hands):
            self._end_round()

    def _end_round(self) -> None:
        order = self.order()
        last_cards = []
        for seat, hand in enumerate(self.hands):
            card = hand.pop()
            j = place(self.strips[seat], card)
            last_cards.append({"seat": seat, "card": card, "placed_on": j, "value": order[j]})
            self.known[seat] = []
        objectives = self.objectives_in_play()
        self.rounds.append({
            "round": self.round,
            "order": list(order),
            "objectives": objectives,
            "last_cards": last_cards,
            "players": score_strips(self.strips, order, objectives),
        })
        if self.round == ROUNDS:
            self.phase = Phase.OVER
            return
        for seat, strip in enumerate(self.strips):
            back = sorted(c for stack in strip for c in stack)
            self.known[seat] = list(back)
            self.hands[seat] = back
            self.strips[seat] = [[] for _ in range(STRIP)]
        for hand in self.hands:
            hand.append(self.draw.pop(0))
            hand.sort()
        self.round += 1
        self.turn = 1
        self.start_hands = [len(h) for h in self.hands]

    # -- scoring --------------------------------------------------------------------
    def round_scores(self) -> List[List[int]]:
        """Points of each seat in each round scored so far."""
        return [[r["players"][s]["points"] for r in self.rounds] for s in range(len(self.seats))]

    def totals(self) -> List[int]:
        return [sum(r) for r in self.round_scores()]

    def _winner(self) -> Tuple[Any, Optional[str]]:
        totals = self.totals()
        best = max(totals)
        tied = [s for s, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return tied[0], None
        last = {s: self.rounds[-1]["players"][s]["points"] for s in tied}
        top = max(last.values())
        tied = [s for s in tied if last[s] == top]
        if len(tied) == 1:
            return tied[0], "last_round"
        return tied, "shared"

    def result(self) -> Dict[str, Any]:
        if not self.is_over():
            raise IllegalMove("game.not_over", msg("mindup.illegal.game.not_over"))
        winner, tiebreak = self._winner()
        out: Dict[str, Any] = {
            "scores": self.totals(),
            "round_scores": self.round_scores(),
            "winner": winner,
            "tiebreak": tiebreak,
            "rounds": [dict(r) for r in self.rounds],
        }
        names = [s.name for s in self.seats]
        out["steps"] = end_steps(self.rounds, names, out["round_scores"], out["scores"], winner, tiebreak)
        return out

    # -- what people see ------------------------------------------------------------
    def secrets_marker(self, seat: int) -> Any:
        """The choices stay secret until the move that completes a turn reveals them all."""
        return (self.round, self.turn, self.is_over())

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Any:
        """A choice in words, before it is applied; the card stays secret until the reveal
        (only its chooser, as ``seat``, reads which card it was)."""
        card = self._card(move)
        own = seat is not None and seat == move.seat
        last = [s for s, c in enumerate(self.chosen) if c is None] == [move.seat]
        return move_msg(self.seats[move.seat].name, card if own else None, last)

    def strip_view(self, seat: int) -> List[Dict[str, Any]]:
        order = self.order()
        return [
            {"value": order[j], "colour": COLOURS[COLOUR[st[0]]] if st else None, "cards": list(st)}
            for j, st in enumerate(self.strips[seat])
        ]

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        n = len(self.seats)
        out: Dict[str, Any] = {
            "game": self.GAME_ID,
            "phase": self.phase.value,
            "to_act": self.to_act(),
            "seats": [s.to_dict() for s in self.seats],
            "over": self.is_over(),
            "move_count": len(self.moves),
            "round": self.round,
            "rounds_total": ROUNDS,
            "turn": self.turn,
            "turns_in_round": self.start_hands[0] - 1,
            "centre": list(self.centre),
            "score_order": list(self.order()),
            "objectives": [
                {"id": o, "points": OBJECTIVES[o], "text": objective_msg(o).to_dict()}
                for o in self.objectives_in_play()
            ],
            "has_chosen": [c is not None for c in self.chosen],
            "hand_counts": [len(self.hands[s]) + (self.chosen[s] is not None) for s in range(n)],
            "known_in_hand": [sorted(k) for k in self.known],
            "strips": [self.strip_view(s) for s in range(n)],
            "draw_count": len(self.draw),
            "round_scores": self.round_scores(),
            "totals": self.totals(),
            "last_reveal": [dict(r) for r in self.last_reveal],
            "rounds": [dict(r) for r in self.rounds],
            "hand": None,
            "chosen": None,
        }
        if seat is not None:
            hand = list(self.hands[seat])
            if self.chosen[seat] is not None:
                out["chosen"] = self.chosen[seat]
            out["hand"] = hand
        if self.is_over():
            out["result"] = self.result()
        return out

    @classmethod
    def describe(cls) -> Dict[str, Any]:
        out = super().describe()
        out["cards"] = {str(n): {"colour": COLOURS[COLOUR[n]], "bonus": BONUS[n]} for n in ALL_CARDS}
        out["objective_cards"] = {str(i): {"points": p, "text": objective_msg(i).to_dict()} for i, p in OBJECTIVES.items()}
        return out
