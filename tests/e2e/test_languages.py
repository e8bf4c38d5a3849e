"""Languages in the real page (docs/translating.md): the order ?lang=, kept choice, the
browser's languages, French; every complete catalogue is offered (German, Spanish) and listed
in the language menu; the example viewer in Spanish and German; French where a word is missing."""
from __future__ import annotations

from playwright.sync_api import expect

from e2e_harness import wait_ready

LANG_KEY = "ludotheque/v1/lang"
FRAMES = "explain.html?game=mookies&src=build/examples/mookies/spider.fr.js"


def at_first_paint(page, site_server, query=""):
    page.goto(site_server.url("index.html" + query), wait_until="domcontentloaded")
    return page.evaluate("""() => ({lang: document.documentElement.lang,
        tagline: document.querySelector('.site-tagline').textContent,
        pick: document.getElementById('home-title').textContent,
        toggle: document.getElementById('lang-toggle').value,
        menu: [...document.querySelectorAll('#lang-toggle option')].map(o => o.value)})""")


# The layout shifts of the page, and the home page's heading as it read when the browser reported
# the first contentful paint. Every shift counts: the test does not touch the page (Chromium
# marked the shift this test is about as "after an input" on an emulated phone all the same).
SHIFTS_AND_FIRST_WORDS = """
window.__shifts = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  window.__shifts.push({t: Math.round(e.startTime), value: e.value,
    nodes: (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : null)});
})).observe({type: "layout-shift", buffered: true});
new PerformanceObserver((list, obs) => {
  if (!list.getEntriesByName("first-contentful-paint").length) return;
  obs.disconnect();
  const title = document.getElementById("home-title");
  window.__firstWords = title ? title.textContent : null;
}).observe({type: "paint", buffered: true});
"""


def test_another_language_is_worded_before_the_first_paint_and_nothing_moves(new_context, site_server):
    """index.html's static words are French. An English visit gets its words while the page is
    parsed (js/boot/language.js): worded once parsing ended, the page painted French and then
    moved as the words changed length (a layout shift of 0.33 on a phone, Lighthouse's visit)."""
    context = new_context(locale="en-US", service_workers="block", viewport={"width": 412, "height": 823},
                          device_scale_factor=1.75, is_mobile=True, has_touch=True)  # Lighthouse's phone
    context.add_init_script(SHIFTS_AND_FIRST_WORDS)
    page = context.new_page()
    page.goto(site_server.url("index.html"))
    wait_ready(page)  # the whole boot: its panel going away must not move the page either
    shifts = page.evaluate("window.__shifts")
    assert sum(s["value"] for s in shifts) < 0.01, shifts
    assert page.evaluate("window.__firstWords") in (None, "Pick a game")
    assert page.inner_text(".site-tagline") == "Four family card games, even offline"


def test_the_language_order_in_the_app(new_context, site_server):
    english = new_context(locale="en-US", service_workers="block").new_page()
    seen = at_first_paint(english, site_server)
    assert seen == {"lang": "en", "tagline": "Four family card games, even offline", "pick": "Pick a game",
                    "toggle": "en", "menu": ["fr", "de", "en", "es"]}

    german = new_context(locale="de-DE", service_workers="block").new_page()
    seen = at_first_paint(german, site_server)  # the browser's language, offered: German
    assert seen["lang"] == "de" and seen["pick"] == "Wähle ein Spiel" and seen["toggle"] == "de"
    assert at_first_paint(german, site_server, "?lang=es")["lang"] == "es"  # a link's choice, kept
    assert german.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "es"
    assert at_first_paint(german, site_server)["lang"] == "es"
    assert at_first_paint(german, site_server, "?lang=en")["lang"] == "en"
    assert german.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "en"
    assert at_first_paint(german, site_server)["pick"] == "Pick a game"
    # a translator's preview of a complete catalogue: shown, not kept
    seen = at_first_paint(german, site_server, "?lang-preview=de")
    assert seen["lang"] == "de" and seen["pick"] == "Wähle ein Spiel" and seen["tagline"].startswith("Vier Kartenspiele")
    assert german.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "en"

    french = new_context(service_workers="block").new_page()  # the harness's fr-FR
    assert at_first_paint(french, site_server)["pick"] == "Choisir un jeu"


def test_the_viewer_in_spanish_and_german(new_context, site_server):
    page = new_context(viewport={"width": 390, "height": 844}, service_workers="block").new_page()
    page.goto(site_server.url(FRAMES + "&lang=es"))
    expect(page.locator("[data-testid=count]")).to_have_text("Jugada 0/4")
    assert page.get_attribute("[data-testid=next]", "aria-label") == "Jugada siguiente"
    assert page.get_attribute("[data-testid=first]", "title") == "Inicio"
    expect(page.locator("[data-testid=try] .long")).to_have_text("Probar desde aquí")
    assert page.evaluate("document.documentElement.lang") == "es"
    page.keyboard.press("ArrowRight")
    expect(page.locator("[data-testid=live]")).to_contain_text("Jugada 1 de 4.")

    page.goto(site_server.url(FRAMES + "&lang=de"))
    expect(page.locator("[data-testid=count]")).to_have_text("Zug 0/4")
    assert page.get_attribute("[data-testid=prev]", "aria-label") == "Voriger Zug"


def test_a_missing_word_shows_in_french_never_as_its_id(new_context, site_server):
    context = new_context(service_workers="block")

    def without_a_word(route):
        body = route.fetch().text().replace('"viewer.next":"Jugada siguiente",', "")
        route.fulfill(body=body, content_type="text/javascript")

    context.route("**/build/i18n/es.js", without_a_word)
    page = context.new_page()
    page.goto(site_server.url(FRAMES + "&lang=es"))
    expect(page.locator("[data-testid=count]")).to_have_text("Jugada 0/4")
    assert page.get_attribute("[data-testid=next]", "aria-label") == "Coup suivant"
    assert page.get_attribute("[data-testid=prev]", "aria-label") == "Jugada anterior"
