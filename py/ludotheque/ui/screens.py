"""Screens every game shares: set-up form, rules panel, saved games, the game frame."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Type

from ..core.engine import Engine
from ..core.errors import BadSetup
from ..core.rulebook import RuleSource
from ..core.seats import BotLevel, Seat, SeatKind
from ..core import catalogue
from ..core.messages import Msg, msg
from .html import Raw, bdi, button, el, join
from .i18n import labelled, offered, pick, t
from .levels import level_help_id, levels_help
from .notices import say
from .when import when_text


def default_seats(cls: Type[Engine], count: Optional[int] = None, lang: str = "fr") -> List[Seat]:
    """One person and bots for the other seats: the quickest way to a game."""
    n = count or cls.MIN_SEATS
    seats = [Seat(catalogue.say("screens.player_n", lang, n=1), SeatKind.HUMAN, youngest=True)]
    for i in range(1, n):
        seats.append(Seat(catalogue.say("screens.bot_n", lang, n=i), SeatKind.BOT, BotLevel.NORMAL))
    return seats


def relabel_default_names(cls: Type[Engine], seats: Sequence[Seat], old: str, new: str) -> List[Seat]:
    """The seats after a language switch: a name still as we proposed it ("Joueur 1",
    "Robot 2") becomes the same proposal in the new language; a name the person typed stays."""
    before = default_seats(cls, len(seats), old)
    after = default_seats(cls, len(seats), new)
    return [replace(seat, name=after[i].name) if seat.name == before[i].name else seat
            for i, seat in enumerate(seats)]


def setup_form(cls: Type[Engine], lang: str, seats: Sequence[Seat], options: Mapping[str, Any],
               error: Optional[Msg] = None) -> Raw:
    desc = cls.describe()
    name = pick(desc["name"], lang)
    rows = []
    if cls.MIN_SEATS != cls.MAX_SEATS:
        count_opts = join(
            el("option", {"value": n, "selected": n == len(seats)}, str(n))
            for n in range(cls.MIN_SEATS, cls.MAX_SEATS + 1)
        )
        rows.append(el("label", {"class": "field"}, t("players", lang) + " ",
                       el("select", {"name": "count", "data-change": "setup-count"}, count_opts)))
    needs_youngest = "youngest" in cls.SEAT_FIELDS
    for i, seat in enumerate(seats):
        kind = el("select", {"name": f"seat-{i}-kind", "aria-label": catalogue.say("screens.seat_kind", lang, n=i + 1)},
                  el("option", {"value": "human", "selected": not seat.is_bot}, t("human", lang)),
                  el("option", {"value": "bot", "selected": seat.is_bot}, t("bot", lang)))
        # each seat's controls named apart ("Niveau du joueur 2"), not two menus called "Niveau"
        level = el("select", {"name": f"seat-{i}-level", "aria-label": catalogue.say("screens.seat_level", lang, n=i + 1),
                              "aria-describedby": level_help_id(cls.GAME_ID)},
                   *[el("option", {"value": lv.value, "selected": seat.level is lv}, t(lv.value, lang))
                     for lv in BotLevel])
        parts = [
            el("input", {"name": f"seat-{i}-name", "value": seat.name, "maxlength": 40,
                         "aria-label": catalogue.say("screens.seat_name", lang, n=i + 1), "required": True}),
            kind,
            level,
        ]
        if needs_youngest:
            parts.append(el("label", {"class": "youngest"},
                            el("input", {"type": "radio", "name": "youngest", "value": i, "checked": seat.youngest}),
                            " " + t("youngest", lang),
                            el("span", {"class": "visually-hidden"}, " " + catalogue.say("screens.seat_youngest", lang, n=i + 1))))
        rows.append(el("div", {"class": "seat-row", "data-seat": i}, *parts))
    values = {o["name"]: options.get(o["name"], o["default"]) for o in desc["options"]}
    controlling = {o["applies_when"]["option"] for o in desc["options"] if o.get("applies_when")}
    option_rows = [_option_field(o, values[o["name"]], lang, seats, o["name"] in controlling)
                   for o in desc["options"] if _applies(o, values)]
    return el(
        "form", {"class": "setup card-panel", "id": "setup-form", "data-game": cls.GAME_ID, "data-submit": "start"},
        el("h1", {"class": "setup-title"}, f"{name} — {t('new_game', lang)}"),
        el("div", {"class": "form-error", "role": "alert"}, pick(error, lang)) if error else None,
        el("fieldset", None, el("legend", None, t("players", lang)), *rows, levels_help(cls.GAME_ID, lang)),
        el("fieldset", {"class": "options"}, el("legend", None, t("options", lang)), *[r for r in option_rows if r]),
        el("div", {"class": "form-actions"},
           button(t("rules", lang), "rules", "btn btn-secondary"),
           el("button", {"type": "submit", "class": "btn btn-primary", "data-testid": "start"}, t("start", lang))),
    )


def _applies(o: Mapping[str, Any], values: Mapping[str, Any]) -> bool:
    when = o.get("applies_when")
    return when is None or values.get(when["option"]) in when["values"]


def _option_field(o: Mapping[str, Any], value: Any, lang: str, seats: Sequence[Seat] = (),
                  controlling: bool = False) -> Optional[Raw]:
    """One option's control; a ``controlling`` one (others apply only for some of its values)
    redraws the form when changed."""
    label = pick(o["label"], lang)
    name = f"opt-{o['name']}"
    # the help is the control's description, said once: kept out of the label's name (aria-hidden
    # inside the label, still read through aria-describedby)
    help_id = f"help-{name}" if o["help"] else None
    extra = {"data-change": "setup-options"} if controlling else {}
    if help_id:
        extra = {**extra, "aria-describedby": help_id}
    hint = el("small", {"class": "hint", "id": help_id, "aria-hidden": "true"}, pick(o["help"], lang)) if help_id else None
    if o.get("seat") and seats:
        # a seat number: offer the seats of the form by their place and name
        control = el("select", {"name": name, **extra},
                     *[el("option", {"value": i, "selected": i == value}, f"{i + 1}. {s.name}") for i, s in enumerate(seats)])
        return el("label", {"class": "field"}, label + " ", control, hint)
    if o["kind"] == "bool":
        control = el("input", {"type": "checkbox", "name": name, "checked": bool(value), **extra})
        return el("label", {"class": "field check"}, control, " " + label, hint)
    if o["kind"] == "int":
        control = el("input", {"type": "number", "name": name, "value": value, "min": o.get("min"),
                               "max": o.get("max"), "inputmode": "numeric", **extra})
        return el("label", {"class": "field"}, label + " ", control, hint)
    if o["kind"] == "choice":
        if len(o["choices"]) < 2:
            return None  # nothing to choose: shown in the rules panel only
        control = el("select", {"name": name, **extra},
                     *[el("option", {"value": c["value"], "selected": c["value"] == value}, pick(c["label"], lang))
                       for c in o["choices"]])
        return el("label", {"class": "field"}, label + " ", control, hint)
    return None


def parse_setup(cls: Type[Engine], fields: Mapping[str, str], lang: str = "fr") -> Tuple[List[Seat], Dict[str, Any]]:
    """Seats and options from the set-up form's fields; BadSetup says what is wrong."""
    seats, options = _read_setup(cls, fields, strict=True)
    if len({s.name for s in seats}) != len(seats):
        raise BadSetup(msg("screens.same_name"))
    cls.OPTIONS.resolve(options)  # validates ranges
    return seats, options


