"""Links typed or followed on a running page go through the same guard as the boot: a hash
the app cannot open shows a message, never PyScript's error box, and the game on screen
(and every save) stays as it was."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from ludotheque.bots import choose
from ludotheque.games.mookies import MookiesEngine


def stored(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('ludotheque/v1/save/')).map(k => [k, localStorage.getItem(k)]))""")


def a_fragment() -> str:
    e = MookiesEngine([{"name": "Ana", "kind": "bot", "level": "easy", "youngest": True},
                       {"name": "Zoé", "kind": "bot", "level": "easy"}], seed=9)
    for _ in range(4):
        e.apply(choose(e, e.to_act()[0]))
    return e.record().to_url_fragment()


HOSTILE = {
    "ply_5000_digits": lambda save_id: f"record={a_fragment()}&ply={'9' * 5000}",
    "ply_superscript": lambda save_id: f"save={save_id}&ply=²",
    "ply_negative": lambda save_id: f"save={save_id}&ply=-3",
    "record_garbage": lambda save_id: "record=%%%not-a-record",
    "save_unknown": lambda save_id: "save=nobody-here",
}


def test_hostile_hashes_on_a_running_game_say_why_and_keep_the_game(page, open_app):
    """Each hostile hash in turn on the same running game: every one must leave the game and the
    saves as they were, so the next one meets the same page (one boot for all of them)."""
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_app(page, "?game=mookies&botdelay=60000")  # the bot waits: the board does not move under the test
    page.click("button[data-testid=pile-1]")
    page.click("button[data-testid=face-up]")
    page.wait_for_function("""() => Object.keys(localStorage).some(k => k.startsWith('ludotheque/v1/save/')
        && JSON.parse(localStorage.getItem(k)).record.moves.length > 0)""")
    before = stored(page)
    assert len(before) == 1
    save_id = json.loads(next(iter(before.values())))["id"]
    board = page.inner_html("#app")
    for name in sorted(HOSTILE):
        # the last hash's toast is still up (it leaves after seconds): without it, the next one is this hash's
        page.evaluate("() => { const old = document.getElementById('toast'); if (old) old.remove(); }")
        page.evaluate("h => { location.hash = h; }", HOSTILE[name](save_id))
        expect(page.get_by_test_id("toast"), name).to_contain_text("n’a pas pu être ouvert")
        assert "La partie affichée continue" in page.inner_text("[data-testid=toast]"), name
        page.wait_for_function("id => location.hash === '#save=' + id", arg=save_id)
        assert page.inner_html("#app") == board, name  # the same game, at the same move
        assert page.locator(".py-error").count() == 0 and not errors, (name, errors)
        assert stored(page) == before, name


def test_a_hostile_ply_at_boot_opens_the_home_page_saying_why(page, open_app):
    open_app(page, f"#record={a_fragment()}&ply={'9' * 5000}")
    expect(page.locator("#home")).to_contain_text("ply=")
    assert page.locator(".py-error").count() == 0
    assert "ply=" not in page.url


def test_a_hostile_hash_on_a_replay_keeps_the_replay_at_its_ply(page, open_app):
    fragment = a_fragment()
    open_app(page, f"?botdelay=0#record={fragment}&ply=2")
    page.wait_for_selector("#timeline[data-ply='2']")
    page.evaluate("h => { location.hash = h; }", f"record={fragment}&ply=²")
    expect(page.get_by_test_id("toast")).to_contain_text("n’a pas pu être ouvert")
    page.wait_for_function("f => location.hash === '#record=' + f + '&ply=2'", arg=fragment)
    assert page.get_attribute("#timeline", "data-ply") == "2"
    assert page.locator(".py-error").count() == 0
