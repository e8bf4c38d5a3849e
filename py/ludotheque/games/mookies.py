"""L'Île des Mookies: two players take double-sided cards from two piles and lay one face.

Rules: ../shared/rules/mookies.fr.txt and DECISIONS.md. A turn is two moves so that
the choice of pile is binding before the hidden face is seen (as at the table):
``take/1`` or ``take/2``, then ``face/up`` or ``face/down`` (``up`` is the face
that was showing on the pile). When the penalised player must pick the trophy to
give back, the move is ``return/<family>``.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove
from ..core.french import de
from ..core.options import Option, OptionSet, fixed_house_rule
from ..core.rulebook import Rule, RuleBook, RuleSource
from .mookies_deck import STANDARD_DECK


class Family(str, Enum):
    SOLEIL = "soleil"
    LUNE = "lune"
    FOSSILE = "fossile"
    COQUILLAGE = "coquillage"
    FEUILLE = "feuille"


FAMILY_NAMES = {
    Family.SOLEIL: ("Soleil", "Sun"),
    Family.LUNE: ("Lune", "Moon"),
    Family.FOSSILE: ("Fossile", "Fossil"),
    Family.COQUILLAGE: ("Coquillage", "Shell"),
    Family.FEUILLE: ("Feuille", "Leaf"),
}
SPIDER = "araignee"
COVERED = "?"  # a face a past view does not show: covered since (see past_view)


@dataclass(frozen=True)
class Face:
    """One side of a card: a Mookie of a family (maybe legendary) or a spider."""

    family: Optional[Family]
    legendary: bool = False

    @property
    def is_spider(self) -> bool:
        return self.family is None

    @property
    def weight(self) -> int:
        """What this face adds to its family's count: a legendary counts as two."""
        return 0 if self.family is None else (2 if self.legendary else 1)

    @property
    def code(self) -> str:
        if self.family is None:
            return SPIDER
        return self.family.value + ("*" if self.legendary else "")

    @classmethod
    def parse(cls, code: str) -> "Face":
        if code == SPIDER:
            return cls(None)
        legendary = code.endswith("*")
        try:
            return cls(Family(code[:-1] if legendary else code), legendary)
        except ValueError:
            raise BadSetup(f"Face inconnue : « {code} ».", f"Unknown face: '{code}'.") from None

    def name(self, lang: str = "fr") -> str:
        if self.family is None:
            return "une araignée" if lang == "fr" else "a spider"
        fr, en = FAMILY_NAMES[self.family]
        if self.legendary:
            return f"un Mookie {fr} légendaire" if lang == "fr" else f"a legendary {en} Mookie"
        return f"un Mookie {fr}" if lang == "fr" else f"a {en} Mookie"


@dataclass(frozen=True)
class Card:
    """A card as it lies: `up` is the face showing on the pile."""

    up: Face
    down: Face

    @property
    def code(self) -> str:
        return f"{self.up.code}/{self.down.code}"

    def face(self, side: str) -> Face:
        return self.up if side == "up" else self.down

    def unordered(self) -> Tuple[str, str]:
        return tuple(sorted((self.up.code, self.down.code)))  # type: ignore[return-value]

    @classmethod
    def parse(cls, code: str) -> "Card":
        parts = str(code).split("/")
        if len(parts) != 2:
            raise BadSetup(f"Carte invalide : « {code} ».", f"Invalid card: '{code}'.")
        return cls(Face.parse(parts[0]), Face.parse(parts[1]))


@dataclass(frozen=True)
class Laid:
    """A card in a collection, with the face that was played (the only one that counts)."""

    card: Card
    side: str  # "up" | "down": which face of the card was played
    by: int    # seat who laid it

    @property
    def face(self) -> Face:
        return self.card.face(self.side)


class Phase(str, Enum):
    TAKE = "take"
    CHOOSE = "choose"
    PENALTY = "penalty"
    OVER = "over"


def _stars_option(family: Family, default: int) -> Option:
    fr, en = FAMILY_NAMES[family]
    return Option(
        name=f"stars_{family.value}",
        default=default,
        label_fr=f"Étoiles du trophée {fr}",
        label_en=f"Stars for the {en} trophy",
        help_fr="Règle maison : la règle dit que le nombre d'étoiles peut varier selon le trophée.",
        help_en="House rule: the rules only say stars may vary by trophy.",
        minimum=0,
        maximum=9,
        house_rule=True,
    )


