"""L'Île des Mookies on screen: two piles, the taken card's two faces, two collections, the end.

Everything shown comes from the engine's view for the acting seat; every button
carries a move the engine listed as legal (or a pure display toggle).
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional

from ..core.messages import msg, say
from ..games.mookies import COVERED, Face, Family, family_msg
from .html import Raw, button, el, join
from .i18n import bot_status, over_status, pick, t
from .mookies_art import face_svg
from .still import is_still, live_only

FAMILY_ORDER = [f.value for f in Family]


def w(key: str, lang: str, /, **params: Any) -> str:
    """This screen's own words: the catalogue's ``mookies.ui.<key>``."""
    return say(msg("mookies.ui." + key, **params), lang)


def family_name(family: str, lang: str) -> str:
    """A family's name ("Soleil"): the legend, the sorted lists, the trophies."""
    return say(family_msg(family), lang)


def face_label(code: Optional[str], lang: str) -> str:
    """The name printed under a face on a card; its soft hyphens (in the catalogue, per
    language) let a long name break on a small card at any text size, never mid-syllable."""
    if code is None:
        return "—"
    key = "covered" if code == COVERED else Face.parse(code).key
    return say(msg("mookies.card." + key), lang)


def face_card(code: Optional[str], lang: str, cls: str = "", extra: Optional[Raw] = None) -> Raw:
    if code is None:
        return el("div", {"class": f"mk-card empty {cls}"}, el("span", {"class": "mk-label"}, "—"))
    if code == COVERED:  # a replay of a game in progress: covered since, remembering it is the game
        return el("div", {"class": f"mk-card covered {cls}", "data-face": COVERED,
                          "title": w("covered_since", lang)},
                  el("span", {"class": "mk-label"}, face_label(code, lang)), extra)
    base = code.rstrip("*")
    classes = f"mk-card fam-{base} {'legendary' if code.endswith('*') else ''} {cls}".strip()
    return el("div", {"class": classes, "data-face": code},
              Raw(face_svg(code)), el("span", {"class": "mk-label"}, face_label(code, lang)), extra)


