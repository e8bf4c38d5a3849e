"""Every screen at 390x844 in a pseudo-language (tests/e2e/pseudo_language.py: accents, words 35 %
longer, ⟦ ⟧ around each message), served from a site copy whose French catalogue is that:

- nothing untranslated: a text a person reads (or hears: aria-label, title, placeholder) that
  has no bracket skipped the catalogues. Names of seats (isolated in <bdi>), numbers and card
  digits are data, not words;
- nothing cut: the checks of test_what_a_person_sees (labels inside their boxes, pieces seen,
  nothing to press covered) hold with the longer words.

Screens: the home page, each game's set-up form and rules panel, and through the app's own
routes a live game of every game at its smallest and largest table, a replay still and the end
of each game's golden records.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict, List

import pytest

from e2e_harness import NetGuard, SiteServer, build_site, wait_ready
from pseudo_language import make_pseudo_french
from test_what_a_person_sees import SEES_JS, VISIT_JS, PLAY_ON_JS, golden_positions, report

from ludotheque.bots import choose
from ludotheque.games import GAMES, engine_class
from ludotheque.ui import screens

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

UNTRANSLATED_JS = r"""() => {
    const letters = /\p{L}{2,}/u;
    const shown = (el) => {
        const r = el.getBoundingClientRect();
        const st = getComputedStyle(el);
        return (r.width >= 1 && r.height >= 1 && st.visibility !== 'hidden') || el.closest('.visually-hidden');
    };
    const bracketed = (node) => {
        // a message may hold parameters (a name in <bdi>, a number): look up to the block around it
        for (let el = node.parentElement, up = 0; el && up < 4; el = el.parentElement, up++) {
            const text = el.textContent;
            if (text.includes('⟦') || text.includes('⟧')) return true;
        }
        return false;
    };
    const out = new Set();
    const root = document.getElementById('app').hidden ? document.getElementById('home') : document.getElementById('app');
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walk.nextNode())) {
        const el = n.parentElement;
        const text = n.data.trim();
        // a language's own name on the switch is written in that language (lang="…"), not ours
        if (!text || !letters.test(text) || !el || el.closest('bdi, script, style, [hidden], noscript, template, body [lang]')) continue;
        if (!root.contains(el) && !el.closest('header, .site-header, dialog, [role=dialog], .toast')) continue;
        if (!shown(el)) continue;
        if (!bracketed(n)) out.add(`text "${text.slice(0, 40)}" in ${el.tagName.toLowerCase()}.${(el.className || '').toString().slice(0, 30)}`);
    }
    for (const el of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
        if (el.closest('[hidden], body [lang]') || !shown(el)) continue;
        for (const attr of ['aria-label', 'title', 'placeholder']) {
            const v = (el.getAttribute(attr) || '').trim();
            if (v && letters.test(v) && !v.includes('⟦') && !el.querySelector('bdi') && !(el.textContent || '').includes(v))
                out.add(`${attr} "${v.slice(0, 40)}" on ${el.tagName.toLowerCase()}`);
        }
    }
    return [...out];
}"""


@pytest.fixture(scope="module")
def pseudo_site(tmp_path_factory) -> SiteServer:
    """A built copy of the site whose French catalogue is the pseudo-language."""
    from e2e_harness import ROOT, copy_site

    site = copy_site(ROOT, tmp_path_factory.mktemp("pseudo") / "site")
    assert make_pseudo_french(site) > 100
    build_site(site)
    server = SiteServer(site).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def phone(browser, pseudo_site):
    guard = NetGuard()
    ctx = browser.new_context(locale="fr-FR", **PHONE)
    guard.watch(ctx)
    ctx.add_init_script("window.ludoSnapshotOff = true;")
    page = ctx.new_page()
    page.goto(pseudo_site.url("index.html?lang=fr&botdelay=600000"))
    wait_ready(page)
    yield page
    ctx.close()
    assert not guard.problems(), guard.problems()


def corpus() -> List:
    """Each game at its smallest and largest table, a few moves in; the end of each golden game."""
    out = []
    for game in sorted(GAMES):
        cls = engine_class(game)
        for n in sorted({cls.MIN_SEATS, cls.MAX_SEATS}):
            engine = cls(screens.default_seats(cls, n), seed=7 + n)
            for _ in range(2 * n):
                if engine.is_over():
                    break
                engine.apply(choose(engine, engine.to_act()[0]))
            out.append((f"{game}/{n} seats", engine.record().to_url_fragment(), len(engine.moves)))
    ends: Dict[str, tuple] = {}
    for position in golden_positions(1):  # turn 1: each golden record at its last ply
        ends.setdefault(position[0].split("/")[0], position)
    return out + list(ends.values())


def check(page, name: str, found: Dict[str, List[str]], live: bool, game: str = "all") -> None:
    bad = page.evaluate(UNTRANSLATED_JS) + page.evaluate(SEES_JS, ["live" if live else "replay", game])
    if bad:
        found[name] = bad


def test_every_screen_in_the_pseudo_language_at_phone_size(phone):
    page = phone
    found: Dict[str, List[str]] = {}
    check(page, "home", found, live=True)
    for game in sorted(GAMES):
        page.evaluate("(g) => document.querySelector(`#home [data-game=${g}]`).click()", game)
        page.wait_for_selector("#app form, #app .setup, [data-testid=setup]", state="visible")
        check(page, f"{game}/set-up", found, live=True)
        page.evaluate("() => history.back()")
        page.wait_for_selector("#home:not([hidden])")
    panels = set()
    for name, fragment, ply in corpus():
        page.evaluate(VISIT_JS, [f"record={fragment}&ply={ply}", ply])
        check(page, f"{name} (replay)", found, live=False)
        page.evaluate(PLAY_ON_JS)
        check(page, f"{name} (live)", found, live=True)
        game = name.split("/")[0]
        if game not in panels:  # each game's rules panel once (over a race's window too)
            panels.add(game)
            page.evaluate("() => document.querySelector('#app [data-action=rules]').click()")
            page.wait_for_selector(".rules-panel")
            check(page, f"{game} rules panel", found, live=True)
            page.evaluate("() => document.querySelector('.rules-panel [data-action=close-rules]').click()")
    assert not found, report(found, "390x844, pseudo-language")
