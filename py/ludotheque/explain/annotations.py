"""``meta.annotations`` of a record: per ply, a note in French and English and highlights.

Ply 0 is the position before any move; ply N the position after N moves. The engine
ignores ``meta``; this module is the one reader of the annotations (frames, rules
pages, the CLI), so a malformed one is refused here with a clear message rather than
silently dropped.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional

from ..core.record import Record, RecordError
from ..ui.highlight import Highlights

NOTE_KEYS = ("fr", "en")
HIGHLIGHT_KEYS = ("cards", "piles", "cells", "galleons", "seats", "line")


@dataclass(frozen=True)
class Annotation:
    ply: int
    fr: str = ""
    en: str = ""
    highlights: Highlights = Highlights()

    def note(self, lang: str) -> str:
        return (self.en if lang == "en" else self.fr) or self.fr or self.en


def _bad(ply: Any, fr: str, en: str) -> RecordError:
    return RecordError(f"Annotation du coup {ply} : {fr}", f"Annotation of ply {ply}: {en}")


def parse(record: Record) -> Dict[int, Annotation]:
    """The record's annotations by ply; RecordError names the first bad one."""
    raw = record.meta.get("annotations")
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise RecordError("meta.annotations doit être un objet {coup: annotation}.",
                          "meta.annotations must be an object {ply: annotation}.")
    out: Dict[int, Annotation] = {}
    for key, value in raw.items():
        try:
            ply = int(key)
        except (TypeError, ValueError):
            raise _bad(key, "le coup doit être un nombre.", "the ply must be a number.") from None
        if not 0 <= ply <= len(record.moves):
            raise _bad(ply, f"hors de la partie (0 à {len(record.moves)}).", f"outside the game (0 to {len(record.moves)}).")
        if not isinstance(value, Mapping):
            raise _bad(ply, "doit être un objet.", "must be an object.")
        unknown = set(value) - set(NOTE_KEYS) - set(HIGHLIGHT_KEYS)
        if unknown:
            raise _bad(ply, f"champ inconnu {sorted(unknown)}.", f"unknown field {sorted(unknown)}.")
        for k in NOTE_KEYS:
            if not isinstance(value.get(k, ""), str):
                raise _bad(ply, f"« {k} » doit être un texte.", f"'{k}' must be a text.")
        for k in HIGHLIGHT_KEYS:
            if not isinstance(value.get(k, []), list):
                raise _bad(ply, f"« {k} » doit être une liste.", f"'{k}' must be a list.")
        out[ply] = Annotation(ply, value.get("fr", ""), value.get("en", ""), Highlights.from_dict(value))
    return out


def at(annotations: Mapping[int, Annotation], ply: int) -> Optional[Annotation]:
    return annotations.get(ply)
