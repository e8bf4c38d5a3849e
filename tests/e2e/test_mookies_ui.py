"""L'Île des Mookies through the real page: full games, saves, links, embedding, offline."""
from __future__ import annotations

import json

import pytest

from e2e_harness import wait_ready
from playwright.sync_api import expect

from ludotheque.bots import play_bots
from ludotheque.core.record import Record
from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.replay import replay

NEXT = ("button[data-testid=pile-1], button[data-testid=pile-2], button[data-testid=face-up], "
        "[data-testid=end-screen], [data-testid^=return-]")


def play_human_turns(page, turns: int = 1000, side: str = "up") -> int:
    """Play as the person (take a pile, then a face) until the end screen or `turns` turns."""
    played = 0
    while played < turns:
        page.wait_for_selector(NEXT, timeout=20_000)
        if page.locator("[data-testid=end-screen]").count():
            break
        ret = page.locator("[data-testid^=return-]")
        if ret.count():
            ret.first.click()
            continue
        face = page.locator(f"button[data-testid=face-{side}]")
        if face.count():
            face.click()
            played += 1
            continue
        pile = page.locator("button[data-testid=pile-1], button[data-testid=pile-2]")
        pile.first.click()
        page.wait_for_selector(f"button[data-testid=face-{side}]")
    return played


def saves(page) -> dict:
    return page.evaluate("""() => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (k.startsWith('ludotheque/v1/save/')) out[k] = localStorage.getItem(k);
        }
        return out;
    }""")


def test_full_game_against_a_bot_through_the_ui_to_the_end_screen(page, open_app):
    open_app(page, "?botdelay=0")
    page.click("button.game-card[data-game=mookies]")
    page.fill("input[name=seat-0-name]", "Léa")
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=status]")
    assert "Léa" in page.inner_text("[data-testid=status]")
    turns = play_human_turns(page)
    assert turns >= 8  # 36 cards, two piles: the game lasts at least 18 cards
    end = page.locator("[data-testid=end-screen]")
    steps = page.locator("[data-testid=steps] li")
    assert steps.count() >= 8  # five families, spiders, stars, winner
    text = end.inner_text()
    assert "Araignées" in text and "Étoiles" in text and "gagne" in text
    # every collection is revealed and sorted at the end
    assert page.locator("[data-testid=final-0] .mk-sorted li").count() >= 1
    stored = [json.loads(v) for v in saves(page).values()]
    assert len(stored) == 1 and stored[0]["over"] is True
    # the saved record replays to the same result as shown
    engine = replay(Record.from_dict(stored[0]["record"]))
    shown = page.inner_text("[data-testid=final-0] h3")
    assert str(engine.result()["stars"][0]) in shown


def test_illegal_moves_are_not_offered_and_keys_play(page, open_app):
    open_app(page, "?game=mookies&botdelay=0")
    page.wait_for_selector("button[data-testid=pile-1]")
    assert page.locator("button[data-testid=face-up]").count() == 0
    page.keyboard.press("2")  # take from pile 2
    page.wait_for_selector("button[data-testid=face-down]")
    # the choice of pile is binding: the piles are dimmed, and a tap on one says why (the engine's words)
    assert page.locator("button[data-testid=pile-1][aria-disabled=true]").count() == 1
    page.click("button[data-testid=pile-1]", force=True)  # aria-disabled: Playwright would wait for it to be enabled
    page.wait_for_selector(".status.error")
    assert "face" in page.inner_text("[data-testid=status]")
    page.keyboard.press("1")  # play the face that was up
    page.wait_for_selector("button[data-testid=pile-1].lit")
    counts = [int(page.inner_text(f"[data-testid=count-{s}]").split()[0]) for s in (0, 1)]
    assert sum(counts) == 2  # one card each laid (a spider goes to the other's collection)


def test_resume_after_reload_and_from_the_saved_games_list(page, open_app):
    open_app(page, "?game=mookies&botdelay=0")
    play_human_turns(page, turns=3)
    page.wait_for_selector("button[data-testid=pile-1]")
    before = (page.inner_text("[data-testid=count-0]"), page.inner_text("[data-testid=count-1]"),
              page.inner_text("[data-testid=pile-1]"), page.inner_text("[data-testid=pile-2]"))
    assert "#save=" in page.url
    page.reload()
    wait_ready(page)
    page.wait_for_selector("button[data-testid=pile-1]")
    after = (page.inner_text("[data-testid=count-0]"), page.inner_text("[data-testid=count-1]"),
             page.inner_text("[data-testid=pile-1]"), page.inner_text("[data-testid=pile-2]"))
    assert after == before
    page.click("[data-action=home]")
    page.wait_for_selector(".saves-list li.save")
    assert page.locator(".saves-list li.save").count() == 1
    page.click(".saves-list li.save [data-action^='resume/']")
    page.wait_for_selector("button[data-testid=pile-1]")
    assert page.inner_text("[data-testid=count-0]") == before[0]


def test_export_then_import_a_game(page, open_app, tmp_path):
    open_app(page, "?game=mookies&botdelay=0")
    play_human_turns(page, turns=2)
    page.click("[data-action=export]")
    page.uncheck("[data-testid=share-neutral]")  # the names kept, as the person chose
    with page.expect_download() as info:
        page.click("[data-testid=share-go]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert record.game == "mookies" and len(record.moves) >= 6
    # import a finished bot game from a file
    e = MookiesEngine([{"name": "Ana", "kind": "bot", "youngest": True}, {"name": "Zoé", "kind": "bot"}], seed=77)
    play_bots(e)
    other = tmp_path / "finished.json"
    other.write_text(e.record().to_json(), encoding="utf-8")
    page.click("[data-action=home]")
    page.set_input_files("#import-file", str(other))
    page.wait_for_selector("[data-testid=end-screen]")
    assert "Ana" in page.inner_text("[data-testid=end-screen]")
    page.click("[data-action=home]")
    assert page.locator(".saves-list li.save").count() == 2
    # a file that is not a record is refused with a message, nothing else changes
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}', encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector(".notice.error")
    assert "Ludothèque" in page.inner_text(".notice.error")
    assert page.locator(".saves-list li.save").count() == 2


