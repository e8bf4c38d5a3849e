"""MasterIslands: one test per rule of the rule book (test_rule_<id>), docstring = the rule.

Coordinates: the start card is 0,0, x grows to the right, y downward. Seats: Alice 0,
Bruno 1, Chloé 2, David 3. Positions come from explicit decks (masterislands_support).
"""
from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.core.engine import Move
from ludotheque.core.errors import BadMove, BadSetup, IllegalMove
from ludotheque.core.messages import say
from ludotheque.games.masterislands import (
    CONQUEST_VIEW_LIMIT,
    ConquestIndex,
    MasterIslandsEngine,
    full_deck,
    subsets_summing,
)

from masterislands_support import (
    DOCK,
    actions,
    all_cards,
    cells_of,
    discover,
    first_non_conquest,
    game,
    refused,
    rows,
    seats,
)

H3 = ["G1", "B1", "R1"]  # a harmless hand: small values, no yellow (the harbour is yellow)


# -- material and set-up -------------------------------------------------------------------
def test_rule_material_cards():
    """48 cartes Île : quatre couleurs (jaune, vert, rouge, bleu), 12 par couleur, de valeur 1 à 5."""
    deck = full_deck()
    assert len(deck) == 48
    assert Counter(c.colour for c in deck) == {"Y": 12, "G": 12, "R": 12, "B": 12}
    assert {c.value for c in deck} == {1, 2, 3, 4, 5}
    e = MasterIslandsEngine(seats(3), seed=11)
    assert sum(all_cards(e).values()) == 48


def test_rule_material_players():
    """De 2 à 4 joueurs ; 8 pions Galion, deux par couleur de joueur."""
    for n in (1, 5):
        with pytest.raises(BadSetup):
            MasterIslandsEngine(seats(4) + [{"name": "Eve"}] if n == 5 else seats(1), seed=1)
    e = MasterIslandsEngine(seats(4), seed=1)
    assert len(e.galleons) == 8
    assert Counter(g.owner for g in e.galleons) == {0: 2, 1: 2, 2: 2, 3: 2}


def test_rule_setup_deal():
    """Mélangez les cartes Île, distribuez-en 3 par joueur : elles constituent leur main ; le reste forme la pioche face cachée."""
    e = MasterIslandsEngine(seats(3), seed=5)
    assert [len(h) for h in e.hands] == [3, 3, 3]
    assert len(e.pile) == 48 - 9 - 1
    assert e.view(0)["deck_count"] == 38
    assert "pile" not in e.view(0) and "draw" not in e.view(None)
    other = MasterIslandsEngine(seats(3), seed=6)
    assert [c.code for c in e.pile] != [c.code for c in other.pile]  # shuffled by the seed
    again = MasterIslandsEngine(seats(3), seed=5)
    assert [c.code for c in e.pile] == [c.code for c in again.pile]


def test_rule_setup_start_card():
    """Piochez la première carte Île et posez-la face visible entre les joueurs."""
    e = MasterIslandsEngine(seats(2), seed=9)
    assert list(e.grid) == [(0, 0)]
    assert e.view(None)["cells"][0]["card"] == e.grid[(0, 0)].code
    explicit = MasterIslandsEngine(seats(2), deck={"start": "G4", "hands": [H3, ["Y3", "Y4", "Y5"]], "draw": ["B2"]})
    assert cells_of(explicit) == {(0, 0): "G4"}


def test_rule_setup_galleons():
    """Chaque joueur choisit une couleur, prend les deux pions Galion correspondants et les pose sur cette carte."""
    e = MasterIslandsEngine(seats(3), seed=2)
    assert all(g.pos == (0, 0) for g in e.galleons)
    assert sorted(g.id for g in e.galleons) == ["0.1", "0.2", "1.1", "1.2", "2.1", "2.2"]
    assert e.view(None)["cells"][0]["galleons"] == ["0.1", "0.2", "1.1", "1.2", "2.1", "2.2"]


def test_rule_setup_first_player():
    """La dernière personne à avoir posé le pied sur une Île débute la partie."""
    assert MasterIslandsEngine(seats(3), seed=2).to_act() == [0]
    assert MasterIslandsEngine(seats(3), seed=2, options={"first_player": 1}).to_act() == [1]


def test_rule_turn_phases():
    """Tour de jeu en 3 phases : découverte, conquête, ravitaillement."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 . B5"))
    assert e.phase.value == "discovery"
    discover(e)
    assert e.phase.value == "conquest" and e.to_act() == [0]
    e.play("0:conquer/0,0;2,0")
    assert len(e.hands[0]) == 3  # supply
    assert e.phase.value == "discovery" and e.to_act() == [1]


# -- discovery ----------------------------------------------------------------------------------
def test_rule_discovery_both_actions():
    """Le joueur doit effectuer les deux actions suivantes dans l'ordre de son choix."""
    # place then move
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R3 B4"), galleons=[[(0, 0), (0, 0)], [(1, 0), (1, 0)]], harbour=False)
    e.play("0:place/G1@0,1")
    assert refused(e, "0:place/B1@-1,0") == "discovery.both_actions"
    assert refused(e, "0:end") == "discovery.both_actions"
    assert e.to_act() == [0]
    e.play("0:move/1/down")
    assert e.to_act() == [1]
    # move then place
    e.play("1:move/1/left")
    assert refused(e, "1:move/2/left") == "discovery.both_actions"
    e.play("1:place/G2@1,1")
    assert e.to_act() == [0]


