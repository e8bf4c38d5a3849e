"""Paired flat Monte Carlo (bots/flat_search.py), as Mosquito PLAF!'s "Difficile" uses it:
candidates compared on the same samples, the heuristic's move kept without evidence."""
from __future__ import annotations

import pytest

from ludotheque.bots import bot_rng, choose, flat_search, mosquito_search
from ludotheque.bots.mosquito import play_table, scored_turns
from ludotheque.bots.search import Budget, SearchRng
from ludotheque.core.seats import BotLevel
from ludotheque.games.mosquito import MosquitoEngine

SMALL = Budget(iterations=24, yield_every=4)


def midgame(seed: int, moves: int) -> MosquitoEngine:
    e = MosquitoEngine([{"name": f"P{i}", "youngest": i == 0} for i in range(4)], seed=seed)
    play_table(e, limit=moves)
    while not (mosquito_search.wants_search(e, e.current)
               and len(mosquito_search.GAME.candidates(e, e.current, e.turn_moves(e.current), None)) > 2):
        play_table(e, limit=1)
    return e


def finish(gen):
    """Run a search generator to its end: (yields, report)."""
    yields = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(gen)
            yields += 1
    return yields, done.value.value


def test_the_heuristic_move_is_kept_unless_another_is_clearly_better():
    base, noisy, clear = [0.0, 10.0, -5.0, 3.0], [8.0, -6.0, 9.0, -4.0], [4.0, 13.0, -1.0, 7.0]
    assert flat_search.choose_paired(0, [base, noisy]) == 0, "a better mean alone is not evidence"
    assert flat_search.choose_paired(0, [base, noisy, clear]) == 2, "+4 on every sample is"
    assert flat_search.choose_paired(0, [base, [x - 1 for x in base]]) == 0
    assert flat_search.choose_paired(0, [[1.0], [9.0]]) == 0, "one sample decides nothing"


def test_every_candidate_meets_the_same_hidden_cards():
    e = midgame(5, 9)
    seat = e.current
    a = mosquito_search.GAME.determinise(e, seat, SearchRng(77))
    b = mosquito_search.GAME.determinise(e, seat, SearchRng(77))
    assert (a.hands, a.pile, a.seed) == (b.hands, b.pile, b.seed)
    assert a.view(seat)["hand"] == e.view(seat)["hand"] and a.seed != e.seed, "its own reaction-time seed"
    move = e.turn_moves(seat)[0]
    game = mosquito_search.GAME
    assert flat_search.playout(game, e, seat, move, 123) == flat_search.playout(game, e, seat, move, 123)


def test_candidates_start_with_the_normal_heuristics_move():
    e = midgame(6, 12)
    seat = e.current
    cands = mosquito_search.GAME.candidates(e, seat, e.turn_moves(seat), None)
    assert 2 < len(cands) <= mosquito_search.CANDIDATES and len(set(cands)) == len(cands)
    scores = dict((m, v) for v, m in scored_turns(e, seat, BotLevel.NORMAL, e.turn_moves(seat)))
    assert scores[cands[0]] == max(scores.values()), "the Normal bot's choice (one of its best moves)"
    assert [scores[m] for m in cands] == sorted((scores[m] for m in cands), reverse=True)


def test_flat_search_is_seeded_spends_its_budget_and_leaves_the_game_alone():
    e = midgame(7, 10)
    seat = e.current
    before = e.record().to_json()
    yields, first = finish(flat_search.steps(mosquito_search.GAME, e, seat, SMALL, bot_rng(e, seat)))
    _, again = finish(flat_search.steps(mosquito_search.GAME, e, seat, SMALL, bot_rng(e, seat)))
    cands = mosquito_search.GAME.candidates(e, seat, e.turn_moves(seat), None)
    assert first.move == again.move and first.move in cands
    assert first.iterations == (SMALL.iterations // len(cands)) * len(cands) and yields >= first.iterations // 4 - 1
    assert e.record().to_json() == before, "the search never changes the real game"


def test_without_a_difference_the_heuristic_move_is_played(monkeypatch):
    monkeypatch.setattr(mosquito_search.MosquitoSearch, "utility", lambda self, engine, seat: 0.0)
    monkeypatch.setattr(mosquito_search, "BUDGET", SMALL)
    e = midgame(8, 11)
    seat = e.current
    cands = mosquito_search.GAME.candidates(e, seat, e.turn_moves(seat), None)
    assert choose(e, seat, BotLevel.HARD) == cands[0]


def test_hard_plays_the_flat_search_move(monkeypatch):
    monkeypatch.setattr(mosquito_search, "BUDGET", SMALL)
    e = midgame(9, 14)
    seat = e.current
    _, report = finish(flat_search.steps(mosquito_search.GAME, e, seat, SMALL, bot_rng(e, seat)))
    assert choose(e, seat, BotLevel.HARD) == report.move


def test_no_search_when_the_best_move_empties_the_hand():
    deal = {"hands": [["65", "63"], ["21", "43"], ["31", "53"], ["71", "83"]], "up": "64", "pile": ["98", "87"]}
    e = MosquitoEngine([{"name": f"P{i}", "youngest": i == 0} for i in range(4)], deck=deal)
    legal = e.turn_moves(0)
    assert len(legal) > 2
    cands = mosquito_search.GAME.candidates(e, 0, legal, None)
    assert len(cands) == 1 and sorted(cands[0].action[5:].split(",")) == ["63", "65"]
    _, report = finish(flat_search.steps(mosquito_search.GAME, e, 0, SMALL, bot_rng(e, 0)))
    assert report.move == cands[0] and report.iterations == 0
