"""Shared by each game's message test: every message id an engine can emit (found by walking
what it hands out over random games) must exist, non-empty, in every catalogue."""
from __future__ import annotations

from typing import Any, Iterable, Set

from ludotheque.core.catalogue import load_words
from ludotheque.core.errors import LudoError
from ludotheque.core.messages import Msg, from_data


def message_ids(value: Any, found: Set[str] = None) -> Set[str]:
    """Every message id inside ``value`` (a Msg, its JSON form, an error, or any nesting of
    dicts, lists and tuples holding them), parameters included."""
    found = set() if found is None else found
    if isinstance(value, LudoError):
        return message_ids(value.msg, found)
    value = from_data(value)
    if isinstance(value, Msg):
        found.add(value.id)
        for v in value.params.values():
            message_ids(v, found)
    elif isinstance(value, dict):
        for v in value.values():
            message_ids(v, found)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            message_ids(v, found)
    return found


def missing_ids(ids: Iterable[str]) -> Set[str]:
    """``lang:id`` for each id a catalogue lacks (or has empty)."""
    words = load_words()
    out = set()
    for msg_id in ids:
        for lang, cat in words.catalogues.items():
            if not cat.messages.get(msg_id):
                out.add(f"{lang}:{msg_id}")
    return out
