"""The contract every game engine fulfils, and the bookkeeping they all share.

An engine is a pure function of (options, seats, seed or deck, moves): it imports
nothing from the browser, so the same code runs under pytest and in Pyodide, and
a record replays to the very same state anywhere.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Dict, FrozenSet, List, Mapping, Optional, Sequence

from .errors import BadMove, BadSetup, IllegalMove, shorten
from .messages import Msg, msg
from .options import OptionSet
from .record import Record
from .rng import Rng
from .rulebook import RuleBook
from .seats import Seat, parse_seats

SYSTEM_SEAT = -1  # events no player makes (a timer closing a window)


@dataclass(frozen=True)
class MoveFacts:
    """What a move did besides changing the position, noted as it is applied, for the undo
    policy (core/timeline.py): the engine knows best whether something hidden came to light."""

    revealed_to: FrozenSet[int]  # seats that learnt something hidden from them (a card turned, drawn, played from a hand, a reveal)
    timed: bool  # made in (or opening) a timed event: a race, a call window; never taken back

    @property
    def revealed(self) -> bool:
        return bool(self.revealed_to)


MAX_SEAT_DIGITS = 2  # a seat in a move is 0-99: no game seats more than six


class BadSeat(BadMove):
    """A move whose seat is not a short number: said as such, not as "not a valid move"."""

    def __init__(self, text: str) -> None:
        IllegalMove.__init__(self, "record.syntax", msg("error.bad_seat", text=shorten(text), top="9" * MAX_SEAT_DIGITS))


@dataclass(frozen=True)
class Move:
    """One entry of a record: who acts and what they do, in the game's own text form."""

    seat: int
    action: str

    def encode(self) -> str:
        who = "*" if self.seat == SYSTEM_SEAT else str(self.seat)
        return f"{who}:{self.action}"

    @classmethod
    def decode(cls, text: str) -> "Move":
        if not isinstance(text, str) or ":" not in text:
            raise BadMove(str(text), msg("error.expected_move"))
        who, action = text.split(":", 1)
        who = who.strip()
        if who == "*":
            seat = SYSTEM_SEAT
        else:
            if not (who.isascii() and who.isdigit() and len(who) <= MAX_SEAT_DIGITS):  # "²", "1_0", 20 digits
                raise BadSeat(text)
            seat = int(who)
        return cls(seat, action.strip())

    def __str__(self) -> str:
        return self.encode()


