"""Saved games: one versioned entry per game under our own key prefix.

Pure Python over a tiny key-value backend, so the logic is tested under pytest and
the browser only supplies localStorage. An entry that cannot be read (corrupt
JSON, unknown schema, a record that no longer replays) is listed as unreadable
and can be deleted, without hiding the others. We never clear the whole store:
other apps on the same origin may keep things there.
"""
from __future__ import annotations

from json import dumps, loads
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Protocol

from .core.errors import LudoError
from .core.record import Record, RecordError

PREFIX = "ludotheque/v1/"
SAVE_PREFIX = PREFIX + "save/"
SCHEMA = 1


class Backend(Protocol):
    def get(self, key: str) -> Optional[str]: ...
    def set(self, key: str, value: str) -> None: ...   # raises StorageUnavailable
    def remove(self, key: str) -> None: ...
    def keys(self) -> List[str]: ...


class StorageUnavailable(LudoError):
    def __init__(self, detail: str = "") -> None:
        super().__init__(
            "La sauvegarde est désactivée (stockage indisponible ou plein) : la partie continue sans être enregistrée.",
            "Saving is off (storage unavailable or full): the game goes on without being saved.",
            code="storage",
        )
        self.detail = detail


class MemoryBackend:
    """A dict: for tests, and the fallback when the browser refuses storage."""

    def __init__(self, quota: Optional[int] = None) -> None:
        self.data: Dict[str, str] = {}
        self.quota = quota

    def get(self, key: str) -> Optional[str]:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.quota is not None and sum(len(v) for k, v in self.data.items() if k != key) + len(value) > self.quota:
            raise StorageUnavailable("quota")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> List[str]:
        return list(self.data)


@dataclass
class SaveEntry:
    id: str
    readable: bool
    game: str = ""
    title: str = ""
    updated: str = ""
    over: bool = False
    moves: int = 0
    record: Optional[Record] = None
    problem: Optional[Dict[str, str]] = None  # why it is unreadable, fr/en

    def summary(self) -> Dict[str, Any]:
        d = {"id": self.id, "readable": self.readable, "game": self.game, "title": self.title,
             "updated": self.updated, "over": self.over, "moves": self.moves}
        if self.problem:
            d["problem"] = self.problem
        return d


@dataclass
class SaveStore:
    backend: Any
    enabled: bool = True
    errors: List[str] = field(default_factory=list)

    def key(self, save_id: str) -> str:
        return SAVE_PREFIX + save_id

    def save(self, save_id: str, record: Record, title: str, updated: str, over: bool) -> bool:
        """Write one game; on failure switch saving off (the game goes on) and return False."""
        if not self.enabled:
            return False
        entry = {
            "schema": SCHEMA,
            "id": save_id,
            "game": record.game,
            "title": title,
            "updated": updated,
            "over": over,
            "record": record.to_dict(),
        }
        try:
            self.backend.set(self.key(save_id), dumps(entry, ensure_ascii=False, separators=(",", ":")))
        except StorageUnavailable as exc:
            self.enabled = False
            self.errors.append(exc.detail)
            return False
        return True

    def delete(self, save_id: str) -> None:
        try:
            self.backend.remove(self.key(save_id))
        except StorageUnavailable:
            self.enabled = False

    def load(self, save_id: str) -> SaveEntry:
        try:
            raw = self.backend.get(self.key(save_id))
        except StorageUnavailable:
            raw = None
        if raw is None:
            return SaveEntry(save_id, False, problem={"fr": "Partie introuvable.", "en": "Game not found."})
        return self._parse(save_id, raw)

    def _parse(self, save_id: str, raw: str) -> SaveEntry:
        try:
            data = loads(raw)
        except (ValueError, TypeError):
            return SaveEntry(save_id, False, problem={"fr": "Sauvegarde abîmée (JSON illisible).", "en": "Damaged save (unreadable JSON)."})
        if not isinstance(data, dict):
            return SaveEntry(save_id, False, problem={"fr": "Sauvegarde abîmée.", "en": "Damaged save."})
        if data.get("schema") != SCHEMA:
            return SaveEntry(save_id, False, game=str(data.get("game", "")),
                             problem={"fr": f"Version de sauvegarde inconnue ({data.get('schema')!r}).",
                                      "en": f"Unknown save version ({data.get('schema')!r})."})
        try:
            record = Record.from_dict(data.get("record"))
        except RecordError as exc:
            return SaveEntry(save_id, False, game=str(data.get("game", "")), problem={"fr": exc.fr, "en": exc.en})
        return SaveEntry(
            id=save_id,
            readable=True,
            game=record.game,
            title=str(data.get("title", "")),
            updated=str(data.get("updated", "")),
            over=bool(data.get("over", False)),
            moves=len(record.moves),
            record=record,
        )

    def list(self) -> List[SaveEntry]:
        """Every entry under our prefix, newest first; unreadable ones included, flagged."""
        try:
            keys = [k for k in self.backend.keys() if k.startswith(SAVE_PREFIX)]
        except StorageUnavailable:
            self.enabled = False
            return []
        entries = []
        for key in keys:
            save_id = key[len(SAVE_PREFIX):]
            try:
                raw = self.backend.get(key)
            except StorageUnavailable:
                continue
            entries.append(self._parse(save_id, raw) if raw is not None else SaveEntry(save_id, False))
        entries.sort(key=lambda e: (e.readable, e.updated), reverse=True)
        return entries