OPTIONS = OptionSet((
    _stars_option(Family.SOLEIL, 3),
    _stars_option(Family.LUNE, 3),
    _stars_option(Family.FOSSILE, 2),
    _stars_option(Family.COQUILLAGE, 2),
    _stars_option(Family.FEUILLE, 1),
    Option(
        name="easy_memory",
        default=False,
        label_fr="Mémoire facile",
        label_en="Easy memory",
        help_fr="Règle maison : on peut consulter les collections pendant la partie (pour les plus jeunes).",
        help_en="House rule: collections may be browsed during the game (for the youngest).",
        house_rule=True,
    ),
    Option(
        name="penalty_choice",
        default="penalised",
        label_fr="Trophée rendu à cause des araignées",
        label_en="Trophy given back for spiders",
        help_fr="Règle maison : le joueur pénalisé choisit le trophée qu'il rend (un robot rend le moins étoilé).",
        help_en="House rule: the penalised player picks the trophy to give back (a bot gives the one worth fewest stars).",
        choices=("penalised", "fewest_stars"),
        choice_labels={
            "penalised": ("Le joueur pénalisé choisit", "The penalised player chooses"),
            "fewest_stars": ("Automatiquement le moins étoilé", "Automatically the one worth fewest stars"),
        },
        house_rule=True,
    ),
    fixed_house_rule(
        "penalty_without_trophy", "nothing",
        "Joueur pénalisé sans trophée", "Penalised player without a trophy",
        "Règle maison : le livret ne dit rien ; il ne se passe rien.",
        "House rule: the booklet is silent; nothing happens.",
        "Il ne se passe rien", "Nothing happens",
    ),
    fixed_house_rule(
        "deck_list", "standard",
        "Composition des cartes", "Card list",
        "Règle maison : quelles faces partagent une carte n'est pas publié ; nous fixons une liste documentée.",
        "House rule: which faces share a card is not published; we fix one documented list.",
        "Liste Ludothèque", "Ludothèque list",
    ),
))

