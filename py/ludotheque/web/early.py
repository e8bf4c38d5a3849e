"""Python taking over the set-up form that js/setup-early.js showed before Python was ready.

On a first visit the runtime takes seconds to download and start. A tap on a game
meanwhile shows that game's set-up form, rendered at build time by the same screen code
(ui/setup_screen.py), and the person fills it. When the app starts, this module reads what
the form holds, exactly as a redraw of the form would (``screens.form_state``), and draws
the form again from Python with everything kept; if start was pressed already
(``window.ludoEarly.start``), the game starts at once, as a press of start would.
"""
from __future__ import annotations

from js import document, window
from pyodide.ffi import JsException

from ..games import available, engine_class
from ..ui import screens
from . import bridge


class _Submitted:
    """What App.on_submit needs of a submit event, for a press of start made before Python."""

    def __init__(self, form) -> None:
        self.target = form

    def preventDefault(self) -> None:  # noqa: N802 - the DOM's name
        pass


def take_over(app, game_id: str) -> bool:
    """Adopt the early set-up form of game_id if it is on the page; False when there is none."""
    form = document.getElementById("setup-form")
    if bridge.nullish(form) or str(form.getAttribute("data-game")) != game_id or game_id not in available():
        return False
    early = bridge.js_get(window, "ludoEarly")
    start = early is not None and bool(bridge.js_get(early, "start"))
    cls = engine_class(game_id)
    app.game_id = game_id
    app.screen = "setup"
    app.session = None
    app.setup_error = None
    app.setup_seats, app.setup_options = screens.form_state(cls, app.form_fields(form))
    if start:
        app.on_submit(_Submitted(form))
        return True
    caret = _caret()
    app.render()
    _restore_caret(caret)
    return True


def _caret():
    """(name, start, end) of the text field the person is typing in, if any."""
    node = document.activeElement
    if bridge.nullish(node) or str(getattr(node, "tagName", "")) != "INPUT":
        return None
    name = node.getAttribute("name")
    try:
        return (str(name), int(node.selectionStart), int(node.selectionEnd)) if name else None
    except (TypeError, ValueError):  # selection is null for inputs without text (radio)
        return None


def _restore_caret(caret) -> None:
    if caret is None:
        return
    node = document.activeElement
    if not bridge.nullish(node) and str(node.getAttribute("name") or "") == caret[0]:
        try:
            node.setSelectionRange(caret[1], caret[2])
        except JsException:  # a field that has no selection: nothing to keep
            pass
