"""MasterIslands' Hard planner (bots/masterislands.py): what it knows that Normal does not weigh,
its own hand, and that Normal's scores are untouched by it."""
from __future__ import annotations

import pytest

from ludotheque.bots import masterislands as mp
from ludotheque.core.engine import Move
from ludotheque.core.rng import Rng
from ludotheque.core.seats import BotLevel
from ludotheque.games.masterislands import MasterIslandsEngine


def engine(grid, hand, galleons):
    """Seat 0 to play with `hand`; seat 1 holds Y2 and parks both galleons far away on G2."""
    deck = {"grid": {**grid, "9,9": "G2"}, "hands": [hand, ["Y2"]], "draw": ["Y3", "Y4", "Y5"],
            "galleons": [galleons, [[9, 9], [9, 9]]]}
    return MasterIslandsEngine([{"name": "A"}, {"name": "B"}], deck=deck)


def test_own_hand_is_certain_and_a_draw_is_a_chance():
    e = engine({"0,0": "R3", "1,0": "B4", "0,1": "Y1"}, ["G3", "B1"], [[0, 1], [0, 1]])
    ctx = mp.Context(e, e.view(0), 0, BotLevel.HARD)
    chance = mp.mine_chances(ctx, [3])
    assert chance[3] == 1.0
    assert 0.0 < chance[5] < 1.0, "two cards to draw: a 5 may come"
    assert chance[5] > mp.mine_chances(ctx, [3, 1])[5], "one draw brings a 5 less often than two"


def test_hard_values_a_line_its_own_card_completes_next_turn():
    """R3 + B4 on row 0, a free space one galleon move away: keeping a 3 makes it a near-sure
    conquest next turn; keeping a 5 does not."""
    e = engine({"0,0": "R3", "1,0": "B4", "0,1": "Y1"}, ["G3", "G5"], [[0, 1], [0, 1]])
    view = e.view(0)
    ctx = mp.Context(e, view, 0, BotLevel.HARD)
    board = mp.Board(view)
    spots = ctx.own_spots
    keep3 = mp._leftover(board, ctx, spots, (spots, mp.mine_chances(ctx, [3])))
    keep5 = mp._leftover(board, ctx, spots, (spots, mp.mine_chances(ctx, [5])))
    assert keep3 - keep5 > mp.W_NEAR_MINE * 3 * 0.5


def test_a_same_colour_card_counts_the_line_the_extra_phase_completes(monkeypatch):
    """Galleon 1 on R5, galleon 2 on R1 next to it; G3 and G1 on row -1. Laying R2 above R5
    earns another phase (same colour), in which B4 laid above R1 completes B4 R2 G3 G1 = 10."""
    e = engine({"0,0": "R1", "1,0": "R5", "2,-1": "G3", "3,-1": "G1"}, ["R2", "B4"], [[1, 0], [0, 0]])
    view = e.view(0)
    legal = e.legal_moves(0)
    assert Move(0, "place/R2@1,-1") in legal

    monkeypatch.setattr(mp, "HARD_REPLIES", 10_000)  # every plan rescored and returned

    def values():
        return {plan: v for v, plan, _ in mp.ranked_discovery(e, view, legal, BotLevel.HARD, Rng(0))
                if plan[:2] == ("R2", (1, -1))}

    share = mp.AGAIN_TAKE
    with_extra = values()
    monkeypatch.setattr(mp, "AGAIN_TAKE", 0.0)
    without = values()
    gains = {plan: with_extra[plan] - without[plan] for plan in with_extra}
    assert max(gains.values()) == pytest.approx(share * mp.W_TAKE * 4, abs=0.01), "B4 R2 G3 G1: four cards"
    assert min(gains.values()) >= 0.0


def test_normal_scores_ignore_the_hard_terms(monkeypatch):
    e = engine({"0,0": "R1", "1,0": "R5", "2,-1": "G3", "3,-1": "G1"}, ["R2", "B4"], [[1, 0], [0, 0]])
    view = e.view(0)
    legal = e.legal_moves(0)
    normal = mp.ranked_discovery(e, view, legal, BotLevel.NORMAL, Rng(0))
    hard = mp.ranked_discovery(e, view, legal, BotLevel.HARD, Rng(0))
    monkeypatch.setattr(mp, "MINE_HAND", False)
    assert mp.ranked_discovery(e, view, legal, BotLevel.NORMAL, Rng(0)) == normal
    assert mp.ranked_discovery(e, view, legal, BotLevel.HARD, Rng(0)) != hard
