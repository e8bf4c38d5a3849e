"""Mosquito PLAF!'s catalogue as data: the cards (plain strings: "65", "M7", "N3") and what
they mean, the scoring numbers, the options and the rule book. Kept apart from the engine
so the rules panel, the set-up form, the view and the bots read the box without the turn
and race logic.
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..core.options import Option, OptionSet, fixed_house_rule
from ..core.rulebook import Rule, RuleBook, RuleSource

HAND_SIZE = 7
DOMINOES: Tuple[str, ...] = tuple(f"{a}{b}" for a in range(1, 10) for b in range(a))
MOSQUITOES: Tuple[str, ...] = tuple(f"M{d}" for d in range(10))
NETS: Tuple[str, ...] = tuple(f"N{d}" for d in range(10))
ALL_CARDS: Tuple[str, ...] = DOMINOES + MOSQUITOES + NETS
CARD_INDEX: Dict[str, int] = {c: i for i, c in enumerate(ALL_CARDS)}
EMPTY_HAND_POINTS = -10
NET_POINTS = 10
FALSE_SLAP_CARDS = 3
WRONG_HAND_CARDS = 3
CAUGHT_CARDS = 1
TOP, BOTTOM = 0, 1  # digit positions on a Domino card: "65" is 6 on top, 5 below


# -- cards (plain strings: "65", "M7", "N3") -----------------------------------------------
def is_domino(card: str) -> bool:
    return card[0] not in "MN"


def is_mosquito(card: str) -> bool:
    return card[0] == "M"


def is_net(card: str) -> bool:
    return card[0] == "N"


def card_value(card: str) -> int:
    """Points of a card left in hand: Domino = sum of its digits, Mosquito = its digit, Net = 10."""
    if card[0] == "N":
        return NET_POINTS
    if card[0] == "M":
        return int(card[1])
    return int(card[0]) + int(card[1])


def fits(card: str, top: str) -> bool:
    """May `card` be played alone on `top`? After a Net or a Mosquito card only its digit counts."""
    kind = card[0]
    if kind == "N":
        return True
    if top[0] in "MN":
        digit = top[1]
        return card[1] == digit if kind == "M" else digit in card
    return card[1] in top if kind == "M" else (card[0] in top or card[1] in top)


def modes(top: str) -> List[Tuple[str, int]]:
    """(digit, position) pairs a group of several Dominoes may share on `top`."""
    if top[0] in "MN":
        return [(top[1], TOP), (top[1], BOTTOM)]
    return [(top[0], TOP), (top[1], BOTTOM)]


def card_name(card: str, lang: str = "fr") -> str:
    if card[0] == "M":
        return f"Moustique {card[1]}" if lang == "fr" else f"Mosquito {card[1]}"
    if card[0] == "N":
        return f"Moustiquaire {card[1]}" if lang == "fr" else f"Net {card[1]}"
    return f"{card[0]}/{card[1]}"


def sort_cards(cards: Sequence[str]) -> List[str]:
    return sorted(cards, key=CARD_INDEX.__getitem__)


def hand_name(hand: str, lang: str = "fr") -> str:
    if lang == "fr":
        return "droite" if hand == "R" else "gauche"
    return "right" if hand == "R" else "left"


def expected_hand(digit: int) -> str:
    """Even digit: right hand; odd digit: left hand."""
    return "R" if digit % 2 == 0 else "L"


def cards_word(n: int, lang: str) -> str:
    if lang == "fr":
        return f"{n} carte{'s' if n > 1 else ''}"
    return f"{n} card{'s' if n != 1 else ''}"


# -- options ----------------------------------------------------------------------------
OPTIONS = OptionSet((
    Option(
        name="rounds", default=4, label_fr="Nombre de manches", label_en="Number of rounds",
        help_fr="4, 8 ou 12 manches, à toi de choisir.", help_en="4, 8 or 12 rounds, your choice.",
        choices=(4, 8, 12),
        choice_labels={4: ("4 manches", "4 rounds"), 8: ("8 manches", "8 rounds"), 12: ("12 manches", "12 rounds")},
    ),
    Option(
        name="slap_window_ms", default=3000, label_fr="Temps pour frapper (en millisecondes)",
        label_en="Time to slap (in milliseconds)",
        help_fr="Règle maison : la course se ferme quand tout le monde a frappé, ou après ce temps ; "
                "qui n'a pas frappé compte parmi les plus lents. Allonge-le (jusqu'à 10 000 ms) si tu as "
                "besoin de plus de temps, au clavier ou avec un lecteur d'écran.",
        help_en="House rule: the race closes when everyone has slapped, or after this time; "
                "whoever has not slapped counts as slowest. Make it longer (up to 10,000 ms) if you need "
                "more time, with a keyboard or a screen reader.",
        minimum=500, maximum=10000, house_rule=True, unit="ms",
    ),
    Option(
        name="layer_in_race", default=True, label_fr="Le poseur frappe aussi", label_en="The layer slaps too",
        help_fr="Règle maison : « tout le monde doit frapper », y compris qui a posé le Moustique. "
                "Désactivée : le poseur ne frappe pas, et s'il frappe c'est une fausse tape (3 cartes).",
        help_en="House rule: 'everyone slaps', including whoever laid the Mosquito card. "
                "Off: the layer does not race, and a slap by them is a false slap (3 cards).",
        house_rule=True,
    ),
    Option(
        name="late_slap", default="ignored", label_fr="Tape après la course", label_en="Slap after the race",
        help_fr="Règle maison : une tape alors que le Moustique est encore visible mais que sa course est finie.",
        help_en="House rule: a slap while the Mosquito card still shows but its race is over.",
        choices=("ignored", "penalty"),
        choice_labels={
            "ignored": ("Sans effet (c'est bien une carte Moustique)", "No effect (it is a Mosquito card)"),
            "penalty": ("Fausse tape : 3 cartes", "False slap: 3 cards"),
        },
        house_rule=True,
    ),
    Option(
        name="call_window", default="next_turn", label_fr="Quand peut-on attraper ?",
        label_en="When can a player be caught?",
        help_fr="Règle maison : un joueur à une carte qui n'a pas crié « Moustique ! » peut être attrapé "
                "jusqu'à la fin du tour du joueur suivant, ou tant qu'il n'a pas crié.",
        help_en="House rule: a player holding one card who has not called 'Moustique!' can be caught "
                "until the end of the next player's turn, or for as long as they have not called.",
        choices=("next_turn", "until_called"),
        choice_labels={
            "next_turn": ("Jusqu'à la fin du tour suivant", "Until the end of the next turn"),
            "until_called": ("Tant qu'il n'a pas crié", "As long as they have not called"),
        },
        house_rule=True,
    ),
    Option(
        name="first_card", default="any", label_fr="Première carte retournée", label_en="First card turned up",
        help_fr="Règle maison : la carte retournée reste, quelle qu'elle soit (un Moustique ou une "
                "Moustiquaire ne vaut que son chiffre, sans course PLAF!) ; ou l'on retourne jusqu'à un Domino.",
        help_en="House rule: the card turned up stays, whatever it is (a Mosquito or Net card counts "
                "only as its digit, with no PLAF! race); or cards are turned until a Domino shows.",
        choices=("any", "domino"),
        choice_labels={
            "any": ("Elle reste (son chiffre seul, sans PLAF!)", "It stays (its digit alone, no PLAF!)"),
            "domino": ("On retourne jusqu'à un Domino", "Turn until a Domino shows"),
        },
        house_rule=True,
    ),
    fixed_house_rule("card_list", "standard", "Cartes Moustique et Moustiquaire", "Mosquito and Net cards",
           "Règle maison : une carte de chaque chiffre, de 0 à 9, pour chaque couleur.",
           "House rule: one card of each digit 0 to 9 in each colour.",
           "Une de chaque chiffre, de 0 à 9", "One of each digit, 0 to 9"),
    fixed_house_rule("after_net", "digit_alone", "Après une Moustiquaire", "After a Net",
           "Règle maison : seul le chiffre de la Moustiquaire compte (Domino avec ce chiffre en haut ou en bas, "
           "Moustique de ce chiffre, ou Moustiquaire) ; plusieurs Dominos doivent l'avoir à la même position. "
           "Pareil sous un Moustique.",
           "House rule: only the Net's digit counts (a Domino with it on top or below, the Mosquito of "
           "that digit, or a Net); several Dominoes must hold it in the same position. Same under a Mosquito card.",
           "Son chiffre seul", "Its digit alone"),
    fixed_house_rule("special_cards", "alone", "Moustiques et Moustiquaires", "Mosquito and Net cards",
           "Règle maison : un Moustique ne se joue jamais avec des Dominos ; une Moustiquaire se joue seule.",
           "House rule: a Mosquito card is never played with Dominoes; a Net is played alone.",
           "Toujours seuls", "Always alone"),
    fixed_house_rule("multi_top", "last_laid", "Plusieurs Dominos : le dessus", "Several Dominoes: the top",
           "Règle maison : le joueur choisit l'ordre ; le dernier posé est la carte du sommet.",
           "House rule: the player chooses the order; the last one laid is the top card.",
           "Le dernier posé", "The last one laid"),
    fixed_house_rule("race_ranking", "missing_are_slowest", "Qui est le plus lent ?", "Who is slowest?",
           "Règle maison : qui n'a pas frappé à la fermeture compte comme le plus lent (2 cartes chacun). "
           "Ordre de pioche : mauvaises mains, puis ceux qui n'ont pas frappé, puis du plus lent au second.",
           "House rule: whoever has not slapped when the window closes counts as slowest (2 cards each). "
           "Drawing order: wrong hands, then those who did not slap, then from the slowest to the second.",
           "Ne pas frapper = le plus lent", "No slap = slowest"),
    fixed_house_rule("take_card", "random", "Carte prise au poseur", "Card taken from the layer",
           "Règle maison : paquet vide, le plus lent prend une carte au hasard (à l'aveugle) au poseur.",
           "House rule: deck empty, the slowest takes a card at random (blindly) from the layer.",
           "Au hasard", "At random"),
    fixed_house_rule("blocked_round", "all_passed", "Personne ne peut jouer", "Nobody can play",
           "Règle maison : le paquet est vide et chaque joueur, à son tour, a passé.",
           "House rule: the deck is empty and every player in turn has passed.",
           "Tous ont passé, paquet vide", "All passed, deck empty"),
    fixed_house_rule("tie_break", "extra_rounds", "Égalité finale", "Final tie",
           "Règle maison : on joue des manches supplémentaires jusqu'à ce qu'un seul joueur ait le plus petit total.",
           "House rule: extra rounds are played until one player alone has the lowest total.",
           "Manches supplémentaires", "Extra rounds"),
    fixed_house_rule("first_player", "youngest_then_rotate", "Qui commence ?", "Who starts?",
           "Règle maison : le plus jeune (sinon la première place) commence la première manche, puis le "
           "premier joueur tourne dans le sens du jeu.",
           "House rule: the youngest (else the first seat) starts the first round, then the first player "
           "moves on in playing order.",
           "Le plus jeune, puis à tour de rôle", "The youngest, then in turn"),
))

S, F, H = RuleSource.SPEC, RuleSource.FACT, RuleSource.HOUSE
RULES = RuleBook((
    Rule("goal.fewest_points", "Terminez avec le moins de points possible à la fin de toutes les manches.",
         "Finish with as few points as possible at the end of all the rounds."),
    Rule("players.three_to_six", "De 3 à 6 joueurs.", "3 to 6 players."),
    Rule("material.dominoes", "45 Cartes Dominos (chiffres blancs).", "45 Domino cards (white digits)."),
    Rule("material.mosquitoes", "10 Cartes Moustique (chiffres rouges).", "10 Mosquito cards (red digits)."),
    Rule("material.nets", "10 Cartes Moustiquaire (chiffres noirs).", "10 Net cards (black digits)."),
    Rule("material.total", "Total : 65 cartes.", "Total: 65 cards."),
    Rule("setup.shuffle", "Mélangez les cartes.", "Shuffle the cards."),
    Rule("setup.deal_seven", "Distribuez 7 cartes à chaque joueur.", "Deal 7 cards to each player."),
    Rule("setup.turn_one", "Placez le reste du paquet au centre de la table et retournez une carte.",
         "Put the rest of the deck in the middle of the table and turn one card up."),
    Rule("turn.counter_clockwise", "Le jeu se déroule dans le sens inverse des aiguilles d'une montre.",
         "Play goes counter-clockwise (on screen: down the list of players)."),
    Rule("turn.one_action", "Pendant votre tour, vous pouvez faire l'une des actions suivantes.",
         "On your turn, you do one of the following actions."),
    Rule("play.domino_match",
         "Vous pouvez jouer une Carte Dominos qui correspond à l'un des chiffres de la carte au sommet "
         "de la pile de défausse, peu importe la position.",
         "You may play a Domino card that matches one of the digits of the top card of the discard pile, "
         "in any position."),
    Rule("play.domino_example",
         "Si la carte au sommet est un 6/5, vous pouvez jouer une carte qui comporte un 6 ou un 5, peu "
         "importe la position (comme 5/3 ou 7/6).",
         "If the top card is 6/5, you may play a card with a 6 or a 5 in any position (such as 5/3 or 7/6)."),
    Rule("play.multi_same_position",
         "Si vous voulez jouer plusieurs cartes, les chiffres doivent correspondre à la même position que "
         "sur la carte au sommet de la pile de défausse.",
         "To play several cards, the digits must match in the same position as on the top card."),
    Rule("play.multi_example",
         "Si la carte au sommet est un 6/5, pour jouer plusieurs cartes, elles doivent avoir un 6 en position "
         "supérieure (comme 6/3, 6/4, 6/2) ; pas 8/6, car le 6 est en position inférieure, ni 7/5, car vous "
         "avez choisi le 6.",
         "If the top card is 6/5, several cards must all have a 6 on top (such as 6/3, 6/4, 6/2); not 8/6, "
         "whose 6 is below, nor 7/5, since you chose the 6."),
    Rule("play.multi_no_mix",
         "Vous ne pouvez pas jouer plusieurs cartes si les chiffres ne correspondent pas à la même position.",
         "You cannot play several cards whose digits do not match in the same position."),
    Rule("play.mosquito_match",
         "Carte Moustique : son chiffre doit correspondre à l'un des chiffres de la carte au sommet de la pile.",
         "Mosquito card: its digit must match one of the digits of the top card."),
    Rule("play.net_any_time", "Carte Moustiquaire : joker, vous pouvez la jouer à tout moment.",
         "Net card: a joker, you may play it at any time (on your turn, whatever the top card)."),
    Rule("play.net_next_digit",
         "Le joueur suivant doit jouer une carte avec le même chiffre que la Carte Moustiquaire.",
         "The next player must play a card with the same digit as the Net card."),
    Rule("turn.draw_if_stuck", "Si vous ne pouvez pas jouer : piochez une carte du paquet.",
         "If you cannot play: draw a card from the deck (then only that card may be played)."),
    Rule("turn.pass_after_draw", "Si vous ne pouvez pas la jouer, passez votre tour.",
         "If you cannot play it, pass your turn (if you can, play it)."),
    Rule("call.moustique",
         "S'il ne vous reste qu'une seule carte, vous devez crier « Moustique ! » avant qu'un autre joueur "
         "ne le fasse.",
         "With one card left, you must call 'Moustique!' before another player catches you."),
    Rule("call.caught_draws", "Si vous échouez, vous devez piocher une carte.", "If you fail, you draw one card."),
    Rule("plaf.everyone_slaps",
         "Quand quelqu'un joue une Carte Moustique, tout le monde doit frapper avec la bonne main.",
         "When someone plays a Mosquito card, everyone must slap with the correct hand (once; play waits "
         "for the race)."),
    Rule("plaf.even_right", "Chiffres pairs (0, 2, 4, 6, 8) : frappez avec la main droite.",
         "Even digits (0, 2, 4, 6, 8): slap with the right hand."),
    Rule("plaf.odd_left", "Chiffres impairs (1, 3, 5, 7, 9) : frappez avec la main gauche.",
         "Odd digits (1, 3, 5, 7, 9): slap with the left hand."),
    Rule("plaf.fastest_none", "Le plus rapide à frapper ne pioche aucune carte.",
         "The fastest to slap draws no card."),
    Rule("plaf.others_one", "Les autres piochent 1 carte.", "The others draw 1 card."),
    Rule("plaf.slowest_two", "Le plus lent en pioche 2.", "The slowest draws 2."),
    Rule("plaf.wrong_hand", "Si vous frappez avec la mauvaise main, vous piochez 3 cartes.",
         "Slap with the wrong hand: draw 3 cards."),
    Rule("plaf.false_slap", "Si vous frappez alors que ce n'est pas une carte Moustique, vous piochez 3 cartes.",
         "Slap when it is not a Mosquito card: draw 3 cards."),
    Rule("plaf.draw_order",
         "L'ordre pour piocher va du dernier à frapper jusqu'au second, jusqu'à ce qu'il ne reste plus de cartes.",
         "Penalty cards are drawn from the slowest up to the second, until no card is left."),
    Rule("deck.empty_no_draw", "Si le paquet est vide, personne ne peut piocher d'autres cartes.",
         "When the deck is empty, nobody can draw any more cards."),
    Rule("deck.empty_take",
         "Si le paquet est vide et qu'un joueur joue une Carte Moustique, le dernier à frapper doit prendre une "
         "carte au joueur qui a joué la Carte Moustique.",
         "If the deck is empty when a Mosquito card is played, the slowest takes one card from the player "
         "who played it."),
    Rule("round.empty_hand", "La manche se termine lorsqu'un joueur n'a plus de cartes.",
         "The round ends when a player has no cards left."),
    Rule("round.blocked", "La manche se termine lorsque personne ne peut plus jouer de cartes.",
         "The round ends when nobody can play any more."),
    Rule("score.minus_ten", "Le joueur qui n'a plus de cartes obtient -10 points.",
         "The player with no cards left scores -10 points."),
    Rule("score.hand_sum", "Les autres additionnent les points des cartes qu'ils ont en main.",
         "The others add up the points of the cards in their hand."),
    Rule("score.domino", "Cartes Dominos : additionnez la valeur des deux chiffres (5/2 = 7 points).",
         "Domino cards: add the two digits (5/2 = 7 points)."),
    Rule("score.mosquito", "Cartes Moustique : elles valent le chiffre indiqué.",
         "Mosquito cards: worth their digit."),
    Rule("score.net", "Cartes Moustiquaire : elles valent 10 points.", "Net cards: worth 10 points."),
    Rule("end.rounds", "Jouez un nombre déterminé de manches : 4, 8 ou 12, à vous de choisir.",
         "Play a set number of rounds: 4, 8 or 12, your choice."),
    Rule("end.lowest_wins", "Le joueur avec le moins de points à la fin de toutes les manches gagne.",
         "The player with the fewest points after all the rounds wins."),
    Rule("end.tie_extra", "Égalité ? Une manche supplémentaire pour départager le gagnant !",
         "A tie? One more round to find the winner!"),
    Rule("fact.domino_pairs",
         "Les 45 Dominos sont toutes les paires de deux chiffres différents, le plus grand en haut (de 1/0 à 9/8).",
         "The 45 Dominoes are every pair of two different digits, the higher one on top (from 1/0 to 9/8).", F),
    Rule("house.card_list", "Il y a un Moustique et une Moustiquaire de chaque chiffre, de 0 à 9.",
         "There is one Mosquito card and one Net card of each digit 0 to 9.", H, "card_list"),
    Rule("house.after_net",
         "Après une Moustiquaire (ou un Moustique), seul son chiffre compte ; plusieurs Dominos doivent "
         "l'avoir à la même position.",
         "After a Net (or a Mosquito card) only its digit counts; several Dominoes must hold it in the same "
         "position.", H, "after_net"),
    Rule("house.special_alone",
         "Un Moustique ne se joue jamais avec des Dominos ; une Moustiquaire se joue seule.",
         "A Mosquito card is never played with Dominoes; a Net is played alone.", H, "special_cards"),
    Rule("house.multi_top",
         "Avec plusieurs Dominos, le joueur choisit l'ordre : le dernier posé est la carte du sommet.",
         "With several Dominoes the player chooses the order: the last one laid is the top card.", H, "multi_top"),
    Rule("house.slap_window",
         "La course se ferme quand tout le monde a frappé, ou après le temps choisi (3 s) ; les tapes se "
         "classent par temps, à égalité par ordre d'arrivée.",
         "The race closes when everyone has slapped, or after the chosen time (3 s); slaps rank by time, "
         "ties by order of arrival.", H, "slap_window_ms"),
    Rule("house.no_slap_slowest",
         "Qui n'a pas frappé à la fermeture compte comme le plus lent ; on pioche : mauvaises mains, puis ceux "
         "qui n'ont pas frappé, puis du plus lent au second.",
         "Whoever has not slapped at the close counts as slowest; drawing order: wrong hands, then those who "
         "did not slap, then from the slowest to the second.", H, "race_ranking"),
    Rule("house.take_card", "Paquet vide : la carte prise au poseur est tirée au hasard.",
         "Deck empty: the card taken from the layer is picked at random.", H, "take_card"),
    Rule("house.blocked_round",
         "« Personne ne peut jouer » : le paquet est vide et chaque joueur, à son tour, a passé.",
         "'Nobody can play': the deck is empty and every player in turn has passed.", H, "blocked_round"),
    Rule("house.tie_extra_rounds",
         "Égalité après la dernière manche : on rejoue jusqu'à ce qu'un seul joueur ait le plus petit total.",
         "A tie after the last round: extra rounds until one player alone has the lowest total.", H, "tie_break"),
    Rule("house.first_player",
         "Le plus jeune commence la première manche, puis le premier joueur tourne dans le sens du jeu.",
         "The youngest starts the first round, then the first player moves on in playing order.", H,
         "first_player"),
    Rule("house.first_card",
         "La carte retournée reste : un Moustique ou une Moustiquaire ne vaut que son chiffre, sans course PLAF!.",
         "The card turned up stays: a Mosquito or Net card is just its digit, with no PLAF! race.", H,
         "first_card"),
    Rule("house.layer_in_race",
         "Celui qui pose le Moustique frappe aussi, comme tout le monde.",
         "Whoever lays the Mosquito card slaps too, like everyone.", H, "layer_in_race"),
    Rule("house.late_slap",
         "Une tape après la course, le Moustique encore visible, ne compte pas.",
         "A slap after the race, with the Mosquito card still showing, has no effect.", H, "late_slap"),
    Rule("house.call_window",
         "On peut attraper un joueur à une carte jusqu'à la fin du tour du joueur suivant.",
         "A player with one card can be caught until the end of the next player's turn.", H, "call_window"),
))
