"""The tablet tour: each game's key moments at 1024x768, 768x1024 and 390x844 (touch), checked
as a family at the table meets them.

On every screen: each element with a ``data-action`` (or a slap button) that is needed now is in
the viewport, at least 44x44 CSS px and not covered (elementFromPoint at its centre); every
visible one is at least 44x44; nothing overflows horizontally; axe-core finds nothing serious
or critical, and no moderate finding not listed with its reason (tour_support.ALLOWED_MODERATE).
The two tablet sizes tour in French, the phone in English (and the game bar's language menu is
tried on the way, to German and back); tests/e2e/test_pseudo_language.py covers the longer words.

One browser context and page per size; each moment opens from a record link (tour_positions)
with ``botdelay=0``. With LUDO_SCREENS=<folder> each moment is also saved as a small PNG
(scripts/screens.py writes docs/screens/ that way).

Run: python3 -m pytest tests/e2e/test_tablet_tour.py -q
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import List, Sequence

import pytest
from e2e_harness import SNAPSHOT_KEEP_OFF, wait_ready
from tour_positions import all_positions
from tour_support import AXE_JS, SIZES, axe_violations, serious, shot, target_problems

SHOTS = os.environ.get("LUDO_SCREENS")
LANG = {"1024x768": "fr", "768x1024": "fr", "390x844": "en"}
SLAPS_0_2 = ["[data-slap='0/L']", "[data-slap='0/R']", "[data-slap='2/L']", "[data-slap='2/R']"]


@pytest.fixture(scope="module")
def positions():
    return all_positions()


class Tour:
    def __init__(self, page, size: str, server):
        self.page, self.size, self.server = page, size, server
        self.problems: List[str] = []
        self.loads = 0

    def open(self, query: str, fresh: bool = False) -> None:
        """Open a moment. A record link opens in the running tab, as a link a person follows
        there does (a new ``#record=`` is a same-document navigation: the app's popstate path,
        no boot); anything else, or ``fresh``, is a new load (a new query each time, since a
        hash change alone does not reload). Booting once per game instead of once per moment
        keeps the tour to a few boots per size (each is ~2.5 s of CPU)."""
        base, _, frag = query.partition("#")
        if not fresh and frag.startswith("record=") and base == "?botdelay=0" and "botdelay=0" in self.page.url:
            self.page.evaluate("(frag) => { location.hash = frag; }", frag)
        else:
            self.loads += 1
            sep = "&" if "?" in base else "?"
            self.page.goto(self.server.url(f"index.html{base}{sep}tour={self.loads}" + (f"#{frag}" if frag else "")))
            wait_ready(self.page, 120_000)  # a shared, loaded machine can take long to boot the first time
        if frag.startswith("record="):  # a shared position opens frozen in replay: play on from it
            self.page.click("#timeline [data-action=branch]")
            self.page.wait_for_selector("#timeline", state="detached")

    def at(self, query: str, ready: str, name: str, needed: Sequence[str] = ()) -> None:
        """Open a moment, wait for what shows it is there, check it."""
        self.open(query)
        self.page.wait_for_selector(ready)
        self.check(name, needed)

    def check(self, name: str, needed: Sequence[str] = (), axe: bool = True) -> None:
        page = self.page
        for p in target_problems(page, needed):
            self.problems.append(f"[{self.size} {name}] {p}")
        if axe:
            for v in serious(axe_violations(page)):
                self.problems.append(f"[{self.size} {name}] axe {v['impact']} {v['id']}: {v['help']} — {v['nodes'][:2]}")
        if SHOTS:
            shot(page, Path(SHOTS) / f"{name}-{self.size}.png")


def tour_home(tour: Tour, positions: dict) -> None:
    page = tour.page
    # home and set-up
    tour.open("")
    tour.check("home", ["#lang-toggle"])
    page.click("button.game-card[data-game=mindup]")
    page.wait_for_selector("#setup-form")
    tour.check("setup", ["[data-testid=lang-switch]"])


def tour_mookies(tour: Tour, positions: dict) -> None:
    page = tour.page
    # L'Île des Mookies: take, choose, trophy return
    tour.open("?game=mookies&botdelay=0")
    page.wait_for_selector("button[data-testid=pile-1]")
    assert page.evaluate("document.activeElement !== document.body"), "focus left on the body"
    switch = "select[data-change=lang]"
    tour.check("mookies-take", ["button[data-testid=pile-1]", "button[data-testid=pile-2]", switch])
    # the game bar's language menu redraws the game in the chosen language, and back
    french = page.inner_text("#app")
    page.select_option(switch, "de")
    page.wait_for_function("() => document.documentElement.lang === 'de' && document.querySelector('button[data-testid=pile-1]')")
    # the page's language changes with its words, not before them (an `en` tour once read English here)
    assert page.inner_text("#app") != french, "the page said German before the game redrew in German"
    page.select_option(switch, "fr")
    page.wait_for_function("() => document.documentElement.lang === 'fr' && document.querySelector('button[data-testid=pile-1]')")
    page.click("button[data-testid=pile-1]")
    page.wait_for_selector("button[data-testid=face-up]")
    tour.check("mookies-choose", ["button[data-testid=face-up]", "button[data-testid=face-down]"])
    tour.at(positions["mookies-return"], "[data-testid^=return-]", "mookies-return", ["[data-testid^=return-]"])


def tour_mindup(tour: Tour, positions: dict) -> None:
    page = tour.page
    # Mind Up!: choice, reveal, round end
    hand = "button[data-action^='move/play/']"
    tour.at("?game=mindup&botdelay=0", hand, "mindup-choice", [hand])
    page.locator("button[data-action^='move/play/']").first.click()
    page.wait_for_selector("[data-testid=reveal-next]")
    tour.check("mindup-reveal", ["[data-testid=reveal-next]"])
    tour.open(positions["mindup-last"])
    page.locator("button[data-action^='move/play/']").first.click()
    for _ in range(4):  # "Tout voir", then "Continuer", up to the round's scores
        page.wait_for_selector("[data-testid=reveal-all], [data-testid=reveal-next], [data-testid=round-end]")
        if page.locator("[data-testid=round-end]").count():
            break
        page.click("[data-testid=reveal-all]" if page.locator("[data-testid=reveal-all]").count()
                   else "[data-testid=reveal-next]")
    page.wait_for_selector("[data-testid=round-end]")
    tour.check("mindup-round-end", ["[data-testid=reveal-next]"])


def tour_mosquito(tour: Tour, positions: dict) -> None:
    page = tour.page
    # Mosquito PLAF!: a race and a "Moustique !" window, 3 and 6 seats, 2 people (seats 0 and 2)
    for n in (3, 6):
        tour.open(positions[f"mosquito-race-{n}"], fresh=n == 3)  # one game's first moment boots
        page.wait_for_selector(".msq-board.racing")
        tour.check(f"mosquito-race-{n}", SLAPS_0_2, axe=False)  # at once: the race is short
        tour.check(f"mosquito-race-{n}", SLAPS_0_2)
        tour.open(positions[f"mosquito-call-{n}"])
        page.wait_for_selector("[data-testid=call-0]")
        tour.check(f"mosquito-call-{n}", ["[data-testid=call-0]", "[data-testid=catch-2-0]"] + SLAPS_0_2, axe=False)
        assert page.locator("[data-testid=hand]").count() == 0, "a hand is on screen during the call window"


def tour_masterislands(tour: Tour, positions: dict) -> None:
    page = tour.page
    # MasterIslands: galleon move and conquest, solo, team, Corsair
    for mode in ("solo", "team", "corsair"):
        tour.open(positions[f"mi-{mode}-move"], fresh=mode == "solo")  # one game's first moment boots
        page.wait_for_selector(".mi-board[data-acting='1']")
        if mode != "corsair":
            page.click("button[data-hand-card] >> nth=0")
            page.click("button.mi-space >> nth=0")
        page.wait_for_selector("button.mi-galleon.movable")
        page.click("button.mi-galleon.movable >> nth=0")
        page.wait_for_selector("button.mi-dest")
        tour.check(f"masterislands-{mode}-move", ["any:button.mi-dest"] + (["[data-testid=end]"] if mode == "corsair" else []))
        tour.open(positions[f"mi-{mode}-conquest"])
        page.wait_for_selector("[data-testid=conquest-0]")
        page.click("[data-testid=conquest-0]")
        page.wait_for_selector("[data-testid=conquer]")
        tour.check(f"masterislands-{mode}-conquest", ["[data-testid=conquer]", "[data-testid=conquest-0]"])


STEPS = {"home": tour_home, "mookies": tour_mookies, "mindup": tour_mindup, "mosquito": tour_mosquito,
         "masterislands": tour_masterislands}


@pytest.mark.parametrize("size", list(SIZES))
def test_tablet_tour(size, browser, site_server, net_guard, positions):
    assert AXE_JS.exists(), "axe-core is missing: run `make deps` (npm ci)"
    lang = LANG[size]
    ctx = browser.new_context(**SIZES[size])
    ctx.add_init_script(f"try {{ localStorage.setItem('ludotheque/v1/lang', '{lang}'); }} catch (e) {{}}")
    ctx.add_init_script(SNAPSHOT_KEEP_OFF)  # as conftest's pages
    net_guard.watch(ctx)
    page = ctx.new_page()
    tour = Tour(page, size, site_server)

    only = os.environ.get("LUDO_TOUR_ONLY", "")  # e.g. "mosquito,mookies" while working on a screen
    for name, step in STEPS.items():
        if not only or name in only.split(","):
            step(tour, positions)
    ctx.close()
    if tour.problems:
        pytest.fail(f"{len(tour.problems)} problems:\n" + "\n".join(tour.problems), pytrace=False)
