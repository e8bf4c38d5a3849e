"""The shared search (bots/search.py) and the games' samplers: what a determinisation may know,
seeded reproducibility, budgets, slices, and the arena."""
from __future__ import annotations

from dataclasses import replace

import pytest

from ludotheque.bots import bot_rng, choose, mindup_search, mookies_search, mosquito_search, think
from ludotheque.bots.arena import run_arena, wilson
from ludotheque.bots.mosquito import play_table
from ludotheque.bots.search import Budget, run, steps
from ludotheque.cli import main
from ludotheque.core.rng import Rng
from ludotheque.core.seats import BotLevel
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.mookies import Card, MookiesEngine
from ludotheque.games.mosquito import MosquitoEngine
from ludotheque.session import Session

SMALL = Budget(iterations=24)


def mookies_midgame(seed: int = 3, moves: int = 12) -> MookiesEngine:
    e = MookiesEngine([{"name": "A", "youngest": True}, {"name": "B", "kind": "bot"}], seed=seed)
    for _ in range(moves):
        e.apply(choose(e, e.to_act()[0], BotLevel.NORMAL))
    return e


def mindup_midgame(seed: int = 4, moves: int = 10) -> MindUpEngine:
    e = MindUpEngine([{"name": f"P{i}"} for i in range(4)], seed=seed)
    for _ in range(moves):
        e.apply(choose(e, e.to_act()[0], BotLevel.NORMAL))
    return e


def mosquito_midgame(seed: int = 5, moves: int = 9) -> MosquitoEngine:
    e = MosquitoEngine([{"name": f"P{i}"} for i in range(4)], seed=seed)
    play_table(e, limit=moves)
    while not mosquito_search.wants_search(e, e.current):
        play_table(e, limit=1)
    return e


def test_mookies_sample_agrees_with_the_view_and_changes_the_hidden_cards():
    e = mookies_midgame()
    seat = e.to_act()[0]
    samples = [mookies_search.GAME.determinise(e, seat, Rng(k)) for k in range(6)]
    for det in samples:
        assert det.view(seat) == e.view(seat)
        assert sorted(c.code for p in det.piles for c in p) != [] and len(det.piles[0]) == len(e.piles[0])
    hidden = {tuple(c.code for c in det.piles[0][:-1]) for det in samples}
    assert len(hidden) > 1, "cards below the tops are redrawn"
    assert e.piles == mookies_midgame().piles, "sampling never touches the real game"


def test_mookies_sample_does_not_depend_on_the_true_hidden_cards():
    e = mookies_midgame()
    seat = e.to_act()[0]
    other = mookies_midgame()
    # Same table for the seat, different truth: two buried cards change places, and the
    # face under the top card is another one (a card with the same showing face).
    pile = other.piles[0]
    pile[0], pile[1] = pile[1], pile[0]
    assert other.view(seat) == e.view(seat) and other.piles != e.piles
    a = mookies_search.GAME.determinise(e, seat, Rng(11))
    b = mookies_search.GAME.determinise(other, seat, Rng(11))
    assert [[c.code for c in p] for p in a.piles] == [[c.code for c in p] for p in b.piles]
    assert isinstance(a.piles[0][-1], Card) and a.piles[0][-1].up.code == e.view(seat)["piles"][0]["top"]


def _swap_hidden_mindup(e: MindUpEngine, seat: int) -> MindUpEngine:
    other = mindup_midgame()
    victim = (seat + 1) % 4
    card = next(c for c in other.hands[victim] if c not in other.known[victim])
    i = other.hands[victim].index(card)
    other.hands[victim][i], other.draw[0] = other.draw[0], card
    other.hands[victim].sort()
    return other


def test_mindup_sample_agrees_with_the_view_and_ignores_the_truth():
    e = mindup_midgame()
    seat = e.to_act()[0]
    other = _swap_hidden_mindup(e, seat)
    assert other.view(seat) == e.view(seat) and other.hands != e.hands
    a = mindup_search.GAME.determinise(e, seat, Rng(5))
    b = mindup_search.GAME.determinise(other, seat, Rng(5))
    assert a.view(seat) == e.view(seat)
    assert (a.hands, a.draw, a.chosen) == (b.hands, b.draw, b.chosen)
    assert sorted(c for h in a.hands for c in h) + sorted(a.draw) != []


def test_mindup_sample_hides_the_others_secret_choice():
    e = mindup_midgame(moves=9)  # some seats have chosen this turn, not all
    chosen = [s for s, c in enumerate(e.chosen) if c is not None]
    seat = e.to_act()[0]
    assert chosen and seat not in chosen
    picks = {mindup_search.GAME.determinise(e, seat, Rng(k)).chosen[chosen[0]] for k in range(8)}
    assert len(picks) > 1


def test_mosquito_sample_agrees_with_the_view_and_ignores_the_truth():
    e = mosquito_midgame()
    seat = e.current
    other = mosquito_midgame()
    victim = (seat + 1) % 4
    other.hands[victim][0], other.pile[0] = other.pile[0], other.hands[victim][0]
    assert other.view(seat) == e.view(seat) and other.hands != e.hands
    a = mosquito_search.GAME.determinise(e, seat, Rng(2))
    b = mosquito_search.GAME.determinise(other, seat, Rng(2))
    assert a.view(seat) == e.view(seat)
    assert (a.hands, a.pile) == (b.hands, b.pile)


