"""An example being made in the app (the example editor, issue #24): a record, the plies the
reader will see, whose view, the seats' names, and per ply a note (one per language) and
highlights.

Why a model of its own, pure Python: the editor screen (ui/editor.py), the drafts kept in
local storage (drafts.py) and the exports all read and write this one object, and the rules
an author must not get around (all cards only for a finished game, neutral names by
default, the frame limit) are enforced here and in frames.py, under pytest, not only by
what the screen offers. A draft *is* an annotated record (docs/embed.md) plus the ply on
screen: exporting writes ``to_record()``, importing reads it back with ``from_record``, and
the frames come from ``render_frames`` exactly as ``python3 -m ludotheque render`` makes them.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..core.errors import quoted
from ..core.catalogue import SOURCE_LANG
from ..core.messages import is_message, msg, say
from ..core.record import Record
from ..games.replay import replay
from . import annotations as notes
from .annotations import ExampleError
from .frames import MAX_FRAMES, render_frames

NOTE_MAX = 1000      # characters of one note: a sentence or three, never a page
NAME_MAX = 40        # as a seat's name in the set-up form
TITLE_MAX = 120
# What an author may highlight by tapping (the annotations' vocabulary, ui/highlight.py).
MARK_KINDS = ("cards", "piles", "cells", "galleons", "seats")
PUBLIC = "public"    # nobody's hidden cards
ALL = "all"          # every hidden card: finished games only


def neutral_name(i: int, lang: str) -> str:
    return say(msg("explain.draft.neutral_name", number=i + 1), lang)


def seat_view(i: int) -> str:
    return f"seat/{i}"


class AllCardsRefused(ExampleError):
    def __init__(self) -> None:
        super().__init__(msg("explain.all_cards_refused"))


@dataclass
class Draft:
    """The editor's state. ``record`` holds the game with the names the example will show."""

    id: str
    record: Record
    over: bool
    ply: int = 0
    first: int = 0
    last: int = 0
    view: str = PUBLIC
    notes: Dict[int, Dict[str, str]] = field(default_factory=dict)
    marks: Dict[int, Dict[str, List[str]]] = field(default_factory=dict)
    title: Dict[str, str] = field(default_factory=dict)
    # the rule ids the example illustrates (meta.rules: the rules pages place an example by
    # them); the editor does not change them, but a record opened again keeps them
    rules: List[str] = field(default_factory=list)
    updated: str = ""

    # -- making one ------------------------------------------------------------------------------
    @classmethod
    def start(cls, draft_id: str, record: Record, lang: str = "fr", ply: Optional[int] = None) -> "Draft":
        """A draft on any record: a game (its people's names replaced by neutral ones, so that
        children's real names are never published by accident) or an annotated record
        exported earlier (its names, window, notes and highlights kept)."""
        authored = "annotations" in record.meta or "explain" in record.meta
        if not authored:
            record = replace(record, seats=[replace(s, name=neutral_name(i, lang)) for i, s in enumerate(record.seats)],
                             meta={})
        d = cls.from_record(draft_id, record)
        d.go(d.last if ply is None else ply)
        return d

    @classmethod
    def from_record(cls, draft_id: str, record: Record) -> "Draft":
        """An annotated record read back (RecordError names what is wrong)."""
        engine = replay(record)  # a record that does not replay is refused here, before anything
        n = len(record.moves)
        parsed = notes.parse(record)
        spec = record.meta.get("explain") or {}
        if not isinstance(spec, Mapping):
            raise ExampleError(msg("explain.settings_not_object"))
        first = _int(spec.get("from"), 0, n)
        last = _int(spec.get("to"), first, n, default=n)
        seat = spec.get("seat", None)
        view = ALL if spec.get("all") else (seat_view(seat) if isinstance(seat, int) and 0 <= seat < len(record.seats)
                                            else PUBLIC)
        title = record.meta.get("title")
        langs = notes.note_langs()
        d = cls(draft_id, replace(record, meta={}), engine.is_over(), first=first, last=last,
                title=_titles(title, langs), rules=[str(r) for r in record.meta.get("rules") or []])
        if view == ALL and not d.over:
            raise AllCardsRefused()
        d.view = view
        for ply, ann in parsed.items():
            text = dict(ann.texts) if ann.message is None else {k: ann.note(k) for k in langs}
            if text:
                d.notes[ply] = text
            hl = ann.highlights
            marks = {k: sorted(getattr(hl, k)) for k in MARK_KINDS if getattr(hl, k)}
            if marks:
                d.marks[ply] = marks
        d.last = min(d.last, d.first + MAX_FRAMES - 1)
        d.ply = d.first
        return d

    # -- the record it exports -------------------------------------------------------------------
    @property
    def plies(self) -> int:
        return len(self.record.moves)

    @property
    def game(self) -> str:
        return self.record.game

    def seat(self) -> Optional[int]:
        return int(self.view.split("/")[1]) if self.view.startswith("seat/") else None

    def to_record(self) -> Record:
        """The annotated record: what every export is made from."""
        explain: Dict[str, Any] = {"from": self.first, "to": self.last, "seat": self.seat()}
        if self.view == ALL:
            explain["all"] = True
        meta: Dict[str, Any] = {}
        if any(self.title.values()):
            meta["title"] = {k: v for k, v in self.title.items() if v}
        if self.rules:
            meta["rules"] = list(self.rules)
        meta["explain"] = explain
        annotations: Dict[str, Any] = {}
        for ply in sorted(set(self.notes) | set(self.marks)):
            entry: Dict[str, Any] = {k: v for k, v in self.notes.get(ply, {}).items() if v}
            entry.update({k: list(v) for k, v in self.marks.get(ply, {}).items() if v})
            if entry:
                annotations[str(ply)] = entry
        if annotations:
            meta["annotations"] = annotations
        return replace(self.record, meta=meta)

    def frames(self, lang: str) -> Dict[str, Any]:
        """The frames document, by the same code as the ``render`` command."""
        return render_frames(self.to_record(), lang)

    # -- editing ---------------------------------------------------------------------------------
    def go(self, ply: int) -> None:
        self.ply = max(0, min(self.plies, int(ply)))

    def step(self, verb: str) -> None:
        target = {"first": 0, "prev": self.ply - 1, "next": self.ply + 1, "last": self.plies}.get(verb)
        if target is not None:
            self.go(target)

    def note(self, lang: str, ply: Optional[int] = None) -> str:
        return self.notes.get(self.ply if ply is None else ply, {}).get(lang, "")

    def set_note(self, lang: str, text: str, ply: Optional[int] = None) -> None:
        if lang not in notes.note_langs():
            raise ExampleError(msg("explain.unknown_lang", code=quoted(lang)))
        at = self.ply if ply is None else ply
        entry = self.notes.setdefault(at, {})
        entry[lang] = str(text)[:NOTE_MAX]
        if not entry[lang]:
            del entry[lang]
        if not entry:
            del self.notes[at]

    def marked(self, kind: str, ident: str, ply: Optional[int] = None) -> bool:
        return ident in self.marks.get(self.ply if ply is None else ply, {}).get(kind, [])

    def toggle(self, kind: str, ident: str) -> bool:
        """Highlight ``ident`` at the current ply, or take the highlight off; True when now on."""
        if kind not in MARK_KINDS:
            raise ExampleError(msg("explain.draft.unknown_highlight", kind=quoted(kind)))
        ident = str(ident).replace(" ", "")[:40]
        entry = self.marks.setdefault(self.ply, {})
        ids = entry.setdefault(kind, [])
        on = ident not in ids
        if on:
            ids.append(ident)
        else:
            ids.remove(ident)
        if not ids:
            del entry[kind]
        if not entry:
            del self.marks[self.ply]
        return on

    def set_range(self, first: Optional[int] = None, last: Optional[int] = None) -> None:
        """First and last ply shown; the other end follows so that first <= last and the
        example stays within the frame limit."""
        n = self.plies
        if first is not None:
            self.first = max(0, min(n, int(first)))
            self.last = max(self.last, self.first)
            self.last = min(self.last, self.first + MAX_FRAMES - 1)
        if last is not None:
            self.last = max(0, min(n, int(last)))
            self.first = min(self.first, self.last)
            self.first = max(self.first, self.last - MAX_FRAMES + 1)

    def set_view(self, view: str) -> None:
        if view == ALL:
            if not self.over:
                raise AllCardsRefused()
        elif view != PUBLIC:
            if not view.startswith("seat/") or not view[5:].isdigit() or int(view[5:]) >= len(self.record.seats):
                raise ExampleError(msg("explain.draft.unknown_view", view=quoted(view, 20)))
        self.view = view

    def rename(self, seat: int, name: str, lang: str = "fr") -> None:
        if not 0 <= seat < len(self.record.seats):
            raise ExampleError(msg("explain.unknown_seat", seat=quoted(seat)))
        clean = " ".join(str(name).split())[:NAME_MAX] or neutral_name(seat, lang)
        seats = list(self.record.seats)
        seats[seat] = replace(seats[seat], name=clean)
        self.record = replace(self.record, seats=seats)

    def set_title(self, lang: str, text: str) -> None:
        if lang in notes.note_langs():
            self.title[lang] = " ".join(str(text).split())[:TITLE_MAX]

    # -- storage ---------------------------------------------------------------------------------
    def to_dict(self) -> Dict[str, Any]:
        return {"id": self.id, "ply": self.ply, "updated": self.updated, "record": self.to_record().to_dict()}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Draft":
        record = Record.from_dict(d.get("record"))
        draft = cls.from_record(str(d.get("id", "")), record)
        draft.go(d.get("ply", draft.first) if isinstance(d.get("ply"), int) else draft.first)
        draft.updated = str(d.get("updated", ""))
        return draft

    def display_title(self, lang: str) -> str:
        """The title in ``lang``, else in French, else in the first language written."""
        return self.title.get(lang) or self.title.get(SOURCE_LANG) or next((t for t in self.title.values() if t), "")


def _titles(title: Any, langs: Sequence[str]) -> Dict[str, str]:
    """An example's title by language: an author's (one per language) or, for one of the
    site's examples opened in the editor, its catalogue message worded in each language."""
    if is_message(title):
        return {k: say(title, k)[:TITLE_MAX] for k in langs}
    if isinstance(title, Mapping):
        return {k: str(v)[:TITLE_MAX] for k, v in title.items() if k in langs}
    return {}


def _int(value: Any, lo: int, hi: int, default: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return lo if default is None else default
    return max(lo, min(hi, value))