def test_rule_discovery_keep_both_possible():
    """Il doit jouer afin de toujours pouvoir réaliser ces deux actions."""
    grid = rows("""
    .  B2 .
    R1 R3 G4
    .  Y5 Y3
    """, origin=(-1, -1))
    # Alice: galleon 1 on G4 (1,0), galleon 2 on R3 (0,0), which is surrounded by cards
    e = game([H3, ["G2", "B2", "R2"]], grid=grid, galleons=[[(1, 0), (0, 0)], [(-1, 0), (-1, 0)]], harbour=False)
    assert "0:move/1/left" not in actions(e)
    assert refused(e, "0:move/1/left") == "discovery.keep_both_possible"
    assert "0:move/1/down" in actions(e)  # next to Y3 there is room to lay a card
    e.play("0:place/B1@2,0")  # laying first keeps the move possible
    e.play("0:move/1/left")
    assert e.galleon(0, 1).pos == (0, 0)


def test_rule_discovery_place():
    """Poser une carte Île sur un emplacement libre, adjacent (sauf en diagonale) à une carte Île comportant un de ses pions Galion."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R3 B4"), galleons=[[(0, 0), (0, 0)], [(1, 0), (1, 0)]], harbour=False)
    assert refused(e, "0:place/G1@1,0") == "discovery.place"   # taken
    assert refused(e, "0:place/G1@1,1") == "discovery.place"   # next to Bruno's galleons only
    assert refused(e, "0:place/G1@-1,1") == "discovery.place"  # diagonal
    assert refused(e, "0:place/R5@0,1") == "discovery.place"   # not in hand
    assert sorted(e.view(0)["legal"]["places"]["G1"]) == [[-1, 0], [0, -1], [0, 1]]
    e.play("0:place/G1@0,1")
    assert e.grid[(0, 1)].code == "G1"
    assert [c.code for c in e.hands[0]] == ["B1", "R1"]
    e.play("0:move/1/down")
    e.play("1:place/0@2,0")  # a card may also be named by its index in the hand
    assert e.grid[(2, 0)].code == "G2"


def test_rule_discovery_move():
    """Déplacer un de ses pions Galion au choix, horizontalement ou verticalement d'une seule carte Île."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("""
    R3 B4 G5
    .  Y1 .
    """), galleons=[[(0, 0), (0, 0)], [(2, 0), (2, 0)]], harbour=False)
    e.play("0:place/G1@0,1")
    assert refused(e, "0:move/1/2,0") == "discovery.move"  # two cards away
    assert refused(e, "0:move/1/1,1") == "discovery.move"  # diagonal
    assert refused(e, "0:move/3/right") == "discovery.move"  # no galleon 3
    moves = {m["action"]: m["to"] for m in e.view(0)["legal"]["moves"]}
    assert moves == {"move/1/right": [1, 0], "move/1/down": [0, 1], "move/2/right": [1, 0], "move/2/down": [0, 1]}
    e.play("0:move/2/1,0")  # the target may be written as coordinates
    assert e.galleon(0, 2).pos == (1, 0) and e.galleon(0, 1).pos == (0, 0)


def test_rule_discovery_same_colour():
    """Si la carte Île posée est de la même couleur que celle adjacente comportant au moins un de ses pions Galion, le joueur peut rejouer immédiatement une phase découverte."""
    hands = [["R1", "R2", "G1"], ["G2", "B2", "B3"]]
    # red next to the red card holding Alice's galleons: another discovery phase, optional
    e = game(hands, grid=rows("R3"), galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    e.play("0:place/R1@1,0")
    e.play("0:move/1/right")
    view = e.view(0)
    assert e.to_act() == [0] and view["discovery"]["phase_no"] == 2 and view["discovery"]["optional"]
    assert "0:end" in actions(e) and view["legal"]["end"]
    assert "Même couleur" in say(view["notes"][0], "fr")
    e.play("0:place/R2@2,0")  # next to R1, which holds galleon 1: once more
    e.play("0:move/1/right")
    assert e.view(0)["discovery"]["phase_no"] == 3
    e.play("0:end")
    assert e.to_act() == [1]
    # evaluated when the card is laid: the galleon leaving afterwards does not matter...
    e = game(hands, grid=rows("R3 B4"), galleons=[[(0, 0), (0, 0)], [(1, 0), (1, 0)]], harbour=False)
    e.play("0:place/R1@0,1")
    e.play("0:move/1/right")
    e.play("0:move/2/right")
    assert e.to_act() == [0] and e.view(0)["discovery"]["phase_no"] == 2
    # ...and arriving afterwards does not either; arriving before does
    grid = rows("""
    B4 .
    R5 .
    """)
    late = game(hands, grid=grid, galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    late.play("0:place/R1@1,0")
    late.play("0:move/1/down")
    assert late.to_act() == [1]
    early = game(hands, grid=grid, galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    early.play("0:move/1/down")
    early.play("0:place/R1@1,1")
    assert early.to_act() == [0] and early.turn.optional
    # a red card holding only Bruno's galleons does not count
    other = game(hands, grid=rows("""
    B4 .
    .  R3
    """), galleons=[[(0, 0), (0, 0)], [(1, 1), (1, 1)]], harbour=False)
    other.play("0:place/R1@1,0")
    other.play("0:move/1/right")
    assert other.to_act() == [1]


def test_rule_discovery_else_conquest():
    """Sinon il passe à la phase conquête."""
    e = game([["Y5", "G1", "B1"], ["G2", "B2", "R2"]], grid=rows("""
    G5 R5
    .  B1
    """, origin=(-1, 0)), galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    e.play("0:place/Y5@1,0")
    assert refused(e, "0:conquer/-1,0;1,0") == "discovery.else_conquest"
    e.play("0:move/1/down")
    assert e.phase.value == "conquest" and e.to_act() == [0]
    assert set(actions(e)) == {"0:conquer/-1,0;1,0", "0:noconquest"}


# -- conquest ----------------------------------------------------------------------------------
@pytest.mark.parametrize("grid, cells", [
    ({(0, 0): "R5", (1, 0): "B5"}, "0,0;1,0"),      # row
    ({(0, 0): "R5", (0, 1): "B5"}, "0,0;0,1"),      # column
    ({(0, 0): "R5", (1, 1): "B5"}, "0,0;1,1"),      # diagonal
    ({(0, 1): "R5", (1, 0): "B5"}, "0,1;1,0"),      # the other diagonal
])
def test_rule_conquest_line(grid, cells):
    """Le joueur peut réaliser un alignement horizontal, diagonal ou vertical de cartes Île de son choix."""
    e = game([H3, ["G2", "B2", "R2"]], grid=grid)
    discover(e)
    assert e.phase.value == "conquest"
    assert f"0:conquer/{cells}" in actions(e)
    e.play(f"0:conquer/{cells}")
    assert sorted(c.code for c in e.captured[0]) == ["B5", "R5"]


def test_rule_conquest_line_refuses_other_shapes():
    """Le joueur peut réaliser un alignement horizontal, diagonal ou vertical de cartes Île de son choix."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("""
    R5 B3 .
    .  G2 .
    """))
    discover(e)
    assert e.phase.value == "discovery"  # no line adds up to 10: the turn passed
    assert e.to_act() == [1]
    e = game([H3, ["G2", "B2", "R2"]], grid={**rows("""
    R5 B3 .
    .  G2 Y5
    """), (5, 5): "G5"})
    discover(e)
    assert "0:conquer/0,0;5,5" in actions(e)
    assert refused(e, "0:conquer/0,0;1,0;1,1") == "conquest.line"  # an L shape adds up to 10
    assert refused(e, "0:conquer/0,0;4,4") == "conquest.line"      # no card there
    assert refused(e, "0:conquer/0,0;0,0") == "conquest.line"      # named twice


def test_rule_conquest_not_consecutive():
    """Les cartes de l'alignement sont consécutives ou non."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B2 G5"))
    discover(e)
    assert "0:conquer/0,0;2,0" in actions(e)
    e.play("0:conquer/0,0;2,0")
    assert cells_of(e)[(1, 0)] == "B2"  # the card between them stays
    assert (0, 0) not in e.grid and (2, 0) not in e.grid


