"""Mosquito PLAF! bot: sheds high cards (several Dominoes at once when it can), keeps its Nets
for when nothing else plays, plays Mosquito cards (everyone else races), and, when the next
player is low on cards, leaves a top card that few unseen cards can follow. It slaps, calls
"Moustique !" and catches with a reaction time and an error rate set by its level.

The engine is pure, so a live view schedules the timed events itself:

- when a race opens (``view["race"]``), for every bot seat ``bot_slap(engine, seat, level)``
  gives ``(hand, ms)``: send ``"<seat>:slap/<hand>/<ms>"`` ``ms`` after the card appeared;
- when a seat enters ``view["must_call"]``, ``bot_call_delay(engine, seat, level)`` (that seat
  is a bot) and ``bot_catch_delay(engine, bot, target, level)`` (every other bot) give delays
  in ms (``None``: the bot forgets / does not notice); send the first event that is still legal.

Reaction times are drawn from an rng derived from the game seed and the race or the
"Moustique !" moment, so asking twice gives the same answer. Pure self-play (CLI selfplay
through ``choose``; benchmarks and golden records through ``play_table``) feeds these same
timings to the engine.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from ..core.engine import SYSTEM_SEAT, Move
from ..core.rng import Rng, derive_seed
from ..core.seats import BotLevel
from ..games.mosquito_catalogue import OPTIONS as MOSQUITO_OPTIONS
from ..games.mosquito import ALL_CARDS, CALL_HORIZON_MS, MosquitoEngine, card_value, expected_hand, fits, is_mosquito, is_net


@dataclass(frozen=True)
class Reflex:
    slap_ms: int          # fastest slap
    slap_spread: int      # + up to this much
    wrong_hand: float     # chance of slapping with the wrong hand
    forget_call: float    # chance of forgetting "Moustique !"
    call_ms: int
    call_spread: int
    notice: float         # chance of noticing an opponent who forgot to call
    catch_ms: int
    catch_spread: int


# Easy is slow enough for a child to beat (1.1 to 2.4 s, one slap in five with the wrong hand).
REFLEXES: Dict[BotLevel, Reflex] = {
    BotLevel.EASY: Reflex(1100, 1300, 0.20, 0.25, 1500, 2500, 0.30, 2500, 2500),
    BotLevel.NORMAL: Reflex(550, 600, 0.07, 0.05, 700, 1100, 0.70, 1500, 1500),
    BotLevel.HARD: Reflex(320, 300, 0.02, 0.0, 300, 500, 0.95, 900, 1100),
}
LAYER_HEAD_START = 0.7   # the bot that laid the Mosquito card knew it was coming
EASY_RANDOM = 0.35       # the easy bot sometimes plays any legal move
NET_KEEP = 16            # what keeping a Net for later is worth, in points
CARD_BONUS = 4.0         # each card shed is worth this much beyond its points
MOSQUITO_BONUS = 6.0     # per opponent, for making the table race
BLOCK = 8.0              # next player low on cards: cost of a top card many unseen cards follow
HARD_FLEX = 2.0          # hard: per card of ours that could follow the top we leave
HARD_BLOCK = 6.0         # hard: anyone down to two cards: same idea as BLOCK


def race_rng(engine: MosquitoEngine, seat: int) -> Rng:
    race = engine.race
    assert race is not None
    return Rng(derive_seed(engine.seed or 0, race.opened_at, race.no, seat + 1, 101))


def alert_rng(engine: MosquitoEngine, seat: int, target: int) -> Rng:
    return Rng(derive_seed(engine.seed or 0, engine.alert_since[target], seat + 1, target + 1, 202))


DEFAULT_SLAP_WINDOW_MS = MOSQUITO_OPTIONS.defaults()["slap_window_ms"]


def slow_table_factor(engine: MosquitoEngine) -> float:
    """How much slower the bots slap at a table that chose a longer race ("Temps pour frapper").

    A person who asks for more time (keyboard, screen reader, a young child) asks for a slower
    race, not only a later close: bots that still slap within a second would win every race.
    So bots slow down in proportion to the window beyond the default, and never speed up."""
    window = engine.options.get("slap_window_ms", DEFAULT_SLAP_WINDOW_MS)
    return max(1.0, window / DEFAULT_SLAP_WINDOW_MS)


def bot_slap(engine: MosquitoEngine, seat: int, level: BotLevel, rng: Optional[Rng] = None) -> Optional[Tuple[str, int]]:
    """(hand "L"/"R", ms after the card appeared) for `seat`'s slap in the open race, or None when
    it has nothing to slap for (no race, not racing, or already slapped)."""
    race = engine.race  # public at the table; read directly (searches ask this thousands of times)
    if race is None or seat not in race.participants or seat in race.slapped:
        return None
    reflex = REFLEXES[BotLevel(level)]
    rng = rng or race_rng(engine, seat)
    ms = int((reflex.slap_ms + rng.below(reflex.slap_spread + 1)) * slow_table_factor(engine))
    if seat == race.layer:
        ms = int(ms * LAYER_HEAD_START)
    hand = expected_hand(race.digit)
    if rng.random() < reflex.wrong_hand:
        hand = "L" if hand == "R" else "R"
    return hand, ms


def bot_call_delay(engine: MosquitoEngine, seat: int, level: BotLevel, rng: Optional[Rng] = None) -> Optional[int]:
    """Milliseconds after `seat` came down to one card at which the bot calls "Moustique !"
    (None: it forgets)."""
    reflex = REFLEXES[BotLevel(level)]
    rng = rng or alert_rng(engine, seat, seat)
    if rng.random() < reflex.forget_call:
        return None
    return reflex.call_ms + rng.below(reflex.call_spread + 1)


def bot_catch_delay(engine: MosquitoEngine, seat: int, target: int, level: BotLevel,
                    rng: Optional[Rng] = None) -> Optional[int]:
    """Milliseconds after `target` came down to one card at which bot `seat` catches them if they
    still have not called (None: the bot does not notice)."""
    if seat == target:
        return None
    reflex = REFLEXES[BotLevel(level)]
    rng = rng or alert_rng(engine, seat, target)
    if rng.random() >= reflex.notice:
        return None
    return reflex.catch_ms + rng.below(reflex.catch_spread + 1)


# -- turn play ------------------------------------------------------------------------
def _follow_share(top: str, unseen: Sequence[str]) -> float:
    """Share of the cards we cannot see that could be played on `top`."""
    if not unseen:
        return 0.0
    return sum(1 for c in unseen if fits(c, top)) / len(unseen)


def _score(cards: List[str], hand: Sequence[str], counts: Sequence[int], seat: int, level: BotLevel,
           follow: Callable[[str], float]) -> float:
    left = len(hand) - len(cards)
    if left == 0:
        return 1000.0
    value = sum(card_value(c) for c in cards) + CARD_BONUS * len(cards)
    if level is BotLevel.EASY:
        return value
    n = len(counts)
    if any(is_net(c) for c in cards):
        value -= NET_KEEP
    if is_mosquito(cards[0]):
        value += MOSQUITO_BONUS * (n - 1)  # the others race and most of them draw
    top = cards[-1]
    nxt = counts[(seat + 1) % n]
    low = min(counts[s] for s in range(n) if s != seat)
    if nxt <= 3:
        value -= (4 - nxt) * BLOCK * follow(top)
    if level is BotLevel.HARD:
        rest = [c for c in hand if c not in cards]
        value += HARD_FLEX * sum(1 for c in rest if fits(c, top))   # cards of ours that follow if it comes back
        if low <= 2:
            value -= HARD_BLOCK * follow(top)
    return value


def choose_turn(engine: MosquitoEngine, seat: int, level: BotLevel, rng: Rng) -> Move:
    """The bot's move on its own turn (play, draw or pass)."""
    legal = engine.turn_moves(seat)
    if len(legal) == 1:
        return legal[0]
    level = BotLevel(level)
    if level is BotLevel.EASY and rng.random() < EASY_RANDOM:
        return rng.choice(legal)
    scored = scored_turns(engine, seat, level, legal)
    best = max(v for v, _ in scored)
    return rng.choice([m for v, m in scored if v >= best - 1e-9])


