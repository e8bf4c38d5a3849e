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
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove
from ..core.options import Option, OptionSet, fixed_house_rule
from ..core.rulebook import Rule, RuleBook, RuleSource

Pos = Tuple[int, int]

# -- the box, as data -------------------------------------------------------------------
COLOURS = ("Y", "G", "R", "B")
COLOUR_NAMES = {"Y": ("jaune", "yellow"), "G": ("vert", "green"), "R": ("rouge", "red"), "B": ("bleu", "blue")}
COLOUR_FEMININE = {"Y": "jaune", "G": "verte", "R": "rouge", "B": "bleue"}  # une carte ...
VALUES = (1, 2, 3, 4, 5)
CARDS_PER_COLOUR = 12
DEFAULT_DISTRIBUTION = "3,3,2,2,2"  # per colour: how many 1s, 2s, 3s, 4s, 5s (house rule)
TARGET_SUM = 10
HAND_SIZE = 3
SOLO_TARGETS = {2: 12, 3: 10, 4: 8}  # cards to win, by number of players
TEAM_TARGET = 12
TEAMS = ((0, 2), (1, 3))  # partners sit face to face
CORSAIR_POINTS = 4
CORSAIR_ROUNDS = {"hard": 4, "medium": 7, "easy": 10}
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
DIRECTION_NAMES = {"up": ("vers le haut", "up"), "down": ("vers le bas", "down"),
                   "left": ("vers la gauche", "left"), "right": ("vers la droite", "right")}
LINE_KINDS = ("row", "column", "diagonal", "antidiagonal")
LINE_NAMES = {"row": ("ligne", "row"), "column": ("colonne", "column"),
              "diagonal": ("diagonale", "diagonal"), "antidiagonal": ("diagonale", "diagonal")}
CONQUEST_VIEW_LIMIT = 60  # conquests listed in a view (largest first); all stay legal


@dataclass(frozen=True)
class Card:
    colour: str  # one of COLOURS
    value: int

    @property
    def code(self) -> str:
        return f"{self.colour}{self.value}"

    @classmethod
    def parse(cls, code: Any) -> "Card":
        text = str(code).strip().upper()
        if len(text) == 2 and text[0] in COLOURS and text[1].isdigit() and int(text[1]) in VALUES:
            return cls(text[0], int(text[1]))
        raise BadSetup(f"Carte inconnue : « {code} ».", f"Unknown card: '{code}'.")

    def name(self, lang: str = "fr") -> str:
        if lang == "fr":
            return f"un {self.value} {COLOUR_NAMES[self.colour][0]}"
        return f"a {COLOUR_NAMES[self.colour][1]} {self.value}"


def parse_distribution(text: Any) -> List[int]:
    """"3,3,2,2,2" -> how many cards of value 1..5 in each colour (12 per colour)."""
    bad = BadSetup(
        f"Répartition invalide : « {text} » (5 nombres séparés par des virgules, total 12, p.ex. 3,3,2,2,2).",
        f"Invalid distribution: '{text}' (5 comma-separated counts adding up to 12, e.g. 3,3,2,2,2).",
    )
    try:
        counts = [int(part) for part in str(text).split(",")]
    except ValueError:
        raise bad from None
    if len(counts) != len(VALUES) or any(c < 0 for c in counts) or sum(counts) != CARDS_PER_COLOUR:
        raise bad
    return counts


def full_deck(distribution: str = DEFAULT_DISTRIBUTION) -> List[Card]:
    counts = parse_distribution(distribution)
    return [Card(colour, value) for colour in COLOURS for value, n in zip(VALUES, counts) for _ in range(n)]


# -- geometry -----------------------------------------------------------------------------
def neighbours(pos: Pos) -> List[Pos]:
    x, y = pos
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def line_keys(pos: Pos) -> Tuple[Tuple[int, int], ...]:
    """The four lines through a cell: (kind index in LINE_KINDS, constant)."""
    x, y = pos
    return ((0, y), (1, x), (2, x - y), (3, x + y))


def line_step(kind: int) -> Pos:
    return ((1, 0), (0, 1), (1, 1), (1, -1))[kind]


