"""Browser glue of the example editor (issue #24): open a draft from a game, a replay or a
shared position; step, type, tap; keep the draft in local storage at every change; keep the
live preview (explain.html in a frame, fed through its host API) in step; export.

The app calls a few entry points (``handle``, ``on_change``, ``on_key``, ``render``,
``open_saved``, ``home``); this module adds its own ``input`` listener (a note is kept as it
is typed, not when the field loses focus) and a click listener in the capture phase on the
board (a tap on the board highlights, it never plays). The exported frames come from the
same Python as ``python3 -m ludotheque render`` (explain/frames.py), and the ``.html`` page
from the same ``explain.snippet.page``, with the viewer and styles fetched from our own
origin (they are precached: it works offline).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Tuple

from js import JSON, URL, window
from pyodide.ffi import create_proxy

from .. import routes
from ..core.record import Record, RecordError
from ..explain import deals
from ..explain.annotations import ExampleError
from ..explain import editor_screen as ui
from ..explain.draft import Draft
from ..explain.drafts import DraftStore
from ..explain.frames import to_json
from ..explain.snippet import needed_files, page
from ..ui.screens import lang_switch
from . import bridge, guard
from . import timeline as timeline_web

PREVIEW_DELAY_MS = 350  # typing a note redraws the preview once the fingers rest
MARK_ATTRS = (("data-card", "cards"), ("data-face", "cards"), ("data-cell", "cells"), ("data-pile", "piles"),
              ("data-galleon", "galleons"), ("data-seat", "seats"))
SEAT_TAGS = ("SECTION", "LI", "DIV", "ARTICLE")


@dataclass
class State:
    draft: Optional[Draft] = None
    size: Tuple[int, int] = (600, 400)
    other_open: bool = False
    saved: Optional[bool] = True
    files: Dict[str, str] = field(default_factory=dict)  # the site's files the .html export inlines
    preview_turn: int = 0
    proxies: list = field(default_factory=list)


def state(app) -> State:
    st = getattr(app, "editor", None)
    if st is None:
        st = app.editor = State()
        st.proxies = [bridge.listen(window.document, "input", lambda e: guard.run(app, lambda: on_input(app, e)))]
        tap = create_proxy(lambda e: guard.run(app, lambda: on_board_click(app, e)))
        window.document.addEventListener("click", tap, True)  # capture: before the app's own handler
        st.proxies.append(tap)
    return st


def drafts(app) -> DraftStore:
    return DraftStore(app.store.backend)


# -- opening and keeping -------------------------------------------------------------------------

def author(app) -> None:
    """"Créer un exemple" from a game, its replay or a shared position, at the ply on screen."""
    rp = app.timeline.replay
    if app.screen == "replay" and rp is not None:
        record, ply = rp.record, rp.ply
    elif app.session is not None:
        record = app.session.record()
        ply = len(record.moves)
    else:
        return
    open_draft(app, Draft.start(bridge.random_id("example"), record, app.lang, ply))


def open_draft(app, draft: Draft) -> None:
    st = state(app)
    app.cancel_bot()
    st.draft = draft
    st.other_open = False
    keep(app)
    app.game_id = draft.game
    app.screen = "editor"
    app.rules_open = False
    timeline_web.go(app, routes.Route("draft", draft.id, draft.ply))
    app.render()
    title = app.root.querySelector(".game-title")
    if not bridge.nullish(title):
        title.focus()


def open_saved(app, draft_id: str, ply: Optional[int]) -> None:
    """A ``#draft=`` address (a reload, Back/Forward, the home page's list)."""
    entry = drafts(app).load(draft_id)
    if not entry.readable:
        raise ExampleError(entry.problem)
    if ply is not None:
        entry.draft.go(ply)
    open_draft(app, entry.draft)


def keep(app) -> None:
    """Write the draft now (every change: a reload never loses anything)."""
    st = state(app)
    st.saved = drafts(app).save(st.draft, bridge.now_iso())


# -- drawing -------------------------------------------------------------------------------------

def render(app) -> None:
    st = state(app)
    app.root.innerHTML = ui.editor_screen(st.draft, app.lang, st.size, st.other_open, lang_switch(app.lang), st.saved)
    watch_frame(app)
    if app.toast:  # a message from the error boundary (web/guard.py)
        app.show_toast(app.toast)
        app.toast = None


def watch_frame(app) -> None:
    frame = app.root.querySelector("#ed-frame")
    if not bridge.nullish(frame):
        frame.addEventListener("load", bridge.create_once_callable(lambda *_: guard.run(app, lambda: send_preview(app))))


