"""MasterIslands' catalogue as data: the box (colours, values, cards, targets), the options
and the rule book. Kept apart from the engine so the rules panel, the set-up form and the
bots can read the game's numbers without the turn logic, and so the engine module stays
about the turn.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, List, Tuple

from ..core.errors import BadSetup
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


COUNT_WORDS = (("aucun", "no"), ("un", "one"), ("deux", "two"), ("trois", "three"), ("quatre", "four"),
               ("cinq", "five"), ("six", "six"), ("sept", "seven"), ("huit", "eight"), ("neuf", "nine"),
               ("dix", "ten"), ("onze", "eleven"), ("douze", "twelve"))


def distribution_words(text: Any) -> Tuple[str, str]:
    """"3,3,2,2,2" as people say it: "trois 1, trois 2, deux 3, deux 4 et deux 5 par couleur"."""
    try:
        counts = parse_distribution(text)
    except BadSetup:
        return str(text), str(text)
    fr = [f"{COUNT_WORDS[n][0]} {v}" for v, n in zip(VALUES, counts)]
    en = [f"{COUNT_WORDS[n][1]} {v}{'' if n == 1 else 's'}" for v, n in zip(VALUES, counts)]
    return (", ".join(fr[:-1]) + f" et {fr[-1]} par couleur", ", ".join(en[:-1]) + f" and {en[-1]} per colour")


def full_deck(distribution: str = DEFAULT_DISTRIBUTION) -> List[Card]:
    counts = parse_distribution(distribution)
    return [Card(colour, value) for colour in COLOURS for value, n in zip(VALUES, counts) for _ in range(n)]


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
        words=distribution_words,
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
