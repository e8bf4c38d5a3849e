"""Keeping saves through the real page: export every save, delete them with the app's own
button, import the file, the games are back; a hostile file is refused and changes nothing."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from e2e_harness import wait_ready

from ludotheque.bots import play_bots
from ludotheque.games.mindup import MindUpEngine

PREFIX = "ludotheque/v1/save/"


def stored(page) -> dict:
    return page.evaluate("""p => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith(p)).map(k => [k, JSON.parse(localStorage.getItem(k))]))""", PREFIX)


def plant_finished_game(page) -> None:
    e = MindUpEngine([{"name": n, "kind": "bot", "level": "easy"} for n in ("Léa", "Bot 1", "Bot 2")], seed=5)
    play_bots(e)
    entry = {"schema": 1, "id": "mindup-done", "game": "mindup", "title": "Léa · Bot 1 · Bot 2",
             "updated": "2026-12-01T10:00:00Z", "over": True, "record": e.record().to_dict()}
    page.evaluate("e => localStorage.setItem('ludotheque/v1/save/mindup-done', JSON.stringify(e))", entry)


def test_export_delete_import_round_trip_and_a_hostile_file_changes_nothing(page, open_app, tmp_path):
    open_app(page, "?game=mookies&botdelay=0")
    page.click("button[data-testid=pile-1]")
    page.click("button[data-testid=face-up]")
    page.wait_for_function("() => location.hash.startsWith('#save=')")
    plant_finished_game(page)
    page.goto(page.url.split("?")[0])
    wait_ready(page)
    expect(page.locator("li.save")).to_have_count(2)
    protected = page.evaluate("navigator.storage.persisted()")
    expect(page.get_by_test_id("not-protected")).to_have_count(0 if protected else 1)
    before = stored(page)

    with page.expect_download() as info:
        page.get_by_test_id("export-all").click()
    path = tmp_path / "all.json"
    info.value.save_as(path)
    assert info.value.suggested_filename.startswith("ludotheque-parties-")
    expect(page.get_by_test_id("toast")).to_contain_text("2 parties exportées")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "ludotheque-saves" and len(data["saves"]) == 2

    for save_id in [v["id"] for v in before.values()]:
        page.click(f"[data-action='delete/{save_id}']")
        expect(page.locator(f"li.save[data-save='{save_id}']")).to_have_count(0)
    assert stored(page) == {}

    page.set_input_files("#import-file", str(path))
    expect(page.get_by_test_id("toast")).to_contain_text("2 parties importées")
    expect(page.locator("li.save")).to_have_count(2)
    after = stored(page)
    assert {k: v["record"] for k, v in after.items()} == {k: v["record"] for k, v in before.items()}
    assert {k: v["title"] for k, v in after.items()} == {k: v["title"] for k, v in before.items()}

    # the same file again: nothing new, nothing replaced
    page.set_input_files("#import-file", str(path))
    expect(page.get_by_test_id("toast")).to_contain_text("déjà là")
    assert stored(page) == after

    # a hostile file: one illegal move in the second game refuses the whole file
    data["saves"][1]["id"] = "other-id"
    data["saves"][1]["record"]["moves"].append("0:nonsense")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    expect(page.locator(".notice.error")).to_contain_text("Partie n° 2")
    expect(page.locator(".notice.error")).to_contain_text("Rien n’a été modifié")
    assert stored(page) == after
