"""The reliability catalogue in the browser (docs/reliability.md): links, saves, files,
keys, messages, two tabs, a full disk, a sandboxed frame, a damaged runtime, a lost cache.

Most rows share ONE booted page (module scope): a link is opened the way a person
pastes it into a tab already running the app (only the #... changes), a file through
the import button, a key on the keyboard. Each row asserts the message and that no
save under ludotheque/v1/ changed. Rows that are about booting (a bad link at start,
storage full at start, the service worker, a damaged wasm, a sandboxed frame) boot.
"""
from __future__ import annotations

import gzip
import json
import re

import pytest
from playwright.sync_api import expect

from e2e_harness import CHROMIUM_ARGS, SNAPSHOT_KEEP_OFF, wait_for_service_worker, wait_ready  # noqa: F401
from hostile import bad_texts, deep_json, link, record, text
from ludotheque.core.record import MAX_LINK_CHARS
from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import SAVE_PREFIX, MemoryBackend, SaveStore

GOOD = "good-mookies"
# Booting waits longer than the harness's 60 s: these rows boot several times and the
# machine is shared (a boot takes seconds alone, a minute or more under heavy load).
BOOT_MS = 180_000
HUMANS = [{"name": "Léa", "kind": "human", "youngest": True}, {"name": "Tom", "kind": "human"}]


def _good_save_entries() -> dict:
    """localStorage entries: one good game and five that cannot be resumed."""
    store = SaveStore(MemoryBackend())
    engine = MookiesEngine(HUMANS, seed=9)
    for action in ("0:take/1", "0:face/up", "1:take/1", "1:face/up"):
        from ludotheque.core.engine import Move
        engine.apply(Move.decode(action))
    rec = engine.record()
    store.save(GOOD, rec, "Léa · Tom", "2026-12-01T10:00:00Z", False)
    bad = engine.record()
    bad.moves.append("0:take/9")
    store.save("bad-illegal", bad, "Léa · Tom", "2026-12-01T09:00:00Z", False)
    old = engine.record()
    old.rules_version = 0
    store.save("bad-rules", old, "Léa · Tom", "2026-12-01T09:00:00Z", False)
    chess = engine.record()
    chess.game = "chess"
    store.save("bad-game", chess, "Léa · Tom", "2026-12-01T09:00:00Z", False)
    out = dict(store.backend.data)
    out[SAVE_PREFIX + "bad-json"] = '{"schema": 1, "id": "bad-json", "rec'
    out[SAVE_PREFIX + "bad-schema"] = json.dumps({"schema": 9, "id": "bad-schema"})
    return out


SAVES_JS = """() => { const o = {}; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i);
  if (k.startsWith('ludotheque/v1/save/')) o[k] = localStorage.getItem(k); } return o; }"""
# Fill the origin's storage to the last character: big chunks, then one value grown by
# halving steps (a save that grows by a single move must not fit in what is left).
FILL_JS = """() => { let i = 0, chunk = 'x'.repeat(1 << 20);
  while (chunk.length >= 64) { try { localStorage.setItem('filler/' + (i++), chunk); } catch (e) { chunk = chunk.slice(chunk.length / 2); } }
  const k = 'filler/tail'; let v = ''; let step = 1024;
  while (step >= 1) { try { localStorage.setItem(k, v + 'x'.repeat(step)); v += 'x'.repeat(step); } catch (e) { step = Math.floor(step / 2); } }
  return i; }"""
UNFILL_JS = """() => { for (let i = localStorage.length - 1; i >= 0; i--) { const k = localStorage.key(i);
  if (k && k.startsWith('filler/')) localStorage.removeItem(k); } }"""
REFRESH_JS = "() => window.dispatchEvent(new StorageEvent('storage', {key: null}))"
TOAST_RECORDER_JS = """() => {
  window.__toasts = [];
  new MutationObserver(() => document.querySelectorAll('.toast').forEach(t => window.__toasts.push(t.textContent)))
    .observe(document.body, {childList: true, subtree: true});
}"""
CLEAR_NOTICES_JS = "() => document.querySelectorAll('#saves .notice.error, .toast').forEach(n => n.remove())"