def test_rule_conquest_no_galleon():
    """Les cartes de l'alignement ne comportent aucun pion Galion."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B5 . G3 Y2"),
             galleons=[[DOCK, DOCK], [(0, 0), DOCK]])
    discover(e)
    assert e.conquests() == [((1, 0), (3, 0), (4, 0))]
    assert refused(e, "0:conquer/0,0;1,0") == "conquest.no_galleon"
    e.play("0:conquer/1,0;3,0;4,0")  # B5 G3 Y2, across the empty space
    assert sum(c.value for c in e.captured[0]) == 10


def test_rule_conquest_sum_ten():
    """Si la somme des valeurs est exactement égale à 10, il peut retirer du jeu ces cartes et vérifie les conditions de victoire."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B4 G1 Y2"))
    discover(e)
    assert refused(e, "0:conquer/0,0;1,0") == "conquest.sum_ten"       # 9
    assert refused(e, "0:conquer/0,0;1,0;3,0") == "conquest.sum_ten"   # 11
    e.play("0:conquer/0,0;1,0;2,0")
    assert sorted(c.code for c in e.captured[0]) == ["B4", "G1", "R5"]
    assert cells_of(e).get((3, 0)) == "Y2"
    # ... and checks victory at once
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B5"),
             captured=[["Y3", "Y3", "Y4", "Y4", "Y5", "Y5", "G3", "G3", "G4", "G4"], []])
    discover(e)
    e.play("0:conquer/0,0;1,0")
    assert e.is_over() and e.result()["winner"] == 0


def test_rule_conquest_choice():
    """En cas de multiples alignements, le joueur récupère celui de son choix."""
    e = game([H3, ["G2", "B2", "R2"]], grid={(0, 0): "R5", (1, 0): "B5", (6, 3): "G5", (6, 4): "Y5"})
    discover(e)
    view = e.view(0)
    assert [c["cells"] for c in view["conquests"]] == [[[0, 0], [1, 0]], [[6, 3], [6, 4]]]
    assert all(c["sum"] == 10 and c["size"] == 2 for c in view["conquests"])
    assert {c["line"] for c in view["conquests"]} == {"row", "column"}
    e.play("0:conquer/6,4;6,3")  # in any order
    assert sorted(c.code for c in e.captured[0]) == ["G5", "Y5"]
    assert cells_of(e)[(0, 0)] == "R5" and cells_of(e)[(1, 0)] == "B5"


