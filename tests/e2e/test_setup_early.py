"""First visit: a tap on a game shows its set-up form before Python is ready; the person
fills it (and may press start); Python takes it over with everything kept.

Pyodide's wasm is held back by a route until the test lets it through, so Python is
certainly not ready while the form is filled.
"""
from __future__ import annotations

import json

from playwright.sync_api import expect

from e2e_harness import wait_ready
from test_mookies_ui import saves

WASM = "**/pyodide.asm.wasm*"  # the gzip copy (first visit) or the plain file


class HeldRuntime:
    """Holds every request for Pyodide's wasm until release()."""

    def __init__(self, page) -> None:
        self.page = page
        self.held = []
        page.route(WASM, self.hold)

    def hold(self, route) -> None:
        self.held.append(route)

    def release(self) -> None:
        for route in self.held:
            route.continue_()
        self.held.clear()
        self.page.unroute(WASM, self.hold)


def open_early(page, site_server, game: str, query: str = "") -> HeldRuntime:
    runtime = HeldRuntime(page)
    page.goto(site_server.url("index.html" + query), wait_until="commit")
    page.locator(f'button.game-card[data-game="{game}"]').click()
    expect(page.locator('#setup-form[data-early="1"]')).to_be_visible()
    assert page.evaluate("document.body.dataset.ready") == "0"
    expect(page.locator("#home")).to_be_hidden()
    return runtime


def test_form_filled_and_started_before_python_starts_the_game_with_those_names(page, site_server):
    runtime = open_early(page, site_server, "mookies", "?botdelay=0")
    expect(page.locator("#setup-form h1")).to_contain_text("Mookies — Nouvelle partie")
    page.fill("input[name=seat-0-name]", "Alice")
    page.fill("input[name=seat-1-name]", "Robo")
    page.select_option("select[name=seat-1-kind]", "bot")
    page.select_option("select[name=seat-1-level]", "easy")
    page.click("[data-testid=start]")
    pending = page.locator("#boot-pending")
    expect(pending).to_be_visible()
    expect(pending).to_contain_text("La partie commence dès que le moteur est prêt")
    assert page.evaluate("[window.ludoEarly.game, window.ludoEarly.start]") == ["mookies", True]
    assert page.evaluate("document.body.dataset.ready") == "0"

    runtime.release()
    wait_ready(page)
    status = page.locator("[data-testid=status]")
    expect(status).to_contain_text("Alice")
    expect(page.locator(".game-mookies")).to_be_visible()
    expect(page.locator("#setup-form")).to_have_count(0)
    (entry,) = [json.loads(v) for v in saves(page).values()]
    seats = entry["record"]["seats"]
    assert [s["name"] for s in seats] == ["Alice", "Robo"]
    assert seats[1]["kind"] == "bot" and seats[1]["level"] == "easy"


def test_count_change_before_python_keeps_names_and_python_keeps_the_form(page, site_server):
    runtime = open_early(page, site_server, "mindup")
    page.fill("input[name=seat-0-name]", "Alice")
    page.locator("input[name=seat-0-name]").press("End")
    page.select_option("select[name=count]", "5")
    rows = page.locator("#setup-form .seat-row")
    expect(rows).to_have_count(5)
    expect(page.locator("input[name=seat-0-name]")).to_have_value("Alice")
    expect(page.locator("input[name=seat-4-name]")).to_have_value("Robot 4")
    page.fill("input[name=seat-2-name]", "Chloé")
    page.locator("input[name=seat-2-name]").focus()

    runtime.release()
    wait_ready(page)
    # Python's own form now (no data-early), with everything kept and the focus where it was
    expect(page.locator("#setup-form")).to_be_visible()
    expect(page.locator('#setup-form[data-early="1"]')).to_have_count(0)
    expect(rows).to_have_count(5)
    expect(page.locator("input[name=seat-0-name]")).to_have_value("Alice")
    expect(page.locator("input[name=seat-2-name]")).to_have_value("Chloé")
    expect(page.locator("input[name=seat-2-name]")).to_be_focused()
    # and it works as Python's form: one more player, then start
    page.select_option("select[name=count]", "6")
    expect(rows).to_have_count(6)
    expect(page.locator("input[name=seat-2-name]")).to_have_value("Chloé")
    page.click("[data-testid=start]")
    expect(page.locator(".game-mindup")).to_be_visible()


def test_back_home_before_python_drops_the_choice(page, site_server):
    runtime = open_early(page, site_server, "mosquito")
    page.locator('#app [data-action="home"]').click()
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#app")).to_be_hidden()
    assert page.evaluate("window.ludoPending") is None
    runtime.release()
    wait_ready(page)
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#setup-form")).to_have_count(0)
