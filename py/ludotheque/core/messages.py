"""What engines say, as data: a message id and its named parameters, worded only when shown.

An engine never builds a sentence: ``describe_move``, refusals, set-up errors, end-of-game
steps and rule texts are :class:`Msg` values. A screen, the CLI or the explainer words one
with :func:`say` in the reader's language (the catalogues, core/catalogue.py). A parameter
may itself be a message (a card's name inside a move), a list of messages or names (joined
the language's way) or plain data (a seat's name, a number).

Messages travel as JSON (records' notes, saves' titles, the explainer's frames, the host
page): :meth:`Msg.to_dict` / :func:`from_data` keep them plain.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Mapping, Sequence, Union

from .catalogue import say as _say


@dataclass(frozen=True, eq=True)
class Msg:
    """A message id of the catalogues (``mookies.move.take``) and its named parameters."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False, compare=True)

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"id": self.id}
        if self.params:
            out["params"] = {k: _plain(v) for k, v in self.params.items()}
        return out

    def text(self, lang: str) -> str:
        return say(self, lang)


def msg(msg_id: str, **params: Any) -> Msg:
    """``msg("mookies.move.take", name="Alice", pile=1)``."""
    return Msg(msg_id, params)


Text = Union[Msg, Mapping[str, Any], str, Sequence[Any], None]


def _plain(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def from_data(data: Any) -> Any:
    """A message back from JSON (``{"id": …, "params": …}``); other values as they are."""
    if isinstance(data, Msg):
        return data
    if isinstance(data, Mapping) and isinstance(data.get("id"), str) and set(data) <= {"id", "params"}:
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            params = {}
        return Msg(data["id"], {str(k): from_data(v) for k, v in params.items()})
    if isinstance(data, list):
        return [from_data(v) for v in data]
    return data


def is_message(data: Any) -> bool:
    return isinstance(from_data(data), Msg)


def say(text: Text, lang: str) -> str:
    """Any text an engine or a screen holds, worded in ``lang``: a :class:`Msg` (or its JSON
    form) through the catalogues, a list joined the language's way, a name or a number as is."""
    text = from_data(text)
    if text is None:
        return ""
    if isinstance(text, Msg):
        values = {k: _word(v, lang) for k, v in text.params.items()}
        if "n" in text.params and isinstance(text.params["n"], int):
            values["n"] = text.params["n"]
        return _say(text.id, lang, **values)
    if isinstance(text, (list, tuple)):
        return join(text, lang)
    if isinstance(text, Mapping):  # a {"fr": …, "en": …} pair: only outside data now
        return str(text.get(lang) or text.get("fr") or next(iter(text.values()), ""))
    return str(text)


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, (Msg, list, tuple)) or (isinstance(value, Mapping) and "id" in value):
        return say(value, lang)
    return value


def join(items: Sequence[Any], lang: str) -> str:
    """Names or messages as a list reads in ``lang``: "A, B et C" / "A, B and C"."""
    words = [say(i, lang) if not isinstance(i, str) else i for i in items]
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _say("list.join", lang, head=_say("list.separator", lang).join(words[:-1]), last=words[-1])
