"""One test per rule of Mind Up! (MindUpEngine.RULES), each from a precise position."""
from __future__ import annotations

import json
import os
from typing import Dict, List, Optional, Sequence

import pytest

from ludotheque.core.errors import BadSetup, IllegalMove
from ludotheque.core.messages import say
from ludotheque.core.record import Record
from ludotheque.games.mindup import MindUpEngine, draw_objective_plan, place, score_strips
from ludotheque.games.mindup_data import BONUS, CARDS_BY_COLOUR, COLOUR, COLOURS, OBJECTIVES, objective_mate
from ludotheque.core.rng import Rng
from ludotheque.games.replay import replay

from builders import seats as table

NAMES = ["Ana", "Bea", "Cyd", "Dan", "Eva", "Fil"]
PLAIN = [1, 2, 3, 4, 5]
GOLDEN = os.path.join(os.path.dirname(__file__), "..", "golden", "mindup")


def make(hands: Sequence[Sequence[int]], centre: Sequence[int], draw: Sequence[int] = (),
         orders: Optional[List[List[int]]] = None, objectives=None, options=None) -> MindUpEngine:
    """An engine dealt exactly: hands (7 cards each), centre row, then the draw pile top first."""
    used = [c for h in hands for c in h] + list(centre) + list(draw)
    assert len(set(used)) == len(used)
    cards = used + [c for c in range(1, 61) if c not in used]
    deck: Dict = {"cards": cards, "orders": orders or [PLAIN, [5, 4, 3, 2, 1], [2, 4, 1, 3, 5]]}
    if objectives is not None:
        deck["objectives"] = objectives
    return MindUpEngine(table(len(hands), names=NAMES), options=options, deck=deck)


def turn(engine: MindUpEngine, *cards: int) -> None:
    for seat, card in enumerate(cards):
        engine.play(f"{seat}:play/{card}")


def play_lowest(engine: MindUpEngine, turns: int = 1) -> None:
    for _ in range(turns):
        turn(engine, *[engine.hands[s][0] for s in range(len(engine.seats))])


def finish(engine: MindUpEngine) -> None:
    while not engine.is_over():
        play_lowest(engine)


def strip(*cards: int) -> List[List[int]]:
    out: List[List[int]] = [[] for _ in range(5)]
    for c in cards:
        place(out, c)
    return out


def objective_points(obj: int, strips, order=PLAIN) -> List[int]:
    return [p["objectives"][0]["points"] for p in score_strips(strips, order, [obj])]


# Scenario A: three players, the centre 12 25 47 (all green).
H0 = [1, 8, 15, 40, 44, 50, 58]
H1 = [2, 3, 6, 9, 11, 13, 14]
H2 = [53, 54, 55, 56, 57, 59, 60]
CENTRE = [47, 12, 25]  # given unsorted: the engine lays it out in increasing order
DRAW = [31, 32, 33, 34, 35, 36]


def scenario(**kw) -> MindUpEngine:
    return make([H0, H1, H2], CENTRE, DRAW, **kw)


def scenario_three_turns() -> MindUpEngine:
    e = scenario()
    turn(e, 40, 3, 55)   # 3 -> 12, 40 -> 25, 55 -> 47
    turn(e, 44, 2, 56)   # 2 -> 3, 44 -> 40, 56 -> 55
    turn(e, 50, 6, 57)   # 6 -> 2, 50 -> 44, 57 -> 56
    return e


def scenario_round_one() -> MindUpEngine:
    e = scenario_three_turns()
    play_lowest(e, 3)  # 1/9/53, 8/11/54, 15/13/59
    return e


def load_golden(name: str) -> MindUpEngine:
    with open(os.path.join(GOLDEN, name), encoding="utf-8") as fh:
        return replay(Record.from_json(fh.read()))


def random_game(seed: int, seats: int = 3, options=None) -> MindUpEngine:
    e = MindUpEngine(table(seats, names=NAMES), options=options, seed=seed)
    rng = Rng(seed + 1)
    while not e.is_over():
        e.apply(rng.choice(e.legal_moves()))
    return e


# -- players, goal, material ------------------------------------------------------------

def test_rule_players_count():
    """Mind Up ! se joue de 3 à 6 joueurs."""
    for n in (2, 7):
        with pytest.raises(BadSetup):
            MindUpEngine([{"name": NAMES[i % 6] + str(i)} for i in range(n)], seed=1)
    for n in (3, 6):
        assert len(MindUpEngine(table(n, names=NAMES), seed=1).to_act()) == n