def line_of(cells: Sequence[Pos]) -> Optional[Tuple[int, int]]:
    """The one line holding every cell (at least two distinct cells), or None."""
    if len(cells) < 2:
        return None
    common = set(line_keys(cells[0]))
    for c in cells[1:]:
        common &= set(line_keys(c))
    return min(common) if common else None


def parse_cell(text: str) -> Pos:
    x, y = text.split(",")
    return int(x), int(y)


def cell_text(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def subsets_summing(items: Sequence[Tuple[Pos, int]], target: int = TARGET_SUM) -> List[Tuple[Pos, ...]]:
    """Every subset of `items` (cell, value >= 1) whose values add up to `target`, in line order.

    Output-sensitive: a suffix bitmask of reachable sums prunes every branch that cannot
    end on `target`, so the work is O(len(items)) per subset found."""
    n = len(items)
    full = (1 << (target + 1)) - 1
    reach = [0] * (n + 1)
    reach[n] = 1
    for i in range(n - 1, -1, -1):
        r = reach[i + 1]
        reach[i] = (r | (r << items[i][1])) & full
    out: List[Tuple[Pos, ...]] = []
    if not (reach[0] >> target) & 1:
        return out
    chosen: List[Pos] = []

    def walk(i: int, rest: int) -> None:
        if rest == 0:
            out.append(tuple(chosen))
            return
        cell, value = items[i]
        after = reach[i + 1]
        if value <= rest and (after >> (rest - value)) & 1:
            chosen.append(cell)
            walk(i + 1, rest - value)
            chosen.pop()
        if (after >> rest) & 1:
            walk(i + 1, rest)

    walk(0, target)
    return out


class ConquestIndex:
    """Every possible conquest of a grid, kept per line and recomputed only where the grid changed.

    A conquest lies on one line (row, column, diagonal): any change of a cell (a card laid or
    taken, a galleon arriving or leaving) can only change the conquests of the four lines
    through that cell, so those lines are marked dirty and the others keep their list."""

    def __init__(self, gaps: bool = True, target: int = TARGET_SUM) -> None:
        self.gaps = gaps
        self.target = target
        self.values: Dict[Pos, int] = {}
        self.blocked: Dict[Pos, int] = {}  # cell -> number of galleons on it
        self.lines: Dict[Tuple[int, int], Set[Pos]] = {}
        self.cache: Dict[Tuple[int, int], List[Tuple[Pos, ...]]] = {}
        self.dirty: Set[Tuple[int, int]] = set()
        self.flat: Optional[List[Tuple[Pos, ...]]] = None  # every conquest, until the next change

    def _touch(self, pos: Pos) -> None:
        self.dirty.update(line_keys(pos))

    def add(self, pos: Pos, value: int) -> None:
        self.values[pos] = value
        for key in line_keys(pos):
            self.lines.setdefault(key, set()).add(pos)
        self._touch(pos)

    def remove(self, pos: Pos) -> None:
        del self.values[pos]
        for key in line_keys(pos):
            members = self.lines[key]
            members.discard(pos)
            if not members:
                del self.lines[key]
        self._touch(pos)

    def block(self, pos: Pos) -> None:
        self.blocked[pos] = self.blocked.get(pos, 0) + 1
        self._touch(pos)

    def unblock(self, pos: Pos) -> None:
        left = self.blocked[pos] - 1
        if left:
            self.blocked[pos] = left
        else:
            del self.blocked[pos]
        self._touch(pos)

    def line_conquests(self, key: Tuple[int, int]) -> List[Tuple[Pos, ...]]:
        members = self.lines.get(key)
        if not members or len(members) < 2:
            return []
        cells = sorted(members)  # (x, y) order is the order along every kind of line
        along = 1 if key[0] == 1 else 0  # columns run along y, the others along x
        runs: List[List[Pos]] = [[]]
        for i, cell in enumerate(cells):
            if i and not self.gaps and cell[along] - cells[i - 1][along] > 1:
                runs.append([])  # an empty space ends the run when gaps are not allowed
            runs[-1].append(cell)
        out: List[Tuple[Pos, ...]] = []
        for run in runs:
            items = [(c, self.values[c]) for c in run if c not in self.blocked]
            if len(items) >= 2:
                out.extend(subsets_summing(items, self.target))
        return out

    def refresh(self) -> None:
        if not self.dirty:
            return
        self.flat = None
        for key in self.dirty:
            found = self.line_conquests(key)
            if found:
                self.cache[key] = found
            else:
                self.cache.pop(key, None)
        self.dirty.clear()

    def by_line(self) -> List[Tuple[Tuple[int, int], List[Tuple[Pos, ...]]]]:
        self.refresh()
        return [(key, self.cache[key]) for key in sorted(self.cache)]

    def all(self) -> List[Tuple[Pos, ...]]:
        self.refresh()
        if self.flat is None:
            self.flat = [c for _, found in self.by_line() for c in found]
        return self.flat

    def count(self) -> int:
        self.refresh()
        return sum(len(found) for found in self.cache.values())


# -- options and rules ----------------------------------------------------------------------
class Mode(str, Enum):
    SOLO = "solo"
    TEAM = "team"
    CORSAIR = "corsair"


class Phase(str, Enum):
    DISCOVERY = "discovery"
    CONQUEST = "conquest"
    CORSAIR = "corsair"
    OVER = "over"


OPTIONS = OptionSet((
    Option(
        name="mode",
        default="solo",
        label_fr="Mode de jeu",
        label_en="Game mode",
        help_fr="Chacun pour soi, coopératif (2 contre 2, 4 joueurs) ou Corsaire (1 contre tous, 3 ou 4 joueurs).",
        help_en="Every player for themselves, team (2 v 2, 4 players) or Corsair (1 v all, 3 or 4 players).",
        choices=("solo", "team", "corsair"),
        choice_labels={
            "solo": ("Chacun pour soi", "Every player for themselves"),
            "team": ("Coopératif, 2 équipes de 2", "Team, 2 teams of 2"),
            "corsair": ("Corsaire, 1 contre tous", "Corsair, 1 against all"),
        },
    ),
    Option(
        name="first_player",
        default=0,
        label_fr="Premier joueur (place)",
        label_en="First player (seat)",
        help_fr="Règle maison : « la dernière personne à avoir posé le pied sur une île » est choisie à la mise en place ; par défaut la première place.",
        help_en="House rule: 'the last person to have set foot on an island' is chosen at set-up; the first seat by default.",
        minimum=0,
        maximum=3,
        house_rule=True,
        seat=True,
    ),
    Option(
        name="distribution",
        default=DEFAULT_DISTRIBUTION,
        label_fr="Valeurs des cartes par couleur",
        label_en="Card values per colour",
        help_fr="Règle maison : combien de 1, 2, 3, 4 et 5 dans chaque couleur (12 cartes) ; par défaut 3,3,2,2,2.",
        help_en="House rule: how many 1s, 2s, 3s, 4s and 5s in each colour (12 cards); 3,3,2,2,2 by default.",
        house_rule=True,
    ),
    Option(
        name="line_gaps",
        default=True,
        label_fr="Trous dans un alignement",
        label_en="Gaps in a line",
        help_fr="Règle maison : des emplacements vides peuvent séparer les cartes d'un alignement (sinon, seules des cartes non retenues le peuvent).",
        help_en="House rule: empty spaces may separate the cards of a line (otherwise only cards left out may).",
        house_rule=True,
    ),
    fixed_house_rule(
        "galleon_moves", "cards",
        "Déplacement des galions", "Galleon moves",
        "Règle maison : un galion ne se déplace que sur une carte Île, jamais sur un emplacement vide.",
        "House rule: a galleon moves only onto an island card, never onto an empty space.",
        "Sur une carte seulement", "Onto a card only",
    ),
    fixed_house_rule(
        "impossible_actions", "skip",
        "Action impossible", "Impossible action",
        "Règle maison : une action obligatoire impossible (pas de carte, pas d'emplacement, pas de déplacement) est sautée, et le jeu dit pourquoi.",
        "House rule: a required action that cannot be made (no card, no space, no move) is skipped, and the game says why.",
        "Sautée, avec explication", "Skipped, with a reason",
    ),
    Option(
        name="conquest_scope",
        default="any",
        label_fr="Alignements conquérables",
        label_en="Lines that may be conquered",
        help_fr="Règle maison : n'importe quel alignement de la table, ou seulement ceux qui comptent une carte posée ou libérée par le joueur pendant ce tour.",
        help_en="House rule: any line on the table, or only those holding a card the player laid or freed this turn.",
        choices=("any", "turn"),
        choice_labels={
            "any": ("N'importe lequel", "Any line"),
            "turn": ("Avec une carte posée ou libérée ce tour", "With a card laid or freed this turn"),
        },
        house_rule=True,
    ),
    Option(
        name="corsair_seat",
        default=0,
        label_fr="Place du Corsaire",
        label_en="Corsair's seat",
        help_fr="En mode Corsaire : quelle place joue le Corsaire.",
        help_en="In Corsair mode: which seat plays the Corsair.",
        minimum=0,
        maximum=3,
        seat=True,
        applies_when=("mode", (Mode.CORSAIR.value,)),
    ),
    Option(
        name="difficulty",
        default="medium",
        label_fr="Difficulté (mode Corsaire)",
        label_en="Difficulty (Corsair mode)",
        help_fr="Tours laissés aux autres joueurs : 4 (difficile), 7 (moyen), 10 (facile).",
        help_en="Rounds the other players get: 4 (hard), 7 (medium), 10 (easy).",
        choices=("hard", "medium", "easy"),
        choice_labels={
            "hard": ("Difficile : 4 tours", "Hard: 4 rounds"),
            "medium": ("Moyen : 7 tours", "Medium: 7 rounds"),
            "easy": ("Facile : 10 tours", "Easy: 10 rounds"),
        },
        applies_when=("mode", (Mode.CORSAIR.value,)),
    ),
    Option(
        name="corsair_target",
        default=12,
        label_fr="Cartes à réunir contre le Corsaire",
        label_en="Cards to gather against the Corsair",
        help_fr="Règle maison : « 12 points » se lit 12 cartes Île réunies à plusieurs ; un tour est un tour de table des autres joueurs.",
        help_en="House rule: '12 points' reads as 12 island cards gathered together; a round is one turn of every other player.",
        minimum=1,
        maximum=48,
        house_rule=True,
        applies_when=("mode", (Mode.CORSAIR.value,)),
    ),
    Option(
        name="corsair_deck_out",
        default="corsair_wins",
        label_fr="Pioche vide en mode Corsaire",
        label_en="Empty deck in Corsair mode",
        help_fr="Règle maison : si la dernière carte est tirée, le Corsaire gagne (les autres n'ont pas réuni leurs cartes) ; ou l'on continue sans piocher.",
        help_en="House rule: when the last card is drawn the Corsair wins (the others did not gather their cards); or play goes on without drawing.",
        choices=("corsair_wins", "play_on"),
        choice_labels={
            "corsair_wins": ("Le Corsaire gagne", "The Corsair wins"),
            "play_on": ("On continue sans piocher", "Play on without drawing"),
        },
        house_rule=True,
        applies_when=("mode", (Mode.CORSAIR.value,)),
    ),
))

S, F, H = RuleSource.SPEC, RuleSource.FACT, RuleSource.HOUSE
RULES = RuleBook((
    Rule("material.cards", "48 cartes Île : quatre couleurs (jaune, vert, rouge, bleu), 12 par couleur, de valeur 1 à 5.",
         "48 island cards: four colours (yellow, green, red, blue), 12 of each, valued 1 to 5.", F),
    Rule("material.players", "De 2 à 4 joueurs ; 8 pions Galion, deux par couleur de joueur.",
         "2 to 4 players; 8 galleons, two per player colour.", F),
    Rule("setup.deal", "Mélangez les cartes Île, distribuez-en 3 par joueur : elles constituent leur main ; le reste forme la pioche face cachée.",
         "Shuffle the island cards and deal 3 to each player: that is their hand; the rest is the face-down deck."),
    Rule("setup.start_card", "Piochez la première carte Île et posez-la face visible entre les joueurs.",
         "Draw the first island card and lay it face up between the players."),
    Rule("setup.galleons", "Chaque joueur choisit une couleur, prend les deux pions Galion correspondants et les pose sur cette carte.",
         "Each player picks a colour, takes its two galleons and puts them on that card."),
    Rule("setup.first_player", "La dernière personne à avoir posé le pied sur une Île débute la partie.",
         "The last person to have set foot on an island starts."),
    Rule("turn.phases", "Tour de jeu en 3 phases : découverte, conquête, ravitaillement.",
         "A turn has 3 phases: discovery, conquest, supply."),
    Rule("discovery.both_actions", "Le joueur doit effectuer les deux actions suivantes dans l'ordre de son choix.",
         "The player must make both of the following actions, in the order of their choice."),
    Rule("discovery.keep_both_possible", "Il doit jouer afin de toujours pouvoir réaliser ces deux actions.",
         "They must play so as to always be able to make both actions."),
    Rule("discovery.place", "Poser une carte Île sur un emplacement libre, adjacent (sauf en diagonale) à une carte Île comportant un de ses pions Galion.",
         "Lay an island card on a free space, next (not diagonally) to an island card holding one of their galleons."),
    Rule("discovery.move", "Déplacer un de ses pions Galion au choix, horizontalement ou verticalement d'une seule carte Île.",
         "Move one of their galleons, horizontally or vertically, by a single island card."),
    Rule("discovery.same_colour", "Si la carte Île posée est de la même couleur que celle adjacente comportant au moins un de ses pions Galion, le joueur peut rejouer immédiatement une phase découverte.",
         "If the island card laid is the same colour as the adjacent one holding at least one of their galleons, the player may play another discovery phase at once."),
    Rule("discovery.else_conquest", "Sinon il passe à la phase conquête.",
         "Otherwise they go on to the conquest phase."),
    Rule("conquest.line", "Le joueur peut réaliser un alignement horizontal, diagonal ou vertical de cartes Île de son choix.",
         "The player may make a horizontal, diagonal or vertical line of island cards of their choice."),
    Rule("conquest.not_consecutive", "Les cartes de l'alignement sont consécutives ou non.",
         "The cards of the line may be consecutive or not."),
    Rule("conquest.no_galleon", "Les cartes de l'alignement ne comportent aucun pion Galion.",
         "The cards of the line hold no galleon."),
    Rule("conquest.sum_ten", "Si la somme des valeurs est exactement égale à 10, il peut retirer du jeu ces cartes et vérifie les conditions de victoire.",
         "If their values add up to exactly 10, they may take these cards out of play and check the victory conditions."),
    Rule("conquest.choice", "En cas de multiples alignements, le joueur récupère celui de son choix.",
         "If there are several lines, the player takes the one of their choice."),
    Rule("conquest.then_supply", "S'il n'a pas gagné ou ne peut pas récupérer d'alignement, le joueur passe à la phase Ravitaillement ; il ne peut en aucun cas revenir à la phase découverte.",
         "If they have not won or cannot take a line, the player goes on to the supply phase; they can never go back to the discovery phase."),
    Rule("victory.cards", "Victoire : 12 cartes à 2 joueurs, 10 à 3 joueurs, 8 à 4 joueurs.",
         "Victory: 12 cards with 2 players, 10 with 3, 8 with 4.", F),
    Rule("supply.refill", "Le joueur pioche le nombre nécessaire de cartes Île pour compléter sa main à 3.",
         "The player draws as many island cards as needed to fill their hand back to 3."),
    Rule("supply.next_left", "Le joueur à sa gauche débute un nouveau tour.",
         "The player on their left starts a new turn."),
    Rule("end.last_card", "Lorsqu'un joueur tire la dernière carte de la pioche, la partie est immédiatement arrêtée.",
         "When a player draws the last card of the deck, the game stops at once."),
    Rule("end.most_cards", "Le joueur avec le plus de cartes Île est déclaré Maître des Îles.",
         "The player with the most island cards is declared Master of the Islands."),
    Rule("end.highest_sum", "En cas d'égalité, la plus haute somme des cartes Île l'emporte.",
         "On a tie, the highest sum of island cards wins."),
    Rule("end.draw", "Sinon, faites une nouvelle partie !", "Otherwise, play another game! (a draw)"),
    Rule("team.partners", "Mode coopératif : 2 équipes de 2 joueurs ; les joueurs face à face font équipe.",
         "Team mode: 2 teams of 2 players; players sitting face to face are partners."),
    Rule("team.one_galleon", "Chaque joueur prend un seul pion Galion de couleur différente et le place sur la carte Île de départ.",
         "Each player takes a single galleon of a different colour and puts it on the start card."),
    Rule("team.talk", "Les partenaires communiquent à haute voix sur la même carte Île ou sur des cartes adjacentes, par geste dans les autres situations.",
         "Partners may talk aloud when on the same or adjacent island cards, and use gestures otherwise."),
    Rule("team.twelve", "L'équipe récupérant au total au moins 12 cartes Île gagne.",
         "The team that gathers at least 12 island cards in all wins."),
    Rule("corsair.players", "Mode Corsaire (1 contre tous) de 3 à 4 joueurs.", "Corsair mode (1 against all), 3 to 4 players."),
    Rule("corsair.one_galleon", "Chaque joueur prend un seul pion, hormis l'adversaire jouant le Corsaire.",
         "Each player takes a single galleon, except the opponent playing the Corsair."),
    Rule("corsair.no_cards", "Le Corsaire joue uniquement avec ses pions Galion et ne pioche pas de cartes.",
         "The Corsair plays only with their galleons and draws no cards."),
    Rule("corsair.four_points", "Le Corsaire a 4 points de mouvement qu'il répartit comme il le souhaite entre ses navires ; il n'est pas obligé de tous les utiliser.",
         "The Corsair has 4 movement points to share as they wish between their ships; they need not use them all."),
    Rule("corsair.rounds", "Le Corsaire doit empêcher que les autres joueurs effectuent leurs alignements en moins de 4 tours (difficile), 7 tours (moyen) ou 10 tours (facile).",
         "The Corsair must stop the others from making their lines within 4 rounds (hard), 7 (medium) or 10 (easy)."),
    Rule("corsair.twelve", "Les autres joueurs doivent effectuer un total de 12 points pour remporter la partie.",
         "The other players must make 12 points in all to win."),
    Rule("house.first_player", "Le premier joueur est choisi à la mise en place (par défaut la première place).",
         "The first player is chosen at set-up (the first seat by default).", H, "first_player"),
    Rule("house.distribution", "Chaque couleur compte trois 1, trois 2, deux 3, deux 4 et deux 5.",
         "Each colour has three 1s, three 2s, two 3s, two 4s and two 5s.", H, "distribution"),
    Rule("house.line_gaps", "Un alignement est n'importe quel ensemble de cartes d'une même ligne, colonne ou diagonale ; des emplacements vides peuvent les séparer.",
         "A line is any set of cards on one row, column or diagonal; empty spaces may separate them.", H, "line_gaps"),
    Rule("house.galleons_on_cards", "Les galions ne se déplacent que sur des cartes Île.",
         "Galleons move only onto island cards.", H, "galleon_moves"),
    Rule("house.skip_impossible", "Une action obligatoire impossible (pas de carte en main, pas d'emplacement, pas de déplacement) est sautée ; le jeu explique pourquoi.",
         "A required action that cannot be made (no card in hand, no space, no move) is skipped; the game explains why.", H, "impossible_actions"),
    Rule("house.corsair_reading", "Mode Corsaire : « 12 points » = 12 cartes réunies ensemble ; le Corsaire a 2 galions ; un tour = un tour de table des autres joueurs.",
         "Corsair mode: '12 points' = 12 cards gathered together; the Corsair has 2 galleons; a round = one turn of every other player.", H, "corsair_target"),
    Rule("house.corsair_deck_out", "Mode Corsaire : si la dernière carte est tirée, le Corsaire gagne.",
         "Corsair mode: when the last card is drawn, the Corsair wins.", H, "corsair_deck_out"),
    Rule("house.conquest_scope", "On peut conquérir n'importe quel alignement de la table, pas seulement celui que l'on vient de former.",
         "Any line on the table may be conquered, not only one just made.", H, "conquest_scope"),
))


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
            steps.append(_say(f"{name} : {fr} conquises (somme {final['sums'][s]}).",
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
