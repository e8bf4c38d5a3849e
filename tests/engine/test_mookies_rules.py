"""One test per rule of L'Île des Mookies (MookiesEngine.RULES), docstring = the French rule.

Positions come from explicit decks (see mookies_support): pile lists are written top card
first, each card "upper/lower". Alice (seat 0) is the youngest unless a test says otherwise.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from ludotheque.bots import choose
from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.core.errors import BadSetup, IllegalMove
from ludotheque.core.messages import Msg, say
from ludotheque.core.record import Record
from ludotheque.core.seats import BotLevel
from ludotheque.games.mookies import RULES, Family, MookiesEngine
from ludotheque.games.mookies_deck import STANDARD_DECK
from ludotheque.games.replay import replay

from mookies_support import (
    ALICE, BRUNO, FAMILIES, SPIDER, all_faces, deck_multiset, endgame, game, turn, turns,
)

YOUNG_BRUNO = [{"name": "Alice"}, {"name": "Bruno", "youngest": True}]


def views(engine):
    return [engine.view(0), engine.view(1), engine.view(None)]


def illegal(engine, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        engine.play(text)
    return info.value


def fam(result, family):
    return next(f for f in result["families"] if f["family"] == family)


def duel(card_a, card_b, **options):
    """Alice plays the upper face of card_a, Bruno that of card_b, and the game ends."""
    return endgame([card_a, card_b], **options).result()


# -- players and material ---------------------------------------------------------------

def test_rule_players_two():
    """Nombre de joueurs : exactement deux, ni plus ni moins."""
    assert MookiesEngine.MIN_SEATS == MookiesEngine.MAX_SEATS == 2
    for seats in ([ALICE], [ALICE, BRUNO, {"name": "Chloé"}], []):
        with pytest.raises(BadSetup):
            MookiesEngine(seats, seed=1)
    assert len(MookiesEngine([ALICE, BRUNO], seed=1).seats) == 2


def test_rule_material_cards():
    """La boîte contient 36 cartes recto verso, soit 72 faces."""
    assert len(STANDARD_DECK) == 36
    assert all(len(card.split("/")) == 2 for card in STANDARD_DECK)
    assert len(all_faces()) == 72
    e = MookiesEngine([ALICE, BRUNO], seed=4)
    assert sum(len(p) for p in e.piles) == 36


def test_rule_material_mookies():
    """Les faces de Mookies : 60 Mookies ordinaires et 5 Mookies légendaires brillants."""
    faces = all_faces()
    ordinary = [f for f in faces if f in FAMILIES]
    legendary = [f for f in faces if f.endswith("*")]
    assert len(ordinary) == 60
    assert len(legendary) == 5
    assert len(ordinary) + len(legendary) + faces.count(SPIDER) == 72


def test_rule_material_spiders():
    """Les faces d'araignées : 7 au total, réparties sur les cartes."""
    assert all_faces().count(SPIDER) == 7
    spider_cards = [c for c in STANDARD_DECK if SPIDER in c.split("/")]
    assert len(spider_cards) == 7  # one spider per card: never a spider/spider card
    backs = [f for c in spider_cards for f in c.split("/") if f != SPIDER]
    assert all(b.rstrip("*") in FAMILIES for b in backs)
    assert set(b.rstrip("*") for b in backs) == set(FAMILIES)  # spread over the five families
    with pytest.raises(BadSetup):
        game(["araignee/araignee"], ["soleil/lune"])


def test_rule_material_families():
    """Cinq familles : Soleil, Lune, Fossile, Coquillage et Feuille. Chacune compte 12 Mookies ordinaires et un Mookie légendaire brillant."""
    assert tuple(f.value for f in Family) == FAMILIES
    faces = Counter(all_faces())
    for family in FAMILIES:
        assert faces[family] == 12, family
        assert faces[family + "*"] == 1, family
    for card in STANDARD_DECK:
        a, b = card.split("/")
        assert a.rstrip("*") != b.rstrip("*"), f"two faces of one family on {card}"
    legendary_cards = [c for c in STANDARD_DECK if "*" in c]
    assert len(legendary_cards) == 5 and all(c.count("*") == 1 for c in legendary_cards)


def test_rule_material_trophies():
    """À chaque famille correspond l'un des cinq trophées."""
    result = duel("soleil/lune", "fossile/coquillage")
    assert [f["family"] for f in result["families"]] == list(FAMILIES)
    assert {f["family"]: f["stars"] for f in result["families"]} == {
        "soleil": 3, "lune": 3, "fossile": 2, "coquillage": 2, "feuille": 1}
    for family in FAMILIES:
        assert f"stars_{family}" in MookiesEngine.OPTIONS.names()
    held = result["trophies"][0] + result["trophies"][1]
    assert sorted(held) == ["fossile", "soleil"] and len(set(held)) == len(held)


