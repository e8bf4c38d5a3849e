"""Frozen positions are pictures, not live screens: the one rule for what an explainer frame, a
replay and a shared link never show.

A still shows the position as one seat sees it (its hand, every public card, the seats, the
badges of what just happened) and nothing that only makes sense while the game runs:

- no pass-the-device prompt (``Passe la tablette à …``, ``Je suis …``) and no overlay that
  covers the board (round scores waiting for "Manche suivante", a race filling the screen);
- no live-only control: move and action buttons (Jouer, Piocher, Moustique !, Attraper,
  Compris, Conquérir…), zoom, keyboard help, "Touche une carte…" hints;
- no "… réfléchit…": nothing moves in a still, so a bot to act is said as anyone's turn.

Each game's screen reads it through ``is_still(ui)``; the game's own ``still_ui(session, seat)``
hook adds the display state that puts its screen in that position (hand shown, reveal read).
``explain/frames.py`` (frames), ``ui/timeline.py`` (the app's replay, where shared links and
"Essayer à partir d'ici" land) call ``still_ui`` here, so the three agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional

from .html import Child

STILL = "still"


def is_still(ui: Optional[Mapping[str, Any]]) -> bool:
    return bool(ui) and bool(ui.get(STILL))  # type: ignore[union-attr]


def live_only(ui: Optional[Mapping[str, Any]], node: Child) -> Child:
    """``node`` on a live screen; nothing in a still."""
    return None if is_still(ui) else node


@dataclass
class Frozen:
    """What a game's ``still_ui`` hook reads of a session: only its engine (a replay has no
    session of its own, and nothing in a still is ever played)."""

    engine: Any


def still_ui(gui: Any, engine: Any, seat: Optional[int]) -> Dict[str, Any]:
    """Display state showing the position of ``engine`` as ``seat`` sees it, as a still: the
    game screen's own ``still_ui`` hook when it has one, marked ``still``."""
    hook = getattr(gui, "still_ui", None)
    ui: Dict[str, Any] = dict(hook(Frozen(engine), seat)) if hook else {}
    ui[STILL] = True
    return ui
