"""Each page's Content-Security-Policy, in Chromium: the page does everything it should
under it (boots, plays, steps), and the browser reports no violation, so the policy is
neither broken by the page nor loosened to hide one (docs/security.md)."""
from __future__ import annotations

import subprocess
import sys

from e2e_harness import ROOT, wait_ready

from ludotheque.core.record import Record
from ludotheque.explain.rules_pages import load_examples

VIOLATIONS = """window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(
    e.effectiveDirective + ' ' + e.blockedURI + ' ' + (e.sample || '') + ' ' + e.sourceFile + ':' + e.lineNumber));"""


def context_with_report(new_context, **kw):
    context = new_context(**kw)
    context.add_init_script(VIOLATIONS)
    return context


def test_app_boots_and_plays_under_its_policy(new_context, open_app):
    page = context_with_report(new_context, viewport={"width": 1024, "height": 768}).new_page()
    open_app(page)
    assert page.evaluate("() => document.querySelector('meta[http-equiv=Content-Security-Policy]') !== null")
    # the late stylesheets were switched on by build/boot.js (js/boot/late-css.js), not by inline handlers
    assert set(page.eval_on_selector_all("link[data-late-css]", "ls => ls.map(l => l.media)")) == {"all"}
    page.click("button.game-card[data-game=mookies]")
    page.get_by_test_id("start").click()
    page.wait_for_selector(".game-mookies")
    assert page.evaluate("window.__csp") == []


def test_viewer_and_rules_page_under_their_policies(new_context, site_server):
    context = context_with_report(new_context, service_workers="block")
    page = context.new_page()
    page.goto(site_server.url("explain.html?game=masterislands&src=build/examples/masterislands/chain.fr.js"))
    page.wait_for_selector(".ex-frame .mi-world")
    page.get_by_test_id("next").click()
    assert page.evaluate("window.__csp") == []
    page.goto(site_server.url("rules/mookies.html"))
    page.frame_locator("iframe[data-example]").first.locator("[data-testid=count]").filter(has_text="/").wait_for()
    assert page.evaluate("window.__csp") == []


def test_self_contained_page_survives_hostile_notes(new_context, tmp_path, attacker):
    """render --html: notes that would end or bend the data's script element stay text. The
    page is served from another origin, as an author's site would."""
    data = load_examples(ROOT, "mookies")[0].record.to_dict()
    data["meta"]["annotations"] = {"0": {"fr": "a <!--<script> b", "en": "a <!--<script> b"},
                                   "1": {"fr": "</script><script>window.pwned = 1</script>", "en": "x"}}
    src = tmp_path / "hostile.json"
    src.write_text(Record.from_dict(data).to_json(), encoding="utf-8")
    out = attacker.directory / "hostile.html"
    subprocess.run([sys.executable, "-m", "ludotheque", "render", str(src), "--html", "-o", str(out)],
                   check=True, env={"PYTHONPATH": str(ROOT / "py")}, cwd=ROOT, capture_output=True)
    page = context_with_report(new_context).new_page()
    page.goto(attacker.url("hostile.html"))
    page.wait_for_selector("[data-testid=count]:not(:empty)")
    assert page.get_by_test_id("note").text_content().endswith("a <!--<script> b")
    page.get_by_test_id("next").click()
    assert "</script><script>window.pwned = 1</script>" in page.get_by_test_id("note").text_content()
    assert page.locator(".ex-frame .mk-card, .ex-frame [data-face]").count() > 0  # the board is drawn
    assert page.evaluate("() => window.pwned === undefined")
    assert page.evaluate("window.__csp") == []