def test_rule_goal_most_points():
    """L'objectif du jeu consiste à accumuler le plus grand nombre de points possible."""
    e = random_game(3)
    r = e.result()
    assert r["winner"] == max(range(3), key=lambda s: r["scores"][s])
    assert r["scores"][r["winner"]] == max(r["scores"])


def test_rule_material_main_cards():
    """60 cartes principales numérotées de 1 à 60, réparties en 5 couleurs différentes."""
    e = MindUpEngine(table(3, names=NAMES), seed=4)
    cards = [c for h in e.hands for c in h] + e.centre + e.draw
    assert sorted(cards) == list(range(1, 61))
    assert {COLOUR[c] for c in cards} == set(range(5)) and len(COLOURS) == 5


def test_rule_material_score_cards():
    """30 cartes de score, réparties en 6 groupes différents."""
    e = MindUpEngine(table(6, names=NAMES), seed=4)
    strips = e.view(None)["strips"]
    assert len(strips) == 6
    assert sum(len(s) for s in strips) == 30
    assert all(sorted(sc["value"] for sc in s) == [1, 2, 3, 4, 5] for s in strips)


def test_rule_material_objectives():
    """14 cartes Objectif bonus."""
    assert sorted(OBJECTIVES) == list(range(1, 15))
    assert len(MindUpEngine.describe()["objective_cards"]) == 14
    assert all(abs(p) == 2 for p in OBJECTIVES.values())


# -- set-up ---------------------------------------------------------------------------------

def test_rule_setup_shuffle():
    """Mélangez les cartes principales pour former une pioche, face cachée."""
    deals = {tuple(MindUpEngine(table(3, names=NAMES), seed=s).hands[0]) for s in range(5)}
    assert len(deals) == 5
    v = MindUpEngine(table(3, names=NAMES), seed=1).view(None)
    assert v["draw_count"] == 60 - 3 * 7 - 3 and "draw" not in v


def test_rule_setup_deal():
    """Distribuez 7 cartes à chaque joueur pour constituer leur main."""
    e = scenario()
    assert [e.view(s)["hand"] for s in range(3)] == [sorted(H0), sorted(H1), sorted(H2)]
    assert e.view(None)["hand_counts"] == [7, 7, 7]
    assert e.view(None)["draw_count"] == 60 - 21 - 3 and e.draw[:3] == [31, 32, 33]
    for bad in ({"cards": list(range(1, 60))}, {"cards": list(range(1, 61)), "orders": [[1, 2, 3, 4]] * 3}, [0] * 60):
        with pytest.raises(BadSetup):
            MindUpEngine(table(3, names=NAMES), deck=bad)


def test_rule_setup_centre_row():
    """Alignez, face visible, autant de cartes que de joueurs, dans l'ordre croissant."""
    assert scenario().view(None)["centre"] == [12, 25, 47]
    e = MindUpEngine(table(5, names=NAMES), seed=9)
    centre = e.view(None)["centre"]
    assert len(centre) == 5 and centre == sorted(centre)


def test_rule_setup_score_cards():
    """Chaque joueur reçoit 5 cartes Score valant de 1 à 5 points."""
    v = scenario().view(None)
    for s in v["strips"]:
        assert sorted(sc["value"] for sc in s) == [1, 2, 3, 4, 5]
        assert all(sc["cards"] == [] for sc in s)


def test_rule_setup_unused_score_cards():
    """Rangez les cartes Score inutilisées."""
    assert len(scenario().view(None)["strips"]) == 3
    assert len(MindUpEngine(table(4, names=NAMES), seed=2).view(None)["strips"]) == 4


def test_rule_setup_score_order_random():
    """Un joueur désigné au hasard révèle ses cartes Score une à une, en commençant par la gauche."""
    orders = {tuple(MindUpEngine(table(3, names=NAMES), seed=s).view(None)["score_order"])
              for s in range(12)}
    assert len(orders) > 3
    assert all(sorted(o) == [1, 2, 3, 4, 5] for o in orders)
    e = scenario(orders=[[3, 1, 5, 2, 4], PLAIN, PLAIN])
    assert e.view(None)["score_order"] == [3, 1, 5, 2, 4]


