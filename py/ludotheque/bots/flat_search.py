"""Paired flat Monte Carlo: a few candidate moves, each played out on the SAME samples.

Why (Mosquito PLAF!, issue #16): there a game's outcome swings by tens of points with the
cards, and a decision is worth a point or two. ISMCTS (bots/search.py) gives every child its
own determinisations and rollouts, so with ~80 rollouts per decision the luck of the samples
drowns the difference between two moves. Here every candidate move is played on the same
determinisation and followed by the same rollout random numbers (common random numbers, the
standard variance reduction for comparing alternatives by simulation): what differs between
two candidates' results is, as far as possible, the move alone. The heuristic's own move is
kept unless another candidate beats it on the paired samples by a clear margin (a paired
z-test), so the search can only change the heuristic where it has evidence.

The game gives the same ``SearchGame`` as for ISMCTS (``determinise``, ``actor``, ``moves``,
``policy``, ``cutoff``, ``rollout_depth``), plus:

- ``candidates(engine, seat, legal, rng)``: the moves worth comparing (the heuristic's best
  few), the heuristic's own move first;
- ``utility(engine, seat)``: the rollout's result for the seat, in the game's own units (e.g.
  points; higher is better), so paired differences read as points.

A module opts in by naming ``SEARCH = flat_search.steps`` next to its ``GAME`` and ``BUDGET``
(see ``bots.think``). ``Budget.iterations`` is the number of rollouts (samples x candidates);
the random numbers come from the game's Rng through ``SearchRng``, so a decision replays.
"""
from __future__ import annotations

import math
import time
from typing import Generator, List, Sequence

from ..core.engine import Engine, Move
from ..core.rng import Rng
from .search import Budget, SearchGame, SearchReport, SearchRng, play, rollout

Z_OVERRIDE = 1.5   # how many standard errors a candidate must beat the heuristic's move by


def playout(game: SearchGame, engine: Engine, seat: int, move: Move, sample_seed: int) -> float:
    """One sample: a determinisation and a rollout after `move`, all drawn from `sample_seed`,
    so the same seed gives every candidate the same hidden cards and the same luck."""
    rng = SearchRng(sample_seed)
    state = game.determinise(engine, seat, rng)
    play(state, move)
    rollout(game, engine, state, rng)
    return game.utility(state, seat)


def choose_paired(base: int, sums: Sequence[List[float]], z: float = Z_OVERRIDE) -> int:
    """Index of the candidate to play: `base` (the heuristic's) unless the candidate with the
    best mean beats it by more than `z` standard errors of the paired differences."""
    n = len(sums[base])
    if n < 2:
        return base
    means = [sum(xs) / n for xs in sums]
    best = max(range(len(sums)), key=lambda i: (means[i], i == base))
    if best == base:
        return base
    diffs = [a - b for a, b in zip(sums[best], sums[base])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(var / n)
    return best if mean > z * se and mean > 0 else base


def steps(game: SearchGame, engine: Engine, seat: int, budget: Budget, rng: Rng) -> Generator[None, None, SearchReport]:
    """The search as a generator (yields every `budget.yield_every` rollouts); returns the report."""
    started = time.perf_counter()
    srng = SearchRng(rng.next64())
    legal = game.moves(engine, seat)
    if len(legal) == 1:
        return SearchReport(legal[0], 0, 0.0, {}, False)
    cands = game.candidates(engine, seat, legal, srng)
    if len(cands) == 1:
        return SearchReport(cands[0], 0, 0.0, {}, False)
    samples = max(2, budget.iterations // len(cands))
    results: List[List[float]] = [[] for _ in cands]
    done = 0
    by_time = False
    for _ in range(samples):
        seed = int(srng.random() * 2 ** 62)
        for i, move in enumerate(cands):
            results[i].append(playout(game, engine, seat, move, seed))
            done += 1
            if done % budget.yield_every == 0:
                if budget.max_ms is not None and (time.perf_counter() - started) * 1000 >= budget.max_ms:
                    by_time = True
                    break
                yield None
        if by_time:
            break
    # A sample cut by the time limit is dropped so every candidate keeps the same samples.
    n = min(len(r) for r in results)
    kept = [r[:n] for r in results]
    move = cands[choose_paired(0, kept)]
    visits = {m.action: n for m in cands}
    return SearchReport(move, done, (time.perf_counter() - started) * 1000, visits, by_time)
