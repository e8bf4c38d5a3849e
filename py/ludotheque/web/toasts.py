"""Toasts: a short message beside #app, not inside it. Drawn inside, it was wiped by the next
render, and with bots playing that came within a second ("Lien copié" flashed and was gone).
It goes by itself after a time that grows with its length (a link to copy by hand when the
clipboard is refused), whatever the screen redraws meanwhile.

A screen sets ``app.toast``; the next game render shows it (:func:`show_pending`).
"""
from __future__ import annotations

from typing import Any

from js import document

from . import bridge

TOAST_MIN_MS = 4000
TOAST_MS_PER_CHAR = 60


def show(app: Any, text: str) -> None:
    node = document.getElementById("toast")
    if bridge.nullish(node):
        node = document.createElement("div")
        node.id = "toast"
        node.className = "toast"
        node.setAttribute("role", "status")
        node.setAttribute("data-testid", "toast")
        document.body.appendChild(node)
    node.textContent = text
    app.toasts_shown += 1
    shown = app.toasts_shown
    bridge.later(max(TOAST_MIN_MS, TOAST_MS_PER_CHAR * len(text)), lambda: _hide(app, shown))


def show_pending(app: Any) -> None:
    """The toast a screen set (``app.toast``), once."""
    if app.toast:
        show(app, app.toast)
        app.toast = None


def _hide(app: Any, shown: int) -> None:
    if shown != app.toasts_shown:
        return  # a newer toast replaced it and has its own timer
    node = document.getElementById("toast")
    if not bridge.nullish(node):
        node.remove()
