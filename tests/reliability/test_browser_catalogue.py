"""The reliability catalogue in the browser (docs/reliability.md): links, saves, files,
keys, messages, two tabs, a full disk, a sandboxed frame, a damaged runtime, a lost cache.

Most rows share ONE booted page (module scope): a link is opened the way a person
pastes it into a tab already running the app (only the #... changes), a file through
the import button, a key on the keyboard. Each row asserts the message and that no
save under ludotheque/v1/ changed. Rows that are about booting (a bad link at start,
storage full at start, the service worker, a damaged wasm, a sandboxed frame) boot.
"""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from e2e_harness import CHROMIUM_ARGS, wait_for_service_worker, wait_ready  # noqa: F401
from hostile import bad_texts, deep_json, link, record, text
from ludotheque.core.record import MAX_LINK_CHARS
from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import SAVE_PREFIX, MemoryBackend, SaveStore

GOOD = "good-mookies"
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
FILL_JS = """() => { let i = 0, chunk = 'x'.repeat(1 << 20);
  while (chunk.length >= 8) { try { localStorage.setItem('filler/' + (i++), chunk); } catch (e) { chunk = chunk.slice(chunk.length / 2); } }
  return i; }"""
UNFILL_JS = """() => { for (let i = localStorage.length - 1; i >= 0; i--) { const k = localStorage.key(i);
  if (k && k.startsWith('filler/')) localStorage.removeItem(k); } }"""
REFRESH_JS = "() => window.dispatchEvent(new StorageEvent('storage', {key: null}))"
CLEAR_NOTICES_JS = "() => document.querySelectorAll('#saves .notice.error, .toast').forEach(n => n.remove())"


@pytest.fixture(scope="module")
def shared(browser, site_server):
    """One context, one booted page with the catalogue's saves in localStorage."""
    context = browser.new_context()
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(site_server.url("index.html?botdelay=0"))
    wait_ready(page)
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
    home(page)
    page.locator(f'[data-action="resume/{GOOD}"]').click()
    expect(page.locator(".game-mookies")).to_be_visible()
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