def test_rule_setup_score_order_common():
    """Les autres joueurs alignent leurs cartes Score dans l'ordre annoncé."""
    e = MindUpEngine(table(4, names=NAMES), seed=8)
    v = e.view(None)
    for s in v["strips"]:
        assert [sc["value"] for sc in s] == v["score_order"]


# -- how a game and a turn go ------------------------------------------------------------

def test_rule_play_three_rounds():
    """Une partie de Mind Up est divisée en 3 manches."""
    e = scenario()
    rounds_seen = set()
    while not e.is_over():
        rounds_seen.add(e.view(None)["round"])
        play_lowest(e)
    assert rounds_seen == {1, 2, 3} and len(e.result()["rounds"]) == 3


def test_rule_play_rounds_of_turns():
    """Chaque manche est constituée de plusieurs tours de jeu."""
    e = scenario()
    turns = []
    while e.view(None)["round"] == 1:
        turns.append(e.view(None)["turn"])
        play_lowest(e)
    assert turns == [1, 2, 3, 4, 5, 6]
    assert e.view(None)["turn"] == 1 and e.view(None)["turns_in_round"] == 7


def test_rule_play_win_centre_cards():
    """À chaque tour, tous les joueurs s'efforcent de remporter des cartes au centre."""
    e = scenario()
    turn(e, 40, 3, 55)
    taken = sorted(c for s in e.view(None)["strips"] for sc in s for c in sc["cards"])
    assert taken == [12, 25, 47]


def test_rule_turn_choose_secretly():
    """Tous les joueurs choisissent simultanément une carte de leur main et la placent face cachée."""
    e = scenario()
    assert e.to_act() == [0, 1, 2]
    with pytest.raises(IllegalMove) as exc:
        e.play("0:play/2")  # card 2 is in Bea's hand, not Ana's
    assert exc.value.rule == "turn.choose_secretly"
    e.play("1:play/3")
    assert e.to_act() == [0, 2]
    with pytest.raises(IllegalMove) as exc:
        e.play("1:play/6")
    assert exc.value.rule == "game.turn"
    # Ana sees that Bea has chosen, not what; Bea sees her own choice.
    v0, v1 = e.view(0), e.view(1)
    assert v0["has_chosen"] == [False, True, False] and v0["chosen"] is None
    assert v1["chosen"] == 3 and 3 not in v1["hand"]
    twin = scenario()
    twin.play("1:play/13")
    assert twin.view(0) == v0 and twin.view(2) == e.view(2) and twin.view(None) == e.view(None)
    assert twin.view(1) != v1
    assert "3" not in say(e.describe_move(e.legal_moves(0)[0]), "en").replace("Ana", "")
    assert say(e.describe_move(e.legal_moves(0)[0], 0), "en") == f"Ana lays the {e.hands[0][0]} face down."
    assert say(e.describe_move(e.legal_moves(0)[0], 0), "fr") == f"Ana pose le {e.hands[0][0]} face cachée."


def test_rule_turn_reveal_sorted():
    """Une fois que tous les joueurs ont choisi, retournez les cartes et disposez-les en ordre croissant."""
    e = scenario()
    e.play("0:play/40")
    e.play("1:play/3")
    assert e.view(None)["last_reveal"] == [] and e.view(None)["centre"] == [12, 25, 47]
    e.play("2:play/55")
    reveal = e.view(None)["last_reveal"]
    assert [r["played"] for r in reveal] == [3, 40, 55]
    assert [r["seat"] for r in reveal] == [1, 0, 2]


def test_rule_turn_take_above():
    """Chaque joueur prend la carte située au-dessus de celle qu'il a posée."""
    e = scenario()
    turn(e, 40, 3, 55)
    took = {r["seat"]: r["took"] for r in e.view(None)["last_reveal"]}
    assert took == {1: 12, 0: 25, 2: 47}
    # The lowest card takes the lowest centre card even when it is higher than it.
    turn(e, 1, 2, 53)  # 1 (Ana) -> 3, 2 (Bea) -> 40, 53 (Cyd) -> 55
    took = {r["seat"]: r["took"] for r in e.view(None)["last_reveal"]}
    assert took == {0: 3, 1: 40, 2: 55}