def form_state(cls: Type[Engine], fields: Mapping[str, str]) -> Tuple[List[Seat], Dict[str, Any]]:
    """The form as the person left it, read without judging it (an empty name stays empty, a
    value that does not parse is left out), so that drawing the form again (another player
    count, another mode, an error to show) keeps everything typed."""
    return _read_setup(cls, fields, strict=False)


def _read_setup(cls: Type[Engine], fields: Mapping[str, str], strict: bool) -> Tuple[List[Seat], Dict[str, Any]]:
    try:
        count = int(fields.get("count", cls.MIN_SEATS))
    except ValueError:
        count = cls.MIN_SEATS
    count = max(cls.MIN_SEATS, min(cls.MAX_SEATS, count))
    youngest = fields.get("youngest")
    seats = []
    for i in range(count):
        name = (fields.get(f"seat-{i}-name") or "").strip()
        if not name and strict:
            raise BadSetup(msg("screens.name_missing", n=i + 1))
        raw = {"name": name or "?", "kind": fields.get(f"seat-{i}-kind", "human"),
               "level": fields.get(f"seat-{i}-level", "normal"),
               "youngest": youngest is not None and str(youngest) == str(i)}
        if strict:
            seats.append(Seat.from_dict(raw))
            continue
        try:
            seats.append(replace(Seat.from_dict(raw), name=name[:40]))
        except BadSetup:
            seats.append(Seat(name[:40], SeatKind.HUMAN))
    options: Dict[str, Any] = {}
    for o in cls.OPTIONS:
        key = f"opt-{o.name}"
        if o.kind == "bool":  # an unticked box sends nothing
            options[o.name] = key in fields and fields[key] not in ("", "off", "false")
            continue
        if key not in fields:
            continue
        raw_value = fields[key]
        if o.kind == "int":
            try:
                options[o.name] = int(raw_value)
            except ValueError:
                if strict:
                    raise BadSetup(msg("screens.not_a_number", option=o.label_msg)) from None
        elif o.kind == "choice":
            match = [c for c in o.choices if str(c) == raw_value]
            if match:
                options[o.name] = match[0]
            elif strict:
                raise BadSetup(msg("screens.bad_choice", option=o.label_msg))
    return seats, options