@pytest.fixture(scope="module")
def shared(browser, site_server):
    """One context, one booted page with the catalogue's saves in localStorage."""
    context = browser.new_context(locale="fr-FR")  # the French the tests read (tests/e2e/conftest.py)
    context.add_init_script(SNAPSHOT_KEEP_OFF)  # and how its pages boot
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(site_server.url("index.html?botdelay=0"))
    wait_ready(page, BOOT_MS)
    page.evaluate("(entries) => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }",
                  _good_save_entries())
    page.evaluate(REFRESH_JS)
    expect(page.locator(f'#saves li[data-save="{GOOD}"]')).to_be_visible()
    yield page
    context.close()


def saves(page) -> dict:
    return page.evaluate(SAVES_JS)


def home(page) -> None:
    page.evaluate("() => { const b = document.querySelector('#app [data-action=home]'); if (b) b.click(); }")
    expect(page.locator("#home")).to_be_visible()
    page.evaluate(CLEAR_NOTICES_JS)


def resume_good(page) -> None:
    home(page)
    page.locator(f'[data-action="resume/{GOOD}"]').click()
    expect(page.locator(".game-mookies")).to_be_visible()


def home_notice(page):
    return page.locator("#saves .notice.error")


def assert_no_crash(page) -> None:
    assert page.errors == [], page.errors
    assert page.locator(".py-error").count() == 0
    assert page.evaluate("document.body.dataset.ready") == "1"


# ---- links opened in a running tab (#record=, #save=) -------------------------------------------