def test_rule_place_on_score_card():
    """Chaque carte récupérée est posée sur une des cartes Score du joueur."""
    e = scenario()
    turn(e, 40, 3, 55)
    strips = e.view(None)["strips"]
    assert strips[0][0]["cards"] == [25] and strips[1][0]["cards"] == [12] and strips[2][0]["cards"] == [47]
    assert {r["seat"]: r["placed_on"] for r in e.view(None)["last_reveal"]} == {0: 0, 1: 0, 2: 0}


def test_rule_place_same_colour():
    """Si des cartes de la même couleur sont déjà sur une carte Score, la carte récupérée est placée par-dessus."""
    e = scenario_three_turns()
    ana = e.view(None)["strips"][0]
    assert ana[0]["cards"] == [25, 44] and ana[0]["colour"] == "green"
    assert [r for r in e.view(None)["last_reveal"] if r["seat"] == 0][0]["placed_on"] == 0


def test_rule_place_first_free():
    """Sinon, elle est placée sur la première carte Score libre à gauche."""
    e = scenario()
    turn(e, 40, 3, 55)
    turn(e, 44, 2, 56)  # Ana takes 40, blue: a new colour, on the second score card
    ana = e.view(None)["strips"][0]
    assert ana[1]["cards"] == [40] and ana[1]["colour"] == "blue"
    assert [sc["cards"] for sc in ana[2:]] == [[], [], []]
    # Five colours, five score cards: a new colour always finds a free one.
    s = strip(1, 2, 3, 4, 7)
    assert [len(st) for st in s] == [1, 1, 1, 1, 1]
    assert place(s, 60) == 0


def test_rule_place_overlap_visible():
    """Les cartes superposées restent visibles de tous, dans l'ordre."""
    e = scenario_three_turns()
    for seat in (None, 1, 2):
        assert e.view(seat)["strips"][0][0]["cards"] == [25, 44]


def test_rule_turn_played_become_centre():
    """À la fin du tour, les cartes jouées deviennent les cartes à gagner."""
    e = scenario()
    turn(e, 40, 3, 55)
    assert e.view(None)["centre"] == [3, 40, 55]


# -- end of a round, scoring -----------------------------------------------------------------

def test_rule_round_end_one_card():
    """Une manche se termine lorsque chaque joueur n'a plus qu'une seule carte en main."""
    e = scenario_three_turns()
    play_lowest(e, 2)
    assert e.view(None)["round"] == 1 and e.view(None)["hand_counts"] == [2, 2, 2]
    play_lowest(e)
    assert e.view(None)["round"] == 2 and len(e.view(None)["rounds"]) == 1


def test_rule_round_last_card_placed():
    """La dernière carte de la main est placée sur une carte Score comme si elle avait été remportée."""
    e = scenario_round_one()
    rnd = e.view(None)["rounds"][0]
    assert rnd["last_cards"][0] == {"seat": 0, "card": 58, "placed_on": 1, "value": 2}
    assert rnd["players"][0]["strip"][1]["cards"] == [40, 58]  # 58 is blue, like 40


def test_rule_round_then_score():
    """Ensuite, procédez au décompte des points."""
    e = scenario_round_one()
    ana = e.view(None)["rounds"][0]["players"][0]
    # green 25 44 on 1, blue 40 58 on 2, pink 6 on 3, orange 1 on 4, purple 11 on 5
    assert [sc["cards"] for sc in ana["strip"]] == [[25, 44], [40, 58], [6], [1], [11]]
    assert ana["points"] == (2 * 1 + 0) + (2 * 2 + 2) + (3 + 0) + (4 - 1) + (5 + 1) == 20


def test_rule_score_each_player():
    """À la fin d'une manche, chaque joueur calcule les points qu'il a gagnés."""
    e = scenario_round_one()
    players = e.view(None)["rounds"][0]["players"]
    assert len(players) == 3
    assert all(sum(len(sc["cards"]) for sc in p["strip"]) == 7 for p in players)


def test_rule_score_per_score_card():
    """Le décompte s'effectue par carte Score : chaque carte posée vaut la valeur de la carte Score sous elle."""
    [p] = score_strips([strip(12, 14, 4)], [3, 1, 2, 4, 5], [])  # three greens on the 3
    assert p["strip"][0]["points"] == 3 * 3 + (0 + 0 + 2)
    [p] = score_strips([strip(12, 14, 4)], [5, 1, 2, 4, 3], [])
    assert p["strip"][0]["points"] == 3 * 5 + 2


