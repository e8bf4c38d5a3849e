"""Bots for every game, behind one call: ``choose(engine, seat)``.

A bot may read only what its seat may know: ``engine.view(seat)``,
``engine.legal_moves(seat)`` and the public logs an engine offers (what was
laid, revealed or announced at the table). Its randomness is derived from the
game seed and the move number, so self-play records replay identically.
"""
from __future__ import annotations

import importlib
from typing import Generator, Optional

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
    gen = think(engine, seat, level, rng)
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def think(engine: Engine, seat: int, level: Optional[BotLevel] = None,
          rng: Optional[Rng] = None, max_ms: Optional[float] = None) -> Generator[None, None, Move]:
    """The same decision as `choose`, as a generator that yields now and then while a
    search runs (the browser gives the event loop back at each yield); returns the move.

    "Difficile" (hard) searches (bots/search.py) on top of the game's heuristic bot where
    the game offers a search (``bots/<game>_search.py``: GAME, BUDGET, maybe ``wants_search``,
    ``budget_for`` and ``SEARCH``, another search function than ISMCTS, e.g. bots/flat_search.py);
    the other levels, and moves the search leaves to reflexes, are the heuristic bot's.
    `max_ms`: a safety stop for slow devices (the browser); without it the move depends only
    on the position and the seed (see bots/search.py on determinism)."""
    if level is None:
        level = engine.seats[seat].level
    level = BotLevel(level)
    rng = rng or bot_rng(engine, seat)
    if level is BotLevel.HARD:
        searcher = search_module(engine.GAME_ID)
        wants = getattr(searcher, "wants_search", None) if searcher else None
        if searcher is not None and (wants is None or wants(engine, seat)):
            from dataclasses import replace

            from .search import steps

            budget_for = getattr(searcher, "budget_for", None)  # a budget that depends on the position
            budget = replace(budget_for(engine, seat) if budget_for else searcher.BUDGET, max_ms=max_ms)
            search = getattr(searcher, "SEARCH", None) or steps  # a module may name another search
            report = yield from search(searcher.GAME, engine, seat, budget, rng)
            return report.move
    module = importlib.import_module(f"{__name__}.{engine.GAME_ID}")
    return module.choose(engine, seat, level, rng)


def search_module(game_id: str):
    """The game's search adapter module, or None if the game has none."""
    try:
        return importlib.import_module(f"{__name__}.{game_id}_search")
    except ModuleNotFoundError:
        return None


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