def test_rule_conquest_then_supply():
    """S'il n'a pas gagné ou ne peut pas récupérer d'alignement, le joueur passe à la phase Ravitaillement ; il ne peut en aucun cas revenir à la phase découverte."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B5"))
    discover(e)
    assert refused(e, "0:place/B1@99,37") == "conquest.then_supply"
    assert refused(e, "0:move/2/right") == "conquest.then_supply"
    deck = len(e.pile)
    e.play("0:noconquest")  # the player may decline
    assert len(e.hands[0]) == 3 and len(e.pile) == deck - 1
    assert e.to_act() == [1]
    # no line at all: the conquest phase is skipped and said so
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B4"))
    discover(e)
    assert e.to_act() == [1]
    assert any("pas de conquête" in say(n, "fr") for n in e.view(1)["notes"])


def test_rule_victory_cards():
    """Victoire : 12 cartes à 2 joueurs, 10 à 3 joueurs, 8 à 4 joueurs."""
    small = ["Y1", "Y1", "Y2", "Y2", "Y3", "Y3", "Y4", "Y4", "Y5", "Y5"]
    for n, target in ((2, 12), (3, 10), (4, 8)):
        hands = [H3, ["G2", "B2", "R2"], ["G3", "B3", "R3"], ["G4", "B1", "R4"]][:n]
        e = game(hands, grid=rows("R5 B5"), captured=[small[: target - 2]] + [[]] * (n - 1))
        assert e.view(0)["target"] == {"cards": target, "by": "player"}
        discover(e)
        e.play("0:conquer/0,0;1,0")
        assert e.is_over(), n
        assert e.result()["winner"] == 0 and e.result()["reason"] == "target"
        short = game(hands, grid=rows("R5 B5"), captured=[small[: target - 3]] + [[]] * (n - 1))
        discover(short)
        short.play("0:conquer/0,0;1,0")
        assert not short.is_over()


# -- supply and the end ----------------------------------------------------------------------------
def test_rule_supply_refill():
    """Le joueur pioche le nombre nécessaire de cartes Île pour compléter sa main à 3."""
    e = game([["R1", "R2", "G1"], ["G2", "B2", "B3"]], grid=rows("R3"),
             galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    deck = len(e.pile)
    e.play("0:place/R1@1,0")
    e.play("0:move/1/right")
    e.play("0:place/G1@2,0")  # a second discovery phase: two cards laid
    e.play("0:move/1/right")
    assert e.to_act() == [1]
    assert len(e.hands[0]) == 3 and len(e.pile) == deck - 2
    assert any("pioche 2 cartes" in say(n, "fr") for n in e.view(1)["notes"])


def test_rule_supply_next_left():
    """Le joueur à sa gauche débute un nouveau tour."""
    e = game([H3, ["G2", "B2", "R2"], ["G3", "B3", "R3"]], grid=rows("R5 B4"))
    order = [e.to_act()[0]]
    for _ in range(3):
        discover(e)
        order.append(e.to_act()[0])
    assert order == [0, 1, 2, 0]


def test_rule_end_last_card():
    """Lorsqu'un joueur tire la dernière carte de la pioche, la partie est immédiatement arrêtée."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B4"), draw=["B3", "G3"])
    discover(e)
    assert not e.is_over() and len(e.pile) == 1
    discover(e)
    assert e.is_over() and e.result()["reason"] == "deck"
    assert e.to_act() == [] and e.legal_moves() == []
    assert any("dernière carte" in say(n, "fr") for n in e.view(None)["notes"])
    with pytest.raises(IllegalMove):
        e.play("0:end")


def test_rule_end_most_cards():
    """Le joueur avec le plus de cartes Île est déclaré Maître des Îles."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B4"), draw=["B3"],
             captured=[["Y3", "Y4", "G3"], ["G5", "Y5"]])
    discover(e)
    result = e.result()
    assert result["winner"] == 0 and result["scores"] == [3, 2] and result["tiebreak"] is None
    assert "Maître des Îles" in say(result["steps"][-1], "fr")


def test_rule_end_highest_sum():
    """En cas d'égalité, la plus haute somme des cartes Île l'emporte."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B4"), draw=["B3"],
             captured=[["Y1", "Y2"], ["G3", "G4"]])
    discover(e)
    result = e.result()
    assert result["winner"] == 1 and result["tiebreak"] == "sum"
    assert result["sums"] == [3, 7]


def test_rule_end_draw():
    """Sinon, faites une nouvelle partie !"""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R5 B4"), draw=["B3"],
             captured=[["Y1", "Y4"], ["G2", "G3"]])
    discover(e)
    result = e.result()
    assert result["winner"] is None and result["tiebreak"] == "draw"
    assert "nouvelle partie" in say(result["steps"][-1], "fr")