def rules_panel(cls: Type[Engine], lang: str, options: Optional[Mapping[str, Any]] = None,
                extra: Optional[Raw] = None) -> Raw:
    """The game's rules and house rules; `extra`: more sections (e.g. the undo policy)."""
    desc = cls.describe()
    opts = {o["name"]: o for o in desc["options"]}
    values = dict(cls.OPTIONS.defaults())
    values.update(options or {})

    # an engine may word a rule's value itself (a rule that several options change together)
    worded = cls.rule_values(values) if hasattr(cls, "rule_values") else {}

    def rule_items(source: RuleSource) -> List[Raw]:
        items = []
        for rule in desc["rules"]:
            if rule["source"] != source.value:
                continue
            extra = None
            if rule.get("option") and rule["option"] in opts:
                name = rule["option"]
                value = pick(worded[rule["id"]], lang) if rule["id"] in worded else \
                    cls.OPTIONS.get(name).value_text(values.get(name, opts[name]["default"]), lang)
                extra = el("span", {"class": "rule-value"}, " — " + labelled(t("current_value", lang), value, lang))
            items.append(el("li", {"data-rule": rule["id"]}, pick(rule["text"], lang), extra, rule_page_link(cls.GAME_ID, rule["id"], lang)))
        return items

    sections = [el("h3", None, t("spec_rules", lang)), el("ol", {"class": "rules-list"}, *rule_items(RuleSource.SPEC))]
    facts = rule_items(RuleSource.FACT)
    if facts:
        sections += [el("h3", None, t("facts", lang)), el("ul", {"class": "rules-list"}, *facts)]
    sections += [el("h3", None, t("house_rules", lang)), el("ul", {"class": "rules-list house"}, *rule_items(RuleSource.HOUSE))]
    sections += access_section(lang, values)
    return el("div", {"class": "rules-panel", "role": "dialog", "aria-modal": "true", "aria-labelledby": "rules-title"},
              el("div", {"class": "rules-inner"},
                 el("div", {"class": "rules-head"},
                    el("h2", {"id": "rules-title"}, f"{t('rules', lang)} — {pick(desc['name'], lang)}"),
                    button("✕", "close-rules", "btn btn-ghost btn-small", aria_label=t("close", lang))),
                 el("p", {"class": "rules-page-link"},
                    el("a", {"href": rules_page_url(cls.GAME_ID, lang), "target": "_blank", "data-testid": "rules-page"},
                       t("illustrated_rules", lang))),
                 *sections,
                 extra,
                 button(t("close", lang), "close-rules", "btn btn-primary")))