def test_rule_setup_two_piles():
    """Mélange les 36 cartes, puis forme deux paquets de hauteur à peu près égale."""
    deals = []
    for seed in range(4):
        e = MookiesEngine([ALICE, BRUNO], seed=seed)
        assert [len(p) for p in e.piles] == [18, 18]
        assert [p["count"] for p in e.view(None)["piles"]] == [18, 18]
        codes = [c.code for p in e.piles for c in p]
        assert deck_multiset(codes) == deck_multiset()
        deals.append(codes)
    assert len(set(map(tuple, deals))) == 4  # shuffled: every seed deals differently
    again = MookiesEngine([ALICE, BRUNO], seed=2)
    assert [c.code for p in again.piles for c in p] == deals[2]  # and the same seed deals the same
    listed = set(STANDARD_DECK)
    flipped = [c for c in deals[0] if c not in listed]
    assert flipped, "cards should lie on either face"


# -- a turn -------------------------------------------------------------------------------

def test_rule_turn_youngest_starts():
    """Le plus jeune joueur commence, puis chacun joue à son tour."""
    e = game(["soleil/lune", "fossile/feuille", "lune/fossile"], ["coquillage/feuille", "soleil/feuille"],
             seats=YOUNG_BRUNO)
    assert e.to_act() == [1] and e.view(None)["youngest"] == 1
    assert e.legal_moves(0) == []
    assert illegal(e, "0:take/1").rule == "game.turn"
    assert turn(e, 1, "up") == 1
    assert e.to_act() == [0]
    assert illegal(e, "1:take/1").rule == "game.turn"
    assert turn(e, 2, "up") == 0
    assert turn(e, 1, "up") == 1
    # the same deal with Alice youngest starts with Alice
    assert game(["soleil/lune"], ["lune/fossile"]).to_act() == [0]


def test_rule_turn_take_top():
    """À ton tour, choisis l'un des deux paquets et prends la carte du dessus."""
    e = game(["soleil/lune", "fossile/feuille"], ["coquillage/feuille", "lune/fossile"])
    assert [m.encode() for m in e.legal_moves()] == ["0:take/1", "0:take/2"]
    assert illegal(e, "0:face/up").rule == "turn.take_top"
    assert illegal(e, "0:take/3").rule == "record.syntax"
    e.play("0:take/2")
    assert e.view(0)["taken"] == {"pile": 2, "up": "coquillage", "down": "feuille"}
    assert [p["count"] for p in e.view(0)["piles"]] == [2, 1]


def test_rule_turn_both_faces():
    """Regarde ensuite les deux faces de cette carte."""
    e = game(["soleil/lune", "fossile/feuille"], ["coquillage/feuille", "fossile/coquillage"])
    before = json.dumps(e.view(0))
    assert '"soleil"' in before and '"lune"' not in before  # the lower face is hidden on the pile
    e.play("0:take/1")
    for v in views(e):
        assert v["taken"] == {"pile": 1, "up": "soleil", "down": "lune"}
        assert v["phase"] == "choose"
    assert [m.encode() for m in e.legal_moves()] == ["0:face/up", "0:face/down"]


def test_rule_turn_reveals_next():
    """Prendre une carte révèle aussi la face de la suivante."""
    e = game(["soleil/lune", "fossile/feuille"], ["coquillage/feuille", "lune/fossile"])
    assert e.view(1)["piles"][0] == {"count": 2, "top": "soleil"}
    assert '"fossile"' not in json.dumps(e.view(1))
    e.play("0:take/1")
    for v in views(e):
        assert v["piles"][0] == {"count": 1, "top": "fossile"}
        assert v["piles"][1] == {"count": 2, "top": "coquillage"}


def test_rule_turn_one_face():
    """Tu ne joues qu'une seule des deux faces."""
    e = game(["soleil/lune", "fossile/feuille"], ["coquillage/feuille", "lune/fossile"])
    e.play("0:take/1")
    err = illegal(e, "0:take/2")  # cannot take a second card
    assert err.rule == "turn.one_face"
    e.play("0:face/down")
    assert e.view(None)["collections"][0] == {"count": 1, "top": "lune"}
    counts = e.family_counts(0)
    assert counts[Family.LUNE] == 1 and counts[Family.SOLEIL] == 0
    assert sum(counts.values()) == 1
    assert illegal(e, "0:face/up").rule == "game.turn"  # the turn is over: Bruno's now
    assert e.to_act() == [1] and e.view(None)["phase"] == "take"


