"""Every saved game in one file, and back: the way to keep saves past the browser's housekeeping.

Browsers may delete what a site stored (Safari after seven days without a visit, any browser
short of space), so the home page offers "Exporter toutes les parties": one versioned JSON
file (format in docs/records.md). Importing it is reading a hostile file: its size, nesting,
format and version are checked, then every save in it goes through the same checks as a
stored save (Record.from_dict, then a replay of its moves). One bad save refuses the whole
file, naming it; nothing is written until everything has passed, and a write that fails
half-way (storage full) takes back what it wrote.

Nothing is overwritten: a save already here with the same moves is skipped; a different save
under an id already used is imported as a copy under a new id, beside the one here. (A
person who imports a backup expects to find their games, and never to lose the newer ones.)
Pure Python: the browser glue is web/save_transfer.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from json import dumps
from typing import Any, Dict, List, Optional, Tuple

from .core.boundary import as_ludo_error
from .core.errors import LudoError, shorten
from .core.messages import Msg, msg
from .core.record import MAX_DEPTH, Record, RecordError, RecordTooLarge, check_text, load_json
from .core.seats import without_bidi_controls
from .saves import SaveStore, StorageUnavailable, entry_text

FORMAT = "ludotheque-saves"
VERSION = 1
# localStorage holds about 5 MB a site; a file of ours is never larger than what was stored.
MAX_FILE_BYTES = 6_000_000
MAX_SAVES = 1_000
MAX_FILE_DEPTH = MAX_DEPTH + 3  # {file: {saves: [{save: {record …}}]}}
MAX_TITLE_CHARS = 200
SAVE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")
UPDATED = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,6})?)?Z?")
# How a file of ours begins (json.dumps keeps "format" first): told apart from a single game
# without parsing a hostile text twice.
_HEAD = re.compile(r'\ufeff?\s*\{\s*"format"\s*:\s*"' + FORMAT + '"')


class SavesFileError(LudoError):
    """A file of saves that cannot be imported; the message says what is wrong with it."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message, code="saves-file")


@dataclass(frozen=True)
class ImportedSave:
    id: str
    record: Record
    title: str
    updated: str
    over: bool


@dataclass
class ImportPlan:
    """What an import will write: new saves, copies (an id already used), and skipped ones."""

    new: List[Tuple[str, ImportedSave]] = field(default_factory=list)
    copies: List[Tuple[str, ImportedSave]] = field(default_factory=list)
    already: List[ImportedSave] = field(default_factory=list)

    @property
    def writes(self) -> List[Tuple[str, ImportedSave]]:
        return self.new + self.copies


def is_saves_file(text: str) -> bool:
    return _HEAD.match(text) is not None


def export_text(store: SaveStore, exported: str) -> Tuple[str, int]:
    """Every readable save as one file, and how many it holds. Unreadable entries stay out
    (each can be exported as stored from the list, for whoever can mend it)."""
    saves = [{"id": e.id, "game": e.game, "title": e.title, "updated": e.updated, "over": e.over,
              "record": e.record.to_dict()} for e in store.list() if e.readable]
    saves.sort(key=lambda s: s["updated"])
    data = {"format": FORMAT, "version": VERSION, "exported": exported, "saves": saves}
    return dumps(data, ensure_ascii=False, indent=1), len(saves)


def read(text: str, store: Optional[SaveStore] = None) -> List[ImportedSave]:
    """The saves of a file, every one checked; SavesFileError names the first problem.
    `store` lends its replay check (the same one as for stored saves) and its cache."""
    try:
        check_text(text, MAX_FILE_BYTES, MAX_FILE_DEPTH)
    except RecordTooLarge as exc:
        raise SavesFileError(msg("saves.file.too_large", what=exc.what, size=exc.size, limit=exc.limit)) from exc
    try:
        data = load_json(text)
    except (ValueError, TypeError, RecursionError) as exc:
        raise SavesFileError(msg("record.not_json")) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SavesFileError(msg("saves.file.not_ours"))
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        newer = type(version) is int and version > VERSION
        raise SavesFileError(msg("saves.file.version_newer" if newer else "saves.file.version_unknown",
                                 version=shorten(repr(version), 20)))
    saves = data.get("saves")
    if not isinstance(saves, list):
        raise SavesFileError(msg("saves.file.no_list"))
    if len(saves) > MAX_SAVES:
        raise SavesFileError(msg("saves.file.too_many", count=len(saves), top=MAX_SAVES))
    store = store or SaveStore(None)
    return [_one(i, item, store) for i, item in enumerate(saves)]


