"""Examples being made (the example editor's drafts), kept in local storage beside the saves.

Same rules as saves.py: our own key prefix, one versioned entry per draft, written at every
change (a reload never loses a note), an entry that cannot be read is listed as such and can
be deleted without hiding the others, and the store is never cleared as a whole. The
backend is the saves' one (localStorage in the page, a dict under pytest).
"""
from __future__ import annotations

from dataclasses import dataclass
from json import dumps, loads
from typing import Any, List, Optional

from ..core.boundary import as_ludo_error
from ..core.catalogue import SOURCE_LANG
from ..core.errors import shorten
from ..core.messages import msg
from ..core.record import check_text
from ..saves import PREFIX, StorageUnavailable
from .draft import Draft

DRAFT_PREFIX = PREFIX + "draft/"
SCHEMA = 1


@dataclass
class DraftEntry:
    id: str
    readable: bool
    game: str = ""
    title: str = ""
    updated: str = ""
    plies: int = 0
    notes: int = 0
    draft: Optional[Draft] = None
    problem: Any = None  # why it cannot be read: a message (core/messages.py), worded when listed


@dataclass
class DraftStore:
    backend: Any

    def key(self, draft_id: str) -> str:
        return DRAFT_PREFIX + draft_id

    def save(self, draft: Draft, updated: str) -> bool:
        """Write the draft; False when storage refuses (the editor says so, the draft stays on screen)."""
        draft.updated = updated
        entry = {"schema": SCHEMA, "game": draft.game, **draft.to_dict()}
        try:
            self.backend.set(self.key(draft.id), dumps(entry, ensure_ascii=False, separators=(",", ":")))
        except StorageUnavailable:
            return False
        return True

    def load(self, draft_id: str) -> DraftEntry:
        try:
            raw = self.backend.get(self.key(draft_id))
        except StorageUnavailable:
            raw = None
        if raw is None:
            return DraftEntry(draft_id, False, problem=msg("explain.draft.not_found", id=shorten(draft_id)))
        return self._parse(draft_id, raw)

    def _parse(self, draft_id: str, raw: str) -> DraftEntry:
        try:
            check_text(raw)
            data = loads(raw)
            if not isinstance(data, dict) or data.get("schema") != SCHEMA:
                return DraftEntry(draft_id, False, problem=msg("explain.draft.unknown_version"))
            draft = Draft.from_dict({**data, "id": draft_id})
        except Exception as exc:  # the boundary: any failure makes this one entry unreadable, in words
            err = as_ludo_error(exc)
            return DraftEntry(draft_id, False, problem=err.msg)
        return DraftEntry(draft_id, True, draft.game, draft.display_title(SOURCE_LANG), draft.updated, draft.plies,
                          len(draft.notes), draft)

    def delete(self, draft_id: str) -> None:
        try:
            self.backend.remove(self.key(draft_id))
        except StorageUnavailable:
            pass

    def list(self) -> List[DraftEntry]:
        """Every draft, newest first; unreadable ones included, flagged."""
        try:
            keys = [k for k in self.backend.keys() if k.startswith(DRAFT_PREFIX)]
        except StorageUnavailable:
            return []
        out = []
        for key in keys:
            draft_id = key[len(DRAFT_PREFIX):]
            try:
                raw = self.backend.get(key)
            except StorageUnavailable:
                continue
            if raw is not None:
                out.append(self._parse(draft_id, raw))
        out.sort(key=lambda e: (e.readable, e.updated), reverse=True)
        return out