def test_rule_score_sum():
    """Additionnez l'ensemble des points accumulés."""
    [p] = score_strips([strip(12, 18, 20)], PLAIN, [])  # green on 1, blue on 2, purple on 3
    assert [sc["points"] for sc in p["strip"]] == [1, 2, 3, 0, 0]
    assert p["card_points"] == p["points"] == 6


def test_rule_score_bonus_malus():
    """Prenez en compte les éventuels bonus et malus des cartes."""
    [p] = score_strips([strip(4)], PLAIN, [])     # green 4: +2
    assert p["points"] == 1 + 2
    [p] = score_strips([strip(1)], PLAIN, [])     # orange 1: -1
    assert p["points"] == 0
    [p] = score_strips([strip(60, 1)], [5, 4, 3, 2, 1], [])
    assert p["strip"][0]["bonuses"] == [-1, -1] and p["points"] == 8


def test_rule_score_sheet():
    """Notez le score de chaque joueur sur une feuille."""
    e = scenario_round_one()
    v = e.view(None)
    assert v["round_scores"][0] == [20] and len(v["round_scores"]) == 3
    assert v["totals"] == [rs[0] for rs in v["round_scores"]]


# -- new round ----------------------------------------------------------------------------------

def test_rule_new_round_centre_stays():
    """Laissez les cartes à gagner sur la table."""
    e = scenario_round_one()
    assert e.view(None)["centre"] == [13, 15, 59]  # the last turn's plays


def test_rule_new_round_take_back():
    """Chaque joueur récupère les cartes placées sur ses cartes Score."""
    e = scenario_round_one()
    assert set([1, 6, 11, 25, 40, 44, 58]) <= set(e.view(0)["hand"])
    assert all(sc["cards"] == [] for s in e.view(None)["strips"] for sc in s)
    assert e.view(2)["known_in_hand"][0] == [1, 6, 11, 25, 40, 44, 58]


def test_rule_new_round_draw_one():
    """Chaque joueur pioche une carte, qui s'ajoute à sa main."""
    e = scenario_round_one()
    assert e.view(0)["hand"] == [1, 6, 11, 25, 31, 40, 44, 58]
    assert 32 in e.view(1)["hand"] and 33 in e.view(2)["hand"]
    assert e.view(None)["draw_count"] == 60 - 24 - 3
    assert 31 not in e.view(1)["known_in_hand"][0]


def test_rule_new_round_hand_grows():
    """À chaque nouvelle manche, la main de chaque joueur augmente d'une carte (7, 8 puis 9)."""
    e = scenario()
    sizes = {}
    while not e.is_over():
        v = e.view(None)
        if v["turn"] == 1:
            sizes[v["round"]] = v["hand_counts"]
        play_lowest(e)
    assert sizes == {1: [7, 7, 7], 2: [8, 8, 8], 3: [9, 9, 9]}


def test_rule_new_round_new_order():
    """Les cartes Score sont mélangées pour déterminer un nouvel ordre, commun à tous."""
    e = scenario()
    assert e.view(None)["score_order"] == PLAIN
    play_lowest(e, 6)
    v = e.view(None)
    assert v["score_order"] == [5, 4, 3, 2, 1]
    assert all([sc["value"] for sc in s] == [5, 4, 3, 2, 1] for s in v["strips"])
    assert v["rounds"][0]["order"] == PLAIN


# -- end of the game -------------------------------------------------------------------------

def test_rule_end_after_three():
    """La partie se conclut à la fin de la troisième manche."""
    e = scenario()
    play_lowest(e, 6 + 7 + 7)
    assert not e.is_over() and e.view(None)["round"] == 3
    play_lowest(e)
    assert e.is_over() and e.to_act() == [] and e.legal_moves() == []
    with pytest.raises(IllegalMove) as exc:
        e.play(f"0:play/{e.view(None)['centre'][0]}")
    assert exc.value.rule == "game.over"


def test_rule_end_total():
    """Chaque joueur additionne les points des trois manches."""
    e = scenario_round_one()
    finish(e)
    r = e.result()
    assert r["scores"] == [sum(rs) for rs in r["round_scores"]]
    assert all(len(rs) == 3 for rs in r["round_scores"])
    assert r["round_scores"][0][0] == 20


def test_rule_end_highest_wins():
    """Le joueur ayant le score le plus élevé remporte la partie."""
    e = load_golden("selfplay_3p_normal.json")
    r = e.result()
    assert r["scores"] == [91, 91, 97] and r["winner"] == 2 and r["tiebreak"] is None