def redraw(app, part: str) -> None:
    """Redraw one part of the screen ("work", "settings", "preview", "export"), keeping the
    focus on the control that had it (found again by its action or name)."""
    st = state(app)
    d, lang = st.draft, app.lang
    html = {"work": lambda: ui.work(d, lang, st.other_open), "settings": lambda: ui.settings(d, lang),
            "preview": lambda: ui.preview(d, lang, st.size), "export": lambda: ui.export_panel(d, lang)}[part]()
    node = app.root.querySelector(f"#ed-{part}")
    if bridge.nullish(node):
        app.render()
        return
    focused = window.document.activeElement
    key = None
    if not bridge.nullish(focused) and node.contains(focused):
        key = ("data-action", focused.getAttribute("data-action")) if focused.getAttribute("data-action") \
            else ("name", focused.getAttribute("name"))
    node.outerHTML = str(html)
    if part == "preview":
        watch_frame(app)
    if key and not bridge.nullish(key[1]):
        again = guard.find_by_attr(app.root, key[0], str(key[1]))
        if again is not None and not bridge.nullish(again):
            again.focus()


def moved(app) -> None:
    """The ply changed: the work area, the address, the preview's position."""
    st = state(app)
    redraw(app, "work")
    timeline_web.go(app, routes.Route("draft", st.draft.id, st.draft.ply))
    keep(app)
    post({"type": "ludo:goto", "ply": st.draft.ply}, app)


def changed(app, *parts: str) -> None:
    """The example changed: keep it, redraw `parts`, refresh the preview soon."""
    keep(app)
    for part in parts:
        redraw(app, part)
    refresh_preview(app)


# -- the preview ---------------------------------------------------------------------------------

def post(message: Dict[str, Any], app) -> None:
    frame = app.root.querySelector("#ed-frame")
    if bridge.nullish(frame) or bridge.nullish(frame.contentWindow):
        return
    frame.contentWindow.postMessage(JSON.parse(to_json(message)), str(window.location.origin))


def send_preview(app) -> None:
    """The frames, by the code of the ``render`` command, to the viewer in the frame."""
    st = state(app)
    if st.draft is None or app.screen != "editor":
        return
    post({"type": "ludo:load", "record": st.draft.frames(app.lang)}, app)
    post({"type": "ludo:goto", "ply": st.draft.ply}, app)


def refresh_preview(app) -> None:
    st = state(app)
    st.preview_turn += 1
    turn = st.preview_turn
    bridge.later(PREVIEW_DELAY_MS, lambda: guard.run(app, lambda: turn == st.preview_turn and send_preview(app)))


# -- events --------------------------------------------------------------------------------------

def handle(app, verb: str, rest: str) -> bool:
    """The editor's data-actions; False when `verb` is not one of them."""
    if verb == "author":
        author(app)
    elif verb == "ed-open":
        open_saved(app, rest, None)
    elif verb == "ed-delete":
        drafts(app).delete(rest)
        app.render()
    elif app.screen != "editor" or state(app).draft is None:
        return False
    elif verb == "ed":
        editor_action(app, rest)
    elif verb == "export-example-json":
        d = state(app).draft
        bridge.download(f"{ui.file_stem(d, app.lang)}.json", to_json(d.frames(app.lang)) + "\n")
    elif verb == "export-example-record":
        d = state(app).draft
        bridge.download(f"{ui.file_stem(d, app.lang)}.record.json", d.to_record().to_json() + "\n")
    elif verb == "export-example-html":
        asyncio.ensure_future(export_html(app))
    else:
        return False
    return True


def editor_action(app, rest: str) -> None:
    st = state(app)
    d = st.draft
    verb, _, arg = rest.partition("/")
    if verb in ("first", "prev", "next", "last"):
        d.step(verb)
        moved(app)
    elif verb == "other":
        st.other_open = True
        redraw(app, "work")
        other = app.root.querySelector("[data-note-other]")
        if not bridge.nullish(other):
            other.focus()
    elif verb == "mark":
        kind, _, ident = arg.partition("/")
        d.toggle(kind, ident)
        changed(app, "work")
    elif verb == "from-here":
        d.set_range(first=d.ply)
        changed(app, "settings", "work")
    elif verb == "to-here":
        d.set_range(last=d.ply)
        changed(app, "settings", "work")
    elif verb == "size":
        x, _, y = arg.partition("x")
        size = (int(x), int(y))
        if size in ui.SIZES:
            st.size = size
            redraw(app, "preview")
    elif verb == "copy":
        text = ui.iframe_snippet(d, app.lang)
        try:
            window.navigator.clipboard.writeText(text)
            app.show_toast(ui.w("copy", app.lang) + " ✓")
        except Exception:
            app.show_toast(text)
    elif verb == "close":
        timeline_web.go_home(app)
    elif verb == "deal":
        fields = {}
        nodes = app.root.querySelectorAll("#ed-deal textarea")
        for i in range(int(nodes.length)):
            node = nodes.item(i)
            fields[str(node.name)] = str(node.value)
        try:
            record = deals.dealt(d.record, fields, app.lang)
        except RecordError as exc:  # said without redrawing: what was typed stays to be mended
            app.show_toast(guard.message(exc, app.lang))
            return
        app.open_record(record)  # a new game, saved: play up to the situation