S, F, H = RuleSource.SPEC, RuleSource.FACT, RuleSource.HOUSE
RULES = RuleBook((
    Rule("players.two", "Nombre de joueurs : exactement deux, ni plus ni moins.", "Exactly two players, no more, no fewer."),
    Rule("material.cards", "La boîte contient 36 cartes recto verso, soit 72 faces.", "The box holds 36 double-sided cards, 72 faces."),
    Rule("material.mookies", "Les faces de Mookies : 60 Mookies ordinaires et 5 Mookies légendaires brillants.", "Mookie faces: 60 ordinary Mookies and 5 shiny legendaries."),
    Rule("material.spiders", "Les faces d'araignées : 7 au total, réparties sur les cartes.", "Spider faces: 7 in all, spread over the cards."),
    Rule("material.families", "Cinq familles : Soleil, Lune, Fossile, Coquillage et Feuille. Chacune compte 12 Mookies ordinaires et un Mookie légendaire brillant.", "Five families: Sun, Moon, Fossil, Shell and Leaf, each with 12 ordinary Mookies and one shiny legendary."),
    Rule("material.trophies", "À chaque famille correspond l'un des cinq trophées.", "Each family has one of the five trophies."),
    Rule("setup.two_piles", "Mélangez les 36 cartes, puis formez deux paquets de hauteur à peu près égale.", "Shuffle the 36 cards and make two piles of about equal height."),
    Rule("turn.youngest_starts", "Le plus jeune joueur commence, puis chacun joue à son tour.", "The youngest player starts, then players take turns."),
    Rule("turn.take_top", "À votre tour, choisissez l'un des deux paquets et prenez la carte du dessus.", "On your turn, choose one of the two piles and take its top card."),
    Rule("turn.both_faces", "Regardez ensuite les deux faces de cette carte.", "Then look at both faces of that card."),
    Rule("turn.reveals_next", "Prendre une carte révèle aussi la face de la suivante.", "Taking a card also reveals the face of the next one."),
    Rule("turn.one_face", "Vous ne jouez qu'une seule des deux faces.", "You play only one of the two faces."),
    Rule("place.mookie_own", "Si vous jouez la face Mookie, la carte rejoint votre propre collection.", "If you play the Mookie face, the card joins your own collection."),
    Rule("place.spider_opponent", "Une face araignée se pose sur la collection de votre adversaire, jamais sur la vôtre.", "A spider face goes on your opponent's collection, never on yours."),
    Rule("collection.pile", "Chaque collection forme une pile unique : seule la dernière carte posée reste visible.", "Each collection is a single pile: only the last card laid stays visible."),
    Rule("collection.no_peeking", "Les cartes recouvertes ne se consultent pas : il faut se souvenir de ce que l'on a posé.", "Covered cards may not be looked at: remember what was laid."),
    Rule("end.pile_empty", "La partie prend fin dès que la dernière carte d'un paquet a été jouée dans une collection.", "The game ends as soon as the last card of a pile has been played into a collection."),
    Rule("end.rest_set_aside", "Les cartes qui restent dans l'autre paquet sont écartées du décompte.", "Cards left in the other pile are set aside."),
    Rule("end.no_trophy_during_play", "Aucun trophée ne change de main en cours de partie.", "No trophy changes hands during play."),
    Rule("score.played_faces_only", "Seules les faces effectivement jouées comptent : un Mookie caché au dos d'une araignée ne rapporte rien.", "Only the faces played count: a Mookie on the back of a spider scores nothing."),
    Rule("score.majority", "Pour chaque famille, celui qui possède le plus de Mookies reçoit le trophée.", "For each family, whoever has more Mookies gets the trophy."),
    Rule("score.family_tie", "En cas d'égalité, le trophée de cette famille n'est attribué à personne.", "On a tie, that family's trophy goes to nobody."),
    Rule("score.legendary_double", "Un Mookie légendaire compte pour deux Mookies de sa famille, mais ne vaut ni deux trophées ni deux étoiles.", "A legendary counts as two Mookies of its family, but is worth neither two trophies nor two stars."),
    Rule("spiders.after_trophies", "Les araignées se comparent une seule fois, après l'attribution des trophées.", "Spiders are compared once, after the trophies are awarded."),
    Rule("spiders.most_returns_one", "Le joueur qui a le plus d'araignées choisit un seul de ses trophées et le remet dans la boîte.", "The player with more spiders picks one of their trophies and returns it to the box."),
    Rule("spiders.tie", "Égalité d'araignées : aucun trophée n'est retiré.", "Equal spiders: no trophy is removed."),
    Rule("spiders.no_immediate", "Une araignée posée ne retire rien sur le moment : la sanction tombe au décompte final.", "A spider laid removes nothing at once: the penalty comes at the final count."),
    Rule("stars.sum", "Chaque joueur additionne les étoiles de ses trophées : le total le plus élevé gagne, quel que soit le nombre de cartes ou de trophées.", "Each player adds up their trophies' stars: the highest total wins, whatever the number of cards or trophies."),
    Rule("stars.returned_worth_nothing", "Un trophée rendu ne rapporte plus rien.", "A returned trophy is worth nothing."),
    Rule("stars.tie_youngest", "En cas d'égalité d'étoiles, le joueur le plus jeune remporte la partie.", "On equal stars, the youngest player wins."),
    Rule("house.stars_per_trophy", "Étoiles par trophée : Soleil 3, Lune 3, Fossile 2, Coquillage 2, Feuille 1.", "Stars per trophy: Sun 3, Moon 3, Fossil 2, Shell 2, Leaf 1.", H, "stars_soleil"),
    Rule("house.stars_lune", "Étoiles du trophée Lune : 3 par défaut (option).", "Stars for the Moon trophy: 3 by default (option).", H, "stars_lune"),
    Rule("house.stars_fossile", "Étoiles du trophée Fossile : 2 par défaut (option).", "Stars for the Fossil trophy: 2 by default (option).", H, "stars_fossile"),
    Rule("house.stars_coquillage", "Étoiles du trophée Coquillage : 2 par défaut (option).", "Stars for the Shell trophy: 2 by default (option).", H, "stars_coquillage"),
    Rule("house.stars_feuille", "Étoiles du trophée Feuille : 1 par défaut (option).", "Stars for the Leaf trophy: 1 by default (option).", H, "stars_feuille"),
    Rule("house.deck_list", "Les faces de chaque carte suivent une liste fixe et documentée.", "Which faces share a card follows one fixed, documented list.", H, "deck_list"),
    Rule("house.penalty_without_trophy", "Un joueur pénalisé sans trophée : il ne se passe rien.", "A penalised player without a trophy: nothing happens.", H, "penalty_without_trophy"),
    Rule("house.penalty_choice", "Le joueur pénalisé choisit le trophée rendu ; un robot rend le moins étoilé.", "The penalised player chooses the trophy returned; a bot returns the one worth fewest stars.", H, "penalty_choice"),
    Rule("house.easy_memory", "Mémoire facile (option) : les collections peuvent être consultées.", "Easy memory (option): collections may be browsed.", H, "easy_memory"),
))


