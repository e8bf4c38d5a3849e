"""The saved-games list in the real page: a date in words, "Supprimer" with "Annuler", and an
import of a game that is already saved (no identical twin)."""
from __future__ import annotations

import json


def stored(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('ludotheque/v1/save/')).map(k => [k, localStorage.getItem(k)]))""")


def test_delete_can_be_undone_and_a_reimport_opens_the_saved_game(page, open_app, tmp_path):
    open_app(page, "?game=mookies&botdelay=0")
    page.click("button[data-testid=pile-1]")
    page.click("button[data-testid=face-up]")
    page.wait_for_selector("button[data-testid=pile-1].lit")
    page.click("[data-action=home]")
    page.wait_for_selector("li.save")
    assert "aujourd’hui" in page.inner_text("li.save .save-meta")
    saves = stored(page)
    assert len(saves) == 1
    save_id = json.loads(next(iter(saves.values())))["id"]
    page.click(f"[data-action='delete/{save_id}']")
    page.wait_for_selector("[data-testid=undo-delete]")
    assert stored(page) == {} and page.locator(f"li.save[data-save='{save_id}']").count() == 0
    page.click("[data-testid=undo-delete]")
    page.wait_for_selector(f"li.save[data-save='{save_id}']")
    assert stored(page) == saves  # back exactly as it was
    record = json.loads(next(iter(saves.values())))["record"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector(".banner")
    assert "déjà" in page.inner_text(".banner")
    assert len(stored(page)) == 1  # no twin


def test_a_game_link_saves_nothing_until_someone_plays(page, open_app):
    for _ in range(3):  # three visits of the same link
        open_app(page, "?game=mookies&botdelay=60000")
        page.wait_for_selector("button[data-testid=pile-1]")
        assert stored(page) == {}
        assert page.evaluate("location.hash") == ""  # a reload is the link again, not a missing save
    page.click("button[data-testid=pile-1]")
    page.click("button[data-testid=face-up]")
    page.wait_for_function("() => location.hash.startsWith('#save=')")
    saves = stored(page)
    assert len(saves) == 1
    entry = json.loads(next(iter(saves.values())))
    assert len(entry["record"]["moves"]) >= 1 and page.evaluate("location.hash") == "#save=" + entry["id"]
    page.go_back()  # the home page, listing the one game played
    page.wait_for_selector("li.save")
    assert page.locator("li.save").count() == 1
