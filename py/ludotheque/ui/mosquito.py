"""Mosquito PLAF! on a tablet in the middle of the table: one zone per person along the screen's
edges (left- and right-hand slap buttons, "Moustique !", catches), the top card in the middle,
the hand of the person whose turn it is at the bottom.

Pure Python (pytest checks it). What the engine says is legal is asked once per render in
``prepare`` (called from the ``perspective`` hook, which receives the session) and kept in ``ui``:
``ui["legal"]`` (actions per person), ``ui["joinable"]`` (cards that may join the selection) and
``ui["play"]`` (the selection as a legal move, if it is one). Slap buttons carry
``data-slap="<seat>/<L|R>"``: the browser controller (ludotheque.web.mosquito) times them on
pointerdown and sends ``slap/<hand>/<ms>``; they are never disabled (a false slap is a move too).
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..core.engine import Move
from ..core.messages import msg, say
from ..games.mosquito import card_name, is_domino, is_mosquito
from .html import Raw, button, el, join
from .i18n import bot_status, over_status, pick, t
from .still import is_still, live_only

# Keys per person (in seat order among people): left slap, right slap, "Moustique !".
KEYS = (("a", "z", "e"), ("o", "p", "i"), ("q", "s", "d"), ("l", "m", "k"), ("w", "x", "c"), ("b", "n", "v"))
PLAY_KEY, DRAW_KEY, PASS_KEY = "Enter", "t", "y"
ZONES = {3: "brl", 4: "brtl", 5: "brttl", 6: "brrtll"}  # seat -> table edge, counter-clockwise from the bottom
ZONE_NAMES = {"b": "bottom", "r": "right", "t": "top", "l": "left"}



# An open right hand (mirrored by CSS for the left one).
HAND_SVG = ('<svg class="msq-hand" viewBox="0 0 40 44" aria-hidden="true" focusable="false">'
            '<g fill="currentColor"><rect x="9" y="4" width="5" height="20" rx="2.5"/><rect x="15" y="1" width="5" height="22" rx="2.5"/>'
            '<rect x="21" y="2" width="5" height="21" rx="2.5"/><rect x="27" y="6" width="5" height="18" rx="2.5"/>'
            '<rect x="1" y="18" width="5" height="15" rx="2.5" transform="rotate(-35 3.5 25.5)"/>'
            '<path d="M8 20h24v10c0 8-5 13-12 13S8 38 8 30z"/></g></svg>')


def w(key: str, lang: str, /, **params: Any) -> str:
    """This screen's words: the catalogues' ``mosquito.ui.<key>`` with its parameters."""
    return say(msg("mosquito.ui." + key, **params), lang)


def hand_word(hand: str, lang: str) -> str:
    """"Main gauche" / "Main droite": a slap button's label."""
    return w("left" if hand == "L" else "right", lang)


def humans(view_or_seats: Any) -> List[int]:
    seats = view_or_seats["seats"] if isinstance(view_or_seats, Mapping) else view_or_seats
    return [i for i, s in enumerate(seats) if (s["kind"] if isinstance(s, Mapping) else s.kind.value) != "bot"]


# -- hooks ----------------------------------------------------------------------------------
def prepare(session: Any, ui: Dict[str, Any], seat: Optional[int]) -> None:
    """Ask the engine what each person may do now, and what the current selection allows."""
    engine = session.engine
    ui["legal"] = {s: [m.action for m in engine.legal_moves(s)] for s in humans(engine.seats)}
    sel = [c for c in ui.get("sel", []) if seat is not None and c in engine.hands[seat]]
    ui["sel"] = sel
    ui["joinable"] = engine.joinable(seat, sel) if seat is not None else []
    action = "play/" + ",".join(sel) if sel else None
    ui["play"] = action if action and seat is not None and engine.is_legal(Move(seat, action)) else None


def perspective(session: Any, ui: Dict[str, Any]) -> Optional[int]:
    """Whose hand shows: the only person; with several people, the person whose turn it is once
    they have taken the tablet (privacy screen before)."""
    engine = session.engine
    people = humans(engine.seats)
    seat: Optional[int] = None
    if len(people) == 1:
        seat = people[0]
    elif engine.current in people and ui.get("ready") == engine.current:
        seat = engine.current
    ui["seat"] = seat
    prepare(session, ui, seat)
    return seat


