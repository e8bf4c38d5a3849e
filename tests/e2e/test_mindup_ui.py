"""Mind Up! through the real page: a full game with bots, pass-and-play secrecy, resume after reload."""
from __future__ import annotations

import json

from e2e_harness import wait_ready

from ludotheque.core.messages import say
from ludotheque.core.record import Record
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.replay import replay

NEXT = "button[data-action^='move/play/'], [data-testid=reveal-next], [data-testid=end-screen]"


def play_until(page, turns: int = 1000) -> int:
    """As the only person: pick the first card of the hand and click through every reveal,
    until the end screen or `turns` choices; returns the number of choices made."""
    played = 0
    while True:
        page.wait_for_selector(NEXT, timeout=30_000)
        if page.locator("[data-testid=end-screen]").count():
            return played
        nxt = page.locator("[data-testid=reveal-next]")
        if nxt.count():
            nxt.click()
            continue
        if played >= turns:
            return played
        page.locator("button[data-action^='move/play/']").first.click()
        played += 1
        page.wait_for_selector("[data-testid=chosen], [data-testid=reveal]")


def saved_records(page) -> list:
    raw = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque/v1/save/'))
                                  .map(k => localStorage.getItem(k))""")
    return [json.loads(r) for r in raw]


def test_full_game_one_person_three_bots_to_the_end_screen(page, open_app):
    open_app(page, "?botdelay=0")
    page.click("button.game-card[data-game=mindup]")
    page.select_option("select[name=count]", "4")
    page.wait_for_selector("input[name=seat-3-name]")
    page.fill("input[name=seat-0-name]", "Léa")
    for i in (1, 2, 3):
        page.select_option(f"select[name=seat-{i}-level]", "easy")
    page.click("[data-testid=start]")
    page.wait_for_selector("button[data-action^='move/play/']")
    assert page.locator("[data-testid=privacy]").count() == 0  # one person: the hand shows at once
    assert page.locator("button[data-action^='move/play/']").count() == 7
    assert "Manche 1/3" in page.inner_text("[data-testid=round]")
    # the first reveal goes step by step and the bots wait meanwhile
    page.locator("button[data-action^='move/play/']").first.click()
    page.wait_for_selector("[data-testid=reveal]")
    assert page.locator(".mu-reveal-row.shown").count() == 0
    page.click("[data-testid=reveal-next]")
    assert page.locator(".mu-reveal-row.shown").count() == 1
    assert page.locator("[data-testid=reveal]").count() == 1
    played = 1 + play_until(page)
    assert played == 6 + 7 + 8
    end = page.inner_text("[data-testid=end-screen]")
    assert "Partie terminée" in end and "Manche 3" in end and "Points de la manche" in end
    assert page.locator("[data-testid=steps] li").count() >= 3 * 5 + 2
    stored = saved_records(page)
    assert len(stored) == 1 and stored[0]["over"] is True
    engine = replay(Record.from_dict(stored[0]["record"]))
    result = engine.result()
    for seat, total in enumerate(result["scores"]):
        assert page.inner_text(f"[data-testid=final-total-{seat}]") == str(total)
    assert say(result["steps"][-1], "fr") in end


def test_pass_and_play_the_first_choice_stays_hidden_from_the_second(page, open_app):
    e = MindUpEngine([{"name": "Léa", "kind": "human"}, {"name": "Tom", "kind": "human"},
                      {"name": "Robo", "kind": "bot", "level": "easy"}], seed=12)
    lea_card = e.hands[0][3]
    open_app(page, "?botdelay=0#record=" + e.record().to_url_fragment())
    page.click("[data-action=branch]")  # a link opens in replay: play on from its last ply
    page.wait_for_selector("[data-testid=privacy]")
    assert "Passe l'appareil à Léa" in page.inner_text("[data-testid=privacy]")
    assert page.locator("[data-testid=hand]").count() == 0
    page.click("[data-testid=unlock]")
    page.click(f"button[data-action='move/play/{lea_card}']")
    page.wait_for_selector("[data-testid=privacy]")
    assert "Passe l'appareil à Tom" in page.inner_text("[data-testid=privacy]")
    html = page.inner_html("#app")
    assert f'data-card="{lea_card}"' not in html and f"play/{lea_card}\"" not in html
    page.click("[data-testid=unlock]")
    page.wait_for_selector("[data-testid=hand] button[data-action^='move/play/']")
    html = page.inner_html("#app")
    assert "Tom" in page.inner_text("[data-testid=hand] h2")
    assert f'data-card="{lea_card}"' not in html  # no trace of Léa's card, as chosen or otherwise
    assert page.locator("[data-testid=chosen]").count() == 0
    assert "a choisi" in page.inner_text("[data-testid=state-0]")
    page.locator("button[data-action^='move/play/']").first.click()
    page.wait_for_selector("[data-testid=reveal]")  # Tom's choice was the last: everything is revealed
    assert f'data-card="{lea_card}"' in page.inner_html("[data-testid=reveal]")


def test_resume_after_reload_mid_round(page, open_app):
    open_app(page, "?game=mindup&botdelay=0")
    play_until(page, turns=2)
    page.wait_for_selector("button[data-action^='move/play/']")
    page.wait_for_function("""() => ['state-1', 'state-2'].every(id =>
        (document.querySelector(`[data-testid=${id}]`) || {}).textContent?.includes('a choisi'))""")
    before = page.inner_text("[data-testid=board]")
    assert "Tour 3/6" in before
    page.reload()
    wait_ready(page)
    page.wait_for_selector("button[data-action^='move/play/']")
    assert page.inner_text("[data-testid=board]") == before
    assert page.locator("button[data-action^='move/play/']").count() == 5
