"""What the rules pages say in our own words around the rule sentences of each game's
rulebook: the sections, their short introductions, and which rule ids each gathers.

The rule sentences themselves come from the engines' rulebooks (the same ones the rules
panel and the tests use), so a page can never list a rule the engine does not play.
A rule whose id matches no section's prefixes lands in "special" (never lost).
"""
from __future__ import annotations

from typing import Dict, List, Tuple

SECTION_TITLES: Dict[str, Tuple[str, str]] = {
    "setup": ("Mise en place", "Set-up"),
    "turn": ("Un tour de jeu", "A turn"),
    "special": ("Les règles spéciales", "Special rules"),
    "end": ("La fin de la partie", "The end of the game"),
    "scoring": ("Le décompte", "Scoring"),
    "house": ("Nos règles maison (options)", "Our house rules (options)"),
}
SECTION_ORDER = ("setup", "turn", "special", "end", "scoring", "house")

# per game: section -> (rule id prefixes, intro fr, intro en)
PLANS: Dict[str, Dict[str, Tuple[List[str], str, str]]] = {
    "mookies": {
        "setup": (["players", "material", "setup"],
                  "Deux joueurs, trente-six cartes à deux faces. On fait deux paquets et on ne voit que la face du dessus de chacun.",
                  "Two players, thirty-six two-sided cards. Make two piles; only the top face of each shows."),
        "turn": (["turn", "place", "collection"],
                 "À ton tour, choisis un paquet, prends sa carte, regarde ses deux faces et joue l'une d'elles. Un Mookie va dans ta collection ; une araignée va chez l'adversaire.",
                 "On your turn pick a pile, take its card, look at both faces and play one. A Mookie goes to your collection; a spider goes to your opponent's."),
        "special": (["spiders"],
                    "Les araignées ne font rien pendant la partie : elles coûtent un trophée à la fin à celui qui en a le plus.",
                    "Spiders do nothing during play: at the end they cost a trophy to whoever has the most."),
        "end": (["end"], "Dès qu'un paquet est vide, c'est fini.", "As soon as a pile is empty, the game is over."),
        "scoring": (["score", "stars"],
                    "Pour chaque famille, la majorité gagne le trophée ; puis on compte les étoiles.",
                    "For each family the majority wins the trophy; then count the stars."),
        "house": (["house"], "", ""),
    },
    "mindup": {
        "setup": (["players", "goal", "material", "setup"],
                  "De 3 à 6 joueurs. Chacun a 7 cartes en main et 5 cartes Score, dans un ordre commun à tous.",
                  "3 to 6 players. Everyone holds 7 cards and 5 score cards, in an order common to all."),
        "turn": (["play", "turn", "place"],
                 "Tout le monde choisit une carte en secret, puis on révèle : de la plus petite à la plus grande, chacun prend une carte du centre et la range sur ses cartes Score.",
                 "Everyone secretly picks a card, then reveal: from lowest to highest, each takes a centre card and lays it on their score cards."),
        "special": (["round", "new_round", "variant", "objective", "fact"],
                    "Une manche s'arrête quand il ne reste qu'une carte en main ; on compte, on reprend ses cartes et on recommence avec une carte de plus. La variante ajoute des objectifs bonus.",
                    "A round stops when one card is left in hand; score, take your cards back and start again with one more card. The variant adds bonus objectives."),
        "end": (["end"], "Trois manches, puis le plus haut total gagne.", "Three rounds, then the highest total wins."),
        "scoring": (["score"], "Chaque carte vaut la valeur de la carte Score sous elle, plus son bonus ou malus.",
                    "Each card is worth the value of the score card under it, plus its bonus or malus."),
        "house": (["house"], "", ""),
    },
    "mosquito": {
        "setup": (["goal", "players", "material", "setup"],
                  "De 3 à 6 joueurs, 7 cartes chacun, une carte retournée au centre. Le but : finir avec le moins de points.",
                  "3 to 6 players, 7 cards each, one card turned up in the middle. The goal: finish with the fewest points."),
        "turn": (["turn", "play"],
                 "Joue une carte qui partage un chiffre avec la carte du sommet, ou plusieurs Dominos si le chiffre est à la même place sur chacun. Sinon, pioche.",
                 "Play a card sharing a digit with the top card, or several Dominoes when the digit is in the same place on each. Otherwise, draw."),
        "special": (["plaf", "call", "deck"],
                    "Un Moustique déclenche la course PLAF ! : tout le monde frappe, de la bonne main. Et qui n'a plus qu'une carte crie « Moustique ! ».",
                    "A Mosquito starts the PLAF! race: everyone slaps, with the correct hand (left or right, by the digit). And whoever is down to one card shouts \"Moustique!\"."),
        "end": (["round", "end"], "Une manche finit quand une main est vide ou que personne ne peut jouer ; on joue 4, 8 ou 12 manches.",
                "A round ends when a hand is empty or nobody can play; play 4, 8 or 12 rounds."),
        "scoring": (["score"], "Les cartes gardées en main coûtent des points ; vider sa main rapporte -10.",
                    "Cards left in hand cost points; emptying your hand gives -10."),
        "house": (["house"], "", ""),
    },
    "masterislands": {
        "setup": (["material", "setup"],
                  "Une carte Île au centre, les galions dessus, trois cartes en main chacun.",
                  "One island card in the middle, the galleons on it, three cards in each hand."),
        "turn": (["turn", "discovery", "supply"],
                 "Découverte (poser une carte, déplacer un galion), conquête, puis on complète sa main à 3.",
                 "Discovery (lay a card, move a galleon), conquest, then refill your hand to 3."),
        "special": (["conquest", "team", "corsair"],
                    "Conquérir, c'est prendre une ligne de cartes qui fait exactement 10. Deux modes de plus : en équipes, et le Corsaire contre tous.",
                    "Conquering means taking a line of cards adding up to exactly 10. Two more modes: teams, and the Corsair against all."),
        "end": (["end", "victory"], "La partie s'arrête dès que la pioche est vide, ou quand quelqu'un atteint l'objectif de cartes.",
                "The game stops as soon as the deck is empty, or when someone reaches the card goal."),
        "scoring": ([], "Le plus de cartes conquises gagne ; à égalité, la plus haute somme.",
                    "Most cards conquered wins; on a tie, the highest sum."),
        "house": (["house"], "", ""),
    },
}

HOUSE_INTRO = ("Là où les règles imprimées laissent une question ouverte, nous avons choisi une réponse. Chacune est une option que tu peux changer avant la partie.",
               "Where the printed rules leave a question open, we chose an answer. Each is an option you can change before the game.")