def access_section(lang: str, values: Mapping[str, Any]) -> List[Raw]:
    """Every rules panel says how to play by keyboard and by ear (the site's accessibility page);
    a game with a timed race says how long it lasts and where to make it longer."""
    said = [catalogue.say("screens.access.text", lang)]
    if "slap_window_ms" in values:
        said.append(catalogue.say("screens.access.plaf", lang, ms=values["slap_window_ms"]))
    link = el("a", {"href": page_url("accessibility", lang), "target": "_blank", "data-testid": "access-page"},
              catalogue.say("screens.access.link", lang))
    return [el("h3", None, catalogue.say("screens.access.title", lang)),
            el("p", {"class": "rules-access", "data-testid": "rules-access"}, " ".join(said) + " ", link)]


def page_url(page: str, lang: str, anchor: str = "") -> str:
    """A page of rules/ in ``lang``: rules/<page>.html in French (the source), rules/<page>.<lang>.html
    in every other language the app offers (scripts/build.py writes one per complete catalogue,
    explain/rules_pages.py page_name), the French one for a language it does not offer."""
    code = lang if lang in offered() else catalogue.SOURCE_LANG
    name = f"{page}.html" if code == catalogue.SOURCE_LANG else f"{page}.{code}.html"
    return f"rules/{name}" + (f"#{anchor}" if anchor else "")


def rules_page_url(game_id: str, lang: str, rule_id: str = "") -> str:
    """The game's illustrated rules page (rules/<game>.html, built by scripts/build.py), at a rule's section."""
    return page_url(game_id, lang, f"rule-{rule_id}" if rule_id else "")


def rule_page_link(game_id: str, rule_id: str, lang: str) -> Raw:
    """A small link from a rule of the rules panel to the same rule, explained, on the rules page."""
    return el("a", {"class": "rule-more", "href": rules_page_url(game_id, lang, rule_id), "target": "_blank",
                    "aria-label": t("rule_more", lang), "title": t("rule_more", lang)}, " ↗")


def replay_word(lang: str) -> str:
    from .timeline import w  # the timeline screen owns its words

    return w("replay", lang)