def _standard_cards() -> List[Card]:
    return [Card.parse(code) for code in STANDARD_DECK]


class MookiesEngine(Engine):
    GAME_ID = "mookies"
    RULES_VERSION = 1
    MIN_SEATS = 2
    MAX_SEATS = 2
    OPTIONS = OPTIONS
    RULES = RULES
    NAME_FR = "L’Île des Mookies"
    NAME_EN = "Mookie Island"
    SEAT_FIELDS = ("youngest",)

    # -- set-up -----------------------------------------------------------------
    def setup(self) -> None:
        youngest = [i for i, s in enumerate(self.seats) if s.youngest]
        if len(youngest) != 1:
            raise BadSetup(
                "Indique qui est le plus jeune joueur (un seul).",
                "Say who the youngest player is (exactly one).",
            )
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
            raise BadSetup(
                "Paquet explicite invalide : il faut {\"piles\": [[...], [...]]}, deux paquets non vides.",
                "Invalid explicit deck: expected {\"piles\": [[...], [...]]}, two non-empty piles.",
            ) from None
        available: Dict[Tuple[str, str], int] = {}
        for card in _standard_cards():
            available[card.unordered()] = available.get(card.unordered(), 0) + 1
        piles = []
        for pile in raw:
            cards = [Card.parse(code) for code in pile]
            for card in cards:
                key = card.unordered()
                if available.get(key, 0) <= 0:
                    raise BadSetup(
                        f"La carte « {card.code} » n'existe pas (ou trop de fois) dans la liste des cartes.",
                        f"Card '{card.code}' is not in the card list (or appears too often).",
                    )
                available[key] -= 1
            piles.append(list(reversed(cards)))
        return piles

    # -- queries ------------------------------------------------------------------
    def opponent(self, seat: int) -> int:
        return 1 - seat

    @classmethod
    def rule_values(cls, options: Mapping[str, Any]) -> Dict[str, Dict[str, str]]:
        """What the rules panel prints after "Dans cette partie" for a rule that several options
        change together: every trophy's stars in this game."""
        values = dict(cls.OPTIONS.defaults())
        values.update(options or {})
        text = {lang: ", ".join(f"{FAMILY_NAMES[f][i]} {values['stars_' + f.value]}" for f in Family)
                for i, lang in enumerate(("fr", "en"))}
        return {"house.stars_per_trophy": text}

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
        raise BadMove(move.action, "take/1, take/2, face/up, face/down, return/<famille>")

    def check(self, move: Move) -> None:
        if move.seat not in self.to_act():
            # Engine.apply lets SYSTEM_SEAT ("*:") events through; this game has none.
            raise IllegalMove(
                "game.seat",
                "Dans ce jeu, chaque coup est joué par un joueur (pas d'événement « * »).",
                "In this game every move is made by a player (no '*' events).",
            )
        verb, arg = self._parse(move)
        if self.phase is Phase.TAKE:
            if verb != "take":
                raise IllegalMove(
                    "turn.take_top",
                    "Prends d'abord la carte du dessus d'un des deux paquets.",
                    "First take the top card of one of the two piles.",
                )
            if not self.piles[int(arg) - 1]:
                raise IllegalMove("turn.take_top", f"Le paquet {arg} est vide.", f"Pile {arg} is empty.")
        elif self.phase is Phase.CHOOSE:
            if verb != "face":
                raise IllegalMove(
                    "turn.one_face",
                    "Tu as déjà pris une carte : choisis la face à jouer.",
                    "You have already taken a card: choose the face to play.",
                )
        elif self.phase is Phase.PENALTY:
            if verb != "return":
                raise IllegalMove(
                    "spiders.most_returns_one",
                    "La partie est finie : choisis le trophée à rendre.",
                    "The game is over: choose the trophy to give back.",
                )
            if arg not in self._final["trophies_before_penalty"][move.seat]:
                raise IllegalMove(
                    "spiders.most_returns_one",
                    "Tu ne peux rendre qu'un trophée que tu as gagné.",
                    "You can only give back a trophy you won.",
                )

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

    # -- scoring ------------------------------------------------------------------
    def family_counts(self, seat: int) -> Dict[Family, int]:
        counts = {f: 0 for f in Family}
        for laid in self.collections[seat]:
            if laid.face.family is not None:
                counts[laid.face.family] += laid.face.weight
        return counts

    def spider_count(self, seat: int) -> int:
        return sum(1 for laid in self.collections[seat] if laid.face.is_spider)

    def _finish(self) -> None:
        self.set_aside = [c for pile in self.piles for c in reversed(pile)]
        counts = [self.family_counts(0), self.family_counts(1)]
        trophies: List[List[str]] = [[], []]
        families = []
        for fam in Family:
            a, b = counts[0][fam], counts[1][fam]
            holder = 0 if a > b else 1 if b > a else None
            if holder is not None:
                trophies[holder].append(fam.value)
            families.append({
                "family": fam.value,
                "counts": [a, b],
                "legendary": [
                    sum(1 for laid in self.collections[s] if laid.face.family is fam and laid.face.legendary)
                    for s in (0, 1)
                ],
                "trophy": holder,
                "stars": self.stars(fam),
            })
        spiders = [self.spider_count(0), self.spider_count(1)]
        penalised = 0 if spiders[0] > spiders[1] else 1 if spiders[1] > spiders[0] else None
        self._final = {
            "families": families,
            "spiders": spiders,
            "penalised": penalised,
            "trophies_before_penalty": trophies,
            "returned": None,
        }
        owned = trophies[penalised] if penalised is not None else []
        if penalised is None or not owned:
            self._settle(None)
        elif len(owned) == 1:
            self._settle(Family(owned[0]))
        elif self.options["penalty_choice"] == "fewest_stars":
            self._settle(Family(self.fewest_star_trophy(owned)))
        else:
            self.phase = Phase.PENALTY

    def fewest_star_trophy(self, owned: Sequence[str]) -> str:
        """The trophy a sensible player gives back: fewest stars, first in family order on a tie."""
        order = [f.value for f in Family]
        return min(owned, key=lambda fam: (self.stars(Family(fam)), order.index(fam)))

    def _settle(self, returned: Optional[Family]) -> None:
        final = self._final
        final["returned"] = returned.value if returned else None
        kept = [list(t) for t in final["trophies_before_penalty"]]
        if returned is not None:
            kept[final["penalised"]].remove(returned.value)
        final["trophies"] = kept
        stars = [sum(self.stars(Family(f)) for f in kept[s]) for s in (0, 1)]
        final["stars"] = stars
        if stars[0] != stars[1]:
            final["winner"] = 0 if stars[0] > stars[1] else 1
            final["tiebreak"] = None
        else:
            final["winner"] = self.youngest
            final["tiebreak"] = "youngest"
        self.phase = Phase.OVER

    def result(self) -> Dict[str, Any]:
        if not self.is_over():
            raise IllegalMove("game.not_over", "La partie n'est pas finie.", "The game is not over.")
        final = dict(self._final)
        final["scores"] = list(final["stars"])
        final["steps"] = self._explain(final)
        return final

    def _explain(self, final: Dict[str, Any]) -> List[Dict[str, str]]:
        """The end of the game in words, step by step, as a referee would say it."""
        names = [s.name for s in self.seats]
        steps = []
        for fam in final["families"]:
            fr_name, en_name = FAMILY_NAMES[Family(fam["family"])]
            a, b = fam["counts"]
            leg = fam["legendary"]
            extra_fr = "".join(
                f" ({names[s]} a un légendaire, compté double)" for s in (0, 1) if leg[s]
            )
            extra_en = "".join(f" ({names[s]} has a legendary, counted twice)" for s in (0, 1) if leg[s])
            if fam["trophy"] is None:
                steps.append({
                    "fr": f"{fr_name} : {a} contre {b}{extra_fr}, égalité : le trophée n'est attribué à personne.",
                    "en": f"{en_name}: {a} to {b}{extra_en}, a tie: the trophy goes to nobody.",
                })
            else:
                w = names[fam["trophy"]]
                steps.append({
                    "fr": f"{fr_name} : {a} contre {b}{extra_fr} : {w} gagne le trophée ({fam['stars']} étoile{'s' if fam['stars'] > 1 else ''}).",
                    "en": f"{en_name}: {a} to {b}{extra_en}: {w} wins the trophy ({fam['stars']} star{'s' if fam['stars'] != 1 else ''}).",
                })
        sa, sb = final["spiders"]
        p = final["penalised"]
        if p is None:
            steps.append({
                "fr": f"Araignées : {sa} contre {sb}, égalité : aucun trophée n'est retiré.",
                "en": f"Spiders: {sa} to {sb}, equal: no trophy is removed.",
            })
        elif not final["trophies_before_penalty"][p]:
            steps.append({
                "fr": f"Araignées : {sa} contre {sb} : {names[p]} en a le plus mais n'a aucun trophée : il ne se passe rien.",
                "en": f"Spiders: {sa} to {sb}: {names[p]} has more but no trophy: nothing happens.",
            })
        else:
            fr_name, en_name = FAMILY_NAMES[Family(final["returned"])]
            steps.append({
                "fr": f"Araignées : {sa} contre {sb} : {names[p]} en a le plus et rend le trophée {fr_name}.",
                "en": f"Spiders: {sa} to {sb}: {names[p]} has more and gives back the {en_name} trophy.",
            })
        s0, s1 = final["stars"]
        steps.append({
            "fr": f"Étoiles : {names[0]} {s0}, {names[1]} {s1}.",
            "en": f"Stars: {names[0]} {s0}, {names[1]} {s1}.",
        })
        w = names[final["winner"]]
        if final["tiebreak"] == "youngest":
            steps.append({
                "fr": f"Égalité d'étoiles : {w}, le plus jeune, gagne la partie.",
                "en": f"Equal stars: {w}, the youngest, wins the game.",
            })
        else:
            steps.append({"fr": f"{w} gagne la partie !", "en": f"{w} wins the game!"})
        return steps

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

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Dict[str, str]:
        """A move in words, said before it is applied (for feedback and the game log). Read by a
        seat (the move log) in a memory game, a face laid is not named: collections show only
        their top face, and the log must not remember for the players."""
        verb, arg = self._parse(move)
        name = self.seats[move.seat].name
        if seat is not None and verb == "face" and not self.options["easy_memory"]:
            assert self.taken is not None
            target = self.opponent(move.seat) if self.taken[1].face(arg).is_spider else move.seat
            if target == move.seat:
                return {"fr": f"{name} pose une carte dans sa collection.", "en": f"{name} lays a card in their collection."}
            whose = self.seats[target].name
            return {"fr": f"{name} pose une carte sur la collection {de(whose)}.",
                    "en": f"{name} lays a card on {whose}'s collection."}
        if verb == "take":
            return {"fr": f"{name} prend la carte du paquet {arg}.", "en": f"{name} takes the card from pile {arg}."}
        if verb == "return":
            fr, en = FAMILY_NAMES[Family(arg)]
            return {"fr": f"{name} rend le trophée {fr}.", "en": f"{name} gives back the {en} trophy."}
        assert self.taken is not None
        face = self.taken[1].face(arg)
        if face.is_spider:
            other = self.seats[self.opponent(move.seat)].name
            return {
                "fr": f"{name} pose une araignée sur la collection {de(other)}.",
                "en": f"{name} lays a spider on {other}'s collection.",
            }
        return {
            "fr": f"{name} pose {face.name('fr')} dans sa collection.",
            "en": f"{name} lays {face.name('en')} in their collection.",
        }

    def open_cards(self) -> List[Tuple[Dict[str, str], List[str]]]:
        """Everything, for the "all cards" replay of a finished game: each collection bottom
        first, then each pile top first as upper/lower."""
        out = [({"fr": f"Collection {de(s.name)}", "en": f"{s.name}'s collection"},
                [laid.face.code for laid in self.collections[i]]) for i, s in enumerate(self.seats)]
        out += [({"fr": f"Paquet {i + 1}", "en": f"Pile {i + 1}"}, [c.code for c in reversed(p)])
                for i, p in enumerate(self.piles)]
        return out

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
