"""Saved games: one versioned entry per game under our own key prefix.

Pure Python over a tiny key-value backend, so the logic is tested under pytest and
the browser only supplies localStorage. An entry that cannot be read (corrupt
JSON, unknown schema, a record that no longer replays) is listed as unreadable
and can be deleted, without hiding the others. We never clear the whole store:
other apps on the same origin may keep things there.
"""
from __future__ import annotations

from json import dumps
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Protocol

from .core.boundary import as_ludo_error
from .core.errors import LudoError, shorten
from .core.messages import Msg, msg, say
from .core.record import Record, RecordError, check_text, load_json
from .core.seats import without_bidi_controls
from .games.replay import replay

PREFIX = "ludotheque/v1/"
SAVE_PREFIX = PREFIX + "save/"
SCHEMA = 1


def _title(value: Any) -> str:
    """A stored title is outside text (an imported or edited entry): short, no bidi controls."""
    return without_bidi_controls(shorten(value, 120))


class Backend(Protocol):
    def get(self, key: str) -> Optional[str]: ...
    def set(self, key: str, value: str) -> None: ...   # raises StorageUnavailable
    def remove(self, key: str) -> None: ...
    def keys(self) -> List[str]: ...


class StorageUnavailable(LudoError):
    def __init__(self, detail: str = "") -> None:
        super().__init__(msg("saves.storage_off"), code="storage")
        self.detail = detail

    @property
    def full(self) -> bool:
        """The browser's quota is reached (as opposed to storage refused altogether)."""
        d = self.detail.lower()
        return "quota" in d or "full" in d


# Why saving is off, in words (SaveStore.off_reason): the person must know what to do.
OFF_REASONS: Dict[str, Msg] = {
    "full": msg("saves.off.full"),
    "unavailable": msg("saves.off.unavailable"),
}


def entry_text(save_id: str, rev: int, record: Record, title: str, updated: str, over: bool) -> str:
    """One stored entry, as every writer writes it (a move saved, a file imported)."""
    entry = {"schema": SCHEMA, "id": save_id, "rev": rev, "game": record.game, "title": title,
             "updated": updated, "over": over, "record": record.to_dict()}
    return dumps(entry, ensure_ascii=False, separators=(",", ":"))


@dataclass
class SaveOutcome:
    """What a save did: `copy_id` is set when another tab had changed this game meanwhile,
    so ours was kept beside it under a new id (nothing dropped)."""

    saved: bool
    copy_id: Optional[str] = None


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


def branched_at(record: Record) -> Optional[int]:
    """The ply of the game it was played on from (``record.meta.branched.ply``), if any: a save
    started with "Jouer à partir d'ici" says so in the list. A malformed field is ignored."""
    mark = record.meta.get("branched") if isinstance(record.meta, dict) else None
    ply = mark.get("ply") if isinstance(mark, dict) else None
    return ply if isinstance(ply, int) and not isinstance(ply, bool) and ply >= 0 else None


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
    problem: Optional[Msg] = None  # why it is unreadable
    # the game was started with "Jouer à partir d'ici" at this ply of another (record.meta.branched)
    branched_at: Optional[int] = None
    rev: int = 0          # bumped by every write, so a tab sees that another one saved
    raw: str = ""         # the stored text, for exporting an unreadable entry as it is

    def summary(self) -> Dict[str, Any]:
        d = {"id": self.id, "readable": self.readable, "game": self.game, "title": self.title,
             "updated": self.updated, "over": self.over, "moves": self.moves}
        if self.problem:
            d["problem"] = self.problem.to_dict()
        return d


