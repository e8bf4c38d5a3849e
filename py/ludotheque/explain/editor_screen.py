"""The example editor's screen (issue #24), as HTML text: step through a record, write a note
per ply, tap what to highlight, choose the plies, the view and the names, preview and export.

Pure like every screen, on the explainer's floor because the position is drawn by
``explain.frames.render_position``, the very function that draws an exported frame, so what the author sees is what the reader
will see; web/editor.py puts it in the page. The screen has three parts that are redrawn
apart (``work``: the position and its note; ``settings``; ``export``) so that typing a note
or stepping never reloads the live preview.
"""
from __future__ import annotations

import re
import unicodedata
from html import escape, unescape
from typing import Any, List, Mapping, Optional, Sequence, Tuple

from ..core.engine import Move
from ..core.timeline import play_logged
from ..games import engine_class
from ..games.replay import start
from ..session import Session
from ..ui.highlight import SEAT_TAGS
from ..ui.html import Raw, button, el
from ..core.messages import msg, say
from ..ui.i18n import pick
from ..ui.timeline import nav_buttons
from . import annotations as notes
from . import deals
from .draft import ALL, MARK_KINDS, PUBLIC, Draft, seat_view
from .frames import MAX_FRAMES, render_position

def w(key: str, lang: str, /, **values: Any) -> str:
    """The editor's words: the catalogues' ``editor.<key>``."""
    return say(msg("editor." + key, **values), lang)


def language_name(code: str) -> str:
    """A language in its own name (français, Deutsch): how a note field says which it is."""
    return say(msg("lang.name"), code)


SIZES: Tuple[Tuple[int, int], ...] = ((300, 300), (600, 400), (1024, 768))

_MARKABLE = re.compile(r'<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?\sdata-(card|face|cell|pile|galleon|seat)="([^"]*)"')
_KIND = {"card": "cards", "face": "cards", "cell": "cells", "pile": "piles", "galleon": "galleons", "seat": "seats"}


# -- the position ------------------------------------------------------------------------------

def markable(html: str) -> List[Tuple[str, str]]:
    """(kind, id) of everything on a board that can be highlighted, in order, once each: the
    same attributes ``ui.highlight.mark`` reads."""
    seen, out = set(), []
    for m in _MARKABLE.finditer(html):
        tag, attr, value = m.group(1).lower(), m.group(2), unescape(m.group(3))
        if attr == "seat" and tag not in SEAT_TAGS:
            continue
        item = (_KIND[attr], value.replace(" ", ""))
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def still(html: str) -> Raw:
    """The board made a picture to tap: no move can be played from it (its buttons lose their
    actions; a disabled one would swallow the tap)."""
    html = re.sub(r'\sdata-action="[^"]*"', "", html)
    html = re.sub(r'\saria-keyshortcuts="[^"]*"', "", html)
    return Raw(re.sub(r"\sdisabled(?=[\s>])", "", html))


def mark_label(kind: str, ident: str, draft: Draft, lang: str) -> str:
    if kind == "seats" and ident.isdigit() and int(ident) < len(draft.record.seats):
        return w("mark.seats", lang, id=draft.record.seats[int(ident)].name)
    return w(f"mark.{kind}", lang, id=ident)


def describe_ply(draft: Draft, session: Session, lang: str) -> str:
    if draft.ply == 0:
        return w("setup", lang)
    said = pick(session.history[-1].words(None), lang) if session.history else ""
    out = w("move_of", lang, ply=draft.ply, plies=draft.plies, said=said) if said \
        else w("move_of_short", lang, ply=draft.ply, plies=draft.plies)
    if not draft.first <= draft.ply <= draft.last:
        out += " " + w("outside", lang)
    return out


