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

The box, options and rule book are data in ``masterislands_catalogue``; cells and lines are
in ``masterislands_geometry``. Their names are re-exported here, so ``games.masterislands``
stays the one module to import for this game.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove
from .masterislands_catalogue import (
    CARDS_PER_COLOUR,
    COLOUR_FEMININE,
    COLOUR_NAMES,
    COLOURS,
    CONQUEST_VIEW_LIMIT,
    CORSAIR_POINTS,
    CORSAIR_ROUNDS,
    DEFAULT_DISTRIBUTION,
    DIRECTION_NAMES,
    DIRECTIONS,
    HAND_SIZE,
    LINE_KINDS,
    LINE_NAMES,
    OPTIONS,
    RULES,
    SOLO_TARGETS,
    TARGET_SUM,
    TEAM_TARGET,
    TEAMS,
    VALUES,
    Card,
    Mode,
    Phase,
    Pos,
    full_deck,
    parse_distribution,
)
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


def _say(fr: str, en: str) -> Dict[str, str]:
    return {"fr": fr, "en": en}


def _plural(n: int, fr: str, en: str) -> Tuple[str, str]:
    return (f"{n} {fr}{'s' if n > 1 else ''}", f"{n} {en}{'s' if n != 1 else ''}")


class MasterIslandsEngine(Engine):
    GAME_ID = "masterislands"
    RULES_VERSION = 1
    MIN_SEATS = 2
    MAX_SEATS = 4
    OPTIONS = OPTIONS
    RULES = RULES
    NAME_FR = "MasterIslands"
    NAME_EN = "MasterIslands"

    # -- set-up -----------------------------------------------------------------------
    def setup(self) -> None:
        n = len(self.seats)
        self.mode = Mode(self.options["mode"])
        if self.mode is Mode.TEAM and n != 4:
            raise BadSetup("Le mode coopératif se joue à 4 (2 équipes de 2).", "Team mode needs 4 players (2 teams of 2).")
        if self.mode is Mode.CORSAIR and n < 3:
            raise BadSetup("Le mode Corsaire se joue à 3 ou 4.", "Corsair mode needs 3 or 4 players.")
        self.corsair: Optional[int] = None
        if self.mode is Mode.CORSAIR:
            self.corsair = int(self.options["corsair_seat"])
            if self.corsair >= n:
                raise BadSetup(f"Il n'y a pas de place {self.corsair} pour le Corsaire.", f"There is no seat {self.corsair} for the Corsair.")
        self.first_player = int(self.options["first_player"])
        if self.first_player >= n:
            raise BadSetup(f"Il n'y a pas de place {self.first_player}.", f"There is no seat {self.first_player}.")
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
        self.notes: List[Dict[str, str]] = []
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
        bad = BadSetup(
            "Paquet explicite invalide : il faut {\"start\", \"hands\", \"draw\"} (voir docs/records.md).",
            "Invalid explicit deck: expected {\"start\", \"hands\", \"draw\"} (see docs/records.md).",
        )
        n = len(self.seats)
        if not isinstance(deck, dict):
            raise bad
        available: Dict[str, int] = {}
        for card in self.box:
            available[card.code] = available.get(card.code, 0) + 1

        def take(code: Any) -> Card:
            card = Card.parse(code)
            if available.get(card.code, 0) <= 0:
                raise BadSetup(f"Trop de cartes {card.code} dans le paquet.", f"Too many {card.code} cards in the deck.")
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
                        raise BadSetup(f"Un galion doit être sur une carte ({cell_text(pos)}).", f"A galleon must be on a card ({cell_text(pos)}).")
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

    def _place_impossible(self) -> Optional[Dict[str, str]]:
        """Why the pending placement cannot be made in any order, or None if it can."""
        seat = self.current
        if not self.hands[seat]:
            return _say("Plus de carte en main : la pose est sautée.", "No card left in hand: the placement is skipped.")
        if self.place_spaces(seat):
            return None
        if self.turn.need_move and any(self.place_spaces(seat, (g, to)) for g, _, to in self.galleon_moves(seat)):
            return None
        return _say(
            "Aucun emplacement libre à côté d'une carte portant vos galions, même après un déplacement : la pose est sautée.",
            "No free space next to a card holding your galleons, even after a move: the placement is skipped.",
        )

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

    # -- parsing and checking -----------------------------------------------------------------
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

    def _target(self, g: Galleon, where: Any) -> Pos:
        if isinstance(where, str):
            dx, dy = DIRECTIONS[where]
            return g.pos[0] + dx, g.pos[1] + dy
        return where

    def check(self, move: Move) -> None:
        if move.seat < 0:
            raise IllegalMove("game.seat", "Aucun événement automatique dans ce jeu.", "This game has no automatic events.")
        verb, arg = self._parse(move)
        seat = move.seat
        if self.phase is Phase.CORSAIR:
            if verb in ("place", "conquer", "noconquest"):
                raise IllegalMove("corsair.no_cards", "Le Corsaire ne joue qu'avec ses galions : ni carte, ni conquête.",
                                  "The Corsair plays only with galleons: no cards, no conquest.")
            if verb == "move":
                self._check_galleon_step(seat, arg, "corsair.four_points")
            return
        if self.phase is Phase.CONQUEST:
            if verb in ("place", "move", "end"):
                raise IllegalMove("conquest.then_supply", "La phase découverte est finie : on ne peut plus y revenir.",
                                  "The discovery phase is over: there is no going back to it.")
            if verb == "conquer":
                self._check_conquest(arg)
            return
        # discovery
        turn = self.turn
        if verb in ("conquer", "noconquest"):
            raise IllegalMove("discovery.else_conquest", "Termine d'abord la phase découverte (poser et déplacer).",
                              "Finish the discovery phase first (lay and move).")
        if verb == "end":
            if not turn.optional:
                raise IllegalMove("discovery.both_actions", "Il faut poser une carte et déplacer un galion avant de passer à la conquête.",
                                  "You must lay a card and move a galleon before going to the conquest.")
            return
        if verb == "place":
            if turn.place_skipped:
                raise IllegalMove("house.skip_impossible", "Aucune carte ne peut être posée dans cette phase : la pose est sautée.",
                                  "No card can be laid in this phase: the placement is skipped.")
            if not turn.need_place:
                raise IllegalMove("discovery.both_actions", "Tu as déjà posé une carte dans cette phase découverte.",
                                  "You have already laid a card in this discovery phase.")
            token, pos = arg
            if self._hand_card(seat, token) is None:
                raise IllegalMove("discovery.place", f"Tu n'as pas la carte « {token} » en main.",
                                  f"You do not have card '{token}' in hand.")
            if pos in self.grid:
                raise IllegalMove("discovery.place", f"L'emplacement {cell_text(pos)} est déjà occupé.",
                                  f"Space {cell_text(pos)} is already taken.")
            if pos not in self.place_spaces(seat):
                raise IllegalMove("discovery.place",
                                  f"L'emplacement {cell_text(pos)} n'est pas à côté (sauf en diagonale) d'une carte portant un de vos galions.",
                                  f"Space {cell_text(pos)} is not next (not diagonally) to a card holding one of your galleons.")
            return
        # move
        if turn.move_skipped:
            raise IllegalMove("house.skip_impossible", "Aucun galion ne peut se déplacer dans cette phase : le déplacement est sauté.",
                              "No galleon can move in this phase: the move is skipped.")
        if not turn.need_move:
            raise IllegalMove("discovery.both_actions", "Tu as déjà déplacé un galion dans cette phase découverte.",
                              "You have already moved a galleon in this discovery phase.")
        g, to = self._check_galleon_step(seat, arg, "discovery.move")
        if turn.need_place and not self.place_spaces(seat, (g, to)):
            raise IllegalMove("discovery.keep_both_possible",
                              "Après ce déplacement, tu ne pourrais plus poser de carte : pose d'abord, ou déplace autrement.",
                              "After this move you could not lay a card: lay first, or move another way.")

    def _check_galleon_step(self, seat: int, arg: Tuple[int, Any], rule: str) -> Tuple[Galleon, Pos]:
        n, where = arg
        g = self.galleon(seat, n)
        if g is None:
            count = self.galleons_per_seat(seat)
            raise IllegalMove(rule, f"Tu n'as pas de galion {n} (galions : {', '.join(str(k + 1) for k in range(count))}).",
                              f"You have no galleon {n} (galleons: {', '.join(str(k + 1) for k in range(count))}).")
        to = self._target(g, where)
        if abs(to[0] - g.pos[0]) + abs(to[1] - g.pos[1]) != 1:
            raise IllegalMove(rule, "Un galion se déplace d'une seule carte, horizontalement ou verticalement.",
                              "A galleon moves by a single card, horizontally or vertically.")
        if to not in self.grid:
            raise IllegalMove("house.galleons_on_cards", f"Il n'y a pas de carte Île en {cell_text(to)} : un galion ne va que sur une carte.",
                              f"There is no island card at {cell_text(to)}: a galleon moves only onto a card.")
        return g, to

    def _check_conquest(self, cells: List[Pos]) -> None:
        if len(set(cells)) != len(cells):
            raise IllegalMove("conquest.line", "Une carte est nommée deux fois.", "A card is named twice.")
        for c in cells:
            if c not in self.grid:
                raise IllegalMove("conquest.line", f"Il n'y a pas de carte en {cell_text(c)}.", f"There is no card at {cell_text(c)}.")
        key = line_of(cells)
        if len(cells) >= 2 and key is None:
            raise IllegalMove("conquest.line", "Ces cartes ne sont pas sur une même ligne, colonne ou diagonale.",
                              "These cards are not on one row, column or diagonal.")
        for c in cells:
            if c in self.index.blocked:
                raise IllegalMove("conquest.no_galleon", f"La carte en {cell_text(c)} porte un galion.",
                                  f"The card at {cell_text(c)} holds a galleon.")
        total = sum(self.grid[c].value for c in cells)
        if total != TARGET_SUM:
            raise IllegalMove("conquest.sum_ten", f"Ces cartes font {total}, pas exactement 10.",
                              f"These cards add up to {total}, not exactly 10.")
        if not self.options["line_gaps"]:
            kind = key[0]
            dx, dy = line_step(kind)
            ordered = sorted(cells)
            x, y = ordered[0]
            while (x, y) != ordered[-1]:
                x, y = x + dx, y + dy
                if (x, y) not in self.grid:
                    raise IllegalMove("house.line_gaps", f"L'emplacement vide {x},{y} coupe l'alignement.",
                                      f"The empty space {x},{y} breaks the line.")
        if self.options["conquest_scope"] == "turn" and not set(self.turn.cells).intersection(cells):
            raise IllegalMove("house.conquest_scope", "Cet alignement ne compte aucune carte posée ou libérée par toi ce tour.",
                              "This line holds no card you laid or freed this turn.")

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

    def _note(self, fr: str, en: str) -> None:
        self.notes.append(_say(fr, en))

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
                    self._note(f"{name} (Corsaire) ne peut déplacer aucun galion.", f"{name} (Corsair) cannot move any galleon.")
                self._end_turn()
                continue
            if self.phase is Phase.CONQUEST:
                if self.conquests():
                    return
                self._note("Aucun alignement de somme 10 sans galion : pas de conquête.", "No line adding up to 10 without a galleon: no conquest.")
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
                self._note("Aucun de vos galions ne peut aller sur une carte voisine : le déplacement est sauté.",
                           "None of your galleons can go to a neighbouring card: the move is skipped.")
                continue
            if turn.need_place or turn.need_move:
                return
            if turn.again:
                self.turn = Turn(phase_no=turn.phase_no + 1, optional=True, cells=turn.cells)
                self._note(f"Même couleur : {name} peut rejouer une phase découverte (ou passer à la conquête).",
                           f"Same colour: {name} may play another discovery phase (or go to the conquest).")
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
                fr, en = _plural(drawn, "carte", "card")
                self._note(f"{name} pioche {fr}.", f"{name} draws {en}.")
            if drawn and not self.pile and not (self.mode is Mode.CORSAIR and self.options["corsair_deck_out"] == "play_on"):
                self._note(f"{name} tire la dernière carte : la partie s'arrête.", f"{name} draws the last card: the game stops.")
                self._finish("deck")
                return
            if self.mode is Mode.CORSAIR:
                self.crew_turns += 1
                if self.crew_turns >= self.rounds_limit() * (len(self.seats) - 1):
                    self._finish("rounds")
                    return
        self.current = (seat + 1) % len(self.seats)
        self._start_turn()

    # -- the end --------------------------------------------------------------------------------
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
            raise IllegalMove("game.not_over", "La partie n'est pas finie.", "The game is not over.")
        final = dict(self._final)
        final["scores"] = list(final["cards"])
        final["steps"] = self._explain(final)
        return final

    def _side_name(self, side: Sequence[int]) -> str:
        return " & ".join(self.seats[s].name for s in side)

    def _explain(self, final: Dict[str, Any]) -> List[Dict[str, str]]:
        names = [s.name for s in self.seats]
        steps = []
        for s, name in enumerate(names):
            if s == self.corsair:
                continue
            fr, en = _plural(final["cards"][s], "carte", "card")
            agree = "s" if final["cards"][s] > 1 else ""  # "0 carte conquise", "2 cartes conquises"
            steps.append(_say(f"{name} : {fr} conquise{agree} (somme {final['sums'][s]}).",
                              f"{name}: {en} conquered (sum {final['sums'][s]})."))
        if self.mode is not Mode.SOLO:
            for side, c in zip(final["sides"], final["side_cards"]):
                if side != [self.corsair]:
                    steps.append(_say(f"Ensemble, {self._side_name(side)} : {c} cartes.", f"Together, {self._side_name(side)}: {c} cards."))
        winner = final["winner"]
        who = None if winner is None else self._side_name(winner if isinstance(winner, list) else [winner])
        reason = final["reason"]
        if reason == "target" and isinstance(winner, list):
            steps.append(_say(f"{who} atteignent ensemble {final['target']} cartes et gagnent la partie !",
                              f"{who} reach {final['target']} cards together and win the game!"))
        elif reason == "target":
            steps.append(_say(f"{who} atteint {final['target']} cartes et gagne la partie !",
                              f"{who} reaches {final['target']} cards and wins the game!"))
        elif reason == "rounds":
            steps.append(_say(f"{final['rounds']} tours joués sans réunir {final['target']} cartes : le Corsaire {who} gagne !",
                              f"{final['rounds']} rounds played without gathering {final['target']} cards: the Corsair {who} wins!"))
        elif self.mode is Mode.CORSAIR:
            steps.append(_say(f"La pioche est vide avant {final['target']} cartes : le Corsaire {who} gagne !",
                              f"The deck ran out before {final['target']} cards: the Corsair {who} wins!"))
        elif winner is None:
            steps.append(_say("La pioche est vide ; égalité de cartes et de sommes : faites une nouvelle partie !",
                              "The deck is empty; equal cards and sums: a draw, play another game!"))
        elif final["tiebreak"] == "sum":
            steps.append(_say(f"La pioche est vide ; égalité de cartes, la plus haute somme l'emporte : {who} est Maître des Îles !",
                              f"The deck is empty; equal cards, the highest sum wins: {who} is Master of the Islands!"))
        else:
            steps.append(_say(f"La pioche est vide ; le plus de cartes : {who} est Maître des Îles !",
                              f"The deck is empty; most cards: {who} is Master of the Islands!"))
        return steps

    # -- what people see -----------------------------------------------------------------------
    def secrets_marker(self, seat: int) -> Any:
        """Hands are refilled from the hidden deck at the end of a turn; for `seat`, a card
        another player laid from their hand."""
        others = tuple(len(h) for i, h in enumerate(self.hands) if i != seat)
        return (len(self.pile), self.is_over(), others)

    def where_text(self, pos: Pos) -> Tuple[str, str]:
        """A free space in words people use at the table, by a card beside it ("à droite d'un 3
        bleu"), never grid coordinates."""
        sides = (("left", "à droite de", "to the right of"), ("right", "à gauche de", "to the left of"),
                 ("up", "sous", "below"), ("down", "au-dessus de", "above"))
        for d, fr, en in sides:
            dx, dy = DIRECTIONS[d]
            card = self.grid.get((pos[0] + dx, pos[1] + dy))
            if card is not None:
                name_fr = card.name("fr")
                fr_text = f"{fr[:-2]}d'{name_fr}" if fr.endswith(" de") and name_fr[0] in "aeiouy" else f"{fr} {name_fr}"
                return fr_text, f"{en} {card.name('en')}"
        return "sur la mer", "on the sea"

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Dict[str, str]:
        """The move in words, said before it is applied; nothing in it is hidden from anyone
        (a card is named when it is laid face up), so ``seat`` changes nothing."""
        verb, arg = self._parse(move)
        name = self.seats[move.seat].name
        if verb == "place":
            token, pos = arg
            i = self._hand_card(move.seat, token)
            card = self.hands[move.seat][i] if i is not None else Card.parse(token)
            fr, en = self.where_text(pos)
            return _say(f"{name} pose {card.name('fr')} {fr}.", f"{name} lays {card.name('en')} {en}.")
        if verb == "move":
            n, where = arg
            g = self.galleon(move.seat, n)
            to = self._target(g, where) if g else where
            there = self.grid.get(to)
            if there is None:
                return _say(f"{name} déplace son galion {n}.", f"{name} moves galleon {n}.")
            return _say(f"{name} déplace son galion {n} sur {there.name('fr')}.",
                        f"{name} moves galleon {n} onto {there.name('en')}.")
        if verb == "conquer":
            values = [self.grid[c].value for c in sorted(arg) if c in self.grid]
            fr, en = _plural(len(arg), "carte", "card")
            sums = "+".join(str(v) for v in values)
            return _say(f"{name} conquiert {fr} ({sums} = {sum(values)}).", f"{name} conquers {en} ({sums} = {sum(values)}).")
        if verb == "noconquest":
            return _say(f"{name} ne conquiert rien.", f"{name} conquers nothing.")
        if self.phase is Phase.CORSAIR:
            return _say(f"{name} (Corsaire) s'arrête.", f"{name} (Corsair) stops.")
        return _say(f"{name} passe à la conquête.", f"{name} goes on to the conquest.")

    def conquest_list(self, limit: Optional[int] = CONQUEST_VIEW_LIMIT, offset: int = 0) -> List[Dict[str, Any]]:
        """Conquests, largest first, as {"cells", "sum", "size", "line", "action"}."""
        found = sorted(self.conquests(), key=lambda cells: (-len(cells), cells))
        end = None if limit is None else offset + limit
        out = []
        for cells in found[offset:end]:
            key = line_of(cells)
            out.append({
                "cells": [list(c) for c in cells],
                "sum": sum(self.grid[c].value for c in cells),
                "size": len(cells),
                "line": LINE_KINDS[key[0]],
                "action": "conquer/" + ";".join(cell_text(c) for c in cells),
            })
        return out

    def view(self, seat: Optional[int] = None, conquests: bool = False) -> Dict[str, Any]:
        n = len(self.seats)
        on = {}
        for g in self.galleons:
            on.setdefault(g.pos, []).append(g.id)
        cells = [{"x": p[0], "y": p[1], "card": c.code, "colour": c.colour, "value": c.value, "galleons": on.get(p, [])}
                 for p, c in sorted(self.grid.items(), key=lambda item: (item[0][1], item[0][0]))]
        xs = [p[0] for p in self.grid]
        ys = [p[1] for p in self.grid]
        out: Dict[str, Any] = {
            "game": self.GAME_ID,
            "mode": self.mode.value,
            "phase": self.phase.value,
            "current": None if self.is_over() else self.current,
            "to_act": self.to_act(),
            "seats": [s.to_dict() for s in self.seats],
            "over": self.is_over(),
            "move_count": len(self.moves),
            "cells": cells,
            "bounds": {"min_x": min(xs), "max_x": max(xs), "min_y": min(ys), "max_y": max(ys)} if xs else None,
            "galleons": [{"id": g.id, "owner": g.owner, "n": g.n, "x": g.pos[0], "y": g.pos[1]} for g in self.galleons],
            "hand": [c.code for c in self.hands[seat]] if seat is not None and 0 <= seat < n else None,
            "hands": [{"seat": s, "count": len(self.hands[s])} for s in range(n)],
            "deck_count": len(self.pile),
            "captured": [{"seat": s, "count": len(c), "sum": sum(x.value for x in c), "cards": [x.code for x in c]}
                         for s, c in enumerate(self.captured)],
            "target": {"cards": self.target(), "by": {"solo": "player", "team": "team", "corsair": "crew"}[self.mode.value]},
            "notes": list(self.notes),
        }
        if self.mode is Mode.TEAM:
            out["teams"] = [self._team_view(team) for team in TEAMS]
        if self.mode is Mode.CORSAIR:
            crew = [s for s in range(n) if s != self.corsair]
            out["corsair"] = {
                "seat": self.corsair,
                "crew": crew,
                "crew_cards": sum(len(self.captured[s]) for s in crew),
                "rounds_done": self.crew_turns // (n - 1),
                "rounds_limit": self.rounds_limit(),
                "points_left": self.turn.points if self.phase is Phase.CORSAIR else None,
            }
        if self.phase is Phase.DISCOVERY:
            t = self.turn
            out["discovery"] = {
                "phase_no": t.phase_no,
                "placed": t.placed,
                "moved": t.moved,
                "place_skipped": t.place_skipped,
                "move_skipped": t.move_skipped,
                "remaining": [a for a, need in (("place", t.need_place), ("move", t.need_move)) if need],
                "again": t.again,
                "optional": t.optional,
            }
        if not self.is_over() and seat == self.current:
            out["legal"] = self._legal_view(seat)
        if self.phase is Phase.CONQUEST or conquests:
            out["conquests"] = self.conquest_list()
            out["conquest_count"] = len(self.conquests())
        if self.is_over():
            out["result"] = self.result()
        return out

    def _team_view(self, team: Sequence[int]) -> Dict[str, Any]:
        a, b = (self.own_galleons(s)[0].pos for s in team)
        near = abs(a[0] - b[0]) + abs(a[1] - b[1]) <= 1
        return {
            "seats": list(team),
            "count": sum(len(self.captured[s]) for s in team),
            "sum": sum(c.value for s in team for c in self.captured[s]),
            "talk": "voice" if near else "gesture",
        }

    def _legal_view(self, seat: int) -> Dict[str, Any]:
        """What the player to act may do, so that a screen never re-implements a rule."""
        places: Dict[str, List[List[int]]] = {}
        moves: List[Dict[str, Any]] = []
        if self.phase is Phase.DISCOVERY:
            if self.turn.need_place:
                spaces = [list(p) for p in self.place_spaces(seat)]
                places = {c.code: spaces for c in self.hands[seat]}
            if self.turn.need_move:
                moves = [{"galleon": g.id, "n": g.n, "dir": d, "to": list(to), "action": f"move/{g.n}/{d}"}
                         for g, d, to in self._legal_moves_of_galleons()]
        elif self.phase is Phase.CORSAIR:
            moves = [{"galleon": g.id, "n": g.n, "dir": d, "to": list(to), "action": f"move/{g.n}/{d}"}
                     for g, d, to in self.galleon_moves(seat)]
        return {
            "places": places,
            "moves": moves,
            "end": self.phase is Phase.CORSAIR or (self.phase is Phase.DISCOVERY and self.turn.optional),
            "conquer": self.phase is Phase.CONQUEST,
        }


__all__ = [
    "COLOURS",
    "COLOUR_NAMES",
    "COLOUR_FEMININE",
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
    "DIRECTION_NAMES",
    "LINE_KINDS",
    "LINE_NAMES",
    "CONQUEST_VIEW_LIMIT",
    "Card",
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
