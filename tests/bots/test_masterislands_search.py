"""MasterIslands' "Difficile" search (bots/masterislands_search.py): what a determinisation may
know, the planner's pruning of the root, seeded reproducibility, and where it searches."""
from __future__ import annotations

from ludotheque.bots import bot_rng, choose, masterislands_search as mis, think
from ludotheque.bots.masterislands import choose as plan_choose
from ludotheque.bots.search import Budget, run
from ludotheque.core.rng import Rng
from ludotheque.core.seats import BotLevel
from ludotheque.games.masterislands import MasterIslandsEngine, Phase

SMALL = Budget(iterations=16)


def midgame(seed: int = 4, turns: int = 3) -> MasterIslandsEngine:
    """A 2-seat solo game after a few Normal turns, at a discovery decision with a choice."""
    e = MasterIslandsEngine([{"name": "A"}, {"name": "B"}], seed=seed)
    while sum(1 for m in e.moves if m.action in ("noconquest",) or m.action.startswith("conquer/")) < turns:
        e.apply(choose(e, e.to_act()[0], BotLevel.NORMAL))
    while not (e.phase is Phase.DISCOVERY and len(e.legal_moves(e.current)) > 1):
        e.apply(choose(e, e.to_act()[0], BotLevel.NORMAL))
    return e


def test_sample_agrees_with_the_view_and_ignores_the_truth():
    e = midgame()
    seat = e.current
    other = midgame()
    victim = 1 - seat
    other.hands[victim][0], other.pile[0] = other.pile[0], other.hands[victim][0]
    assert other.view(seat) == e.view(seat) and other.hands != e.hands
    a = mis.GAME.determinise(e, seat, Rng(3))
    b = mis.GAME.determinise(other, seat, Rng(3))
    assert a.view(seat) == e.view(seat)
    assert (a.hands, a.pile) == (b.hands, b.pile), "the sample depends only on what the seat sees"
    samples = {tuple(c.code for c in mis.GAME.determinise(e, seat, Rng(k)).hands[victim]) for k in range(6)}
    assert len(samples) > 1, "the other hand is redrawn"


def test_sample_moves_never_touch_the_real_game():
    e = midgame()
    seat = e.current
    before = (e.record().to_json(), dict(e.grid), [g.pos for g in e.galleons], dict(e.index.blocked))
    state = mis.GAME.determinise(e, seat, Rng(1))
    for _ in range(12):
        if state.is_over():
            break
        state.apply(mis.GAME.policy(state, state.to_act()[0], Rng(2)))
    assert (e.record().to_json(), dict(e.grid), [g.pos for g in e.galleons], dict(e.index.blocked)) == before


def test_search_chooses_among_the_planners_best_first_moves_and_is_seeded():
    e = midgame()
    seat = e.current
    prior = mis.prior_moves(e, e.view(seat), seat)
    assert 1 <= len(prior) <= mis.PRIOR_MOVES and set(prior) <= set(e.legal_moves(seat))
    first = run(mis.GAME, e, seat, SMALL, bot_rng(e, seat))
    again = run(mis.GAME, e, seat, SMALL, bot_rng(e, seat))
    assert (first.move, first.visits) == (again.move, again.visits)
    assert first.move in prior
    if len(prior) > 1:
        assert first.iterations == SMALL.iterations and set(first.visits) <= {m.action for m in prior}


def test_hard_searches_discovery_only(monkeypatch):
    e = midgame()
    assert mis.wants_search(e, e.current) and not mis.wants_search(e, 1 - e.current)
    monkeypatch.setattr(mis, "SEARCH_DISCOVERY", False)
    assert not mis.wants_search(e, e.current), "switched off, Difficile is the Hard planner alone"
    monkeypatch.setattr(mis, "SEARCH_DISCOVERY", True)
    while e.phase is not Phase.CONQUEST:
        e.apply(choose(e, e.to_act()[0], BotLevel.NORMAL))
    assert not mis.wants_search(e, e.current)
    gen = think(e, e.current, BotLevel.HARD)
    try:
        next(gen)
        raise AssertionError("the conquest is the planner's: no thinking slices")
    except StopIteration as done:
        assert done.value == plan_choose(e, e.current, BotLevel.HARD, bot_rng(e, e.current))


def test_a_sample_finishes_the_planners_plan_for_the_root_move():
    e = midgame()
    seat = e.current
    prior, follow = mis.prior_plans(e, e.view(seat), seat)
    assert follow and set(follow) <= {m.action for m in prior}
    for move in prior:
        if move.action not in follow:
            continue
        state = mis.GAME.determinise(e, seat, Rng(5))
        state.apply(move)
        second = mis.GAME.policy(state, seat, Rng(9))
        assert second.action == follow[move.action]
        assert mis.GAME.moves(state, seat) == [second], "below the root the tree does not branch"
        state.apply(second)


def test_team_mode_is_the_planners():
    e = MasterIslandsEngine([{"name": n} for n in "ABCD"], options={"mode": "team"}, seed=4)
    while not (e.phase is Phase.DISCOVERY and len(e.legal_moves(e.current)) > 1):
        e.apply(choose(e, e.to_act()[0], BotLevel.NORMAL))
    assert not mis.wants_search(e, e.current)
