"""Compiled word catalogues: lookup, named parameters, plural forms, French fallback.

The catalogues are the gettext files ``locale/<lang>.po``; ``scripts/catalogues.py`` compiles
them at build time (with Babel, a build dependency only) to plain data: per language, its
messages by symbolic id and its plural rule as a small expression tree. This module reads
that data; it never parses a ``.po`` file and never evaluates code (the example viewer's
Content-Security-Policy forbids ``eval``, and js/i18n.js walks the same tree the same way).

A plural rule is gettext's C expression (``Plural-Forms``) parsed into nested lists:
``["?", cond, a, b]``, ``[op, a, b]`` for ``|| && == != < > <= >= %``, ``["!", a]``, the
variable ``"n"`` and integers. :func:`plural_index` evaluates it.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

SOURCE_LANG = "fr"
# "{name}" or "{name|de}": a parameter, optionally through a formatter the language registers
# (FORMATTERS below): grammar lives beside the catalogue, never in game or screen code.
PARAM = re.compile(r"\{(\w+)(?:\|(\w+))?\}")
Message = Union[str, List[str]]

_BINARY = {
    "||": lambda a, b: int(bool(a) or bool(b)),
    "&&": lambda a, b: int(bool(a) and bool(b)),
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
    "%": lambda a, b: a % b if b else 0,
}


def plural_index(rule: Any, n: int) -> int:
    """The plural form's index for ``n`` under a rule tree (see the module's docstring)."""
    if rule == "n":
        return n
    if isinstance(rule, int):
        return rule
    op = rule[0]
    if op == "?":
        return plural_index(rule[2] if plural_index(rule[1], n) else rule[3], n)
    if op == "!":
        return int(not plural_index(rule[1], n))
    return _BINARY[op](plural_index(rule[1], n), plural_index(rule[2], n))


def params(text: str) -> List[str]:
    """The named parameters of a message, sorted and without repeats."""
    return sorted(set(name for name, _ in PARAM.findall(text)))


def _elide(word: str) -> Any:
    from .french import VOWELS

    return lambda value: f"{word[:-1]}'{value}" if str(value)[:1] in VOWELS else f"{word} {value}"


# Per language, the formatters its messages may name after a "|": French elision before a
# vowel sound ("Main {name|de}" -> "Main d'Alice", "Main de Bruno"). A formatter a language
# does not register leaves the value as it is.
def _decimal_comma(value: Any) -> str:
    return str(value).replace(".", ",")


def _grouped(mark: str) -> Any:
    """A whole number with its thousands marked: 512000 -> "512 000" (fr), "512,000" (en)."""
    def group(value: Any) -> str:
        text = str(value)
        sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
        if not digits.isdigit():
            return text
        return sign + f"{int(digits):,}".replace(",", mark)
    return group


# "{x|num}": a decimal number written with the language's mark (1.5 -> "1,5").
# "{x|int}": a whole number with its thousands marked the language's way.
FORMATTERS: Dict[str, Dict[str, Any]] = {
    "fr": {"de": _elide("de"), "que": _elide("que"), "le": _elide("le"), "la": _elide("la"), "num": _decimal_comma,
           "int": _grouped("\u202f")},
    "en": {"int": _grouped(",")},
    "de": {"num": _decimal_comma, "int": _grouped(".")},
    "es": {"num": _decimal_comma, "int": _grouped(".")},
}


def fill(text: str, values: Mapping[str, Any], lang: str = SOURCE_LANG) -> str:
    """``{name}`` replaced by its value (through ``{name|formatter}`` when named); a parameter
    without value stays as written."""
    def one(m: "re.Match[str]") -> str:
        name, how = m.group(1), m.group(2)
        if name not in values:
            return m.group(0)
        value = values[name]
        formatter = FORMATTERS.get(lang, {}).get(how) if how else None
        return str(formatter(value) if formatter else value)
    return PARAM.sub(one, text)


@dataclass
class Catalogue:
    """One language's compiled catalogue (``build/i18n/<lang>.json``)."""

    lang: str
    messages: Dict[str, Message]
    plural: Any = field(default_factory=lambda: ["!=", "n", 1])
    nplurals: int = 2

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> "Catalogue":
        return cls(str(data["lang"]), dict(data["messages"]), data["plural"], int(data["nplurals"]))

    def form(self, msg_id: str, n: Optional[int]) -> Optional[str]:
        """The text of ``msg_id`` (its plural form for ``n``), or None when missing or empty."""
        msg = self.messages.get(msg_id)
        if isinstance(msg, list):
            i = plural_index(self.plural, int(n or 0))
            msg = msg[i] if 0 <= i < len(msg) else None
        return msg or None


@dataclass
class Words:
    """Every language's catalogue; :meth:`say` falls back to French, then to nothing: an id
    is never shown."""

    catalogues: Dict[str, Catalogue]
    offered: Sequence[str] = ()  # the languages the app offers (languages.json "app"), French first

    def say(self, msg_id: str, lang: str, **values: Any) -> str:
        n = values.get("n")
        for code in (lang, SOURCE_LANG):
            cat = self.catalogues.get(code)
            text = cat.form(msg_id, n) if cat is not None else None
            if text is not None:
                return fill(text, values, code)
        return ""

    @property
    def langs(self) -> Sequence[str]:
        return tuple(self.catalogues)


# ---- where Python finds them ----------------------------------------------------------------------
_PACKAGE = Path(__file__).resolve().parent.parent
BUNDLED = _PACKAGE / "locale"  # the app's bundle: scripts/build.py puts build/i18n/*.json here
_loaded: Dict[str, Words] = {}


class CataloguesNotBuilt(RuntimeError):
    """The compiled catalogues are missing or older than a locale/*.po: compiling them is the
    build's work (scripts/catalogues.py, with Babel), never the runtime's."""


def load_words() -> Words:
    """Every catalogue, once, as the build compiled them: in the app's bundle (Pyodide), the JSON
    the build put beside the package; in a source checkout (tests, the CLI, the build's set-up
    pages), build/i18n/. A missing or stale build says so instead of showing old words
    (the test suite compiles them first: tests/conftest.py)."""
    if "all" not in _loaded:
        root = _PACKAGE.parent.parent
        built = root / "build" / "i18n"
        if BUNDLED.is_dir():
            data = _read_compiled(BUNDLED)
        elif _newer(built / "languages.json", (root / "locale").glob("*.po")):
            data = _read_compiled(built)
        else:
            raise CataloguesNotBuilt("the word catalogues are not built or older than locale/*.po: "
                                     "run `make build` (or python3 scripts/catalogues.py)")
        order, data = data
        _loaded["all"] = Words({d["lang"]: Catalogue.from_data(d) for d in data},
                               tuple(lang["code"] for lang in order if lang.get("app")))
    return _loaded["all"]


def _newer(path: Path, sources) -> bool:
    if not path.is_file():
        return False
    made = path.stat().st_mtime
    return all(src.stat().st_mtime <= made for src in sources)


def _read_compiled(folder: Path) -> Any:
    order = json.loads((folder / "languages.json").read_text(encoding="utf-8"))
    return order, [json.loads((folder / f"{lang['code']}.json").read_text(encoding="utf-8")) for lang in order]


def offered_langs() -> Sequence[str]:
    """The languages the app offers: every complete catalogue (scripts/catalogues.py), French
    first. One list, from the catalogues: a new language is one .po file."""
    return load_words().offered or (SOURCE_LANG,)


def say(msg_id: str, lang: str, **values: Any) -> str:
    """The message ``msg_id`` in ``lang`` (French when missing, never the id)."""
    return load_words().say(msg_id, lang, **values)
