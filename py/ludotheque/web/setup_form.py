"""The set-up form in the page: start a game from it, or keep what it holds when it is drawn
again (another player count, another mode, an error to show, another language)."""
from __future__ import annotations

from typing import Any, Dict

from ..core.errors import BadSetup
from ..games import engine_class
from ..ui import screens
from . import bridge


def on_submit(app: Any, event: Any) -> None:
    form = event.target
    if bridge.nullish(form) or form.getAttribute("data-submit") != "start":
        return
    event.preventDefault()
    fields = form_fields(form)
    cls = engine_class(app.game_id)
    try:
        seats, options = screens.parse_setup(cls, fields, app.lang)
        app.new_game(app.game_id, seats, options)
    except BadSetup as exc:
        app.setup_error = exc.msg
        keep_form(app, form)
        app.render()


def keep_form(app: Any, form: Any) -> None:
    """Keep what the set-up form holds before drawing it again; a new player count adds
    the default seats past the typed ones."""
    cls = engine_class(app.game_id)
    seats, options = screens.form_state(cls, form_fields(form))
    typed = len(app.setup_seats or ())
    defaults = screens.default_seats(cls, len(seats), app.lang)
    app.setup_seats = seats[:typed] + defaults[typed:]
    app.setup_options = options


def form_fields(form: Any) -> Dict[str, str]:
    fields: Dict[str, str] = {}
    for element in form.elements:
        name = element.name
        if not name:
            continue
        if element.type in ("checkbox", "radio"):
            if element.checked:
                fields[str(name)] = str(element.value)
        else:
            fields[str(name)] = str(element.value)
    return fields
