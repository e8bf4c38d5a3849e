"""Timeline screens (pure): the replay of every game at every ply, the bar, the move log, routes."""
from __future__ import annotations

import importlib
import re

import pytest

from ludotheque import routes
from ludotheque.bots import play_bots
from ludotheque.core.timeline import undo_check
from ludotheque.games import engine_class
from ludotheque.session import Session
from ludotheque.ui import screens
from ludotheque.ui import timeline as tl

SEATS = {
    "mookies": [{"name": "Léa", "kind": "bot", "level": "easy", "youngest": True}, {"name": "Max", "kind": "bot", "level": "easy"}],
    "mindup": [{"name": "Ana", "kind": "bot", "level": "easy"}] * 0 + [
        {"name": n, "kind": "bot", "level": "easy"} for n in ("Ana", "Bea", "Cyd")],
    "mosquito": [{"name": n, "kind": "bot", "level": "easy", **({"youngest": True} if n == "Ana" else {})}
                 for n in ("Ana", "Bea", "Cyd")],
    "masterislands": [{"name": n, "kind": "bot", "level": "easy"} for n in ("Ana", "Bea")],
}


def finished(game: str):
    engine = engine_class(game)(SEATS[game], seed=11)
    if game == "mosquito":
        from ludotheque.bots.mosquito import play_table
        play_table(engine)
    else:
        play_bots(engine)
    assert engine.is_over()
    return engine.record()


@pytest.mark.parametrize("game", sorted(SEATS))
def test_replay_draws_every_ply_and_the_bar_says_where(game):
    record = finished(game)
    rp = tl.Replay.open(record)
    assert rp.ply == rp.plies == len(record.moves) and rp.over
    gui = importlib.import_module(f"ludotheque.ui.{game}")
    step = max(1, rp.plies // 7)
    for ply in list(range(0, rp.plies + 1, step)) + [rp.plies, 0]:
        rp.go(ply)
        html, status = tl.replay_screen(rp, gui, "fr")
        assert f'data-ply="{ply}"' in html and f'data-plies="{rp.plies}"' in html
        assert "inert" in html and 'aria-live="polite"' in html and 'data-action="branch"' in html
        assert status
        assert rp.engine().moves == [m for m in rp.engine().moves][:ply] and len(rp.engine().moves) == ply
    rp.all_cards = True
    html, _ = tl.replay_screen(rp, gui, "en")
    assert 'data-testid="all-cards"' in html


def test_replay_steps_and_describes():
    rp = tl.Replay.open(finished("mookies"), ply=2)
    assert "2" in rp.description("fr") and rp.ply == 2
    rp.step("first")
    assert rp.ply == 0 and "Mise en place" in rp.description("fr")
    rp.step("prev")
    assert rp.ply == 0
    rp.step("last")
    assert rp.ply == rp.plies
    rp.go(10 ** 6)
    assert rp.ply == rp.plies


def test_move_log_one_item_per_move_newest_last():
    s = Session.from_record(finished("mindup"), "x")
    html = tl.move_log(s.history, 0, "fr")
    items = re.findall(r"<li[^>]*>(.*?)</li>", html)
    assert len(items) == len(s.history) and 'id="move-log"' in html
    assert items[-1] == s.history[-1].words(0)["fr"]


def test_undo_button_disabled_with_reason():
    s = Session.from_record(finished("mookies"), "x")
    html = tl.game_tools(undo_check(s.engine), "fr", False)
    assert 'aria-disabled="true"' in html and 'data-action="undo"' in html and "Rien à annuler" in html


def test_rules_panel_shows_the_undo_policy():
    html = screens.rules_panel(engine_class("mosquito"), "fr", None, tl.policy_section("fr"))
    assert "Annuler (Ctrl+Z)" in html and "PLAF" in html


def test_routes():
    assert routes.parse("#record=abc&ply=3") == routes.Route("record", "abc", 3)
    assert routes.parse("record=abc").replay and routes.parse("record=abc").ply is None
    assert routes.parse("#save=x").replay is False and routes.parse("#save=x&ply=0").replay
    assert routes.parse("").kind == "home" and routes.parse("#junk").kind == "home"
    assert routes.Route("save", "x", 4).to_hash() == "save=x&ply=4"
    assert routes.parse("#setup=mindup") == routes.Route("setup", "mindup")


def test_mind_up_reveal_is_display_state_kept_for_a_reload():
    from ludotheque.ui import mindup as gui
    ui = {"reveal": {"round": 1, "turn": 2, "step": 1, "phase": "takes", "ended": False}}
    kept = gui.save_display(ui)
    again: dict = {}
    gui.load_display(None, again, kept)
    assert again["reveal"] == ui["reveal"] and again["reveal"] is not ui["reveal"]
    assert gui.save_display({}) is None