def work(draft: Draft, lang: str, other_open: bool = False) -> Raw:
    """The ply's position (as the reader will see it, highlights drawn) with the timeline's
    buttons, the note(s) and the highlights."""
    record = draft.to_record()
    engine = start(record)
    session = Session(engine, "editor")
    for text in record.moves[:draft.ply]:
        session.history.append(play_logged(engine, Move.decode(text)))
    parsed = notes.parse(record)
    frame = render_position(session, lang, draft.seat(), parsed.get(draft.ply), draft.view == ALL)
    nav = el("div", {"class": "tl-nav"}, *nav_buttons(draft.ply, draft.plies, lang, "ed"))
    position = el("div", {"class": "ed-position", "data-ply": draft.ply, "data-testid": "ed-position"},
                  el("div", {"id": "ed-board", "class": "ed-board", "data-testid": "ed-board"}, still(frame["html"])))
    fields = [note_field(draft, lang, lang)]
    # notes in the other languages, side by side: those already written, or all once asked for
    others = [code for code in notes.note_langs() if code != lang and (other_open or draft.note(code))]
    fields += [note_field(draft, code, lang) for code in others]
    if not other_open:
        fields.append(button(w("add_other", lang), "ed/other", "btn btn-ghost btn-small", data_testid="ed-add-other"))
    return el("section", {"id": "ed-work", "class": "ed-work", "data-ply": draft.ply, "data-plies": draft.plies,
                          "aria-label": w("position", lang)},
              el("div", {"class": "timeline card-panel ed-timeline"}, nav,
                 el("p", {"class": "tl-desc", "aria-live": "polite", "data-testid": "ed-desc"},
                    describe_ply(draft, session, lang))),
              el("div", {"class": "ed-columns"},
                 position,
                 el("div", {"class": "ed-side card-panel"},
                    *fields,
                    el("p", {"class": "hint"}, w("note_hint", lang)),
                    marks_panel(draft, frame["html"], lang))))


def note_field(draft: Draft, code: str, lang: str) -> Raw:
    """The note of the ply in language ``code``, labelled in the screen's language ``lang``."""
    main = code == lang
    return el("label", {"class": "field ed-note"},
              el("span", {"class": "ed-label"}, w("note", lang, language=language_name(code))),
              el("textarea", {"name": "note" if main else "note-" + code, "lang": code, "rows": 3, "maxlength": 1000,
                              "data-input": "ed-note", "data-lang": code,
                              "data-testid": "ed-note" if main else f"ed-note-{code}", "data-note-other": not main},
                 draft.note(code)))


def marks_panel(draft: Draft, board: str, lang: str) -> Raw:
    current = [(k, i) for k in MARK_KINDS for i in draft.marks.get(draft.ply, {}).get(k, [])]
    chips = [_chip(k, i, draft, lang, True) for k, i in current]
    others = [_chip(k, i, draft, lang, draft.marked(k, i)) for k, i in markable(board)]
    return el("fieldset", {"class": "ed-marks"},
              el("legend", None, w("marks", lang)),
              el("p", {"class": "hint"}, w("marks_hint", lang)),
              el("div", {"class": "ed-chips", "data-testid": "ed-marks-on"}, *chips) if chips
              else el("p", {"class": "empty"}, w("marks_none", lang)),
              el("details", {"class": "ed-marks-all"},
                 el("summary", None, w("marks_list", lang)),
                 el("div", {"class": "ed-chips"}, *others)) if others else None)


def _chip(kind: str, ident: str, draft: Draft, lang: str, on: bool) -> Raw:
    return button(mark_label(kind, ident, draft, lang), f"ed/mark/{kind}/{ident}", "btn btn-secondary btn-small ed-chip",
                  aria_pressed="true" if on else "false")


# -- settings ----------------------------------------------------------------------------------