# -- team mode ------------------------------------------------------------------------------------
def test_rule_team_partners():
    """Mode coopératif : 2 équipes de 2 joueurs ; les joueurs face à face font équipe."""
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(3), seed=1, options={"mode": "team"})
    e = MasterIslandsEngine(seats(4), seed=1, options={"mode": "team"})
    assert [t["seats"] for t in e.view(None)["teams"]] == [[0, 2], [1, 3]]
    assert e.team_of(2) == (0, 2) and e.team_of(3) == (1, 3)


def test_rule_team_one_galleon():
    """Chaque joueur prend un seul pion Galion de couleur différente et le place sur la carte Île de départ."""
    e = MasterIslandsEngine(seats(4), seed=1, options={"mode": "team"})
    assert sorted(g.id for g in e.galleons) == ["0.1", "1.1", "2.1", "3.1"]
    assert all(g.pos == (0, 0) for g in e.galleons)


def test_rule_team_talk():
    """Les partenaires communiquent à haute voix sur la même carte Île ou sur des cartes adjacentes, par geste dans les autres situations."""
    grid = rows("R3 B4 G2\n.  Y1 .")
    hands = [H3, ["G2", "B2", "R2"], ["G3", "B3", "R3"], ["G4", "B1", "R4"]]

    def talk(alice, chloe):
        e = game(hands, grid=grid, galleons=[[alice], [(0, 0)], [chloe], [(0, 0)]], harbour=False, mode="team")
        return e.view(None)["teams"][0]["talk"]

    assert talk((0, 0), (0, 0)) == "voice"
    assert talk((0, 0), (1, 0)) == "voice"
    assert talk((0, 0), (2, 0)) == "gesture"
    assert talk((0, 0), (1, 1)) == "gesture"  # diagonal is not adjacent


def test_rule_team_twelve():
    """L'équipe récupérant au total au moins 12 cartes Île gagne."""
    hands = [H3, ["G2", "B2", "R2"], ["G3", "B3", "R3"], ["G4", "B1", "R4"]]
    e = game(hands, grid=rows("R5 B5"), mode="team",
             captured=[["Y1", "Y1", "Y2", "Y3", "Y3", "Y4"], ["Y4"] * 1, ["Y5", "G1", "G1", "G2"], []])
    assert e.view(None)["target"] == {"cards": 12, "by": "team"}
    discover(e)
    e.play("0:conquer/0,0;1,0")
    result = e.result()
    assert result["winner"] == [0, 2] and result["side_cards"] == [12, 1]
    assert result["scores"] == [8, 1, 4, 0]


# -- corsair mode -----------------------------------------------------------------------------------
def test_rule_corsair_players():
    """Mode Corsaire (1 contre tous) de 3 à 4 joueurs."""
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(2), seed=1, options={"mode": "corsair"})
    for n in (3, 4):
        e = MasterIslandsEngine(seats(n), seed=1, options={"mode": "corsair", "corsair_seat": n - 1})
        assert e.view(None)["corsair"]["seat"] == n - 1
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(3), seed=1, options={"mode": "corsair", "corsair_seat": 3})


def test_rule_corsair_one_galleon():
    """Chaque joueur prend un seul pion, hormis l'adversaire jouant le Corsaire."""
    e = MasterIslandsEngine(seats(4), seed=1, options={"mode": "corsair", "corsair_seat": 2})
    assert Counter(g.owner for g in e.galleons) == {0: 1, 1: 1, 2: 2, 3: 1}


def test_rule_corsair_no_cards():
    """Le Corsaire joue uniquement avec ses pions Galion et ne pioche pas de cartes."""
    e = MasterIslandsEngine(seats(3), seed=4, options={"mode": "corsair"})
    assert e.hands[0] == [] and [len(h) for h in e.hands] == [0, 3, 3]
    assert len(e.pile) == 48 - 6 - 1
    with pytest.raises(BadSetup):
        game([H3, ["G2", "B2", "R2"], ["G3", "B3", "R3"]], mode="corsair")  # a hand for the Corsair
    e = game([[], ["G2", "B2", "R2"], ["G3", "B3", "R3"]], grid=rows("R5 B4 G1"), mode="corsair",
             galleons=[[(0, 0), (0, 0)], [DOCK], [DOCK]])
    assert e.to_act() == [0] and e.phase.value == "corsair"
    assert refused(e, "0:place/G2@-1,0") == "corsair.no_cards"
    assert refused(e, "0:noconquest") == "corsair.no_cards"
    deck = len(e.pile)
    e.play("0:end")
    assert e.hands[0] == [] and len(e.pile) == deck and e.to_act() == [1]


def test_rule_corsair_four_points():
    """Le Corsaire a 4 points de mouvement qu'il répartit comme il le souhaite entre ses navires ; il n'est pas obligé de tous les utiliser."""
    grid = rows("R5 B4 G1 Y3 R2 B1")
    hands = [[], ["G2", "B2", "R2"], ["G3", "B3", "R3"]]
    e = game(hands, grid=grid, mode="corsair", galleons=[[(0, 0), (5, 0)], [DOCK], [DOCK]])
    assert e.view(0)["corsair"]["points_left"] == 4
    e.play("0:move/1/right")
    e.play("0:move/2/left")
    e.play("0:move/1/right")
    assert e.to_act() == [0] and e.view(0)["corsair"]["points_left"] == 1
    e.play("0:move/1/right")
    assert e.to_act() == [1]  # four points spent: the turn passes by itself
    assert e.galleon(0, 1).pos == (3, 0) and e.galleon(0, 2).pos == (4, 0)
    e = game(hands, grid=grid, mode="corsair", galleons=[[(0, 0), (5, 0)], [DOCK], [DOCK]])
    e.play("0:move/1/right")
    e.play("0:end")  # need not use them all
    assert e.to_act() == [1]


