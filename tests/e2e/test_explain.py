"""The explainer kit in real Chromium: rules pages, the example viewer (explain.html), its
host API across origins, sandboxed frames, and that no Python is needed to read an example.

Every test but the bare-link one blocks vendor/pyodide/ and build/ludotheque.zip: the
viewer must paint and step with JavaScript alone.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from e2e_harness import ROOT, SiteServer, wait_for_service_worker

from ludotheque.core.record import Record

PYTHON_URLS = ("**/vendor/pyodide/**", "**/vendor/pyscript/**", "**/build/ludotheque.zip")
GAMES = ["mookies", "mindup", "mosquito", "masterislands"]


def block_python(context):
    blocked = []

    def abort(route):
        blocked.append(route.request.url)
        route.abort()

    for pattern in PYTHON_URLS:
        context.route(pattern, abort)
    return blocked


def viewer_frame(page, selector="iframe"):
    handle = page.wait_for_selector(selector)
    frame = handle.content_frame()
    frame.wait_for_selector("[data-testid=count]:not(:empty)")
    return frame


def live(frame) -> str:
    return frame.locator("[data-testid=live]").text_content()


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_examples_step_with_keys(new_context, site_server, game):
    # no service worker here: its precache would fetch the runtime (for offline use, tested below)
    context = new_context(viewport={"width": 1024, "height": 768}, service_workers="block")
    blocked = block_python(context)
    page = context.new_page()
    page.goto(site_server.url(f"rules/{game}.html"))
    names = page.eval_on_selector_all("iframe[data-example]", "els => els.map(e => e.dataset.example)")
    assert len(names) >= 2
    for name in names:
        page.locator(f"iframe[data-example={name}]").scroll_into_view_if_needed()
        frame = viewer_frame(page, f"iframe[data-example={name}]")
        first = live(frame)
        assert re.match(r"Coup \d+ sur \d+\.", first), first
        frame.locator("[data-testid=stage], .ex-stage").first.click()
        page.keyboard.press("ArrowRight")
        frame.wait_for_function("t => document.querySelector('[data-testid=live]').textContent !== t", arg=first)
        assert live(frame) != first
        page.keyboard.press("End")
        assert frame.locator("[data-testid=next]").is_disabled()
        page.keyboard.press("Home")
        frame.wait_for_function("t => document.querySelector('[data-testid=live]').textContent === t", arg=first)
        assert frame.locator("[data-testid=prev]").is_disabled()
        # the example asked for its height and the page gave it
        assert page.eval_on_selector(f"iframe[data-example={name}]", "e => e.style.height") != ""
    # every rule of the rules panel has its anchor here
    assert page.locator("li[id^='rule-']").count() >= 20
    page.get_by_test_id("lang-en").click()  # the row of other languages: English
    page.wait_for_url(f"**/rules/{game}.en.html")
    frame = viewer_frame(page, "iframe[data-example]")
    assert live(frame).startswith("Move ")
    page.get_by_test_id("lang-fr").click()  # back to French, and it stays French
    page.wait_for_url(f"**/rules/{game}.html?lang=fr")
    assert not blocked, blocked  # nothing even tried to fetch Python


# The smallest card digit of the shown board, in CSS px on screen (its font size times the scale
# it is drawn at); a card with no digit counts by its words, a board with no card by its text.
CARD_DIGITS_JS = """(root) => {
    const number = /^\\s*[+\\u2212-]?\\d+\\s*$/;
    let least = Infinity, words = Infinity;
    let cards = [...(root || document).querySelectorAll('[data-card], [data-face]')];
    if (!cards.length) cards = [root || document.body];
    for (const card of cards) {
        const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        let node;
        while ((node = walk.nextNode())) {
            const el = node.parentElement;
            if (!node.data.trim() || !el || !el.getClientRects().length) continue;
            let scale = 1;  // the transforms it is drawn under (the viewer's fit, a zoomed sea)
            for (let up = el; up; up = up.parentElement) {
                const t = getComputedStyle(up).transform;
                if (t && t !== 'none') scale *= Math.hypot(new DOMMatrix(t).a, new DOMMatrix(t).b);
            }
            const px = parseFloat(getComputedStyle(el).fontSize) * scale;
            if (number.test(node.data)) least = Math.min(least, px); else words = Math.min(words, px);
        }
    }
    return least < Infinity ? least : words;
}"""


def card_digits_px(page, selector: str = ".ex-frame") -> float:
    return page.evaluate(f"(sel) => ({CARD_DIGITS_JS})(document.querySelector(sel))", selector)


@pytest.mark.parametrize("size", [(300, 300), (600, 400), (1024, 768)])
def test_viewer_fits_its_frame(new_context, site_server, size):
    width, height = size
    context = new_context(viewport={"width": width, "height": height})
    block_python(context)
    page = context.new_page()
    for game, example in (("masterislands", "chain"), ("mosquito", "race"), ("mindup", "round_end"), ("mookies", "legendary")):
        page.goto(site_server.url(f"explain.html?game={game}&src=build/examples/{game}/{example}.fr.js&ply=99"))
        page.wait_for_selector("[data-testid=count]:not(:empty)")
        page.wait_for_function("() => [...document.styleSheets].length >= 4")
        outside = page.evaluate("""async ([w, h]) => {
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));  // the fit is done
            const bad = [];
            const check = (el, name) => {
                const r = el.getBoundingClientRect();
                if (r.width === 0 && r.height === 0) return;
                if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1)
                    bad.push(`${name}: ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.right)}x${Math.round(r.bottom)}`);
            };
            document.querySelectorAll('.ex-bar > *, .ex-note, .ex-stage').forEach(el => check(el, el.className || el.tagName));
            // the board is inside the stage, or below its fold with the stage scrolling to it
            // (never below readable card digits: js/explain/fitting.js); never wider than the stage
            const box = document.querySelector('.ex-stage');
            const stage = box.getBoundingClientRect();
            const scrolls = getComputedStyle(box).overflowY === 'auto';
            const reach = stage.top + box.scrollHeight;
            document.querySelectorAll('.ex-frame *').forEach(el => {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0) return;
                const below = scrolls ? r.bottom > reach + 1 : r.bottom > stage.bottom + 1;
                if (r.left < stage.left - 1 || r.top < stage.top - 1 || r.right > stage.right + 1 || below)
                    bad.push('board ' + el.className + ' ' + Math.round(r.right) + 'x' + Math.round(r.bottom));
            });
            return bad;
        }""", [width, height])
        assert not outside, f"{game}/{example} at {width}x{height}: {outside[:5]}"
        assert card_digits_px(page) >= 11.9, f"{game}/{example} at {width}x{height}: digits below 12 px"
        assert page.get_by_test_id("try").is_visible()


@pytest.fixture
def host(tmp_path):
    """A second origin (another port on 127.0.0.1) serving only the documented host page."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "embed-host.html").write_text((ROOT / "docs" / "embed-host.html").read_text(encoding="utf-8"))
    server = SiteServer(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def host_page(new_context, site_server, host):
    """host_page(query) -> the host page (other origin) embedding the viewer, Python blocked."""
    context = new_context(viewport={"width": 900, "height": 900})
    block_python(context)
    page = context.new_page()

    def _open(query: str = ""):
        page.goto(host.url(f"docs/embed-host.html?viewer={site_server.origin}/{query}"))
        return page

    return _open


def _messages(page, kind):
    return page.evaluate("k => window.msgs.filter(m => m.type === k)", kind)


def test_host_api_round_trips_across_origins(host_page):
    page = host_page()
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:position')")
    ready = _messages(page, "ludo:ready")[0]
    assert ready == {"type": "ludo:ready", "game": "mosquito", "plies": 5, "first": 0}
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:height' && m.px > 200)")

    def position_after(msg):
        n = len(_messages(page, "ludo:position"))
        page.evaluate("m => window.send(m)", msg)
        page.wait_for_function("n => window.msgs.filter(m => m.type === 'ludo:position').length > n", arg=n)
        return _messages(page, "ludo:position")[-1]

    pos = position_after({"type": "ludo:goto", "ply": 3})
    assert pos["ply"] == 3 and pos["plies"] == 5 and "right hand" in pos["note"]
    assert position_after({"type": "ludo:next"})["ply"] == 4
    assert position_after({"type": "ludo:prev"})["ply"] == 3
    # malformed or unknown messages are ignored, never thrown
    errors = []
    frame = page.frame_locator("iframe")
    page.on("pageerror", lambda e: errors.append(str(e)))
    for bad in [None, "ludo:next", 42, {"type": 7}, {"type": "ludo:goto", "ply": "2"}, {"type": "ludo:goto"},
                {"type": "ludo:load", "record": "nope"}, {"type": "ludo:load", "record": {"format": "x"}},
                {"type": "ludo:unknown"}, {"ply": 1}]:
        page.evaluate("m => window.send(m)", bad)
    assert position_after({"type": "ludo:goto", "ply": 1})["ply"] == 1
    assert not errors
    # ludo:load swaps in another example (its frames document)
    doc = (ROOT / "build" / "examples" / "mookies" / "spider.en.js").read_text(encoding="utf-8")
    doc = json.loads(doc[len("ludoFrames("):doc.rindex(")")])
    page.evaluate("d => window.send({type: 'ludo:load', record: d})", doc)
    page.wait_for_function("() => window.msgs.filter(m => m.type === 'ludo:ready').length === 2")
    assert _messages(page, "ludo:ready")[-1]["game"] == "mookies"
    assert frame.locator("[data-testid=count]").text_content() == "Move 0/4"
    # the host page's own controls drive the example too
    page.click("#next")
    page.wait_for_function("() => document.getElementById('note').textContent.startsWith('Move 1/4')")
    # a frames document brings HTML, never script (the viewer's CSP): an inline handler stays dead
    evil = dict(doc, frames=[{"ply": 0, "move": "", "note": "evil", "html":
                              '<img src="data:image/png;base64,AAAA" onerror="parent.postMessage({type: \'pwned\'}, \'*\')">'}])
    page.evaluate("d => window.send({type: 'ludo:load', record: d})", evil)
    page.wait_for_function("() => window.msgs.filter(m => m.type === 'ludo:ready').length === 3")
    page.wait_for_timeout(300)  # give a handler the time it would need
    assert not [m for m in page.evaluate("window.msgs") if m.get("type") == "pwned"]


def test_sandboxed_frames(host_page, net_guard):
    net_guard.allow_http_error("build/examples/nope.json")
    # no allow-same-origin: an opaque origin, no storage, no service worker; the .js form loads
    page = host_page("&sandbox=allow-scripts")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:position')", timeout=15_000)
    frame = page.frame_locator("iframe")
    assert frame.locator("[data-testid=count]").text_content() == "Move 0/5"
    page.evaluate("() => window.send({type: 'ludo:goto', ply: 2})")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:position' && m.ply === 2)")
    # the .json form cannot be fetched from an opaque origin: a clear message, no hang
    host_page("&sandbox=allow-scripts&src=build/examples/nope.json")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:error')", timeout=15_000)
    message = _messages(page, "ludo:error")[0]["message"]
    assert "allow-same-origin" in message
    assert "allow-same-origin" in frame.locator("[data-testid=error]").text_content()
    # a .js frames file from elsewhere would run as script: refused, in words
    host_page("&sandbox=allow-scripts&src=" + "http%3A%2F%2F127.0.0.1%3A9%2Fx.js")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:error')", timeout=15_000)
    assert ".json" in _messages(page, "ludo:error")[0]["message"]
    # with allow-same-origin, from another origin: the same example
    host_page("&sandbox=allow-scripts allow-same-origin")
    page.wait_for_function("() => window.msgs.some(m => m.type === 'ludo:ready')")


def test_try_from_here_opens_the_app_at_that_ply(new_context, site_server):
    context = new_context(viewport={"width": 600, "height": 400})
    block_python(context)
    page = context.new_page()
    page.goto(site_server.url("explain.html?game=mosquito&src=build/examples/mosquito/race.fr.js&try=inline&ply=3"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    assert page.get_by_test_id("count").text_content() == "Coup 3/5"
    page.evaluate("() => { location.hash = 'ply=1'; }")
    page.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Coup 1/5'")
    stage = page.locator(".ex-stage").bounding_box()  # a swipe to the left steps forward
    page.mouse.move(stage["x"] + stage["width"] * 0.7, stage["y"] + 40)
    page.mouse.down()
    page.mouse.move(stage["x"] + stage["width"] * 0.2, stage["y"] + 50, steps=5)
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Coup 2/5'")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Coup 1/5'")
    with page.expect_request(re.compile(r"/index\.html\?game=mosquito")) as req:
        page.get_by_test_id("try").click()
    url = req.value.url
    page.wait_for_url(re.compile(r"index\.html\?game=mosquito.*#record=.+&ply=1$"))
    assert page.url.endswith("&ply=1") and "#record=" in page.url
    linked = Record.from_url_fragment(page.url.split("#record=")[1].rsplit("&ply=", 1)[0])
    example = Record.from_json((ROOT / "assets/examples/mosquito/race.json").read_text(encoding="utf-8"))
    assert linked.moves == example.moves and linked.deck == example.deck
    assert "lang=fr" in url


def test_bare_record_link_renders_with_one_python(new_context, site_server):
    """No frames: the viewer starts Python itself (progress shown), then steps like any example."""
    record = (ROOT / "tests" / "golden" / "mosquito" / "example_65.json").read_text(encoding="utf-8")
    fragment = Record.from_json(record).to_url_fragment()
    context = new_context(viewport={"width": 600, "height": 400})
    page = context.new_page()
    page.goto(site_server.url(f"explain.html?lang=en#record={fragment}&ply=1"))
    assert page.locator(".ex-progress").text_content().startswith(("Downloading", "Starting", "Loading", "Preparing"))
    page.wait_for_selector("[data-testid=count]:not(:empty)", timeout=90_000)
    assert page.evaluate("document.body.dataset.python") == "1"
    assert page.get_by_test_id("count").text_content() == "Move 1/2"
    assert "Alice plays 6/3" in page.get_by_test_id("live").text_content()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Move 2/2'")
    wasm = page.evaluate("() => performance.getEntriesByType('resource').filter(e => /pyodide\\.asm\\.wasm(\\.gz)?$/.test(e.name)).length")
    assert wasm == 1


@pytest.mark.service_worker
def test_rules_page_works_offline_after_one_visit(new_context, site_server):
    context = new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    page.goto(site_server.url("rules/mosquito.en.html"))
    wait_for_service_worker(page, timeout=60_000)
    context.set_offline(True)
    page.reload()
    frame = viewer_frame(page, "iframe[data-example]")
    assert live(frame).startswith("Move ")
    page.goto(site_server.url("rules/mookies.html#rule-spiders.tie"))
    assert page.locator("#rule-spiders\\.tie").is_visible()
    assert viewer_frame(page, "iframe[data-example]").locator("[data-testid=count]").text_content().startswith("Coup")


def test_self_contained_snippet_needs_no_site(new_context, tmp_path):
    """`render --html`: one file with the viewer, styles and frames; no request at all."""
    out = tmp_path / "race.html"
    subprocess.run([sys.executable, "-m", "ludotheque", "render", str(ROOT / "assets/examples/mosquito/race.json"),
                    "--html", "-o", str(out)], check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")},
                   capture_output=True)
    context = new_context(viewport={"width": 600, "height": 400})
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    page = context.new_page()
    page.set_content(out.read_text(encoding="utf-8"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    assert page.get_by_test_id("count").text_content() == "Coup 0/5"
    page.keyboard.press("End")
    page.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Coup 5/5'")
    assert "Chloé" in page.get_by_test_id("note").text_content()
    assert not page.get_by_test_id("try").is_visible()  # no --site: nowhere to try
    assert [u for u in requests if not u.startswith(("about:", "data:"))] == []


def test_english_players_get_the_english_rules_page(new_context, site_server):
    context = new_context()
    block_python(context)
    page = context.new_page()
    page.goto(site_server.url("explain.html"))  # any page of the origin, to set the app's preference
    page.evaluate("() => localStorage.setItem('ludotheque/v1/lang', 'en')")
    page.goto(site_server.url("rules/mindup.html#rule-turn.take_above"))
    page.wait_for_url("**/rules/mindup.en.html#rule-turn.take_above")
    assert page.locator("h1").text_content().startswith("Rules")
