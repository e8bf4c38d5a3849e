"""Platform tests: boot, failure reporting, no external traffic, offline, updates, early taps.

Every test runs in a fresh browser context (empty cache, no service worker),
watched by net_guard (see conftest.py).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from e2e_harness import SiteServer, wait_for_service_worker, wait_ready
from test_mookies_ui import play_human_turns

STAGES_FR = ["Téléchargement du moteur…", "Démarrage de Python…", "Chargement des jeux…"]

# Records each distinct text of #boot-status, with the bar value and readiness at that moment.
# `parsing` marks entries seen while the HTML parser was still inserting the page: the first
# text is static HTML, and where the parser pauses (before or after the game cards) depends on
# network chunks and load, so only the app's own updates are held to "cards painted".
BOOT_RECORDER = """
window.__bootLog = [];
new MutationObserver(() => {
  const s = document.getElementById("boot-status");
  if (!s || !document.body) return;
  const log = window.__bootLog;
  const text = s.textContent;
  if (log.length && log[log.length - 1].text === text) return;
  const bar = document.getElementById("boot-progress");
  log.push({text, value: bar ? bar.value : null, ready: document.body.dataset.ready,
            cards: document.querySelectorAll("button.game-card").length,
            parsing: document.readyState === "loading"});
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def inert_main(route):
    """Serve a py/main.py that runs and does nothing: Python never marks the page ready."""
    route.fulfill(status=200, content_type="text/plain", body="# this test keeps the app from starting\n")


def test_home_paints_before_python_then_boot_reaches_ready(page, site_server):
    page.add_init_script(BOOT_RECORDER)
    page.goto(site_server.url("index.html"), wait_until="commit")
    cards = page.locator("button.game-card")
    expect(cards).to_have_count(4)
    # the home page is usable HTML while Python is still loading
    assert page.evaluate("document.body.dataset.ready") == "0"
    expect(page.locator("#boot")).to_be_visible()
    expect(page.locator("#boot-progress")).to_be_visible()
    for game in ("mookies", "mindup", "mosquito", "masterislands"):
        card = page.locator(f'button.game-card[data-game="{game}"]')
        expect(card).to_be_visible()
        expect(card.locator(".game-name")).not_to_be_empty()
        expect(card.locator(".game-players")).to_contain_text("joueurs")
        expect(card.locator(".game-desc")).not_to_be_empty()
        expect(card.locator("svg")).to_have_count(1)
        box = card.bounding_box()
        assert box["height"] >= 48 and box["width"] >= 48

    wait_ready(page)
    expect(page.locator("#boot")).to_be_hidden()
    log = page.evaluate("window.__bootLog")
    texts = [entry["text"] for entry in log]
    positions = [texts.index(stage) for stage in STAGES_FR]  # ValueError if a stage never showed
    assert positions == sorted(positions), texts
    before_ready = [e for e in log if e["ready"] == "0"]
    updates = [e for e in before_ready if not e["parsing"]]
    assert updates and all(e["cards"] == 4 for e in updates), log
    values = [e["value"] for e in before_ready]
    assert values == sorted(values) and values[0] < 50, values


@pytest.mark.service_worker
def test_no_external_request_during_boot_and_precache(page, open_app, net_guard):
    open_app(page)
    wait_for_service_worker(page)  # the service worker has fetched the whole precache list too
    local = [u for u in net_guard.requests if "/build/runtime/pyodide.asm.wasm.gz" in u]
    assert len(local) >= 2, "expected the page and the service worker to fetch the runtime (gzipped)"
    # a first visit downloads the 3.6 MB gzip copy, never the 9.6 MB plain file
    assert not [u for u in net_guard.requests if u.endswith("/vendor/pyodide/pyodide.asm.wasm")]
    assert any(u.endswith("/build/sw-manifest.js") for u in net_guard.requests)
    assert net_guard.external == []


def test_missing_bundle_shows_boot_error(page, site_server, net_guard):
    net_guard.allow_http_error("build/ludotheque.zip")
    page.route("**/build/ludotheque.zip", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_server.url("index.html"))
    error = page.locator("#boot-error")
    expect(error).to_be_visible(timeout=30_000)
    expect(page.locator("#boot-error-message")).to_contain_text("fichier")
    expect(page.locator("#boot-status")).to_have_text("Échec du démarrage.")
    assert page.evaluate("document.body.dataset.ready") == "0"
    reload = page.locator("#boot-reload")
    expect(reload).to_be_visible()
    with page.expect_navigation(wait_until="commit"):
        reload.click()


def test_python_exception_shows_boot_error(page, site_server):
    page.route("**/py/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body='raise RuntimeError("boom from the test")\n'))
    page.goto(site_server.url("index.html"))
    expect(page.locator("#boot-error")).to_be_visible(timeout=30_000)
    expect(page.locator("#boot-error-message")).to_contain_text("Python")
    expect(page.locator("#boot-error-detail")).to_contain_text("boom from the test")


def test_python_warning_is_not_a_boot_failure(page, site_server):
    main = (site_server.directory / "py" / "main.py").read_text(encoding="utf-8")
    page.route("**/py/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain",
        body='import warnings\nwarnings.warn("a warning from the test", SyntaxWarning)\n' + main))
    page.goto(site_server.url("index.html"))
    wait_ready(page)
    expect(page.locator(".py-error")).to_contain_text("a warning from the test")
    expect(page.locator("#boot-error")).to_be_hidden()


def test_stalled_boot_times_out_with_message(page, site_server):
    page.add_init_script("window.ludoBootTimeoutMs = 3000;")
    page.route("**/py/main.py", inert_main)  # boot goes quiet after the last PyScript event
    page.goto(site_server.url("index.html"))
    expect(page.locator("#boot-error")).to_be_visible(timeout=20_000)
    expect(page.locator("#boot-error-message")).to_contain_text("3 secondes")


def test_tap_before_ready_is_queued(page, site_server):
    page.route("**/py/main.py", inert_main)  # Python never gets ready in this test
    # without its static set-up form (tests/e2e/test_setup_early.py), a tap is only queued
    page.route("**/build/setup/**", lambda route: route.abort())
    # the preloaded runtime would otherwise start Python, and its start holds the main thread
    page.route("**/pyodide.asm.wasm*", lambda route: None)  # held until the page closes
    page.goto(site_server.url("index.html"), wait_until="commit")
    page.locator('button.game-card[data-game="mindup"]').click()
    assert page.evaluate("window.ludoPending") == {"game": "mindup", "source": "tap"}
    pending = page.locator("#boot-pending")
    expect(pending).to_be_visible()
    expect(pending).to_contain_text("Mind Up")
    expect(pending).to_contain_text("dès que le moteur est prêt")
    expect(page.locator('button.game-card[data-game="mindup"]')).to_have_class(re.compile(r"\bis-pending\b"))
    # a second tap replaces the first choice
    page.locator('button.game-card[data-game="mookies"]').click()
    assert page.evaluate("window.ludoPending.game") == "mookies"
    assert page.evaluate("document.body.dataset.ready") == "0"
    # once Python is ready the marks go; the choice stays for Python to read
    page.evaluate("document.body.dataset.ready = '1'")
    expect(page.locator("#boot")).to_be_hidden()
    expect(page.locator(".game-card.is-pending")).to_have_count(0)
    assert page.evaluate("window.ludoPending.game") == "mookies"


def test_query_game_sets_pending_and_embed_hides_chrome(page, site_server):
    page.route("**/py/main.py", inert_main)
    page.goto(site_server.url("index.html?game=mosquito&embed=1"), wait_until="commit")
    expect(page.locator("button.game-card")).to_have_count(4)
    assert page.evaluate("document.documentElement.classList.contains('embed')")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".site-footer")).to_be_hidden()
    assert page.evaluate("window.ludoPending") == {"game": "mosquito", "source": "url"}