def test_rule_end_tie_last_round():
    """En cas d'égalité, la victoire revient au joueur ayant réalisé le meilleur score lors de la dernière manche."""
    e = load_golden("tie_last_round.json")
    r = e.result()
    assert r["scores"][1] == r["scores"][2] == max(r["scores"])
    assert r["round_scores"][1][2] < r["round_scores"][2][2]
    assert r["winner"] == 2 and r["tiebreak"] == "last_round"
    assert "last-round" in say(r["steps"][-1], "en")


# -- the objectives variant ---------------------------------------------------------------------

def test_rule_variant_shuffle():
    """Variante : mélangez les cartes Objectif bonus."""
    plans = {json.dumps(MindUpEngine(table(3, names=NAMES), options={"objectives": 2}, seed=s).objective_plan)
             for s in range(8)}
    assert len(plans) > 4
    assert MindUpEngine(table(3, names=NAMES), seed=1).view(None)["objectives"] == []


def test_rule_variant_reveal_each_round():
    """En début de chaque manche, révélez une carte Objectif et placez-la au centre."""
    e = scenario(options={"objectives": 1}, objectives=[[4], [9], [14]])
    assert [o["id"] for o in e.view(None)["objectives"]] == [4]
    assert say(e.view(1)["objectives"][0]["text"], "en") == "+2 if no colour of yours has more cards than blue."
    play_lowest(e, 6)
    assert [o["id"] for o in e.view(None)["objectives"]] == [9]


def test_rule_variant_apply():
    """Au décompte, les joueurs qui remplissent la condition ajoutent ou retirent les points qu'elle indique."""
    # Ana's round-1 strip (test_rule_round_then_score) has all five colours: objective 11 gives +2.
    e = scenario(options={"objectives": 2}, objectives=[[11, 2], [1, 3], [5, 7]])
    turn(e, 40, 3, 55)
    turn(e, 44, 2, 56)
    turn(e, 50, 6, 57)
    play_lowest(e, 3)
    ana = e.view(None)["rounds"][0]["players"][0]
    assert ana["card_points"] == 20
    objs = {o["id"]: o for o in ana["objectives"]}
    assert objs[11]["met"] and objs[11]["points"] == 2 and say(objs[11]["text"], "fr") == "+2 si tu as des cartes des cinq couleurs."
    assert not objs[2]["met"] and objs[2]["points"] == 0  # orange lies on the 4
    assert ana["points"] == 22
    finish(e)
    assert any("objectif 11" in say(s, "fr") and "+2" in say(s, "fr") for s in e.result()["steps"])


def test_rule_variant_replace():
    """Ensuite, remplacez la carte Objectif bonus par une nouvelle carte."""
    for seed in range(20):
        plan = MindUpEngine(table(3, names=NAMES), options={"objectives": 2}, seed=seed).objective_plan
        assert len(plan) == 3 and all(len(p) == 2 for p in plan)
        seen = [o for p in plan for o in p]
        assert len(set(seen)) == 6  # always new cards (6 of the 14 suffice)


def test_rule_variant_max_five():
    """On peut jouer avec plusieurs cartes Objectif, 5 au plus en même temps."""
    with pytest.raises(BadSetup):
        MindUpEngine(table(3, names=NAMES), options={"objectives": 6}, seed=1)
    e = MindUpEngine(table(3, names=NAMES), options={"objectives": 5}, seed=1)
    assert len(e.view(None)["objectives"]) == 5
    assert all(len(p) == 5 for p in e.objective_plan)


# -- facts --------------------------------------------------------------------------------------

def test_rule_fact_colours():
    """Couleurs : orange 1 8 15 16 23 30 31 38 45 46 53 60 ; rose 2 6 10 19 ... ; violet 7 9 11 20 ..."""
    assert [c for c in range(1, 61) if COLOUR[c] == COLOURS.index("orange")] == \
        [1, 8, 15, 16, 23, 30, 31, 38, 45, 46, 53, 60]
    assert list(CARDS_BY_COLOUR["pink"]) == [2, 6, 10, 19, 27, 29, 32, 34, 42, 51, 55, 59]
    assert list(CARDS_BY_COLOUR["blue"]) == [3, 13, 18, 21, 24, 28, 33, 37, 40, 43, 48, 58]
    assert list(CARDS_BY_COLOUR["green"]) == [4, 5, 12, 14, 17, 25, 36, 44, 47, 49, 56, 57]
    assert list(CARDS_BY_COLOUR["purple"]) == [7, 9, 11, 20, 22, 26, 35, 39, 41, 50, 52, 54]
    assert MindUpEngine.describe()["cards"]["23"] == {"colour": "orange", "bonus": 1}