def scored_turns(engine: MosquitoEngine, seat: int, level: BotLevel, legal: Sequence[Move]) -> List[Tuple[float, Move]]:
    """Every legal turn move with the heuristic's score at `level` (higher is better), read
    from the seat's view."""
    view = engine.view(seat)
    hand = view["hand"]
    known = set(hand) | set(view["discard"])
    unseen = [c for c in ALL_CARDS if c not in known]
    shares: Dict[str, float] = {}

    def follow(top: str) -> float:  # many groups of Dominoes share a top card: count once
        if top not in shares:
            shares[top] = _follow_share(top, unseen)
        return shares[top]

    return [(_score(m.action[5:].split(","), hand, view["hand_counts"], seat, level, follow), m) for m in legal]


def choose(engine: MosquitoEngine, seat: int, level: BotLevel, rng: Rng) -> Move:
    """`seat`'s move now, in the order ``to_act()`` lists seats: call "Moustique !" when down to one
    card, slap in an open race (at the bot's own reaction time), else play its turn; a bot asked
    when none of that applies catches a seat that forgot to call. (A live view schedules slaps,
    calls and catches with bot_slap / bot_call_delay / bot_catch_delay instead.)"""
    view = engine.view(seat)
    if seat in view["must_call"]:
        return Move(seat, "call")
    race = view["race"]
    if race is not None and seat in race["waiting"]:
        slap = bot_slap(engine, seat, level)
        assert slap is not None
        return Move(seat, f"slap/{slap[0]}/{slap[1]}")
    if race is None and seat == view["current"]:
        return choose_turn(engine, seat, level, rng)
    targets = [t for t in view["must_call"] if t != seat]
    if targets:
        return Move(seat, f"catch/{targets[0]}")
    raise ValueError(f"seat {seat} has nothing to do now; ask for seat {view['current']}")


