"""Interface words: the screens' ``t(key, lang)`` reads the catalogues (ids ``ui.<key>``);
``pick`` words what an engine said (a message, core/messages.py).

The languages the app offers are the catalogues' (every complete ``locale/<lang>.po``, French
first: :func:`offered`): a new language is one catalogue file, never a list in code.

A label's colon and "label : value" are catalogue entries too (``ui.colon``, ``ui.labelled``):
French puts a space before the colon, the others do not.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence, Tuple, Union

from ..core.catalogue import load_words, offered_langs, say
from ..core.messages import Msg, msg
from ..core.messages import say as say_text


def offered() -> Sequence[str]:
    """The languages the app offers, French first (build/i18n/languages.json, "app")."""
    return tuple(offered_langs())


def __getattr__(name: str) -> Any:  # ``LANGS``: the same list, read when asked (PEP 562)
    if name == "LANGS":
        return offered()
    raise AttributeError(name)


def t(key: str, lang: str) -> str:
    """An interface word: the catalogue's ``ui.<key>`` (locale/*.po, docs/translating.md), in
    French when ``lang`` lacks it."""
    return say("ui." + key, lang)


def pick(text: Any, lang: str) -> str:
    """What an engine said (a message, core/messages.py), worded in the chosen language."""
    return say_text(text, lang)


def over_status(view: Mapping[str, Any], lang: str) -> Optional[str]:
    """Every game's status line once it is over: the last step of its scoring (who won)."""
    return pick(view["result"]["steps"][-1], lang) if view["over"] else None


def isolated(name: str) -> str:
    """A seat's name inside a sentence, isolated (a right-to-left name keeps its place)."""
    return f"\u2068{name}\u2069"


def turn_msg(name: str) -> Msg:
    """"À Zoé de jouer." as a message."""
    return msg("ui.turn_to_play", name=name)


def bot_status_msg(view: Mapping[str, Any], seat: int, still: bool = False) -> Optional[Msg]:
    """While a bot is the one to act, the status line says so rather than asking it to play;
    in a still (ui/still.py: a frame, a replay) nothing thinks: it is the bot's turn, said plainly."""
    s = view["seats"][seat]
    if s["kind"] != "bot":
        return None
    return turn_msg(isolated(s["name"])) if still else msg("ui.bot_thinking_name", name=isolated(s["name"]))


def bot_status(view: Mapping[str, Any], seat: int, lang: str, still: bool = False) -> Optional[str]:
    said = bot_status_msg(view, seat, still)
    return None if said is None else say_text(said, lang)


def pass_device_msg(name: str) -> Msg:
    """The pass-and-play title: any device (a phone as well as a tablet)."""
    return msg("ui.pass_device", name=name)


def pass_device(name: str, lang: str) -> str:
    return say("ui.pass_device", lang, name=name)


def colon(lang: str) -> str:
    """A label's colon as each language writes it: "Pioche : 3" (French space), "Deck: 3".
    Better: the whole "Label : {value}" as one catalogue entry."""
    return say("ui.colon", lang)


def labelled(label: str, value: Any, lang: str) -> str:
    """"Label : value" the language's way (ui.labelled)."""
    return say("ui.labelled", lang, label=label, value=value)


