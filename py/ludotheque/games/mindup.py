"""Mind Up!: every player secretly picks a card, the cards are revealed and sorted, and the
k-th lowest card played takes the k-th lowest card of the centre row.

Rules: ../shared/rules/mindup.fr.txt and DECISIONS.md. The choice of a card is
simultaneous: while a turn is open, ``to_act()`` lists every seat that has not
chosen yet, and each choice is its own move ``play/<card>`` (``0:play/23``). The
last choice of a turn reveals all of them at once (inside ``_apply``), hands out
the centre cards, and, when every hand is down to one card, ends the round:
the last card is placed, the round is scored, captured cards go back to their
owner's hand with one drawn card, and a new score-card order is used.

A player's score strip is five score cards, left to right, each with the stack of
main cards laid on it. A captured card goes on the score card that already holds
its colour, else on the first free score card from the left. As there are five
colours and five score cards, a card can always be placed (asserted in `place`).
"""
from __future__ import annotations

from enum import Enum
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..core.engine import Engine, Move
from ..core.errors import BadMove, BadSetup, IllegalMove
from ..core.options import Option, OptionSet, fixed_house_rule
from ..core.rulebook import Rule, RuleBook, RuleSource
from .mindup_data import (
    ALL_CARDS, BLUE, BONUS, COLOUR, COLOUR_NAMES, COLOURS, GREEN, OBJECTIVES, ORANGE, PINK, PURPLE,
    SCORE_VALUES, objective_mate,
)

ROUNDS = 3
FIRST_HAND = 7
STRIP = 5  # score cards per player

Strip = List[List[int]]  # five stacks of main cards, left to right, each bottom first


class Phase(str, Enum):
    CHOOSE = "choose"
    OVER = "over"


# -- pure helpers (shared with the bot) ------------------------------------------------

def place(strip: Strip, card: int) -> int:
    """Lay `card` on `strip` as the rules say; return the index (0 = leftmost) of its score card."""
    colour = COLOUR[card]
    for j, stack in enumerate(strip):
        if stack and COLOUR[stack[0]] == colour:
            stack.append(card)
            return j
    for j, stack in enumerate(strip):
        if not stack:
            stack.append(card)
            return j
    # Each score card holds one colour and there are as many colours as score cards,
    # so a sixth colour cannot exist: a card always finds its place.
    raise AssertionError("no free score card for a new colour")


def colour_counts(strip: Strip) -> List[int]:
    counts = [0] * 5
    for stack in strip:
        if stack:
            counts[COLOUR[stack[0]]] += len(stack)
    return counts


def colour_values(strip: Strip, order: Sequence[int]) -> Tuple[List[int], int]:
    """(value of the score card holding each colour, 0 if none; colour of the rightmost used card, -1 if none)."""
    values = [0] * 5
    last = -1
    for j, stack in enumerate(strip):
        if stack:
            values[COLOUR[stack[0]]] = order[j]
            last = COLOUR[stack[0]]
    return values, last


def objective_met(obj: int, counts: Sequence[int], values: Sequence[int], last: int,
                  everyone: Sequence[Sequence[int]]) -> bool:
    """Whether a player with these colour `counts`, colour `values` (score card under each colour,
    0 if absent) and rightmost colour `last` meets objective `obj`; `everyone` = every player's
    counts (the player included). "Nobody has fewer/more than you" holds for every tied player."""
    if obj == 1:
        return counts[ORANGE] in (1, 3)
    if obj == 2:
        return values[ORANGE] in (1, 2)
    if obj == 3:
        return counts[BLUE] in (2, 4)
    if obj == 4:
        return max(counts) <= counts[BLUE]
    if obj == 5:
        return min(c[PINK] for c in everyone) >= counts[PINK]
    if obj == 6:
        return max(c[PINK] for c in everyone) <= counts[PINK]
    if obj == 7:
        return last == GREEN
    if obj == 8:
        return values[GREEN] in (4, 5)
    if obj == 9:
        return counts[PURPLE] >= counts[ORANGE]
    if obj == 10:
        return max(c[PURPLE] for c in everyone) <= counts[PURPLE]
    if obj == 11:
        return all(counts)
    if obj == 12:
        return sum(1 for c in counts if c) == 3
    if obj == 13:
        return 3 in counts
    if obj == 14:
        return 4 in counts
    raise ValueError(f"unknown objective {obj}")


