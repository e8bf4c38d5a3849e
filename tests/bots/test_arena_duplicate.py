"""The arena's duplicate mode: every deal is played with A at every side, and the score
interval is computed over deals (each deal's games averaged first), not over games."""
from __future__ import annotations

import statistics

from ludotheque.bots.arena import mean_interval, run_arena, schedule, sides_of
from ludotheque.cli import main
from ludotheque.core.rng import derive_seed
from ludotheque.core.seats import Seat
from ludotheque.games.mindup import MindUpEngine


def test_schedule_plays_each_deal_at_every_side():
    assert schedule(3, 2) == [(0, 0), (1, 1), (2, 0)]
    assert schedule(2, 4, duplicate=True) == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]


def test_duplicate_run_plays_every_seed_at_every_side_and_averages_per_deal():
    result = run_arena("mindup", "normal", "easy", games=2, seats=4, seed=5, duplicate=True)
    sides = sides_of(MindUpEngine([Seat(name=f"P{i}") for i in range(4)], seed=0))
    seeds = [derive_seed(5, d) & 0xFFFFFFFF for d in range(2)]
    assert result.rotations == 4 and result.games == 8 and result.deals == 2
    assert sorted(result.plays) == sorted((s, side) for s in seeds for side in sides)
    assert [seed for seed, _ in result.plays] == [seeds[0]] * 4 + [seeds[1]] * 4, "a deal's games come together"
    # Each deal's figure is the mean of its four games; the interval is over the two deals.
    assert result.deal_diffs == [statistics.mean(result.diffs[:4]), statistics.mean(result.diffs[4:])]
    assert result.score_diff() == mean_interval(result.deal_diffs)
    assert result.score_diff() != mean_interval(result.diffs), "not the interval over the 8 games"
    assert result.to_dict()["deal_diffs"] == result.deal_diffs


def test_plain_run_is_unchanged_and_the_cli_prints_the_duplicate_layout(capsys):
    plain = run_arena("mookies", "easy", "normal", games=2, seed=3)
    assert plain.rotations == 0 and plain.score_diff() == mean_interval(plain.diffs)
    assert [seed for seed, _ in plain.plays] == [derive_seed(3, g) & 0xFFFFFFFF for g in range(2)]
    assert main(["arena", "mookies", "--a", "easy", "--b", "normal", "--games", "1", "--seed", "3",
                 "--duplicate"]) == 0
    out = capsys.readouterr().out
    assert "duplicate: 1 deals x 2 rotations" in out and "2 games" in out
