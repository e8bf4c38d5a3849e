"""The games the app offers, by id; engines are imported only when first asked for."""
from __future__ import annotations

import importlib
from typing import Dict, Tuple

from ..core.errors import LudoError, shorten
from ..core.messages import msg

# id -> (module, engine class)
GAMES: Dict[str, Tuple[str, str]] = {
    "mookies": ("ludotheque.games.mookies", "MookiesEngine"),
    "mindup": ("ludotheque.games.mindup", "MindUpEngine"),
    "mosquito": ("ludotheque.games.mosquito", "MosquitoEngine"),
    "masterislands": ("ludotheque.games.masterislands", "MasterIslandsEngine"),
}


class UnknownGame(LudoError):
    def __init__(self, game_id: str) -> None:
        super().__init__(msg("error.unknown_game", game=shorten(game_id, 40)), code="unknown-game")


def engine_class(game_id: str):
    try:
        module, name = GAMES[game_id]
    except KeyError:
        raise UnknownGame(game_id) from None
    return getattr(importlib.import_module(module), name)


def available() -> Tuple[str, ...]:
    return tuple(g for g in GAMES if _importable(g))


def _importable(game_id: str) -> bool:
    try:
        engine_class(game_id)
    except ImportError:
        return False
    return True
