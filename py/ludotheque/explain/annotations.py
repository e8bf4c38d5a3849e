"""``meta.annotations`` of a record: per ply, a note and highlights.

Ply 0 is the position before any move; ply N the position after N moves. The engine
ignores ``meta``; this module is the one reader of the annotations (frames, rules
pages, the editor, the CLI), so a malformed one is refused here with a clear message rather
than silently dropped.

A note is either an author's own text, one per language (``{"fr": "…", "de": "…"}``, any
language the catalogues have), or, for the site's own examples, a catalogue message
(``{"note": {"id": "example.mookies.spider.0"}}``): worded in the reader's language like
every other word of the site, so that a new language's rules pages have their notes from its
``.po`` file alone.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Optional, Sequence

from ..core.catalogue import SOURCE_LANG, load_words
from ..core.errors import quoted
from ..core.messages import Msg, from_data, msg, say
from ..core.record import Record, RecordError
from ..ui.highlight import Highlights

HIGHLIGHT_KEYS = ("cards", "piles", "cells", "galleons", "seats", "line")
MESSAGE_KEY = "note"


class ExampleError(RecordError):
    """An example that cannot be made (its annotations, settings, deal), as a message: a
    RecordError, so every caller that reports a bad record reports this one the same way."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


def note_langs() -> Sequence[str]:
    """The languages a note may be written in: every language of the catalogues."""
    return tuple(load_words().langs)


@dataclass(frozen=True)
class Annotation:
    ply: int
    texts: Mapping[str, str] = field(default_factory=dict)  # an author's notes by language
    message: Optional[Msg] = None                            # the site's note, from the catalogues
    highlights: Highlights = Highlights()

    def note(self, lang: str) -> str:
        """The note in ``lang``: the catalogue's message, else the author's text in that
        language, else in French, else in the first language written."""
        if self.message is not None:
            return say(self.message, lang)
        return self.texts.get(lang) or self.texts.get(SOURCE_LANG) or next(iter(self.texts.values()), "")


def _bad(ply: Any, what: Msg) -> ExampleError:
    return ExampleError(msg("explain.annotation.bad", ply=str(ply), what=what))


def parse(record: Record) -> Dict[int, Annotation]:
    """The record's annotations by ply; RecordError names the first bad one."""
    raw = record.meta.get("annotations")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ExampleError(msg("explain.annotation.not_object"))
    langs = note_langs()
    out: Dict[int, Annotation] = {}
    for key, value in raw.items():
        try:
            ply = int(key)
        except (TypeError, ValueError):
            raise _bad(quoted(key), msg("explain.annotation.ply_number")) from None
        if not 0 <= ply <= len(record.moves):
            raise _bad(ply, msg("explain.annotation.outside", last=len(record.moves)))
        if not isinstance(value, Mapping):
            raise _bad(ply, msg("explain.annotation.entry_object"))
        unknown = set(value) - set(langs) - set(HIGHLIGHT_KEYS) - {MESSAGE_KEY}
        if unknown:
            raise _bad(ply, msg("explain.annotation.unknown", field=quoted(sorted(unknown), 60)))
        for k in langs:
            if not isinstance(value.get(k, ""), str):
                raise _bad(ply, msg("explain.annotation.not_text", field=k))
        for k in HIGHLIGHT_KEYS:
            if not isinstance(value.get(k, []), list):
                raise _bad(ply, msg("explain.annotation.not_list", field=k))
        message = None
        if MESSAGE_KEY in value:
            message = from_data(value[MESSAGE_KEY])
            if not isinstance(message, Msg) or not message.id.startswith("example."):
                raise _bad(ply, msg("explain.annotation.bad_message"))
        texts = {k: value[k] for k in langs if value.get(k)}
        out[ply] = Annotation(ply, texts, message, Highlights.from_dict(value))
    return out


def at(annotations: Mapping[int, Annotation], ply: int) -> Optional[Annotation]:
    return annotations.get(ply)
