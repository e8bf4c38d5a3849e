"""The page's events turned into the app's actions: clicks and taps (``data-action``, a game
card), form changes (``data-change``) and keys.

Functions of the app (web/app.py), each run inside the error boundary (web/guard.py). An
action is ``verb/rest``: the timeline's and the example editor's verbs go to their modules
first (web/timeline.py, web/editor.py), a game's display-only ``ui/...`` to its screen module.
"""
from __future__ import annotations

from typing import Any

from . import a11y, bridge, guard, navigation, pacing, save_actions, save_transfer, setup_form, sharing
from . import editor as editor_web
from . import timeline as timeline_web


def on_click(app: Any, event: Any) -> None:
    if int(event.detail or 0):  # a pointer's click (a key's has detail 0): the page stops following the focus
        a11y.KEYBOARD["used"] = False
    target = event.target
    card = target.closest("button.game-card[data-game]") if hasattr(target, "closest") else None
    if card is not None and not bridge.nullish(card):
        event.preventDefault()
        guard.run(app, lambda: navigation.open_setup(app, str(card.dataset.game)))
        return
    node = target.closest("[data-action]") if hasattr(target, "closest") else None
    if node is None or bridge.nullish(node):
        return
    action = str(node.getAttribute("data-action"))
    if node.tagName == "A":
        event.preventDefault()
    seat = node.getAttribute("data-seat")
    if action.startswith("move/") and not bridge.nullish(seat) and str(seat).isascii() and str(seat).isdigit():
        guard.run(app, lambda: pacing.person_move(app, int(str(seat)), action[len("move/"):]))
        return
    guard.run(app, lambda: dispatch(app, action))


def dispatch(app: Any, action: str) -> None:
    verb, _, rest = action.partition("/")
    if timeline_web.handle(app, verb, rest):  # undo, log, replay, branch, tl/...
        return
    if editor_web.handle(app, verb, rest):  # author, ed/..., export-example-...
        return
    if verb == "move":
        pacing.human_move(app, rest)
    elif verb == "ui":
        display_action(app, rest)
    elif verb == "home":
        timeline_web.go_home(app)
    elif verb == "rules":
        app.rules_open = True
        app.render()
    elif verb == "lang":  # a link or a test may still name a language: "lang/de"
        navigation.switch_lang(app, rest)
    elif verb == "close-rules":
        app.rules_open = False
        app.render()
    elif verb == "new":
        seats = app.session.engine.seats if app.session else None
        options = app.session.engine.options if app.session else None
        navigation.open_setup(app, app.game_id, seats, options)
    elif verb == "again":
        e = app.session.engine
        navigation.new_game(app, app.game_id, e.seats, e.options)
    elif verb == "export":  # both ask first whether to replace the names (web/sharing.py)
        sharing.ask(app, "file")
    elif verb == "share":
        sharing.ask(app, "link")
    elif verb == "share-go":
        sharing.go(app, rest)
    elif verb == "share-close":
        sharing.close()
    elif verb == "resume":
        navigation.resume(app, rest)
    elif verb == "delete":
        save_actions.delete_save(app, rest)
    elif verb == "undo-delete":
        save_actions.undo_delete(app)
    elif verb == "export-all":
        save_transfer.export_all(app)
    elif verb == "export-save":
        save_actions.export_save(app, rest)


def display_action(app: Any, rest: str) -> None:
    """``ui/...``: display state only (a collection opened, a card chosen), the game's screen
    module's ``handle_ui`` else the shared ones (:func:`default_ui`)."""
    if app.session is not None:
        app.session.dismiss_error()
    app.next_focus = True
    gui = pacing.game_ui(app.game_id)
    if hasattr(gui, "handle_ui"):
        gui.handle_ui(rest, app.ui, app.session)
    else:
        default_ui(app, rest)
    if hasattr(gui, "save_display"):  # the display state a reload must find changed
        pacing.autosave(app)
    app.render()
    pacing.schedule_bot(app)


def default_ui(app: Any, rest: str) -> None:
    parts = rest.split("/")
    if parts[0] == "browse":
        seat = int(parts[1])
        app.ui["open_collection"] = None if app.ui.get("open_collection") == seat else seat


def on_change(app: Any, event: Any) -> None:
    target = event.target
    kind = target.getAttribute("data-change") if hasattr(target, "getAttribute") else None
    if bridge.nullish(kind) or not kind:
        return
    if timeline_web.on_change(app, str(kind), target) or editor_web.on_change(app, str(kind), target):
        return
    if kind == "lang":
        navigation.switch_lang(app, str(target.value))
    elif kind in ("setup-count", "setup-options"):
        setup_form.keep_form(app, target.form)
        app.render()
    elif kind == "import":
        files = target.files
        if files.length:
            guard.import_file(app, files.item(0))
            target.value = ""  # the same file may be chosen again


def on_key(app: Any, event: Any) -> None:
    """Keys never do two things: Tab stays in an open dialog, arrows move inside a group
    (web/a11y.py), Enter and Space belong to the focused control, and a game's shortcuts
    act only from its board (or with the focus nowhere), on the game on screen."""
    key = str(event.key)
    a11y.KEYBOARD["used"] = key not in ("Shift", "Control", "Alt", "Meta")
    if app.screen == "home" or sharing.is_open():  # keys belong to the dialog, not to the game under it
        return
    if key == "Tab" and not event.ctrlKey and not event.altKey and a11y.trap_tab(app.root, event):
        return
    if not event.ctrlKey and not event.metaKey and not event.altKey and a11y.rove(event):
        return
    if timeline_web.on_key(app, event) or editor_web.on_key(app, event):
        return
    if app.screen != "game" or event.ctrlKey or event.metaKey or event.altKey:
        return
    tag = str(event.target.tagName) if hasattr(event.target, "tagName") else ""
    if tag in ("INPUT", "SELECT", "TEXTAREA"):
        return
    if key == "Escape" and app.rules_open:
        app.rules_open = False
        app.render()
        return
    if key == "Escape" and app.timeline.log_open:
        app.timeline.log_open = False
        app.return_focus = []
        app.render()
        a11y.put_focus(a11y.find_key(app.root, "data-testid=log"))
        return
    if app.rules_open or not a11y.shortcut_allowed(event):
        return
    scope = a11y.open_dialog(app.root) or app.root
    node = guard.find_by_attr(scope, "aria-keyshortcuts", key)
    if node is not None and not bridge.nullish(node) and bridge.nullish(node.closest(a11y.CHROME)) \
            and bridge.nullish(node.closest("[inert]")):
        event.preventDefault()
        node.click()