def test_rule_corsair_rounds():
    """Le Corsaire doit empêcher que les autres joueurs effectuent leurs alignements en moins de 4 tours (difficile), 7 tours (moyen) ou 10 tours (facile)."""
    for difficulty, rounds in (("hard", 4), ("medium", 7), ("easy", 10)):
        e = MasterIslandsEngine(seats(3), seed=3, options={"mode": "corsair", "difficulty": difficulty})
        assert e.view(None)["corsair"]["rounds_limit"] == rounds
        crew_turns = 0
        while not e.is_over():
            seat = e.to_act()[0]
            before = e.view(None)["corsair"]["rounds_done"]
            e.apply(first_non_conquest(e))
            if seat != 0 and e.to_act() != [seat]:
                crew_turns += 1
            assert e.view(None)["corsair"]["rounds_done"] >= before
        result = e.result()
        assert result["reason"] == "rounds" and result["winner"] == 0, difficulty
        assert crew_turns == 2 * rounds and result["rounds"] == rounds
        assert "le Corsaire" in say(result["steps"][-1], "fr")


def test_rule_corsair_twelve():
    """Les autres joueurs doivent effectuer un total de 12 points pour remporter la partie."""
    hands = [[], H3, ["G2", "B2", "R2"], ["G3", "B3", "R3"]]
    e = game(hands, grid=rows("R5 B5"), mode="corsair",
             captured=[[], ["Y1", "Y1", "Y2", "Y3"], ["Y3", "Y4", "Y4", "Y5"], ["G1", "G1"]],
             galleons=[[DOCK, DOCK], [DOCK], [DOCK], [DOCK]], first_player=1)
    assert e.view(None)["target"] == {"cards": 12, "by": "crew"}
    discover(e)
    e.play("1:conquer/0,0;1,0")
    result = e.result()
    assert result["winner"] == [1, 2, 3] and result["reason"] == "target"
    assert result["side_cards"] == [0, 12]


# -- house rules ------------------------------------------------------------------------------------
def test_rule_house_first_player():
    """Le premier joueur est choisi à la mise en place (par défaut la première place)."""
    assert MasterIslandsEngine(seats(4), seed=1).current == 0
    e = MasterIslandsEngine(seats(4), seed=1, options={"first_player": 2})
    assert e.to_act() == [2] and e.legal_moves()[0].seat == 2
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(2), seed=1, options={"first_player": 3})


def test_rule_house_distribution():
    """Chaque couleur compte trois 1, trois 2, deux 3, deux 4 et deux 5."""
    assert Counter(c.value for c in full_deck()) == {1: 12, 2: 12, 3: 8, 4: 8, 5: 8}
    e = MasterIslandsEngine(seats(2), seed=1, options={"distribution": "4,2,2,2,2"})
    values = Counter(int(code[1]) for code in all_cards(e).elements())
    assert values == {1: 16, 2: 8, 3: 8, 4: 8, 5: 8}
    for bad in ("3,3,2,2", "3,3,2,2,3", "a,b,c,d,e", "-1,5,4,2,2"):
        with pytest.raises(BadSetup):
            MasterIslandsEngine(seats(2), seed=1, options={"distribution": bad})


def test_rule_house_line_gaps():
    """Un alignement est n'importe quel ensemble de cartes d'une même ligne, colonne ou diagonale ; des emplacements vides peuvent les séparer."""
    grid = rows("R5 . B5 G2 Y5")
    e = game([H3, ["G2", "B2", "R2"]], grid=grid)
    discover(e)
    assert "0:conquer/0,0;2,0" in actions(e)
    strict = game([H3, ["G2", "B2", "R2"]], grid=grid, line_gaps=False)
    discover(strict)
    assert "0:conquer/0,0;2,0" not in actions(strict)
    assert refused(strict, "0:conquer/0,0;2,0") == "house.line_gaps"
    strict.play("0:conquer/2,0;4,0")  # a card left out (G2) may still separate them
    assert sorted(c.code for c in strict.captured[0]) == ["B5", "Y5"]
    assert cells_of(strict)[(3, 0)] == "G2"


def test_rule_house_galleons_on_cards():
    """Les galions ne se déplacent que sur des cartes Île."""
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R3 B4"), galleons=[[(0, 0), (0, 0)], [(1, 0), (1, 0)]], harbour=False)
    assert refused(e, "0:move/1/up") == "house.galleons_on_cards"
    e.play("0:place/G1@0,1")
    assert refused(e, "0:move/1/left") == "house.galleons_on_cards"
    assert all(g.pos in e.grid for g in e.galleons)