@pytest.mark.parametrize("make,module", [(mookies_midgame, mookies_search), (mindup_midgame, mindup_search),
                                         (mosquito_midgame, mosquito_search)])
def test_search_is_seeded_and_stops_at_its_iteration_budget(make, module):
    e = make()
    seat = e.current if hasattr(e, "turn_moves") else e.to_act()[0]
    before = e.record().to_json()
    first = run(module.GAME, e, seat, SMALL, bot_rng(e, seat))
    again = run(module.GAME, e, seat, SMALL, bot_rng(e, seat))
    assert first.iterations == SMALL.iterations and not first.stopped_by_time
    assert (first.move, first.visits) == (again.move, again.visits)
    assert sum(first.visits.values()) == SMALL.iterations
    assert e.record().to_json() == before, "the search never changes the real game"


def test_time_limit_stops_a_search_early():
    e = mookies_midgame()
    report = run(mookies_search.GAME, e, e.to_act()[0], Budget(iterations=100000, max_ms=30, yield_every=2),
                 bot_rng(e, 0))
    assert report.stopped_by_time and 0 < report.iterations < 100000


def test_search_yields_every_few_iterations():
    e = mookies_midgame()
    gen = steps(mookies_search.GAME, e, e.to_act()[0], Budget(iterations=20, yield_every=4), bot_rng(e, 0))
    yields = 0
    with pytest.raises(StopIteration) as done:
        while True:
            next(gen)
            yields += 1
    assert yields == 4 and done.value.value.iterations == 20


def test_hard_uses_the_search_and_other_levels_do_not(monkeypatch):
    monkeypatch.setattr(mookies_search, "BUDGET", replace(SMALL, yield_every=4))
    e = mookies_midgame()
    seat = e.to_act()[0]
    gen = think(e, seat, BotLevel.HARD)
    next(gen)  # the search yields: it is thinking
    gen = think(e, seat, BotLevel.NORMAL)
    with pytest.raises(StopIteration):
        next(gen)  # the heuristic answers at once


def test_session_thinks_in_slices_and_plays_the_same_move(monkeypatch):
    monkeypatch.setattr(mookies_search, "BUDGET", replace(SMALL, yield_every=2))
    seats = [{"name": "A", "kind": "bot", "level": "hard", "youngest": True}, {"name": "B"}]
    e = MookiesEngine(seats, seed=9)
    expected = choose(e, 0)
    s = Session(MookiesEngine(seats, seed=9), "t")
    slices = 0
    while (fb := s.bot_step(slice_ms=0)) is None:
        assert s.thinking
        slices += 1
    assert slices >= 5 and not s.thinking and fb.kind == "move"
    assert s.engine.moves[0] == expected


def test_mosquito_search_is_only_for_the_bots_own_turn():
    e = mosquito_midgame()
    assert mosquito_search.wants_search(e, e.current)
    assert not mosquito_search.wants_search(e, (e.current + 1) % 4)


def test_wilson_interval():
    lo, hi = wilson(65, 100)
    assert 0.55 < lo < 0.56 and 0.73 < hi < 0.74
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_arena_smoke(capsys):
    result = run_arena("mookies", "easy", "normal", games=4, seed=3)
    assert result.games == 4 and 0 <= result.wins <= 4 and len(result.diffs) == 4
    assert result.time_stats("normal")["n"] > 0
    assert main(["arena", "mindup", "--a", "normal", "--b", "easy", "--games", "2", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert "A wins" in out and "95% CI" in out and "decision time normal" in out


def test_arena_against_random_players(capsys):
    assert main(["arena", "mosquito", "--a", "easy", "--b", "random", "--games", "1", "--seats", "3"]) == 0
    assert "decision time random" in capsys.readouterr().out
    result = run_arena("mookies", "normal", "random", games=6, seed=2)
    assert result.games == 6 and result.wins >= 4, "Normal beats random players"


def test_arena_alternates_sides_and_is_reproducible():
    a = run_arena("mookies", "easy", "easy", games=4, seed=8)
    b = run_arena("mookies", "easy", "easy", games=4, seed=8)
    assert (a.wins, a.diffs) == (b.wins, b.diffs)
    # Two-seat game: A's margin and B's are opposite, game by game, and A sits first every other game.
    assert len(set(a.diffs)) > 1 or a.diffs[0] == 0


def test_root_knowledge_is_never_reused_for_another_game_or_position():
    from ludotheque.bots.search import Knowledge

    calls = []
    cache = Knowledge(lambda engine, seat: calls.append(seat) or len(calls))
    a, b = mookies_midgame(seed=3), mookies_midgame(seed=4)
    assert cache.get(a, 0) == cache.get(a, 0) == 1
    assert cache.get(b, 0) == 2, "another game with as many moves"
    assert cache.get(b, 1) == 3, "another seat"
    b.apply(choose(b, b.to_act()[0], BotLevel.NORMAL))
    assert cache.get(b, 1) == 4, "another position"



def test_a_search_module_may_set_the_budget_per_position(monkeypatch):
    seen = []
    monkeypatch.setattr(mindup_search, "budget_for", lambda engine, s: seen.append(s) or SMALL, raising=False)
    e = mindup_midgame()
    seat = e.to_act()[0]
    assert choose(e, seat, BotLevel.HARD) is not None and seen == [seat]
