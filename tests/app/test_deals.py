"""Choosing the cards dealt (issue #24, explain/deals.py): for every game the form read from
a game gives that very game back when left as it is; a card moved between hands is dealt
where it was typed; the engine refuses what cannot be dealt, in its own words, and nothing
changes."""
from __future__ import annotations


import pytest

from ludotheque.core.messages import say
from ludotheque.core.record import Record, RecordError
from ludotheque.explain import deals
from ludotheque.explain import editor_screen as ui
from ludotheque.explain.draft import Draft
from ludotheque.games import engine_class
from ludotheque.games.replay import start
from ludotheque.ui.html import Raw

CASES = [("mookies", 2, 9, {}), ("mookies", 2, 31, {}),
         ("masterislands", 2, 3, {}), ("masterislands", 4, 17, {}),
         ("mindup", 3, 5, {}), ("mindup", 5, 8, {"objectives": 2}), ("mindup", 6, 40, {"objectives": 5}),
         ("mosquito", 3, 4, {}), ("mosquito", 4, 12, {"first_card": "domino"}), ("mosquito", 6, 77, {})]
HAND_GAMES = [c for c in CASES if c[0] != "mookies"]


def record(game: str, n: int, seed: int, options: dict) -> Record:
    seats = [{"name": f"Seat {i + 1}", "kind": "human", "youngest": i == 0} for i in range(n)]
    return engine_class(game)(seats, options=options, seed=seed).record()


def form(rec: Record) -> dict:
    return {f"deal-{p.key}": " ".join(p.codes) for p in deals.parts(rec)}


def views(rec: Record) -> list:
    engine = start(rec)
    return [engine.view(seat) for seat in [None] + list(range(len(rec.seats)))]


def with_deck(rec: Record, deck) -> Record:
    return Record(rec.game, rec.rules_version, dict(rec.options), rec.seats, None, deck, [], {})


@pytest.mark.parametrize("game,n,seed,options", CASES)
def test_a_form_left_as_it_is_gives_back_the_very_same_game(game, n, seed, options):
    rec = record(game, n, seed, options)
    assert game in deals.DEAL_GAMES
    deck = deals.deck_from(rec, form(rec))
    assert views(with_deck(rec, deck)) == views(rec)
    new = deals.dealt(rec, form(rec), "en")  # the same cards, every seat a person with a neutral name
    assert new.deck == deck and new.moves == [] and [s.name for s in new.seats][:2] == ["Player 1", "Player 2"]


@pytest.mark.parametrize("game,n,seed,options", CASES)
def test_the_form_has_a_field_per_hand_and_the_rest_of_the_deck(game, n, seed, options):
    rec = record(game, n, seed, options)
    keys = [p.key for p in deals.parts(rec)]
    hands = [f"hand{i + 1}" for i in range(n)]
    assert keys == {"mookies": ["pile1", "pile2"], "masterislands": ["start"] + hands + ["draw"],
                    "mindup": hands + ["centre", "draw"], "mosquito": hands + ["up", "draw"]}[game]
    total = sum(len(p.codes) for p in deals.parts(rec))
    assert total == {"mookies": 36, "mindup": 60, "mosquito": 65}.get(game, total)
    html = ui.editor_screen(Draft.start("ex", rec, "fr"), "fr", (600, 400), False, Raw(""))
    assert 'id="ed-deal"' in html and all(f'name="deal-{k}"' in html for k in keys)
    assert say(deals.legend(game), "de") != f"explain.deal.legend.{game}"


@pytest.mark.parametrize("game,n,seed,options", HAND_GAMES)
def test_a_card_swapped_between_two_hands_is_dealt_where_it_was_typed(game, n, seed, options):
    rec = record(game, n, seed, options)
    fields = form(rec)
    one, two = fields["deal-hand1"].split(), fields["deal-hand2"].split()
    a = next(c for c in one if c not in two and one.count(c) == 1)  # (MasterIslands has twin cards)
    b = next(c for c in two if c not in one and two.count(c) == 1)
    fields["deal-hand1"] = " ".join(b if c == a else c for c in one)
    fields["deal-hand2"] = " ".join(a if c == b else c for c in two)
    engine = start(deals.dealt(rec, fields, "fr"))
    hand0, hand1 = engine.view(0)["hand"], engine.view(1)["hand"]
    assert [str(c) for c in hand0].count(b) == 1 and a not in map(str, hand0)
    assert [str(c) for c in hand1].count(a) == 1 and b not in map(str, hand1)


