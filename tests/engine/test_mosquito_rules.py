"""One test per rule of Mosquito PLAF! (ids of MosquitoEngine.RULES), named after it.

Seats: Alice (0), Bruno (1), Chloé (2), David (3) are listed counter-clockwise, so play goes
0 -> 1 -> 2 -> ... Unless said otherwise Alice starts. Cards: "65" is the Domino 6/5, "M7" the
Mosquito 7, "N3" the Net 3.
"""
from __future__ import annotations

import pytest

from ludotheque.core.engine import Move
from ludotheque.core.errors import BadSetup, IllegalMove
from ludotheque.core.messages import say
from ludotheque.games.mosquito import ALL_CARDS, DOMINOES, MOSQUITOES, NETS, OPTIONS, MosquitoEngine
from ludotheque.core.messages import say

from mosquito_support import (
    all_cards, card_points, deal, finish_quick, game, play, quick_deal, quick_rounds, rounds_game, seats,
)

PILE = ["10", "20", "30", "40", "50", "60", "70", "M0", "M1", "M2", "M8"]  # top first; in no test hand


def illegal(engine: MosquitoEngine, text: str, rule: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as exc:
        engine.play(text)
    assert exc.value.rule == rule, exc.value
    return exc.value


def turn_texts(engine: MosquitoEngine, seat: int):
    return [m.action for m in engine.turn_moves(seat)]


def counts(engine: MosquitoEngine):
    return [len(h) for h in engine.hands]


def mosquito_race(n: int = 3, card: str = "M5", pile=PILE, layer_hand=("98", "97"), **options) -> MosquitoEngine:
    """Alice lays `card` on 6/5 and keeps `layer_hand`; everyone else holds two cards."""
    others = [["84", "83"], ["82", "81"], ["80", "76"], ["75", "74"], ["73", "72"]]
    hands = [[card, *layer_hand]] + others[: n - 1]
    pile = [c for c in pile if c not in layer_hand]
    return play(game(hands, "65", pile, **options), f"0:play/{card}")


# -- goal, players, material ----------------------------------------------------------
def test_rule_goal_fewest_points():
    """Terminez avec le moins de points possible à la fin de toutes les manches."""
    e = quick_rounds(3, [
        {1: ["98"], 2: ["M1"]},      # Alice empties: -10; Bruno 17; Chloé 1
        {0: ["32"], 2: ["N0"]},      # Bruno empties: Alice 5; Chloé 10
        {0: ["43"], 1: ["54"]},      # Chloé empties: Alice 7; Bruno 9
        {1: ["65"], 2: ["M9"]},      # Alice empties: Bruno 11; Chloé 9
    ])
    finish_quick(e, 4)
    assert e.is_over()
    assert e.result()["scores"] == [-8, 27, 10]
    assert e.result()["winner"] == 0


def test_rule_players_three_to_six():
    """De 3 à 6 joueurs."""
    with pytest.raises(BadSetup):
        MosquitoEngine(seats(2), seed=1)
    with pytest.raises(BadSetup):
        MosquitoEngine(seats(6) + [{"name": "Zoé"}], seed=1)
    for n in (3, 6):
        assert len(MosquitoEngine(seats(n), seed=1).hands) == n


def test_rule_material_dominoes():
    """45 Cartes Dominos (chiffres blancs)."""
    assert len(DOMINOES) == 45
    e = MosquitoEngine(seats(4), seed=3)
    assert sum(1 for c in all_cards(e) if c[0].isdigit()) == 45


def test_rule_material_mosquitoes():
    """10 Cartes Moustique (chiffres rouges)."""
    assert len(MOSQUITOES) == 10
    assert sum(1 for c in all_cards(MosquitoEngine(seats(3), seed=4)) if c.startswith("M")) == 10


def test_rule_material_nets():
    """10 Cartes Moustiquaire (chiffres noirs)."""
    assert len(NETS) == 10
    assert sum(1 for c in all_cards(MosquitoEngine(seats(5), seed=5)) if c.startswith("N")) == 10


def test_rule_material_total():
    """Total : 65 cartes."""
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 65
    e = MosquitoEngine(seats(6), seed=6)
    assert sorted(all_cards(e)) == sorted(ALL_CARDS)
    with pytest.raises(BadSetup):
        MosquitoEngine(seats(3), deck=list(ALL_CARDS[:-1]))


def test_rule_fact_domino_pairs():
    """Les 45 Dominos sont toutes les paires de chiffres différents, le plus grand en haut (9 ≥ a > b ≥ 0)."""
    assert set(DOMINOES) == {f"{a}{b}" for a in range(10) for b in range(10) if a > b}
    with pytest.raises(BadSetup):
        game([["56"], ["98"], ["97"]], "10")      # "56" is not a card: the higher digit is on top


# -- set-up ---------------------------------------------------------------------------
def test_rule_setup_shuffle():
    """Mélangez les cartes."""
    a, b, a2 = (MosquitoEngine(seats(3), seed=s) for s in (11, 12, 11))
    assert a.hands == a2.hands and a.pile == a2.pile
    assert a.hands != b.hands
    assert sorted(all_cards(a)) == sorted(all_cards(b)) == sorted(ALL_CARDS)


def test_rule_setup_deal_seven():
    """Distribuez 7 cartes à chaque joueur."""
    for n in range(3, 7):
        e = MosquitoEngine(seats(n), seed=n)
        assert counts(e) == [7] * n
        assert e.view(None)["deck_count"] == 65 - 7 * n - 1


def test_rule_setup_turn_one():
    """Placez le reste du paquet au centre de la table et retournez une carte."""
    order = [c for c in ALL_CARDS if c not in ("54", "43")]
    order = order[:21] + ["54", "43"] + order[21:]
    e = MosquitoEngine(seats(3), deck=order)
    assert e.discard == ["54"] and e.top == "54"
    assert e.view(None)["deck_count"] == 65 - 21 - 1
    assert e.pile[-1] == "43"  # the next card to draw


# -- turns ----------------------------------------------------------------------------
def test_rule_turn_counter_clockwise():
    """Le jeu se déroule dans le sens inverse des aiguilles d'une montre."""
    e = game([["21", "98"], ["32", "97"], ["43", "96"], ["54", "95"]], "10")
    seen = []
    for text in ("0:play/21", "1:play/32", "2:play/43", "3:play/54"):
        seen.append(e.current)
        e.play(text)
    assert seen == [0, 1, 2, 3] and e.current == 0
    assert e.next_seat(3) == 0


def test_rule_turn_one_action():
    """Pendant votre tour, vous pouvez faire l'une des actions suivantes."""
    e = game([["54", "53", "98"], ["97"], ["96"]], "65", PILE)
    e.play("0:play/54")
    illegal(e, "0:play/53", "turn.counter_clockwise")
    illegal(e, "0:draw", "turn.counter_clockwise")
    assert e.current == 1


def test_rule_play_domino_match():
    """Vous pouvez jouer une Carte Dominos qui correspond à l'un des chiffres de la carte au sommet de la pile de défausse, peu importe la position."""
    e = game([["43", "53", "N1"], ["97"], ["96"]], "65", PILE)
    illegal(e, "0:play/43", "play.domino_match")
    e.play("0:play/53")          # 5 was below on 6/5, it is on top on 5/3: any position
    assert e.top == "53"


def test_rule_play_domino_example():
    """Si la carte au sommet est un 6/5, vous pouvez jouer une carte qui comporte un 6 ou un 5, peu importe la position (comme 5/3 ou 7/6)."""
    e = game([["53", "76", "42"], ["97"], ["96"]], "65", PILE)
    assert e.playable(0) == ["53", "76"]
    assert "play/53" in turn_texts(e, 0) and "play/76" in turn_texts(e, 0)
    e.play("0:play/76")
    assert e.top == "76"


def test_rule_play_multi_same_position():
    """Si vous voulez jouer plusieurs cartes, les chiffres doivent correspondre à la même position que sur la carte au sommet de la pile de défausse."""
    e = game([["86", "96", "75", "85"], ["97"], ["93"]], "65", PILE)
    illegal(e, "0:play/86,96", "play.multi_same_position")   # a 6, but below: on 6/5 the 6 is on top
    e.play("0:play/75,85")                                   # the 5 below, as on 6/5
    assert e.top == "85" and e.hands[0] == ["86", "96"]


def test_rule_play_multi_example():
    """Si la carte au sommet est un 6/5, pour jouer plusieurs cartes, elles doivent avoir un 6 en position supérieure (comme 6/3, 6/4, 6/2) ; pas 8/6, car le 6 est en position inférieure, ni 7/5, car vous avez choisi le 6."""
    e = game([["63", "64", "62", "86", "75"], ["97"], ["93"]], "65", PILE)
    assert e.joinable(0, ["63"]) == ["64", "62"]
    for bad in ("0:play/63,86", "0:play/63,75", "0:play/63,64,86"):
        with pytest.raises(IllegalMove) as exc:
            e.play(bad)
        assert exc.value.rule in ("play.multi_no_mix", "play.multi_same_position")
    assert "play/63,64,62" in turn_texts(e, 0)
    e.play("0:play/63,64,62")
    assert e.top == "62" and e.hands[0] == ["86", "75"]


def test_rule_play_multi_no_mix():
    """Vous ne pouvez pas jouer plusieurs cartes si les chiffres ne correspondent pas à la même position."""
    e = game([["63", "75"], ["97"], ["93"]], "65", PILE)
    illegal(e, "0:play/63,75", "play.multi_no_mix")
    assert e.joinable(0, ["63"]) == [] and e.joinable(0, ["75"]) == []


def test_rule_play_mosquito_match():
    """Carte Moustique : son chiffre doit correspondre à l'un des chiffres de la carte au sommet de la pile."""
    e = game([["M7", "M6", "98"], ["97"], ["93"]], "65", PILE)
    illegal(e, "0:play/M7", "play.mosquito_match")
    e.play("0:play/M6")
    assert e.top == "M6" and e.race is not None


def test_rule_play_net_any_time():
    """Carte Moustiquaire : joker, vous pouvez la jouer à tout moment."""
    e = game([["N3", "54"], ["97"], ["93"]], "65", PILE)
    assert "play/N3" in turn_texts(e, 0)       # even with a Domino that fits
    stuck = game([["N3", "98"], ["97"], ["93"]], "21", PILE)
    assert turn_texts(stuck, 0) == ["play/N3"]  # nothing else fits 2/1: the Net, no draw
    illegal(stuck, "0:draw", "turn.draw_if_stuck")
    stuck.play("0:play/N3")
    assert stuck.top == "N3"


def test_rule_play_net_next_digit():
    """Le joueur suivant doit jouer une carte avec le même chiffre que la Carte Moustiquaire."""
    e = game([["N3", "98"], ["65", "43", "M3"], ["93"]], "21", PILE)
    e.play("0:play/N3")
    assert e.need() == {"alone": True, "digits": [3], "by": "net"}
    illegal(e, "1:play/65", "play.net_next_digit")
    assert sorted(turn_texts(e, 1)) == ["play/43", "play/M3"]
    e.play("1:play/43")
    assert e.top == "43"


def test_rule_house_after_net():
    """Après une Moustiquaire (ou un Moustique), seul son chiffre compte ; plusieurs Dominos doivent l'avoir à la même position."""
    e = game([["N3", "98"], ["73", "83", "31", "32"], ["94"]], "21", PILE)
    e.play("0:play/N3")
    illegal(e, "1:play/73,31", "house.after_net")
    assert e.joinable(1, ["73"]) == ["83"] and e.joinable(1, ["31"]) == ["32"]
    e.play("1:play/73,83")
    assert e.top == "83"
    # The same under a Mosquito card turned up at the start (its digit alone, no race).
    m = game([["73", "31", "32"], ["97"], ["94"]], "M3", PILE)
    illegal(m, "0:play/73,31", "house.after_net")
    m.play("0:play/31,32")
    assert m.top == "32"


def test_rule_house_special_alone():
    """Un Moustique ne se joue jamais avec des Dominos ; une Moustiquaire se joue seule."""
    e = game([["M5", "54", "N3", "63"], ["97"], ["93"]], "65", PILE)
    illegal(e, "0:play/54,M5", "house.special_alone")
    illegal(e, "0:play/63,N3", "house.special_alone")
    assert e.joinable(0, ["M5"]) == [] and e.joinable(0, ["N3"]) == []


def test_rule_house_multi_top():
    """Avec plusieurs Dominos, le joueur choisit l'ordre : le dernier posé est la carte du sommet."""
    a = play(game([["63", "64", "98"], ["97"], ["93"]], "65", PILE), "0:play/63,64")
    b = play(game([["63", "64", "98"], ["97"], ["93"]], "65", PILE), "0:play/64,63")
    assert a.top == "64" and a.need()["bottom"] == 4
    assert b.top == "63" and b.need()["bottom"] == 3
    assert a.discard[-2:] == ["63", "64"]


def test_rule_turn_draw_if_stuck():
    """Si vous ne pouvez pas jouer : piochez une carte du paquet."""
    e = game([["98", "43"], ["97"], ["93"]], "65", ["54", "21"])
    assert turn_texts(e, 0) == ["draw"]
    illegal(e, "0:pass", "turn.draw_if_stuck")
    e.play("0:draw")
    assert e.drawn == "54" and e.view(0)["drawn"] == "54" and e.view(1)["drawn"] is None
    illegal(e, "0:play/43", "turn.draw_if_stuck")
    illegal(e, "0:draw", "turn.draw_if_stuck")
    assert turn_texts(e, 0) == ["play/54"]        # only the card drawn may be played
    able = game([["54", "98"], ["97"], ["93"]], "65", ["21"])
    illegal(able, "0:draw", "turn.draw_if_stuck")


def test_rule_turn_pass_after_draw():
    """Si vous ne pouvez pas la jouer, passez votre tour."""
    e = game([["98"], ["97"], ["93"]], "65", ["21", "54"])
    e.play("0:draw")
    assert e.drawn == "21" and turn_texts(e, 0) == ["pass"]
    e.play("0:pass")
    assert e.current == 1 and e.hands[0] == ["98", "21"]
    playable = game([["98"], ["97"], ["93"]], "65", ["54"])
    playable.play("0:draw")
    illegal(playable, "0:pass", "turn.pass_after_draw")


# -- "Moustique !" ----------------------------------------------------------------------
def test_rule_call_moustique():
    """S'il ne vous reste qu'une seule carte, vous devez crier « Moustique ! » avant qu'un autre joueur ne le fasse."""
    e = game([["54", "98"], ["53", "97"], ["93", "92"]], "65", PILE)
    illegal(e, "0:call", "call.moustique")        # two cards: nothing to call
    e.play("0:play/54")
    assert e.view(None)["must_call"] == [0] and e.to_act()[0] == 0
    assert Move(0, "call") in e.legal_moves(0) and Move(2, "catch/0") in e.legal_moves(2)
    e.play("0:call")
    assert e.view(None)["moustique"] == [{"seat": 0, "state": "called", "since": 0}]
    illegal(e, "2:catch/0", "call.caught_draws")
    illegal(e, "0:call", "call.moustique")


def test_rule_call_caught_draws():
    """Si vous échouez, vous devez piocher une carte."""
    e = game([["54", "98"], ["53", "97"], ["93", "92"]], "65", PILE)
    e.play("0:play/54")
    e.play("2:catch/0")                            # Chloé, not even on turn, catches Alice
    assert e.hands[0] == ["98", PILE[0]]
    assert e.view(None)["must_call"] == []
    illegal(e, "0:call", "call.moustique")


def test_rule_house_call_window():
    """On peut attraper un joueur à une carte jusqu'à la fin du tour du joueur suivant."""
    hands = [["54", "98"], ["43", "97"], ["32", "93"]]
    e = play(game(hands, "65", PILE), "0:play/54")
    assert e.is_legal(Move(2, "catch/0"))          # during Bruno's turn
    e.play("1:play/43")                            # Bruno's turn is over
    assert not e.is_legal(Move(2, "catch/0"))
    assert e.view(None)["moustique"][0]["state"] == "safe"
    illegal(e, "2:catch/0", "call.caught_draws")
    longer = play(game(hands, "65", PILE, call_window="until_called"), "0:play/54", "1:play/43", "2:play/32")
    assert longer.is_legal(Move(1, "catch/0"))


# -- PLAF! ------------------------------------------------------------------------------
def test_rule_plaf_everyone_slaps():
    """Quand quelqu'un joue une Carte Moustique, tout le monde doit frapper avec la bonne main."""
    e = mosquito_race()
    assert e.view(None)["phase"] == "race" and e.to_act() == [1, 2, 0]
    illegal(e, "1:play/84", "plaf.everyone_slaps")   # play waits for the race
    e.play("1:slap/L/300")
    illegal(e, "1:slap/L/350", "plaf.everyone_slaps")
    e.play("2:slap/L/400")
    assert e.race is not None and e.to_act() == [0]
    e.play("0:slap/L/500")                           # the last slap closes the race
    assert e.race is None and e.current == 1 and e.view(None)["last_race"]["no"] == 1


def test_rule_plaf_even_right():
    """Chiffres pairs (0, 2, 4, 6, 8) : frappez avec la main droite."""
    e = mosquito_race(card="M6")
    assert e.view(None)["race"]["hand"] == "R"
    play(e, "1:slap/R/300", "2:slap/L/200", "0:slap/R/500")
    lr = e.view(None)["last_race"]
    assert lr["wrong"] == [2] and lr["fastest"] == 1 and lr["draws"] == {"1": 0, "2": 3, "0": 2}


def test_rule_plaf_odd_left():
    """Chiffres impairs (1, 3, 5, 7, 9) : frappez avec la main gauche."""
    e = mosquito_race(card="M5")
    assert e.view(None)["race"]["hand"] == "L"
    play(e, "1:slap/R/300", "2:slap/L/400", "0:slap/L/500")
    assert e.view(None)["last_race"]["wrong"] == [1] and counts(e) == [2 + 2, 2 + 3, 2]


def four_player_race() -> MosquitoEngine:
    e = mosquito_race(n=4, card="M5")
    return play(e, "1:slap/L/500", "2:slap/L/300", "3:slap/L/700", "0:slap/L/900")


def test_rule_plaf_fastest_none():
    """Le plus rapide à frapper ne pioche aucune carte."""
    e = four_player_race()
    assert e.view(None)["last_race"]["fastest"] == 2 and len(e.hands[2]) == 2


def test_rule_plaf_others_one():
    """Les autres piochent 1 carte."""
    e = four_player_race()
    assert len(e.hands[1]) == 3 and len(e.hands[3]) == 3


def test_rule_plaf_slowest_two():
    """Le plus lent en pioche 2."""
    e = four_player_race()
    assert e.view(None)["last_race"]["slowest"] == [0]
    assert len(e.hands[0]) == 2 + 2


def test_rule_plaf_wrong_hand():
    """Si vous frappez avec la mauvaise main, vous piochez 3 cartes."""
    e = mosquito_race(card="M6")
    play(e, "1:slap/L/100", "2:slap/R/300", "0:slap/R/500")   # Bruno is quickest, but wrong
    lr = e.view(None)["last_race"]
    assert lr["fastest"] == 2 and lr["penalty"]["1"] == 3 and len(e.hands[1]) == 5


def test_rule_plaf_false_slap():
    """Si vous frappez alors que ce n'est pas une carte Moustique, vous piochez 3 cartes."""
    e = game([["54", "98"], ["97", "96"], ["93", "92"]], "65", PILE)
    assert 2 not in e.to_act()
    e.play("2:slap/R/100")                           # not Chloé's turn: a slap is legal at any time
    assert e.hands[2] == ["93", "92"] + PILE[:3] and e.current == 0
    assert say(e.describe_move(Move(1, "slap/L/5")), "en").endswith("a false slap, draws 3 cards.")


def test_rule_house_late_slap():
    """Une tape après la course, le Moustique encore visible, ne compte pas."""
    e = play(mosquito_race(), "1:slap/L/300", "2:slap/L/400", "0:slap/L/500")
    before = counts(e)
    e.play("2:slap/L/50")
    assert counts(e) == before and e.top == "M5"
    strict = play(mosquito_race(late_slap="penalty"), "1:slap/L/300", "2:slap/L/400", "0:slap/L/500")
    strict.play("2:slap/L/50")
    assert len(strict.hands[2]) == before[2] + 3


def test_rule_plaf_draw_order():
    """L'ordre pour piocher va du dernier à frapper jusqu'au second, jusqu'à ce qu'il ne reste plus de cartes."""
    e = mosquito_race(n=4, card="M5", pile=["21", "32", "43"])
    play(e, "1:slap/L/500", "2:slap/L/300", "3:slap/L/700", "0:slap/L/900")
    lr = e.view(None)["last_race"]
    assert lr["order"] == [0, 3, 1]                   # Alice (slowest), David, Bruno (second)
    assert lr["draws"] == {"1": 0, "2": 0, "3": 1, "0": 2}
    assert e.hands[0][-2:] == ["21", "32"] and e.hands[3][-1] == "43"
    assert e.view(None)["deck_count"] == 0


def test_rule_house_no_slap_slowest():
    """Qui n'a pas frappé à la fermeture compte comme le plus lent ; on pioche : mauvaises mains, puis ceux qui n'ont pas frappé, puis du plus lent au second."""
    e = mosquito_race(n=4, card="M5")
    play(e, "2:slap/L/300", "1:slap/R/400", "*:close")
    lr = e.view(None)["last_race"]
    assert lr["missing"] == [3, 0] and lr["slowest"] == [3, 0]
    assert lr["order"] == [1, 3, 0]
    assert lr["penalty"] == {"1": 3, "3": 2, "0": 2, "2": 0}
    assert counts(e) == [4, 5, 2, 4]


def test_rule_house_slap_window():
    """La course se ferme quand tout le monde a frappé, ou après le temps choisi (3 s) ; les tapes se classent par temps, à égalité par ordre d'arrivée."""
    e = mosquito_race()
    play(e, "1:slap/L/400", "2:slap/L/400", "0:slap/L/3000")   # 3000 ms: too late (window 3000)
    lr = e.view(None)["last_race"]
    assert lr["fastest"] == 1 and lr["missing"] == [0] and lr["penalty"] == {"1": 0, "2": 1, "0": 2}
    illegal(e, "*:close", "house.slap_window")                  # no race open any more
    short = play(mosquito_race(slap_window_ms=1000), "2:slap/L/1500", "*:close")
    assert short.view(None)["last_race"]["missing"] == [1, 2, 0]
    with pytest.raises(BadSetup):
        mosquito_race(slap_window_ms=100)


def test_rule_house_layer_in_race():
    """Celui qui pose le Moustique frappe aussi, comme tout le monde."""
    e = play(mosquito_race(), "0:slap/L/100", "1:slap/L/300", "2:slap/L/400")
    assert e.view(None)["last_race"]["fastest"] == 0 and len(e.hands[0]) == 2
    off = mosquito_race(layer_in_race=False)
    assert off.race.participants == [1, 2] and off.to_act() == [1, 2]
    off.play("0:slap/L/100")                                    # the layer does not race: a false slap
    assert len(off.hands[0]) == 2 + 3 and off.race is not None
    play(off, "1:slap/L/300", "2:slap/L/400")
    assert off.view(None)["last_race"]["draws"] == {"1": 0, "2": 2}


# -- the deck ---------------------------------------------------------------------------
def test_rule_deck_empty_no_draw():
    """Si le paquet est vide, personne ne peut piocher d'autres cartes."""
    e = game([["98", "97"], ["96"], ["95", "94"]], "21", [])
    assert turn_texts(e, 0) == ["pass"]
    illegal(e, "0:draw", "deck.empty_no_draw")
    e.play("1:slap/R/10")                                       # a false slap with nothing to draw
    assert counts(e) == [2, 1, 2]
    e.play("0:pass")
    assert e.current == 1


def test_rule_deck_empty_take():
    """Si le paquet est vide et qu'un joueur joue une Carte Moustique, le dernier à frapper doit prendre une carte au joueur qui a joué la Carte Moustique."""
    e = mosquito_race(pile=[])
    play(e, "0:slap/L/100", "1:slap/L/300", "2:slap/L/600")
    lr = e.view(None)["last_race"]
    assert lr["deck_empty"] and lr["slowest"] == [2] and lr["took"] == [{"by": 2, "from": 0}]
    assert counts(e) == [1, 2, 3]
    mine = play(mosquito_race(pile=[]), "1:slap/L/100", "2:slap/L/300", "0:slap/L/600")
    assert counts(mine) == [2, 2, 2]                             # the layer is slowest: nothing to take


def test_rule_house_take_card():
    """Paquet vide : la carte prise au poseur est tirée au hasard."""
    def taken():
        e = play(mosquito_race(pile=[]), "0:slap/L/100", "1:slap/L/300", "2:slap/L/600")
        return e.hands[2][-1], e.hands[0]
    card, left = taken()
    assert card in ("98", "97") and card not in left
    assert taken() == (card, left)                              # a record replays to the same card


# -- end of round, scoring, end of game ---------------------------------------------------
def test_rule_round_empty_hand():
    """La manche se termine lorsqu'un joueur n'a plus de cartes."""
    e = game([["54"], ["97"], ["93"]], "65", PILE)
    e.play("0:play/54")
    assert e.round_no == 2 and e.view(None)["last_round"]["emptied"] == 0
    last_mosquito = play(game([["M5"], ["97", "96"], ["93", "92"]], "65", PILE), "0:play/M5")
    assert last_mosquito.round_no == 1 and last_mosquito.race is not None  # the race comes first
    play(last_mosquito, "0:slap/L/100", "1:slap/L/200", "2:slap/L/300")
    assert last_mosquito.round_no == 2 and last_mosquito.last_round["points"][0] == -10


def test_rule_round_blocked():
    """La manche se termine lorsque personne ne peut plus jouer de cartes."""
    e = game([["98"], ["97"], ["87"]], "21", [])
    play(e, "0:pass", "1:pass")
    assert e.round_no == 1
    e.play("2:pass")
    assert e.round_no == 2
    assert e.last_round["blocked"] and e.last_round["points"] == [17, 16, 15]


def test_rule_house_blocked_round():
    """« Personne ne peut jouer » : le paquet est vide et chaque joueur, à son tour, a passé."""
    e = game([["98"], ["97", "N5"], ["87"]], "21", [])
    e.play("0:pass")
    illegal(e, "1:pass", "turn.draw_if_stuck")                 # Bruno can play his Net
    play(e, "1:play/N5", "2:pass", "0:pass")
    assert e.round_no == 1 and e.passes == 2
    e.play("1:pass")
    assert e.round_no == 2 and e.last_round["blocked"]


def score_round(**hold):
    e = quick_rounds(3, [{1: hold["bruno"], 2: hold["chloe"]}])
    e.play("0:play/21")
    return e.last_round


def test_rule_score_minus_ten():
    """Le joueur qui n'a plus de cartes obtient -10 points."""
    assert score_round(bruno=["98"], chloe=["97"])["points"][0] == -10


def test_rule_score_hand_sum():
    """Les autres additionnent les points des cartes qu'ils ont en main."""
    r = score_round(bruno=["98", "M3", "N0"], chloe=["97", "43"])
    assert r["points"][1:] == [sum(card_points(c) for c in ("98", "M3", "N0")), 16 + 7]
    assert r["totals"] == r["points"]


def test_rule_score_domino():
    """Cartes Dominos : additionnez la valeur des deux chiffres (5/2 = 7 points)."""
    assert score_round(bruno=["52"], chloe=["90"])["points"] == [-10, 7, 9]


def test_rule_score_mosquito():
    """Cartes Moustique : elles valent le chiffre indiqué."""
    assert score_round(bruno=["M7"], chloe=["M0"])["points"] == [-10, 7, 0]


def test_rule_score_net():
    """Cartes Moustiquaire : elles valent 10 points."""
    assert score_round(bruno=["N3"], chloe=["N0", "N9"])["points"] == [-10, 10, 20]


def test_rule_end_rounds():
    """Jouez un nombre déterminé de manches : 4, 8 ou 12, à vous de choisir."""
    e = quick_rounds(3, [{}] * 8, rounds=8)
    finish_quick(e, 4)
    assert not e.is_over() and e.round_no == 5
    finish_quick(e, 4)
    assert e.is_over() and len(e.result()["rounds"]) == 8
    assert [c["value"] for c in OPTIONS.describe()[0]["choices"]] == [4, 8, 12]
    with pytest.raises(BadSetup):
        MosquitoEngine(seats(3), seed=1, options={"rounds": 5})


def test_rule_end_lowest_wins():
    """Le joueur avec le moins de points à la fin de toutes les manches gagne."""
    e = quick_rounds(3, [
        {1: ["98"], 2: ["M1"]},      # Alice -10, Bruno 17, Chloé 1
        {0: ["97"], 2: ["M2"]},      # Alice 16, Bruno -10, Chloé 2
        {0: ["96"], 1: ["95"]},      # Alice 15, Bruno 14, Chloé -10
        {1: ["94"], 2: ["M3"]},      # Alice -10, Bruno 13, Chloé 3
    ])
    finish_quick(e, 4)
    assert e.result()["scores"] == [11, 34, -4]
    assert e.result()["winner"] == 2                 # Chloé emptied her hand once, Alice twice


TIE_PLAN = [
    {1: ["M0"], 2: ["98"]},          # Alice -10, Bruno 0, Chloé 17
    {0: ["M0"], 2: ["97"]},          # Alice 0, Bruno -10, Chloé 16
    {0: ["N1"], 1: ["M0"]},          # Alice 10, Bruno 0, Chloé -10
    {1: ["M0"], 2: ["96"]},          # Alice -10, Bruno 0, Chloé 15: Alice and Bruno tie at -10
    {0: ["M1"], 2: ["95"]},          # extra round, Bruno starts: Alice 1, Bruno -10
]


def test_rule_end_tie_extra():
    """Égalité ? Une manche supplémentaire pour départager le gagnant !"""
    e = finish_quick(quick_rounds(3, TIE_PLAN), 4)
    assert not e.is_over() and e.round_no == 5 and e.totals == [-10, -10, 38]
    finish_quick(e, 1)
    assert e.is_over() and e.result()["winner"] == 1 and e.result()["scores"] == [-9, -20, 52]
    assert any("extra round" in say(s, "en") for s in e.result()["steps"])


def test_rule_house_tie_extra_rounds():
    """Égalité après la dernière manche : on rejoue jusqu'à ce qu'un seul joueur ait le plus petit total."""
    deals = [quick_deal(3, r % 3, plan) for r, plan in enumerate(TIE_PLAN[:4])]
    deals.append(deal([["98"], ["M8", "M9"], ["87"]], "21"))        # round 5 blocked: 17, 17, 15
    deals.append(quick_deal(3, 2, {0: ["M1"], 1: ["M2"]}))          # round 6: Chloé empties
    e = finish_quick(rounds_game(deals, 3), 4)
    play(e, "1:pass", "2:pass", "0:pass")
    assert e.round_no == 6 and not e.is_over() and e.totals == [7, 7, 53]
    finish_quick(e, 1)
    assert e.is_over() and e.result()["scores"] == [8, 9, 43] and e.result()["winner"] == 0


def test_rule_house_first_player():
    """Le plus jeune commence la première manche, puis le premier joueur tourne dans le sens du jeu."""
    e = quick_rounds(3, [{}, {}, {}, {}], youngest=1)
    assert e.current == 1 and e.view(None)["starter"] == 1
    finish_quick(e, 1)
    assert e.current == 2
    finish_quick(e, 1)
    assert e.current == 0
    assert MosquitoEngine(seats(4), seed=2).current == 0     # nobody marked youngest: the first seat


def test_rule_house_first_card():
    """La carte retournée reste : un Moustique ou une Moustiquaire ne vaut que son chiffre, sans course PLAF!."""
    rest = [c for c in ALL_CARDS if c not in ("M4", "N2", "54")]
    order = rest[:21] + ["M4", "N2", "54"] + rest[21:]
    e = MosquitoEngine(seats(3), deck=order)
    assert e.top == "M4" and e.race is None and e.view(None)["phase"] == "play"
    assert e.need() == {"alone": True, "digits": [4], "by": "mosquito"}
    d = MosquitoEngine(seats(3), deck=order, options={"first_card": "domino"})
    assert d.top == "54" and d.discard == ["54"] and set(d.pile[:2]) == {"M4", "N2"}
    assert sorted(all_cards(d)) == sorted(ALL_CARDS)


def test_rule_house_card_list():
    """Il y a un Moustique et une Moustiquaire de chaque chiffre, de 0 à 9."""
    assert [c[1] for c in MOSQUITOES] == [str(d) for d in range(10)]
    assert [c[1] for c in NETS] == [str(d) for d in range(10)]
    assert OPTIONS.resolve()["card_list"] == "standard"