def test_rule_place_mookie_own():
    """Si tu joues la face Mookie, la carte rejoint ta propre collection."""
    e = game(["soleil/lune", "fossile/lune", "lune/coquillage"], ["coquillage/feuille", "lune/feuille"])
    turn(e, 1, "up")
    assert [c["count"] for c in e.view(None)["collections"]] == [1, 0]
    assert e.view(None)["collections"][0]["top"] == "soleil"
    turn(e, 1, "down")
    assert e.view(None)["collections"][1] == {"count": 1, "top": "lune"}
    assert e.collections[1][0].by == 1


def test_rule_place_spider_opponent():
    """Une face araignée se pose sur la collection de ton adversaire, jamais sur la tienne."""
    e = game(["araignee/soleil", "lune/araignee", "soleil/lune"], ["coquillage/feuille", "lune/feuille"])
    turn(e, 1, "up")
    assert e.view(None)["collections"] == [{"count": 0, "top": None}, {"count": 1, "top": "araignee"}]
    assert e.collections[1][0].by == 0
    turn(e, 1, "down")  # Bruno's spider lands on Alice
    assert e.view(None)["collections"][0] == {"count": 1, "top": "araignee"}
    assert [e.spider_count(0), e.spider_count(1)] == [1, 1]


def test_rule_collection_pile():
    """Chaque collection forme une pile unique : seule la dernière carte posée reste visible."""
    e = game(["soleil/lune", "fossile/feuille", "lune/coquillage", "soleil/fossile"], ["coquillage/feuille"])
    turns(e, "1u 1u 1u")
    cols = e.view(1)["collections"]
    assert cols[0] == {"count": 2, "top": "lune"}  # soleil lies under lune
    assert cols[1] == {"count": 1, "top": "fossile"}


def test_rule_collection_no_peeking():
    """Les cartes recouvertes ne se consultent pas : il faut se souvenir de ce que l'on a posé."""
    piles = (["soleil*/fossile", "lune/coquillage", "feuille/coquillage", "soleil/lune"], ["lune/feuille"])
    e = game(*piles)
    turns(e, "1u 1u 1u")  # Alice's legendary Sun is now covered by a Leaf
    for v in views(e):
        text = json.dumps(v, ensure_ascii=False)
        assert all("faces" not in c for c in v["collections"])
        assert "soleil*" not in text and '"fossile"' not in text
        assert v["collections"][0] == {"count": 2, "top": "feuille"}
    memo = game(*piles, easy_memory=True)
    turns(memo, "1u 1u 1u")
    assert memo.view(1)["collections"][0]["faces"] == ["soleil*", "feuille"]


# -- end of the game ------------------------------------------------------------------------

def test_rule_end_pile_empty():
    """La partie prend fin dès que la dernière carte d'un paquet a été jouée dans une collection."""
    e = game(["soleil/lune", "fossile/feuille"], ["coquillage/feuille", "lune/fossile", "soleil/feuille"])
    for pile in (2, 1, 2):
        turn(e, pile, "up")
        assert not e.is_over()
    e.play("1:take/1")  # pile 1's last card taken but not yet laid: not over
    assert e.view(None)["piles"][0]["count"] == 0 and not e.is_over() and e.to_act() == [1]
    e.play("1:face/up")
    assert e.is_over() and e.view(None)["over"] and e.to_act() == [] and e.legal_moves() == []
    assert illegal(e, "0:take/2").rule == "game.over"


def test_rule_end_rest_set_aside():
    """Les cartes qui restent dans l'autre paquet sont écartées du décompte."""
    e = game(["soleil/lune"], ["soleil*/fossile", "lune*/coquillage"])
    turn(e, 1, "up")
    assert e.is_over()
    assert [c.code for c in e.set_aside] == ["soleil*/fossile", "lune*/coquillage"]
    r = e.result()
    assert fam(r, "soleil")["counts"] == [1, 0] and fam(r, "soleil")["legendary"] == [0, 0]
    assert fam(r, "lune")["counts"] == [0, 0]
    assert r["trophies"] == [["soleil"], []] and r["stars"] == [3, 0]


def test_rule_end_no_trophy_during_play():
    """Aucun trophée ne change de main en cours de partie."""
    e = game(["soleil/lune", "lune/fossile", "soleil/feuille"], ["coquillage/feuille"])
    turn(e, 1, "up")  # Alice leads the Suns...
    assert not e.is_over()
    for v in views(e):
        assert "result" not in v and "trophies" not in json.dumps(v)
    with pytest.raises(IllegalMove) as info:
        e.result()
    assert info.value.rule == "game.not_over"
    turns(e, "1u 1u")
    assert e.result()["trophies"] == [["soleil"], ["lune"]]  # ...awarded only at the end