def status_text(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> str:
    seat = None if view["over"] else view["to_act"][0]
    line = over_status(view, lang) or bot_status(view, seat, lang, is_still(ui))
    if line:
        return line
    who = view["seats"][seat]["name"]
    if view["phase"] in ("take", "choose"):
        return w("status." + view["phase"], lang, name=who)
    return w("status.penalty", lang, name=who)


def speaks_publicly() -> bool:
    """The live region names the face laid ("Robot 1 pose un Mookie Lune dans sa collection"):
    everyone sees it as it is laid. The move log, which stays, does not (a memory game)."""
    return True


def perspective(session: Any, ui: Dict[str, Any]) -> Optional[int]:
    """The person to act (else the first person); their legal moves, asked of the engine, go in
    ``ui["legal"]`` so that the screen lights exactly what may be tapped."""
    engine = session.engine
    people = session.human_to_act() or [i for i, s in enumerate(engine.seats) if not s.is_bot]
    seat = people[0] if people else None
    ui["legal"] = [m.action for m in engine.legal_moves(seat)] if seat is not None and not engine.is_over() else []
    return seat


def render(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> Raw:
    """The board. `ui` holds display-only state (e.g. which collection is opened in easy memory)."""
    ui = ui or {}
    if view["over"]:
        return _end_screen(view, lang, ui)
    acting = view["to_act"][0] if view["to_act"] else None
    human = acting is not None and view["seats"][acting]["kind"] == "human"
    human_turn = human and not is_still(ui)  # a still (ui/still.py): a picture, nothing to tap
    return el("div", {"class": "mk-board", "data-phase": view["phase"]},
              _collection(view, 1, lang, ui),
              _penalty(view, lang, human_turn) if view["phase"] == "penalty" and human else
              _centre(view, lang, human_turn, ui.get("legal", [])),
              _collection(view, 0, lang, ui),
              _star_legend(view, lang))


def _star_legend(view: Mapping[str, Any], lang: str) -> Raw:
    """The stars each trophy is worth in this game, always in sight."""
    items = [el("li", {"class": f"fam fam-{fam}"}, Raw(face_svg(fam)), f"{family_name(fam, lang)} ",
                el("span", {"class": "mk-stars", "role": "img", "aria-label": w("stars", lang, n=n)}, "★" * n))
             for fam, n in zip(FAMILY_ORDER, view["trophy_stars"])]
    title = w("legend", lang)
    return el("section", {"class": "mk-legend", "aria-label": title, "data-testid": "star-legend"},
              el("h2", None, title), el("ul", None, *items))


def _collection(view: Mapping[str, Any], seat: int, lang: str, ui: Mapping[str, Any]) -> Raw:
    s = view["seats"][seat]
    col = view["collections"][seat]
    active = seat in view["to_act"]
    # a badge like "Robot": on a narrow screen it wraps whole, never as a line starting with "·"
    tag = el("span", {"class": "badge mk-tag"}, w("youngest_tag", lang)) if view["youngest"] == seat else None
    kind = el("span", {"class": "badge bot"}, t("bot", lang)) if s["kind"] == "bot" else None
    count = w("cards", lang, n=col["count"])
    browse = None
    if "faces" in col:
        opened = ui.get("open_collection") == seat
        browse = live_only(ui, button(w("hide" if opened else "browse", lang),
                        f"ui/browse/{seat}", "btn btn-secondary btn-small"))
        if opened:
            browse = join([browse, _sorted_faces(col["faces"], lang)])
    return el("section", {"class": f"mk-player seat-{seat} {'active' if active else ''}", "data-seat": seat,
                          "aria-label": s["name"]},
              el("div", {"class": "mk-player-head"},
                 el("span", {"class": "mk-name"}, s["name"]), kind,
                 tag,
                 el("span", {"class": "mk-count", "data-testid": f"count-{seat}"}, count)),
              el("div", {"class": "mk-collection", "data-testid": f"collection-{seat}"},
                 face_card(col["top"], lang, "top"),
                 el("span", {"class": "mk-stack", "style": f"--depth:{min(col['count'], 8)}"})),
              browse)


def _centre(view: Mapping[str, Any], lang: str, human_turn: bool, legal: List[str]) -> Raw:
    piles = []
    for i, pile in enumerate(view["piles"]):
        label = w("pile", lang, pile=i + 1, count=pile["count"])
        card = face_card(pile["top"], lang, "pile-top")
        action = f"take/{i + 1}"
        if human_turn and pile["count"]:
            # a pile that may not be taken now stays tappable: the engine says why (IllegalMove)
            lit = action in legal
            piles.append(el("button", {"type": "button", "class": "mk-pile" + (" lit" if lit else ""),
                                       "data-action": f"move/{action}", "data-testid": f"pile-{i + 1}", "data-pile": i + 1,
                                       "aria-disabled": None if lit else "true",
                                       "data-autofocus": True if lit else None,
                                       "aria-keyshortcuts": str(i + 1) if lit else None},
                            card, el("span", {"class": "mk-pile-label"}, label)))
        else:
            piles.append(el("div", {"class": "mk-pile", "data-testid": f"pile-{i + 1}", "data-pile": i + 1}, card,
                            el("span", {"class": "mk-pile-label"}, label)))
    taken = view.get("taken")
    chooser = None
    if taken:
        me = view["to_act"][0]
        opp = view["seats"][1 - me]["name"]
        faces = []
        for key, side in (("up", "up"), ("down", "down")):
            code = taken[key]
            dest = w("to_other", lang, name=opp) if code == "araignee" else w("to_own", lang)
            inner = face_card(code, lang, "choice", None if code == COVERED else el("span", {"class": "mk-dest"}, dest))
            if human_turn:
                faces.append(el("button", {"type": "button", "class": "mk-face-choice", "data-action": f"move/face/{side}",
                                           "data-testid": f"face-{side}", "aria-label": f"{face_label(code, lang)} {dest}",
                                           "data-autofocus": side == "up",
                                           "aria-keyshortcuts": "1" if side == "up" else "2"}, inner))
            else:
                faces.append(el("div", {"class": "mk-face-choice"}, inner))
        title = w("taken", lang)
        chooser = el("div", {"class": "mk-taken", "data-testid": "taken", "data-roving": "row", "role": "group",
                             "aria-label": title}, el("h2", None, title), *faces)
    # one Tab stop for the piles (arrow keys between them; web/a11y.py); the row keeps the focus
    # while the other player moves
    return el("div", {"class": "mk-centre", "data-turn-area": "1"},
              el("div", {"class": "mk-piles", "data-roving": "row", "data-focus-key": "piles", "role": "group",
                         "aria-label": w("piles", lang)}, *piles), chooser)


def _penalty(view: Mapping[str, Any], lang: str, live: bool = True) -> Raw:
    """Which trophy to give back: each with its stars, and both players' spiders, in the middle
    of the table (the player's own collection stays in sight)."""
    p = view["penalty"]
    names = [s["name"] for s in view["seats"]]
    stars = dict(zip(FAMILY_ORDER, view["trophy_stars"]))
    buttons = []
    for fam in p["choices"]:
        n = stars[fam]
        attrs = ({"type": "button", "class": "btn trophy", "data-action": f"move/return/{fam}",
                  "data-testid": f"return-{fam}", "data-autofocus": not buttons}
                 if live else {"class": "btn trophy", "data-testid": f"return-{fam}"})
        buttons.append(el("button" if live else "span", attrs,
                          Raw(face_svg(fam)), family_name(fam, lang),
                          el("span", {"class": "mk-stars"}, "★" * n),
                          el("span", {"class": "visually-hidden"},
                             f"({w('stars', lang, n=n)})")))
    spiders = view["spiders"] or [0, 0]
    count = " · ".join(w("spiders_of", lang, name=names[s], n=spiders[s]) for s in (0, 1))
    title = w("penalty_title", lang)
    note = w("penalty_note", lang)
    return el("section", {"class": "mk-penalty card-panel", "aria-label": title, "data-testid": "penalty"},
              el("h2", None, title), el("p", {"class": "mk-spiders"}, count), el("p", None, note),
              el("div", {"class": "trophy-row", "data-roving": "row"}, *buttons))


def _sorted_faces(faces: List[str], lang: str) -> Raw:
    """A collection sorted for counting: per family (legendaries doubled), spiders aside."""
    groups = []
    spiders = sum(1 for f in faces if f == "araignee")
    for fam in FAMILY_ORDER:
        ordinary = sum(1 for f in faces if f == fam)
        legend = sum(1 for f in faces if f == fam + "*")
        if not ordinary and not legend:
            continue
        total = ordinary + 2 * legend
        key = "sorted_count_legendary" if legend else "sorted_count"  # one legendary per family
        groups.append(el("li", {"class": f"fam fam-{fam}"}, Raw(face_svg(fam + ("*" if legend else ""))),
                         w(key, lang, what=family_name(fam, lang), count=total)))
    if spiders:
        groups.append(el("li", {"class": "fam fam-araignee"}, Raw(face_svg("araignee")),
                         w("sorted_spiders", lang, count=spiders)))
    return el("ul", {"class": "mk-sorted"}, *groups)


def _end_screen(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Raw:
    result = view["result"]
    names = [s["name"] for s in view["seats"]]
    cols = []
    for seat in (0, 1):
        trophies = result["trophies"][seat]
        returned = result["returned"] if result["penalised"] == seat else None
        trophy_items = [el("li", {"class": f"trophy fam-{f}"}, Raw(face_svg(f)),
                           f"{family_name(f, lang)} ({result['families'][FAMILY_ORDER.index(f)]['stars']}★)") for f in trophies]
        if returned:
            trophy_items.append(el("li", {"class": "trophy returned"}, Raw(face_svg(returned)),
                                   w("returned", lang, family=family_name(returned, lang))))
        cols.append(el("section", {"class": f"mk-final seat-{seat} {'winner' if result['winner'] == seat else ''}",
                                   "data-testid": f"final-{seat}"},
                       el("h3", None, f"{names[seat]} — {result['stars'][seat]} ★"),
                       el("h4", None, t("sorted_collection", lang)),
                       _sorted_faces(view["collections"][seat]["faces"], lang),
                       el("h4", None, t("trophies", lang)),
                       el("ul", {"class": "trophies"}, *trophy_items) if trophy_items else el("p", {"class": "empty"}, "—")))
    steps = el("ol", {"class": "mk-steps", "data-testid": "steps"}, *[el("li", None, pick(s, lang)) for s in result["steps"]])
    return el("div", {"class": "mk-end", "data-testid": "end-screen"},
              el("h2", {"tabindex": "-1", "data-autofocus": True}, t("game_over", lang)),
              el("div", {"class": "mk-finals"}, *cols),
              steps,
              live_only(ui, button(t("play_again", lang), "again", "btn btn-primary")))
