"""MasterIslands' thin pointer controller: pan (one finger), pinch-zoom (two), wheel, zoom slider, fit,
and dragging a galleon onto a lit card.

No rule here: it only moves the board's CSS transform and keeps it in ``app.ui["view"]``
(``None`` means fit to screen, computed here because only the browser knows sizes). A
galleon drag selects the galleon (the screen then lights the cards the engine allows) and,
dropped on a lit card, sends that card's own move action: the same as tap-then-tap.
Listeners are installed once on the document; ``attach`` is called after every render.
"""
from __future__ import annotations

import math
from typing import Any, Dict, Tuple

from js import Object, document, window

from ..ui import masterislands as screen
from . import bridge

DRAG_START = 8  # px before a press becomes a pan (so taps stay taps)
FIT_MAX = 1.6

_state: Dict[str, Any] = {"app": None, "pointers": {}, "start": None, "dragged": False, "proxies": [],
                          "piece": None}


def attach(app: Any, view: Any = None) -> None:
    _state["app"] = app
    if not _state["proxies"]:
        _state["proxies"] = [
            bridge.listen(document, "pointerdown", _down),
            bridge.listen(document, "pointermove", _move),
            bridge.listen(document, "pointerup", _up),
            bridge.listen(document, "pointercancel", _up),
            bridge.listen(document, "input", _slider),
            bridge.listen(window, "resize", lambda e: _fit_if_needed()),
        ]
        document.addEventListener("click", bridge.create_proxy(_swallow_click), True)
        document.addEventListener("wheel", bridge.create_proxy(_wheel),
                                  bridge.to_js({"passive": False}, dict_converter=Object.fromEntries))
    _fit_if_needed()


def _parts():
    vp = document.querySelector(".mi-viewport")
    world = document.querySelector(".mi-world")
    if bridge.nullish(vp) or bridge.nullish(world):
        return None, None
    return vp, world


def _ui() -> Dict[str, Any]:
    return _state["app"].ui


def _apply(world: Any, tr: Dict[str, float]) -> None:
    world.style.transform = f"translate({tr['x']:.1f}px,{tr['y']:.1f}px) scale({tr['z']:.3f})"
    rng = document.querySelector(".mi-zoom-range")
    if not bridge.nullish(rng):
        rng.value = str(int(round(tr["z"] * 100)))


def _fit_if_needed() -> None:
    vp, world = _parts()
    if vp is None:
        return
    ui = _ui()
    vw, vh = float(vp.clientWidth), float(vp.clientHeight)
    ui["viewport"] = (vw, vh)
    if ui.get("view"):
        return
    ww, wh = float(world.offsetWidth), float(world.offsetHeight)
    if ww <= 0 or wh <= 0 or vw <= 0 or vh <= 0:
        return
    z = max(screen.ZOOM_MIN, min(FIT_MAX, vw / ww, vh / wh))
    tr = {"z": z, "x": (vw - ww * z) / 2, "y": (vh - wh * z) / 2}
    ui["fitted"] = tr
    _apply(world, tr)


def _local(vp: Any, event: Any) -> Tuple[float, float]:
    rect = vp.getBoundingClientRect()
    return float(event.clientX) - float(rect.left), float(event.clientY) - float(rect.top)


def _down(event: Any) -> None:
    vp, world = _parts()
    if vp is None or not vp.contains(event.target):
        return
    piece = event.target.closest("button.mi-galleon.movable")
    if not bridge.nullish(piece) and not _state["pointers"]:
        _state["piece"] = {"gid": str(piece.getAttribute("data-galleon")), "pid": int(event.pointerId),
                           "x": float(event.clientX), "y": float(event.clientY), "moving": False}
        return
    _state["pointers"][int(event.pointerId)] = _local(vp, event)
    _state["dragged"] = False
    _begin(vp)


def _begin(vp: Any) -> None:
    pts = list(_state["pointers"].values())
    _state["start"] = {"tr": screen.current_transform(_ui()), "pts": pts}


