"""Keyboard and screen-reader glue: live regions, focus across redraws, roving focus, dialogs.

The screens are HTML text put in ``#app`` whole after every move, so the element that had the
focus is gone after each redraw. This module

- says what happened in two live regions that live *outside* ``#app`` (``#announce``, polite:
  moves and what to do; ``#announce-now``, assertive: timed moments), one ``<p>`` per line;
- gives the focus back after a redraw to the same thing by a stable key (``data-focus-key``,
  else ``data-testid``, ``data-action``, ``id``, ``name``), or to its nearest keyed container,
  or, after the person's own move, to what the screen marked ``data-autofocus`` (the next thing
  that person will do); a bot's move never moves it elsewhere;
- makes each ``[data-roving]`` group one Tab stop (arrow keys move inside it; ``data-roving="grid"``
  moves by ``data-cell="x,y"``);
- gives a modal dialog (``[aria-modal=true]``) the focus when it opens, keeps Tab inside it and
  gives the focus back when it closes;
- tells whether a key belongs to the focused control (``key_is_for_control``) or may be a game
  shortcut (``shortcut_allowed``).
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

from js import Object, document

from . import bridge

KEYBOARD = {"used": False}  # the last input was a key (not a tap): the page follows the focus
KEEP_LINES = 6  # lines kept in a live region (older ones removed: removals are not read)
CONTROLS = ("BUTTON", "A", "INPUT", "SELECT", "TEXTAREA", "SUMMARY")
# Parts of a game screen that are not the board: a game shortcut never fires from there.
CHROME = ".game-bar, .move-log, .rules-panel, .timeline, .site-header"
FOCUSABLE = ("button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), "
             "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])")


def _absent(node: Any) -> bool:
    return node is None or bridge.nullish(node)


# -- live regions ----------------------------------------------------------------------------------

def region(urgent: bool) -> Any:
    """The page's live region (index.html has both; made here when a page lacks them)."""
    rid = "announce-now" if urgent else "announce"
    node = document.getElementById(rid)
    if _absent(node):
        node = document.createElement("div")
        node.id = rid
        node.className = "visually-hidden"
        node.setAttribute("aria-live", "assertive" if urgent else "polite")
        node.setAttribute("data-testid", rid)
        document.body.appendChild(node)
    return node


def say(lines: Sequence[str], urgent: bool = False) -> None:
    if not lines:
        return
    node = region(urgent)
    for text in lines:
        p = document.createElement("p")
        p.textContent = text
        node.appendChild(p)
    while int(node.childElementCount) > KEEP_LINES:
        node.firstElementChild.remove()


# -- focus across redraws -----------------------------------------------------------------------------

def key_of(node: Any) -> Optional[str]:
    if _absent(node) or not hasattr(node, "getAttribute"):
        return None
    for attr in ("data-focus-key", "data-testid", "data-action", "id", "name"):
        value = node.getAttribute(attr)
        if not bridge.nullish(value) and value:
            return f"{attr}={value}"
    return None


def focus_chain(root: Any) -> List[str]:
    """The focused element's key, then its keyed containers' (nearest first), if it is in `root`."""
    active = document.activeElement
    if _absent(active) or _absent(root) or not root.contains(active) or active.isSameNode(root):
        return []
    chain = []
    node = active
    while not _absent(node) and not node.isSameNode(root):
        key = key_of(node)
        if key and (node.isSameNode(active) or node.hasAttribute("data-focus-key")):
            chain.append(key)
        node = node.parentElement
    return chain


def find_key(root: Any, key: str) -> Any:
    attr, _, value = key.partition("=")
    nodes = root.querySelectorAll(f"[{attr}]")
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        if str(node.getAttribute(attr)) == value and not node.closest("[inert]") and _shown(node):
            return node
    return None


def _shown(node: Any) -> bool:
    return not node.closest("[hidden]")


