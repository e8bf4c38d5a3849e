"""Mosquito PLAF! for the shared search (bots/search.py): the "Difficile" bot's card play.

Only turn moves are searched (which cards to play, or draw, or pass); slaps, "Moustique !"
calls and catches stay reflexes set by each seat's level (bots/mosquito.py). Inside the
search, those timed events are fed automatically (``settle_timed``) with every seat's own
reflexes, so a rollout's races and catches cost and gain cards as at the table.

Hidden from a seat: the others' hands (their sizes are known) and the order of the deck. A
determinisation deals the cards the seat has not seen (neither in its hand nor on the
discard pile) to the others at their hand sizes and puts the rest in the deck; later rounds
are shuffled by a fresh generator drawn from the search's own randomness, not the game's.

Rollouts play to the end of the round (at most ``rollout_depth`` turns) with the Normal bot's
card play, and the position is scored with the points the game counts: the totals, and once
the round is over its real penalty points (a hand's card values, -10 for the one who emptied
it); a rollout cut before the round ends adds each hand's card values and a small cost per
card still held (lower is better, as in the game).

Which search: paired flat Monte Carlo (``SEARCH``, bots/flat_search.py). The
Normal heuristic's CANDIDATES best moves are each played on the same determinisations with the
same rollout luck, and the heuristic's move is kept unless another beats it by 1.5 standard
errors of the paired differences. ISMCTS (the ``values``/``pick`` below, still usable with
bots/search.py) gave every move its own samples: with ~80 rollouts the luck of the samples
hid the point or two a decision is worth, and over 60 duplicate deals it scored +2.4 points
against Normal card play, the flat search -3.5 (docs/performance.md, "Per game").
"""
from __future__ import annotations

import copy
from typing import Sequence

from ..core.engine import Move
from ..core.rng import Rng
from ..core.seats import BotLevel
from ..games.mosquito import ALL_CARDS, MosquitoEngine, card_value
from . import flat_search
from .mosquito import CARD_BONUS, TablePlayer, _score, choose_turn, scored_turns, settle_timed
from .search import Budget, SearchGame, fork, play, sigmoid

BUDGET = Budget(iterations=96)   # rollouts: samples x candidates (bots/flat_search.py)
SEARCH = flat_search.steps       # paired flat Monte Carlo (see below); ISMCTS would be search.steps
CANDIDATES = 4                   # the heuristic's best moves compared on the same samples
POINT_SCALE = 12.0   # points that count as a clear edge (values() squashes by it)
CARD_HELD = 2.0      # a rollout cut mid-round: cost of each card still held, beyond its points
PICK_MARGIN = 0.02   # the search overrides the heuristic when its move's mean value is this much higher
FOLLOW_SHARE = 0.3   # rollouts: share of unseen cards taken to follow any top card


def _FOLLOW(top: str) -> float:
    return FOLLOW_SHARE


def wants_search(engine: MosquitoEngine, seat: int) -> bool:
    """The search decides `seat`'s own turn only (no race, no call due, a real choice)."""
    return (engine.race is None and not engine.is_over() and seat == engine.current
            and seat not in engine.open_alerts() and len(engine.turn_moves(seat)) > 1)


def _knowledge(engine: MosquitoEngine, seat: int):
    """The seat's view and the cards it has not seen (neither in hand nor discarded)."""
    view = engine.view(seat)
    seen = set(view["hand"]) | set(view["discard"])
    return view, [c for c in ALL_CARDS if c not in seen]


