"""Mind Up!'s "Difficile" search (bots/mindup_search.py): its rollouts play the round out on plain
lists instead of the engine, so they must score exactly as the engine does, and its model of the
others' choice must read the table the way the rules do."""
from __future__ import annotations

import pytest

from ludotheque.bots import bot_rng, choose, mindup_search as mus
from ludotheque.bots.mindup import evaluate, tally_of
from ludotheque.bots.search import Budget, run
from ludotheque.core.engine import Move
from ludotheque.core.rng import Rng, derive_seed
from ludotheque.core.seats import BotLevel
from ludotheque.games.mindup import MindUpEngine


def position(seed: int, moves: int, objectives: int) -> MindUpEngine:
    e = MindUpEngine([{"name": f"P{i}"} for i in range(4)], options={"objectives": objectives}, seed=seed)
    for _ in range(moves):
        e.apply(choose(e, e.to_act()[0], BotLevel.EASY))
    return e


def lowest(hand, centre, tally, order, rng):
    return min(hand)


def highest_but_one(hand, centre, tally, order, rng):
    return sorted(hand)[-2] if len(hand) > 1 else hand[0]


# (seed, moves played first, objectives): round 1's first turn, mid-turn (some seats have
# chosen), round 2 (hands came back with a drawn card), round 3 near its end.
POSITIONS = [(1, 0, 0), (2, 6, 3), (3, 9, 5), (4, 30, 2), (5, 61, 3), (6, 78, 0)]


@pytest.mark.parametrize("seed,moves,objectives", POSITIONS)
@pytest.mark.parametrize("rule", [lowest, highest_but_one])
def test_round_points_score_the_round_as_the_engine_does(monkeypatch, seed, moves, objectives, rule):
    e = position(seed, moves, objectives)
    round_no = e.round
    monkeypatch.setattr(mus, "policy_card", rule)
    fast = mus.round_points(e, Rng(0))
    order = e.order()
    while e.round == round_no and not e.is_over():
        seat = e.to_act()[0]
        card = rule(e.hands[seat], e.centre, tally_of(e.strips[seat], order), order, None)
        e.apply(Move(seat, f"play/{card}"))
    assert fast == [p["points"] for p in e.rounds[-1]["players"]]


def test_aim_goes_for_the_centre_card_worth_most():
    # Score cards 1..5 left to right, empty strip: any card taken lands on the 1, so the
    # centre cards differ by their bonus only, and 58 (+1) is the best. 59 is almost surely the
    # highest play, which takes the highest centre card.
    order = [1, 2, 3, 4, 5]
    empty = tally_of([[] for _ in range(5)], order)
    assert mus.aim([2, 5, 59], [6, 20, 30, 58], empty, order) == 59
    # Orange already lies on the score card 5 (blue on the 1): the orange 1 (-1) is worth 4,
    # the blue cards 0 to 2, so the lowest card goes for the lowest centre card.
    blue_on_1_orange_on_5 = tally_of([[3], [4], [7], [2], [8]], order)
    assert mus.aim([2, 5, 59], [1, 13, 21, 24], blue_on_1_orange_on_5, order) == 2


def test_rollouts_stop_at_the_round_and_value_every_seat():
    e = position(7, 5, 3)
    seat = e.to_act()[0]
    state = mus.GAME.determinise(e, seat, Rng(3))
    values = mus.GAME.rollout(e, state, seat, Rng(4))
    assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)
    assert state.round == e.round and len(state.moves) == len(e.moves), "the sample itself is not played on"


def test_the_search_weighs_only_the_normal_bots_best_cards():
    e = position(8, 0, 0)
    seat = e.to_act()[0]
    mus.GAME.__dict__.pop("_known", None)
    prior = mus.GAME.moves(e, seat)
    legal = e.legal_moves(seat)
    assert len(legal) == 7 and len(prior) == mus.PRIOR_CARDS and set(prior) <= set(legal)
    # They are the Normal bot's best cards by its own ranking, seeded from the game.
    scored = evaluate(e.view(seat), seat, mus.PRIOR_SAMPLES,
                      Rng(derive_seed(e.seed, len(e.moves), seat + 1, mus.PRIOR_SALT)))
    best = sorted(scored, key=lambda vc: (-vc[0], vc[1]))[:mus.PRIOR_CARDS]
    assert {m.action for m in prior} == {f"play/{c}" for _, c in best}
    report = run(mus.GAME, e, seat, Budget(iterations=40), bot_rng(e, seat))
    assert report.move in prior and set(report.visits) == {m.action for m in prior}
    # Later choices of the seat, inside the samples, are not pruned.
    state = mus.GAME.determinise(e, seat, Rng(1))
    assert mus.GAME.moves(state, seat) == prior
    for s in range(4):
        state.apply(Move(s, f"play/{state.hands[s][0]}"))
    assert mus.GAME.moves(state, seat) == state.legal_moves(seat)