def test_rule_house_skip_impossible():
    """Une action obligatoire impossible (pas de carte en main, pas d'emplacement, pas de déplacement) est sautée ; le jeu explique pourquoi."""
    # the very first turn: nothing to move onto until a card is laid
    e = MasterIslandsEngine(seats(2), seed=8)
    assert all(m.action.startswith("place/") for m in e.legal_moves())
    # no card in hand: the placement is skipped, the move remains
    e = game([[], ["G2", "B2", "R2"]], grid=rows("R3 B4"), galleons=[[(0, 0), (0, 0)], [(1, 0), (1, 0)]], harbour=False)
    view = e.view(0)
    assert view["discovery"]["place_skipped"] and view["discovery"]["remaining"] == ["move"]
    assert "plus de carte en main" in say(view["notes"][0], "fr")
    assert all(a.startswith("0:move/") for a in actions(e))
    assert refused(e, "0:place/0@0,1") == "house.skip_impossible"
    e.play("0:move/1/right")
    assert e.to_act() == [1] and len(e.hands[0]) == 3
    # a free space after a move: the move must come first
    boxed = rows("""
    .  B2 .
    R1 R3 G4
    .  Y5 .
    """, origin=(-1, -1))
    e = game([H3, ["G2", "B2", "R2"]], grid=boxed, galleons=[[(0, 0), (0, 0)], [(-1, 0), (-1, 0)]], harbour=False)
    assert e.view(0)["discovery"]["remaining"] == ["place", "move"]
    assert all(a.startswith("0:move/") for a in actions(e))
    # no free space even after a move: the placement is skipped
    codes = iter(["G1", "G2", "G3", "G4", "G5", "B1", "B2", "B3", "B4", "B5", "R1", "R2", "R4"])
    diamond = {(x, y): next(codes) for y in range(-2, 3) for x in range(-2, 3) if abs(x) + abs(y) <= 2}
    e = game([H3, ["G2", "B2", "R2"]], grid=diamond, galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    view = e.view(0)
    assert view["discovery"]["place_skipped"] and view["discovery"]["remaining"] == ["move"]
    assert "même après un déplacement" in say(view["notes"][0], "fr")
    # no card and no move: the whole turn passes by itself
    stuck = game([[], ["G2", "B2", "R2"]], grid={(0, 0): "R3", (5, 5): "B4"},
                 galleons=[[(0, 0), (0, 0)], [(5, 5), (5, 5)]], harbour=False)
    notes = [say(n, "en") for n in stuck.view(1)["notes"]]
    assert stuck.to_act() == [1]
    assert any("no card left in hand" in n for n in notes) and any("move is skipped" in n for n in notes)


def test_rule_house_corsair_reading():
    """Mode Corsaire : « 12 points » veut dire 12 cartes réunies ensemble ; le Corsaire a 2 galions ; un tour est un tour de table des autres joueurs."""
    hands = [[], H3, ["G2", "B2", "R2"]]
    e = game(hands, grid=rows("R5 B5"), mode="corsair", corsair_target=4,
             captured=[[], ["Y1"], ["Y2"]], galleons=[[DOCK, DOCK], [DOCK], [DOCK]], first_player=1)
    assert len(e.own_galleons(0)) == 2
    assert e.view(None)["target"]["cards"] == 4
    discover(e)
    e.play("1:conquer/0,0;1,0")
    assert e.is_over() and e.result()["winner"] == [1, 2]
    # a round is one turn of each crew member
    e = MasterIslandsEngine(seats(3), seed=3, options={"mode": "corsair", "first_player": 1})
    for _ in range(2):
        seat = e.to_act()[0]
        while e.to_act() == [seat]:
            e.apply(first_non_conquest(e))
    assert e.view(None)["corsair"]["rounds_done"] == 1


def test_rule_house_corsair_deck_out():
    """Mode Corsaire : si la dernière carte est tirée, le Corsaire gagne."""
    hands = [[], H3, ["G2", "B2", "R2"]]
    e = game(hands, grid=rows("R5 B4"), mode="corsair", draw=["B3"], first_player=1,
             galleons=[[DOCK, DOCK], [DOCK], [DOCK]])
    discover(e)
    assert e.is_over() and e.result()["winner"] == 0 and e.result()["reason"] == "deck"
    e = game(hands, grid=rows("R5 B4"), mode="corsair", draw=["B3"], first_player=1,
             galleons=[[DOCK, DOCK], [DOCK], [DOCK]], corsair_deck_out="play_on", difficulty="hard")
    total = sum(all_cards(e).values())
    discover(e)
    assert not e.is_over() and e.pile == []
    while not e.is_over():
        e.apply(first_non_conquest(e))
    assert e.result()["reason"] == "rounds" and e.result()["winner"] == 0
    assert sum(all_cards(e).values()) == total


def test_rule_house_conquest_scope():
    """On peut conquérir n'importe quel alignement de la table, pas seulement celui que l'on vient de former."""
    grid = rows("R5 B5 . Y3")
    hands = [["G5", "G1", "B1"], ["G2", "B2", "R2"]]
    where = [[(3, 0), DOCK], [DOCK, DOCK]]
    for scope, expected in (("any", {"0,0;1,0", "0,0;4,0", "1,0;4,0"}), ("turn", {"0,0;4,0", "1,0;4,0"})):
        e = game(hands, grid=grid, galleons=where, conquest_scope=scope)
        e.play("0:place/G5@4,0")
        e.play("0:move/2/right")
        assert {a.split("/")[1] for a in actions(e) if "conquer/" in a} == expected, scope
    assert refused(e, "0:conquer/0,0;1,0") == "house.conquest_scope"
    # a card freed by the player's galleon this turn counts too
    e = game(hands, grid=rows("R5 B2 Y3\n.  .  G4"), galleons=[[(2, 0), DOCK], [DOCK, DOCK]], conquest_scope="turn")
    e.play("0:place/G1@99,37")
    e.play("0:move/1/down")
    assert actions(e) == ["0:conquer/0,0;1,0;2,0", "0:noconquest"]


# -- more checks: encoding, view, conquest listing ------------------------------------------------------
def test_move_syntax_is_checked():
    e = MasterIslandsEngine(seats(2), seed=1)
    for bad in ("place/R3", "place/R3@x,y", "move/1", "move/a/up", "conquer/", "noconquest/1", "jump"):
        with pytest.raises(BadMove):
            e.play(f"0:{bad}")


def test_describe_move_in_words():
    e = game([["R1", "R2", "G1"], ["G2", "B2", "B3"]], grid=rows("R3"),
             galleons=[[(0, 0), (0, 0)], [(0, 0), (0, 0)]], harbour=False)
    # words people use at the table: by a card beside it, never grid coordinates
    assert say(e.describe_move(Move(0, "place/R1@1,0")), "fr") == "Alice pose un 1 rouge à droite d'un 3 rouge."
    assert say(e.describe_move(Move(0, "place/R1@0,1")), "en") == "Alice lays a red 1 below a red 3."
    # German says the card beside in the dative; Spanish keeps the article
    assert say(e.describe_move(Move(0, "place/R1@1,0")), "de") == "Alice legt eine rote 1 rechts neben einer roten 3."
    assert say(e.describe_move(Move(0, "place/R1@0,1")), "es") == "Alice coloca un 1 rojo debajo de un 3 rojo."
    e.play("0:place/R1@1,0")
    assert say(e.describe_move(Move(0, "move/1/right")), "en") == "Alice moves galleon 1 onto a red 1."


def test_view_shows_own_hand_only_and_legal_actions():
    e = game([H3, ["G2", "B2", "R2"]], grid=rows("R3 B4"), galleons=[[(0, 0), (0, 0)], [(1, 0), (1, 0)]], harbour=False)
    v0, v1, spectator = e.view(0), e.view(1), e.view(None)
    assert v0["hand"] == H3 and v1["hand"] == ["G2", "B2", "R2"] and spectator["hand"] is None
    assert v0["hands"] == [{"seat": 0, "count": 3}, {"seat": 1, "count": 3}]
    assert "legal" in v0 and "legal" not in v1 and "legal" not in spectator
    assert v0["discovery"]["remaining"] == ["place", "move"]
    assert {g["id"]: (g["x"], g["y"]) for g in v0["galleons"]} == {"0.1": (0, 0), "0.2": (0, 0), "1.1": (1, 0), "1.2": (1, 0)}
    assert v0["cells"] == [
        {"x": 0, "y": 0, "card": "R3", "colour": "R", "value": 3, "galleons": ["0.1", "0.2"]},
        {"x": 1, "y": 0, "card": "B4", "colour": "B", "value": 4, "galleons": ["1.1", "1.2"]},
    ]
    assert "conquests" not in v0 and v0["deck_count"] == len(e.pile)
    assert e.view(0, conquests=True)["conquests"] == []


def test_explicit_deck_is_validated():
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(2), deck={"start": "R3", "hands": [H3], "draw": []})
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(2), deck={"start": "R6", "hands": [H3, H3], "draw": []})
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(2), deck={"start": "R5", "hands": [["R5", "R5"], []], "draw": []})  # three R5
    with pytest.raises(BadSetup):
        MasterIslandsEngine(seats(2), deck={"grid": {"0,0": "R3"}, "hands": [[], []], "galleons": [[[1, 0], [0, 0]], [[0, 0], [0, 0]]]})


