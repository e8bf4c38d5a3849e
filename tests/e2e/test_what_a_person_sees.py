"""What a person sees, checked over a corpus of positions (issue #22): the engines were right and
the suite green while galleons hid under each other, a race view covered a replay's timeline and
a pass-the-tablet window greyed the card an example talked about.

Corpus: the golden records at several plies, a game of every game at every player count (one
person and bots, and two people passing the tablet), and every frame of every example. Each
position is opened through the app's own routes in one page per screen size: ``#record=…&ply=N``
(the replay: a still), then "Jouer à partir d'ici" (the live game at that position; bots wait,
``?botdelay``). On every screen:

- every piece of the view (cards in hands and on piles, Mookies faces, seats) is on screen and is
  the topmost element somewhere on its box (``document.elementsFromPoint`` over five points),
  once the page is scrolled to it; under a modal window, only the window's own;
- nothing the person may press is covered (topmost at its centre); during a PLAF! race or a
  "Moustique !" window every slap, call and catch button is inside the viewport, no scrolling;
- no label overflows its box (``scrollWidth > clientWidth`` on buttons, badges, cards, cells and
  every element holding text);
- a still has no prompt, and an example frame shows its board with card digits of 12 px or more.

Galleons are pieces too, checked apart (``test_every_galleon_is_seen``). Also phone landscape
(844x390) and 200 % text on the main screens (home, set-up, a game of each).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

import pytest

from e2e_harness import ROOT, SNAPSHOT_KEEP_OFF, NetGuard, wait_ready
from tour_support import SIZES

from ludotheque.bots import choose
from ludotheque.core.record import Record
from ludotheque.games.replay import replay
from ludotheque.core.seats import SeatKind
from ludotheque.games import GAMES, engine_class
from ludotheque.ui import screens

GOLDEN = ROOT / "tests" / "golden"
EXAMPLES = ROOT / "build" / "examples"
QUIET = "?botdelay=600000"  # the bots wait while a screen is checked


# -- the corpus ------------------------------------------------------------------------------------

def _with_a_person(record: Record) -> Record:
    """The same game with seat 0 a person (bots' records have nobody whose turn it could be)."""
    seats = list(record.seats)
    if all(s.is_bot for s in seats):
        first = seats[0]
        seats[0] = type(first)(first.name, SeatKind.HUMAN, youngest=first.youngest)
    return Record(record.game, record.rules_version, record.options, seats, record.seed, record.deck, record.moves)


def _far_apart(record: Record, ply: int) -> bool:
    """Explicit MasterIslands decks that lay islands 100 cards apart (rules tests): no game
    lays them so, and no screen shows such a sea whole."""
    if record.game != "masterislands":
        return False
    b = replay(record, ply).view(None)["bounds"]
    return max(b["max_x"] - b["min_x"], b["max_y"] - b["min_y"]) > 24


def golden_positions(turn: int = 0) -> List[Tuple[str, str, int]]:
    """Each golden record at one ply per screen size, the sizes taking turns (half-way, the end,
    a third of the way): every record is seen at three plies over the three sizes."""
    out = []
    for path in sorted(GOLDEN.glob("*/*.json")):
        record = Record.from_json(path.read_text(encoding="utf-8"))
        try:
            replay(record)
        except Exception:  # the illegal-move records stop before their end: not positions
            continue
        record = _with_a_person(record)
        n = len(record.moves)
        for ply in [(n // 2, n, n // 3)[turn % 3]]:
            if _far_apart(record, ply):
                continue
            out.append((f"{record.game}/{path.stem}@{ply}", record.to_url_fragment(), ply))
    return out


def player_count_positions(turn: int = 0) -> List[Tuple[str, str, int]]:
    """Every player count of every game: one person and bots at the start or a few moves in (the
    sizes take turns); two people on one tablet at the start."""
    out = []
    for game in sorted(GAMES):
        cls = engine_class(game)
        for n in range(cls.MIN_SEATS, cls.MAX_SEATS + 1):
            seats = screens.default_seats(cls, n)
            engine = cls(seats, seed=11 + n)
            if turn % 2 == 0:
                out.append((f"{game}/{n} seats@0", engine.record().to_url_fragment(), 0))
                continue
            for _ in range(6 if game != "mindup" else 2 * n):
                if engine.is_over():
                    break
                seat = engine.to_act()[0]
                engine.apply(choose(engine, seat))
            out.append((f"{game}/{n} seats@{len(engine.moves)}", engine.record().to_url_fragment(), len(engine.moves)))
        seats = screens.default_seats(cls, cls.MIN_SEATS)
        seats[1] = type(seats[0])("Max", SeatKind.HUMAN)
        engine = cls(seats, seed=5)
        out.append((f"{game}/two people@0", engine.record().to_url_fragment(), 0))
    return out


def positions(turn: int = 0) -> List[Tuple[str, str, int]]:
    return golden_positions(turn) + player_count_positions(turn)


# -- what is checked, in the page ---------------------------------------------------------------------

SEES_JS = r"""async ([mode, game]) => {
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));  // controllers have fitted
    const problems = [];
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    const app = document.getElementById('app');
    const root = app.hidden ? document.getElementById('home') : app;
    const say = (el) => el.getAttribute('data-testid') || el.getAttribute('data-card') || el.getAttribute('data-face')
        || el.getAttribute('data-galleon') || (el.hasAttribute('data-seat') ? 'seat ' + el.getAttribute('data-seat') : '')
        || el.getAttribute('data-action') || el.getAttribute('data-slap') || (el.className || el.tagName).toString().slice(0, 40);
    const shown = (el) => {
        const r = el.getBoundingClientRect();
        return r.width >= 1 && r.height >= 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    // a still is inert: for hit testing, make it hittable for a moment
    const inert = [...document.querySelectorAll('[inert]')];
    inert.forEach(e => e.removeAttribute('inert'));
    // a window over the page (a modal, a PLAF! race or "Moustique !" table): only its own count
    const overlay = [...root.querySelectorAll('[role=dialog], .table-view')]
        .filter(d => shown(d) && getComputedStyle(d).position === 'fixed').pop();  // the innermost, on top
    const scope = overlay || root;
    // scroll so that the box is in the viewport, as a person would: to the middle, else near the
    // top (a sticky bar at the bottom), else near the bottom (a sticky bar at the top)
    const bring = (el, where) => {
        // a row that scrolls sideways (the phone's game tools): a person swipes it to the button
        for (let row = el.parentElement; row && row !== document.body; row = row.parentElement) {
            const ox = getComputedStyle(row).overflowX;
            if ((ox === 'auto' || ox === 'scroll') && row.scrollWidth > row.clientWidth + 1) {
                const rr = row.getBoundingClientRect(), er = el.getBoundingClientRect();
                row.scrollLeft += er.left + er.width / 2 - (rr.left + rr.width / 2);
                break;
            }
        }
        const r = el.getBoundingClientRect();
        if (where === 0 && r.top >= 0 && r.bottom <= vh && r.left >= 0 && r.right <= vw) return;
        if (overlay) { el.scrollIntoView({block: ['center', 'start', 'end'][where]}); return; }  // the window's own scroll
        if (mode === 'replay' && where === 0) { el.scrollIntoView({block: 'center', inline: 'nearest'}); return; }  // a still sea scrolls
        const at = [vh / 2, 90 + r.height / 2, vh - 90 - r.height / 2][where];
        window.scrollBy(0, r.top + r.height / 2 - at);  // a live sea pans by its controller only
    };
    const hitSomewhere = (el) => {
        const r = el.getBoundingClientRect();
        for (const [fx, fy] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
            const x = r.left + r.width * fx, y = r.top + r.height * fy;
            if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
            const top = document.elementsFromPoint(x, y)[0];
            if (top && (top === el || el.contains(top))) return true;
        }
        return false;
    };
    const topmostSomewhere = (el) => {
        for (const where of [0, 1, 2]) {
            bring(el, where);
            if (hitSomewhere(el)) return null;
        }
        const r = el.getBoundingClientRect();
        if (r.right <= 0 || r.left >= vw) return `off screen (x ${Math.round(r.left)}..${Math.round(r.right)} in ${vw})`;
        const x = Math.min(vw - 1, Math.max(0, r.left + r.width / 2)), y = Math.min(vh - 1, Math.max(0, r.top + r.height / 2));
        const top = document.elementsFromPoint(x, y)[0];
        return 'covered by ' + (top ? say(top) : 'nothing');
    };
    // 1. the pieces
    const pieceSel = game === 'galleons' ? '[data-galleon]' : '[data-card], [data-face], section[data-seat], li[data-seat]';
    for (const el of scope.querySelectorAll(pieceSel)) {
        if (!shown(el) || (el.closest('details') && !el.closest('details').open)) continue;
        if (game !== 'galleons' && el.closest('[data-galleon]')) continue;
        const why = topmostSomewhere(el);
        if (why) problems.push(`piece ${say(el)}: ${why}`);
    }
    if (game === 'galleons') { inert.forEach(e => e.setAttribute('inert', '')); window.scrollTo(0, 0); return problems; }
    // 2. what a person may press
    if (mode === 'live') {
        const pressSel = 'button:not([disabled]), [data-slap], input:not([type=hidden]), select, summary';
        for (const el of (overlay || document).querySelectorAll(pressSel)) {
            if (!shown(el) || el.closest('[inert], .mi-world, .visually-hidden') || el.matches('.visually-hidden')) continue;  // pressed through its label
            const why = topmostSomewhere(el);
            if (why) problems.push(`press ${say(el)}: ${why}`);
        }
        if (root.querySelector('.table-view')) {
            window.scrollTo(0, 0);
            for (const el of root.querySelectorAll('[data-slap], .msq-call, .msq-catch')) {
                const r = el.getBoundingClientRect();
                if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5)
                    problems.push(`race ${say(el)}: outside the viewport`);
            }
        }
    } else if (root.querySelector('.replay-board [role=dialog], .replay-board [data-testid=handover], .replay-board .table-view')) {
        problems.push('a still shows a prompt or a live race view');
    }
    // 3. labels inside their box: an element holding text does not scroll wider than it is, and
    // the words of a button, badge, card or cell stay inside its box
    const boxes = 'button, .badge, [data-card], [data-face], label, th, td, summary, .btn';
    const texts = (el) => {
        const out = [], walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let n;
        while ((n = walk.nextNode())) if (n.data.trim() && !n.parentElement.closest('.visually-hidden, svg')) out.push(n);
        return out;
    };
    for (const el of root.querySelectorAll('*')) {
        if (!shown(el) || el.closest('.mi-world, .visually-hidden, svg')) continue;
        const st = getComputedStyle(el);
        const direct = [...el.childNodes].some(n => n.nodeType === 3 && n.data.trim());
        if (direct && st.display !== 'inline' && st.overflowX === 'visible' && el.scrollWidth > el.clientWidth + 1) {
            problems.push(`label ${say(el)}: ${el.scrollWidth} px of content in ${el.clientWidth}`);
            continue;
        }
        if (!el.matches(boxes)) continue;
        const box = el.getBoundingClientRect();
        for (const n of texts(el)) {
            const range = document.createRange();
            range.selectNodeContents(n);
            const r = range.getBoundingClientRect();
            if (r.width && (r.left < box.left - 1 || r.right > box.right + 1)) {
                problems.push(`label ${say(el)}: "${n.data.trim().slice(0, 20)}" spills out of its box`);
                break;
            }
        }
    }
    inert.forEach(e => e.setAttribute('inert', ''));
    window.scrollTo(0, 0);
    return problems;
}"""

# Set a route, wait for the replay at that ply, check; then play on from there and check the game.
VISIT_JS = r"""async ([hash, ply]) => {
    const until = async (test, what) => {
        const t0 = performance.now();
        while (!test()) {
            if (performance.now() - t0 > 20000) throw new Error('timed out waiting for ' + what);
            await new Promise(r => setTimeout(r, 10));
        }
    };
    document.getElementById('timeline')?.remove();
    location.hash = hash;
    await until(() => document.querySelector(`#timeline[data-ply="${ply}"]`), 'the replay');
    return true;
}"""

PLAY_ON_JS = r"""async () => {
    document.querySelector('[data-testid=branch]').click();
    const t0 = performance.now();
    while (!(document.querySelector('#app .game') && !document.querySelector('#app .game.replaying'))) {
        if (performance.now() - t0 > 20000) throw new Error('timed out waiting for the game');
        await new Promise(r => setTimeout(r, 10));
    }
    // no save piles up: the corpus is hundreds of games
    Object.keys(localStorage).filter(k => k.startsWith('ludotheque/v1/save/')).forEach(k => localStorage.removeItem(k));
    return true;
}"""


def survey(page, corpus: Sequence[Tuple[str, str, int]], pieces: str = "all", live: bool = True) -> Dict[str, List[str]]:
    found: Dict[str, List[str]] = {}
    for name, fragment, ply in corpus:
        game = name.split("/")[0] if pieces == "all" else pieces
        page.evaluate(VISIT_JS, [f"record={fragment}&ply={ply}", ply])
        bad = page.evaluate(SEES_JS, ["replay", game])
        if bad:
            found[f"{name} (replay)"] = bad
        if live:
            page.evaluate(PLAY_ON_JS)
            bad = page.evaluate(SEES_JS, ["live", game])
            if bad:
                found[f"{name} (live)"] = bad
    return found


def report(found: Dict[str, List[str]], size: str) -> str:
    lines = [f"{len(found)} screens at {size} with problems:"]
    for name, bad in list(found.items())[:25]:
        lines.append(f"  {name}: " + "; ".join(bad[:4]) + (f" (+{len(bad) - 4})" if len(bad) > 4 else ""))
    return "\n".join(lines)


@pytest.fixture(scope="module")
def corpus():
    """positions(turn) for a turn, made once."""
    made: Dict[int, list] = {}
    return lambda turn=0: made.setdefault(turn, positions(turn))


@pytest.fixture(scope="module")
def pages(browser, site_server):
    """pages(name, size) -> one booted app page per name for the whole module (a boot is 10 s
    of a test's time), watched by its own net guard: nothing but this site is asked for."""
    opened: Dict[str, object] = {}
    guard = NetGuard()

    def _page(name: str, size: dict):
        if name not in opened:
            ctx = browser.new_context(**size)
            guard.watch(ctx)
            ctx.add_init_script(SNAPSHOT_KEEP_OFF)  # as conftest's pages
            ctx.add_init_script("try { localStorage.setItem('ludotheque/v1/lang', 'fr'); } catch (e) {}")
            page = ctx.new_page()
            page.goto(site_server.url("index.html" + QUIET))
            wait_ready(page)
            opened[name] = page
        return opened[name]

    yield _page
    for page in opened.values():
        page.context.close()
    assert not guard.problems(), guard.problems()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_position_is_seen_and_nothing_to_press_is_covered(size, pages, corpus):
    page = pages(size, SIZES[size])
    found = survey(page, corpus(list(SIZES).index(size)))
    assert not found, report(found, size)


@pytest.mark.parametrize("size", ["1024x768"])
def test_every_galleon_is_seen(size, pages, corpus):
    page = pages(size, SIZES[size])
    islands = [p for turn in (0, 1) for p in corpus(turn) if p[0].startswith("masterislands/")]
    found = survey(page, islands, pieces="galleons", live=False)
    assert not found, report(found, size)


# -- example frames ------------------------------------------------------------------------------------

FRAME_JS = r"""() => {
    const frame = document.querySelector('.ex-frame');
    const number = /^\s*[+\u2212-]?\d+\s*$/;
    let least = Infinity, words = Infinity, drawn = Infinity;  // drawn: the smallest, unscaled
    let cards = [...frame.querySelectorAll('[data-card], [data-face]')];
    if (!cards.length) cards = [frame];
    for (const card of cards) {
        const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walk.nextNode())) {
            const el = node.parentElement;
            if (!node.data.trim() || !el.getClientRects().length) continue;
            let scale = 1;
            for (let up = el; up; up = up.parentElement) {
                const t = getComputedStyle(up).transform;
                if (t && t !== 'none') scale *= Math.hypot(new DOMMatrix(t).a, new DOMMatrix(t).b);
            }
            const own = parseFloat(getComputedStyle(el).fontSize), px = own * scale;
            if (number.test(node.data)) { least = Math.min(least, px); drawn = Math.min(drawn, own); }
            else if (least === Infinity) { words = Math.min(words, px); drawn = Math.min(drawn, own); }
        }
    }
    const prompt = frame.querySelector('[role=dialog], [data-testid=handover], [data-testid=privacy], .msq-overlay, button, [data-action]');
    const stage = document.querySelector('.ex-stage');
    return {digits: least < Infinity ? least : words, drawn, prompt: prompt ? (prompt.className || prompt.tagName) : null,
            ply: document.querySelector('[data-testid=count]').textContent,
            // the board's top-left is in the stage, and the stage reaches the board's bottom
            reach: stage.scrollHeight + 1 >= frame.getBoundingClientRect().height
                   && frame.getBoundingClientRect().width <= stage.clientWidth + 1};
}"""


STEP_ALL_JS = r"""async (measure) => {
    const look = eval(measure), out = [];
    const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    while (true) {
        await frames();  // the viewer's fit is done
        out.push(look());
        const next = document.querySelector('[data-testid=next]');
        if (next.disabled) return out;
        next.click();
    }
}"""


@pytest.mark.parametrize("size", [(1024, 768), (600, 400), (300, 300)])
def test_every_example_frame_is_a_readable_picture(size, new_context, site_server):
    width, height = size
    page = new_context(viewport={"width": width, "height": height}).new_page()
    bad = []
    for path in sorted(EXAMPLES.glob("*/*.js")):
        game, name = path.parent.name, path.name
        page.goto(site_server.url(f"explain.html?game={game}&src=build/examples/{game}/{name}"))
        page.wait_for_selector("[data-testid=count]:not(:empty)")
        page.wait_for_function("() => document.querySelectorAll('link[data-game-css]').length >= 3")
        for got in page.evaluate(STEP_ALL_JS, FRAME_JS):  # every frame, stepped in the page
            # 12 px at least, or the game's own size when it draws smaller (never scaled below)
            if got["digits"] < min(12, got["drawn"]) - 0.1 or got["prompt"] or not got["reach"]:
                bad.append(f"{game}/{name} {got['ply']}: {got}")
    assert not bad, f"{len(bad)} frames at {width}x{height}:\n" + "\n".join(bad[:20])


# -- phone landscape and 200 % text ----------------------------------------------------------------------

LANDSCAPE = {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}


def main_screens(corpus) -> List[Tuple[str, str, int]]:
    """A game of each at the start and mid-way, one person and bots."""
    out = []
    for game in sorted(GAMES):
        start = [p for p in corpus if p[0].startswith(f"{game}/") and " seats@0" in p[0]]
        later = [p for p in corpus if p[0].startswith(f"{game}/") and " seats@" in p[0] and p not in start]
        out += start[:1] + later[:1]
    return out


@pytest.mark.parametrize("how", ["844x390", "200% text"])
def test_main_screens_in_landscape_and_with_large_text(how, pages, corpus):
    page = pages("844x390", LANDSCAPE) if how == "844x390" else pages("1024x768", SIZES["1024x768"])
    if how == "200% text":  # the person's own text size: every rem and em doubles (CSSOM: the CSP allows it)
        page.evaluate("() => document.documentElement.style.setProperty('font-size', '200%', 'important')")
        assert page.evaluate("() => parseFloat(getComputedStyle(document.documentElement).fontSize)") >= 31
    try:
        found = look_at_main_screens(page)
    finally:
        page.evaluate("() => document.documentElement.style.removeProperty('font-size')")
    assert not found, report(found, how)


def look_at_main_screens(page) -> Dict[str, List[str]]:
    found = {}
    home = page.evaluate(SEES_JS, ["live", "home"])  # the home page: nothing covered
    if home:
        found["home"] = home
    for game in sorted(GAMES):
        page.evaluate(f"() => {{ location.hash = 'setup={game}'; }}")
        page.wait_for_selector(f"form[data-submit=start]")
        bad = page.evaluate(SEES_JS, ["live", game])
        if bad:
            found[f"{game} set-up"] = bad
        page.evaluate("() => { location.hash = ''; }")
        page.wait_for_selector("#home:not([hidden])")
    found.update(survey(page, main_screens(positions(0) + positions(1))))
    return found