def test_rule_fact_bonus():
    """Bonus/malus de la carte n : (-1, 0, +1, +2, +1, 0) en (n - 1) mod 6 jusqu'à 30, en n mod 6 dès 31."""
    assert [BONUS[n] for n in range(1, 13)] == [-1, 0, 1, 2, 1, 0, -1, 0, 1, 2, 1, 0]
    assert [BONUS[n] for n in range(31, 37)] == [0, 1, 2, 1, 0, -1]
    assert all(BONUS[n] == BONUS[61 - n] for n in range(1, 61))
    assert sum(BONUS[1:]) == 30


def test_rule_fact_card_points():
    """Chaque carte posée rapporte la valeur de sa carte Score plus son propre bonus/malus."""
    s = strip(1, 2, 3, 4, 7, 8, 6)  # orange, pink, blue, green, purple, then orange and pink
    [p] = score_strips([s], [2, 4, 1, 3, 5], [])
    assert p["points"] == (2 - 1) + (4 + 0) + (1 + 1) + (3 + 2) + (5 - 1) + (2 + 0) + (4 + 0) == 22


def test_rule_fact_objective_pairs():
    """Les deux cartes d'une paire (1-2, 3-4, ..., 13-14) ne sont jamais en jeu ensemble."""
    for seed in range(40):
        for k in (3, 5):
            for refill in ("reshuffle", "keep"):
                for objs in draw_objective_plan(Rng(seed), k, refill):
                    assert len(objs) == k and not any(objective_mate(o) in objs for o in objs)
    with pytest.raises(BadSetup):
        scenario(options={"objectives": 2}, objectives=[[3, 4], [1, 5], [7, 9]])


def test_rule_fact_objective_ties():
    """« Personne n'a moins (ou plus) que toi » : tous les joueurs à égalité au plus bas (ou au plus haut)."""
    tied = [strip(2, 4), strip(6, 5), strip(10, 19, 12)]   # pink 1, 1, 2
    assert objective_points(5, tied) == [-2, -2, 0]
    assert objective_points(6, [strip(2, 6), strip(10, 19), strip(27, 4)]) == [2, 2, 0]
    none = [strip(4), strip(5), strip(12)]                  # nobody has pink: everyone is lowest and highest
    assert objective_points(5, none) == [-2, -2, -2]
    assert objective_points(6, none) == [2, 2, 2]


# -- the fourteen objective cards ---------------------------------------------------------------

def test_rule_objective_1():
    """Objectif 1 : +2 si tu as exactement 1 ou 3 cartes orange."""
    assert objective_points(1, [strip(1, 4), strip(1 + 7, 15, 16, 4), strip(23, 30, 4)]) == [2, 2, 0]
    assert objective_points(1, [strip(4)]) == [0]


def test_rule_objective_2():
    """Objectif 2 : -2 si tes cartes orange sont sur la carte Score 1 ou 2."""
    assert objective_points(2, [strip(1, 4), strip(4, 1), strip(4, 2, 1)], [1, 2, 3, 4, 5]) == [-2, -2, 0]
    assert objective_points(2, [strip(4, 1)], [5, 4, 3, 2, 1]) == [0]
    assert objective_points(2, [strip(4)], [1, 2, 3, 4, 5]) == [0]


def test_rule_objective_3():
    """Objectif 3 : +2 si tu as exactement 2 ou 4 cartes bleues."""
    blue = CARDS_BY_COLOUR["blue"]
    got = objective_points(3, [strip(*blue[:k], 4) for k in range(6)])
    assert got == [0, 0, 2, 0, 2, 0]


def test_rule_objective_4():
    """Objectif 4 : +2 si aucune couleur n'a plus de cartes que le bleu chez toi."""
    assert objective_points(4, [strip(3, 13, 4, 5), strip(3, 4, 5), strip(3, 13, 4), strip(4)]) == [2, 0, 2, 0]


