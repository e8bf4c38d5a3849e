"""Mosquito bots at a slower table: "Temps pour frapper" longer than the default slows the bots'
slaps in proportion, so a person who asked for time can win a race (issue: playable by keyboard
and by ear)."""
from __future__ import annotations

import pytest

from ludotheque.bots.mosquito import DEFAULT_SLAP_WINDOW_MS, bot_slap, slow_table_factor
from ludotheque.core.rng import Rng
from ludotheque.core.seats import BotLevel
from ludotheque.games.mosquito import MosquitoEngine

from builders import seats


def first_race(window_ms: int, seed: int = 7) -> MosquitoEngine:
    """A seeded game played by its own legal turn moves until a PLAF! race opens."""
    engine = MosquitoEngine(seats(3), options={"slap_window_ms": window_ms}, seed=seed)
    rng = Rng(seed)
    for _ in range(400):
        if engine.race is not None:
            return engine
        engine.apply(rng.choice(engine.turn_moves(engine.current)))
    pytest.fail("no race opened in 400 moves")


def test_the_default_window_keeps_the_bots_reflexes():
    assert DEFAULT_SLAP_WINDOW_MS == 3000
    assert slow_table_factor(first_race(DEFAULT_SLAP_WINDOW_MS)) == 1.0


@pytest.mark.parametrize("level", list(BotLevel))
def test_a_longer_window_slows_every_bot_in_proportion_and_stays_inside_it(level):
    quick, slow = first_race(3000), first_race(9000)
    assert slow_table_factor(slow) == 3.0
    for seat in quick.race.participants:
        hand_q, ms_q = bot_slap(quick, seat, level)
        hand_s, ms_s = bot_slap(slow, seat, level)
        assert hand_s == hand_q                      # same reflex, same hand: only slower
        assert ms_s >= 3 * ms_q - 3 and ms_s > ms_q
        assert ms_s < 9000                           # still slaps before the race closes


def test_a_shorter_window_never_makes_bots_faster():
    quick, short = first_race(3000), first_race(1000)
    assert slow_table_factor(short) == 1.0
    seat = quick.race.participants[0]
    assert bot_slap(short, seat, BotLevel.NORMAL) == bot_slap(quick, seat, BotLevel.NORMAL)