class Engine(ABC):
    GAME_ID: ClassVar[str]
    RULES_VERSION: ClassVar[int] = 1
    MIN_SEATS: ClassVar[int]
    MAX_SEATS: ClassVar[int]
    OPTIONS: ClassVar[OptionSet]
    RULES: ClassVar[RuleBook]
    SEAT_FIELDS: ClassVar[tuple] = ()  # extra per-seat set-up questions, e.g. ("youngest",)

    def __init__(
        self,
        seats: Sequence[Any],
        options: Optional[Mapping[str, Any]] = None,
        seed: Optional[int] = None,
        deck: Any = None,
    ) -> None:
        self.seats: List[Seat] = parse_seats(seats, self.MIN_SEATS, self.MAX_SEATS)
        self.options: Dict[str, Any] = self.OPTIONS.resolve(options)
        if seed is None and deck is None:
            raise BadSetup(msg("setup.seed_or_deck"))
        self.seed = seed
        self.deck = deck
        self.rng = Rng(seed if seed is not None else 0)
        self.moves: List[Move] = []
        self.move_facts: List[MoveFacts] = []
        self.setup()

    # -- what each game defines -------------------------------------------------
    @abstractmethod
    def setup(self) -> None:
        """Deal from self.deck if given (explicit order), else shuffle with self.rng."""

    @abstractmethod
    def to_act(self) -> List[int]:
        """Seats that may move now (several for simultaneous choices; empty when over)."""

    @abstractmethod
    def legal_moves(self, seat: Optional[int] = None) -> List[Move]:
        """Every legal move now (of `seat`, or of everyone who may act)."""

    @abstractmethod
    def check(self, move: Move) -> None:
        """Raise IllegalMove naming the rule if `move` is not legal now."""

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Change the state; `move` has already passed `check`."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Dict[str, Any]:
        """Final scores with a breakdown in words; only when over."""

    @abstractmethod
    def view(self, seat: Optional[int]) -> Dict[str, Any]:
        """What `seat` may know (None: a spectator), as plain JSON-able data."""

    # -- hooks for the timeline (undo policy); defaults suit a game with nothing hidden ------
    def secrets_marker(self, seat: int) -> Any:
        """A small value that changes exactly when a move uncovers information hidden from
        `seat` (cards left in a deck, other hands' sizes, the turn of a simultaneous reveal...).
        Compared before and after each move to fill ``move_facts[i].revealed_to``."""
        return None

    def in_timed_window(self) -> bool:
        """True while a timed event is open (a race, a call window): nothing in it is undone."""
        return False

    def secrets_open(self) -> bool:
        """True once every word of the log may be read by everyone (the game is over): the move
        log and the replay then name what a reader's own log kept quiet."""
        return self.is_over()

    def past_view(self, seat: Optional[int], now: "Engine") -> Dict[str, Any]:
        """This earlier position as a replay shows it while ``now`` is the game's present: by
        default its view. A memory game hides what has been covered since (L'Île des Mookies)."""
        return self.view(seat)

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Msg:
        """The move in words (a message), said before it is applied. ``seat`` is the reader: None
        speaks for everyone (nothing hidden from anyone); a seat may also read its own secrets.
        By default, the move as a record writes it."""
        return msg("game.move_as_written", move=move.encode())

    # -- shared bookkeeping -----------------------------------------------------
    def apply(self, move: Move) -> None:
        self.validate(move)
        seats = range(len(self.seats))
        markers, timed = [self.secrets_marker(s) for s in seats], self.in_timed_window()
        self._apply(move)
        self.moves.append(move)
        revealed = frozenset(s for s in seats if self.secrets_marker(s) != markers[s])
        self.move_facts.append(MoveFacts(revealed, timed or self.in_timed_window()))

    def validate(self, move: Move) -> None:
        """Raise IllegalMove if `move` cannot be played now (game over, not this seat's turn, a rule)."""
        if self.is_over():
            raise IllegalMove("game.over", msg("error.game_over"))
        if move.seat != SYSTEM_SEAT and not 0 <= move.seat < len(self.seats):
            raise IllegalMove("game.seat", msg("error.no_seat", seat=move.seat))
        if move.seat != SYSTEM_SEAT and move.seat not in self.to_act():
            raise IllegalMove("game.turn", msg("error.not_turn", name=self.seats[move.seat].name))
        self.check(move)

    def play(self, text: str) -> None:
        self.apply(Move.decode(text))

    def is_legal(self, move: Move) -> bool:
        try:
            self.validate(move)
        except IllegalMove:
            return False
        return True

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    def record(self, meta: Optional[Mapping[str, Any]] = None) -> Record:
        return Record(
            game=self.GAME_ID,
            rules_version=self.RULES_VERSION,
            options=dict(self.options),
            seats=list(self.seats),
            seed=self.seed,
            deck=self.deck,
            moves=[m.encode() for m in self.moves],
            meta=dict(meta or {}),
        )

    @classmethod
    def name_msg(cls) -> Msg:
        """The game's name: the catalogues' ``game.<id>.name`` (the home page's too)."""
        return msg(f"game.{cls.GAME_ID}.name")

    @classmethod
    def describe(cls) -> Dict[str, Any]:
        """Static facts for menus and rules panels (words as messages, JSON-plain)."""
        return {
            "id": cls.GAME_ID,
            "name": cls.name_msg().to_dict(),
            "min_seats": cls.MIN_SEATS,
            "max_seats": cls.MAX_SEATS,
            "rules_version": cls.RULES_VERSION,
            "options": cls.OPTIONS.describe(),
            "rules": cls.RULES.to_list(),
        }