def score_strips(strips: Sequence[Strip], order: Sequence[int], objectives: Sequence[int]) -> List[Dict[str, Any]]:
    """The round's breakdown for every player: each card scores the value of its score card plus
    its own bonus/malus; then each objective in play adds its points to those who meet it."""
    everyone = [colour_counts(s) for s in strips]
    out = []
    for seat, strip in enumerate(strips):
        stacks = []
        for j, stack in enumerate(strip):
            stacks.append({
                "value": order[j],
                "colour": COLOURS[COLOUR[stack[0]]] if stack else None,
                "cards": list(stack),
                "bonuses": [BONUS[c] for c in stack],
                "points": sum(order[j] + BONUS[c] for c in stack),
            })
        card_points = sum(s["points"] for s in stacks)
        values, last = colour_values(strip, order)
        objs = []
        for obj in objectives:
            met = objective_met(obj, everyone[seat], values, last, everyone)
            pts, fr, en = OBJECTIVES[obj]
            objs.append({"id": obj, "fr": fr, "en": en, "met": met, "points": pts if met else 0})
        out.append({
            "strip": stacks,
            "counts": dict(zip(COLOURS, everyone[seat])),
            "card_points": card_points,
            "objectives": objs,
            "points": card_points + sum(o["points"] for o in objs),
        })
    return out


