"""MasterIslands on screen: a growing grid of island cards, galleons, hands, conquests, the end.

Everything shown comes from the engine's view; every move button carries an action the
engine listed in ``view["legal"]`` / ``view["conquests"]`` (tap a card then a lit space,
tap a galleon then a lit card, or drag it there; pick a line then "Conquérir"). Pan and zoom are display
state in ``ui["view"]`` (``None``: fit to screen); the thin pointer controller lives in
ludotheque.web.masterislands (attached by web/controllers.py).
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, MutableMapping, Optional, Tuple

from ..core.messages import msg, say
from ..games.masterislands_catalogue import card_msg
from ..games.masterislands_view import where_msg
from .html import Raw, button, el
from .i18n import bot_status, over_status, pick, t
from .still import is_still, live_only

SEAT_MARKS = "ABCD"
SEAT_COLOURS = 4  # seat-0 … seat-3 in the style sheet: black, white, purple, orange
# Up to this many galleons sit side by side, as fingertip targets, above a card's number; more
# (the start card holds every galleon) share a 3x3 grid of small ones around the number's corner.
ROOMY_GALLEONS = 2
DIR_ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
ZOOM_MIN, ZOOM_MAX, ZOOM_STEP = 0.3, 2.5, 1.25


def w(key: str, lang: str, /, **params: Any) -> str:
    """The screen's words: the catalogues' ``masterislands.ui.<key>``."""
    return say(msg(f"masterislands.ui.{key}", **params), lang)


def card_name(code: str, lang: str) -> str:
    """A card as a label says it: "3 bleu" / "blue 3"."""
    return say(card_msg(code), lang)


def seat_colour(seat: int, lang: str) -> str:
    return w(f"seat_colour.{seat % SEAT_COLOURS}", lang)


def seat_mark(seat: int) -> str:
    """The seat's letter, shown on its swatch and its galleons: colour is never the only cue
    (red and green look alike to many people)."""
    return SEAT_MARKS[seat % len(SEAT_MARKS)]


def galleon_mark(gid: str) -> str:
    """What a galleon shows: its owner's letter and its number ("A1", "B2")."""
    owner, n = gid.split(".")
    return seat_mark(int(owner)) + n


# -- hooks ------------------------------------------------------------------------------------
def perspective(session: Any, ui: MutableMapping[str, Any]) -> Optional[int]:
    """The person to act; else the only person at the table (their hand stays shown); else nobody."""
    humans_to_act = session.human_to_act()
    humans = [i for i, s in enumerate(session.engine.seats) if not s.is_bot]
    if humans_to_act:
        me = ui["seat"] if ui.get("seat") in humans_to_act else humans_to_act[0]
    elif len(humans) == 1:
        me = humans[0]
    else:
        me = None
    ui["me"] = me
    return me


def still_ui(session: Any, seat: Optional[int]) -> Dict[str, Any]:
    """A still picture of the position as ``seat`` sees it (explainer frames): its hand shown,
    no privacy screen."""
    return {"me": seat, "revealed": seat}


def handle_ui(action: str, ui: MutableMapping[str, Any], session: Any = None) -> None:
    verb, _, arg = action.partition("/")
    if verb == "card":
        ui["card"] = None if ui.get("card") == arg else arg
    elif verb == "galleon":
        ui["galleon"] = None if ui.get("galleon") == arg else arg
    elif verb == "conquest":
        ui["conquest"] = int(arg)
    elif verb == "reveal":
        ui["revealed"] = int(arg)
    elif verb == "fit":
        ui["view"] = None
    elif verb in ("zoom-in", "zoom-out"):
        zoom_by(ui, ZOOM_STEP if verb == "zoom-in" else 1 / ZOOM_STEP)


def current_transform(ui: Mapping[str, Any]) -> Dict[str, float]:
    return dict(ui.get("view") or ui.get("fitted") or {"z": 1.0, "x": 0.0, "y": 0.0})


def zoom_by(ui: MutableMapping[str, Any], factor: float, centre: Optional[Tuple[float, float]] = None) -> None:
    """Zoom around a point of the viewport (its centre by default), within ZOOM_MIN..ZOOM_MAX."""
    tr = current_transform(ui)
    z = max(ZOOM_MIN, min(ZOOM_MAX, tr["z"] * factor))
    f = z / tr["z"]
    cx, cy = centre if centre is not None else tuple(v / 2 for v in ui.get("viewport", (0, 0)))
    ui["view"] = {"z": z, "x": cx - (cx - tr["x"]) * f, "y": cy - (cy - tr["y"]) * f}


