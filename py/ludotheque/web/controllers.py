"""The browser controllers of the real-time games, by game id.

A screen (ludotheque.ui.<game>) is pure HTML text and knows nothing of the browser. The
games that need the page itself (a clock for Mosquito PLAF!'s slaps and calls, pointer pan
and zoom for MasterIslands) have a controller in this floor; the app attaches it after
every render of that game's screen. Each one is imported on first use, so a game that is
never opened costs nothing at boot.

A controller module provides ``attach(app, view)``; it sends timed events with
``app.seat_move(seat, action)`` (``SYSTEM_SEAT`` for a timer closing a window).
"""
from __future__ import annotations

import importlib
from typing import Any, Dict, Mapping

# game id -> module of its browser controller
CONTROLLERS: Dict[str, str] = {
    "mosquito": "ludotheque.web.mosquito",
    "masterislands": "ludotheque.web.masterislands",
}


def attach(app: Any, view: Mapping[str, Any]) -> None:
    """After the screen is in the page: hand it to the game's controller, if it has one."""
    module = CONTROLLERS.get(app.game_id or "")
    if module is not None:
        importlib.import_module(module).attach(app, view)
