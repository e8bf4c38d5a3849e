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

The cards, scoring numbers, options and rule book are data in ``mosquito_catalogue``; their
names are re-exported here, so ``games.mosquito`` stays the one module to import for this game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.engine import SYSTEM_SEAT, Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove
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
    cards_word,
    expected_hand,
    fits,
    hand_name,
    is_domino,
    is_mosquito,
    is_net,
    modes,
    sort_cards,
)


class Phase(str, Enum):
    PLAY = "play"
    RACE = "race"
    OVER = "over"


class Alert(str, Enum):
    """Where a seat holding one card stands with "Moustique !"."""

    OPEN = "open"        # must call; may be caught
    CALLED = "called"    # called in time
    SAFE = "safe"        # did not call, but the window for catching has passed
    CAUGHT = "caught"    # caught while the deck was empty (nothing to draw)


@dataclass
class Race:
    """An open PLAF! race: the slaps that have arrived, in arrival (record) order."""

    no: int
    layer: int
    digit: int
    opened_at: int                 # index of the move that played the Mosquito card
    participants: List[int]        # in play order from the layer's next player
    slaps: List[Tuple[int, str, int]] = field(default_factory=list)  # (seat, "L"/"R", ms)
    slapped: List[int] = field(default_factory=list)                 # every seat that slapped

    @property
    def hand(self) -> str:
        return expected_hand(self.digit)



# After someone comes down to one card, the table waits this long for their call or a catch
# before play moves on: the app holds the bots' turns (web/mosquito.py), and self-play takes
# the first call or catch within it (bots/mosquito.py). Time is the view's, never the engine's.
CALL_HORIZON_MS = 3000

PLAY_SYNTAX = "play/65, play/63,64, play/M7, play/N3, draw, pass, slap/R/420, call, catch/2"


def _deal_error() -> BadSetup:
    return BadSetup(
        "Paquet explicite invalide : une liste des 65 cartes (dessus en premier), ou "
        "{\"hands\": [[...], ...], \"up\": \"65\", \"pile\": [...]}, ou {\"rounds\": [...]}.",
        "Invalid explicit deck: a list of the 65 cards (top first), or "
        "{\"hands\": [[...], ...], \"up\": \"65\", \"pile\": [...]}, or {\"rounds\": [...]}.",
    )