def test_language_toggle_swaps_static_strings(page, site_server):
    page.route("**/py/main.py", inert_main)
    page.add_init_script("""
        if (!sessionStorage.getItem("seeded")) {
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem("ludotheque/v1/lang", "en");
        }
        window.__langEvents = [];
        addEventListener("ludo:lang", e => window.__langEvents.push(e.detail.lang));
    """)
    page.goto(site_server.url("index.html"), wait_until="commit")
    expect(page.locator("#home-title")).to_have_text("Pick a game")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator('[data-game="mindup"] .game-players')).to_have_text("3 to 6 players")
    expect(page.locator("#boot-status")).to_have_text(re.compile(r"^(Downloading the engine|Starting Python|Loading the games)…$"))
    toggle = page.locator("#lang-toggle")  # a menu of every language, each in its own words
    expect(toggle).to_have_value("en")
    expect(toggle.locator("option")).to_have_text(["FR — français", "DE — Deutsch", "EN — English", "ES — español"])
    assert toggle.bounding_box()["height"] >= 44
    toggle.select_option("fr")
    expect(page.locator("#home-title")).to_have_text("Choisir un jeu")
    expect(toggle).to_have_value("fr")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.evaluate("localStorage.getItem('ludotheque/v1/lang')") == "fr"
    toggle.select_option("es")
    expect(page.locator("#home-title")).not_to_have_text("Choisir un jeu")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.evaluate("window.__langEvents") == ["fr", "es"]