def test_conquest_index_lists_every_subset_of_ten():
    items = [((i, 0), v) for i, v in enumerate([5, 1, 4, 5, 2, 3])]
    found = subsets_summing(items)
    brute = []
    from itertools import combinations
    for k in range(1, 7):
        for combo in combinations(items, k):
            if sum(v for _, v in combo) == 10:
                brute.append(tuple(p for p, _ in combo))
    assert sorted(found) == sorted(brute)
    index = ConquestIndex()
    for p, v in items:
        index.add(p, v)
    assert index.count() == len(brute)
    index.block((0, 0))
    assert index.count() == len([c for c in brute if (0, 0) not in c])


def test_view_lists_conquests_largest_first_and_capped():
    grid = {(x, 0): code for x, code in enumerate(["Y1", "Y1", "G1", "G1", "R1", "R1", "B1", "B1", "Y2", "Y2", "G2", "G2", "R2", "R2"])}
    e = game([["B2", "B2", "B3"], ["G3", "R3", "Y3"]], grid=grid)
    discover(e, "B3")
    view = e.view(0)
    assert view["conquest_count"] > CONQUEST_VIEW_LIMIT
    assert len(view["conquests"]) == CONQUEST_VIEW_LIMIT
    sizes = [c["size"] for c in view["conquests"]]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 9
    assert len([m for m in e.legal_moves() if m.action.startswith("conquer/")]) == view["conquest_count"]