def _links() -> dict:
    texts = bad_texts()
    good = link(text(record()).encode())
    return {
        "deep-2mb": (link(deep_json().encode()), "taille décompressée"),
        "bomb-50mb": (link(b" " * 50_000_000), "taille décompressée"),
        "deep-small": (link(texts["deep-small"].encode()), "profondeur d'imbrication"),
        "long-move": (link(texts["long-move"].encode()), "longueur du coup n° 0"),
        "digits-move": (link(texts["digits-move"].encode()), "n'est pas un coup valide"),
        "too-many-moves": (link(texts["too-many-moves"].encode()), "nombre de coups"),
        "illegal-move": (link(texts["illegal-move"].encode()), "Coup n° 0 (0:play/61) illégal"),
        "not-json": (link(b"hello"), "pas du JSON valide"),
        "not-a-record": (link(texts["not-a-record"].encode()), "pas une partie Ludothèque"),
        "future-version": (link(texts["future-version"].encode()), "Version de partie inconnue (99)"),
        "unknown-game": (link(texts["unknown-game"].encode()), "Jeu inconnu"),
        "old-rules": (link(texts["old-rules"].encode()), "Règles version 0"),
        "not-base64": ("%%%***", "abîmé"),
        "truncated": (good[: len(good) // 2], "abîmé"),
        "too-long": ("A" * (MAX_LINK_CHARS + 1), "longueur du lien"),
        "save-unknown": (None, "introuvable sur cet appareil"),
        "save-illegal": (None, "0:take/9"),
    }


LINKS = _links()


@pytest.mark.parametrize("name", list(LINKS))
def test_browser_bad_link_in_running_tab(shared, name):
    page = shared
    home(page)
    before = saves(page)
    fragment, expected = LINKS[name]
    hash_ = {"save-unknown": "save=nope", "save-illegal": "save=bad-illegal"}.get(name) or "record=" + fragment
    page.evaluate("(h) => { location.hash = h; }", hash_)
    expect(home_notice(page)).to_contain_text(expected, timeout=20_000)
    assert len(home_notice(page).inner_text()) < 600  # the input is never echoed whole
    assert page.evaluate("location.hash") == ""  # a reload opens the home page, not the failure
    expect(page.locator("#home")).to_be_visible()
    assert saves(page) == before
    assert_no_crash(page)


def test_browser_good_link_still_opens(shared):
    page = shared
    home(page)
    page.evaluate("(h) => { location.hash = h; }", "record=" + link(text(record()).encode()))
    expect(page.locator(".game-mindup")).to_be_visible(timeout=20_000)
    home(page)
    assert_no_crash(page)


# ---- the saves list ---------------------------------------------------------------------------

UNREADABLE = {"bad-illegal": "0:take/9", "bad-rules": "Règles version 0", "bad-game": "Jeu inconnu",
              "bad-json": "JSON illisible", "bad-schema": "Version de sauvegarde inconnue (9)"}


def test_browser_unreadable_saves_listed_with_reason_exportable_not_resumable(shared):
    page = shared
    home(page)
    before = saves(page)
    for save_id, reason in UNREADABLE.items():
        row = page.locator(f'#saves li[data-save="{save_id}"]')
        expect(row).to_have_class(re.compile("unreadable"))
        expect(row).to_contain_text(reason)
        assert row.locator("[data-action^=resume]").count() == 0
        expect(row.locator(f'[data-action="delete/{save_id}"]')).to_be_visible()
    with page.expect_download() as dl:
        page.locator('[data-action="export-save/bad-json"]').click()
    assert open(dl.value.path(), encoding="utf-8").read() == before[SAVE_PREFIX + "bad-json"]
    expect(page.locator(f'#saves li[data-save="{GOOD}"] [data-action="resume/{GOOD}"]')).to_be_visible()
    assert saves(page) == before
    page.locator('[data-action="delete/bad-schema"]').click()
    expect(page.locator('#saves li[data-save="bad-schema"]')).to_have_count(0)
    after = saves(page)
    before.pop(SAVE_PREFIX + "bad-schema")
    assert after == before  # only that one went
    assert_no_crash(page)


# ---- imported files -------------------------------------------------------------------------------

FILES = {
    "50mb": (b"{" + b" " * 50_000_000 + b"}", "Fichier trop gros"),
    "deep-2mb": (deep_json().encode(), "Fichier trop gros"),
    "deep-small": (bad_texts()["deep-small"].encode(), "profondeur d'imbrication"),
    "long-move": (bad_texts()["long-move"].encode(), "longueur du coup n° 0"),
    "digits-move": (bad_texts()["digits-move"].encode(), "n'est pas un coup valide"),
    "not-json": (b"hello", "pas du JSON valide"),
    "binary": (bytes(range(256)) * 4, "pas du JSON valide"),
    "json-list": (b"[1, 2, 3]", "pas une partie Ludothèque"),
    "unknown-game": (bad_texts()["unknown-game"].encode(), "Jeu inconnu"),
    "seat-not-object": (bad_texts()["seat-not-object"].encode(), "Place invalide"),
    "huge-int": (bad_texts()["huge-int"].encode(), "pas du JSON valide"),
}


@pytest.mark.parametrize("name", list(FILES))
def test_browser_bad_file_import(shared, tmp_path, name):
    page = shared
    home(page)
    before = saves(page)
    body, expected = FILES[name]
    path = tmp_path / f"{name}.json"  # a path, not a buffer: the browser reads the file itself
    path.write_bytes(body)
    page.locator("#import-file").set_input_files(str(path))
    expect(home_notice(page)).to_contain_text(expected, timeout=20_000)
    expect(home_notice(page)).to_contain_text("Rien n’a été modifié")
    assert len(home_notice(page).inner_text()) < 600
    assert page.locator("[data-testid=saving-off]").count() == 0  # saving stays on
    assert saves(page) == before
    assert_no_crash(page)


# ---- keys and messages in a game ------------------------------------------------------------------

def test_browser_odd_keys_in_a_game(shared):
    page = shared
    resume_good(page)
    before = saves(page)
    status = page.locator("[data-testid=status]").inner_text()
    # each of these used to build an invalid CSS selector ("not a valid selector")
    for key in ['"', "\\", "'", "]", "[", "{", "}", "`", "Backslash", "Shift+Quote", "F12", "Escape"]:
        page.keyboard.press(key)
    assert page.locator("[data-testid=status]").inner_text() == status
    assert page.locator(".toast").count() == 0  # not even an error message: keys are compared as text
    assert saves(page) == before
    assert_no_crash(page)
    home(page)


def test_browser_junk_messages(shared):
    page = shared
    before = saves(page)
    page.evaluate("""() => new Promise((done) => {
        window.postMessage('x'.repeat(1 << 20), '*');
        window.postMessage({type: 'ludo:version', app: null}, '*');
        window.dispatchEvent(new StorageEvent('storage', {key: 'ludotheque/v1/save/' + 'z'.repeat(5000)}));
        // messages arrive in order: once this one is in, the junk was delivered
        window.addEventListener('message', (e) => { if (e.data === 'ludo-test-marker') done(); });
        window.postMessage('ludo-test-marker', '*');
    })""")
    assert saves(page) == before
    assert_no_crash(page)


# ---- booting on a bad link ------------------------------------------------------------------------

def test_browser_bad_link_at_boot_then_reload_opens_home(shared, site_server):
    """The issue's worst case: a 2 MB [[[...]]] link broke the boot, and "reload" again."""
    page = shared
    before = saves(page)
    page.goto(site_server.url("index.html?botdelay=0#record=" + link(deep_json().encode())))
    wait_ready(page, BOOT_MS)
    expect(home_notice(page)).to_contain_text("taille décompressée")
    assert page.evaluate("location.hash") == ""
    page.reload()
    wait_ready(page, BOOT_MS)
    expect(home_notice(page)).to_have_count(0)
    expect(page.locator(f'#saves li[data-save="{GOOD}"]')).to_be_visible()
    assert saves(page) == before
    assert_no_crash(page)


# ---- two tabs on one game ---------------------------------------------------------------------------

def _moves(page, save_id: str) -> int:
    raw = page.evaluate("(k) => localStorage.getItem(k)", SAVE_PREFIX + save_id)
    return len(json.loads(raw)["record"]["moves"])


def test_browser_two_tabs_reload_then_stale_tab_keeps_a_copy(shared, site_server):
    a = shared
    resume_good(a)
    start = _moves(a, GOOD)
    b = a.context.new_page()
    b.errors = []
    b.on("pageerror", lambda exc: b.errors.append(str(exc)))
    # tab B never hears of A's writes (a frozen or background tab): it goes stale
    b.add_init_script("window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true);")
    try:
        b.goto(site_server.url(f"index.html?botdelay=0#save={GOOD}"))
        wait_ready(b, BOOT_MS)
        expect(b.locator(".game-mookies")).to_be_visible()
        # B plays a whole turn: A, which hears it, reloads the game and says so
        a.evaluate(TOAST_RECORDER_JS)
        b.keyboard.press("1")
        b.keyboard.press("1")
        b.wait_for_function("([k, n]) => JSON.parse(localStorage.getItem(k)).record.moves.length === n",
                            arg=[SAVE_PREFIX + GOOD, start + 2])
        a.wait_for_function("(text) => window.__toasts.some(t => t.includes(text))",
                            arg=f"mise à jour depuis un autre onglet ({start + 2} coups)")
        # A plays on; B, stale, plays its own move: both games are kept, B's as a copy
        a.keyboard.press("1")
        a.keyboard.press("1")
        a.wait_for_function("([k, n]) => JSON.parse(localStorage.getItem(k)).record.moves.length === n",
                            arg=[SAVE_PREFIX + GOOD, start + 4])
        # the notice is a toast, shown by one render: record it as it appears, since the game's
        # next redraw may replace it before a poll on a loaded machine sees it
        b.evaluate(TOAST_RECORDER_JS)
        b.keyboard.press("1")
        b.wait_for_function("() => window.__toasts.some(t => t.includes('modifiée dans un autre onglet'))")
        b.wait_for_function("(id) => location.hash.startsWith('#save=') && !location.hash.endsWith(id)", arg=GOOD)
        copy_id = b.evaluate("location.hash").split("save=", 1)[1]
        assert copy_id != GOOD
        assert _moves(a, GOOD) == start + 4   # A's moves are all there
        assert _moves(a, copy_id) == start + 3  # and B's game beside them
        assert b.errors == []
    finally:
        b.close()
    home(a)
    a.evaluate("(k) => localStorage.removeItem(k)", SAVE_PREFIX + copy_id)
    assert_no_crash(a)


# ---- storage full -----------------------------------------------------------------------------------

def test_browser_storage_full_mid_game_pauses_saving_then_resumes_by_itself(shared):
    page = shared
    resume_good(page)
    start = _moves(page, GOOD)
    try:
        page.evaluate(FILL_JS)
        page.keyboard.press("1")  # a move that cannot be written
        expect(page.locator("[data-testid=saving-off]")).to_contain_text("stockage du navigateur est plein")
        assert _moves(page, GOOD) == start  # the old save is intact
    finally:
        page.evaluate(UNFILL_JS)
    # no reload, no new move: saving comes back by itself and the move is written
    expect(page.locator("[data-testid=saving-off]")).to_have_count(0, timeout=15_000)
    expect(page.locator(".toast")).to_contain_text("La sauvegarde fonctionne de nouveau")
    assert _moves(page, GOOD) == start + 1
    assert_no_crash(page)


def test_browser_storage_full_at_boot_still_lists_and_resumes(shared, site_server):
    page = shared
    home(page)
    before = saves(page)
    try:
        page.evaluate(FILL_JS)
        page.reload()
        wait_ready(page, BOOT_MS)
        expect(page.locator(f'#saves li[data-save="{GOOD}"] [data-action="resume/{GOOD}"]')).to_be_visible()
        expect(page.locator("#saves [data-testid=saving-off]")).to_contain_text("plein")
        expect(page.locator("#saves")).not_to_contain_text("Aucune partie enregistrée")
        # a reload of an open game comes back to it (it used to start a new one)
        page.goto(site_server.url(f"index.html?game=mookies&botdelay=0#save={GOOD}"))
        wait_ready(page, BOOT_MS)
        expect(page.locator(".game-mookies")).to_be_visible()
        assert page.evaluate("location.hash") == f"#save={GOOD}"
        assert saves(page) == before
    finally:
        page.evaluate(UNFILL_JS)
    assert_no_crash(page)


# ---- the service worker's cache ---------------------------------------------------------------------

def test_browser_service_worker_refills_a_deleted_cache(shared, site_server):
    page = shared
    wait_for_service_worker(page)
    precache = json.loads((site_server.directory / "build" / "precache.json").read_text())
    page.evaluate("async () => { for (const k of await caches.keys()) await caches.delete(k); }")
    page.reload()  # online: served by the network while the worker refills its cache
    wait_ready(page, BOOT_MS)
    page.wait_for_function(
        """(n) => { caches.keys().then(async (ks) => { let c = 0;
             for (const k of ks) c += (await (await caches.open(k)).keys()).length;
             window.__ludoCached = c; }); return window.__ludoCached >= n; }""",
        arg=len(precache), timeout=60_000, polling=250)
    page.context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)  # an offline start works again
        assert page.evaluate("navigator.onLine") is False
    finally:
        page.context.set_offline(False)
    assert_no_crash(page)


# ---- boot diagnostics (fresh pages) -----------------------------------------------------------------

WASM_GZ = "build/runtime/pyodide.asm.wasm.gz"  # what a first visit downloads (js/runtime-wasm.mjs)


def test_browser_truncated_wasm_is_named_at_once(page, site_server):
    wasm = (site_server.directory / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes()[:300_000]
    page.route(f"**/{WASM_GZ}", lambda route: route.fulfill(
        status=200, body=gzip.compress(wasm, mtime=0), headers={"content-type": "application/gzip"}))
    page.goto(site_server.url("index.html"))
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_MS)
    assert page.evaluate("window.ludoBoot.error.reason") == "wasm"  # not the 60 s stall timer
    expect(page.locator("#boot-error-message")).to_contain_text(WASM_GZ)
    expect(page.locator("#boot-error-message")).to_contain_text("abîmé ou incomplet")


def test_browser_cut_gzip_of_the_wasm_is_named_at_once(page, site_server):
    # the download stops mid-file: the gzip stream itself is damaged, not only the wasm in it
    cut = (site_server.directory / WASM_GZ).read_bytes()[:400_000]
    page.route(f"**/{WASM_GZ}", lambda route: route.fulfill(
        status=200, body=cut, headers={"content-type": "application/gzip"}))
    page.goto(site_server.url("index.html"))
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_MS)
    assert page.evaluate("window.ludoBoot.error.reason") == "wasm"
    expect(page.locator("#boot-error-message")).to_contain_text(WASM_GZ)
    expect(page.locator("#boot-error-message")).to_contain_text("abîmé ou incomplet")