def _move(event: Any) -> None:
    pid = int(event.pointerId)
    piece = _state["piece"]
    if piece is not None and piece["pid"] == pid:
        _drag_piece(event, piece)
        return
    if pid not in _state["pointers"]:
        return
    vp, world = _parts()
    if vp is None:
        return
    _state["pointers"][pid] = _local(vp, event)
    start = _state["start"]
    pts = list(_state["pointers"].values())
    if start is None or len(pts) != len(start["pts"]):
        _begin(vp)
        return
    tr0 = start["tr"]
    if len(pts) == 1:
        dx, dy = pts[0][0] - start["pts"][0][0], pts[0][1] - start["pts"][0][1]
        if not _state["dragged"] and math.hypot(dx, dy) < DRAG_START:
            return
        _state["dragged"] = True
        tr = {"z": tr0["z"], "x": tr0["x"] + dx, "y": tr0["y"] + dy}
    else:
        (a0, b0), (a1, b1) = start["pts"][:2], pts[:2]
        d0 = math.hypot(a0[0] - b0[0], a0[1] - b0[1]) or 1.0
        d1 = math.hypot(a1[0] - b1[0], a1[1] - b1[1])
        z = max(screen.ZOOM_MIN, min(screen.ZOOM_MAX, tr0["z"] * d1 / d0))
        c0 = ((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2)
        c1 = ((a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2)
        f = z / tr0["z"]
        tr = {"z": z, "x": c1[0] - (c0[0] - tr0["x"]) * f, "y": c1[1] - (c0[1] - tr0["y"]) * f}
        _state["dragged"] = True
    event.preventDefault()
    _ui()["view"] = tr
    _apply(world, tr)


def _up(event: Any) -> None:
    piece = _state["piece"]
    if piece is not None and piece["pid"] == int(event.pointerId):
        _state["piece"] = None
        if piece["moving"]:
            _drop_piece(event, piece)
        return  # a press without a move is a tap: the click selects the galleon
    _state["pointers"].pop(int(event.pointerId), None)
    vp, _ = _parts()
    if vp is not None:
        _begin(vp)


def _drag_piece(event: Any, piece: Dict[str, Any]) -> None:
    dx, dy = float(event.clientX) - piece["x"], float(event.clientY) - piece["y"]
    if not piece["moving"]:
        if math.hypot(dx, dy) < DRAG_START:
            return
        piece["moving"] = True
        app = _state["app"]
        if app.ui.get("galleon") != piece["gid"]:
            app.safely(lambda: app.dispatch(f"ui/galleon/{piece['gid']}"))  # lights where it may go
    event.preventDefault()
    el = document.querySelector(f'.mi-world button.mi-galleon[data-galleon="{piece["gid"]}"]')
    if bridge.nullish(el):
        return
    z = screen.current_transform(_ui())["z"]
    el.classList.add("dragging")
    el.style.transform = f"translate({dx / z:.1f}px,{dy / z:.1f}px)"


def _drop_piece(event: Any, piece: Dict[str, Any]) -> None:
    """Dropped on a lit card: that card's move; anywhere else: back in place, still selected."""
    _state["dragged"] = True  # the click that may follow this release is not a tap
    bridge.later(60, lambda: _state.update(dragged=False))
    app = _state["app"]
    under = document.elementFromPoint(float(event.clientX), float(event.clientY))
    cell = None if bridge.nullish(under) else under.closest(".mi-cell.dest")
    target = None if bridge.nullish(cell) else cell.querySelector("button.mi-dest")
    if bridge.nullish(target):
        app.safely(app.render)
        return
    action = str(target.getAttribute("data-action"))
    app.safely(lambda: app.dispatch(action))


def _swallow_click(event: Any) -> None:
    """A press that panned or pinched is not a tap on what lies under the finger."""
    if _state["dragged"]:
        _state["dragged"] = False
        event.stopPropagation()
        event.preventDefault()


def _wheel(event: Any) -> None:
    vp, world = _parts()
    if vp is None or not vp.contains(event.target):
        return
    event.preventDefault()
    screen.zoom_by(_ui(), 1.1 if float(event.deltaY) < 0 else 1 / 1.1, _local(vp, event))
    _apply(world, _ui()["view"])


def _slider(event: Any) -> None:
    target = event.target
    if not hasattr(target, "classList") or not target.classList.contains("mi-zoom-range"):
        return
    _, world = _parts()
    if world is None:
        return
    ui = _ui()
    screen.zoom_by(ui, float(target.value) / 100 / screen.current_transform(ui)["z"])
    _apply(world, ui["view"])