def test_corrupt_and_unknown_saves_are_listed_and_deletable(page, open_app):
    open_app(page, "?game=mookies&botdelay=0")
    play_human_turns(page, turns=1)
    page.evaluate("""() => {
        localStorage.setItem('ludotheque/v1/save/broken', '{oops');
        localStorage.setItem('ludotheque/v1/save/future', JSON.stringify({schema: 42, game: 'mookies'}));
        localStorage.setItem('someone-else', 'keep me');
    }""")
    page.goto(page.url.split("?")[0])
    wait_ready(page)
    page.wait_for_selector(".saves-list")
    assert page.locator(".saves-list li.save.unreadable").count() == 2
    assert page.locator(".saves-list li.save:not(.unreadable)").count() == 1
    page.click("li[data-save=broken] [data-action='delete/broken']")
    page.wait_for_function("() => !document.querySelector('li[data-save=broken]')")
    assert page.locator(".saves-list li.save[data-save]").count() == 2  # the "Annuler" row is no save
    assert page.evaluate("() => localStorage.getItem('someone-else')") == "keep me"


def test_storage_unavailable_the_game_still_plays_and_says_saving_is_off(page, open_app):
    page.add_init_script("""
        Object.defineProperty(window, 'localStorage', {
            configurable: true,
            get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
        });
    """)
    open_app(page, "?game=mookies&botdelay=0")
    page.wait_for_selector("[data-testid=saving-off]")
    assert play_human_turns(page, turns=2) == 2


def test_quota_full_turns_saving_off_without_stopping_the_game(page, open_app):
    page.add_init_script("""
        Storage.prototype.setItem = function (k, v) {
            if (String(k).startsWith('ludotheque/v1/save/')) throw new DOMException('full', 'QuotaExceededError');
        };
    """)
    open_app(page, "?game=mookies&botdelay=0")  # a link saves nothing until someone plays
    assert play_human_turns(page, turns=2) == 2  # the game goes on...
    page.wait_for_selector("[data-testid=saving-off]")  # ...and says saving is off


def test_a_record_link_opens_the_position(page, open_app):
    e = MookiesEngine([{"name": "Ana", "youngest": True}, {"name": "Zoé"}], seed=5)
    for m in ["0:take/1", "0:face/up", "1:take/2", "1:face/down", "0:take/2"]:
        e.play(m)
    open_app(page, "#record=" + e.record().to_url_fragment())
    assert page.get_attribute("#timeline", "data-ply") == "5"  # a link opens in replay at its last ply
    page.click("[data-action=branch]")
    page.wait_for_selector("button[data-testid=face-up]")
    assert "Position partagée" in page.inner_text(".banner")
    view = e.view(0)
    assert f"({view['piles'][0]['count']})" in page.inner_text("[data-testid=pile-1]")
    assert "Ana" in page.inner_text("[data-testid=status]")
    # a damaged link gives a message, not a broken page: pasted into the running tab, the
    # game on screen stays and says why...
    base = page.url.split("#")[0]
    page.goto(base + "#record=AAAA")
    expect(page.get_by_test_id("toast")).to_contain_text("n’a pas pu être ouvert")
    assert page.locator("button[data-testid=face-up]").count() == 1
    # ...the failed hash leaves the address, so a reload does not fall into it again
    page.wait_for_function("() => location.hash.startsWith('#save=')")
    # ...and opened in a fresh tab, the boot path says so as well
    page.goto("about:blank")
    page.goto(base + "#record=AAAA")
    wait_ready(page)
    page.wait_for_selector(".notice.error")


def test_embedded_in_an_iframe_a_move_can_be_played(page, site_server):
    page.goto(site_server.url("tests/embed_page.html"))
    frame = page.frame_locator("iframe#game")
    frame.locator('body[data-ready="1"]').wait_for(timeout=60_000)
    assert frame.locator(".site-header").is_hidden()
    assert frame.locator("[data-action=home]").count() == 0
    frame.locator("button[data-testid=pile-1]").click()
    frame.locator("button[data-testid=face-up]").click()
    frame.locator("[data-testid=last-move]").wait_for()
    assert frame.locator("[data-testid=last-move]").inner_text() != ""


def test_a_toast_outlives_the_next_redraws_then_goes_by_itself(page, open_app):
    """"Lien copié" was drawn inside the game screen and wiped by the next render: with a bot
    moving, it flashed and was gone. Now it stays through redraws, then leaves on its own."""
    open_app(page, "?game=mookies&botdelay=0")
    page.wait_for_selector("button[data-testid=pile-1]")
    page.click("[data-action=share]")
    page.click("[data-testid=share-go]")
    toast = page.locator("[data-testid=toast]")
    expect(toast).to_have_text("Lien copié.")
    # two redraws of the game screen (rules panel open, closed) leave it in place
    page.click("#app [data-action=rules]")
    page.wait_for_selector(".rules-panel")
    page.keyboard.press("Escape")
    page.wait_for_selector(".rules-panel", state="detached")
    expect(toast).to_have_text("Lien copié.")
    assert toast.get_attribute("role") == "status"
    # and then it goes by itself (4 s for a short text), without any tap
    expect(toast).to_have_count(0, timeout=15_000)
