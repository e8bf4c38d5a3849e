"""Mosquito PLAF!: match the digits of the top card, shed your hand, and slap with the right
hand when a Mosquito card is played.

Rules: ../shared/rules/mosquito-plaf.fr.txt and DECISIONS.md. Move encoding (docs/records.md, Mosquito PLAF!):

``play/65``          one card: Domino 6/5 (higher digit first), ``play/M7`` Mosquito 7, ``play/N3`` Net 3
``play/63,64,65``    several Dominoes, laid in that order: the LAST one ends on top
``draw`` / ``pass``  draw one card when nothing can be played / pass when nothing can be played
``slap/R/420``       slap with the right (R) or left (L) hand, 420 ms after the card appeared
``call``             shout "Moustique !" (you hold one card)
``catch/2``          catch seat 2, who holds one card and has not shouted
``*:close``          the slap window closes (a timer, sent by the view)

Seats are listed counter-clockwise around the table, so "the next player" is seat + 1
(mod the number of players): play goes counter-clockwise as the rules say.

Timed events are supplied by the view; the engine never reads a clock. A slap is legal from
any seat at any time (except a second slap in the same race), and calls and catches whenever
the rules allow them: ``validate`` accepts them from every seat. ``to_act()`` lists only the
seats *expected* to move (who must call, who has not slapped yet, whose turn it is), so the
app's generic bot loop asks the right bot; ``current`` is the seat whose turn it is.
``legal_moves`` lists turn moves, calls, catches and ``*:close`` -- never slaps, which are
legal with either hand and any integer ``ms`` >= 0.

The cards, scoring numbers, options and rule book are data in ``mosquito_catalogue``; the
engine's concerns are mixins: legality (``mosquito_legality``), the PLAF! race
(``mosquito_race``), rounds and scores (``mosquito_scoring``) and what moves say
(``mosquito_texts``). Everything the engine hands out in words is a message id and its
parameters (core/messages.py). Names are re-exported here, so ``games.mosquito`` stays the
one module to import for this game.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ..core.engine import Engine, Move
from ..core.errors import BadSetup
from ..core.messages import msg
from .mosquito_catalogue import (
    ALL_CARDS,
    BOTTOM,
    CARD_INDEX,
    CAUGHT_CARDS,
    DOMINOES,
    EMPTY_HAND_POINTS,
    FALSE_SLAP_CARDS,
    HAND_SIZE,
    MOSQUITOES,
    NET_POINTS,
    NETS,
    OPTIONS,
    RULES,
    TOP,
    WRONG_HAND_CARDS,
    card_name,
    card_value,
    expected_hand,
    fits,
    is_domino,
    is_mosquito,
    is_net,
    modes,
    sort_cards,
)
from .mosquito_legality import MosquitoLegality
from .mosquito_race import MosquitoRaces
from .mosquito_scoring import MosquitoScoring
from .mosquito_state import CALL_HORIZON_MS, PLAY_SYNTAX, Alert, Phase, Race
from .mosquito_texts import MosquitoTexts


class MosquitoEngine(MosquitoLegality, MosquitoRaces, MosquitoScoring, MosquitoTexts, Engine):
    GAME_ID = "mosquito"
    RULES_VERSION = 1
    MIN_SEATS = 3
    MAX_SEATS = 6
    OPTIONS = OPTIONS
    RULES = RULES
    SEAT_FIELDS = ("youngest",)

    # -- set-up -----------------------------------------------------------------
    def setup(self) -> None:
        n = len(self.seats)
        self._deals = self._explicit_deals(self.deck, n) if self.deck is not None else []
        youngest = [i for i, s in enumerate(self.seats) if s.youngest]
        self.first = youngest[0] if len(youngest) == 1 else 0
        self.totals = [0] * n
        self.round_results: List[Dict[str, Any]] = []
        self.race_count = 0
        self.race: Optional[Race] = None
        self.last_race: Optional[Dict[str, Any]] = None
        self.last_round: Optional[Dict[str, Any]] = None
        self.final: Optional[Dict[str, Any]] = None
        self.turn_no = 0
        self.round_no = 0
        self._start_round()

    @staticmethod
    def _explicit_deals(deck: Any, n: int) -> List[Any]:
        deals = deck["rounds"] if isinstance(deck, dict) and "rounds" in deck else [deck]
        if not isinstance(deals, list) or not deals:
            raise BadSetup(msg("mosquito.setup.deck_shape"))
        for deal in deals:
            if isinstance(deal, list):
                if sorted(deal, key=lambda c: CARD_INDEX.get(c, -1) if isinstance(c, str) else -1) != list(ALL_CARDS):
                    raise BadSetup(msg("mosquito.setup.deck_cards"))
            elif isinstance(deal, dict) and "hands" in deal:
                hands, up, pile = deal.get("hands"), deal.get("up"), deal.get("pile", [])
                if (not isinstance(hands, list) or len(hands) != n or not isinstance(pile, list)
                        or not all(isinstance(h, list) and h for h in hands)):
                    raise BadSetup(msg("mosquito.setup.deck_shape"))
                cards = [c for h in hands for c in h] + [up] + pile
                if not all(isinstance(c, str) and c in CARD_INDEX for c in cards) or len(set(cards)) != len(cards):
                    raise BadSetup(msg("mosquito.setup.deck_unknown"))
            else:
                raise BadSetup(msg("mosquito.setup.deck_shape"))
        return deals

    def _start_round(self) -> None:
        n = len(self.seats)
        self.round_no += 1
        index = self.round_no - 1
        deal = self._deals[index] if index < len(self._deals) else self.rng.shuffled(ALL_CARDS)
        if isinstance(deal, dict):
            self.hands = [list(h) for h in deal["hands"]]
            used = {c for h in self.hands for c in h} | {deal["up"]} | set(deal.get("pile", []))
            # Cards the deal does not mention lie under the turned-up card: out of play this round.
            self.discard = [c for c in ALL_CARDS if c not in used] + [deal["up"]]
            self.pile = list(reversed(deal.get("pile", [])))
        else:
            order = list(deal)
            self.hands = [order[HAND_SIZE * s:HAND_SIZE * (s + 1)] for s in range(n)]
            rest = order[HAND_SIZE * n:]
            up = rest.pop(0)
            if self.options["first_card"] == "domino":
                while not is_domino(up):
                    rest.append(up)  # back under the deck
                    up = rest.pop(0)
            self.discard = [up]
            self.pile = list(reversed(rest))  # the top of the deck is the end of the list
        self.starter = (self.first + index) % n
        self.current = self.starter
        self.phase = Phase.PLAY
        self.drawn: Optional[str] = None
        self.race = None
        self.passes = 0
        self.alert: List[Optional[Alert]] = [None] * n
        self.alert_since = [0] * n
        self.alert_until = [0] * n
        self._sync_alerts()

    # -- queries ------------------------------------------------------------------
    @property
    def top(self) -> str:
        return self.discard[-1]

    def next_seat(self, seat: int) -> int:
        """Seats are listed counter-clockwise: the next player is seat + 1."""
        return (seat + 1) % len(self.seats)

    def play_order(self, after: int) -> List[int]:
        """Every seat in playing order, starting with the one after `after` (`after` comes last)."""
        n = len(self.seats)
        return [(after + k) % n for k in range(1, n + 1)]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def open_alerts(self) -> List[int]:
        """Seats holding one card that have not called and may still be caught."""
        return [s for s, a in enumerate(self.alert) if a is Alert.OPEN]

    def to_act(self) -> List[int]:
        """The seats expected to move now: seats that must call "Moustique !", then the racers who
        have not slapped (during a race) or the player whose turn it is. Slaps, calls and catches
        are accepted from ANY seat at any time even when it is not listed here (see validate)."""
        if self.phase is Phase.OVER:
            return []
        order: List[int] = self.open_alerts()
        if self.race is not None:
            order += [s for s in self.race.participants if s not in self.race.slapped and s not in order]
        elif self.current not in order:
            order.append(self.current)
        return order

    # -- moves ----------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        verb, arg = self._parse(move)
        seat = move.seat
        if verb == "play":
            self._play(seat, arg)
        elif verb == "draw":
            card = self.pile.pop()
            self.hands[seat].append(card)
            self.drawn = card
            self._sync_alerts()
        elif verb == "pass":
            self.passes = self.passes + 1 if not self.pile else 0
            if self.passes >= len(self.seats):
                self._end_round(None)
            else:
                self._end_turn()
        elif verb == "slap":
            self._slap(seat, arg[0], arg[1])
        elif verb == "close":
            self._resolve_race()
        elif verb == "call":
            self.alert[seat] = Alert.CALLED
        elif verb == "catch":
            if self.pile:
                self._draw_cards(arg, CAUGHT_CARDS)
            else:
                self.alert[arg] = Alert.CAUGHT
            self._sync_alerts()

    def _play(self, seat: int, cards: List[str]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        self.drawn = None
        self.passes = 0
        if len(cards) == 1 and is_mosquito(cards[0]):
            self.race_count += 1
            participants = self.play_order(seat)
            if not self.options["layer_in_race"]:
                participants.remove(seat)
            self.race = Race(self.race_count, seat, int(cards[0][1]), len(self.moves), participants)
            self.phase = Phase.RACE
            self._sync_alerts()
            return
        self._sync_alerts()
        if not hand:
            self._end_round(seat)
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.current = self.next_seat(self.current)
        self.drawn = None
        self.turn_no += 1
        self._sync_alerts()

    def _sync_alerts(self) -> None:
        """Keep "Moustique !" duties in step with hand sizes: a seat that comes down to one card must
        call; it may be caught until the end of the next player's turn (option call_window)."""
        until_called = self.options["call_window"] == "until_called"
        for s, hand in enumerate(self.hands):
            if len(hand) != 1:
                self.alert[s] = None
                continue
            if self.alert[s] is None:
                self.alert[s] = Alert.OPEN
                self.alert_since[s] = len(self.moves)
                self.alert_until[s] = self.turn_no + (2 if s == self.current else 1)
            if self.alert[s] is Alert.OPEN and not until_called and self.turn_no >= self.alert_until[s]:
                self.alert[s] = Alert.SAFE

    # -- what people see ------------------------------------------------------------
    def need(self) -> Dict[str, Any]:
        """What the top card asks for: its two digits (with positions), or one digit alone."""
        top = self.top
        if is_domino(top):
            return {"alone": False, "digits": [int(top[0]), int(top[1])], "top": int(top[0]), "bottom": int(top[1])}
        return {"alone": True, "digits": [int(top[1])], "by": "net" if is_net(top) else "mosquito"}

    def secrets_marker(self, seat: int) -> Any:
        """Cards drawn (turn, race, false slap, catch), a race resolved (random takes), a new deal,
        and, for `seat`, a card another player played from their hand."""
        others = tuple(len(h) for i, h in enumerate(self.hands) if i != seat)
        return (self.round_no, len(self.pile), self.last_race and self.last_race["no"], self.is_over(), others)

    def in_timed_window(self) -> bool:
        """A PLAF! race or a "Moustique !" window is open."""
        return self.race is not None or bool(self.open_alerts())

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        out: Dict[str, Any] = {
            "game": self.GAME_ID,
            "phase": self.phase.value,
            "to_act": self.to_act(),
            "current": None if self.is_over() else self.current,
            "seats": [s.to_dict() for s in self.seats],
            "over": self.is_over(),
            "move_count": len(self.moves),
            "round": self.round_no,
            "rounds": self.options["rounds"],
            "starter": self.starter,
            "hand_counts": [len(h) for h in self.hands],
            "deck_count": len(self.pile),
            "top": self.top,
            "need": self.need(),
            "need_text": self.need_text().to_dict(),
            "discard": list(self.discard),
            "has_drawn": self.drawn is not None,
            "passes": self.passes,
            "totals": list(self.totals),
            "round_points": [list(r["points"]) for r in self.round_results],
            "race": None,
            "last_race": self.last_race,
            "last_round": self.last_round,
            "moustique": [{"seat": s, "state": a.value, "since": self.alert_since[s]}
                          for s, a in enumerate(self.alert) if a is not None],
            "must_call": self.open_alerts(),
            "slap_window_ms": self.options["slap_window_ms"],
        }
        if self.race is not None:
            r = self.race
            out["race"] = {
                "no": r.no, "layer": r.layer, "digit": r.digit, "hand": r.hand, "opened_at": r.opened_at,
                "participants": list(r.participants),
                "slaps": [{"seat": s, "hand": h, "ms": ms} for s, h, ms in r.slaps],
                "waiting": [s for s in r.participants if s not in r.slapped],
            }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = sort_cards(self.hands[seat])
            out["drawn"] = self.drawn if seat == self.current else None
            out["playable"] = self.playable(seat)
        if self.is_over():
            out["result"] = self.result()
        return out


__all__ = [
    "HAND_SIZE",
    "DOMINOES",
    "MOSQUITOES",
    "NETS",
    "ALL_CARDS",
    "CARD_INDEX",
    "EMPTY_HAND_POINTS",
    "NET_POINTS",
    "FALSE_SLAP_CARDS",
    "WRONG_HAND_CARDS",
    "CAUGHT_CARDS",
    "TOP",
    "BOTTOM",
    "is_domino",
    "is_mosquito",
    "is_net",
    "card_value",
    "fits",
    "modes",
    "card_name",
    "sort_cards",
    "expected_hand",
    "OPTIONS",
    "RULES",
    "Phase",
    "Alert",
    "Race",
    "PLAY_SYNTAX",
    "CALL_HORIZON_MS",
    "MosquitoEngine",
]