# -- self-play with timed events --------------------------------------------------------
@dataclass
class TablePlayer:
    """How one seat plays in self-play: its turn moves and its timings (defaults: the bot)."""

    level: BotLevel = BotLevel.NORMAL

    def turn(self, engine: MosquitoEngine, seat: int, rng: Rng) -> Move:
        return choose_turn(engine, seat, self.level, rng)

    def slap(self, engine: MosquitoEngine, seat: int) -> Optional[Tuple[str, int]]:
        return bot_slap(engine, seat, self.level)

    def call_delay(self, engine: MosquitoEngine, seat: int) -> Optional[int]:
        return bot_call_delay(engine, seat, self.level)

    def catch_delay(self, engine: MosquitoEngine, seat: int, target: int) -> Optional[int]:
        return bot_catch_delay(engine, seat, target, self.level)


def pending_timed(engine: MosquitoEngine, handled: set) -> bool:
    """True while a timed event (a fresh "Moustique !" alert or an open race) comes before the next turn."""
    return engine.race is not None or any((t, engine.alert_since[t]) not in handled for t in engine.open_alerts())


def _apply_checked(engine: MosquitoEngine, move: Move) -> None:
    engine.apply(move)


def settle_timed(engine: MosquitoEngine, players: Sequence[TablePlayer], handled: set, limit: int = 100000,
                 apply: Callable[[MosquitoEngine, Move], None] = _apply_checked) -> int:
    """Feed every timed event until a turn is due (or the game is over); returns the moves made."""
    made = 0
    while not engine.is_over() and made < limit and pending_timed(engine, handled):
        made += timed_events(engine, players, handled, apply)
    return made


def timed_events(engine: MosquitoEngine, players: Sequence[TablePlayer], handled: set,
                 apply: Callable[[MosquitoEngine, Move], None] = _apply_checked) -> int:
    """Feed the timed events due now, in time order: after a seat comes down to one card, its
    call and the others' catches (the first one within CALL_HORIZON_MS happens); during a race,
    every racer's slap by increasing ms (ties: play order), then ``*:close`` if someone is still
    missing. Returns the number of moves made (0: nothing timed is due, a turn comes next).
    `handled` remembers the alerts already dealt with (keep one set per game). `apply` makes a
    move (a search passes one that skips the engine's checks: its moves are legal by construction)."""
    n = len(engine.seats)
    fresh = [t for t in engine.open_alerts() if (t, engine.alert_since[t]) not in handled]
    if fresh:
        target = fresh[0]
        handled.add((target, engine.alert_since[target]))
        events = []
        delay = players[target].call_delay(engine, target)
        if delay is not None:
            events.append((delay, -1, Move(target, "call")))
        for s in range(n):
            if s != target:
                delay = players[s].catch_delay(engine, s, target)
                if delay is not None:
                    events.append((delay, s, Move(s, f"catch/{target}")))
        for delay, _, move in sorted(events, key=lambda e: (e[0], e[1])):
            if delay < CALL_HORIZON_MS and engine.is_legal(move):
                apply(engine, move)
                return 1
        return 0
    race = engine.race
    if race is None:
        return 0
    made = 0
    window = engine.options["slap_window_ms"]
    slaps = []
    for i, s in enumerate(race.participants):
        if s in race.slapped:
            continue
        slap = players[s].slap(engine, s)
        if slap is not None and slap[1] < window:
            slaps.append((slap[1], i, Move(s, f"slap/{slap[0]}/{slap[1]}")))
    for _, _, move in sorted(slaps, key=lambda e: (e[0], e[1])):
        if engine.race is not race:
            break
        apply(engine, move)
        made += 1
    if engine.race is race:
        apply(engine, Move(SYSTEM_SEAT, "close"))
        made += 1
    return made


def play_table(engine: MosquitoEngine, players: Optional[Sequence[TablePlayer]] = None, limit: int = 100000,
               on_turn: Optional[Callable[[MosquitoEngine, int, float], None]] = None) -> int:
    """Play the game to its end, feeding timed events in time order (``timed_events``) between
    turns. Returns the number of moves made. `on_turn(engine, seat, seconds)` is told how long
    each turn decision took (benchmarks)."""
    import time

    players = list(players or [TablePlayer(s.level) for s in engine.seats])
    handled: set = set()
    made = 0
    while not engine.is_over() and made < limit:
        if pending_timed(engine, handled):
            made += timed_events(engine, players, handled)
            continue
        seat = engine.current
        rng = Rng(derive_seed(engine.seed or 0, len(engine.moves), seat + 1, 303))
        start = time.perf_counter()
        move = players[seat].turn(engine, seat, rng)
        if on_turn is not None:
            on_turn(engine, seat, time.perf_counter() - start)
        engine.apply(move)
        made += 1
    return made
