"""On a phone (390x844, touch) and in portrait, as a person sees it: on your turn your hand is on
screen without searching for it (scrolled into view once; scrolling never moves the focus), the
game bar takes two rows, and keyboard hints are not shown on a touch screen."""
from __future__ import annotations

import pytest

from ludotheque.games import engine_class

HAND_BOX = """() => { const h = document.querySelector('[data-testid=hand]'); const r = h.getBoundingClientRect();
                      return {top: r.top, bottom: r.bottom, vh: innerHeight}; }"""


def opening(game: str, players: int, seed: int = 4) -> str:
    seats = [{"name": "Léa", "kind": "human", "youngest": True}] + [
        {"name": f"Robot {i}", "kind": "bot", "level": "easy"} for i in range(1, players)]
    return engine_class(game)(seats, seed=seed).record().to_url_fragment()


@pytest.mark.parametrize("game,players,size", [
    ("mosquito", 6, (390, 844)), ("masterislands", 4, (390, 844)), ("masterislands", 4, (768, 1024)),
    ("mindup", 6, (390, 844)),
])
def test_your_hand_is_on_screen_on_your_turn(new_context, open_app, game, players, size):
    width, height = size
    context = new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=width < 500)
    page = context.new_page()
    open_app(page, "?botdelay=0#record=" + opening(game, players))
    page.click("[data-action=branch]")  # play on from the set-up: Léa to act
    page.wait_for_selector("[data-testid=hand][data-turn-area]")
    page.wait_for_function("() => window.scrollY > 0 || document.querySelector('[data-testid=hand]')"
                           ".getBoundingClientRect().bottom <= innerHeight")
    box = page.evaluate(HAND_BOX)
    assert box["top"] >= -1 and box["bottom"] <= box["vh"] + 1, box  # sub-pixel layout
    if width < 500:
        bar = page.locator(".game-bar").bounding_box()
        assert bar["height"] <= 2 * 52, bar  # two rows of 44 px buttons
        assert page.locator(".game-bar kbd:visible, kbd:visible").count() == 0


def test_masterislands_lit_spaces_come_on_screen_after_choosing_a_card(new_context, open_app):
    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_app(page, "?botdelay=0#record=" + opening("masterislands", 4))
    page.click("[data-action=branch]")
    page.wait_for_selector(".mi-board[data-acting='1']")
    page.locator("button[data-hand-card]").first.tap()
    page.wait_for_selector("button.mi-space")
    tops = page.evaluate("() => [...document.querySelectorAll('button.mi-space')].map(b => b.getBoundingClientRect())"
                         ".map(r => [r.top, r.bottom])")
    assert all(0 <= t and b <= 844 for t, b in tops), tops


def test_small_targets_are_44_px(new_context, open_app, site_server):
    """The rules panel's ↗ links, "Toutes les cartes" in a replay, the explainer's step buttons."""
    from ludotheque.bots import play_bots
    from ludotheque.games.mindup import MindUpEngine

    context = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    e = MindUpEngine([{"name": n, "kind": "bot", "level": "easy"} for n in ("Léa", "Bot 1", "Bot 2")], seed=5)
    play_bots(e)
    open_app(page, "?botdelay=0#record=" + e.record().to_url_fragment())  # a finished game, in replay
    label = page.locator(".tl-all").bounding_box()
    box = page.locator(".tl-all input").bounding_box()
    assert label["height"] >= 44 and box["width"] >= 24 and box["height"] >= 24
    page.click("[data-action=rules]")
    sizes = page.evaluate("() => [...document.querySelectorAll('.rules-panel a.rule-more')]"
                          ".map(a => { const r = a.getBoundingClientRect(); return [r.width, r.height]; })")
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes[:3]
    page.goto(site_server.url("explain.html?game=mookies&src=build/examples/mookies/legendary.fr.js&ply=1"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    steps = page.evaluate("() => [...document.querySelectorAll('.ex-btn')].filter(b => b.offsetParent)"
                          ".map(b => { const r = b.getBoundingClientRect(); return [r.width, r.height]; })")
    assert steps and all(w >= 44 and h >= 44 for w, h in steps), steps