def after_move(session: Any, ui: MutableMapping[str, Any], feedback: Any) -> None:
    """A choice ends with the move it led to: the deck holds several copies of a card, so a
    kept ``card`` would show the next copy of it already chosen (and a tap on it un-choose it)."""
    for key in ("card", "galleon", "conquest"):
        ui.pop(key, None)


# -- words --------------------------------------------------------------------------------------
def status_text(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> str:
    seat = None if view["over"] else view["to_act"][0]
    line = over_status(view, lang) or bot_status(view, seat, lang, is_still(ui))
    if line:
        return line
    who = view["seats"][seat]["name"]
    phase = view["phase"]
    if phase == "conquest":
        return w("status.conquest", lang, name=who)
    if phase == "corsair":
        return w("status.corsair", lang, name=who, n=view["corsair"]["points_left"])
    remaining = view.get("discovery", {}).get("remaining", [])
    key = {("place",): "place", ("move",): "move", (): "again"}.get(tuple(remaining), "both")
    return w(f"status.{key}", lang, name=who)


# -- the board ---------------------------------------------------------------------------------
def render(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> Raw:
    ui = ui or {}
    if view["over"]:
        return _end_screen(view, lang, ui)
    me = ui.get("me")
    humans = sum(1 for s in view["seats"] if s["kind"] == "human")
    private = view.get("hand") is not None and humans > 1 and ui.get("revealed") != me
    legal = None if private else view.get("legal")
    acting = legal is not None and view["seats"][view["current"]]["kind"] == "human" and not is_still(ui)
    conquests = view.get("conquests") if acting and view["phase"] == "conquest" else None
    chosen = None
    if conquests and isinstance(ui.get("conquest"), int) and 0 <= ui["conquest"] < len(conquests):
        chosen = conquests[ui["conquest"]]
    nxt = _next_step(view, ui, legal if acting else None, conquests, chosen)
    return el("div", {"class": "mi-board", "data-phase": view["phase"], "data-mode": view["mode"],
                      "data-acting": "1" if acting else None},
              _privacy(view, lang, me) if private else None,  # on top: in portrait it was below the sea
              _players(view, lang, me),
              _notes(view, lang),
              el("div", {"class": "mi-main"},
                 _grid(view, lang, ui, legal if acting else None, chosen, nxt),
                 el("div", {"class": "mi-side"},
                    None if private else _hand(view, lang, ui, legal if acting else None, nxt),
                    _galleon_bar(view, lang, ui, legal, nxt) if acting and legal["moves"] else None,
                    _conquest_panel(view, lang, conquests, chosen) if conquests is not None else None,
                    _end_button(view, lang, nxt) if acting and legal["end"] else None)))


def _next_step(view: Mapping[str, Any], ui: Mapping[str, Any], legal: Optional[Mapping[str, Any]],
               conquests: Optional[List[Mapping[str, Any]]], chosen: Optional[Mapping[str, Any]]) -> Optional[str]:
    """What the person does next, where the focus goes after their move (``data-autofocus``):
    a lit space once a card is chosen, a lit card once a galleon is chosen, else a card of the
    hand, a galleon, the end of the turn."""
    if legal is None:
        return None
    if conquests is not None:
        return "conquer" if chosen else ("conquest" if conquests else "noconquest")
    if ui.get("card") in legal["places"] and legal["places"][ui["card"]]:
        return "space"
    if ui.get("galleon") and any(m["galleon"] == ui["galleon"] for m in legal["moves"]):
        return "dest"
    if any(legal["places"].values()):
        return "hand"
    if legal["moves"]:
        return "galleon"
    return "end" if legal["end"] else None


def _players(view: Mapping[str, Any], lang: str, me: Optional[int]) -> Raw:
    mode = view["mode"]
    corsair = view.get("corsair")
    items = []
    for i, s in enumerate(view["seats"]):
        cap = view["captured"][i]
        role = _role(view, i, lang)
        items.append(el("li", {"class": f"mi-player {'active' if i in view['to_act'] else ''} {'me' if i == me else ''}",
                               "data-seat": i, "data-testid": f"player-{i}"},
                        el("span", {"class": f"mi-swatch seat-{i}", "title": seat_colour(i, lang), "role": "img",
                                    "aria-label": w("swatch", lang, mark=seat_mark(i), colour=seat_colour(i, lang))},
                           seat_mark(i)),
                        el("span", {"class": "mi-name"}, s["name"]),
                        el("span", {"class": "badge bot"}, t("bot", lang)) if s["kind"] == "bot" else None,
                        role,
                        el("span", {"class": "mi-count", "data-testid": f"captured-{i}"},
                           w("captured", lang, n=cap["count"], total=cap["sum"])),
                        el("span", {"class": "mi-handcount"}, w("hand_count", lang, count=view["hands"][i]["count"]))))
    extra = [el("span", {"class": "mi-deck", "data-testid": "deck", "data-pile": "deck"}, w("deck", lang, count=view["deck_count"])),
             el("span", {"class": "mi-target"}, w("target", lang, n=view["target"]["cards"]))]
    if mode == "team":
        for k, tm in enumerate(view["teams"]):
            names = [view["seats"][s]["name"] for s in tm["seats"]]
            extra.append(el("span", {"class": f"mi-talk {tm['talk']}", "data-testid": f"team-{k}"},
                            w("team_line", lang, k=k + 1, names=names, n=tm["count"],
                              talk=msg("masterislands.ui.voice" if tm["talk"] == "voice" else "masterislands.ui.gesture"))))
    if corsair is not None:
        extra.append(el("span", {"class": "mi-rounds", "data-testid": "rounds"},
                        w("rounds", lang, done=corsair["rounds_done"], limit=corsair["rounds_limit"], n=corsair["crew_cards"])))
        if corsair["points_left"] is not None:
            extra.append(el("span", {"class": "mi-points", "data-testid": "points"},
                            w("points", lang, count=corsair["points_left"])))
    return el("div", {"class": "mi-top"}, el("ul", {"class": "mi-players"}, *items),
              el("div", {"class": "mi-facts"}, *extra))


def _role(view: Mapping[str, Any], seat: int, lang: str) -> Optional[Raw]:
    """The seat's side: its team, or Corsair / crew."""
    if view["mode"] == "team":
        team_no = next(k for k, tm in enumerate(view["teams"]) if seat in tm["seats"])
        return el("span", {"class": "badge mi-team"}, w("team", lang, k=team_no + 1))
    if view.get("corsair") is not None:
        return el("span", {"class": "badge mi-role"}, w("corsair", lang) if seat == view["corsair"]["seat"] else w("crew", lang))
    return None


def _notes(view: Mapping[str, Any], lang: str) -> Optional[Raw]:
    if not view["notes"]:
        return None
    return el("div", {"role": "status"}, el("ul", {"class": "mi-notes notice", "data-testid": "notes"},
                                             *[el("li", None, pick(n, lang)) for n in view["notes"]]))


def _card(code: str, extra_cls: str = "", lang: Optional[str] = None, said: bool = False) -> Raw:
    """A card's face; with `lang`, named for the accessibility tree (value and colour); `said`:
    its words are already there (an island's), the face is hidden from the tree."""
    named = {"role": "img", "aria-label": card_name(code, lang)} if lang else ({"aria-hidden": "true"} if said else {})
    return el("span", {"class": f"mi-card mi-c-{code[0]} {extra_cls}".strip(), "data-card": code, **named},
              el("span", {"class": "mi-value"}, code[1]))


def _island_words(view: Mapping[str, Any], cell: Mapping[str, Any], lang: str) -> str:
    """An island as the tree says it: "4 bleu, galion A1 de Léa et galion B2 de Robot 1"."""
    galleons = [msg("masterislands.ui.island_galleon", mark=galleon_mark(gid), name=view["seats"][int(gid.split(".")[0])]["name"])
                for gid in cell["galleons"]]
    if not galleons:
        return card_name(cell["card"], lang)
    return w("island_with", lang, card=card_msg(cell["card"]), galleons=galleons)


def place_words(view: Mapping[str, Any], card: str, x: int, y: int, lang: str) -> str:
    """Where a lit space is, as people say it: beside which card (no grid coordinates)."""
    at = {(c["x"], c["y"]): c["card"] for c in view["cells"]}
    return w("place", lang, card=card_msg(card, "a"), where=where_msg((x, y), at.get))


def _grid(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any], legal: Optional[Mapping[str, Any]],
          chosen: Optional[Mapping[str, Any]], nxt: Optional[str] = None) -> Raw:
    b = view["bounds"]
    x0, y0 = b["min_x"] - 1, b["min_y"] - 1
    cols, rows = b["max_x"] - x0 + 2, b["max_y"] - y0 + 2
    lit_cells = {tuple(c) for c in chosen["cells"]} if chosen else set()
    places: Dict[Tuple[int, int], str] = {}
    card = ui.get("card")
    if legal and card in legal["places"]:
        for x, y in legal["places"][card]:
            places[(x, y)] = f"move/place/{card}@{x},{y}"
    dests: Dict[Tuple[int, int], Mapping[str, Any]] = {}
    if legal and ui.get("galleon"):
        for m in legal["moves"]:
            if m["galleon"] == ui["galleon"]:
                dests[tuple(m["to"])] = m
    movable = {m["galleon"] for m in legal["moves"]} if legal else set()
    items = []

    def pos(x: int, y: int) -> str:
        return f"grid-column:{x - x0 + 1};grid-row:{y - y0 + 1}"

    for c in view["cells"]:
        x, y = c["x"], c["y"]
        pieces = []
        for gid in c["galleons"]:
            owner, n = gid.split(".")
            # the accessible name starts with what the galleon shows ("A1"), for speech control
            label = w("galleon_label", lang, mark=galleon_mark(gid), galleon=n, name=view["seats"][int(owner)]["name"])
            cls = f"mi-galleon seat-{owner} {'selected' if ui.get('galleon') == gid else ''}"
            if gid in movable:
                pieces.append(el("button", {"type": "button", "class": cls + " movable", "data-action": f"ui/galleon/{gid}",
                                            "data-galleon": gid, "aria-label": label, "aria-pressed": "true" if ui.get("galleon") == gid else "false"},
                                 galleon_mark(gid)))
            else:
                pieces.append(el("span", {"class": cls, "data-galleon": gid, "title": label, "role": "img", "aria-label": label},
                                 galleon_mark(gid)))
        name = card_name(c["card"], lang)
        # the island in words first (value, colour, galleons and their owners): the tree alone tells it
        body = [el("span", {"class": "visually-hidden"}, _island_words(view, c, lang)),
                _card(c["card"], "in-conquest" if (x, y) in lit_cells else "", said=True),
                el("span", {"class": "mi-pieces crowded" if len(pieces) > ROOMY_GALLEONS else "mi-pieces",
                            "aria-hidden": None if movable & set(c["galleons"]) else "true"},
                   *pieces) if pieces else None]
        cell_cls = f"mi-cell {'conq' if (x, y) in lit_cells else ''}"
        if (x, y) in dests:
            m = dests[(x, y)]
            items.append(el("div", {"class": cell_cls + " dest", "style": pos(x, y), "data-cell": f"{x},{y}"},
                            *body,
                            el("button", {"type": "button", "class": "mi-dest", "data-action": f"move/{m['action']}",
                                          "data-autofocus": nxt == "dest" and (x, y) == min(dests),
                                          "aria-label": w("go_onto", lang, arrow=DIR_ARROWS[m["dir"]], card=card_msg(c["card"], "a"))},
                               el("span", {"class": "mi-dest-arrow"}, DIR_ARROWS[m["dir"]]))))
        else:
            items.append(el("div", {"class": cell_cls, "style": pos(x, y), "data-cell": f"{x},{y}", "title": name}, *body))
    for (x, y), action in sorted(places.items()):
        items.append(el("button", {"type": "button", "class": "mi-space", "style": pos(x, y), "data-cell": f"{x},{y}",
                                   "data-action": action, "data-autofocus": nxt == "space" and action == min(places.values()),
                                   "aria-label": f"+ {place_words(view, card, x, y, lang)}"}, "+"))
    tr = ui.get("view")
    world_attrs = {"class": "mi-world", "style": f"grid-template-columns:repeat({cols},var(--mi-cell));"
                                                 f"grid-template-rows:repeat({rows},var(--mi-cell))",
                   "data-testid": "world"}
    if tr:
        world_attrs["style"] += f";transform:translate({tr['x']:.1f}px,{tr['y']:.1f}px) scale({tr['z']:.3f})"
    else:
        world_attrs["data-fit"] = "1"
    z = current_transform(ui)["z"]
    tools = el("div", {"class": "mi-zoom", "role": "group", "aria-label": w("zoom", lang)},
               button("−", "ui/zoom-out", "btn btn-secondary btn-small", title=w("zoom_out", lang),
                      aria_label=w("zoom_out", lang), aria_keyshortcuts="-", data_testid="zoom-out"),
               el("input", {"type": "range", "class": "mi-zoom-range", "min": int(ZOOM_MIN * 100), "max": int(ZOOM_MAX * 100),
                            "value": int(round(z * 100)), "aria-label": w("zoom", lang), "data-testid": "zoom-range"}),
               button("+", "ui/zoom-in", "btn btn-secondary btn-small", title=w("zoom_in", lang),
                      aria_label=w("zoom_in", lang), aria_keyshortcuts="+", data_testid="zoom-in"),
               button("⤢ " + w("fit", lang), "ui/fit", "btn btn-secondary btn-small", aria_keyshortcuts="0",
                      data_testid="fit"))
    # a card or a galleon chosen: what to press next is on the sea (web/app.py brings it on screen)
    step = "place" if places else ("sail" if dests else None)
    return el("section", {"class": "mi-sea", "aria-label": w("islands", lang), "data-turn-area": step},
              el("div", {"class": "mi-viewport", "data-testid": "viewport"},
                 el("div", {**world_attrs, "data-roving": "grid", "role": "group",
                            "aria-label": w("islands_spaces", lang)}, *items)),
              live_only(ui, tools))


def _privacy(view: Mapping[str, Any], lang: str, me: Optional[int]) -> Raw:
    name = view["seats"][me]["name"]
    return el("div", {"class": "mi-privacy card-panel", "data-testid": "privacy"},
              el("p", None, w("privacy", lang, name=name)),
              button(w("reveal", lang, name=name),
                     f"ui/reveal/{me}", "btn btn-primary", data_testid="reveal", aria_keyshortcuts="Enter",
                     data_autofocus=True))


def _hand(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any], legal: Optional[Mapping[str, Any]],
          nxt: Optional[str] = None) -> Optional[Raw]:
    hand = view.get("hand")
    if not hand:  # a spectator, the Corsair, or an empty hand before the refill
        return None
    places = legal["places"] if legal else {}
    cards = []
    first = next((c for c in hand if c in places and places[c]), None)
    for i, code in enumerate(hand):
        if code in places and places[code]:
            sel = ui.get("card") == code
            cards.append(el("button", {"type": "button", "class": f"mi-hand-card {'selected' if sel else ''}",
                                       "data-action": f"ui/card/{code}", "data-hand-card": code, "aria-pressed": "true" if sel else "false",
                                       "data-autofocus": nxt == "hand" and code == first,
                                       "aria-label": card_name(code, lang), "aria-keyshortcuts": str(i + 1)}, _card(code)))
        else:  # kept named (value and colour) when it may not be laid
            cards.append(el("span", {"class": "mi-hand-card", "data-hand-card": code}, _card(code, lang=lang)))
    hint = None
    if places:
        hint = el("p", {"class": "mi-hint"}, w("pick_card", lang))
    busy = (ui.get("card") in places and places[ui["card"]]) or ui.get("galleon") or view["phase"] == "conquest"
    return el("div", {"class": "mi-hand card-panel", "data-testid": "hand", "data-focus-key": "hand",
                      "data-turn-area": None if busy else "hand"},
              el("h2", None, w("hand", lang)),
              el("div", {"class": "mi-hand-cards", "data-roving": "row", "role": "group", "aria-label": w("hand", lang)},
                 *cards) if cards else el("p", {"class": "empty"}, "—"),
              hint)


