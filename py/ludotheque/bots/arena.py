"""The arena: bots of two levels play each other over many seeded games, and we count.

Level A takes one side, level B every other side; A's side rotates with the game number
(so A plays each seat equally often, first and last). A side is a seat, or a team where
the game has teams (MasterIslands' team and Corsair modes, through ``engine.team_of``).
Every game's seed is ``derive_seed(seed, game number)``, so a run replays exactly.

Duplicate mode (``duplicate=True``, ``--duplicate``): as in duplicate bridge, each deal (seed)
is played once per rotation of A's side, so A meets every deal from every side (2 seats: 2
games a deal; 4 seats: 4). A deal's score differences are averaged first, and the interval is
computed over deals: the luck of the cards, which A and B share equally in a deal, cancels,
and a few points of skill show through games whose scores vary by tens of points.

Figures: A's win rate with a 95 % Wilson interval (a shared first place counts as a share),
A's mean score difference (A's side minus the mean of the other sides; in Mosquito PLAF!
lower is better) with a 95 % normal interval, and decision time (mean, p95, max) per level
over the decisions that had a real choice. "random" may stand for a level: uniform legal moves
(in Mosquito PLAF! random card play, with Normal reflexes unless --reflexes says otherwise).
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ..core.engine import Engine
from ..core.rng import derive_seed
from ..core.seats import BotLevel, Seat, SeatKind
from ..games import engine_class
from . import choose, random_move

LOWER_IS_BETTER = {"mosquito"}
RANDOM = "random"  # a pseudo-level for the arena: uniform legal moves (Mosquito: card play only)


def wilson(successes: float, n: int, z: float = 1.96) -> Tuple[float, float]:
    """95 % Wilson score interval of a proportion (sound near 0 % and 100 %)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(xs: Sequence[float], z: float = 1.96) -> Tuple[float, float, float]:
    """Mean and its 95 % normal interval."""
    if not xs:
        return 0.0, 0.0, 0.0
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, m, m
    half = z * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


@dataclass
class ArenaResult:
    game: str
    a: str
    b: str
    seats: int
    games: int = 0
    wins: float = 0.0
    draws: int = 0
    diffs: List[float] = field(default_factory=list)
    times: Dict[str, List[float]] = field(default_factory=dict)   # level -> ms per decision
    rotations: int = 0    # duplicate mode: games per deal (A at every side); 0: plain games
    deal_diffs: List[float] = field(default_factory=list)   # duplicate: each deal's mean difference
    plays: List[Tuple[int, Tuple[int, ...]]] = field(default_factory=list)  # (seed, A's side) per game

    @property
    def deals(self) -> int:
        return len(self.deal_diffs)

    def score_diff(self) -> Tuple[float, float, float]:
        """A's mean score difference and its 95 % interval: over games, or over whole deals in
        duplicate mode (a deal's games share its luck, so they are not independent samples)."""
        return mean_interval(self.deal_diffs if self.rotations else self.diffs)

    def win_rate(self) -> Tuple[float, float, float]:
        lo, hi = wilson(self.wins, self.games)
        return (self.wins / self.games if self.games else 0.0), lo, hi

    def time_stats(self, level: str) -> Optional[Dict[str, float]]:
        xs = sorted(self.times.get(level, []))
        if not xs:
            return None
        return {"n": len(xs), "mean": statistics.mean(xs), "p95": xs[min(len(xs) - 1, int(len(xs) * 0.95))],
                "max": xs[-1]}

    def lines(self) -> List[str]:
        sides = "1 side" if self.seats == 2 else "1 side against the others"
        out = [f"{self.game}: {self.a} (A, {sides}) vs {self.b} (B), {self.games} games, {self.seats} seats",
               *self.summary_lines()]
        for level in dict.fromkeys([self.a, self.b]):
            st = self.time_stats(level)
            if st:
                out.append(f"decision time {level}: mean {st['mean']:.1f} ms, p95 {st['p95']:.1f} ms, "
                           f"max {st['max']:.1f} ms over {st['n']} decisions (CPython)")
        return out

    def summary_lines(self) -> List[str]:
        """Win rate and score difference with their intervals (and the duplicate layout)."""
        rate, lo, hi = self.win_rate()
        d, dlo, dhi = self.score_diff()
        better = " (lower is better)" if self.game in LOWER_IS_BETTER else ""
        out = [f"duplicate: {self.deals} deals x {self.rotations} rotations (score interval over deals)"] \
            if self.rotations else []
        return out + [
            f"A wins {rate:.1%} [95% CI {lo:.1%} - {hi:.1%}]" + (f", draws {self.draws}" if self.draws else ""),
            f"A score minus the others' mean{better}: {d:+.2f} [95% CI {dlo:+.2f} - {dhi:+.2f}]",
        ]

    def to_dict(self) -> Dict[str, Any]:
        rate, lo, hi = self.win_rate()
        d, dlo, dhi = self.score_diff()
        return {"game": self.game, "a": self.a, "b": self.b, "seats": self.seats, "games": self.games,
                "win_rate": rate, "win_ci": [lo, hi], "draws": self.draws, "score_diff": d,
                "score_diff_ci": [dlo, dhi],
                "time_ms": {lv: self.time_stats(lv) for lv in dict.fromkeys([self.a, self.b])},
                "diffs": self.diffs,
                **({"rotations": self.rotations, "deals": self.deals, "deal_diffs": self.deal_diffs}
                   if self.rotations else {})}


