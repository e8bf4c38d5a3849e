"""L'Île des Mookies: two players take double-sided cards from two piles and lay one face.

Rules: ../shared/rules/mookies.fr.txt and DECISIONS.md. A turn is two moves so that
the choice of pile is binding before the hidden face is seen (as at the table):
``take/1`` or ``take/2``, then ``face/up`` or ``face/down`` (``up`` is the face
that was showing on the pile). When the penalised player must pick the trophy to
give back, the move is ``return/<family>``.

By concern: the cards as values (mookies_cards.py), the card list (mookies_deck.py), the
rules and options as data (mookies_rules.py), the final count (mookies_scoring.py) and the
moves in words (mookies_texts.py). Everything this engine says is a catalogue message.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove
from ..core.messages import Msg, msg
from .mookies_scoring import explain, fewest_star_trophy, family_counts, settle, spider_count, tally
from .mookies_texts import describe_move, open_cards, stars_per_trophy
from .mookies_cards import COVERED, SPIDER, Card, Face, Family, Laid, Phase, family_msg
from .mookies_deck import STANDARD_DECK
from .mookies_rules import OPTIONS, RULES

__all__ = ["COVERED", "SPIDER", "Card", "Face", "Family", "Laid", "Phase", "OPTIONS", "RULES", "MookiesEngine",
           "family_msg"]


DECK_SHAPE = '{"piles": [[…], […]]}'  # an explicit deal as a record writes it


def _standard_cards() -> List[Card]:
    return [Card.parse(code) for code in STANDARD_DECK]


class MookiesEngine(Engine):
    GAME_ID = "mookies"
    RULES_VERSION = 1
    MIN_SEATS = 2
    MAX_SEATS = 2
    OPTIONS = OPTIONS
    RULES = RULES
    SEAT_FIELDS = ("youngest",)

    # -- set-up -----------------------------------------------------------------
    def setup(self) -> None:
        youngest = [i for i, s in enumerate(self.seats) if s.youngest]
        if len(youngest) != 1:
            raise BadSetup(msg("mookies.setup.youngest"))
        self.youngest = youngest[0]
        self.piles: List[List[Card]] = self._deal()
        self.collections: List[List[Laid]] = [[], []]
        self.current = self.youngest
        self.phase = Phase.TAKE
        self.taken: Optional[Tuple[int, Card]] = None
        self.set_aside: List[Card] = []
        self.penalty_return: Optional[Family] = None
        self._final: Optional[Dict[str, Any]] = None

    def _deal(self) -> List[List[Card]]:
        """Piles are stored bottom first: the top card is the last element."""
        if self.deck is not None:
            return self._explicit_piles(self.deck)
        cards = _standard_cards()
        self.rng.shuffle(cards)
        cards = [c if self.rng.below(2) == 0 else Card(c.down, c.up) for c in cards]
        half = len(cards) // 2
        return [cards[:half], cards[half:]]

    @staticmethod
    def _explicit_piles(deck: Any) -> List[List[Card]]:
        """`deck` = {"piles": [[top, ..., bottom], [top, ...]]}, each card "upper/lower"."""
        try:
            raw = deck["piles"]
            if len(raw) != 2 or not all(isinstance(p, list) and p for p in raw):
                raise TypeError
        except (KeyError, TypeError):
            raise BadSetup(msg("mookies.setup.bad_deck", shape=DECK_SHAPE)) from None
        available: Dict[Tuple[str, str], int] = {}
        for card in _standard_cards():
            available[card.unordered()] = available.get(card.unordered(), 0) + 1
        piles = []
        for pile in raw:
            cards = [Card.parse(code) for code in pile]
            for card in cards:
                key = card.unordered()
                if available.get(key, 0) <= 0:
                    raise BadSetup(msg("mookies.setup.card_not_in_list", code=card.code))
                available[key] -= 1
            piles.append(list(reversed(cards)))
        return piles

    # -- queries ------------------------------------------------------------------
    def opponent(self, seat: int) -> int:
        return 1 - seat

    @classmethod
    def rule_values(cls, options: Mapping[str, Any]) -> Dict[str, List[Msg]]:
        """What the rules panel prints after "Dans cette partie" for a rule that several options
        change together: every trophy's stars in this game."""
        values = dict(cls.OPTIONS.defaults())
        values.update(options or {})
        return stars_per_trophy(values)

    def stars(self, family: Family) -> int:
        return int(self.options[f"stars_{family.value}"])

    def to_act(self) -> List[int]:
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.PENALTY:
            return [self._final["penalised"]]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_moves(self, seat: Optional[int] = None) -> List[Move]:
        acting = self.to_act()
        if seat is not None and seat not in acting:
            return []
        if not acting:
            return []
        who = acting[0]
        if self.phase is Phase.TAKE:
            return [Move(who, f"take/{i + 1}") for i in range(2) if self.piles[i]]
        if self.phase is Phase.CHOOSE:
            return [Move(who, "face/up"), Move(who, "face/down")]
        return [Move(who, f"return/{fam}") for fam in self._final["trophies_before_penalty"][who]]

    def _parse(self, move: Move) -> Tuple[str, str]:
        verb, _, arg = move.action.partition("/")
        if verb == "take" and arg in ("1", "2"):
            return verb, arg
        if verb == "face" and arg in ("up", "down"):
            return verb, arg
        if verb == "return" and arg in {f.value for f in Family}:
            return verb, arg
        raise BadMove(move.action, "take/1, take/2, face/up, face/down, return/" + "|".join(f.value for f in Family))

    def check(self, move: Move) -> None:
        if move.seat not in self.to_act():
            # Engine.apply lets SYSTEM_SEAT ("*:") events through; this game has none.
            raise IllegalMove("game.seat", msg("mookies.illegal.game.seat"))
        verb, arg = self._parse(move)
        if self.phase is Phase.TAKE:
            if verb != "take":
                raise IllegalMove("turn.take_top", msg("mookies.illegal.turn.take_top"))
            if not self.piles[int(arg) - 1]:
                raise IllegalMove("turn.take_top", msg("mookies.illegal.pile_empty", pile=int(arg)))
        elif self.phase is Phase.CHOOSE:
            if verb != "face":
                raise IllegalMove("turn.one_face", msg("mookies.illegal.turn.one_face"))
        elif self.phase is Phase.PENALTY:
            if verb != "return":
                raise IllegalMove("spiders.most_returns_one", msg("mookies.illegal.spiders.most_returns_one"))
            if arg not in self._final["trophies_before_penalty"][move.seat]:
                raise IllegalMove("spiders.most_returns_one", msg("mookies.illegal.return_not_won"))

    def _apply(self, move: Move) -> None:
        verb, arg = self._parse(move)
        if verb == "take":
            pile = int(arg) - 1
            self.taken = (pile, self.piles[pile].pop())
            self.phase = Phase.CHOOSE
        elif verb == "face":
            assert self.taken is not None
            _, card = self.taken
            face = card.face(arg)
            target = self.opponent(self.current) if face.is_spider else self.current
            self.collections[target].append(Laid(card, arg, self.current))
            self.taken = None
            if not self.piles[0] or not self.piles[1]:
                self._finish()
            else:
                self.current = self.opponent(self.current)
                self.phase = Phase.TAKE
        else:
            self._final["returned"] = arg
            self._settle(Family(arg))

    # -- scoring (mookies_scoring.py) ----------------------------------------------
    def family_counts(self, seat: int) -> Dict[Family, int]:
        return family_counts(self.collections[seat])

    def spider_count(self, seat: int) -> int:
        return spider_count(self.collections[seat])

    def _finish(self) -> None:
        self.set_aside = [c for pile in self.piles for c in reversed(pile)]
        self._final = tally(self.collections, self.stars)
        penalised = self._final["penalised"]
        owned = self._final["trophies_before_penalty"][penalised] if penalised is not None else []
        if not owned:
            self._settle(None)
        elif len(owned) == 1:
            self._settle(Family(owned[0]))
        elif self.options["penalty_choice"] == "fewest_stars":
            self._settle(Family(self.fewest_star_trophy(owned)))
        else:
            self.phase = Phase.PENALTY

    def fewest_star_trophy(self, owned: Sequence[str]) -> str:
        """The trophy a sensible player gives back: fewest stars, first in family order on a tie."""
        return fewest_star_trophy(owned, self.stars)

    def _settle(self, returned: Optional[Family]) -> None:
        settle(self._final, returned, self.stars, self.youngest)
        self.phase = Phase.OVER

    def result(self) -> Dict[str, Any]:
        if not self.is_over():
            raise IllegalMove("game.not_over", msg("mookies.illegal.game.not_over"))
        final = dict(self._final)
        final["scores"] = list(final["stars"])
        # the end of the game told step by step, as messages in their JSON form (views are JSON)
        final["steps"] = [step.to_dict() for step in explain(final, [s.name for s in self.seats])]
        return final

    # -- what people see ------------------------------------------------------------
    def laid_log(self) -> List[Dict[str, Any]]:
        """Every card laid so far, per collection: public at the table (both faces are shown when
        a card is taken), so a perfect memory may use it."""
        out = []
        for seat in (0, 1):
            for laid in self.collections[seat]:
                other = laid.card.down if laid.side == "up" else laid.card.up
                out.append({"collection": seat, "face": laid.face.code, "other": other.code, "by": laid.by})
        return out

    def secrets_marker(self, seat: int) -> Any:
        """Taking a card turns it over: its hidden face and the next top face come to light;
        the scoring (penalty phase, end) shows every collection."""
        return (len(self.piles[0]), len(self.piles[1]), self.phase in (Phase.PENALTY, Phase.OVER))

    def secrets_open(self) -> bool:
        """The scoring (penalty phase, end) shows every collection: the log may name every face."""
        return self.phase in (Phase.PENALTY, Phase.OVER)

    def past_view(self, seat: Optional[int], now: Engine) -> Dict[str, Any]:
        """A replay of a game in progress is no memory aid: of what this earlier position had face
        up, it shows only what is still face up at ``now`` (a collection's top not covered since,
        a pile's top not taken since; the card being placed, only at the present ply). Once the
        scoring starts, or with the easy-memory option, everything as it was."""
        view = self.view(seat)
        if now.secrets_open() or self.options["easy_memory"] or len(now.moves) == len(self.moves):
            return view
        for s, entry in enumerate(view["collections"]):
            if entry["count"] and entry["count"] < len(now.collections[s]):
                entry["top"] = COVERED
        for i, entry in enumerate(view["piles"]):
            if entry["count"] and entry["count"] > len(now.piles[i]):
                entry["top"] = COVERED
        if view["taken"] is not None:
            view["taken"].update(up=COVERED, down=COVERED)
        return view

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Msg:
        """A move in words, said before it is applied (for feedback and the game log); ``seat``
        reads it: in a memory game a seat's log does not name a face laid (mookies_texts.py)."""
        verb, arg = self._parse(move)
        return describe_move(self, verb, arg, move.seat, seat)

    def open_cards(self) -> List[Tuple[Msg, List[str]]]:
        """Everything, for the "all cards" replay of a finished game (labels as messages)."""
        return open_cards(self)

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        reveal = self.is_over() or self.phase is Phase.PENALTY or bool(self.options["easy_memory"])
        collections = []
        for s in (0, 1):
            pile = self.collections[s]
            entry: Dict[str, Any] = {"count": len(pile), "top": pile[-1].face.code if pile else None}
            if reveal:
                entry["faces"] = [laid.face.code for laid in pile]
            collections.append(entry)
        out: Dict[str, Any] = {
            "game": self.GAME_ID,
            "phase": self.phase.value,
            "current": self.current,
            "to_act": self.to_act(),
            "youngest": self.youngest,
            "seats": [s.to_dict() for s in self.seats],
            "piles": [{"count": len(p), "top": p[-1].up.code if p else None} for p in self.piles],
            "taken": None,
            "collections": collections,
            "over": self.is_over(),
            "move_count": len(self.moves),
            # the stars of each trophy in this game (family order): shown during play, not only at the end
            "trophy_stars": [self.stars(f) for f in Family],
            "spiders": [self.spider_count(0), self.spider_count(1)] if reveal else None,
        }
        if self.taken is not None:
            pile, card = self.taken
            out["taken"] = {"pile": pile + 1, "up": card.up.code, "down": card.down.code}
        if self.phase is Phase.PENALTY:
            p = self._final["penalised"]
            out["penalty"] = {"seat": p, "choices": list(self._final["trophies_before_penalty"][p])}
        if self.is_over():
            out["result"] = self.result()
        return out
