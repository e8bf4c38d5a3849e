"""Names stay private when sharing, in the real page: "Partager" and "Exporter" ask first, with
neutral names ticked by default; unticked, the names go as they are."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from ludotheque.core.record import Record


def start_and_name(page, open_app, name: str) -> None:
    open_app(page, "?botdelay=60000#setup=mookies")
    page.fill("input[name=seat-0-name]", name)
    page.click("[data-testid=start]")
    page.wait_for_selector("button[data-testid=pile-1]")


def test_export_and_share_offer_neutral_names_ticked_by_default(page, open_app, tmp_path):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    start_and_name(page, open_app, "Léa Martin")
    page.click("[data-action=export]")
    dialog = page.get_by_test_id("share-dialog")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("share-neutral")).to_be_checked()
    with page.expect_download() as info:
        page.get_by_test_id("share-go").click()
    path = tmp_path / "game.json"
    info.value.save_as(path)
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert record.seats[0].name == "Joueur 1" and "Léa" not in path.read_text(encoding="utf-8")
    assert record.seats[1].is_bot and record.seats[1].name != "Joueur 2"  # the bot keeps its name
    expect(dialog).to_have_count(0)

    # Escape closes the dialog, nothing is shared and the game goes on
    page.click("[data-action=share]")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)

    # the link, names replaced
    page.click("[data-action=share]")
    page.get_by_test_id("share-go").click()
    expect(page.get_by_test_id("toast")).to_have_text("Lien copié.")
    url = page.evaluate("navigator.clipboard.readText()")
    shared = Record.from_url_fragment(url.split("#record=")[1])
    assert [s.name for s in shared.seats] == ["Joueur 1", record.seats[1].name]

    # unticked: the person chose to keep the names
    page.click("[data-action=share]")
    page.get_by_test_id("share-neutral").uncheck()
    page.get_by_test_id("share-go").click()
    page.wait_for_function("() => navigator.clipboard.readText().then(t => !t.includes('#record=' + %s))"
                           % json.dumps(url.split("#record=")[1]))
    kept = Record.from_url_fragment(page.evaluate("navigator.clipboard.readText()").split("#record=")[1])
    assert kept.seats[0].name == "Léa Martin"