def saves_list(entries: Sequence[Any], lang: str, names: Mapping[str, Any], saving_on: bool,
               off_text: Optional[str] = None, now: str = "", offset_minutes: int = 0,
               deleted: Optional[Mapping[str, str]] = None, tools: Optional[Raw] = None) -> Raw:
    """The home page's saved games: resume or delete; unreadable ones (with the reason) can be
    exported as stored or deleted, never resumed. `off_text` says why saving is off. Dates as
    people say them (ui.when) when `now` is given; a game just deleted can be brought back
    (`deleted`: its id and title) for a few seconds. `tools` goes under the list (export, import)."""
    items = []
    if deleted:
        items.append(el("li", {"class": "save undo", "role": "status", "data-testid": "deleted"},
                        el("span", {"class": "save-title"}, f"{t('deleted', lang)} — ", bdi(deleted['title'])),
                        button(t("undo_delete", lang), "undo-delete", "btn btn-primary btn-small", data_testid="undo-delete")))
    for e in entries:
        if e.readable:
            game = pick(names.get(e.game, e.game), lang)
            status = t("over", lang) if e.over else catalogue.say("screens.saves.moves", lang, n=e.moves)
            when = when_text(e.updated, now, offset_minutes, lang) if now else e.updated[:16].replace("T", " ")
            branched = None
            if e.branched_at is not None:
                branched = el("span", {"class": "save-branch", "data-testid": "branched"},
                              " " + (t("branched_start", lang) if e.branched_at == 0
                                     else catalogue.say("screens.saves.branched_at", lang, ply=e.branched_at)))
            # a finished game is watched again, never resumed: "Revoir" comes first
            resume = None if e.over else button(t("resume", lang), f"resume/{e.id}", "btn btn-primary btn-small")
            items.append(el("li", {"class": "save", "data-save": e.id, "data-over": "1" if e.over else None},
                            el("span", {"class": "save-title"}, f"{game} — ", bdi(e.title)),
                            el("span", {"class": "save-meta"}, f"{status} · ", el("span", {"class": "save-when"}, when),
                               branched),
                            resume,
                            button(replay_word(lang), f"replay/{e.id}",
                                   "btn btn-primary btn-small" if e.over else "btn btn-secondary btn-small"),
                            button(t("export", lang), f"export-save/{e.id}", "btn btn-secondary btn-small"),
                            button(t("delete", lang), f"delete/{e.id}", "btn btn-danger btn-small")))
        else:
            items.append(el("li", {"class": "save unreadable", "data-save": e.id},
                            el("span", {"class": "save-title"}, f"{t('unreadable', lang)} (", bdi(e.id), ")"),
                            el("span", {"class": "save-meta"}, pick(e.problem, lang) if e.problem else "?"),
                            button(say("export_raw", lang), f"export-save/{e.id}", "btn btn-secondary btn-small"),
                            button(t("delete", lang), f"delete/{e.id}", "btn btn-danger btn-small")))
    body = el("ul", {"class": "saves-list"}, *items) if items else el("p", {"class": "empty"}, t("no_saves", lang))
    notice = None if saving_on else el("p", {"class": "notice", "role": "status", "data-testid": "saving-off"},
                                       off_text or t("saving_off", lang))
    if tools is None:  # the import alone (the app passes ui/save_transfer.tools: export too)
        tools = el("label", {"class": "btn btn-secondary import"},
                   t("import", lang) + " ",
                   el("input", {"type": "file", "accept": ".json,application/json", "data-change": "import",
                                "id": "import-file", "class": "visually-hidden"}))
    return el("section", {"class": "saves card-panel"},
              el("h2", None, t("saved_games", lang)), notice, body, tools)


def game_frame(cls: Type[Engine], lang: str, status: str, board: Raw, saving_on: bool, embed: bool,
               banner: Optional[str] = None, extra_tools: Optional[Raw] = None,
               off_text: Optional[str] = None) -> Raw:
    name = pick(cls.describe()["name"], lang)
    tools = [
        None if embed else button("← " + t("home", lang), "home", "btn btn-ghost btn-small"),
        el("h1", {"class": "game-title", "tabindex": "-1"}, name),
        # one row on a phone (css/games.css: it scrolls sideways), in the bar's flow elsewhere
        el("div", {"class": "game-tools"},
           button(t("rules", lang), "rules", "btn btn-ghost btn-small"),
           button(t("new_game", lang), "new", "btn btn-ghost btn-small"),
           button(t("export_short", lang), "export", "btn btn-ghost btn-small", title=t("export_hint", lang)),
           button(t("share", lang), "share", "btn btn-ghost btn-small", title=t("share_hint", lang)),
           extra_tools),
        lang_switch(lang),
    ]
    return el("div", {"class": f"game game-{cls.GAME_ID}"},
              el("div", {"class": "game-bar"}, *tools),
              None if saving_on else el("p", {"class": "notice", "role": "status", "data-testid": "saving-off"},
                                        off_text or t("saving_off", lang)),
              el("p", {"class": "banner"}, banner) if banner else None,
              # said in the page's live region (web/a11y.py): this paragraph is redrawn with the board
              el("p", {"class": "status", "id": "status", "data-testid": "status"}, status),
              board)


def lang_switch(lang: str) -> Raw:
    """The language menu of the game bar and the set-up screen (embeds have no site header):
    every language the app offers, each named in its own words ("DE — Deutsch"), so a person
    finds theirs whatever the screen shows; a native <select>, keyboard and touch friendly."""
    options = [el("option", {"value": code, "lang": code, "selected": code == lang},
                  catalogue.say("lang.switch_label", code)) for code in offered()]
    return el("select", {"class": "lang-switch", "data-change": "lang", "data-testid": "lang-switch",
                         "aria-label": catalogue.say("lang.menu_label", lang)}, *options)
