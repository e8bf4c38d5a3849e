"""Bots for every game, behind one call: ``choose(engine, seat)``.

A bot may read only what its seat may know: ``engine.view(seat)``,
``engine.legal_moves(seat)`` and the public logs an engine offers (what was
laid, revealed or announced at the table). Its randomness is derived from the
game seed and the move number, so self-play records replay identically.
"""
from __future__ import annotations

import importlib
from typing import Optional

from ..core.engine import Engine, Move
from ..core.rng import Rng, derive_seed
from ..core.seats import BotLevel


def bot_rng(engine: Engine, seat: int, salt: int = 0) -> Rng:
    return Rng(derive_seed(engine.seed or 0, len(engine.moves), seat + 1, salt))


def random_move(engine: Engine, seat: int, rng: Optional[Rng] = None) -> Move:
    """The baseline every benchmark compares against: a uniform choice among legal moves."""
    rng = rng or bot_rng(engine, seat, salt=7)
    return rng.choice(engine.legal_moves(seat))


def choose(engine: Engine, seat: int, level: Optional[BotLevel] = None, rng: Optional[Rng] = None) -> Move:
    """The move the game's bot plays for `seat` at its level (the seat's own level by default)."""
    if level is None:
        level = engine.seats[seat].level
    rng = rng or bot_rng(engine, seat)
    module = importlib.import_module(f"{__name__}.{engine.GAME_ID}")
    return module.choose(engine, seat, BotLevel(level), rng)


def play_bots(engine: Engine, limit: int = 100000) -> int:
    """Let bots make every move that is theirs to make now; returns how many they made."""
    made = 0
    while not engine.is_over() and made < limit:
        bots = [s for s in engine.to_act() if engine.seats[s].is_bot]
        if not bots:
            break
        engine.apply(choose(engine, bots[0]))
        made += 1
    return made