def _galleon_bar(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any], legal: Mapping[str, Any],
                 nxt: Optional[str] = None) -> Raw:
    ids = sorted({m["galleon"] for m in legal["moves"]})
    return el("div", {"class": "mi-galleons card-panel", "data-testid": "galleons"},
              el("h2", None, w("galleons", lang)),
              el("div", {"class": "mi-galleon-row", "data-roving": "row"},
                 *[el("button", {"type": "button", "class": f"mi-galleon big seat-{g.split('.')[0]} "
                                                            f"{'selected' if ui.get('galleon') == g else ''}",
                                 "data-action": f"ui/galleon/{g}", "data-galleon": g,
                                 "data-autofocus": nxt == "galleon" and g == ids[0],
                                 "aria-label": w("galleon_button", lang, mark=galleon_mark(g), galleon=g.split(".")[1])},
                       galleon_mark(g)) for g in ids]),
              el("p", {"class": "mi-hint"}, w("pick_galleon", lang)))


def _conquest_panel(view: Mapping[str, Any], lang: str, conquests: List[Mapping[str, Any]],
                    chosen: Optional[Mapping[str, Any]]) -> Raw:
    cells = {(c["x"], c["y"]): c["card"] for c in view["cells"]}
    items = []
    for i, cq in enumerate(conquests):
        codes = [cells[tuple(p)] for p in cq["cells"]]
        sel = chosen is cq
        items.append(el("li", None,
                        el("button", {"type": "button", "class": f"mi-conquest {'selected' if sel else ''}",
                                      "data-action": f"ui/conquest/{i}", "aria-pressed": "true" if sel else "false",
                                      "data-testid": f"conquest-{i}", "data-autofocus": chosen is None and i == 0},
                           *[_card(c, "small", lang) for c in codes],
                           el("span", {"class": "mi-sum"}, f"= {cq['sum']}"))))
    total = view.get("conquest_count", len(conquests))
    more = None
    if total > len(conquests):
        more = el("p", {"class": "mi-hint"}, w("first_of", lang, shown=len(conquests), total=total))
    summary = None
    if chosen:
        values = [cells[tuple(p)][1] for p in chosen["cells"]]
        summary = el("p", {"class": "mi-chosen", "data-testid": "chosen-sum"},
                     w("chosen", lang, values=" + ".join(values), total=chosen["sum"], n=chosen["size"]))
    return el("div", {"class": "mi-conquests card-panel", "data-testid": "conquests",
                      # a line chosen adds "Conquérir" above the list: brought on screen again
                      "data-turn-area": "conquest" if chosen is None else "conquest-chosen"},
              el("h2", None, w("conquests", lang, count=total)),
              el("ol", {"class": "mi-conquest-list", "data-roving": "row"}, *items),
              more, summary,
              el("div", {"class": "mi-actions"},
                 button(w("conquer", lang), f"move/{chosen['action']}", "btn btn-primary", data_testid="conquer",
                        aria_keyshortcuts="Enter", data_autofocus=True) if chosen else None,
                 button(w("noconquest", lang), "move/noconquest", "btn btn-secondary", data_testid="noconquest",
                        aria_keyshortcuts="n", data_autofocus=not conquests)))


