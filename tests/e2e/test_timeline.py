"""The timeline through the real page: undo, replay with keys, frozen links, Back/Forward,
Mind Up! reload mid-reveal."""
from __future__ import annotations

import json
import time

from e2e_harness import wait_ready

from ludotheque.bots import choose, play_bots
from ludotheque.core.record import Record
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.mookies import MookiesEngine


def saved(page) -> list:
    raw = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque/v1/save/'))
                                  .map(k => localStorage.getItem(k))""")
    return [json.loads(r) for r in raw]


def ply(page) -> int:
    return int(page.get_attribute("#timeline", "data-ply"))


def start_mookies(page, open_app):
    # the bots are slowed with the app's own pacing, so the person can undo before the bot takes
    open_app(page, "?game=mookies&botdelay=4000")
    page.click("button[data-testid=pile-1]")
    page.click("button[data-testid=face-up]")
    page.wait_for_selector("[data-testid=last-move]")


def test_undo_a_mookies_face_choice_before_the_next_take(page, open_app):
    start_mookies(page, open_app)
    assert page.get_attribute("[data-testid=undo]", "aria-disabled") is None
    page.keyboard.press("Control+z")
    page.wait_for_selector("button[data-testid=face-up]")  # back to choosing the face
    assert "annulé" in page.inner_text("[data-testid=last-move]")
    [entry] = saved(page)
    assert entry["record"]["moves"] == ["0:take/1"]  # the save is the record without the move
    page.click("[data-testid=log]")
    assert page.locator("#move-log li").count() == 1


def test_undo_refused_after_a_take_revealed_a_face(page, open_app):
    start_mookies(page, open_app)
    page.click("[data-testid=undo]")
    page.wait_for_selector("button[data-testid=face-up]")
    # the take turned the card over: it cannot be taken back; the button says why, a tap too
    undo = page.locator("[data-testid=undo]")
    assert undo.get_attribute("aria-disabled") == "true"
    assert "révélée" in undo.get_attribute("title")
    undo.click(force=True)  # aria-disabled, not disabled: a tap still says why
    page.wait_for_selector("[data-testid=status].error")
    assert "révélée" in page.inner_text("[data-testid=status]")
    assert len(saved(page)[0]["record"]["moves"]) == 1


def test_replay_a_finished_mind_up_game_to_ply_0_and_back_with_keys(page, open_app):
    e = MindUpEngine([{"name": n, "kind": "bot", "level": "easy"} for n in ("Léa", "Bot 1", "Bot 2")], seed=5)
    play_bots(e)  # a finished game to watch again; Léa's choices were a bot's, she is the person here
    record = e.record().to_dict()
    record["seats"][0] = {"name": "Léa", "kind": "human"}
    open_app(page)
    entry = {"schema": 1, "id": "mindup-done", "game": "mindup", "title": "Léa · Bot 1 · Bot 2",
             "updated": "2026-12-01T10:00:00Z", "over": True, "record": record}
    page.evaluate("e => localStorage.setItem('ludotheque/v1/save/mindup-done', JSON.stringify(e))", entry)
    page.reload()
    wait_ready(page)
    page.click("[data-action='replay/mindup-done']")
    plies = len(record["moves"])
    page.wait_for_selector("#timeline")
    assert ply(page) == plies and int(page.get_attribute("#timeline", "data-plies")) == plies
    assert page.locator("[data-testid=replay-board] [data-testid=end-screen]").count() == 1
    page.keyboard.press("Home")
    page.wait_for_selector("#timeline[data-ply='0']")
    assert "Mise en place" in page.inner_text("[data-testid=tl-desc]")
    assert page.get_attribute("[data-testid=tl-desc]", "aria-live") == "polite"
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#timeline[data-ply='1']")
    assert "Coup 1" in page.inner_text("[data-testid=tl-desc]")
    page.keyboard.press("End")
    page.wait_for_selector(f"#timeline[data-ply='{plies}']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"#timeline[data-ply='{plies - 1}']")
    page.check("[data-testid=tl-all]")
    page.wait_for_selector("[data-testid=all-cards]")
    assert "#save=mindup-done&ply=" in page.url
    # nothing in a replay can be played, and the save did not change
    assert page.locator("[data-testid=replay-board][inert]").count() == 1
    assert saved(page)[0]["record"]["moves"] == record["moves"]


def test_a_record_link_with_bots_stays_frozen_then_plays_on_from_a_ply(page, open_app):
    e = MookiesEngine([{"name": "Ana", "kind": "bot", "level": "easy", "youngest": True},
                       {"name": "Zoé", "kind": "bot", "level": "easy"}], seed=9)
    for _ in range(6):
        e.apply(choose(e, e.to_act()[0]))
    open_app(page, "?botdelay=0#record=" + e.record().to_url_fragment() + "&ply=4")
    assert ply(page) == 4
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the bots would move at once (botdelay=0) if they could
        page.wait_for_timeout(1000)
        assert ply(page) == 4 and page.locator("#timeline").count() == 1
    assert saved(page) == []  # a link creates no save until someone plays
    page.click("[data-action=branch]")
    page.wait_for_function("() => !document.querySelector('#timeline')")
    page.wait_for_function(
        "() => Object.keys(localStorage).some(k => k.startsWith('ludotheque/v1/save/'))")
    page.wait_for_function("""() => { const k = Object.keys(localStorage).find(k => k.startsWith('ludotheque/v1/save/'));
                                      return JSON.parse(localStorage.getItem(k)).record.moves.length > 4; }""")
    [entry] = saved(page)
    assert entry["record"]["moves"][:4] == e.record().moves[:4]  # played on from ply 4
    assert entry["record"]["meta"]["branched"] == {"ply": 4}
    page.click("[data-action=home]")
    page.wait_for_selector(".saves-list [data-testid=branched]")
    assert "jouée à partir du coup 4" in page.inner_text(".saves-list [data-testid=branched]")


def test_back_goes_home_and_forward_returns(page, open_app):
    open_app(page, "?botdelay=0")
    page.click("button.game-card[data-game=mookies]")
    page.click("[data-testid=start]")
    page.wait_for_selector("button[data-testid=pile-1]")
    page.go_back()
    page.wait_for_selector("#home:not([hidden])")
    assert page.locator("#app[hidden]").count() == 1
    assert page.evaluate("location.hash") == ""
    page.go_forward()
    page.wait_for_selector("button[data-testid=pile-1]")
    assert "#save=" in page.url
    # the replay too: Back from it goes home
    page.click("[data-testid=replay]")
    page.wait_for_selector("#timeline")
    page.go_back()
    page.wait_for_selector("#home:not([hidden])")
    # and the home button leaves Forward to the game
    page.go_forward()
    page.wait_for_selector("#timeline")
    page.click("[data-action=home]")
    page.wait_for_selector("#home:not([hidden])")
    page.go_forward()
    page.wait_for_selector("#timeline")


def test_mind_up_reload_mid_reveal_comes_back_to_the_reveal(page, open_app):
    open_app(page, "?game=mindup&botdelay=0")
    page.locator("button[data-action^='move/play/']").first.click()
    page.wait_for_selector("[data-testid=reveal]")  # the bots chose at once: the turn is revealed
    page.click("[data-testid=reveal-next]")
    page.wait_for_selector("[data-testid=reveal-0].shown")
    [entry] = saved(page)
    record = Record.from_dict(entry["record"])
    assert record.meta["display"]["reveal"]["step"] == 1
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=reveal]")
    assert page.locator("[data-testid=reveal-0].shown").count() == 1
    assert page.locator("[data-testid=reveal-1].shown").count() == 0
    page.click("[data-testid=reveal-all]")
    while page.locator("[data-testid=reveal-next]").count():
        page.click("[data-testid=reveal-next]")
    page.wait_for_selector("button[data-action^='move/play/']")
    assert "display" not in saved(page)[0]["record"].get("meta", {})


def test_a_move_log_line_opens_the_replay_there_and_escape_comes_back(page, open_app):
    start_mookies(page, open_app)  # Léa took a card and laid a face; the bot waits (botdelay)
    moves = saved(page)[0]["record"]["moves"]
    page.click("[data-testid=log]")
    first = page.locator("#move-log li button.log-line").first
    assert first.bounding_box()["height"] >= 44
    first.click()
    page.wait_for_selector("#timeline[data-ply='1']")  # the position after the first move
    assert page.locator("[data-testid=replay-board]").count() == 1
    page.keyboard.press("Escape")
    page.wait_for_selector("#timeline", state="detached")
    page.wait_for_selector(".game:not(.replaying)")
    assert saved(page)[0]["record"]["moves"][:len(moves)] == moves  # nothing lost
