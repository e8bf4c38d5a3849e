"""The lean standard library (scripts/lean_stdlib.py) in the real page: Pyodide starts on
build/runtime/python_stdlib.zip, every module the app can import (the build's walk of the
package, main.py and PyScript's own Python) imports from it, and the app's paths that load
modules late (a game of each kind, a shared #record= link, a broken one) run on it.

A module the walk missed shows up here as an ImportError naming a module of Pyodide's full
standard library: the build dropped something the app needs.
"""
from __future__ import annotations

import json
import zipfile

import pytest
from playwright.sync_api import expect

from e2e_harness import ROOT, SiteServer, _load_script, build_site

from ludotheque.core.record import Record

from ludotheque.bots import choose
from ludotheque.games.mookies import MookiesEngine

lean_stdlib = _load_script("lean_stdlib")

# a snapshot brings its modules already imported: these pages import them from the zip
pytestmark = pytest.mark.normal_boot

PROBE_MAIN = '''"""main.py of a test: imports every module of the lean stdlib's walk, then starts the app."""
import importlib
import json
import sys

from pyscript import window
from pyodide.ffi import create_proxy

_failed = {}
for _name in json.loads(window.__ludoModules):
    try:
        importlib.import_module(_name)
    except BaseException as e:  # noqa: BLE001 - every failure is reported to the test
        _failed[_name] = [type(e).__name__, getattr(e, "name", None) or "", str(e)]
window.__ludoImportFailures = json.dumps(_failed)
window.__ludoStdlibPath = json.dumps([p for p in sys.path if p.endswith(".zip")])
window.__ludoLoaded = create_proxy(lambda: json.dumps(sorted(sys.modules)))

from ludotheque.web.app import main  # noqa: E402

main()
'''


def full_index() -> set[str]:
    with zipfile.ZipFile(ROOT / lean_stdlib.FULL) as zf:
        return set(lean_stdlib.zip_index(zf))


def test_every_module_the_app_can_import_is_in_the_lean_stdlib(page, make_site, net_guard):
    site = make_site()
    (site / "py" / "main.py").write_text(PROBE_MAIN, encoding="utf-8")
    build_site(site)
    kept = lean_stdlib.kept_modules(site)
    full = full_index()
    # the walk's names that are modules (not `from x import name`'s names): the kept standard
    # library, and what the app imports from elsewhere (built into the wasm, js, pyscript)
    walk = sorted(kept | {name for name in lean_stdlib.app_roots(site) if name in full or "." not in name})
    page.add_init_script(f"window.__ludoModules = {json.dumps(json.dumps(walk))};")
    with SiteServer(site) as server:
        page.goto(server.url("index.html?botdelay=0"))
        page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=120_000)
        # Pyodide read the lean zip, never the full one
        asked = [u for u in net_guard.requests if "python_stdlib.zip" in u]
        assert asked and all(u.endswith("/build/runtime/python_stdlib.zip") for u in asked), asked
        failures = json.loads(page.evaluate("window.__ludoImportFailures"))
        # a module the build dropped fails as "No module named <a module of the full zip>"; what
        # else fails fails on the full stdlib too (Windows-only modules, C modules Pyodide lacks)
        dropped = {name: why for name, why in failures.items() if why[1] in full}
        assert not dropped, f"modules the lean stdlib lacks: {dropped}"
        assert len(failures) < 20, failures
        assert len(walk) - len(failures) > 250  # the walk is not empty, and imported
        # the app's own modules and what they loaded, after the imports above: all from the lean zip
        loaded = set(json.loads(page.evaluate("window.__ludoLoaded()")))
        assert {"ludotheque.web.app", "json", "random", "dataclasses"} <= loaded
        assert not (loaded & full) - kept, sorted((loaded & full) - kept)


def shared_record() -> str:
    e = MookiesEngine([{"name": "Ana", "kind": "human", "youngest": True},
                       {"name": "Zoé", "kind": "bot", "level": "easy"}], seed=9)
    for _ in range(6):
        e.apply(choose(e, e.to_act()[0]))
    return e.record().to_url_fragment()


def play_one_game_of_each(page) -> None:
    """Each game's set-up form, its first screen with a bot seat, back home."""
    for game in ("mookies", "mindup", "mosquito", "masterislands"):
        page.locator(f'button.game-card[data-game="{game}"]').click()
        expect(page.locator("#setup-form")).to_be_visible()
        page.click("[data-testid=start]")
        expect(page.locator("#setup-form")).to_be_hidden()
        expect(page.locator("#boot-error")).to_be_hidden()
        page.goto(page.url.split("?")[0].split("#")[0] + "?botdelay=0")
        page.wait_for_function("() => document.body.dataset.ready === '1'")


def test_the_app_s_late_paths_run_on_the_lean_stdlib(page, site_server, open_app, net_guard):
    """Each game started, a shared #record= link opened in the viewer, a broken one refused with
    its message: the paths that import late (codecs, zlib, base64, json's decoder) work."""
    open_app(page, "?botdelay=0")
    play_one_game_of_each(page)
    open_app(page, "#record=" + shared_record() + "&ply=2")
    expect(page.locator("[data-action=author]")).to_be_visible()
    page.goto(site_server.url("index.html?botdelay=0#record=%%%not-a-record"))
    page.wait_for_function("() => document.body.dataset.ready === '1'")
    expect(page.locator("#boot-error")).to_be_hidden()
    expect(page.locator("#home [role=alert]")).to_contain_text("Le lien de partie est abîmé")
    assert page.locator(".py-error").count() == 0
    assert all("vendor/pyodide/python_stdlib.zip" not in u for u in net_guard.requests)


def test_the_explainer_s_record_link_renders_on_the_lean_stdlib(page, site_server, net_guard):
    """explain.html#record= starts its own Pyodide (js/explain/python.js) on the same lean zip."""
    record = (ROOT / "tests" / "golden" / "mosquito" / "example_65.json").read_text(encoding="utf-8")
    page.goto(site_server.url(f"explain.html?lang=en#record={Record.from_json(record).to_url_fragment()}&ply=1"))
    page.wait_for_selector("[data-testid=count]:not(:empty)", timeout=90_000)
    assert page.get_by_test_id("count").text_content() == "Move 1/2"
    asked = [u for u in net_guard.requests if "python_stdlib.zip" in u]
    assert asked and all(u.endswith("/build/runtime/python_stdlib.zip") for u in asked), asked