def test_rule_score_played_faces_only():
    """Seules les faces effectivement jouées comptent : un Mookie caché au dos d'une araignée ne rapporte rien."""
    e = endgame(["araignee/soleil", "lune/soleil"])  # Alice's spider on Bruno, Bruno's Moon hides a Sun
    r = e.result()
    assert fam(r, "soleil")["counts"] == [0, 0] and fam(r, "soleil")["trophy"] is None
    assert fam(r, "lune")["counts"] == [0, 1]
    assert r["spiders"] == [0, 1]
    assert e.family_counts(1)[Family.SOLEIL] == 0


def test_rule_score_majority():
    """Pour chaque famille, celui qui possède le plus de Mookies reçoit le trophée."""
    r = endgame(["soleil/lune", "soleil/fossile", "soleil/feuille", "fossile/coquillage"]).result()
    assert fam(r, "soleil")["counts"] == [2, 1] and fam(r, "soleil")["trophy"] == 0
    assert fam(r, "fossile")["counts"] == [0, 1] and fam(r, "fossile")["trophy"] == 1
    assert [fam(r, f)["trophy"] for f in ("lune", "coquillage", "feuille")] == [None, None, None]
    assert r["trophies"] == [["soleil"], ["fossile"]] and r["stars"] == [3, 2] and r["winner"] == 0


def test_rule_score_family_tie():
    """En cas d'égalité, le trophée de cette famille n'est attribué à personne."""
    r = endgame(["soleil/lune", "soleil/fossile"]).result()
    assert fam(r, "soleil")["counts"] == [1, 1] and fam(r, "soleil")["trophy"] is None
    assert r["trophies"] == [[], []] and r["stars"] == [0, 0]


def test_rule_score_legendary_double():
    """Un Mookie légendaire compte pour deux Mookies de sa famille, mais ne vaut ni deux trophées ni deux étoiles."""
    r = endgame(["soleil*/fossile", "soleil/lune"]).result()
    assert fam(r, "soleil")["counts"] == [2, 1] and fam(r, "soleil")["legendary"] == [1, 0]
    assert fam(r, "soleil")["trophy"] == 0
    assert r["trophies"] == [["soleil"], []] and r["stars"] == [3, 0]  # one trophy, three stars
    # one legendary equals two ordinary Mookies: a tie, nobody gets the trophy
    r = endgame(["soleil*/fossile", "soleil/lune", "lune/fossile", "soleil/feuille"]).result()
    assert fam(r, "soleil")["counts"] == [2, 2] and fam(r, "soleil")["trophy"] is None


# -- spiders -------------------------------------------------------------------------------------

def test_rule_spiders_after_trophies():
    """Les araignées se comparent une seule fois, après l'attribution des trophées."""
    # Alice wins Sun and Fossil, Bruno lays two spiders on her: she returns ONE trophy, once.
    e = endgame(["soleil/lune", "araignee/lune", "fossile/feuille", "araignee/soleil"])
    assert e.view(None)["phase"] == "penalty" and e.to_act() == [0]
    assert e._final["trophies_before_penalty"] == [["soleil", "fossile"], []]
    assert e._final["spiders"] == [2, 0]
    e.play("0:return/fossile")
    r = e.result()
    assert r["trophies"] == [["soleil"], []] and r["stars"] == [3, 0]
    assert fam(r, "fossile")["trophy"] == 0  # awarded first, then given back
    assert e.is_over()


def test_rule_spiders_most_returns_one():
    """Le joueur qui a le plus d'araignées choisit un seul de ses trophées et le remet dans la boîte."""
    laid = ["araignee/lune", "soleil/lune", "fossile/coquillage", "feuille/coquillage", "araignee/coquillage"]
    e = endgame(laid, rest=("lune/fossile",))
    # Bruno (2 spiders) holds Sun and Leaf; Alice laid the last card, yet Bruno must act.
    v = e.view(None)
    assert v["phase"] == "penalty" and v["current"] == 0 and e.to_act() == [1]
    assert v["penalty"] == {"seat": 1, "choices": ["soleil", "feuille"]}
    assert not e.is_over()
    assert [m.encode() for m in e.legal_moves()] == ["1:return/soleil", "1:return/feuille"]
    assert e.legal_moves(0) == []
    for text in ("1:return/fossile", "1:return/lune", "1:take/2", "1:face/up"):
        assert illegal(e, text).rule == "spiders.most_returns_one", text
    assert illegal(e, "0:return/fossile").rule == "game.turn"
    record = e.record()
    e.play("1:return/feuille")
    r = e.result()
    assert r["returned"] == "feuille" and r["trophies"] == [["fossile"], ["soleil"]]
    assert r["stars"] == [2, 3] and r["winner"] == 1
    # the other choice changes the outcome: the choice is really Bruno's
    other = replay(record)
    other.play("1:return/soleil")
    assert other.result()["stars"] == [2, 1] and other.result()["winner"] == 0