def sides_of(engine: Engine) -> List[Tuple[int, ...]]:
    n = len(engine.seats)
    team_of = getattr(engine, "team_of", None)
    out: List[Tuple[int, ...]] = []
    for s in range(n):
        side = tuple(sorted(team_of(s))) if team_of else (s,)
        if side not in out:
            out.append(side)
    return out


def _share(winner: Any, side: Tuple[int, ...], sides: Sequence[Tuple[int, ...]]) -> Optional[float]:
    """A's share of the win (None: a draw nobody won)."""
    if winner is None:
        return None
    if isinstance(winner, list):
        if tuple(sorted(winner)) in sides:  # a team won
            return 1.0 if tuple(sorted(winner)) == side else 0.0
        won = [s for s in winner if s in side]
        return len(won) / len(winner)
    return 1.0 if winner in side else 0.0


def _label(player: Union[BotLevel, str]) -> str:
    return player.value if isinstance(player, BotLevel) else player


def _player(text: str) -> Union[BotLevel, str]:
    return RANDOM if text == RANDOM else BotLevel(text)


def play_game(cls, levels: Sequence[Union[BotLevel, str]], seed: int, options: Optional[Mapping[str, Any]],
              result: ArenaResult, reflexes: Optional[BotLevel], clock=time.process_time) -> Engine:
    """One seeded game between the given levels (one per seat; RANDOM: uniform legal moves), timing
    every real decision with `clock` (CPU time by default: the machine is shared, wall time
    would count the others' work)."""
    seats = [Seat(name=f"Bot {i + 1}", kind=SeatKind.BOT, level=lv if isinstance(lv, BotLevel) else BotLevel.NORMAL,
                  youngest=(i == 0)) for i, lv in enumerate(levels)]
    engine = cls(seats, options=dict(options or {}), seed=seed)
    if engine.GAME_ID == "mosquito":
        from .mosquito import TablePlayer, play_table

        class ArenaPlayer(TablePlayer):
            """Card play at the seat's level, reflexes at `reflexes` (equal for all) if given."""

            def __init__(self, play_level: Union[BotLevel, str]) -> None:
                super().__init__(reflexes or (play_level if isinstance(play_level, BotLevel) else BotLevel.NORMAL))
                self.play_level = play_level

            def turn(self, e, seat, rng):
                legal = e.turn_moves(seat)
                t0 = clock()
                if self.play_level == RANDOM:
                    move = rng.choice(legal)
                else:
                    move = choose(e, seat, self.play_level, rng)
                if len(legal) > 1:
                    result.times.setdefault(_label(levels[seat]), []).append((clock() - t0) * 1000)
                return move

        play_table(engine, [ArenaPlayer(lv) for lv in levels])
        return engine
    while not engine.is_over():
        seat = engine.to_act()[0]
        real = len(engine.legal_moves(seat)) > 1
        t0 = clock()
        move = random_move(engine, seat) if levels[seat] == RANDOM else choose(engine, seat)
        if real:
            result.times.setdefault(_label(levels[seat]), []).append((clock() - t0) * 1000)
        engine.apply(move)
    return engine


def schedule(games: int, sides: int, duplicate: bool = False) -> List[Tuple[int, int]]:
    """(deal number, index of A's side) for every game in play order. Plain: game g is deal g
    with A's side rotating; duplicate: `games` deals, each played with A at every side in turn."""
    if duplicate:
        return [(d, r) for d in range(games) for r in range(sides)]
    return [(g, g % sides) for g in range(games)]


def run_arena(game: str, a: str, b: str, games: int, seats: Optional[int] = None, seed: int = 1,
              options: Optional[Mapping[str, Any]] = None, reflexes: Optional[str] = None,
              progress=None, clock=time.process_time, duplicate: bool = False) -> ArenaResult:
    """Play `games` games (duplicate: `games` deals, each once per side of A) and count."""
    cls = engine_class(game)
    n = seats or cls.MIN_SEATS
    la, lb = _player(a), _player(b)
    result = ArenaResult(game, _label(la), _label(lb), n)
    probe = cls([Seat(name=f"P{i}", youngest=(i == 0)) for i in range(n)], options=dict(options or {}), seed=0)
    sides = sides_of(probe)
    if duplicate:
        result.rotations = len(sides)
    for deal, r in schedule(games, len(sides), duplicate):
        side = sides[r]
        levels = [la if s in side else lb for s in range(n)]
        deal_seed = derive_seed(seed, deal) & 0xFFFFFFFF
        engine = play_game(cls, levels, deal_seed, options, result,
                           BotLevel(reflexes) if reflexes else None, clock)
        result.plays.append((deal_seed, side))
        final = engine.result()
        share = _share(final.get("winner"), side, sides)
        result.games += 1
        if share is None:
            result.draws += 1
        else:
            result.wins += share
        scores = final["scores"]
        mine = sum(scores[s] for s in side)
        others = [sum(scores[s] for s in sd) for sd in sides if sd != side]
        result.diffs.append(mine - statistics.mean(others))
        if duplicate and r == len(sides) - 1:
            result.deal_diffs.append(statistics.mean(result.diffs[-len(sides):]))
        if progress is not None:
            progress(result)
    return result