def draw_objective_plan(rng, per_round: int, refill: str) -> List[List[int]]:
    """The objective cards in play in each round (a list per round), drawn from a shuffled deck.

    Each round the cards in play are discarded and replaced by new ones from the deck. A card
    whose pair-mate is already among the new ones is set aside and goes back on top of the deck
    (still unseen) once the draw is done. When the deck runs out: "reshuffle" shuffles the
    discards into a new deck; "keep" leaves the current cards in play if the deck cannot supply
    `per_round` cards of different pairs."""
    if per_round <= 0:
        return [[] for _ in range(ROUNDS)]
    deck = rng.shuffled(list(OBJECTIVES))
    discard: List[int] = []
    in_play: List[int] = []
    plan: List[List[int]] = []
    for r in range(ROUNDS):
        if r > 0:
            if refill == "keep" and len({(c + 1) // 2 for c in deck}) < per_round:
                plan.append(list(in_play))
                continue
            discard += in_play
        new: List[int] = []
        skipped: List[int] = []
        while len(new) < per_round:
            if not deck:
                assert discard, "objective deck exhausted"
                deck = rng.shuffled(discard)
                discard = []
            card = deck.pop(0)
            (skipped if objective_mate(card) in new else new).append(card)
        deck = skipped + deck
        in_play = new
        plan.append(list(new))
    return plan


# -- options and rules -------------------------------------------------------------------

OPTIONS = OptionSet((
    Option(
        name="objectives",
        default=0,
        label_fr="Cartes Objectif bonus en jeu (variante)",
        label_en="Bonus objective cards in play (variant)",
        help_fr="0 = sans la variante ; de 1 à 5 cartes Objectif, remplacées à chaque manche.",
        help_en="0 = without the variant; 1 to 5 objective cards, replaced every round.",
        minimum=0,
        maximum=5,
    ),
    Option(
        name="objective_refill",
        default="reshuffle",
        label_fr="Pioche Objectif épuisée",
        label_en="Objective deck runs out",
        help_fr=("Règle maison : la règle ne dit pas quoi faire quand il ne reste plus assez de cartes "
                 "Objectif nouvelles (avec 5 cartes en jeu, 15 seraient nécessaires pour 14 cartes) ; "
                 "on remélange les cartes déjà sorties."),
        help_en=("House rule: the rules do not say what to do when too few new objective cards are left "
                 "(5 in play would need 15 of the 14 cards); the used cards are reshuffled."),
        choices=("reshuffle", "keep"),
        choice_labels={
            "reshuffle": ("Remélanger les cartes sorties", "Reshuffle the used cards"),
            "keep": ("Garder les cartes en jeu", "Keep the cards in play"),
        },
        house_rule=True,
    ),
    fixed_house_rule(
        "final_tie", "shared",
        "Égalité parfaite", "Complete tie",
        ("Règle maison : si l'égalité persiste après la dernière manche, "
                 "la victoire est partagée."),
        "House rule: if the tie remains after the last round, the victory is shared.",
        "Victoire partagée", "Shared victory",
    ),
))

S, F, H = RuleSource.SPEC, RuleSource.FACT, RuleSource.HOUSE
_OBJECTIVE_RULES = tuple(
    Rule(f"objective.{i}", f"Objectif {i} : {fr}", f"Objective {i}: {en}", F)
    for i, (_, fr, en) in OBJECTIVES.items()
)
RULES = RuleBook((
    Rule("players.count", "Mind Up ! se joue de 3 à 6 joueurs.", "Mind Up! is for 3 to 6 players."),
    Rule("goal.most_points", "L'objectif du jeu consiste à accumuler le plus grand nombre de points possible.",
         "The goal is to gather as many points as possible."),
    Rule("material.main_cards", "60 cartes principales numérotées de 1 à 60, réparties en 5 couleurs différentes.",
         "60 main cards numbered 1 to 60, in 5 colours."),
    Rule("material.score_cards", "30 cartes de score, réparties en 6 groupes différents.",
         "30 score cards in 6 sets."),
    Rule("material.objectives", "14 cartes Objectif bonus.", "14 bonus objective cards."),
    Rule("setup.shuffle", "Mélangez les cartes principales pour former une pioche, face cachée.",
         "Shuffle the main cards into a face-down draw pile."),
    Rule("setup.deal", "Distribuez 7 cartes à chaque joueur pour constituer leur main.",
         "Deal 7 cards to each player as their hand."),
    Rule("setup.centre_row", ("Alignez, face visible, un nombre de cartes principales égal au nombre de joueurs, "
                              "dans l'ordre croissant : ce sont les cartes à gagner."),
         "Lay face up as many main cards as there are players, in increasing order: the cards to win."),
    Rule("setup.score_cards", "Chaque joueur reçoit 5 cartes Score valant de 1 à 5 points.",
         "Each player gets 5 score cards worth 1 to 5 points."),
    Rule("setup.unused_score_cards", "Rangez les cartes Score inutilisées.", "Put the unused score cards away."),
    Rule("setup.score_order_random", ("Un joueur désigné au hasard révèle ses cartes Score une à une, "
                                      "en commençant par la gauche."),
         "A random player reveals their score cards one by one, from the left."),
    Rule("setup.score_order_common", "Les autres joueurs alignent leurs cartes Score dans l'ordre annoncé.",
         "The other players line up their score cards in the announced order."),
    Rule("play.three_rounds", "Une partie de Mind Up est divisée en 3 manches.", "A game has 3 rounds."),
    Rule("play.rounds_of_turns", "Chaque manche est constituée de plusieurs tours de jeu.",
         "Each round has several turns."),
    Rule("play.win_centre_cards", "À chaque tour, tous les joueurs s'efforcent de remporter des cartes au centre.",
         "Every turn, all players try to win cards from the centre."),
    Rule("turn.choose_secretly", ("Tous les joueurs choisissent simultanément une carte de leur main et la placent "
                                  "face cachée devant eux."),
         "All players at once choose a card from their hand and lay it face down."),
    Rule("turn.reveal_sorted", ("Une fois que tous les joueurs ont choisi, retournez les cartes et disposez-les en "
                                "ordre croissant sous la ligne des cartes à gagner."),
         "Once everyone has chosen, reveal the cards and lay them in increasing order below the centre row."),
    Rule("turn.take_above", "Chaque joueur prend la carte située au-dessus de celle qu'il a posée.",
         "Each player takes the card above the one they played."),
    Rule("place.on_score_card", "Chaque carte récupérée est posée sur une des cartes Score du joueur.",
         "Each card taken is laid on one of the player's score cards."),
    Rule("place.same_colour", ("Si des cartes de la même couleur sont déjà sur une carte Score, la carte récupérée "
                               "est placée par-dessus."),
         "If cards of the same colour already lie on a score card, the card goes on top of them."),
    Rule("place.first_free", ("Sinon, elle est placée sur la première carte Score libre à gauche."),
         "Otherwise it goes on the first free score card from the left."),
    Rule("place.overlap_visible", "Les cartes superposées restent visibles de tous, dans l'ordre.",
         "Stacked cards stay visible to all, in order."),
    Rule("turn.played_become_centre", "À la fin du tour, les cartes jouées deviennent les cartes à gagner.",
         "At the end of a turn, the cards played become the cards to win."),
    Rule("round.end_one_card", "Une manche se termine lorsque chaque joueur n'a plus qu'une seule carte en main.",
         "A round ends when every player has a single card left in hand."),
    Rule("round.last_card_placed", "La dernière carte de la main est placée sur une carte Score comme si elle avait été remportée.",
         "The last card in hand is laid on a score card as if it had been won."),
    Rule("round.then_score", "Ensuite, procédez au décompte des points.", "Then score the round."),
    Rule("score.each_player", "À la fin d'une manche, chaque joueur calcule les points qu'il a gagnés.",
         "At the end of a round, each player works out their points."),
    Rule("score.per_score_card", ("Le décompte s'effectue par carte Score : chaque carte posée vaut la valeur de la "
                                  "carte Score sous elle."),
         "Scoring goes score card by score card: each card is worth the value of the score card under it."),
    Rule("score.sum", "Additionnez l'ensemble des points accumulés.", "Add up all the points."),
    Rule("score.bonus_malus", "Prenez en compte les éventuels bonus et malus des cartes.",
         "Count the cards' bonuses and penalties."),
    Rule("score.sheet", "Notez le score de chaque joueur sur une feuille.", "Write each player's score down."),
    Rule("new_round.centre_stays", "Laissez les cartes à gagner sur la table.", "Leave the cards to win on the table."),
    Rule("new_round.take_back", "Chaque joueur récupère les cartes placées sur ses cartes Score.",
         "Each player takes back the cards on their score cards."),
    Rule("new_round.draw_one", "Chaque joueur pioche une carte, qui s'ajoute à sa main.",
         "Each player draws a card into their hand."),
    Rule("new_round.hand_grows", "À chaque nouvelle manche, la main de chaque joueur augmente d'une carte (7, 8 puis 9).",
         "Each new round, every hand grows by one card (7, 8, then 9)."),
    Rule("new_round.new_order", "Les cartes Score sont mélangées pour déterminer un nouvel ordre, commun à tous.",
         "The score cards are shuffled into a new order, the same for everyone."),
    Rule("end.after_three", "La partie se conclut à la fin de la troisième manche.", "The game ends after the third round."),
    Rule("end.total", "Chaque joueur additionne les points des trois manches.", "Each player adds up their three rounds."),
    Rule("end.highest_wins", "Le joueur ayant le score le plus élevé remporte la partie.",
         "The highest score wins."),
    Rule("end.tie_last_round", ("En cas d'égalité, la victoire revient au joueur ayant réalisé le meilleur score "
                                "lors de la dernière manche."),
         "On a tie, the best score in the last round wins."),
    Rule("variant.shuffle", "Variante : mélangez les cartes Objectif bonus.", "Variant: shuffle the objective cards."),
    Rule("variant.reveal_each_round", "En début de chaque manche, révélez une carte Objectif et placez-la au centre.",
         "At the start of each round, reveal an objective card and put it in the centre."),
    Rule("variant.apply", ("Au décompte, les joueurs qui remplissent la condition de la carte ajoutent ou retirent "
                           "des points comme elle l'indique."),
         "When scoring, players who meet the card's condition add or lose the points it says."),
    Rule("variant.replace", "Ensuite, remplacez la carte Objectif bonus par une nouvelle carte.",
         "Then replace the objective card with a new one."),
    Rule("variant.max_five", "On peut jouer avec plusieurs cartes Objectif, 5 au plus en même temps.",
         "You may play with several objective cards, at most 5 at a time."),
    Rule("fact.colours", ("Couleurs : orange 1 8 15 16 23 30 31 38 45 46 53 60 ; rose 2 6 10 19 27 29 32 34 42 51 55 59 ; "
                          "bleu 3 13 18 21 24 28 33 37 40 43 48 58 ; vert 4 5 12 14 17 25 36 44 47 49 56 57 ; "
                          "violet 7 9 11 20 22 26 35 39 41 50 52 54."),
         ("Colours: orange 1 8 15 16 23 30 31 38 45 46 53 60; pink 2 6 10 19 27 29 32 34 42 51 55 59; "
          "blue 3 13 18 21 24 28 33 37 40 43 48 58; green 4 5 12 14 17 25 36 44 47 49 56 57; "
          "purple 7 9 11 20 22 26 35 39 41 50 52 54."), F),
    Rule("fact.bonus", ("Bonus/malus des cartes : -1, 0, +1, +2, +1, 0 pour les cartes 1 à 6, puis la même suite "
                        "pour chaque groupe de six jusqu'à 30 (7 à 12, 13 à 18…) ; de 31 à 60, en miroir : "
                        "60 comme 1, 59 comme 2, 58 comme 3, et ainsi de suite."),
         ("Card bonus/malus: -1, 0, +1, +2, +1, 0 for cards 1 to 6, then the same again for every six cards "
          "up to 30 (7 to 12, 13 to 18…); from 31 to 60 it mirrors them: 60 like 1, 59 like 2, 58 like 3, "
          "and so on."), F),
    Rule("fact.card_points", ("Chaque carte posée rapporte la valeur de sa carte Score plus son propre bonus/malus ; "
                              "toutes les cartes comptent."),
         "Every card laid scores its score card's value plus its own bonus/malus; every card counts.", F),
    Rule("fact.objective_pairs", "Les deux cartes d'une paire (1-2, 3-4, ..., 13-14) ne sont jamais en jeu ensemble.",
         "The two cards of a pair (1-2, 3-4, ..., 13-14) are never in play together.", F),
    Rule("fact.objective_ties", ("« Personne n'a moins (ou plus) que toi » : tous les joueurs à égalité au plus "
                                 "bas (ou au plus haut) remplissent la condition."),
         "'Nobody has fewer (or more) than you': every player tied lowest (or highest) meets it.", F),
    *_OBJECTIVE_RULES,
    Rule("house.objective_refill", ("Quand la pioche Objectif ne fournit plus assez de cartes nouvelles, on remélange "
                                    "les cartes déjà sorties."),
         "When the objective deck cannot supply enough new cards, the used cards are reshuffled.",
         H, "objective_refill"),
    Rule("house.final_tie", "Si l'égalité persiste après la dernière manche, la victoire est partagée.",
         "If the tie remains after the last round, the victory is shared.", H, "final_tie"),
))


def _colour_name(colour: Optional[str], lang: str) -> str:
    if colour is None:
        return "-"
    fr, en = COLOUR_NAMES[colour]
    return fr if lang == "fr" else en


class MindUpEngine(Engine):
    GAME_ID = "mindup"
    RULES_VERSION = 1
    MIN_SEATS = 3
    MAX_SEATS = 6
    OPTIONS = OPTIONS
    RULES = RULES
    NAME_FR = "Mind Up !"
    NAME_EN = "Mind Up!"

    # -- set-up -----------------------------------------------------------------
    def setup(self) -> None:
        n = len(self.seats)
        k = int(self.options["objectives"])
        explicit = self._explicit(self.deck, n, k) if self.deck is not None else {}
        cards = explicit.get("cards")
        if cards is None:
            cards = self.rng.shuffled(list(ALL_CARDS))
        orders = explicit.get("orders")
        if orders is None:
            orders = [self.rng.shuffled(list(SCORE_VALUES)) for _ in range(ROUNDS)]
        plan = explicit.get("objectives")
        if plan is None:
            plan = draw_objective_plan(self.rng, k, self.options["objective_refill"])
        self.orders: List[List[int]] = [list(o) for o in orders]
        self.objective_plan: List[List[int]] = [list(p) for p in plan]
        self.hands: List[List[int]] = [sorted(cards[FIRST_HAND * s:FIRST_HAND * (s + 1)]) for s in range(n)]
        self.centre: List[int] = sorted(cards[FIRST_HAND * n:FIRST_HAND * n + n])
        self.draw: List[int] = list(cards[FIRST_HAND * n + n:])  # top first
        self.strips: List[Strip] = [[[] for _ in range(STRIP)] for _ in range(n)]
        self.known: List[List[int]] = [[] for _ in range(n)]  # cards everyone saw go back to a hand
        self.chosen: List[Optional[int]] = [None] * n
        self.round = 1
        self.turn = 1
        self.phase = Phase.CHOOSE
        self.last_reveal: List[Dict[str, Any]] = []
        self.rounds: List[Dict[str, Any]] = []  # one scored round each, public
        self.start_hands: List[List[int]] = [len(h) for h in self.hands]

    @staticmethod
    def _explicit(deck: Any, n: int, k: int) -> Dict[str, Any]:
        """`deck` = {"cards": [60 numbers, top first], "orders": [[5 values] x 3], "objectives": [[k ids] x 3]}
        ("orders" and "objectives" optional: drawn from the seed when missing; a bare list = "cards").
        The cards are dealt in blocks: seat 0 gets the first 7, seat 1 the next 7, ..., then the
        centre row gets the next n cards, and the rest is the draw pile, top first."""
        if isinstance(deck, list):
            deck = {"cards": deck}
        bad = BadSetup(
            "Paquet explicite invalide : il faut {\"cards\": [les 60 cartes, chacune une fois], \"orders\": "
            "[3 ordres de 1 à 5], \"objectives\": [3 listes d'objectifs]}.",
            "Invalid explicit deck: expected {\"cards\": [all 60 cards once each], \"orders\": [3 orders of 1..5], "
            "\"objectives\": [3 lists of objectives]}.",
        )
        if not isinstance(deck, dict) or set(deck) - {"cards", "orders", "objectives"}:
            raise bad
        out: Dict[str, Any] = {}
        def ints(xs: Any) -> bool:
            return isinstance(xs, list) and all(type(x) is int for x in xs)

        cards = deck.get("cards")
        if cards is not None:
            if not ints(cards) or sorted(cards) != list(ALL_CARDS):
                raise bad
            out["cards"] = list(cards)
        orders = deck.get("orders")
        if orders is not None:
            if (not isinstance(orders, list) or len(orders) != ROUNDS
                    or any(not ints(o) or sorted(o) != list(SCORE_VALUES) for o in orders)):
                raise bad
            out["orders"] = orders
        plan = deck.get("objectives")
        if plan is not None:
            if not isinstance(plan, list) or len(plan) != ROUNDS:
                raise bad
            for objs in plan:
                if (not ints(objs) or len(objs) != k or len(set(objs)) != k
                        or any(o not in OBJECTIVES or objective_mate(o) in objs for o in objs)):
                    raise bad
            out["objectives"] = plan
        return out

    # -- queries ------------------------------------------------------------------
    def to_act(self) -> List[int]:
        if self.phase is Phase.OVER:
            return []
        return [s for s, c in enumerate(self.chosen) if c is None]

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def legal_moves(self, seat: Optional[int] = None) -> List[Move]:
        acting = self.to_act()
        seats = acting if seat is None else [seat] if seat in acting else []
        return [Move(s, f"play/{c}") for s in seats for c in self.hands[s]]

    @staticmethod
    def _card(move: Move) -> int:
        verb, _, arg = move.action.partition("/")
        if verb == "play" and arg.isdigit() and 1 <= int(arg) <= 60 and str(int(arg)) == arg:
            return int(arg)
        raise BadMove(move.action, "play/<carte 1..60>")

    def check(self, move: Move) -> None:
        card = self._card(move)
        if card not in self.hands[move.seat]:
            raise IllegalMove(
                "turn.choose_secretly",
                f"La carte {card} n'est pas dans ta main.",
                f"Card {card} is not in your hand.",
            )

    def objectives_in_play(self) -> List[int]:
        return list(self.objective_plan[self.round - 1]) if self.options["objectives"] else []

    def order(self) -> List[int]:
        """Values of the score cards, left to right, this round (the same for every player)."""
        return self.orders[self.round - 1]

    # -- moves ----------------------------------------------------------------------
    def _apply(self, move: Move) -> None:
        card = self._card(move)
        self.hands[move.seat].remove(card)
        self.chosen[move.seat] = card
        if all(c is not None for c in self.chosen):
            self._reveal()

    def _reveal(self) -> None:
        plays = sorted((c, s) for s, c in enumerate(self.chosen))  # type: ignore[misc]
        order = self.order()
        reveal = []
        for (card, seat), took in zip(plays, self.centre):
            j = place(self.strips[seat], took)
            reveal.append({"seat": seat, "played": card, "took": took, "placed_on": j, "value": order[j]})
            if card in self.known[seat]:
                self.known[seat].remove(card)
        self.centre = [c for c, _ in plays]
        self.last_reveal = reveal
        self.chosen = [None] * len(self.seats)
        self.turn += 1
        if all(len(h) == 1 for h in self.hands):
            self._end_round()

    def _end_round(self) -> None:
        order = self.order()
        last_cards = []
        for seat, hand in enumerate(self.hands):
            card = hand.pop()
            j = place(self.strips[seat], card)
            last_cards.append({"seat": seat, "card": card, "placed_on": j, "value": order[j]})
            self.known[seat] = []
        objectives = self.objectives_in_play()
        self.rounds.append({
            "round": self.round,
            "order": list(order),
            "objectives": objectives,
            "last_cards": last_cards,
            "players": score_strips(self.strips, order, objectives),
        })
        if self.round == ROUNDS:
            self.phase = Phase.OVER
            return
        for seat, strip in enumerate(self.strips):
            back = sorted(c for stack in strip for c in stack)
            self.known[seat] = list(back)
            self.hands[seat] = back
            self.strips[seat] = [[] for _ in range(STRIP)]
        for hand in self.hands:
            hand.append(self.draw.pop(0))
            hand.sort()
        self.round += 1
        self.turn = 1
        self.start_hands = [len(h) for h in self.hands]

    # -- scoring --------------------------------------------------------------------
    def round_scores(self) -> List[List[int]]:
        """Points of each seat in each round scored so far."""
        return [[r["players"][s]["points"] for r in self.rounds] for s in range(len(self.seats))]

    def totals(self) -> List[int]:
        return [sum(r) for r in self.round_scores()]

    def _winner(self) -> Tuple[Any, Optional[str]]:
        totals = self.totals()
        best = max(totals)
        tied = [s for s, t in enumerate(totals) if t == best]
        if len(tied) == 1:
            return tied[0], None
        last = {s: self.rounds[-1]["players"][s]["points"] for s in tied}
        top = max(last.values())
        tied = [s for s in tied if last[s] == top]
        if len(tied) == 1:
            return tied[0], "last_round"
        return tied, "shared"

    def result(self) -> Dict[str, Any]:
        if not self.is_over():
            raise IllegalMove("game.not_over", "La partie n'est pas finie.", "The game is not over.")
        winner, tiebreak = self._winner()
        out: Dict[str, Any] = {
            "scores": self.totals(),
            "round_scores": self.round_scores(),
            "winner": winner,
            "tiebreak": tiebreak,
            "rounds": [dict(r) for r in self.rounds],
        }
        out["steps"] = self._explain(winner, tiebreak)
        return out

    def _explain(self, winner: Any, tiebreak: Optional[str]) -> List[Dict[str, str]]:
        names = [s.name for s in self.seats]
        steps: List[Dict[str, str]] = []
        for rnd in self.rounds:
            r = rnd["round"]
            order = " ".join(str(v) for v in rnd["order"])
            steps.append({
                "fr": f"Manche {r} : cartes Score dans l'ordre {order}.",
                "en": f"Round {r}: score cards in the order {order}.",
            })
            for seat, p in enumerate(rnd["players"]):
                parts_fr, parts_en = [], []
                for st in p["strip"]:
                    if not st["cards"]:
                        continue
                    cards = ", ".join(f"{c} ({b:+d})" for c, b in zip(st["cards"], st["bonuses"]))
                    n = len(st["cards"])
                    parts_fr.append(f"carte Score {st['value']} ({_colour_name(st['colour'], 'fr')}) : "
                                    f"{n} × {st['value']} + bonus de {cards} = {st['points']}")
                    parts_en.append(f"score card {st['value']} ({_colour_name(st['colour'], 'en')}): "
                                    f"{n} × {st['value']} + bonuses of {cards} = {st['points']}")
                for o in p["objectives"]:
                    parts_fr.append(f"objectif {o['id']} « {o['fr']} » : "
                                    + (f"{o['points']:+d}" if o["met"] else "non rempli, 0"))
                    parts_en.append(f"objective {o['id']} '{o['en']}': "
                                    + (f"{o['points']:+d}" if o["met"] else "not met, 0"))
                steps.append({
                    "fr": f"Manche {r}, {names[seat]} : " + " ; ".join(parts_fr) + f". Total de la manche : {p['points']}.",
                    "en": f"Round {r}, {names[seat]}: " + "; ".join(parts_en) + f". Round total: {p['points']}.",
                })
        totals = self.totals()
        rs = self.round_scores()
        steps.append({
            "fr": "Totaux : " + ", ".join(f"{names[s]} {' + '.join(map(str, rs[s]))} = {totals[s]}" for s in range(len(names))) + ".",
            "en": "Totals: " + ", ".join(f"{names[s]} {' + '.join(map(str, rs[s]))} = {totals[s]}" for s in range(len(names))) + ".",
        })
        if tiebreak is None:
            steps.append({"fr": f"{names[winner]} gagne la partie !", "en": f"{names[winner]} wins the game!"})
        elif tiebreak == "last_round":
            steps.append({
                "fr": f"Égalité au total : {names[winner]} a le meilleur score de la dernière manche et gagne la partie.",
                "en": f"Tied totals: {names[winner]} has the best last-round score and wins the game.",
            })
        else:
            who = ", ".join(names[s] for s in winner)
            steps.append({
                "fr": f"Égalité au total et dans la dernière manche : victoire partagée entre {who}.",
                "en": f"Tied in total and in the last round: a shared victory for {who}.",
            })
        return steps

    # -- what people see ------------------------------------------------------------
    def secrets_marker(self, seat: int) -> Any:
        """The choices stay secret until the move that completes a turn reveals them all."""
        return (self.round, self.turn, self.is_over())

    def describe_move(self, move: Move, seat: Optional[int] = None) -> Dict[str, str]:
        """A choice in words, before it is applied; the card stays secret until the reveal
        (only its chooser, as ``seat``, reads which card it was)."""
        card = self._card(move)
        name = self.seats[move.seat].name
        out = {"fr": f"{name} pose une carte face cachée.", "en": f"{name} lays a card face down."}
        if seat is not None and seat == move.seat:
            out = {"fr": f"{name} pose le {card} face cachée.", "en": f"{name} lays the {card} face down."}
        if [s for s, c in enumerate(self.chosen) if c is None] == [move.seat]:
            out["fr"] += " Toutes les cartes sont révélées."
            out["en"] += " All cards are revealed."
        return out

    def strip_view(self, seat: int) -> List[Dict[str, Any]]:
        order = self.order()
        return [
            {"value": order[j], "colour": COLOURS[COLOUR[st[0]]] if st else None, "cards": list(st)}
            for j, st in enumerate(self.strips[seat])
        ]

    def view(self, seat: Optional[int] = None) -> Dict[str, Any]:
        n = len(self.seats)
        out: Dict[str, Any] = {
            "game": self.GAME_ID,
            "phase": self.phase.value,
            "to_act": self.to_act(),
            "seats": [s.to_dict() for s in self.seats],
            "over": self.is_over(),
            "move_count": len(self.moves),
            "round": self.round,
            "rounds_total": ROUNDS,
            "turn": self.turn,
            "turns_in_round": self.start_hands[0] - 1,
            "centre": list(self.centre),
            "score_order": list(self.order()),
            "objectives": [
                {"id": o, "points": OBJECTIVES[o][0], "fr": OBJECTIVES[o][1], "en": OBJECTIVES[o][2]}
                for o in self.objectives_in_play()
            ],
            "has_chosen": [c is not None for c in self.chosen],
            "hand_counts": [len(self.hands[s]) + (self.chosen[s] is not None) for s in range(n)],
            "known_in_hand": [sorted(k) for k in self.known],
            "strips": [self.strip_view(s) for s in range(n)],
            "draw_count": len(self.draw),
            "round_scores": self.round_scores(),
            "totals": self.totals(),
            "last_reveal": [dict(r) for r in self.last_reveal],
            "rounds": [dict(r) for r in self.rounds],
            "hand": None,
            "chosen": None,
        }
        if seat is not None:
            hand = list(self.hands[seat])
            if self.chosen[seat] is not None:
                out["chosen"] = self.chosen[seat]
            out["hand"] = hand
        if self.is_over():
            out["result"] = self.result()
        return out

    @classmethod
    def describe(cls) -> Dict[str, Any]:
        out = super().describe()
        out["cards"] = {str(n): {"colour": COLOURS[COLOUR[n]], "bonus": BONUS[n]} for n in ALL_CARDS}
        out["objective_cards"] = {str(i): {"points": p, "fr": fr, "en": en} for i, (p, fr, en) in OBJECTIVES.items()}
        return out