def test_rule_spiders_tie():
    """Égalité d'araignées : aucun trophée n'est retiré."""
    e = endgame(["soleil/lune", "araignee/lune", "araignee/soleil", "lune/fossile"])
    r = e.result()
    assert r["spiders"] == [1, 1] and r["penalised"] is None and r["returned"] is None
    assert r["trophies"] == r["trophies_before_penalty"] == [["soleil"], ["lune"]]
    assert r["stars"] == [3, 3]


def test_rule_spiders_no_immediate():
    """Une araignée posée ne retire rien sur le moment : la sanction tombe au décompte final."""
    e = game(["soleil/lune", "araignee/lune", "lune/feuille"], ["coquillage/feuille"])
    turns(e, "1u 1u")  # Alice's Sun, then Bruno's spider on her
    v = e.view(None)
    assert v["phase"] == "take" and e.to_act() == [0] and "penalty" not in v
    assert v["collections"][0] == {"count": 2, "top": "araignee"}
    assert e.family_counts(0)[Family.SOLEIL] == 1  # the Sun under the spider still counts
    turn(e, 1, "up")  # Alice's Moon ends the game: now the spider bites
    assert e.view(None)["phase"] == "penalty" and e._final["penalised"] == 0


# -- stars --------------------------------------------------------------------------------------

def test_rule_stars_sum():
    """Chaque joueur additionne les étoiles de ses trophées : le total le plus élevé gagne, quel que soit le nombre de cartes ou de trophées."""
    e = endgame(["soleil/lune", "fossile/coquillage", "lune/fossile", "coquillage/feuille",
                 "feuille/soleil", "feuille*/lune"])
    r = e.result()
    assert r["trophies"] == [["soleil", "lune"], ["fossile", "coquillage", "feuille"]]
    assert r["stars"] == [6, 5] and r["scores"] == [6, 5]
    assert r["winner"] == 0 and r["tiebreak"] is None  # two trophies beat three


def test_rule_stars_returned_worth_nothing():
    """Un trophée rendu ne rapporte plus rien."""
    e = endgame(["soleil/lune", "araignee/lune", "feuille/coquillage", "fossile/coquillage"])
    assert e.to_act() == [0] and e.view(0)["penalty"]["choices"] == ["soleil", "feuille"]
    e.play("0:return/soleil")
    r = e.result()
    assert r["trophies"] == [["feuille"], ["fossile"]]
    assert r["stars"] == [1, 2] and r["winner"] == 1  # with her Sun she would have had 4


def test_rule_stars_tie_youngest():
    """En cas d'égalité d'étoiles, le joueur le plus jeune remporte la partie."""
    r = endgame(["soleil/lune", "lune/fossile"]).result()  # Alice (youngest) Sun, Bruno Moon
    assert r["stars"] == [3, 3] and r["winner"] == 0 and r["tiebreak"] == "youngest"
    r = endgame(["soleil/lune", "lune/fossile"], seats=YOUNG_BRUNO).result()  # Bruno starts
    assert r["trophies"] == [["lune"], ["soleil"]]
    assert r["stars"] == [3, 3] and r["winner"] == 1 and r["tiebreak"] == "youngest"
    r = endgame(["soleil/lune", "fossile/lune"]).result()
    assert r["winner"] == 0 and r["tiebreak"] is None


# -- house rules ----------------------------------------------------------------------------------

def test_rule_house_stars_per_trophy():
    """Étoiles par trophée : Soleil 3, Lune 3, Fossile 2, Coquillage 2, Feuille 1."""
    defaults = MookiesEngine.OPTIONS.defaults()
    assert {f: defaults[f"stars_{f}"] for f in FAMILIES} == {
        "soleil": 3, "lune": 3, "fossile": 2, "coquillage": 2, "feuille": 1}
    assert RULES["house.stars_per_trophy"].option == "stars_soleil"
    r = duel("soleil/lune", "fossile/coquillage")
    assert r["stars"] == [3, 2] and r["winner"] == 0
    r = duel("soleil/lune", "fossile/coquillage", stars_soleil=1)
    assert r["stars"] == [1, 2] and r["winner"] == 1
    for bad in (10, -1, "3", True):
        with pytest.raises(BadSetup):
            endgame(["soleil/lune", "fossile/coquillage"], stars_soleil=bad)


