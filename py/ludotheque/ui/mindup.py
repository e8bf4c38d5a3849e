"""Mind Up! on screen: the centre row, your hand, every player's score strip, the reveal, the scores.

Everything shown comes from the engine's view for the seat whose hand is shown
(or the public view, seat None); every move button carries an action the engine
lists as legal (``play/<card>`` for the seat's own hand while it is to act).

Display state in ``ui`` (owned here, reset per game):
- ``seat``: the person whose hand is shown / who acts (the app uses it as the acting seat);
- ``unlocked``: with several people on one tablet, the seat that confirmed "Je suis ..."
  (its hand is shown only then; a choice locks the tablet again for the next person);
- ``reveal``: the turn just resolved, shown step by step (``step`` = takes shown so far,
  ``phase`` "takes" then "round" when the turn ended a round); the bots wait meanwhile.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..core.messages import msg, say
from ..games.mindup import MindUpEngine
from ..games.mindup_data import BONUS, COLOUR, COLOURS
from ..games.mindup_texts import colour_msg, signed
from .html import Raw, button, el
from .i18n import over_status, pick, t
from .still import is_still, live_only

GLYPH = {"orange": "●", "pink": "♥", "blue": "◆", "green": "♣", "purple": "★"}


def w(key: str, lang: str, /, **params: Any) -> str:
    """This screen's words: the catalogues' ``mindup.ui.<key>`` (locale/*.po)."""
    return say(msg("mindup.ui." + key, **params), lang)


def colour_name(colour: str, lang: str) -> str:
    return say(colour_msg(colour), lang)


def card_label(n: int, lang: str) -> str:
    """A card as it is read aloud: its number, colour and bonus ("23 (vert, bonus +1)")."""
    colour = colour_name(COLOURS[COLOUR[n]], lang)
    if BONUS[n]:
        return w("card_bonus", lang, card=n, colour=colour, bonus=signed(BONUS[n]))
    return f"{n} ({colour})"


def card(n: int, lang: str, cls: str = "", action: Optional[str] = None, **extra: Any) -> Raw:
    """A main card: its number, its colour (fill and glyph) and its bonus/malus."""
    colour = COLOURS[COLOUR[n]]
    bonus = BONUS[n]
    inner = [el("span", {"class": "mu-num"}, str(n)),
             el("span", {"class": "mu-glyph", "aria-hidden": "true"}, GLYPH[colour]),
             el("span", {"class": f"mu-bonus {'neg' if bonus < 0 else 'pos'}"}, f"{bonus:+d}") if bonus else None]
    # the name starts with what the card shows (number, bonus), then says its colour
    shown = f"{n} {bonus:+d}" if bonus else str(n)
    a = {"class": f"mu-card mu-{colour} {cls}".strip(), "data-card": n,
         "aria-label": f"{shown} ({colour_name(colour, lang)})"}
    a.update(extra)
    if action:
        a.update({"type": "button", "data-action": action})
        return el("button", a, *inner)
    a["role"] = "img"
    return el("span", a, *inner)


# -- hooks (pure: the app calls them with its session and this module's ui dict) ----------------

def _humans(seats: Sequence[Mapping[str, Any]]) -> List[int]:
    return [i for i, s in enumerate(seats) if s["kind"] != "bot"]


def perspective(session, ui: Dict[str, Any]) -> Optional[int]:
    """Whose hand to show: the only person at the table, or, with several people on one tablet,
    the one who confirmed being the next to choose. Nobody's during a reveal."""
    engine = session.engine
    humans = [i for i, s in enumerate(engine.seats) if not s.is_bot]
    if len(humans) <= 1:
        ui["seat"] = humans[0] if humans else None
        return None if ui.get("reveal") else ui["seat"]
    pending = session.human_to_act()
    if ui.get("seat") not in pending:
        ui["seat"] = pending[0] if pending else None
        ui["unlocked"] = None
    if ui.get("reveal") or ui["seat"] is None or ui.get("unlocked") != ui["seat"]:
        return None
    return ui["seat"]


def still_ui(session, seat: Optional[int]) -> Dict[str, Any]:
    """A still picture of the position as ``seat`` sees it (explainer frames): hand shown, no
    tablet hand-over, no reveal in progress."""
    return {"seat": seat, "unlocked": seat}


def handle_ui(action: str, ui: Dict[str, Any], session) -> None:
    verb, _, arg = action.partition("/")
    rv = ui.get("reveal")
    if verb == "unlock" and arg.isdigit() and int(arg) == ui.get("seat"):
        ui["unlocked"] = int(arg)
    elif verb == "next" and rv:
        n = len(session.engine.seats)
        if rv["phase"] == "takes" and rv["step"] < n:
            rv["step"] += 1
        elif rv["phase"] == "takes" and rv["ended"]:
            rv["phase"] = "round"
        else:
            ui["reveal"] = None
    elif verb == "show-all" and rv:
        rv["step"] = len(session.engine.seats)


def after_move(session, ui: Dict[str, Any], feedback) -> None:
    """When a choice completed a turn (nobody has a pending choice any more), start the reveal."""
    engine = session.engine
    if not any(not s.is_bot for s in engine.seats):
        return
    view = engine.view(None)
    if any(view["has_chosen"]) or not view["last_reveal"]:
        return
    ended = view["over"] or view["turn"] == 1
    rnd = len(view["rounds"]) if ended else view["round"]
    turn = _turns(view, rnd) if ended else view["turn"] - 1
    ui["reveal"] = {"round": rnd, "turn": turn, "step": 0, "phase": "takes", "ended": ended}
    ui["unlocked"] = None


def save_display(ui: Mapping[str, Any]) -> Optional[Dict[str, Any]]:
    """The reveal being read is kept with the save, so a reload comes back to it."""
    return {"reveal": dict(ui["reveal"])} if ui.get("reveal") else None


def load_display(session, ui: Dict[str, Any], display: Mapping[str, Any]) -> None:
    if display.get("reveal"):
        ui["reveal"] = dict(display["reveal"])


def _turns(view: Mapping[str, Any], rnd: int) -> int:
    """Turns in round `rnd` (a hand of 6 + rnd cards is played down to one)."""
    return 5 + rnd


def bots_paused(session, ui: Mapping[str, Any]) -> bool:
    return bool(ui.get("reveal"))


def bot_delay(session, ui: Mapping[str, Any], default_ms: int) -> int:
    return 0  # choices are secret and simultaneous: the bots choose at once


def live_lines(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> List[tuple]:
    """The reveal, said row by row as it is shown ("Robot 1 joue 23 (vert), prend 12 (orange)
    → carte Score 3"), then the round's points (ui/speech.py says each key once)."""
    rv = ui.get("reveal")
    if not rv or not view["last_reveal"]:
        return []
    names = [s["name"] for s in view["seats"]]
    base = f"reveal-{rv['round']}-{rv['turn']}"
    out = []
    for i, r in enumerate(view["last_reveal"][:rv["step"]]):
        out.append((f"{base}-{i}", w("live_take", lang, name=names[r["seat"]], played=card_label(r["played"], lang),
                                     took=card_label(r["took"], lang), value=r["value"]), False))
    if rv["phase"] == "round":
        data = view["rounds"][rv["round"] - 1]
        pts = [f"{names[s]} {p['points']}" for s, p in enumerate(data["players"])]
        out.append((f"{base}-round", w("live_round", lang, round=rv["round"], scores=pts), False))
    return out


def speaks_status(ui: Mapping[str, Any]) -> bool:
    return bool(ui.get("reveal"))


# -- status line ---------------------------------------------------------------------------------

def status_text(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> str:
    names = [s["name"] for s in view["seats"]]
    rv = (ui or {}).get("reveal")
    if rv:  # the engine is already at the next turn (or over): speak of the turn being shown
        return w("reveal_status", lang, round=rv["round"], turn=rv["turn"])
    if view["over"]:
        return over_status(view, lang)
    if view["hand"] is not None and view["chosen"] is None:
        return w("pick", lang)
    return w("waiting", lang, names=[names[s] for s in view["to_act"]])


# -- the board -------------------------------------------------------------------------------------

def render(view: Mapping[str, Any], lang: str, ui: Optional[Mapping[str, Any]] = None) -> Raw:
    ui = ui or {}
    rv = ui.get("reveal")
    if rv:
        return _reveal_screen(view, lang, rv, ui.get("seat"))
    if view["over"]:
        return _end_screen(view, lang, ui)
    me = ui.get("seat") if view["hand"] is not None else None
    return el("div", {"class": "mu-board", "data-testid": "board"},
              _privacy_zone(view, lang, ui),
              _info(view, lang, view["round"], view["turn"]),
              _explain(view["score_order"], lang),
              _objectives(view["objectives"], lang),
              _centre(view["centre"], lang),
              _hand_zone(view, lang, me, is_still(ui)),
              _players(view, lang, me, view["strips"]))


def _info(view: Mapping[str, Any], lang: str, rnd: int, turn: int) -> Raw:
    turns = view["turns_in_round"] if rnd == view["round"] else _turns(view, rnd)
    order = view["score_order"] if rnd == view["round"] else view["rounds"][rnd - 1]["order"]
    return el("div", {"class": "mu-info", "data-testid": "info"},
              el("span", {"class": "mu-chip", "data-testid": "round"},
                 w("round_of", lang, round=rnd, total=view["rounds_total"])),
              el("span", {"class": "mu-chip", "data-testid": "turn"}, w("turn_of", lang, turn=turn, total=turns)),
              el("span", {"class": "mu-chip"}, w("order_label", lang) + " ",
                 *[el("b", {"class": "mu-order"}, str(v)) for v in order]),
              el("span", {"class": "mu-chip soft"}, w("draw", lang, count=view["draw_count"])))


def _explain(order: Sequence[int], lang: str) -> Raw:
    """What "Cartes Score 4 2 5 1 3" and the +2 / -1 on cards mean, in the rules' own sentences
    (the engine's catalogue), folded under one line."""
    rules = MindUpEngine.RULES
    head = w("explain_order", lang, order=" ".join(map(str, order)))
    bonus = w("explain_bonus", lang)
    ids = ("place.same_colour", "place.first_free", "score.per_score_card")
    return el("details", {"class": "mu-explain", "data-testid": "explain"},
              el("summary", None, w("explain_summary", lang)),
              el("ul", None, el("li", None, head), el("li", None, bonus),
                 *[el("li", None, rules[i].text(lang)) for i in ids]))


def _objectives(objectives: Sequence[Mapping[str, Any]], lang: str) -> Optional[Raw]:
    if not objectives:
        return None
    return el("section", {"class": "mu-objectives", "data-testid": "objectives"},
              el("h2", None, w("objectives", lang)),
              el("ul", None, *[el("li", {"class": "neg" if o["points"] < 0 else "pos"}, pick(o["text"], lang))
                               for o in objectives]))


def _centre(cards: Sequence[int], lang: str) -> Raw:
    return el("section", {"class": "mu-centre", "data-testid": "centre", "data-pile": "centre"},
              el("h2", None, w("centre", lang)),
              el("div", {"class": "mu-row"}, *[card(c, lang, "big") for c in cards]))


def _privacy_zone(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Optional[Raw]:
    """With several people on one tablet and no hand shown: who takes the tablet next."""
    seat = ui.get("seat")
    if is_still(ui):
        return None
    if view["hand"] is None and len(_humans(view["seats"])) >= 2 and seat is not None and seat in view["to_act"]:
        return _privacy(view["seats"][seat]["name"], seat, lang)
    return None


def _hand_zone(view: Mapping[str, Any], lang: str, me: Optional[int], still: bool = False) -> Optional[Raw]:
    """The hand: one Tab stop, arrow keys from card to card (web/a11y.py); in a still (ui/still.py:
    a replay, a frame) a picture of it, nothing to choose."""
    names = [s["name"] for s in view["seats"]]
    if view["hand"] is None:
        return None
    to_act = view["chosen"] is None and me in view["to_act"] and not still
    title = w("your_hand_named", lang, name=names[me]) if me is not None else w("your_hand", lang)
    if to_act:
        cards = [card(c, lang, "big", f"move/play/{c}", data_testid=f"hand-{c}", data_autofocus=i == 0,
                      aria_keyshortcuts=str(i + 1) if i < 9 else None) for i, c in enumerate(view["hand"])]
        note = el("p", {"class": "mu-note"}, w("pick", lang))
    else:
        cards = [card(c, lang, "big" if still else "big dim") for c in view["hand"]]
        note = None
        if view["chosen"] is not None:
            waiting = [names[s] for s in view["to_act"]]
            note = el("p", {"class": "mu-note", "data-testid": "chosen"}, w("chosen", lang) + " ",
                      card(view["chosen"], lang, "chosen"),
                      " " + w("waiting", lang, names=waiting) if waiting else None)
    return el("section", {"class": "mu-hand", "data-testid": "hand", "data-turn-area": "1", "aria-label": title,
                          "data-focus-key": "hand"},
              el("h2", None, title), note, el("div", {"class": "mu-row hand", "data-roving": "row"}, *cards))


def _privacy(name: str, seat: int, lang: str) -> Raw:
    title = w("pass_device", lang, name=name)
    hint = w("privacy_hint", lang)
    label = w("unlock", lang, name=name)
    return el("section", {"class": "mu-privacy card-panel", "data-testid": "privacy", "role": "dialog", "aria-label": title},
              el("h2", None, title), el("p", None, hint),
              button(label, f"ui/unlock/{seat}", "btn btn-primary", data_testid="unlock", aria_keyshortcuts="Enter",
                     data_autofocus=True))


def _players(view: Mapping[str, Any], lang: str, me: Optional[int], strips: Sequence[Sequence[Mapping[str, Any]]],
             highlight: Optional[Mapping[int, Any]] = None) -> Raw:
    rows = []
    for seat, s in enumerate(view["seats"]):
        rows.append(_player(view, lang, seat, s, me, strips[seat], (highlight or {}).get(seat), highlight is not None))
    return el("section", {"class": "mu-players", "data-testid": "players"}, *rows)


def _player(view: Mapping[str, Any], lang: str, seat: int, s: Mapping[str, Any], me: Optional[int],
            strip: Sequence[Mapping[str, Any]], fresh: Optional[int], revealing: bool) -> Raw:
    badge = el("span", {"class": "badge bot"}, t("bot", lang)) if s["kind"] == "bot" else (
        el("span", {"class": "badge you"}, w("you", lang)) if seat == me else None)
    if view["over"] or revealing:
        state = None
    elif view["has_chosen"][seat]:
        state = el("span", {"class": "mu-state done", "data-testid": f"state-{seat}"}, "✓ " + w("has_chosen", lang))
    else:
        state = el("span", {"class": "mu-state", "data-testid": f"state-{seat}"}, w("choosing", lang))
    rounds = view["round_scores"][seat]
    scores = " · ".join(w("round_short", lang, round=i + 1, points=p) for i, p in enumerate(rounds))
    total = el("span", {"class": "mu-total", "data-testid": f"total-{seat}"},
               (scores + " · " if scores else "") + w("total_points", lang, points=view["totals"][seat]))
    count = el("span", {"class": "mu-count"}, w("in_hand", lang, n=view["hand_counts"][seat]))
    known = view["known_in_hand"][seat] if seat != me else []
    if known:
        count += el("span", {"class": "mu-known", "data-testid": f"known-{seat}", "title": w("known_hint", lang)},
                    f"{w('known', lang)} ", *[card(c, lang, "tiny") for c in known])
    return el("div", {"class": f"mu-player {'me' if seat == me else ''}".strip(), "data-seat": seat,
                      "data-testid": f"player-{seat}"},
              el("div", {"class": "mu-player-head"}, el("span", {"class": "mu-name"}, s["name"]), badge, state, count, total),
              strip_html(strip, lang, fresh))


def strip_html(strip: Sequence[Mapping[str, Any]], lang: str, fresh: Optional[int] = None,
               points: bool = False) -> Raw:
    """Five score cards left to right, each with its stack offset so every card's number shows."""
    slots = []
    for st in strip:
        cards = st["cards"]
        stack = [card(c, lang, "mini fresh" if c == fresh else "mini") for c in cards]
        colour = st.get("colour")
        head = el("span", {"class": "mu-value"}, str(st["value"]))
        count = el("span", {"class": "mu-stackcount"}, f"×{len(cards)}") if cards else None
        pts = el("span", {"class": "mu-pts", "title": " + ".join(f"{st['value']}{b:+d}" for b in st["bonuses"])},
                 f"= {st['points']}") if points and cards else None
        slots.append(el("div", {"class": f"mu-slot {'mu-' + colour if colour else 'free'}", "role": "listitem"},
                        el("span", {"class": "visually-hidden"}, w("slot", lang, value=st["value"]) + " "),
                        el("div", {"class": "mu-slot-head"}, head, count),
                        el("div", {"class": "mu-stack"}, *stack) if stack else
                        el("div", {"class": "mu-stack empty"}, w("empty", lang)),
                        pts))
    return el("div", {"class": "mu-strip", "role": "list"}, *slots)


# -- the reveal ------------------------------------------------------------------------------------

def _strips_before(view: Mapping[str, Any], rv: Mapping[str, Any]) -> List[List[Dict[str, Any]]]:
    """Every strip as it stood during the revealed turn, with the takes not shown yet left out."""
    reveal = view["last_reveal"]
    if rv["ended"]:
        players = view["rounds"][rv["round"] - 1]["players"]
        strips = [[{"value": st["value"], "colour": st["colour"], "cards": list(st["cards"])} for st in p["strip"]]
                  for p in players]
        if rv["phase"] == "takes":
            for last in view["rounds"][rv["round"] - 1]["last_cards"]:
                strips[last["seat"]][last["placed_on"]]["cards"].remove(last["card"])
    else:
        strips = [[dict(st, cards=list(st["cards"])) for st in s] for s in view["strips"]]
    for row in reveal[rv["step"]:]:
        strips[row["seat"]][row["placed_on"]]["cards"].remove(row["took"])
    for s in strips:
        for st in s:
            if not st["cards"]:
                st["colour"] = None
    return strips


def _reveal_screen(view: Mapping[str, Any], lang: str, rv: Mapping[str, Any], me: Optional[int]) -> Raw:
    names = [s["name"] for s in view["seats"]]
    reveal = view["last_reveal"]
    step = rv["step"]
    n = len(reveal)
    rows = []
    for i, r in enumerate(reveal):
        shown = i < step
        take = (el("span", {"class": "mu-take"}, f"{w('takes', lang)} ", card(r["took"], lang, "mid"),
                   " " + w("on_card", lang, value=r["value"]))
                if shown else el("span", {"class": "mu-take hidden"}, f"{w('takes', lang)} …"))
        rows.append(el("li", {"class": f"mu-reveal-row {'shown' if shown else ''} {'current' if i == step - 1 else ''}",
                              "data-testid": f"reveal-{i}"},
                       el("span", {"class": "mu-who"}, names[r["seat"]]),
                       el("span", {"class": "mu-play"}, f"{w('plays', lang)} ", card(r["played"], lang, "mid")),
                       take))
    if rv["phase"] == "round":
        panel = _round_panel(view, lang, rv["round"])
        nxt = button(w("final", lang) if view["over"] else w("next_round", lang), "ui/next", "btn btn-primary",
                     data_testid="reveal-next", aria_keyshortcuts="Enter", data_autofocus=True)
        body = [el("div", {"class": "mu-actions"}, nxt), panel]  # the way on first: the panel is long
    else:
        last = step >= n
        actions = [button(w("continue", lang) if last else w("next", lang), "ui/next", "btn btn-primary",
                          data_testid="reveal-next", aria_keyshortcuts="Enter", data_autofocus=True)]
        if not last:
            actions.append(button(w("show_all", lang), "ui/show-all", "btn btn-secondary", data_testid="reveal-all"))
        took = sorted(r["took"] for r in reveal)
        body = [el("div", {"class": "mu-reveal-centre"},
                   el("h2", None, w("centre", lang)),
                   el("div", {"class": "mu-row"}, *[card(c, lang, "mid taken" if any(r["took"] == c for r in reveal[:step]) else "mid")
                                                   for c in took])),
                el("ol", {"class": "mu-reveal-list"}, *rows),
                el("div", {"class": "mu-actions"}, *actions)]
    title = status_text(view, lang, {"reveal": rv})
    fresh = {r["seat"]: r["took"] for r in reveal[step - 1:step]} if rv["phase"] == "takes" else {}
    return el("div", {"class": "mu-board revealing", "data-testid": "board"},
              _info(view, lang, rv["round"], rv["turn"]),
              el("section", {"class": "mu-reveal card-panel", "data-testid": "reveal"},  # said by live_lines
                 el("h2", None, title) if rv["phase"] == "takes" else None, *body),
              _players(view, lang, None, _strips_before(view, rv), fresh))


# -- scores ------------------------------------------------------------------------------------------

def _breakdown(p: Mapping[str, Any], lang: str) -> Raw:
    """One player's round: each score card (value, cards, bonuses, points), objectives, round points."""
    objs = [el("li", {"class": f"mu-obj {'met' if o['met'] else 'missed'}"},
               w("objective_met", lang, text=o["text"], points=signed(o["points"])) if o["met"]
               else w("objective_missed", lang, text=o["text"]))
            for o in p["objectives"]]
    return el("div", {"class": "mu-breakdown"},
              strip_html(p["strip"], lang, points=True),
              el("p", {"class": "mu-sum"}, w("card_points", lang, points=p["card_points"])),
              el("ul", {"class": "mu-objs"}, *objs) if objs else None,
              el("p", {"class": "mu-sum strong"}, w("round_points", lang, points=p["points"])))


def _round_panel(view: Mapping[str, Any], lang: str, rnd: int) -> Raw:
    data = view["rounds"][rnd - 1]
    names = [s["name"] for s in view["seats"]]
    lasts = {x["seat"]: x["card"] for x in data["last_cards"]}
    cols = []
    for seat, p in enumerate(data["players"]):
        cols.append(el("div", {"class": "mu-final", "data-testid": f"round-{seat}"},
                       el("h3", None, f"{names[seat]} — {p['points']}"),
                       el("p", {"class": "mu-last"}, w("last_card", lang) + " ",
                          card(lasts[seat], lang, "mini")),
                       _breakdown(p, lang)))
    order = " ".join(str(v) for v in data["order"])
    return el("section", {"class": "mu-round-end", "data-testid": "round-end"},
              el("h2", None, w("round_over_title", lang, round=rnd, order=order)),
              el("div", {"class": "mu-finals"}, *cols))


def _end_screen(view: Mapping[str, Any], lang: str, ui: Mapping[str, Any]) -> Raw:
    result = view["result"]
    names = [s["name"] for s in view["seats"]]
    winners = result["winner"] if isinstance(result["winner"], list) else [result["winner"]]
    head = [el("th", None, "")] + [el("th", None, w("round", lang, round=r["round"])) for r in result["rounds"]] + [
        el("th", None, w("total", lang))]
    body = []
    for seat, name in enumerate(names):
        cells = [el("th", {"scope": "row"}, ("★ " if seat in winners else "") + name)]
        cells += [el("td", None, str(p)) for p in result["round_scores"][seat]]
        cells.append(el("td", {"class": "strong", "data-testid": f"final-total-{seat}"}, str(result["scores"][seat])))
        body.append(el("tr", {"class": "winner" if seat in winners else None}, *cells))
    table = el("table", {"class": "mu-table", "data-testid": "score-table"},
               el("thead", None, el("tr", None, *head)), el("tbody", None, *body))
    tiebreak = None
    if result["tiebreak"]:
        tiebreak = el("p", {"class": "notice mu-tiebreak", "data-testid": "tiebreak"},
                      w("tiebreak", lang) + " ", pick(result["steps"][-1], lang))
    rounds = []
    for r in result["rounds"]:
        cols = [el("div", {"class": "mu-final" + (" winner" if seat in winners else "")},
                   el("h4", None, f"{names[seat]} — {p['points']}"), _breakdown(p, lang))
                for seat, p in enumerate(r["players"])]
        order = " ".join(str(v) for v in r["order"])
        rounds.append(el("details", {"class": "mu-round-details", "open": r["round"] == len(result["rounds"])},
                         el("summary", None, w("round_order", lang, round=r["round"], order=order)),
                         el("div", {"class": "mu-finals"}, *cols)))
    steps = el("ol", {"class": "mu-steps", "data-testid": "steps"}, *[el("li", None, pick(s, lang)) for s in result["steps"]])
    title = (w("winners", lang, names=[names[s] for s in winners]) if len(winners) > 1
             else w("winner", lang, name=names[winners[0]]))
    return el("div", {"class": "mu-end", "data-testid": "end-screen"},
              el("h2", {"tabindex": "-1", "data-autofocus": True}, t("game_over", lang)),
              el("p", {"class": "mu-winner", "data-testid": "winner"}, title),
              tiebreak, table, *rounds,
              el("h3", None, w("breakdown", lang)), steps,
              live_only(ui, button(t("play_again", lang), "again", "btn btn-primary")))