def _one(i: int, item: Any, store: SaveStore) -> ImportedSave:
    where = msg("saves.file.game_n", number=i + 1)
    try:
        if not isinstance(item, dict):
            raise RecordError(msg("saves.file.not_object"))
        save_id = item.get("id")
        if not isinstance(save_id, str) or not SAVE_ID.fullmatch(save_id):
            raise RecordError(msg("saves.file.bad_id", value=shorten(repr(save_id), 30)))
        where = msg("saves.file.game_n_id", number=i + 1, id=save_id)
        title, updated, over = item.get("title", ""), item.get("updated", ""), item.get("over", False)
        if not isinstance(title, str) or len(title) > MAX_TITLE_CHARS:
            raise RecordError(msg("saves.file.bad_title", top=MAX_TITLE_CHARS))
        if not isinstance(updated, str) or not UPDATED.fullmatch(updated):
            raise RecordError(msg("saves.file.bad_date", value=shorten(repr(updated), 30)))
        if not isinstance(over, bool):
            raise RecordError(msg("saves.file.bad_over"))
        record = Record.from_dict(item.get("record"))
        if item.get("game", record.game) != record.game:
            raise RecordError(msg("saves.file.game_mismatch"))
        problem = store.replay_problem(dumps(item.get("record"), sort_keys=True), record)
        if problem is not None:
            raise RecordError(problem)
    except Exception as exc:  # the boundary: any failure names the save and refuses the file
        raise SavesFileError(msg("error.where", where=where, why=as_ludo_error(exc).msg)) from exc
    return ImportedSave(save_id, record, without_bidi_controls(title), updated, over)


def plan(store: SaveStore, saves: List[ImportedSave], new_id) -> ImportPlan:
    """Where each save goes; `new_id(game)` makes the id of a copy. Same moves as a save here
    (whatever its id): skipped. Id already used by another game: a copy. Else: its own id."""
    here = {e.id: e for e in store.list()}
    taken = set(here)
    same = {_key(e.record) for e in here.values() if e.readable}
    out = ImportPlan()
    for save in saves:
        key = _key(save.record)
        if key in same:
            out.already.append(save)
            continue
        same.add(key)
        if save.id in taken:
            target = new_id(save.record.game)
            while target in taken:
                target = new_id(save.record.game)
            out.copies.append((target, save))
        else:
            target = save.id
            out.new.append((target, save))
        taken.add(target)
    return out


def _key(record: Record) -> str:
    d = record.to_dict()
    d.pop("meta", None)  # display state (a reveal on screen) does not make another game
    return dumps(d, sort_keys=True, ensure_ascii=False)


def apply(store: SaveStore, todo: ImportPlan) -> None:
    """Write the plan; if storage refuses a write, take back every one made and say so."""
    written: List[str] = []
    try:
        for target, save in todo.writes:
            if store.backend.get(store.key(target)) is not None:  # another tab, meanwhile
                raise StorageUnavailable("taken")
            store.backend.set(store.key(target), entry_text(target, 1, save.record, save.title, save.updated, save.over))
            written.append(target)
    except StorageUnavailable as exc:
        for target in written:
            try:
                store.backend.remove(store.key(target))
            except StorageUnavailable:
                pass
        if exc.detail == "taken":
            raise SavesFileError(msg("saves.file.race")) from exc
        raise SavesFileError(msg("saves.file.no_room")) from exc


def summary(todo: ImportPlan) -> Dict[str, int]:
    return {"new": len(todo.new), "copies": len(todo.copies), "already": len(todo.already)}

