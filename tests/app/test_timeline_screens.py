"""Timeline screens (pure): the replay of every game at every ply, the bar, the move log, routes."""
from __future__ import annotations

import importlib
import re
from html import escape

import pytest

from ludotheque import routes
from ludotheque.bots import play_bots
from ludotheque.core.messages import say
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
    assert items[-1].endswith(">" + escape(say(s.history[-1].words(0), "fr")) + "</button>")
    # each line opens the replay at the position after its move
    assert re.findall(r'data-action="tl-at/(\d+)"', html) == [str(i + 1) for i in range(len(s.history))]


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


def _mookies_in_progress(easy_memory: bool = False):
    """A person (Léa) against a bot, played until both collections hold covered cards."""
    from ludotheque.bots import choose
    from ludotheque.games.mookies import MookiesEngine

    seats = [{"name": "Léa", "kind": "human", "youngest": True}, {"name": "Max", "kind": "bot", "level": "easy"}]
    engine = MookiesEngine(seats, seed=3, options={"easy_memory": easy_memory})
    while min(len(c) for c in engine.collections) < 3:
        engine.apply(choose(engine, engine.to_act()[0]))
    assert not engine.is_over()
    return engine


FACE = re.compile(r'data-face="([^"?]+)"')


def test_mookies_replay_and_log_in_progress_show_no_card_covered_since_and_all_once_over():
    from ludotheque.bots import choose
    from ludotheque.core.timeline import log_reader
    from ludotheque.games.replay import replay_logged
    from ludotheque.ui import mookies as gui

    engine = _mookies_in_progress()
    record = engine.record()
    rp = tl.Replay.open(record)
    now_tops = {c[-1].face.code for c in engine.collections}
    seen_covered = 0
    for ply in range(rp.plies + 1):
        rp.go(ply)
        html, _ = tl.replay_screen(rp, gui, "fr")
        past = rp.engine()
        # what the past position had face up and the present has covered: never drawn
        covered = [c[-1].face.code for s, c in enumerate(past.collections) if c and len(c) < len(engine.collections[s])]
        seen_covered += len(covered)
        board = html.split('data-testid="replay-board"', 1)[1]
        for s, c in enumerate(past.collections):
            top = re.search(f'data-testid="collection-{s}"><div class="mk-card[^"]*"(?: data-face="([^"]+)")?', board)
            if c and len(c) < len(engine.collections[s]):
                assert top.group(1) == "?", (ply, s)
            elif c:
                assert top.group(1) == c[-1].face.code  # still on top now: shown
        if ply < rp.plies:
            assert 'data-testid="taken"' not in board or not FACE.search(board.split('data-testid="taken"', 1)[1])
    assert seen_covered > 0 and now_tops
    # the log as Léa reads it, and the replay's words, name no face laid
    _, entries = replay_logged(record)
    reader = log_reader(engine, 0)
    assert reader == 0
    lines = [tl.move_log(entries, reader, "fr")]
    rp.go(rp.plies)
    assert "pose une carte dans sa collection" in str(lines[0])
    assert not re.search(r"pose (un|une) (Mookie|araignée)", str(lines[0]) + rp.description("fr"))
    # with the easy-memory option, the replay shows every face as it was
    easy = _mookies_in_progress(easy_memory=True)
    rp_easy = tl.Replay.open(easy.record())
    rp_easy.go(1)
    assert "?" not in "".join(re.findall(r'data-face="([^"]+)"', tl.replay_screen(rp_easy, gui, "fr")[0]))
    # once over: everything, and the log names the faces
    while not engine.is_over():
        engine.apply(choose(engine, engine.to_act()[0]))
    over = engine.record()
    rp_over = tl.Replay.open(over)
    for ply in range(0, rp_over.plies + 1, 5):
        rp_over.go(ply)
        assert 'data-face="?"' not in tl.replay_screen(rp_over, gui, "fr")[0]
    _, entries = replay_logged(over)
    assert re.search(r"pose un Mookie \w+ dans sa collection", str(tl.move_log(entries, log_reader(engine, 0), "fr")))