def on_change(app, kind: str, target: Any) -> bool:
    if kind == "ed-import":
        files = target.files
        if files.length:
            guard.import_file(app, files.item(0), lambda text: import_text(app, text))
            target.value = ""
        return True
    st = getattr(app, "editor", None)
    if st is None or st.draft is None or app.screen != "editor" or not kind.startswith("ed-"):
        return False
    d = st.draft
    if kind == "ed-slider":
        d.go(int(str(target.value)))
        moved(app)
    elif kind == "ed-range":
        value = int(str(target.value))
        if str(target.name) == "from":
            d.set_range(first=value)
        else:
            d.set_range(last=value)
        changed(app, "settings", "work")
    elif kind == "ed-view":
        try:
            d.set_view(str(target.value))
        finally:
            changed(app, "settings", "work")
    elif kind == "ed-name":
        d.rename(int(str(target.getAttribute("data-seat-index"))), str(target.value), app.lang)
        changed(app, "settings", "work")
    else:
        return False
    return True


def on_input(app, event) -> None:
    st = getattr(app, "editor", None)
    target = event.target
    if st is None or st.draft is None or app.screen != "editor" or not hasattr(target, "getAttribute"):
        return
    kind = target.getAttribute("data-input")
    if bridge.nullish(kind):
        return
    if str(kind) == "ed-note":
        st.draft.set_note(str(target.getAttribute("data-lang")), str(target.value))
    elif str(kind) == "ed-title":
        st.draft.set_title(str(target.getAttribute("data-lang")), str(target.value))
        snippet = app.root.querySelector("[data-testid=ed-snippet]")
        if not bridge.nullish(snippet):
            snippet.value = ui.iframe_snippet(st.draft, app.lang)
    else:
        return
    keep(app)
    refresh_preview(app)


def on_board_click(app, event) -> None:
    """A tap on the board highlights what it names (or takes the highlight off); nothing is played."""
    st = getattr(app, "editor", None)
    if st is None or st.draft is None or app.screen != "editor" or not hasattr(event.target, "closest"):
        return
    board = event.target.closest("#ed-board")
    if bridge.nullish(board):
        return
    event.preventDefault()
    event.stopPropagation()
    node = event.target
    while not bridge.nullish(node) and node is not board and hasattr(node, "getAttribute"):
        for attr, kind in MARK_ATTRS:
            value = node.getAttribute(attr)
            if not bridge.nullish(value) and (kind != "seats" or str(node.tagName) in SEAT_TAGS):
                cell = node.closest("[data-cell]") if kind == "cards" else None
                if cell is not None and not bridge.nullish(cell) and board.contains(cell):
                    kind, value = "cells", cell.getAttribute("data-cell")  # a card of the sea: its place
                st.draft.toggle(kind, str(value))
                changed(app, "work")
                return
        if node.id == "ed-board":
            return
        node = node.parentElement


def on_key(app, event) -> bool:
    """←/→/Home/End step, except inside a text field (the arrows stay in the field)."""
    if app.screen != "editor" or event.ctrlKey or event.metaKey or event.altKey:
        return False
    verb = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "first", "End": "last"}.get(str(event.key))
    tag = str(event.target.tagName) if hasattr(event.target, "tagName") else ""
    if verb is None or tag in ("TEXTAREA", "SELECT") or (tag == "INPUT" and str(event.target.type) != "range"):
        return False
    event.preventDefault()
    state(app).draft.step(verb)
    moved(app)
    slider = app.root.querySelector("[data-testid=ed-slider]")
    if not bridge.nullish(slider):
        slider.focus()
    return True


def import_text(app, text: str) -> None:
    """An annotated record (an earlier export) or any game record, opened in the editor."""
    record = Record.from_json(text)
    open_draft(app, Draft.start(bridge.random_id("example"), record, app.lang))


# -- the .html export ------------------------------------------------------------------------------

async def export_html(app) -> None:
    st = state(app)
    try:
        doc = st.draft.frames(app.lang)
        for rel in needed_files(doc):
            if rel not in st.files:
                resp = await window.fetch(rel)
                if not resp.ok:
                    raise OSError(f"{rel}: HTTP {resp.status}")
                st.files[rel] = str(await resp.text())
        site = str(URL.new(".", window.location.href).href)
        text = page(doc, st.files.__getitem__, site)
        bridge.download(f"{ui.file_stem(st.draft, app.lang)}.html", text, "text/html")
    except Exception as exc:  # the boundary, for a handler that runs later
        guard.report(exc)
        guard.show(app, guard.message(exc, app.lang))


# -- the home page ---------------------------------------------------------------------------------

def home(app, names) -> Any:
    """The home page's list of examples being made (HTML, ui.html.Raw)."""
    return ui.drafts_list(drafts(app).list(), app.lang, names)
