"""Interface words: the screens' ``t(key, lang)`` reads the catalogues (ids ``ui.<key>``); the
helpers below still take French and English pairs from the screens and engines, until those
move to the catalogues too (docs/translating.md, "What remains")."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Tuple, Union

from ..core.catalogue import say
from ..core.messages import say as say_text

# The languages the app offers: the Python screens and engines word these (the catalogues have
# more: scripts/catalogues.py flags a language "app" only when it is one of these).
LANGS = ("fr", "en")


def t(key: str, lang: str) -> str:
    """An interface word: the catalogue's ``ui.<key>`` (locale/*.po, docs/translating.md), in
    French when ``lang`` lacks it."""
    return say("ui." + key, lang)


def next_lang(lang: str) -> str:
    """The language the switch goes to: the next one the app offers."""
    return LANGS[(LANGS.index(lang) + 1) % len(LANGS)] if lang in LANGS else LANGS[0]


def pick(text: Any, lang: str) -> str:
    """What an engine said (a message, core/messages.py), worded in the chosen language."""
    return say_text(text, lang)


def over_status(view: Mapping[str, Any], lang: str) -> Optional[str]:
    """Every game's status line once it is over: the last step of its scoring (who won)."""
    return pick(view["result"]["steps"][-1], lang) if view["over"] else None


def turn_words(name: str, lang: str) -> str:
    return f"À {name} de jouer." if lang == "fr" else f"{name} to play."


def bot_status(view: Mapping[str, Any], seat: int, lang: str, still: bool = False) -> Optional[str]:
    """While a bot is the one to act, the status line says so rather than asking it to play;
    in a still (ui/still.py: a frame, a replay) nothing thinks: it is the bot's turn, said plainly."""
    s = view["seats"][seat]
    if s["kind"] != "bot":
        return None
    name = f"\u2068{s['name']}\u2069"  # isolated name
    return turn_words(name, lang) if still else f"{name} {t('bot_thinking', lang)}"


def words(table: Mapping[str, Union[Tuple[str, str], Mapping[str, str]]]) -> Callable[[str, str], str]:
    """A game screen's own word list as a lookup like ``t``: entries are (fr, en) pairs or
    {"fr", "en"} dicts; French when the language has no entry."""
    def w(key: str, lang: str) -> str:
        entry = table[key]
        text = dict(zip(LANGS, entry)) if isinstance(entry, tuple) else entry
        return text.get(lang) or text["fr"]
    return w


def plural(n: int, forms: str, lang: str) -> str:
    """``n`` and its noun: ``forms`` is "singular|plural". French uses the singular for 0 and 1
    ("0 carte", "1 carte"), English only for 1 ("0 cards", "1 card")."""
    one, _, many = forms.partition("|")
    single = n in (0, 1) if lang == "fr" else n == 1
    return f"{n} {one if single else (many or one)}"


def pass_device(name: str, lang: str) -> str:
    """The pass-and-play title: any device (a phone as well as a tablet)."""
    return f"Passe l'appareil à {name}" if lang == "fr" else f"Hand the device to {name}"


def colon(lang: str) -> str:
    """A label's colon as each language writes it: "Pioche : 3" (French space), "Deck: 3"."""
    return " : " if lang == "fr" else ": "