def test_lang_in_the_address_opens_in_that_language_and_is_kept(page, site_server):
    page.route("**/py/main.py", inert_main)
    page.goto(site_server.url("index.html?lang=en"), wait_until="commit")
    expect(page.locator("#home-title")).to_have_text("Pick a game")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("localStorage.getItem('ludotheque/v1/lang')") == "en"  # the person's choice
    page.goto(site_server.url("index.html"), wait_until="commit")
    expect(page.locator("#home-title")).to_have_text("Pick a game")
    page.goto(site_server.url("index.html?lang=xx"), wait_until="commit")  # unknown: the stored choice
    expect(page.locator("#home-title")).to_have_text("Pick a game")
    page.goto(site_server.url("index.html?lang=fr"), wait_until="commit")
    expect(page.locator("#home-title")).to_have_text("Choisir un jeu")


def test_an_english_link_opens_the_game_in_english_and_default_names_follow_a_switch(page, open_app):
    open_app(page, "?lang=en&game=mosquito&botdelay=0")  # what "Try from here" opens from an English page
    page.wait_for_selector("[data-testid=status]")
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("#app [data-action=home]").first).to_contain_text("Home")
    expect(page.locator("#app")).not_to_contain_text("Accueil")
    page.goto(page.url.split("?")[0] + "?lang=fr")
    page.wait_for_selector("body[data-ready='1']")
    page.click("button.game-card[data-game=mosquito]")
    page.wait_for_selector("#setup-form")
    expect(page.locator("input[name=seat-0-name]")).to_have_value("Joueur 1")
    expect(page.locator("input[name=seat-1-name]")).to_have_value("Robot 1")
    page.fill("input[name=seat-1-name]", "Zoé")
    page.select_option("[data-testid=lang-switch]", "en")
    expect(page.locator("input[name=seat-0-name]")).to_have_value("Player 1")  # our proposal follows
    expect(page.locator("input[name=seat-1-name]")).to_have_value("Zoé")  # what was typed stays
    expect(page.locator("input[name=seat-2-name]")).to_have_value("Bot 2")


def test_shell_works_without_local_storage(page, site_server):
    page.route("**/py/main.py", inert_main)
    page.add_init_script("""
        Object.defineProperty(window, "localStorage", {
          get() { throw new DOMException("denied", "SecurityError"); }
        });
    """)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_server.url("index.html"), wait_until="commit")
    expect(page.locator("#home-title")).to_have_text("Choisir un jeu")
    page.locator("#lang-toggle").select_option("en")
    expect(page.locator("#home-title")).to_have_text("Pick a game")
    page.locator('button.game-card[data-game="mookies"]').click()
    assert page.evaluate("window.ludoPending.game") == "mookies"
    assert errors == []


@pytest.mark.service_worker
def test_offline_reload_boots_from_service_worker(page, open_app, site_server):
    open_app(page)
    wait_for_service_worker(page)
    # the service worker keeps the plain wasm, decoded from the gzip copy the first visit fetched
    plain = (site_server.directory / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()
    kept = page.evaluate("""async () => {
      const res = await caches.match(new URL("vendor/pyodide/pyodide.asm.wasm", location.href).href);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {length: bytes.length, head: Array.from(bytes.slice(0, 8)), type: res.headers.get("content-type")};
    }""")
    assert kept == {"length": len(plain), "head": list(plain[:8]), "type": "application/wasm"}
    page.context.set_offline(True)
    try:
        served = len(site_server.hits)
        page.reload()
        wait_ready(page)
        assert page.evaluate("navigator.onLine") is False
        # only the browser's service-worker update check may reach the network (sw.js and the
        # scripts it imports)
        update_check = ("/sw.js", "/build/sw-manifest.js", "/js/gunzip.js")
        assert [h for h in site_server.hits[served:] if h not in update_check] == []
    finally:
        page.context.set_offline(False)


@pytest.mark.service_worker
def test_reload_boots_with_server_stopped(new_context, built_site, open_app):
    server = SiteServer(built_site).start()
    try:
        page = new_context().new_page()
        open_app(page, server=server)
        wait_for_service_worker(page)
        server.stop()
        page.goto(server.url("index.html?game=&embed=0"))  # a navigation with a query string
        wait_ready(page)
        page.reload()
        wait_ready(page)
        # and a whole game plays with nobody serving
        page.goto(server.url("index.html?game=mookies&botdelay=0"))
        wait_ready(page)
        assert play_human_turns(page) >= 8
        assert page.locator("[data-testid=end-screen]").count() == 1
    finally:
        server.stop()