def put_focus(node: Any) -> bool:
    if _absent(node):
        return False
    if not node.matches(FOCUSABLE) and not node.hasAttribute("tabindex"):
        node.setAttribute("tabindex", "-1")  # a keyed container takes the focus when its item went
    roving = node.closest("[data-roving]")
    if not _absent(roving) and node.matches("button"):
        _set_current(roving, node)
    # never scrolled by the focus itself: the islands' viewport (overflow hidden, panned by a
    # transform) would shift under its pan, and a tap's page would jump; a keyboard user's
    # page follows the focus (``KEYBOARD["used"]``, set by the app's key handler)
    node.focus(bridge.to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
    if KEYBOARD["used"] and _absent(node.closest(".mi-viewport")):
        node.scrollIntoView(bridge.to_js({"block": "nearest"}, dict_converter=Object.fromEntries))
    return True


def autofocus(root: Any) -> Any:
    nodes = root.querySelectorAll("[data-autofocus]")
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        if not node.closest("[inert]") and _shown(node):
            return node
    return None


def restore(root: Any, chain: Sequence[str], was_body: bool, next_thing: bool,
            fallback: Sequence[str] = (".game-title",)) -> None:
    """After a redraw: the next thing (`next_thing`: the person just acted), else the same key,
    else its nearest keyed container, else the first of `fallback` found; focus that had left
    the page body stays left."""
    if _absent(root) or root.hidden:
        return
    dialog = open_dialog(root)
    if dialog is not None:
        inside = [k for k in chain if not _absent(find_key(dialog, k))]
        if inside:
            put_focus(find_key(dialog, inside[0]))
        elif not put_focus(autofocus(dialog)):
            put_focus(first_focusable(dialog))
        return
    if next_thing and put_focus(autofocus(root)):
        return
    for key in chain:
        if put_focus(find_key(root, key)):
            return
    if chain or was_body:  # the focused element went: never leave it on the page body
        if put_focus(autofocus(root)):
            return
        for sel in fallback:
            if put_focus(root.querySelector(sel)):
                return


def first_focusable(scope: Any) -> Any:
    nodes = scope.querySelectorAll(FOCUSABLE)
    return nodes.item(0) if int(nodes.length) else None


# -- dialogs ------------------------------------------------------------------------------------------

def open_dialog(root: Any) -> Any:
    """The open modal dialog of the screen (the last one: a panel drawn over the board)."""
    nodes = root.querySelectorAll("[aria-modal=true]")
    n = int(nodes.length)
    return nodes.item(n - 1) if n else None


def trap_tab(root: Any, event: Any) -> bool:
    """Tab and Shift+Tab go round the open dialog's controls. True when the key was used."""
    dialog = open_dialog(root)
    if dialog is None:
        return False
    nodes = dialog.querySelectorAll(FOCUSABLE)
    items = [nodes.item(i) for i in range(int(nodes.length))]
    items = [n for n in items if not n.closest("[inert]")]
    if not items:
        return False
    active = document.activeElement
    inside = not _absent(active) and dialog.contains(active)
    idx = next((i for i, n in enumerate(items) if n.isSameNode(active)), -1) if inside else -1
    step = -1 if event.shiftKey else 1
    if inside and 0 <= idx + step < len(items):
        return False  # the browser's own Tab order, inside the dialog
    event.preventDefault()
    items[(len(items) - 1) if step < 0 and idx <= 0 else 0].focus()
    return True


# -- roving focus ---------------------------------------------------------------------------------------

def _items(group: Any) -> List[Any]:
    nodes = group.querySelectorAll("button:not([disabled])")
    out = []
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        if node.closest("[data-roving]").isSameNode(group):
            out.append(node)
    return out


def _set_current(group: Any, current: Any) -> None:
    for node in _items(group):
        node.setAttribute("tabindex", "0" if node.isSameNode(current) else "-1")


def setup_roving(root: Any) -> None:
    """One Tab stop per group: the pressed/selected item, else the marked one, else the first."""
    groups = root.querySelectorAll("[data-roving]")
    for i in range(int(groups.length)):
        group = groups.item(i)
        items = _items(group)
        if not items:
            continue
        current = next((n for n in items if n.getAttribute("aria-pressed") == "true"), None) \
            or next((n for n in items if n.hasAttribute("data-autofocus")), None) or items[0]
        _set_current(group, current)


def _cell(node: Any) -> Optional[Tuple[int, int]]:
    at = node.closest("[data-cell]")
    if _absent(at):
        return None
    x, _, y = str(at.getAttribute("data-cell")).partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        return None


def rove(event: Any) -> bool:
    """Arrow keys, Home and End inside a roving group. True when the key was used."""
    key = str(event.key)
    if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
        return False
    target = event.target
    if not hasattr(target, "closest"):
        return False
    group = target.closest("[data-roving]")
    if _absent(group):
        return False
    items = _items(group)
    idx = next((i for i, n in enumerate(items) if n.isSameNode(target)), -1)
    if idx < 0:
        return False
    if key == "Home":
        nxt = items[0]
    elif key == "End":
        nxt = items[-1]
    elif group.getAttribute("data-roving") == "grid":
        nxt = _grid_step(items, target, key)
    else:
        step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
        nxt = items[(idx + step) % len(items)]
    event.preventDefault()
    if nxt is not None:
        put_focus(nxt)
    return True


def _grid_step(items: List[Any], target: Any, key: str) -> Any:
    """The nearest item in the arrow's direction (cells may be sparse: islands and spaces)."""
    here = _cell(target)
    if here is None:
        return None
    dx, dy = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}[key]
    # several pieces on one island (two galleons): right/down goes to the next one first
    same = [n for n in items if _cell(n) == here]
    idx = next(i for i, n in enumerate(same) if n.isSameNode(target))
    step = 1 if dx + dy > 0 else -1
    if 0 <= idx + step < len(same):
        return same[idx + step]
    best, best_d = None, None
    for node in items:
        at = _cell(node)
        if at is None or at == here:
            continue
        ax, ay = at[0] - here[0], at[1] - here[1]
        along = ax * dx + ay * dy
        if along <= 0:
            continue
        across = abs(ax * dy) + abs(ay * dx)
        d = along + 2 * across
        if best_d is None or d < best_d:
            best, best_d = node, d
    return best


# -- keys -------------------------------------------------------------------------------------------------

def is_control(node: Any) -> bool:
    if _absent(node) or not hasattr(node, "tagName"):
        return False
    if str(node.tagName) in CONTROLS:
        return True
    role = node.getAttribute("role") if hasattr(node, "getAttribute") else None
    return not bridge.nullish(role) and str(role) in ("button", "link", "checkbox", "radio", "slider", "tab")


def key_is_for_control(event: Any) -> bool:
    """Enter and Space on a focused control belong to it (its own click), never to a shortcut."""
    return str(event.key) in ("Enter", " ", "Spacebar") and is_control(event.target)


def shortcut_allowed(event: Any) -> bool:
    """A game shortcut acts when the focus is on the board or nowhere (the page body, the
    game's title), never from the game bar, the move log, the rules or the replay bar."""
    target = event.target
    if _absent(target) or not hasattr(target, "closest"):
        return True
    if key_is_for_control(event):
        return False
    chrome = target.closest(CHROME)
    return _absent(chrome) or not is_control(target)