def _end_button(view: Mapping[str, Any], lang: str, nxt: Optional[str] = None) -> Raw:
    label = w("end_corsair", lang) if view["phase"] == "corsair" else w("end_discovery", lang)
    return el("div", {"class": "mi-actions"},
              button(label, "move/end", "btn btn-secondary", data_testid="end", aria_keyshortcuts="e",
                     data_autofocus=nxt == "end"))


# -- the end ---------------------------------------------------------------------------------------
def _end_screen(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Raw:
    result = view["result"]
    names = [s["name"] for s in view["seats"]]
    winner = result["winner"]
    winners = set(winner if isinstance(winner, list) else ([] if winner is None else [winner]))
    cols = []
    for seat, name in enumerate(names):
        cards = view["captured"][seat]["cards"]
        cols.append(el("section", {"class": f"mi-final {'winner' if seat in winners else ''}", "data-testid": f"final-{seat}"},
                       el("h3", None, el("span", {"class": f"mi-swatch seat-{seat}"}, seat_mark(seat)), f" {name} ",
                          _role(view, seat, lang),
                          el("span", {"class": "badge mi-win"}, w("winner", lang)) if seat in winners else None),
                       el("p", None, w("captured", lang, n=view["captured"][seat]["count"], total=view["captured"][seat]["sum"])),
                       el("div", {"class": "mi-final-cards"}, *[_card(c, "small") for c in cards])
                       if cards else el("p", {"class": "empty"}, "—")))
    sides = None
    if view["mode"] != "solo":
        rows = [el("li", None, w("side_line", lang, names=[names[s] for s in side], n=c, total=sm))
                for side, c, sm in zip(result["sides"], result["side_cards"], result["side_sums"])]
        sides = el("section", {"class": "mi-sides card-panel"}, el("h3", None, w("sides", lang)),
                   el("ul", {"data-testid": "sides"}, *rows))
    steps = el("ol", {"class": "mi-steps", "data-testid": "steps"}, *[el("li", None, pick(s, lang)) for s in result["steps"]])
    return el("div", {"class": "mi-end", "data-testid": "end-screen", "data-reason": result["reason"]},
              el("h2", {"tabindex": "-1", "data-autofocus": True}, t("game_over", lang)),
              el("div", {"class": "mi-finals"}, *cols),
              sides, steps,
              _grid(view, lang, ui, None, None),
              live_only(ui, button(t("play_again", lang), "again", "btn btn-primary")))