def test_rule_objective_5():
    """Objectif 5 : -2 si personne n'a moins de cartes roses que toi."""
    assert objective_points(5, [strip(2, 6, 4), strip(10, 4), strip(19, 27, 29)]) == [0, -2, 0]


def test_rule_objective_6():
    """Objectif 6 : +2 si personne n'a plus de cartes roses que toi."""
    assert objective_points(6, [strip(2, 6, 4), strip(10, 4), strip(19, 27, 29)]) == [0, 0, 2]


def test_rule_objective_7():
    """Objectif 7 : +2 si la carte Score occupée la plus à droite porte du vert."""
    assert objective_points(7, [strip(1, 4), strip(4, 1), strip(4), strip(1, 4, 5, 12)]) == [2, 0, 2, 2]


def test_rule_objective_8():
    """Objectif 8 : +2 si tes cartes vertes sont sur la carte Score 4 ou 5."""
    assert objective_points(8, [strip(4), strip(1, 4), strip(1, 2, 4), strip(1)], [4, 5, 1, 2, 3]) == [2, 2, 0, 0]


def test_rule_objective_9():
    """Objectif 9 : +2 si tu as au moins autant de cartes violettes qu'orange."""
    assert objective_points(9, [strip(4), strip(7, 1), strip(7, 1, 8), strip(7, 9, 1)]) == [2, 2, 0, 2]


def test_rule_objective_10():
    """Objectif 10 : -2 si personne n'a plus de cartes violettes que toi."""
    assert objective_points(10, [strip(7, 9), strip(11, 20), strip(22, 4)]) == [-2, -2, 0]


def test_rule_objective_11():
    """Objectif 11 : +2 si tu as des cartes des cinq couleurs."""
    assert objective_points(11, [strip(1, 2, 3, 4, 7), strip(1, 2, 3, 4, 5)]) == [2, 0]


def test_rule_objective_12():
    """Objectif 12 : +2 si tu as des cartes d'exactement trois couleurs."""
    assert objective_points(12, [strip(1, 2, 3, 8), strip(1, 2), strip(1, 2, 3, 4)]) == [2, 0, 0]


def test_rule_objective_13():
    """Objectif 13 : -2 si l'une de tes couleurs compte exactement 3 cartes."""
    assert objective_points(13, [strip(1, 8, 15, 2), strip(1, 8, 15, 16), strip(1, 8)]) == [-2, 0, 0]


def test_rule_objective_14():
    """Objectif 14 : +2 si l'une de tes couleurs compte exactement 4 cartes."""
    assert objective_points(14, [strip(1, 8, 15, 16, 2), strip(1, 8, 15), strip(1, 8, 15, 16, 23)]) == [2, 0, 0]


# -- house rules -----------------------------------------------------------------------------------

def test_rule_house_objective_refill():
    """Quand la pioche Objectif ne fournit plus assez de cartes nouvelles, on remélange les cartes déjà sorties."""
    for seed in range(10):
        plan = draw_objective_plan(Rng(seed), 5, "reshuffle")
        assert all(len(p) == 5 for p in plan)
        assert len(set(plan[0]) | set(plan[1])) == 10          # round 2: five new cards
        assert set(plan[2]) & (set(plan[0]) | set(plan[1]))    # round 3: 15 > 14, some come back
        kept = draw_objective_plan(Rng(seed), 5, "keep")
        assert kept[0] == plan[0] and kept[1] == plan[1] and kept[2] == kept[1]
    e = MindUpEngine(table(3, names=NAMES), options={"objectives": 5, "objective_refill": "keep"}, seed=3)
    assert e.objective_plan[2] == e.objective_plan[1]


def test_rule_house_final_tie():
    """Si l'égalité persiste après la dernière manche, la victoire est partagée."""
    e = load_golden("tie_shared.json")
    r = e.result()
    assert r["scores"][1] == r["scores"][2] == max(r["scores"])
    assert r["round_scores"][1][2] == r["round_scores"][2][2]
    assert r["winner"] == [1, 2] and r["tiebreak"] == "shared"
    assert "shared victory" in say(r["steps"][-1], "en") and "victoire partagée" in say(r["steps"][-1], "fr")
    assert e.view(0)["result"]["winner"] == [1, 2]


def test_every_rule_has_a_test():
    names = set(globals())
    missing = [r for r in MindUpEngine.RULES.ids()
               if "test_rule_" + r.replace(".", "_").replace("-", "_") not in names]
    assert missing == []
