"""German and Spanish through the real page: a Mookies game set up and played to its end
screen in German, and a rules page with its example in Spanish. Every word comes from the
catalogues (locale/*.po): the expected texts are read from them, and the French ones must
not show."""
from __future__ import annotations

from playwright.sync_api import expect
from test_mookies_ui import play_human_turns

from ludotheque.core.catalogue import say


def test_a_mookies_game_set_up_and_played_to_its_end_in_german(page, open_app):
    open_app(page, "?botdelay=0&lang=de")
    assert page.evaluate("document.documentElement.lang") == "de"
    page.click("button.game-card[data-game=mookies]")
    page.wait_for_selector("#setup-form")
    form = page.inner_text("#setup-form")
    assert say("ui.start", "de") in form and say("ui.start", "fr") not in form
    page.fill("input[name=seat-0-name]", "Lena")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=status]")
    assert "Lena" in page.inner_text("[data-testid=status]")
    assert play_human_turns(page) >= 8
    end = page.locator("[data-testid=end-screen]").inner_text()
    german = say("mookies.end.stars", "de", first="", a="", second="", b="").split(":")[0]  # "Sterne"
    assert german in end
    for french in ("Étoiles", "Araignées", "gagne la partie", say("ui.play_again", "fr")):
        assert french not in end, french
    assert say("ui.play_again", "de") in page.inner_text("#app")
    # the saved game is listed on the home page in German too
    page.click("[data-action=home]")
    page.wait_for_selector(".saves-list li")
    listed = page.inner_text(".saves")
    assert say("game.mookies.name", "de") in listed and say("ui.saved_games", "de") in listed


def test_a_rules_page_and_its_example_in_spanish(new_context, site_server):
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(site_server.url("rules/mookies.es.html"))
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.inner_text("h1").startswith("Reglas")
    frame = page.frame_locator("iframe[data-example]").first
    expect(frame.locator("[data-testid=count]")).to_have_text("Jugada 0/4", timeout=30_000)
    frame.locator("[data-testid=next]").click()
    expect(frame.locator("[data-testid=live]")).to_contain_text("Jugada 1 de 4.")
    note = frame.locator("[data-testid=note]").inner_text()
    assert note and "pose" not in note and "prend" not in note  # Spanish notes, not the French ones
    # the other languages of the page, each named in its own words
    assert page.inner_text("[data-testid=lang-de]") == "Deutsch"
    page.click("[data-testid=lang-de]")
    page.wait_for_url("**/rules/mookies.de.html")
    assert page.evaluate("document.documentElement.lang") == "de"