class MosquitoEngine(Engine):
    GAME_ID = "mosquito"
    RULES_VERSION = 1
    MIN_SEATS = 3
    MAX_SEATS = 6
    OPTIONS = OPTIONS
    RULES = RULES
    NAME_FR = "Mosquito PLAF !"
    NAME_EN = "Mosquito PLAF!"
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
            raise _deal_error()
        for deal in deals:
            if isinstance(deal, list):
                if sorted(deal, key=lambda c: CARD_INDEX.get(c, -1) if isinstance(c, str) else -1) != list(ALL_CARDS):
                    raise BadSetup(
                        "Le paquet doit contenir les 65 cartes, chacune une fois.",
                        "The deck must hold the 65 cards, each once.",
                    )
            elif isinstance(deal, dict) and "hands" in deal:
                hands, up, pile = deal.get("hands"), deal.get("up"), deal.get("pile", [])
                if (not isinstance(hands, list) or len(hands) != n or not isinstance(pile, list)
                        or not all(isinstance(h, list) and h for h in hands)):
                    raise _deal_error()
                cards = [c for h in hands for c in h] + [up] + pile
                if not all(isinstance(c, str) and c in CARD_INDEX for c in cards) or len(set(cards)) != len(cards):
                    raise BadSetup(
                        "Carte inconnue ou en double dans le paquet explicite.",
                        "Unknown or repeated card in the explicit deck.",
                    )
            else:
                raise _deal_error()
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

    def validate(self, move: Move) -> None:
        """Like Engine.validate, but without the to_act() gate: a slap is legal from any seat at any
        time (a false slap costs 3 cards), and so are calls and catches when the rules allow them;
        turn moves are checked against the player whose turn it is in check()."""
        if self.is_over():
            raise IllegalMove("game.over", "La partie est terminée.", "The game is over.")
        if move.seat != SYSTEM_SEAT and not 0 <= move.seat < len(self.seats):
            raise IllegalMove("game.seat", f"Il n'y a pas de place {move.seat}.", f"There is no seat {move.seat}.")
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
                raise IllegalMove("house.slap_window", "Aucune course PLAF! n'est ouverte.", "No PLAF! race is open.")
            return
        if verb == "slap":
            if self.race is not None and seat in self.race.slapped:
                raise IllegalMove(
                    "plaf.everyone_slaps",
                    "Tu as déjà frappé pour ce Moustique.",
                    "You have already slapped for this Mosquito card.",
                )
            return
        if verb == "call":
            if self.alert[seat] is not Alert.OPEN:
                raise IllegalMove(
                    "call.moustique",
                    "On crie « Moustique ! » quand il ne reste qu'une carte (et une seule fois).",
                    "You call 'Moustique!' when you hold exactly one card (and once).",
                )
            return
        if verb == "catch":
            if arg == seat or self.alert[arg] is not Alert.OPEN:
                raise IllegalMove(
                    "call.caught_draws",
                    f"Impossible d'attraper {self.seat_name(arg)} : il faut une seule carte, sans avoir crié "
                    "« Moustique ! », et avant la fin du tour suivant.",
                    f"{self.seat_name(arg)} cannot be caught: that takes one card, no 'Moustique!' call yet, "
                    "and before the end of the next turn.",
                )
            return
        # turn moves
        if self.race is not None:
            raise IllegalMove(
                "plaf.everyone_slaps",
                "Attends la fin de la course PLAF! : tout le monde doit d'abord frapper.",
                "Wait for the PLAF! race to end: everyone must slap first.",
            )
        if seat != self.current:
            raise IllegalMove(
                "turn.counter_clockwise",
                f"Ce n'est pas ton tour : c'est à {self.seat_name(self.current)} de jouer.",
                f"It is not your turn: {self.seat_name(self.current)} is to play.",
            )
        if verb == "draw":
            self._check_draw(seat)
        elif verb == "pass":
            self._check_pass(seat)
        else:
            self._check_play(seat, arg)

    def _check_draw(self, seat: int) -> None:
        if self.drawn is not None:
            raise IllegalMove("turn.draw_if_stuck", "Tu as déjà pioché ce tour-ci.",
                              "You have already drawn this turn.")
        if self.playable(seat):
            raise IllegalMove("turn.draw_if_stuck", "Tu peux jouer une carte : on ne pioche que si l'on ne peut pas jouer.",
                              "You can play a card: you only draw when you cannot play.")
        if not self.pile:
            raise IllegalMove("deck.empty_no_draw", "Le paquet est vide : passe ton tour.",
                              "The deck is empty: pass your turn.")

    def _check_pass(self, seat: int) -> None:
        if self.drawn is not None:
            if fits(self.drawn, self.top):
                raise IllegalMove("turn.pass_after_draw", "La carte piochée peut être jouée : jouez-la.",
                                  "The card you drew can be played: play it.")
            return
        if self.playable(seat):
            raise IllegalMove("turn.draw_if_stuck", "Tu peux jouer une carte.", "You can play a card.")
        if self.pile:
            raise IllegalMove("turn.draw_if_stuck", "Tu ne peux pas jouer : pioche d'abord une carte.",
                              "You cannot play: draw a card first.")

    def _check_play(self, seat: int, cards: List[str]) -> None:
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                raise IllegalMove("game.card", f"Tu n'as pas la carte {card_name(c)}.",
                                  f"You do not hold {card_name(c, 'en')}.")
        if self.drawn is not None and cards != [self.drawn]:
            raise IllegalMove(
                "turn.draw_if_stuck",
                f"Après avoir pioché, seule la carte piochée ({card_name(self.drawn)}) peut être jouée.",
                f"After drawing, only the card drawn ({card_name(self.drawn, 'en')}) may be played.",
            )
        top = self.top
        alone_top = not is_domino(top)
        if len(cards) == 1:
            card = cards[0]
            if fits(card, top):
                return
            if is_mosquito(card):
                raise IllegalMove(
                    "play.mosquito_match",
                    f"Le {card_name(card)} doit reprendre un chiffre de la carte du sommet ({card_name(top)}).",
                    f"{card_name(card, 'en')} must match a digit of the top card ({card_name(top, 'en')}).",
                )
            if is_net(top):
                raise IllegalMove(
                    "play.net_next_digit",
                    f"Après la {card_name(top)}, il faut jouer un {top[1]}.",
                    f"After {card_name(top, 'en')}, a {top[1]} must be played.",
                )
            raise IllegalMove(
                "play.domino_match",
                f"{card_name(card)} n'a aucun chiffre de la carte du sommet ({card_name(top)}).",
                f"{card_name(card, 'en')} shares no digit with the top card ({card_name(top, 'en')}).",
            )
        if not all(is_domino(c) for c in cards):
            raise IllegalMove(
                "house.special_alone",
                "Un Moustique ou une Moustiquaire se joue seul, jamais avec d'autres cartes.",
                "A Mosquito or Net card is played alone, never with other cards.",
            )
        for c in cards:
            if not fits(c, top):
                raise IllegalMove(
                    "play.domino_match",
                    f"{card_name(c)} n'a aucun chiffre de la carte du sommet ({card_name(top)}).",
                    f"{card_name(c, 'en')} shares no digit with the top card ({card_name(top, 'en')}).",
                )
        if any(all(c[p] == d for c in cards) for d, p in modes(top)):
            return
        names = ", ".join(card_name(c) for c in cards)
        if alone_top:
            raise IllegalMove(
                "house.after_net",
                f"{names} : plusieurs Dominos doivent avoir le {top[1]} à la même position (tous en haut ou tous en bas).",
                f"{names}: several Dominoes must hold the {top[1]} in the same position (all on top or all below).",
            )
        common = any(all(c[p] == cards[0][p] for c in cards) for p in (TOP, BOTTOM))
        if common:
            raise IllegalMove(
                "play.multi_same_position",
                f"{names} : le chiffre choisi doit être à la même position que sur {card_name(top)}.",
                f"{names}: the chosen digit must be in the same position as on {card_name(top, 'en')}.",
            )
        raise IllegalMove(
            "play.multi_no_mix",
            f"{names} : ces cartes n'ont pas le même chiffre à la même position.",
            f"{names}: these cards do not share one digit in one position.",
        )

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

    def _draw_cards(self, seat: int, n: int) -> int:
        """`seat` draws up to `n` cards; an empty deck is never drawn from. Returns how many."""
        got = min(n, len(self.pile))
        for _ in range(got):
            self.hands[seat].append(self.pile.pop())
        return got

    def _slap(self, seat: int, hand: str, ms: int) -> None:
        race = self.race
        if race is not None:
            race.slapped.append(seat)
            if seat in race.participants:
                race.slaps.append((seat, hand, ms))
                if all(s in race.slapped for s in race.participants):
                    self._resolve_race()
                return
        elif is_mosquito(self.top) and self.options["late_slap"] == "ignored":
            return
        self._draw_cards(seat, FALSE_SLAP_CARDS)
        self._sync_alerts()

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

    # -- the PLAF! race -------------------------------------------------------------
    def race_outcome(self) -> Dict[str, Any]:
        """Who was fastest, who counts as slowest, and what each seat must draw, if the race
        closed now (pure: reads the race, changes nothing)."""
        race = self.race
        assert race is not None
        window = self.options["slap_window_ms"]
        arrival = {s: i for i, (s, _, _) in enumerate(race.slaps)}
        timed = [(s, h, ms) for s, h, ms in race.slaps if ms < window]
        late = [s for s, _, ms in race.slaps if ms >= window]
        wrong = [s for s, h, _ in timed if h != race.hand]
        correct = [s for s, h, ms in sorted((x for x in timed if x[1] == race.hand), key=lambda x: (x[2], arrival[x[0]]))]
        missing = [s for s in race.participants if s not in wrong and s not in correct]
        fastest = correct[0] if correct else None
        if missing:
            slowest = list(missing)
        elif len(correct) >= 2:
            slowest = [correct[-1]]
        else:
            slowest = []
        penalty: Dict[int, int] = {}
        for s in wrong:
            penalty[s] = WRONG_HAND_CARDS
        for s in missing:
            penalty[s] = 2
        for s in correct:
            penalty[s] = 0 if s == fastest else 2 if s in slowest else 1
        order = wrong + missing + [s for s in reversed(correct) if s != fastest]
        return {"wrong": wrong, "correct": correct, "missing": missing, "late": late, "fastest": fastest,
                "slowest": slowest, "penalty": penalty, "order": order}

    def _resolve_race(self) -> None:
        race = self.race
        assert race is not None
        out = self.race_outcome()
        names = [s.name for s in self.seats]
        layer = race.layer
        steps = self._race_steps(race, out)
        draws: Dict[str, int] = {str(s): 0 for s in race.participants}
        took: List[Dict[str, int]] = []
        deck_empty = not self.pile
        if not deck_empty:
            for s in out["order"]:
                want = out["penalty"][s]
                got = self._draw_cards(s, want)
                draws[str(s)] = got
                if got < want:
                    steps.append({
                        "fr": f"Le paquet est épuisé : {names[s]} ne pioche que {got} carte{'s' if got > 1 else ''} sur {want}.",
                        "en": f"The deck ran out: {names[s]} draws only {got} of {want}.",
                    })
            who = [names[s] for s in out["order"] if draws[str(s)]]
            if who:
                steps.append({"fr": "Ordre de pioche : " + ", ".join(who) + ".",
                              "en": "Drawing order: " + ", ".join(who) + "."})
        else:
            steps.append({"fr": "Le paquet est vide : personne ne pioche.",
                          "en": "The deck is empty: nobody draws."})
            rng = self.rng.fork(race.opened_at, race.no)
            for s in out["slowest"]:
                if s == layer:
                    steps.append({
                        "fr": f"{names[s]}, le plus lent, a posé le Moustique : il ne se prend rien à lui-même.",
                        "en": f"{names[s]}, the slowest, laid the Mosquito card: nothing to take from themselves.",
                    })
                elif self.hands[layer]:
                    card = self.hands[layer].pop(rng.below(len(self.hands[layer])))
                    self.hands[s].append(card)
                    took.append({"by": s, "from": layer})
                    draws[str(s)] = draws.get(str(s), 0) + 1
                    steps.append({
                        "fr": f"{names[s]}, le plus lent, prend une carte au hasard à {names[layer]}, qui a posé le Moustique.",
                        "en": f"{names[s]}, the slowest, takes a random card from {names[layer]}, who laid the Mosquito card.",
                    })
                else:
                    steps.append({
                        "fr": f"{names[layer]} n'a plus de carte : {names[s]} ne prend rien.",
                        "en": f"{names[layer]} has no card left: {names[s]} takes nothing.",
                    })
        self.last_race = {
            "no": race.no,
            "layer": layer,
            "digit": race.digit,
            "hand": race.hand,
            "slaps": [{"seat": s, "hand": h, "ms": ms} for s, h, ms in race.slaps],
            "fastest": out["fastest"],
            "slowest": out["slowest"],
            "wrong": out["wrong"],
            "missing": out["missing"],
            "order": out["order"],
            "penalty": {str(s): n for s, n in out["penalty"].items()},
            "draws": draws,
            "took": took,
            "deck_empty": deck_empty,
            "steps": steps,
        }
        self.race = None
        self.phase = Phase.PLAY
        self._sync_alerts()
        if not self.hands[layer]:
            self._end_round(layer)
        else:
            self._end_turn()

    def _race_steps(self, race: Race, out: Dict[str, Any]) -> List[Dict[str, str]]:
        names = [s.name for s in self.seats]
        parity_fr = "pair" if race.digit % 2 == 0 else "impair"
        parity_en = "even" if race.digit % 2 == 0 else "odd"
        steps = [{
            "fr": f"{names[race.layer]} a joué le Moustique {race.digit} ({parity_fr}) : il fallait frapper de la main {hand_name(race.hand)}.",
            "en": f"{names[race.layer]} played Mosquito {race.digit} ({parity_en}): the {hand_name(race.hand, 'en')} hand was needed.",
        }]
        window = self.options["slap_window_ms"]
        for s, h, ms in race.slaps:
            if ms >= window:
                steps.append({
                    "fr": f"{names[s]} frappe trop tard ({ms} ms, le temps était de {window} ms) : cette tape ne compte pas.",
                    "en": f"{names[s]} slaps too late ({ms} ms, the window was {window} ms): as if they had not slapped.",
                })
            else:
                steps.append({
                    "fr": f"{names[s]} frappe de la main {hand_name(h)} en {ms} ms.",
                    "en": f"{names[s]} slaps with the {hand_name(h, 'en')} hand in {ms} ms.",
                })
        for s in out["wrong"]:
            steps.append({"fr": f"Mauvaise main pour {names[s]} : 3 cartes.",
                          "en": f"{names[s]} used the wrong hand: 3 cards."})
        if out["fastest"] is not None:
            s = out["fastest"]
            steps.append({"fr": f"Le plus rapide : {names[s]}, aucune carte.",
                          "en": f"{names[s]} is the fastest: no card."})
        for s in out["missing"]:
            steps.append({"fr": f"{names[s]} n'a pas frappé à temps : 2 cartes, comme le plus lent.",
                          "en": f"{names[s]} did not slap in time: counts as slowest, 2 cards."})
        for s in out["correct"][1:]:
            if s in out["slowest"]:
                steps.append({"fr": f"Le plus lent : {names[s]}, 2 cartes.",
                              "en": f"{names[s]} is the slowest: 2 cards."})
            else:
                steps.append({"fr": f"{names[s]} : 1 carte.", "en": f"{names[s]}: 1 card."})
        return steps

    # -- rounds and scoring ---------------------------------------------------------
    def _end_round(self, emptied: Optional[int]) -> None:
        names = [s.name for s in self.seats]
        points = []
        steps = []
        for s, hand in enumerate(self.hands):
            if s == emptied:
                points.append(EMPTY_HAND_POINTS)
                steps.append({"fr": f"{names[s]} n'a plus de cartes : {EMPTY_HAND_POINTS} points.",
                              "en": f"{names[s]} has no cards left: {EMPTY_HAND_POINTS} points."})
                continue
            cards = sort_cards(hand)
            total = sum(card_value(c) for c in cards)
            points.append(total)
            detail_fr = " + ".join(f"{card_name(c)} ({card_value(c)})" for c in cards) or "aucune carte"
            detail_en = " + ".join(f"{card_name(c, 'en')} ({card_value(c)})" for c in cards) or "no card"
            steps.append({"fr": f"{names[s]} : {detail_fr} = {total} points.",
                          "en": f"{names[s]}: {detail_en} = {total} points."})
        if emptied is None:
            steps.insert(0, {"fr": f"Manche {self.round_no} : le paquet est vide et tout le monde a passé ; chacun compte sa main.",
                             "en": f"Round {self.round_no}: the deck is empty and everyone passed; everyone counts their hand."})
        else:
            steps.insert(0, {"fr": f"Manche {self.round_no} : {names[emptied]} a posé sa dernière carte.",
                             "en": f"Round {self.round_no}: {names[emptied]} laid their last card."})
        for s, p in enumerate(points):
            self.totals[s] += p
        steps.append({"fr": "Totaux : " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(self.totals)) + ".",
                      "en": "Totals: " + ", ".join(f"{names[s]} {t}" for s, t in enumerate(self.totals)) + "."})
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
            raise IllegalMove("game.not_over", "La partie n'est pas finie.", "The game is not over.")
        names = [s.name for s in self.seats]
        planned = self.options["rounds"]
        steps = []
        for r in self.round_results:
            line = ", ".join(f"{names[s]} {p}" for s, p in enumerate(r["points"]))
            extra_fr = " (manche supplémentaire)" if r["round"] > planned else ""
            extra_en = " (extra round)" if r["round"] > planned else ""
            steps.append({"fr": f"Manche {r['round']}{extra_fr} : {line}.", "en": f"Round {r['round']}{extra_en}: {line}."})
        if len(self.round_results) > planned:
            steps.append({
                "fr": f"Égalité après {planned} manches : on a joué {len(self.round_results) - planned} manche(s) supplémentaire(s).",
                "en": f"A tie after {planned} rounds: {len(self.round_results) - planned} extra round(s) were played.",
            })
        totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(self.totals))
        steps.append({"fr": f"Totaux : {totals}.", "en": f"Totals: {totals}."})
        w = self.final["winner"]
        steps.append({
            "fr": f"{names[w]} a le moins de points ({self.totals[w]}) : la couronne d'Écrase-Moustiques lui revient !",
            "en": f"{names[w]} has the fewest points ({self.totals[w]}) and is crowned Mosquito Smasher!",
        })
        return {
            "scores": list(self.totals),
            "winner": w,
            "rounds": [{"round": r["round"], "points": list(r["points"]), "emptied": r["emptied"]}
                       for r in self.round_results],
            "steps": steps,
        }

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

    def need_text(self) -> Dict[str, str]:
        """What the top card asks for, in the words of the rules (play.domino_match,
        play.multi_same_position, play.net_next_digit): a single card may hold the digit in
        either position; only several Dominoes together must hold it where the top card does.
        A Net may always be played."""
        top = self.top
        if is_domino(top):
            a, b = top[0], top[1]
            if a != b:
                many = f"le {a} en haut sur chacun, ou le {b} en bas sur chacun"
                many_en = f"each with the {a} on top, or each with the {b} below"
            else:
                many, many_en = f"le {a} à la même position sur chacun", f"each with the {a} in the same position"
            return {"fr": f"Il faut un {a} ou un {b} (ou une Moustiquaire). Plusieurs Dominos ensemble : {many}.",
                    "en": f"A {a} or a {b} is needed (or a Net). Several Dominoes together: {many_en}."}
        d = top[1]
        return {"fr": f"Il faut un {d} (ou une Moustiquaire). Plusieurs Dominos ensemble : le {d} à la même position sur chacun.",
                "en": f"A {d} is needed (or a Net). Several Dominoes together: each with the {d} in the same position."}

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Dict[str, str]:
        """The move in words, said before it is applied; the drawer (as ``seat``) reads its card."""
        verb, arg = self._parse(move)
        if verb == "draw" and seat is not None and seat == move.seat and self.pile:
            name, card = self.seat_name(move.seat), self.pile[-1]
            return {"fr": f"{name} ne peut pas jouer et pioche une carte : {card_name(card)}.",
                    "en": f"{name} cannot play and draws a card: {card_name(card, 'en')}."}
        if verb == "close":
            return {"fr": "Le temps pour frapper est écoulé.", "en": "Time to slap is up."}
        name = self.seat_name(move.seat)
        if verb == "play":
            if len(arg) > 1:
                fr = ", ".join(card_name(c) for c in arg)
                return {"fr": f"{name} joue {fr} ({card_name(arg[-1])} dessus).",
                        "en": f"{name} plays {fr} ({card_name(arg[-1])} on top)."}
            card = arg[0]
            if is_mosquito(card):
                return {"fr": f"{name} joue le {card_name(card)} : PLAF ! Main {hand_name(expected_hand(int(card[1])))} !",
                        "en": f"{name} plays {card_name(card, 'en')}: PLAF! {hand_name(expected_hand(int(card[1])), 'en').capitalize()} hand!"}
            if is_net(card):
                return {"fr": f"{name} joue la {card_name(card)} : le joueur suivant doit jouer un {card[1]}.",
                        "en": f"{name} plays {card_name(card, 'en')}: the next player must play a {card[1]}."}
            return {"fr": f"{name} joue {card_name(card)}.", "en": f"{name} plays {card_name(card, 'en')}."}
        if verb == "draw":
            return {"fr": f"{name} ne peut pas jouer et pioche une carte.", "en": f"{name} cannot play and draws a card."}
        if verb == "pass":
            return {"fr": f"{name} passe son tour.", "en": f"{name} passes."}
        if verb == "call":
            return {"fr": f"{name} crie « Moustique ! ».", "en": f"{name} calls 'Moustique!'."}
        if verb == "catch":
            target = self.seat_name(arg)
            n = min(CAUGHT_CARDS, len(self.pile))
            return {"fr": f"{name} attrape {target}, qui n'a pas crié « Moustique ! » : {target} pioche {cards_word(n, 'fr')}.",
                    "en": f"{name} catches {target}, who did not call 'Moustique!': {target} draws {cards_word(n, 'en')}."}
        hand, ms = arg
        race = self.race
        if race is not None and move.seat in race.participants:
            return {"fr": f"{name} frappe de la main {hand_name(hand)} ({ms} ms).",
                    "en": f"{name} slaps with the {hand_name(hand, 'en')} hand ({ms} ms)."}
        if race is None and is_mosquito(self.top) and self.options["late_slap"] == "ignored":
            return {"fr": f"{name} frappe après la course : sans effet.",
                    "en": f"{name} slaps after the race: no effect."}
        n = min(FALSE_SLAP_CARDS, len(self.pile))
        why_fr = "a posé ce Moustique et ne frappe pas" if race is not None else "frappe alors qu'aucun Moustique n'est joué"
        why_en = "laid this Mosquito card and does not slap" if race is not None else "slaps with no Mosquito card played"
        return {"fr": f"{name} {why_fr} : fausse tape, {cards_word(n, 'fr')} à piocher.",
                "en": f"{name} {why_en}: a false slap, draws {cards_word(n, 'en')}."}

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
            "need_text": self.need_text(),
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
    "hand_name",
    "expected_hand",
    "cards_word",
    "OPTIONS",
    "RULES",
    "Phase",
    "Alert",
    "Race",
    "PLAY_SYNTAX",
    "MosquitoEngine",
]