def test_rule_house_stars_lune():
    """Étoiles du trophée Lune : 3 par défaut (option)."""
    assert duel("lune/soleil", "fossile/coquillage")["stars"] == [3, 2]
    r = duel("lune/soleil", "fossile/coquillage", stars_lune=1)
    assert r["stars"] == [1, 2] and r["winner"] == 1 and fam(r, "lune")["stars"] == 1


def test_rule_house_stars_fossile():
    """Étoiles du trophée Fossile : 2 par défaut (option)."""
    assert duel("fossile/soleil", "feuille/coquillage")["stars"] == [2, 1]
    r = duel("fossile/soleil", "feuille/coquillage", stars_fossile=0)
    assert r["stars"] == [0, 1] and r["winner"] == 1


def test_rule_house_stars_coquillage():
    """Étoiles du trophée Coquillage : 2 par défaut (option)."""
    assert duel("coquillage/soleil", "feuille/lune")["stars"] == [2, 1]
    r = duel("coquillage/soleil", "feuille/lune", stars_coquillage=0)
    assert r["stars"] == [0, 1] and r["winner"] == 1


def test_rule_house_stars_feuille():
    """Étoiles du trophée Feuille : 1 par défaut (option)."""
    r = duel("feuille/lune", "soleil/fossile")
    assert r["stars"] == [1, 3] and r["winner"] == 1
    r = duel("feuille/lune", "soleil/fossile", stars_feuille=9)
    assert r["stars"] == [9, 3] and r["winner"] == 0


def test_rule_house_deck_list():
    """Les faces de chaque carte suivent une liste fixe et documentée."""
    opt = next(o for o in MookiesEngine.OPTIONS if o.name == "deck_list")
    assert opt.default == "standard" and opt.choices == ("standard",) and opt.house_rule
    with pytest.raises(BadSetup):
        MookiesEngine([ALICE, BRUNO], seed=1, options={"deck_list": "other"})
    game(["fossile/soleil*"], ["lune/soleil"])  # either face may be the upper one
    bad_decks = [
        (["soleil/soleil"], ["lune/fossile"]),              # not on the list
        (["soleil*/fossile", "fossile/soleil*"], ["lune/fossile"]),  # only one such card
        (["dragon/soleil"], ["lune/fossile"]),              # unknown face
        (["soleil**/fossile"], ["lune/fossile"]),           # not a face code
        (["soleil"], ["lune/fossile"]),                     # one face only
        ([], ["lune/fossile"]),                             # empty pile
    ]
    for p1, p2 in bad_decks:
        with pytest.raises(BadSetup):
            game(p1, p2)
    for deck in ({"piles": [["soleil/lune"]]}, [], {"cards": []}, "soleil/lune"):
        with pytest.raises(BadSetup):
            MookiesEngine([ALICE, BRUNO], deck=deck)
    dealt = [c.code for p in MookiesEngine([ALICE, BRUNO], seed=9).piles for c in p]
    assert deck_multiset(dealt) == deck_multiset(STANDARD_DECK)


def test_rule_house_penalty_without_trophy():
    """Un joueur pénalisé sans trophée : il ne se passe rien."""
    # Alice's spider on Bruno; Bruno's Sun is beaten by Alice's legendary Sun: he has no trophy.
    e = endgame(["araignee/lune", "soleil/lune", "soleil*/fossile"])
    assert e.is_over() and e.view(None)["phase"] == "over"
    r = e.result()
    assert r["penalised"] == 1 and r["trophies_before_penalty"] == [["soleil"], []]
    assert r["returned"] is None and r["trophies"] == [["soleil"], []] and r["stars"] == [3, 0]
    assert "il ne se passe rien" in say(r["steps"][5], "fr")
    opt = next(o for o in MookiesEngine.OPTIONS if o.name == "penalty_without_trophy")
    assert opt.default == "nothing" and opt.house_rule
    with pytest.raises(BadSetup):
        endgame(["soleil/lune"], penalty_without_trophy="lose_stars")