def still_ui(session: Any, seat: Optional[int]) -> Dict[str, Any]:
    """A still picture of the position as ``seat`` sees it (ui/still.py): its hand, the last
    round's scores already read (the annotation or the move line tells them), and the result of
    the last race only right after it closed."""
    engine = session.engine
    last = engine.last_race
    just_closed = bool(engine.moves) and engine.moves[-1].action.startswith(("close", "slap/"))  # the last slap closes it too
    ui: Dict[str, Any] = {"ready": seat, "round_seen": (engine.last_round or {}).get("round", 0),
                          "race_seen": last["no"] if last and not just_closed else 0}
    prepare(session, ui, seat)
    return ui


def needs_handover(view: Mapping[str, Any], ui: Mapping[str, Any]) -> bool:
    people = humans(view)
    cur = view["current"]
    return (len(people) > 1 and cur in people and ui.get("ready") != cur and not view["over"]
            and not is_still(ui) and not table_time(view, ui))


def table_time(view: Mapping[str, Any], ui: Mapping[str, Any]) -> bool:
    """A race or a "Moustique !" window is open: everyone looks at the tablet, so it shows the
    table (top card, seats, slap and call buttons), never a hand, and fits the screen. Public
    timed windows come first: no pass-the-device screen covers them (``needs_handover``). A
    still (ui/still.py) is a picture of the table, never this live view."""
    if view["over"] or is_still(ui):
        return False
    return view["race"] is not None or (bool(ui.get("alert_hold"))
                                        and any(a["state"] == "open" for a in view["moustique"]))


def round_pending(view: Mapping[str, Any], ui: Mapping[str, Any]) -> bool:
    """A round just ended and the people have not read its scores yet (never in a still)."""
    last = view.get("last_round")
    return bool(last) and ui.get("round_seen", 0) < last["round"] and not is_still(ui)


def handle_ui(action: str, ui: Dict[str, Any], session: Any) -> None:
    parts = action.split("/")
    if parts[0] == "pick" and len(parts) == 2:
        sel = list(ui.get("sel", []))
        card = parts[1]
        if card in sel:
            sel.remove(card)
        else:
            sel.append(card)
        ui["sel"] = sel
    elif parts[0] == "clear":
        ui["sel"] = []
    elif parts[0] == "ready" and len(parts) == 2:
        ui["ready"] = int(parts[1])
        ui["sel"] = []
    elif parts[0] == "race-ok":
        last = session.engine.last_race
        ui["race_seen"] = last["no"] if last else 0
    elif parts[0] == "round-ok":  # the round is read: its last race's result goes with it
        last = session.engine.last_round
        ui["round_seen"] = last["round"] if last else 0
        race = session.engine.last_race
        ui["race_seen"] = race["no"] if race else 0


def after_move(session: Any, ui: Dict[str, Any], feedback: Any) -> None:
    ui["sel"] = []
    if session.engine.current != ui.get("ready"):
        ui["ready"] = None


def bots_paused(session: Any, ui: Dict[str, Any]) -> bool:
    """Bots wait during a race (the controller times their slaps), while a round's scores are read,
    and while someone who came down to one card may still call or be caught (CALL_HORIZON_MS)."""
    engine = session.engine
    if engine.race is not None:
        return True
    view = {"last_round": engine.last_round}
    if round_pending(view, ui) and humans(engine.seats):
        return True
    return bool(ui.get("alert_hold"))


