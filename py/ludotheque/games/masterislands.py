"""MasterIslands: lay island cards around your galleons and conquer lines that add up to 10.

Rules: ../shared/rules/masterislands.fr.txt and DECISIONS.md. Coordinates: the start card
is at 0,0, x grows to the right, y grows downward. A turn is a few moves (docs/records.md):

- discovery, both in either order: ``place/<card>@x,y`` (a card code such as ``R3``, or a
  0-based index in the hand) and ``move/<galleon>/<dir>`` (galleon ``1`` or ``2`` of the
  player; ``up``/``down``/``left``/``right``, or the target ``x,y``). After a same-colour
  placement the player may discover again, or ``end`` to go to the conquest;
- conquest: ``conquer/x,y;x,y;...`` (cells in any order, written sorted by x then y) or
  ``noconquest``;
- corsair: ``move/<galleon>/<dir>`` up to 4 times, ``end`` to stop early.

Actions that cannot be made (no card, no space, no galleon move, no line to conquer) are
skipped by the engine, which says why in ``view()["notes"]``; refilling the hand and passing
the turn are automatic too, so a record holds only the players' choices.

This module is the turn: set-up, what may be done now, applying a move and the automatic
steps after it. The rest is split by concern: the box and options (``masterislands_catalogue``),
the rule book (``masterislands_rules``), cells and lines (``masterislands_geometry``), the
legality checks (``masterislands_legality``), the end and its explanation
(``masterislands_end``), moves in words and the view (``masterislands_view``). Every word is
a message of the catalogues (``masterislands.*``). Their names are re-exported here, so
``games.masterislands`` stays the one module to import for this game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadSetup
from ..core.messages import Msg, msg
from .masterislands_catalogue import (
    CARDS_PER_COLOUR,
    COLOURS,
    CONQUEST_VIEW_LIMIT,
    CORSAIR_POINTS,
    CORSAIR_ROUNDS,
    DEFAULT_DISTRIBUTION,
    DIRECTIONS,
    HAND_SIZE,
    LINE_KINDS,
    OPTIONS,
    SOLO_TARGETS,
    TARGET_SUM,
    TEAM_TARGET,
    TEAMS,
    VALUES,
    Card,
    Mode,
    Phase,
    Pos,
    card_msg,
    full_deck,
    parse_distribution,
)
from .masterislands_end import Ending
from .masterislands_geometry import (
    ConquestIndex,
    cell_text,
    line_keys,
    line_of,
    line_step,
    neighbours,
    parse_cell,
    subsets_summing,
)
from .masterislands_legality import Legality
from .masterislands_rules import RULES
from .masterislands_view import Views, where_msg


@dataclass
class Galleon:
    owner: int
    n: int  # 1 or 2: its number among its owner's galleons
    pos: Pos

    @property
    def id(self) -> str:
        return f"{self.owner}.{self.n}"


@dataclass
class Turn:
    """What the player to act has done in the current discovery phase (or corsair turn)."""

    phase_no: int = 1
    placed: bool = False
    moved: bool = False
    place_skipped: bool = False
    move_skipped: bool = False
    again: bool = False  # the card laid in this phase earns another discovery phase
    optional: bool = False  # an extra discovery phase not begun yet: "end" is allowed
    points: int = 0  # corsair movement points left
    cells: Tuple[Pos, ...] = ()  # cells laid or left by the player this turn (conquest_scope)

    @property
    def need_place(self) -> bool:
        return not self.placed and not self.place_skipped

    @property
    def need_move(self) -> bool:
        return not self.moved and not self.move_skipped


class MasterIslandsEngine(Legality, Ending, Views, Engine):
    GAME_ID = "masterislands"
    RULES_VERSION = 1
    MIN_SEATS = 2
    MAX_SEATS = 4
    OPTIONS = OPTIONS
    RULES = RULES

    # -- set-up -----------------------------------------------------------------------
    def setup(self) -> None:
        n = len(self.seats)
        self.mode = Mode(self.options["mode"])
        if self.mode is Mode.TEAM and n != 4:
            raise BadSetup(msg("masterislands.setup.team_four"))
        if self.mode is Mode.CORSAIR and n < 3:
            raise BadSetup(msg("masterislands.setup.corsair_three"))
        self.corsair: Optional[int] = None
        if self.mode is Mode.CORSAIR:
            self.corsair = int(self.options["corsair_seat"])
            if self.corsair >= n:
                raise BadSetup(msg("masterislands.setup.no_corsair_seat", seat=self.corsair + 1))
        self.first_player = int(self.options["first_player"])
        if self.first_player >= n:
            raise BadSetup(msg("masterislands.setup.no_first_seat", seat=self.first_player + 1))
        self.box = full_deck(self.options["distribution"])
        self.grid: Dict[Pos, Card] = {}
        self.index = ConquestIndex(gaps=bool(self.options["line_gaps"]))
        self.hands: List[List[Card]] = [[] for _ in range(n)]
        self.captured: List[List[Card]] = [[] for _ in range(n)]
        self.galleons: List[Galleon] = []
        self.pile: List[Card] = []  # the deck, top card last
        if self.deck is not None:
            self._explicit_setup(self.deck)
        else:
            self._random_setup()
        self.current = self.first_player
        self.crew_turns = 0  # turns played by non-corsair players (corsair mode)
        self.phase = Phase.DISCOVERY
        self.turn = Turn()
        self.notes: List[Msg] = []  # automatic steps of the last move, said in the view
        self._final: Optional[Dict[str, Any]] = None
        self._start_turn()
        self._settle()

    def galleons_per_seat(self, seat: int) -> int:
        if self.mode is Mode.SOLO or seat == self.corsair:
            return 2
        return 1

    def _random_setup(self) -> None:
        cards = list(self.box)
        self.rng.shuffle(cards)
        self.pile = cards
        for _ in range(HAND_SIZE):
            for seat in range(len(self.seats)):
                if seat != self.corsair:
                    self.hands[seat].append(self.pile.pop())
        self._lay((0, 0), self.pile.pop())
        for seat in range(len(self.seats)):
            for k in range(self.galleons_per_seat(seat)):
                self._add_galleon(seat, k + 1, (0, 0))

    def _explicit_setup(self, deck: Any) -> None:
        """`deck` = {"start": "R3", "hands": [[codes], ...], "draw": [codes, top first]}; for a
        position, "grid": {"x,y": code} replaces "start", with optional "galleons":
        [[[x, y], ...] per seat] and "captured": [[codes] per seat]."""
        bad = BadSetup(msg("masterislands.setup.bad_deck"))
        n = len(self.seats)
        if not isinstance(deck, dict):
            raise bad
        available: Dict[str, int] = {}
        for card in self.box:
            available[card.code] = available.get(card.code, 0) + 1

        def take(code: Any) -> Card:
            card = Card.parse(code)
            if available.get(card.code, 0) <= 0:
                raise BadSetup(msg("masterislands.setup.too_many", card=card_msg(card.code)))
            available[card.code] -= 1
            return card

        try:
            hands = deck["hands"]
            if not isinstance(hands, list) or len(hands) != n:
                raise TypeError
            for seat, hand in enumerate(hands):
                if not isinstance(hand, list) or len(hand) > HAND_SIZE or (seat == self.corsair and hand):
                    raise TypeError
                self.hands[seat] = [take(c) for c in hand]
            draw = deck.get("draw", [])
            if not isinstance(draw, list):
                raise TypeError
            self.pile = [take(c) for c in reversed(draw)]
            if "grid" in deck:
                for cell, code in sorted(deck["grid"].items()):
                    self._lay(parse_cell(cell), take(code))
            else:
                self._lay((0, 0), take(deck["start"]))
            for seat, cards in enumerate(deck.get("captured") or [[] for _ in range(n)]):
                self.captured[seat] = [take(c) for c in cards]
            if len(deck.get("captured") or [[]] * n) != n:
                raise TypeError
            places = deck.get("galleons")
            for seat in range(n):
                count = self.galleons_per_seat(seat)
                spots = [tuple(p) for p in places[seat]] if places else [(0, 0)] * count
                if len(spots) != count:
                    raise TypeError
                for k, spot in enumerate(spots):
                    pos = (int(spot[0]), int(spot[1]))
                    if pos not in self.grid:
                        raise BadSetup(msg("masterislands.setup.galleon_off_card", cell=cell_text(pos)))
                    self._add_galleon(seat, k + 1, pos)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise bad from None

    def _lay(self, pos: Pos, card: Card) -> None:
        self.grid[pos] = card
        self.index.add(pos, card.value)

    def _add_galleon(self, seat: int, n: int, pos: Pos) -> None:
        self.galleons.append(Galleon(seat, n, pos))
        self.index.block(pos)

    # -- queries --------------------------------------------------------------------------
    def to_act(self) -> List[int]:
        return [] if self.phase is Phase.OVER else [self.current]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def own_galleons(self, seat: int) -> List[Galleon]:
        return [g for g in self.galleons if g.owner == seat]

    def galleon(self, seat: int, n: int) -> Optional[Galleon]:
        for g in self.galleons:
            if g.owner == seat and g.n == n:
                return g
        return None

    def galleons_at(self, pos: Pos) -> List[Galleon]:
        return [g for g in self.galleons if g.pos == pos]

    def team_of(self, seat: int) -> Tuple[int, ...]:
        """The seats whose cards count together with `seat`'s."""
        if self.mode is Mode.TEAM:
            return TEAMS[seat % 2]
        if self.mode is Mode.CORSAIR:
            if seat == self.corsair:
                return (seat,)
            return tuple(s for s in range(len(self.seats)) if s != self.corsair)
        return (seat,)

    def target(self) -> int:
        if self.mode is Mode.TEAM:
            return TEAM_TARGET
        if self.mode is Mode.CORSAIR:
            return int(self.options["corsair_target"])
        return SOLO_TARGETS[len(self.seats)]

    def rounds_limit(self) -> int:
        return CORSAIR_ROUNDS[self.options["difficulty"]]

    def place_spaces(self, seat: int, moved: Optional[Tuple[Galleon, Pos]] = None) -> List[Pos]:
        """Free spaces next (orthogonally) to a card holding one of `seat`'s galleons; `moved`
        = (galleon, new cell) to ask the same question after a move."""
        spots = {moved[1] if moved and g is moved[0] else g.pos for g in self.own_galleons(seat)}
        return sorted({p for spot in spots for p in neighbours(spot) if p not in self.grid})

    def galleon_moves(self, seat: int) -> List[Tuple[Galleon, str, Pos]]:
        """(galleon, direction, target) for every one-card orthogonal move onto a card."""
        out = []
        for g in self.own_galleons(seat):
            for name, (dx, dy) in DIRECTIONS.items():
                to = (g.pos[0] + dx, g.pos[1] + dy)
                if to in self.grid:
                    out.append((g, name, to))
        return out

    def _place_impossible(self) -> Optional[Msg]:
        """Why the pending placement cannot be made in any order, or None if it can."""
        seat = self.current
        name = self.seats[seat].name
        if not self.hands[seat]:
            return msg("masterislands.note.no_card", name=name)
        if self.place_spaces(seat):
            return None
        if self.turn.need_move and any(self.place_spaces(seat, (g, to)) for g, _, to in self.galleon_moves(seat)):
            return None
        return msg("masterislands.note.no_space", name=name)

    def _legal_moves_of_galleons(self) -> List[Tuple[Galleon, str, Pos]]:
        """Galleon moves allowed now in the discovery phase: moving first must leave a placement."""
        seat = self.current
        moves = self.galleon_moves(seat)
        if self.turn.need_place:
            moves = [m for m in moves if self.place_spaces(seat, (m[0], m[2]))]
        return moves

    def conquests(self) -> List[Tuple[Pos, ...]]:
        """Every conquest the player to act may take now (cells in line order)."""
        found = self.index.all()
        if self.options["conquest_scope"] == "turn":
            mine = set(self.turn.cells)
            found = [c for c in found if mine.intersection(c)]
        return found

    def legal_moves(self, seat: Optional[int] = None) -> List[Move]:
        acting = self.to_act()
        if not acting or (seat is not None and seat not in acting):
            return []
        who = acting[0]
        out: List[Move] = []
        if self.phase is Phase.DISCOVERY:
            if self.turn.need_place:
                codes = sorted({c.code for c in self.hands[who]})
                out += [Move(who, f"place/{code}@{cell_text(p)}") for code in codes for p in self.place_spaces(who)]
            if self.turn.need_move:
                out += [Move(who, f"move/{g.n}/{d}") for g, d, _ in self._legal_moves_of_galleons()]
            if self.turn.optional:
                out.append(Move(who, "end"))
        elif self.phase is Phase.CONQUEST:
            out += [Move(who, "conquer/" + ";".join(cell_text(c) for c in cells)) for cells in self.conquests()]
            out.append(Move(who, "noconquest"))
        elif self.phase is Phase.CORSAIR:
            out += [Move(who, f"move/{g.n}/{d}") for g, d, _ in self.galleon_moves(who)]
            out.append(Move(who, "end"))
        return out

    # -- applying ---------------------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        self.notes = []
        verb, arg = self._parse(move)
        seat = move.seat
        turn = self.turn
        if verb == "place":
            token, pos = arg
            card = self.hands[seat].pop(self._hand_card(seat, token))
            mine = {g.pos for g in self.own_galleons(seat)}
            turn.again = any(p in mine and self.grid[p].colour == card.colour for p in neighbours(pos))
            self._lay(pos, card)
            turn.placed, turn.optional = True, False
            turn.cells += (pos,)
        elif verb == "move":
            g, to = self._check_galleon_step(seat, arg, "discovery.move")
            turn.cells += (g.pos,)
            self.index.unblock(g.pos)
            g.pos = to
            self.index.block(to)
            if self.phase is Phase.CORSAIR:
                turn.points -= 1
            else:
                turn.moved, turn.optional = True, False
        elif verb == "end":
            if self.phase is Phase.CORSAIR:
                self._end_turn()
            else:
                self.phase = Phase.CONQUEST
        elif verb == "conquer":
            cells = sorted(arg)
            for c in cells:
                self.captured[seat].append(self.grid.pop(c))
                self.index.remove(c)
            if not self._victory(seat):
                self._end_turn()
        else:  # noconquest
            self._end_turn()
        self._settle()

    def _note(self, key: str, **params: Any) -> None:
        self.notes.append(msg(f"masterislands.note.{key}", **params))

    def _settle(self) -> None:
        """Make every step that needs no choice: skip impossible actions, refill, pass the turn."""
        for _ in range(10_000):
            if self.phase is Phase.OVER:
                return
            name = self.seats[self.current].name
            if self.phase is Phase.CORSAIR:
                if self.turn.points > 0 and self.galleon_moves(self.current):
                    return
                if self.turn.points > 0:
                    self._note("corsair_stuck", name=name)
                self._end_turn()
                continue
            if self.phase is Phase.CONQUEST:
                if self.conquests():
                    return
                self._note("no_conquest")
                self._end_turn()
                continue
            turn = self.turn
            if turn.need_place:
                why = self._place_impossible()
                if why is not None:
                    turn.place_skipped = True
                    self.notes.append(why)
                    continue
            if turn.need_move and not turn.need_place and not self.galleon_moves(self.current):
                turn.move_skipped = True
                self._note("move_skipped", name=name)
                continue
            if turn.need_place or turn.need_move:
                return
            if turn.again:
                self.turn = Turn(phase_no=turn.phase_no + 1, optional=True, cells=turn.cells)
                self._note("same_colour", name=name)
            else:
                self.phase = Phase.CONQUEST
        raise RuntimeError("masterislands: automatic steps do not settle")

    def _start_turn(self) -> None:
        if self.current == self.corsair:
            self.phase = Phase.CORSAIR
            self.turn = Turn(points=CORSAIR_POINTS)
        else:
            self.phase = Phase.DISCOVERY
            self.turn = Turn()

    def _end_turn(self) -> None:
        """Supply phase, then the next player (clockwise: the next seat)."""
        seat = self.current
        name = self.seats[seat].name
        if seat != self.corsair:
            drawn = 0
            while len(self.hands[seat]) < HAND_SIZE and self.pile:
                self.hands[seat].append(self.pile.pop())
                drawn += 1
            if drawn:
                self._note("draws", name=name, n=drawn)
            if drawn and not self.pile and not (self.mode is Mode.CORSAIR and self.options["corsair_deck_out"] == "play_on"):
                self._note("last_card", name=name)
                self._finish("deck")
                return
            if self.mode is Mode.CORSAIR:
                self.crew_turns += 1
                if self.crew_turns >= self.rounds_limit() * (len(self.seats) - 1):
                    self._finish("rounds")
                    return
        self.current = (seat + 1) % len(self.seats)
        self._start_turn()


__all__ = [
    "COLOURS",
    "VALUES",
    "CARDS_PER_COLOUR",
    "DEFAULT_DISTRIBUTION",
    "TARGET_SUM",
    "HAND_SIZE",
    "SOLO_TARGETS",
    "TEAM_TARGET",
    "TEAMS",
    "CORSAIR_POINTS",
    "CORSAIR_ROUNDS",
    "DIRECTIONS",
    "LINE_KINDS",
    "CONQUEST_VIEW_LIMIT",
    "Card",
    "card_msg",
    "where_msg",
    "parse_distribution",
    "full_deck",
    "Mode",
    "Phase",
    "OPTIONS",
    "RULES",
    "Pos",
    "neighbours",
    "line_keys",
    "line_step",
    "line_of",
    "parse_cell",
    "cell_text",
    "subsets_summing",
    "ConquestIndex",
    "Galleon",
    "Turn",
    "MasterIslandsEngine",
]