def test_rule_house_penalty_choice():
    """Le joueur pénalisé choisit le trophée rendu ; un robot rend le moins étoilé."""
    laid = ["soleil/lune", "araignee/lune", "fossile/feuille"]  # Alice: Sun + Fossil, one spider
    e = endgame(laid)
    assert e.view(0)["phase"] == "penalty" and e.to_act() == [0]
    assert [m.encode() for m in e.legal_moves(0)] == ["0:return/soleil", "0:return/fossile"]
    e.play("0:return/soleil")  # a human may give back the better one
    assert e.result()["trophies"][0] == ["fossile"]
    auto = endgame(laid, penalty_choice="fewest_stars")
    assert auto.is_over() and auto.result()["returned"] == "fossile"
    assert auto.result()["trophies"][0] == ["soleil"]
    # with equal stars, the first family in the list order goes back
    tied = endgame(["soleil/fossile", "araignee/fossile", "lune/feuille"], penalty_choice="fewest_stars")
    assert tied.result()["returned"] == "soleil"
    # exactly one trophy: nothing to choose, it goes back at once
    single = endgame(["soleil/lune", "araignee/lune"])
    assert single.is_over() and single.result()["returned"] == "soleil"
    # a bot seat picks the trophy worth fewest stars, at every level
    for level in BotLevel:
        seats = [dict(ALICE, kind="bot", level=level.value), BRUNO]
        bot_game = endgame(laid, seats=seats)
        move = choose(bot_game, 0, level)
        assert move.encode() == "0:return/fossile", level
        bot_game.apply(move)
        assert bot_game.result()["trophies"][0] == ["soleil"]
    with pytest.raises(BadSetup):
        endgame(laid, penalty_choice="random")


def test_rule_house_easy_memory():
    """Mémoire facile (option) : les collections peuvent être consultées."""
    assert MookiesEngine.OPTIONS.defaults()["easy_memory"] is False
    piles = (["soleil/lune", "araignee/fossile", "lune/coquillage", "fossile/feuille"], ["coquillage/feuille"])
    e = game(*piles, easy_memory=True)
    turns(e, "1u 1u 1u")
    for v in views(e):
        assert v["collections"][0]["faces"] == ["soleil", "araignee", "lune"]
        assert v["collections"][1]["faces"] == []
    plain = game(*piles)
    turns(plain, "1u 1u 1u")
    assert all("faces" not in c for v in views(plain) for c in v["collections"])
    turn(plain, 1, "up")  # at the end, every collection is shown anyway
    assert plain.view(None)["collections"][0]["faces"] == ["soleil", "araignee", "lune"]


# -- not rules, but the contract around them ----------------------------------------------------------

def test_every_rule_test_docstring_is_its_rule():
    tests = {name: fn for name, fn in globals().items() if name.startswith("test_rule_")}
    for rule in RULES:
        name = "test_rule_" + rule.id.replace(".", "_").replace("-", "_")
        assert name in tests, name
        assert (tests[name].__doc__ or "").strip() == rule.text("fr"), name
    assert len(tests) == len(RULES)


def test_exactly_one_youngest_required():
    for seats in ([{"name": "Alice"}, {"name": "Bruno"}],
                  [{"name": "Alice", "youngest": True}, {"name": "Bruno", "youngest": True}]):
        with pytest.raises(BadSetup) as info:
            MookiesEngine(seats, seed=1)
        assert info.value.message("fr") and info.value.message("en") and info.value.message("de")


def test_illegal_messages_in_french_and_english():
    e = endgame(["soleil/lune", "araignee/lune", "fossile/feuille"], rest=("coquillage/feuille", "lune/fossile"))
    fresh = game(["soleil/lune", "fossile/feuille"], ["coquillage/feuille", "lune/fossile"])
    errors = [illegal(fresh, "1:take/1"), illegal(fresh, "0:face/up"), illegal(fresh, "5:take/1"),
              illegal(fresh, "*:take/1"), illegal(fresh, "0:jump/1"), illegal(fresh, "nonsense")]
    fresh.play("0:take/1")
    errors.append(illegal(fresh, "0:take/2"))
    errors += [illegal(e, "0:return/lune"), illegal(e, "0:take/2")]
    e.play("0:return/fossile")
    errors.append(illegal(e, "0:take/2"))
    rules = [err.rule for err in errors]
    assert rules == ["game.turn", "turn.take_top", "game.seat", "game.seat", "record.syntax", "record.syntax",
                     "turn.one_face", "spiders.most_returns_one", "spiders.most_returns_one", "game.over"]
    for err in errors:
        assert err.rule in RULES or err.rule.startswith(("game.", "record."))
        # the game's own refusals are in every language; the platform's (game.turn, record.*) at least in two
        langs = ("fr", "en", "de", "es") if isinstance(err.msg, Msg) else ("fr", "en")
        worded = [err.message(lang).strip() for lang in langs]
        assert all(worded) and len(set(worded)) == len(langs), worded
    assert fresh.moves == [Move(0, "take/1")]  # refused moves change nothing


def test_system_seat_moves_are_refused():
    e = game(["soleil/lune"], ["lune/fossile"])
    assert not e.is_legal(Move(SYSTEM_SEAT, "take/1"))
    assert illegal(e, "*:take/1").rule == "game.seat"
    assert e.moves == [] and e.view(None)["phase"] == "take"


def words(text) -> dict:
    return {lang: say(text, lang) for lang in ("fr", "en")}