@pytest.mark.parametrize("game,n,seed,options", [c for c in HAND_GAMES if c[0] in ("mindup", "mosquito")])
def test_a_card_taken_from_the_deck_leaves_it_and_the_card_it_replaces_goes_under_it(game, n, seed, options):
    rec = record(game, n, seed, options)
    fields = form(rec)
    rest, hand = fields["deal-draw"].split(), fields["deal-hand1"].split()
    new = deals.deck_from(rec, {**fields, "deal-hand1": " ".join([rest[0]] + hand[1:])})  # the rest as it was
    engine = start(with_deck(rec, new))
    assert rest[0] in map(str, engine.view(0)["hand"]) and hand[0] not in map(str, engine.view(0)["hand"])
    if game == "mindup":
        assert engine.draw[0] == int(rest[1]) and engine.draw[-1] == int(hand[0])
    else:
        assert engine.pile[-1] == rest[1] and engine.pile[0] == hand[0]


@pytest.mark.parametrize("game,n,seed,options", CASES)
def test_an_unknown_or_repeated_card_is_refused_with_a_message_and_nothing_changes(game, n, seed, options):
    rec = record(game, n, seed, options)
    before = rec.to_json()
    fields = form(rec)
    first = "pile1" if game == "mookies" else "hand1"
    second = "pile2" if game == "mookies" else "hand2"
    cards = fields[f"deal-{first}"].split()
    unknown = {"mookies": "dragon/lune", "masterislands": "Z9", "mindup": "61", "mosquito": "X7"}[game]
    # a card of the first field typed again in the second, in place of one of its own
    twice = fields[f"deal-{second}"].split()
    twice[0] = cards[0]
    if game == "mookies":  # a Mookies deal may repeat a card as often as the game holds it
        twice = [cards[0]] * 12
    for bad in ({**fields, f"deal-{first}": " ".join([unknown] + cards[1:])},
                {**fields, f"deal-{second}": " ".join(twice)}):
        with pytest.raises(RecordError) as err:
            deals.dealt(rec, bad, "en")
        text = say(err.value.msg, "en")
        assert text and "explain.deal" not in text and not text.startswith("Unreadable")
    assert rec.to_json() == before and form(rec) == fields


def test_a_mind_up_hand_or_row_of_the_wrong_size_is_refused_before_the_blocks_slide():
    rec = record("mindup", 4, 3, {})
    fields = form(rec)
    hand = fields["deal-hand2"].split()
    with pytest.raises(RecordError) as err:  # the seventh card moved to the next hand
        deals.dealt(rec, {**fields, "deal-hand2": " ".join(hand[:-1]),
                          "deal-hand3": fields["deal-hand3"] + " " + hand[-1]}, "fr")
    assert say(err.value.msg, "fr") == "Main de Seat 2 : il faut 7 cartes (ici 6)."
    with pytest.raises(RecordError) as err:
        deals.dealt(rec, {**fields, "deal-centre": fields["deal-centre"] + " " + fields["deal-draw"].split()[0]}, "en")
    assert say(err.value.msg, "en") == "Centre row: 4 cards are needed (here 5)."


def test_mosquito_hands_may_be_short_and_the_card_turned_up_is_one_card():
    rec = record("mosquito", 3, 4, {})
    fields = form(rec)
    short = {**fields, "deal-hand1": fields["deal-hand1"].split()[0]}
    engine = start(deals.dealt(rec, short, "en"))
    assert len(engine.hands[0]) == 1 and len(engine.pile) == 43 + 6
    with pytest.raises(RecordError) as err:
        deals.dealt(rec, {**fields, "deal-up": ""}, "en")
    assert say(err.value.msg, "en") == "Card turned up in the middle: 1 card is needed (here 0)."
    with pytest.raises(RecordError):  # an empty hand: the engine's own refusal
        deals.dealt(rec, {**fields, "deal-hand3": ""}, "en")


def test_mind_up_keeps_the_score_card_orders_and_objectives_of_the_game_shown():
    rec = record("mindup", 3, 11, {"objectives": 3})
    engine = start(rec)
    deck = deals.deck_from(rec, form(rec))
    assert deck["orders"] == engine.orders and deck["objectives"] == engine.objective_plan
    assert "objectives" not in deals.deck_from(record("mindup", 3, 11, {}), form(record("mindup", 3, 11, {})))