def settings(draft: Draft, lang: str) -> Raw:
    seats = draft.record.seats
    views = [el("option", {"value": PUBLIC, "selected": draft.view == PUBLIC}, w("view_public", lang))]
    views += [el("option", {"value": seat_view(i), "selected": draft.view == seat_view(i)},
                 w("view_seat", lang, name=s.name)) for i, s in enumerate(seats)]
    views.append(el("option", {"value": ALL, "selected": draft.view == ALL, "disabled": not draft.over},
                    w("view_all", lang)))

    def ply_select(name: str, value: int) -> Raw:
        return el("select", {"name": name, "data-change": "ed-range", "data-testid": f"ed-{name}"},
                  *[el("option", {"value": i, "selected": i == value}, str(i)) for i in range(draft.plies + 1)])

    return el("section", {"id": "ed-settings", "class": "ed-settings card-panel", "aria-labelledby": "ed-settings-title"},
              el("h2", {"id": "ed-settings-title"}, w("settings", lang)),
              el("label", {"class": "field"}, w("ex_title", lang) + " ",
                 el("input", {"name": "ex-title", "value": draft.title.get(lang, ""), "maxlength": 120,
                              "data-input": "ed-title", "data-lang": lang, "data-testid": "ed-title"})),
              el("fieldset", {"class": "ed-range"},
                 el("legend", None, w("range", lang, first=draft.first, last=draft.last, max=MAX_FRAMES)),
                 el("label", {"class": "field"}, w("from", lang) + " ", ply_select("from", draft.first)),
                 el("label", {"class": "field"}, w("to", lang) + " ", ply_select("to", draft.last)),
                 button(w("from_here", lang), "ed/from-here", "btn btn-secondary btn-small", data_testid="ed-from-here"),
                 button(w("to_here", lang), "ed/to-here", "btn btn-secondary btn-small", data_testid="ed-to-here")),
              el("label", {"class": "field"}, w("view", lang) + " ",
                 el("select", {"name": "view", "data-change": "ed-view", "data-testid": "ed-view"}, *views)),
              None if draft.over else el("p", {"class": "hint"}, w("view_all_off", lang)),
              el("fieldset", {"class": "ed-names"},
                 el("legend", None, w("names", lang)),
                 el("p", {"class": "hint"}, w("names_hint", lang)),
                 *[el("label", {"class": "field"}, w("name_n", lang, number=i + 1) + " ",
                      el("input", {"name": f"seat-name-{i}", "value": s.name, "maxlength": 40,
                                   "data-change": "ed-name", "data-seat-index": i, "data-testid": f"ed-name-{i}"}))
                   for i, s in enumerate(seats)]))


# -- preview and export ------------------------------------------------------------------------

def file_stem(draft: Draft, lang: str) -> str:
    """A file name from the title (letters, digits and dashes), else "mon-exemple"."""
    text = unicodedata.normalize("NFKD", draft.display_title(lang)).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:50]
    return stem or w("file_stem", lang)


def iframe_snippet(draft: Draft, lang: str) -> str:
    title = draft.display_title(lang) or w("title", lang)
    return (f'<iframe src="{file_stem(draft, lang)}.html" width="600" height="400" '
            f'title="{escape(title, quote=True)}" style="border:0;max-width:100%"></iframe>')


def preview(draft: Draft, lang: str, size: Tuple[int, int]) -> Raw:
    sizes = [button(f"{x}×{y}", f"ed/size/{x}x{y}", "btn btn-secondary btn-small", aria_pressed="true" if (x, y) == size else "false",
                    data_testid=f"ed-size-{x}x{y}") for x, y in SIZES]
    return el("section", {"id": "ed-preview", "class": "ed-preview card-panel", "aria-labelledby": "ed-preview-title"},
              el("h2", {"id": "ed-preview-title"}, w("preview", lang)),
              el("div", {"class": "ed-sizes", "role": "group", "aria-label": w("size", lang)}, *sizes),
              el("div", {"class": "ed-frame-box", "tabindex": 0, "role": "group", "aria-label": w("preview", lang)},
                 el("iframe", {"id": "ed-frame", "class": "ed-frame", "title": w("preview", lang),
                               "width": size[0], "height": size[1], "data-testid": "ed-frame",
                               "src": f"explain.html?game={draft.game}&lang={lang}&try=inline&wait=host"})))


def deal_panel(draft: Draft, lang: str) -> Optional[Raw]:
    """The cards dealt, one field per pile or hand (games with a deal form only, deals.py)."""
    if draft.game not in deals.DEAL_GAMES:
        return None
    fields = [el("label", {"class": "field ed-deal-part"}, say(part.label, lang),
                 el("textarea", {"name": f"deal-{part.key}", "rows": 2, "spellcheck": "false",
                                 "data-testid": f"ed-deal-{part.key}"}, " ".join(part.codes)))
              for part in deals.parts(draft.record)]
    return el("section", {"id": "ed-deal", "class": "ed-deal card-panel"},
              el("details", None,
                 el("summary", None, w("deal", lang)),
                 el("p", {"class": "hint"}, w("deal_hint", lang)),
                 el("p", {"class": "hint"}, say(deals.legend(draft.game), lang)),
                 *fields,
                 button(w("deal_play", lang), "ed/deal", "btn btn-primary", data_testid="ed-deal-play")))