@dataclass
class SaveStore:
    backend: Any
    enabled: bool = True
    errors: List[str] = field(default_factory=list)
    # "full" or "unavailable" while saving is off (OFF_REASONS); None while it is on
    off_reason: Optional[str] = None
    # save id -> the revision this tab last wrote or read (see `save_checked`)
    revs: Dict[str, int] = field(default_factory=dict)
    _replayable: Dict[int, Optional[Msg]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.enabled and self.off_reason is None:
            self.off_reason = "unavailable"

    def key(self, save_id: str) -> str:
        return SAVE_PREFIX + save_id

    def save(self, save_id: str, record: Record, title: str, updated: str, over: bool) -> bool:
        """Write one game; on failure switch saving off (the game goes on) and return False."""
        return self.save_checked(save_id, record, title, updated, over).saved

    def save_checked(self, save_id: str, record: Record, title: str, updated: str, over: bool,
                     copy_id: Optional[str] = None) -> SaveOutcome:
        """Write one game without ever dropping moves written by another tab.

        If the stored revision is not the one this tab last saw, another tab saved this game
        meanwhile: when its moves are a prefix of ours we simply go on; otherwise ours is
        written as a copy under `copy_id` (theirs stays as it is) and the outcome says so.
        Saving that was off because storage was full is tried again at every save and
        comes back on by itself when a write succeeds. Storage refused altogether stays off.
        """
        if self.off_reason == "unavailable":
            return SaveOutcome(False)
        target = save_id
        stored = self._stored(save_id)
        if stored is not None and stored.rev != self.revs.get(save_id):
            theirs = stored.record.moves if stored.record is not None else None
            if theirs is None or theirs != record.moves[:len(theirs)]:
                target = copy_id or f"{save_id}-copy"
                stored = self._stored(target)
        rev = (stored.rev if stored is not None else 0) + 1
        try:
            self.backend.set(self.key(target), entry_text(target, rev, record, title, updated, over))
        except StorageUnavailable as exc:
            self.enabled = False
            self.off_reason = "full" if exc.full else "unavailable"
            self.errors.append(exc.detail)
            return SaveOutcome(False)
        self.enabled = True
        self.off_reason = None
        self.revs[target] = rev
        return SaveOutcome(True, None if target == save_id else target)

    def _stored(self, save_id: str) -> Optional[SaveEntry]:
        try:
            raw = self.backend.get(self.key(save_id))
        except StorageUnavailable:
            return None
        return None if raw is None else self._parse(save_id, raw, replay=False)

    def probe(self) -> bool:
        """While saving is paused for a full disk: can we write again? (turns it back on)"""
        if self.off_reason != "full":
            return self.enabled
        try:
            self.backend.set(PREFIX + "probe", "1")
            self.backend.remove(PREFIX + "probe")
        except StorageUnavailable:
            return False
        self.enabled = True
        self.off_reason = None
        return True

    def seen(self, entry: "SaveEntry") -> None:
        """This tab now shows `entry` (resumed or reloaded): its revision is the one we build on."""
        self.revs[entry.id] = entry.rev

    def off_message(self, lang: str) -> Optional[str]:
        reason = OFF_REASONS.get(self.off_reason or "")
        return None if reason is None else say(reason, lang)

    def delete(self, save_id: str) -> None:
        try:
            self.backend.remove(self.key(save_id))
        except StorageUnavailable:
            self.enabled = False
            self.off_reason = "unavailable"
        self.revs.pop(save_id, None)

    def load(self, save_id: str) -> SaveEntry:
        try:
            raw = self.backend.get(self.key(save_id))
        except StorageUnavailable:
            raw = None
        if raw is None:
            return SaveEntry(save_id, False, problem=msg("saves.not_found", id=shorten(save_id)))
        return self._parse(save_id, raw)

    def _parse(self, save_id: str, raw: str, replay: bool = True) -> SaveEntry:
        """The entry as stored; with `replay`, one whose moves do not replay is unreadable."""
        try:
            check_text(raw)
            data = load_json(raw)
        except RecordError as exc:
            return SaveEntry(save_id, False, problem=exc.msg, raw=raw)
        except (ValueError, TypeError, RecursionError):
            return SaveEntry(save_id, False, problem=msg("saves.damaged_json"), raw=raw)
        if not isinstance(data, dict):
            return SaveEntry(save_id, False, problem=msg("saves.damaged"), raw=raw)
        if data.get("schema") != SCHEMA:
            return SaveEntry(save_id, False, game=str(data.get("game", "")),
                             problem=msg("saves.unknown_version", version=shorten(repr(data.get("schema")))), raw=raw)
        try:
            record = Record.from_dict(data.get("record"))
        except RecordError as exc:
            return SaveEntry(save_id, False, game=str(data.get("game", "")),
                             problem=exc.msg, raw=raw)
        rev = data.get("rev", 0)
        rev = rev if isinstance(rev, int) else 0
        problem = self.replay_problem(raw, record) if replay else None
        if problem is not None:
            return SaveEntry(save_id, False, game=record.game, title=_title(data.get("title", "")),
                             updated=str(data.get("updated", "")), moves=len(record.moves),
                             problem=problem, rev=rev, raw=raw)
        return SaveEntry(
            id=save_id,
            readable=True,
            game=record.game,
            title=_title(data.get("title", "")),
            updated=str(data.get("updated", "")),
            over=bool(data.get("over", False)),
            moves=len(record.moves),
            record=record,
            branched_at=branched_at(record),
            rev=rev,
            raw=raw,
        )

    def replay_problem(self, raw: str, record: Record) -> Optional[Msg]:
        """Why this record cannot be resumed (unknown game, old rules, an illegal move), or None:
        the check of every stored entry and every imported one. Replayed once per stored text:
        the list is drawn often, the entries rarely change."""
        key = hash(raw)
        if key not in self._replayable:
            try:
                replay(record)
                self._replayable[key] = None
            except Exception as exc:  # the boundary: any failure makes the entry unreadable, in words
                self._replayable[key] = as_ludo_error(exc).msg
        return self._replayable[key]

    def list(self) -> List[SaveEntry]:
        """Every entry under our prefix, newest first; unreadable ones included, flagged."""
        try:
            keys = [k for k in self.backend.keys() if k.startswith(SAVE_PREFIX)]
        except StorageUnavailable:
            self.enabled = False
            self.off_reason = "unavailable"
            return []
        entries = []
        for key in keys:
            save_id = key[len(SAVE_PREFIX):]
            try:
                raw = self.backend.get(key)
            except StorageUnavailable:
                continue
            entries.append(self._parse(save_id, raw) if raw is not None else SaveEntry(save_id, False))
            if not entries[-1].game or len(entries[-1].game) > 40:
                entries[-1].game = shorten(entries[-1].game, 40)
        entries.sort(key=lambda e: (e.readable, e.updated), reverse=True)
        return entries