class MosquitoSearch(SearchGame):
    exploration = 0.5
    rollout_depth = 16
    knowledge = staticmethod(_knowledge)

    def determinise(self, engine: MosquitoEngine, seat: int, rng: Rng) -> MosquitoEngine:
        view, unseen = self.known(engine, seat)
        pool = list(unseen)
        rng.shuffle(pool)
        hands = []
        at = 0
        for s, count in enumerate(view["hand_counts"]):
            if s == seat:
                hands.append(list(engine.hands[seat]))
                continue
            hands.append(pool[at:at + count])
            at += count
        state = fork(engine, lists=("discard", "totals", "round_results", "alert", "alert_since", "alert_until"))
        state.hands = hands
        state.pile = pool[at:at + view["deck_count"]]
        state.race = copy.deepcopy(engine.race)
        state.rng = Rng(int(rng.random() * 2 ** 62))
        # The others' future reaction times are drawn from the game seed (bots/mosquito.py
        # race_rng): a sample gets its own seed, so the search never reads the real ones.
        state.seed = int(rng.random() * 2 ** 62)
        state.search_players = [TablePlayer(s.level) for s in engine.seats]
        # Alerts open now are the table's business (the app times them); rollouts time new ones.
        state.search_handled = {(t, engine.alert_since[t]) for t in engine.open_alerts()}
        return state

    def actor(self, engine: MosquitoEngine, rng: Rng):
        settle_timed(engine, engine.search_players, engine.search_handled, apply=play)
        return None if engine.is_over() else engine.current

    def moves(self, engine: MosquitoEngine, seat: int):
        return engine.turn_moves(seat)

    def hidden_choice(self, engine: MosquitoEngine) -> bool:
        return False

    def cutoff(self, root: MosquitoEngine, engine: MosquitoEngine) -> bool:
        return engine.round_no != root.round_no

    def policy(self, engine: MosquitoEngine, seat: int, rng: Rng) -> Move:
        """The Normal bot's move score, reading the sampled table directly (no view to build)
        and taking a fixed share of followers for the top card left (a rollout is a guess
        anyway), so a rollout turn costs a fraction of a real decision."""
        legal = engine.turn_moves(seat)
        if len(legal) == 1:
            return legal[0]
        hand = engine.hands[seat]
        counts = [len(h) for h in engine.hands]
        best, best_move = None, legal[0]
        for move in legal:
            if not move.action.startswith("play/"):
                value = -CARD_BONUS
            else:
                value = _score(move.action[5:].split(","), hand, counts, seat, BotLevel.NORMAL, _FOLLOW)
            if best is None or value > best:
                best, best_move = value, move
        return best_move

    def pick(self, engine: MosquitoEngine, seat: int, ranked, rng: Rng) -> Move:
        """The Normal heuristic's move, unless the most visited move's mean value beats it by
        PICK_MARGIN."""
        base = choose_turn(engine, seat, BotLevel.NORMAL, rng)
        best = ranked[0]
        mine = next((ch for ch in ranked if ch.move == base), None)
        if mine is None or best.move == base:
            return best.move if mine is None else base
        if best.reward / best.visits - mine.reward / mine.visits > PICK_MARGIN:
            return best.move
        return base

    def candidates(self, engine: MosquitoEngine, seat: int, legal, rng) -> list:
        """The Normal heuristic's CANDIDATES best moves, its own choice first (alone when it
        empties the hand: nothing beats ending the round)."""
        scored = scored_turns(engine, seat, BotLevel.NORMAL, legal)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        if len(engine.hands[seat]) == len(scored[order[0]][1].action[5:].split(",")):
            return [scored[order[0]][1]]
        return [scored[i][1] for i in order[:CANDIDATES]]

    def utility(self, engine: MosquitoEngine, seat: int) -> float:
        """The others' mean points minus the seat's (higher is better for the seat)."""
        points = self._points(engine)
        return (sum(points) - points[seat]) / (len(points) - 1) - points[seat]

    @staticmethod
    def _points(engine: MosquitoEngine) -> list:
        """Totals, plus what each hand would cost if the round is still on."""
        points = list(engine.totals)
        if not engine.is_over() and engine.round_no == len(engine.round_results) + 1:
            for s, hand in enumerate(engine.hands):  # the round is still on: what each still holds
                points[s] += sum(card_value(c) for c in hand) + CARD_HELD * len(hand)
        return points

    def values(self, engine: MosquitoEngine, root: int) -> Sequence[float]:
        points = self._points(engine)
        n = len(points)
        out = []
        for s, p in enumerate(points):
            others = (sum(points) - p) / (n - 1)
            out.append(sigmoid((others - p) / POINT_SCALE))
        return out


GAME = MosquitoSearch()