def test_browser_missing_gzip_copy_falls_back_to_the_plain_wasm(page, site_server, net_guard):
    # a deploy without build/runtime/ (or a host refusing .gz): the plain file, and the game plays
    net_guard.allow_http_error(WASM_GZ)
    page.route(f"**/{WASM_GZ}", lambda route: route.fulfill(status=404, body="not here"))
    page.goto(site_server.url("index.html"))
    wait_ready(page)
    assert any(u.endswith("/vendor/pyodide/pyodide.asm.wasm") for u in net_guard.requests)


def test_browser_missing_runtime_file_is_named(page, site_server, net_guard):
    net_guard.allow_http_error("python_stdlib.zip")
    page.route("**/python_stdlib.zip", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_server.url("index.html"))
    expect(page.locator("#boot-error")).to_be_visible(timeout=BOOT_MS)
    assert page.evaluate("window.ludoBoot.error.reason") == "network"
    expect(page.locator("#boot-error-message")).to_contain_text("build/runtime/python_stdlib.zip")
    expect(page.locator("#boot-error-message")).to_contain_text("HTTP 404")


def test_browser_boot_failure_from_a_link_offers_the_home_page(page, site_server):
    page.route("**/py/main.py", lambda route: route.fulfill(
        status=200, content_type="text/plain", body='raise RuntimeError("boom from the test")\n'))
    page.goto(site_server.url("index.html?embed=1&game=mookies#record=abc"))
    home_link = page.locator("#boot-home")
    expect(home_link).to_be_visible(timeout=BOOT_MS)
    expect(home_link).to_have_text("Ouvrir l’accueil")
    assert home_link.get_attribute("href") == "/index.html?embed=1"
    home_link.click()
    page.wait_for_url(re.compile(r"/index\.html\?embed=1$"))


def test_browser_sandboxed_iframe_reports_instead_of_hanging(page, site_server):
    page.route("**/sandboxed.html", lambda route: route.fulfill(
        status=200, content_type="text/html",
        body='<!doctype html><iframe sandbox="allow-scripts" src="index.html" width="800" height="600"></iframe>'))
    page.goto(site_server.url("sandboxed.html"))
    frame = page.frame_locator("iframe")
    expect(frame.locator("#boot-error")).to_be_visible(timeout=BOOT_MS)
    expect(frame.locator("#boot-error-message")).to_contain_text("sandbox")
    expect(frame.locator("#boot-status")).to_have_text("Échec du démarrage.")