def live_lines(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> List[tuple]:
    """The timed moments, said at once (assertive): a PLAF! race with its digit, the correct hand
    and each person's key for it; a "Moustique !" window (who has one card left, and what to
    press). Each is said once (keyed by race number, by alert)."""
    out = []
    people = humans(view)
    names = [s["name"] for s in view["seats"]]
    race = view["race"]
    if race is not None:
        keys = [w("person_key", lang, name=names[s], key=KEYS[i % len(KEYS)][0 if race["hand"] == "L" else 1].upper())
                for i, s in enumerate(people) if s in race["participants"]]
        said = w(f"race_live_{race['hand']}" + ("_keys" if keys else ""), lang, digit=race["digit"], keys=keys)
        out.append((f"race-{race['no']}", said, True))
    for a in view["moustique"]:
        if a["state"] != "open":
            continue
        s = a["seat"]
        if s in people:
            text = w("alert_person", lang, name=names[s], key=KEYS[people.index(s) % len(KEYS)][2].upper())
        else:
            text = w("alert_other", lang, name=names[s], button=msg("mosquito.ui.catch", name=names[s]))
        out.append((f"alert-{s}-{a['since']}", text, True))
    return out


# -- cards ------------------------------------------------------------------------------------
def card_face(card: str, lang: str, cls: str = "") -> Raw:
    if is_domino(card):
        kind, inner = "domino", [el("span", {"class": "msq-d top"}, card[0]), el("span", {"class": "msq-d bottom"}, card[1])]
    elif is_mosquito(card):
        kind, inner = "mosquito", [el("span", {"class": "msq-d alone"}, card[1]),
                                   el("span", {"class": "msq-kind"}, w("kind_mosquito", lang))]
    else:
        kind, inner = "net", [el("span", {"class": "msq-d alone"}, card[1]),
                              el("span", {"class": "msq-kind"}, w("kind_net", lang))]  # soft hyphens: may break on a card
    return el("span", {"class": f"msq-card msq-{kind} {cls}".strip(), "data-card": card, "role": "img",
                       "aria-label": say(card_name(card), lang)}, *inner)


# -- screen -------------------------------------------------------------------------------------
def status_text(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> str:
    if view["over"]:
        return over_status(view, lang)
    if view["race"] is not None and is_still(ui):  # a picture: nobody is asked to slap
        return w("status_race_still", lang)
    if view["race"] is not None:
        return w("status_race", lang)
    if ui is not None and table_time(view, ui):
        names = [view["seats"][a["seat"]]["name"] for a in view["moustique"] if a["state"] == "open"]
        return w("status_alert", lang, names=names)
    cur = view["current"]
    who = view["seats"][cur]["name"]
    return bot_status(view, cur, lang, is_still(ui)) or w("status_turn", lang, name=who)


def render(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> Raw:
    ui = ui or {}
    if view["over"]:
        return _end_screen(view, lang, ui)
    n = len(view["seats"])
    zones = ZONES[n]
    people = humans(view)
    areas: Dict[str, List[Raw]] = {"b": [], "r": [], "t": [], "l": []}
    for s in range(n):
        areas[zones[s]].append(_seat_zone(view, s, lang, ui, people))
    centre = _centre(view, lang, ui)
    overlay = None
    if round_pending(view, ui) and not table_time(view, ui):  # a race on the last card comes first
        overlay = _round_screen(view, lang)
    elif needs_handover(view, ui):
        overlay = _handover(view, lang)
    classes = "msq-board" + (" racing" if view["race"] else "") + (" table-view" if table_time(view, ui) else "")
    # in the order of the screen (the grid places each area): the bottom edge after the centre,
    # so Tab meets the hand before the bottom player's slap buttons
    return el("div", {"class": classes, "data-phase": view["phase"], "data-testid": "board"},
              *[el("div", {"class": f"msq-edge msq-{ZONE_NAMES[z]}"}, *areas[z]) for z in "tlr"],
              centre, el("div", {"class": "msq-edge msq-bottom"}, *areas["b"]), overlay)


def _seat_zone(view: Mapping[str, Any], s: int, lang: str, ui: Mapping[str, Any], people: Sequence[int]) -> Raw:
    seat = view["seats"][s]
    count = view["hand_counts"][s]
    race = view["race"]
    tags = []
    if s == view["current"] and race is None:
        tags.append(el("span", {"class": "badge msq-turn"}, "▶"))
    if seat["kind"] == "bot":
        tags.append(el("span", {"class": "badge bot"}, t("bot", lang)))
    alert = next((a for a in view["moustique"] if a["seat"] == s), None)
    if alert and alert["state"] == "called":
        tags.append(el("span", {"class": "badge msq-called"}, w("called", lang)))
    elif alert and alert["state"] == "open":
        tags.append(el("span", {"class": "badge msq-one"}, w("one_card", lang)))
    if race is not None:
        slap = next((x for x in race["slaps"] if x["seat"] == s), None)
        if slap:
            tags.append(el("span", {"class": "badge msq-slapped"}, w("slapped", lang, ms=slap["ms"])))
    head = el("div", {"class": "msq-seat-head"},
              el("span", {"class": "msq-name"}, seat["name"]), *tags,
              el("span", {"class": "msq-count", "data-testid": f"count-{s}"},
                 w("count", lang, n=count, total=view["totals"][s])))
    cls = f"msq-seat seat-{s}" + (" active" if s == view["current"] else "")
    if s not in people:
        return el("section", {"class": cls + " msq-bot", "data-seat": s, "aria-label": seat["name"]}, head)
    keys = KEYS[people.index(s) % len(KEYS)]
    if is_still(ui):  # a picture of the seat's two hands, the one that slapped in this race marked
        hands = {x["hand"] for x in (race or {}).get("slaps", []) if x["seat"] == s}
        return el("section", {"class": cls + " msq-person", "data-seat": s, "aria-label": seat["name"]},
                  head, el("div", {"class": "msq-slaps"}, *[_slap_picture(h, h in hands, lang) for h in "LR"]))
    legal = ui.get("legal", {}).get(s, [])
    slaps = el("div", {"class": "msq-slaps"},
               _slap_button(s, "L", keys[0], lang), _slap_button(s, "R", keys[1], lang))
    extra = []
    if "call" in legal:
        extra.append(el("button", {"type": "button", "class": "btn msq-call", "data-action": "move/call",
                                   "data-seat": s, "data-testid": f"call-{s}", "aria-keyshortcuts": keys[2]},
                        w("call", lang), el("kbd", None, keys[2].upper())))
    for a in legal:
        if a.startswith("catch/"):
            target = int(a.split("/")[1])
            extra.append(button(w("catch", lang, name=view["seats"][target]["name"]), f"move/{a}",
                                "btn btn-secondary msq-catch", **{"data-seat": s, "data-testid": f"catch-{s}-{target}"}))
    return el("section", {"class": cls + " msq-person", "data-seat": s, "aria-label": seat["name"]},
              head, slaps, el("div", {"class": "msq-seat-actions"}, *extra) if extra else None)


def _slap_button(seat: int, hand: str, key: str, lang: str) -> Raw:
    label = hand_word(hand, lang)
    return el("button", {"type": "button", "class": f"msq-slap msq-slap-{hand}", "data-slap": f"{seat}/{hand}",
                         "data-testid": f"slap-{seat}-{hand}", "aria-keyshortcuts": key},
              Raw(HAND_SVG), el("span", {"class": "visually-hidden"}, w("plaf", lang) + " "),
              el("span", {"class": "msq-slap-label"}, label),
              el("kbd", None, key.upper()))


def _slap_picture(hand: str, slapped: bool, lang: str) -> Raw:
    """A seat's hand in a still: the same drawing as the slap button, nothing to press."""
    return el("span", {"class": f"msq-slap msq-slap-{hand} still-hand" + (" slapped" if slapped else "")},
              Raw(HAND_SVG), el("span", {"class": "msq-slap-label"}, hand_word(hand, lang)))


def _centre(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Raw:
    race = view["race"]
    need_text = pick(view["need_text"], lang)
    table = el("div", {"class": "msq-table"},
               el("div", {"class": "msq-pile", "data-testid": "deck", "data-pile": "deck"},
                  el("span", {"class": "msq-card msq-back"}, "PLAF!"),
                  el("span", None, w("deck", lang, n=view["deck_count"]))),
               el("div", {"class": "msq-topcard" + (" plaf" if race else ""), "data-testid": "top-card", "data-pile": "discard"},
                  card_face(view["top"], lang, "big"),
                  el("span", {"class": "msq-plaf", "aria-hidden": "true"}, w("plaf", lang)) if race else None),
               el("div", {"class": "msq-info"},
                  el("span", {"class": "msq-round"}, w("round_of", lang, round=view["round"], rounds=view["rounds"])),
                  el("span", {"class": "msq-need"}, need_text)))
    if table_time(view, ui):
        return el("div", {"class": "msq-centre"}, table,
                  el("p", {"class": "msq-table-status", "role": "status"}, status_text(view, lang, ui)))
    parts: List[Optional[Raw]] = [table, _race_banner(view, lang, ui)]
    if "hand" in view and not needs_handover(view, ui):
        parts.append(_hand(view, lang, ui))
    parts.append(live_only(ui, _key_help(view, lang)))
    return el("div", {"class": "msq-centre"}, *parts)


def _race_banner(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Optional[Raw]:
    last = view["last_race"]
    if not last or view["race"] is not None or ui.get("race_seen") == last["no"]:
        return None
    names = [s["name"] for s in view["seats"]]
    fastest = last["fastest"]
    title = w("race_fastest", lang, name=names[fastest]) if fastest is not None else w("race_nobody", lang)
    draws = [w("draw_count", lang, name=names[int(s)], n=n) for s, n in last["draws"].items() if n]
    # not a live region: the race's result is said once, with the moves (ui/speech.py)
    return el("div", {"class": "msq-race-result card-panel", "data-testid": "race-result"},
              el("h2", None, title),
              el("p", {"class": "msq-draws"}, w("draws", lang, draws=draws) if draws else w("draws_none", lang)),
              live_only(ui, el("details", {"class": "msq-why"}, el("summary", None, w("why", lang)),
                                el("ul", {"class": "msq-steps"}, *[el("li", None, pick(x, lang)) for x in last["steps"]]))),
              live_only(ui, button(w("ok", lang), "ui/race-ok", "btn btn-secondary btn-small")))


def _hand(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Raw:
    seat = view["seat"]
    legal = ui.get("legal", {}).get(seat, [])
    sel = list(ui.get("sel", []))
    joinable = set(ui.get("joinable", view["playable"]))
    my_turn = view["current"] == seat and view["race"] is None and not is_still(ui)
    cards = []
    joinable_now = [c for c in view["hand"] if my_turn and c in joinable and c not in sel]
    play = ui.get("play")
    # where the focus goes after a pick: the next card that may join, else "Jouer"
    focus_card = sel[-1] if sel and joinable_now else (joinable_now[0] if joinable_now and not sel else None)
    for i, card in enumerate(view["hand"]):
        chosen = card in sel
        lit = my_turn and (chosen or card in joinable)
        classes = "msq-hand-card" + (" lit" if lit else "") + (" chosen" if chosen else "")
        order = el("span", {"class": "msq-order"}, str(sel.index(card) + 1)) if chosen else None
        if lit:
            cards.append(el("button", {"type": "button", "class": classes, "data-action": f"ui/pick/{card}",
                                       "data-testid": f"card-{card}", "aria-pressed": "true" if chosen else "false",
                                       "data-autofocus": card == focus_card},
                            card_face(card, lang), order))
        elif my_turn:  # not playable now, yet tappable: the engine says why (status line), as in Mookies
            cards.append(el("button", {"type": "button", "class": classes, "aria-disabled": "true",
                                       "data-action": "move/play/" + ",".join(sel + [card]),
                                       "data-testid": f"card-{card}"}, card_face(card, lang)))
        else:
            cards.append(el("span", {"class": classes, "data-testid": f"card-{card}"}, card_face(card, lang)))
    actions = []
    if my_turn and play and play in legal:
        label = w("play_top", lang, card=card_name(sel[-1])) if len(sel) > 1 else w("play", lang)
        actions.append(el("button", {"type": "button", "class": "btn btn-primary", "data-action": f"move/{play}",
                                     "data-seat": seat, "data-testid": "play", "aria-keyshortcuts": PLAY_KEY,
                                     "data-autofocus": focus_card is None},
                          label))
    if my_turn and sel:
        actions.append(button(w("clear", lang), "ui/clear", "btn btn-ghost btn-small"))
    if my_turn and "draw" in legal:
        actions.append(el("button", {"type": "button", "class": "btn btn-secondary", "data-action": "move/draw",
                                     "data-seat": seat, "data-testid": "draw", "aria-keyshortcuts": DRAW_KEY,
                                     "data-autofocus": not joinable_now and not sel},
                          w("draw", lang), el("kbd", None, DRAW_KEY.upper())))
    if my_turn and "pass" in legal:
        actions.append(el("button", {"type": "button", "class": "btn btn-secondary", "data-action": "move/pass",
                                     "data-seat": seat, "data-testid": "pass", "aria-keyshortcuts": PASS_KEY,
                                     "data-autofocus": not joinable_now and not sel and "draw" not in legal},
                          w("pass", lang), el("kbd", None, PASS_KEY.upper())))
    title = w("your_hand", lang, name=view["seats"][seat]["name"])
    return el("section", {"class": "msq-hand-zone" + (" my-turn" if my_turn else ""), "data-testid": "hand",
                          "data-seat": seat, "data-focus-key": "hand", "aria-label": title, "data-turn-area": "1"},
              el("h2", None, title),
              el("div", {"class": "msq-hand-cards", "data-roving": "row"}, *cards),
              el("div", {"class": "msq-hand-actions"}, *actions) if actions else None)


def _key_help(view: Mapping[str, Any], lang: str) -> Raw:
    people = humans(view)
    names = [s["name"] for s in view["seats"]]
    items = []
    for i, s in enumerate(people):
        k = KEYS[i % len(KEYS)]
        items.append(el("li", None, w("keys_person", lang, name=names[s], left=k[0].upper(), right=k[1].upper(),
                                      call=k[2].upper())))
    items.append(el("li", None, w("keys_turn", lang, draw=DRAW_KEY.upper(), skip=PASS_KEY.upper())))
    return el("details", {"class": "msq-keys"}, el("summary", None, w("keys", lang)), el("ul", None, *items))


def _handover(view: Mapping[str, Any], lang: str) -> Raw:
    cur = view["current"]
    name = view["seats"][cur]["name"]
    return el("div", {"class": "msq-overlay", "role": "dialog", "aria-modal": "true", "data-testid": "handover",
                      "aria-labelledby": "msq-handover-title"},
              el("div", {"class": "msq-overlay-inner card-panel"},
                 el("h2", {"id": "msq-handover-title"}, w("handover", lang, name=name)),
                 el("p", None, w("look_away", lang)),
                 button(w("i_am", lang, name=name), f"ui/ready/{cur}", "btn btn-primary",
                        **{"data-testid": "ready", "data-autofocus": True})))


def _score_table(view: Mapping[str, Any], lang: str, rounds: Sequence[Sequence[int]], totals: Sequence[int],
                 winner: Optional[int] = None) -> Raw:
    names = [s["name"] for s in view["seats"]]
    head = el("tr", None, el("th", None, w("round", lang)), *[el("th", {"class": "winner" if s == winner else None}, n)
                                                              for s, n in enumerate(names)])
    rows = [el("tr", None, el("th", None, str(i + 1)), *[el("td", None, str(p)) for p in pts]) for i, pts in enumerate(rounds)]
    rows.append(el("tr", {"class": "msq-totals"}, el("th", None, w("total", lang)),
                   *[el("td", {"class": "winner" if s == winner else None}, str(v)) for s, v in enumerate(totals)]))
    return el("table", {"class": "msq-scores", "data-testid": "scores"}, el("thead", None, head), el("tbody", None, *rows))


def _round_screen(view: Mapping[str, Any], lang: str) -> Raw:
    last = view["last_round"]
    names = [s["name"] for s in view["seats"]]
    hands = el("ul", {"class": "msq-round-hands"},
               *[el("li", None, el("strong", None, f"{names[s]} ({last['points'][s]}) "),
                    join(card_face(c, lang, "small") for c in h)) for s, h in enumerate(last["hands"])])
    rounds = view["round_points"]
    return el("div", {"class": "msq-overlay", "role": "dialog", "aria-modal": "true", "data-testid": "round-end",
                      "aria-labelledby": "msq-round-title", "aria-describedby": "msq-round-steps"},
              el("div", {"class": "msq-overlay-inner card-panel"},
                 el("h2", {"id": "msq-round-title"}, w("round_over", lang, round=last["round"])),
                 _score_table(view, lang, rounds, last["totals"]),  # first: on a phone the button stays below it
                 el("ul", {"class": "msq-steps", "id": "msq-round-steps"}, *[el("li", None, pick(x, lang)) for x in last["steps"]]),
                 hands,
                 button(w("next_round", lang), "ui/round-ok", "btn btn-primary",
                        **{"data-testid": "round-ok", "data-autofocus": True})))


def _end_screen(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Raw:
    result = view["result"]
    names = [s["name"] for s in view["seats"]]
    winner = result["winner"]
    rounds = [r["points"] for r in result["rounds"]]
    return el("div", {"class": "msq-end", "data-testid": "end-screen"},
              el("h2", {"tabindex": "-1", "data-autofocus": True}, t("game_over", lang)),
              el("p", {"class": "msq-winner"}, w("winner", lang, name=names[winner], points=result["scores"][winner])),
              el("h3", None, w("scores", lang)),
              _score_table(view, lang, rounds, result["scores"], winner),
              el("ol", {"class": "msq-steps", "data-testid": "steps"}, *[el("li", None, pick(x, lang)) for x in result["steps"]]),
              live_only(ui, button(t("play_again", lang), "again", "btn btn-primary")))