def export_panel(draft: Draft, lang: str) -> Raw:
    return el("section", {"id": "ed-export", "class": "ed-export card-panel", "aria-labelledby": "ed-export-title"},
              el("h2", {"id": "ed-export-title"}, w("export", lang)),
              el("p", {"class": "hint"}, w("export_lang", lang, language=language_name(lang))),
              el("div", {"class": "ed-export-buttons"},
                 button(w("export_html", lang), "export-example-html", "btn btn-primary"),
                 button(w("export_json", lang), "export-example-json", "btn btn-secondary"),
                 button(w("export_record", lang), "export-example-record", "btn btn-secondary")),
              el("label", {"class": "field ed-snippet"}, w("snippet", lang),
                 el("textarea", {"readonly": True, "rows": 3, "data-testid": "ed-snippet", "name": "snippet"},
                    iframe_snippet(draft, lang))),
              button(w("copy", lang), "ed/copy", "btn btn-secondary btn-small", data_testid="ed-copy"),
              el("p", {"class": "hint ed-cors"}, w("cors", lang)),
              open_file(lang))


def open_file(lang: str) -> Raw:
    return el("label", {"class": "btn btn-secondary import"}, w("open_file", lang) + " ",
              el("input", {"type": "file", "accept": ".json,application/json", "data-change": "ed-import",
                           "class": "visually-hidden", "data-testid": "ed-import"}))


def editor_screen(draft: Draft, lang: str, size: Tuple[int, int], other_open: bool, lang_switch: Raw,
                  saved: Optional[bool] = True) -> Raw:
    name = pick(engine_class(draft.game).describe()["name"], lang)
    return el("div", {"class": f"editor game-{draft.game}", "data-testid": "editor", "data-draft": draft.id},
              el("div", {"class": "game-bar"},
                 button("← " + w("back", lang), "ed/close", "btn btn-ghost btn-small"),
                 el("h1", {"class": "game-title", "tabindex": "-1"}, f"{w('title', lang)} — {name}"),
                 lang_switch),
              el("p", {"class": "notice", "role": "status", "data-testid": "ed-not-saved"}, w("not_saved", lang))
              if saved is False else None,
              work(draft, lang, other_open),
              preview(draft, lang, size),
              settings(draft, lang),
              export_panel(draft, lang),
              deal_panel(draft, lang))


# -- the home page -----------------------------------------------------------------------------

def drafts_list(entries: Sequence[Any], lang: str, names: Mapping[str, Mapping[str, str]]) -> Raw:
    """The home page's examples in progress: open or delete; an unreadable one can be deleted."""
    items = []
    for e in entries:
        if e.readable:
            game = pick(names.get(e.game) or e.game, lang)
            title = e.draft.display_title(lang) or w("untitled", lang)
            items.append(el("li", {"class": "save", "data-draft": e.id},
                            el("span", {"class": "save-title"}, f"{game} — {title}"),
                            el("span", {"class": "save-meta"},
                               f"{w('moves_n', lang, n=e.plies)} · {w('notes_n', lang, n=e.notes)}"),
                            button(w("open", lang), f"ed-open/{e.id}", "btn btn-primary btn-small"),
                            button(w("delete", lang), f"ed-delete/{e.id}", "btn btn-danger btn-small")))
        else:
            items.append(el("li", {"class": "save unreadable", "data-draft": e.id},
                            el("span", {"class": "save-title"}, w("unreadable", lang, id=e.id)),
                            el("span", {"class": "save-meta"}, pick(e.problem, lang) or "?"),
                            button(w("delete", lang), f"ed-delete/{e.id}", "btn btn-danger btn-small")))
    body = el("ul", {"class": "saves-list"}, *items) if items else el("p", {"class": "empty"}, w("drafts_empty", lang))
    return el("section", {"class": "saves drafts card-panel", "data-testid": "drafts"},
              el("h2", None, w("drafts", lang)), body, open_file(lang))
