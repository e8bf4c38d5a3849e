"""The tests' Chromium runs with the flags e2e_harness.CHROMIUM_ARGS means it to.

Chromium keeps only the last ``--disable-features`` switch on its command line. Playwright puts
its own list first, so ours (which turns off the address bar's WebUI pop-ups) must carry
Playwright's names too, or the tests would run with features Playwright turns off (paint
holding, storage partitioning, HTTPS upgrades...). A Playwright update that changes its list
fails here, naming what to add to e2e_harness.PLAYWRIGHT_DISABLED_FEATURES.
"""
from __future__ import annotations

import re

from e2e_harness import PLAYWRIGHT_DISABLED_FEATURES


def test_our_disable_features_switch_keeps_every_feature_playwright_disables(browser):
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto("chrome://version")
        command_line = page.inner_text("#command_line")
    finally:
        ctx.close()
    switches = [set(value.split(",")) for value in re.findall(r"--disable-features=(\S+)", command_line)]
    assert len(switches) >= 2, command_line  # Playwright's, then ours
    effective = switches[-1]  # the one Chromium applies
    lost = set().union(*switches[:-1]) - effective
    assert not lost, f"add to e2e_harness.PLAYWRIGHT_DISABLED_FEATURES: {sorted(lost)}"
    assert {"WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} <= effective
    assert set(PLAYWRIGHT_DISABLED_FEATURES) <= effective


def test_a_new_window_opens_no_browser_ui_page(browser):
    """The reason for the switch: a context's window loads no chrome:// page of its own."""
    ctx = browser.new_context()
    try:
        ctx.new_page().goto("about:blank")
        cdp = browser.new_browser_cdp_session()
        urls = [t["url"] for t in cdp.send("Target.getTargets")["targetInfos"]]
        cdp.detach()
    finally:
        ctx.close()
    assert not [u for u in urls if u.startswith("chrome://")], urls