def test_describe_move_wording():
    e = game(["soleil*/fossile", "araignee/lune", "lune/feuille"], ["coquillage/feuille"])
    assert words(e.describe_move(Move(0, "take/1"))) == {
        "fr": "Alice prend la carte du paquet 1.", "en": "Alice takes the card from pile 1."}
    e.play("0:take/1")
    assert words(e.describe_move(Move(0, "face/up"))) == {
        "fr": "Alice pose un Mookie Soleil légendaire dans sa collection.",
        "en": "Alice lays a legendary Sun Mookie in their collection."}
    assert say(e.describe_move(Move(0, "face/up")), "de") == "Alice legt einen legendären Sonnen-Mookie in die eigene Sammlung."
    assert say(e.describe_move(Move(0, "face/down")), "fr") == "Alice pose un Mookie Fossile dans sa collection."
    # read by a seat (its move log) in a memory game, the face is not named
    assert say(e.describe_move(Move(0, "face/up"), 0), "fr") == "Alice pose une carte dans sa collection."
    e.play("0:face/up")
    e.play("1:take/1")
    assert words(e.describe_move(Move(1, "face/up"))) == {
        "fr": "Bruno pose une araignée sur la collection d'Alice.",
        "en": "Bruno lays a spider on Alice's collection."}
    assert say(e.describe_move(Move(1, "face/up"), 1), "es") == "Bruno pone una carta en la colección de Alice."
    e.play("1:face/up")
    turn(e, 1, "up")
    assert e.view(None)["phase"] == "penalty"
    assert words(e.describe_move(Move(0, "return/lune"))) == {
        "fr": "Alice rend le trophée Lune.", "en": "Alice gives back the Moon trophy."}


def test_result_steps_wording():
    e = endgame(["soleil*/fossile", "soleil/lune", "araignee/lune", "lune/feuille", "fossile/coquillage"])
    # Alice: legendary Sun + Fossil; Bruno: Sun + Moon + Alice's spider -> Bruno penalised, one trophy
    r = e.result()
    assert all(set(s) <= {"id", "params"} and s["id"].startswith("mookies.end.") for s in r["steps"])
    steps = [words(s) for s in r["steps"]]
    assert all(s["fr"] and s["en"] for s in steps)
    assert len(steps) == 5 + 3
    assert steps[0]["fr"] == ("Soleil : 2 contre 1 (Alice a le légendaire, compté double) : "
                              "Alice gagne le trophée (3 étoiles).")
    assert steps[0]["en"] == "Sun: 2 to 1 (Alice has the legendary, counted twice): Alice wins the trophy (3 stars)."
    assert steps[1]["fr"] == "Lune : 0 contre 1 : Bruno gagne le trophée (3 étoiles)."
    assert steps[2]["fr"] == "Fossile : 1 contre 0 : Alice gagne le trophée (2 étoiles)."
    assert steps[3]["fr"] == "Coquillage : 0 contre 0, égalité : le trophée n'est attribué à personne."
    assert steps[3]["en"] == "Shell: 0 to 0, a tie: the trophy goes to nobody."
    assert steps[5]["fr"] == "Araignées : 0 contre 1 : Bruno en a le plus et rend le trophée Lune."
    assert steps[5]["en"] == "Spiders: 0 to 1: Bruno has more and gives back the Moon trophy."
    assert steps[6]["fr"] == "Étoiles : Alice 5, Bruno 0."
    assert steps[7] == {"fr": "Alice gagne la partie !", "en": "Alice wins the game!"}
    tie = [words(s) for s in endgame(["soleil/lune", "lune/fossile"], seats=YOUNG_BRUNO).result()["steps"]]
    assert tie[5]["fr"] == "Araignées : 0 contre 0, égalité : aucun trophée n'est retiré."
    assert tie[-1]["fr"] == "Égalité d'étoiles : Bruno gagne la partie (à égalité, la personne la plus jeune l'emporte)."
    assert tie[-1]["en"] == "Equal stars: Bruno wins the game (on a tie, the youngest wins)."
    leaf = words(duel("feuille/lune", "soleil/fossile")["steps"][4])
    assert leaf["fr"].endswith("(1 étoile).") and leaf["en"].endswith("(1 star).")


def test_views_and_results_are_plain_json():
    e = endgame(["soleil/lune", "araignee/lune", "fossile/feuille"])
    for v in views(e):
        assert json.loads(json.dumps(v)) == v
    e.play("0:return/fossile")
    for v in views(e):
        assert json.loads(json.dumps(v)) == v and v["result"] == e.result()
    again = replay(Record.from_json(e.record().to_json()))
    assert again.view(None) == e.view(None)
