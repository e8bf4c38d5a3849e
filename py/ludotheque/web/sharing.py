"""Browser glue of the share / export dialog (ui/sharing.py): a native <dialog> beside #app
(a redraw of the board under it, a bot's move, leaves it alone), opened by "Partager",
"Exporter" and a saved game's export; the game is taken when the person confirms, with
neutral names unless they unticked the box (sharing.py)."""
from __future__ import annotations

from typing import Any, Optional, Tuple

from js import document

from ..core.record import RecordError
from ..sharing import with_neutral_names
from ..ui import sharing as ui
from . import a11y, bridge

DIALOG_ID = "share-dialog"
_pending: Optional[Tuple[str, Optional[str]]] = None  # (kind, save id or None for the game on screen)
_opener: Optional[str] = None  # the key (web/a11y.py) of what had the focus when it opened


def _node() -> Any:
    node = document.getElementById(DIALOG_ID)
    return None if bridge.nullish(node) else node


def is_open() -> bool:
    return _node() is not None


def ask(app: Any, kind: str, save_id: Optional[str] = None) -> None:
    """Open the dialog for a link ("link") or a file ("file") of the game on screen, or of
    the saved game `save_id`."""
    global _pending, _opener
    close()
    _pending = (kind, save_id)
    _opener = a11y.key_of(document.activeElement)
    node = document.createElement("dialog")
    node.id = DIALOG_ID
    node.className = "share-dialog"
    node.setAttribute("aria-labelledby", "share-title")
    node.setAttribute("data-testid", DIALOG_ID)
    node.innerHTML = ui.dialog(kind, app.lang)
    document.body.appendChild(node)
    bridge.listen(node, "close", lambda e: _remove(node))  # Escape, or close() below
    node.showModal()
    node.querySelector("[data-testid=share-go]").focus()


def _remove(node: Any) -> None:
    if not bridge.nullish(node.parentNode):
        node.remove()
    # the button that opened it was redrawn meanwhile (a bot's move): give the focus back to
    # the same button, never to the page body
    active = document.activeElement
    if (bridge.nullish(active) or active.isSameNode(document.body)) and _opener:
        a11y.put_focus(a11y.find_key(document.body, _opener))


def close() -> None:
    node = _node()
    if node is not None:
        if node.open:
            node.close()
        _remove(node)


def go(app: Any, kind: str) -> None:
    """The person confirmed: the record, names replaced if the box is ticked, as asked."""
    global _pending
    node = _node()
    if _pending is None or node is None or _pending[0] != kind:
        close()
        return
    neutral = bool(node.querySelector("#share-neutral").checked)
    _, save_id = _pending
    _pending = None
    close()
    if save_id is None:
        record, name = app.session.record(), app.session.save_id
    else:
        entry = app.store.load(save_id)
        if not entry.readable:
            raise RecordError(entry.problem)
        record, name = entry.record, save_id
    if neutral:
        record = with_neutral_names(record, app.lang)
    if kind == "link":
        app.share(record)
    else:
        app.export(record, name)
