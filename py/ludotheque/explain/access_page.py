"""The site's "Accessibility" page, rules/accessibility.html (French) and
rules/accessibility.<lang>.html in every other language of the rules pages: how to play each
game with the keyboard only and by ear (issue #27), in the spirit of lichess's blind mode.

Built by scripts/build.py beside the rules pages (deployed and precached the same way, linked
from the home page and from every game's rules panel). Its words are the catalogues'
``access.*``; the keys named are read from the screens' own constants, so the page cannot
drift from what the games do. A sentence names its keys as parameters (``{enter}``), drawn as
``<kbd>`` boxes wherever the language puts them.
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from ..core.catalogue import PARAM, SOURCE_LANG
from ..core.catalogue import say as word
from ..ui.html import Raw, el
from ..ui.mosquito import DRAW_KEY, KEYS, PASS_KEY
from .page_links import RULES_PAGE_POLICY, alternates, lang_links

NAMED_KEYS = ("tab", "shift_tab", "enter", "space", "home", "end", "escape", "ctrl_z")


def page_name(lang: str) -> str:
    return "accessibility.html" if lang == SOURCE_LANG else f"accessibility.{lang}.html"


def _k(key: str) -> Raw:
    return el("kbd", None, key)


def rich(msg_id: str, lang: str, **keys: str) -> List[Any]:
    """The catalogue's sentence with each ``{key}`` drawn as a <kbd> box: a named key
    (``{enter}``) in the language's own words, another (``{k1}``, ``{left}``) as given."""
    boxes = {name: _k(word(f"access.key.{name}", lang)) for name in NAMED_KEYS}
    boxes.update({name: _k(value) for name, value in keys.items()})
    text = word(msg_id, lang)
    out: List[Any] = []
    at = 0
    for m in PARAM.finditer(text):
        out.append(text[at:m.start()])
        out.append(boxes.get(m.group(1), m.group(0)))
        at = m.end()
    out.append(text[at:])
    return [part for part in out if part != ""]


def _items(lang: str, *rows: Tuple[Any, ...]) -> Raw:
    return el("ul", None, *[el("li", None, *rich(row[0], lang, **(row[1] if len(row) > 1 else {}))) for row in rows])


def _general(lang: str) -> List[Tuple[str, str, Raw]]:
    keys = _items(lang, ("access.keyboard.groups",), ("access.keyboard.arrows",), ("access.keyboard.enter",),
                  ("access.keyboard.shortcuts",), ("access.keyboard.escape",), ("access.keyboard.focus",))
    ear = _items(lang, ("access.ear.polite",), ("access.ear.assertive",), ("access.ear.cards",), ("access.ear.dialogs",))
    return [("keyboard", word("access.keyboard", lang), keys), ("ear", word("access.ear", lang), ear)]


def _games(lang: str) -> List[Tuple[str, str, Raw]]:
    left, right, call = (k.upper() for k in KEYS[0])
    left2, right2, call2 = (k.upper() for k in KEYS[1])
    mookies = _items(lang, ("access.mookies.keys", {"k1": "1", "k2": "2"}), ("access.mookies.short",))
    mindup = _items(lang, ("access.mindup.hand", {"k1": "1", "k9": "9"}), ("access.mindup.reveal",))
    mosquito = _items(lang, ("access.mosquito.hand", {"draw": DRAW_KEY.upper(), "pass": PASS_KEY.upper()}),
                      ("access.mosquito.race", {"left": left, "right": right, "call": call,
                                                "left2": left2, "right2": right2, "call2": call2}))
    masterislands = _items(lang, ("access.masterislands.hand", {"k1": "1"}),
                           ("access.masterislands.galleon", {"conquest": "E", "skip": "N", "plus": "+",
                                                             "minus": "−", "zero": "0"}))
    slow = el("p", None, word("access.mosquito.slow", lang))
    return [("mookies", word("game.mookies.name", lang), mookies),
            ("mindup", word("game.mindup.name", lang), mindup),
            ("mosquito", word("game.mosquito.name", lang), el("div", None, mosquito, slow)),
            ("masterislands", word("game.masterislands.name", lang), masterislands)]


def page(lang: str, langs: Sequence[str]) -> str:
    title = word("access.title", lang)
    sections = [el("section", {"id": key, "class": "rp-section"}, el("h2", None, head), body)
                for key, head, body in _general(lang) + _games(lang)]
    body = el("body", {"class": "rules-page access-page"},
              el("header", {"class": "rp-head"},
                 el("a", {"href": "../index.html", "class": "btn btn-ghost btn-small"}, "← " + word("rules_page.home", lang)),
                 lang_links(page_name, lang, langs)),
              el("main", {"class": "rp-main"}, el("h1", None, title),
                 el("p", {"class": "rp-how"}, word("access.intro", lang)), *sections))
    head = el("head", None,
              Raw('<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
                  f'<meta http-equiv="Content-Security-Policy" content="{RULES_PAGE_POLICY}">'),
              el("meta", {"name": "description", "content": word("access.summary", lang)}),
              el("title", None, f"{title} — Ludothèque"),
              alternates(page_name, langs),
              Raw('<link rel="icon" href="../assets/icons/icon.svg" type="image/svg+xml">'
                  '<link rel="stylesheet" href="../css/base.css"><link rel="stylesheet" href="../css/rules.css">'
                  '<script src="../js/rules-page.js" defer></script>'))
    return "<!doctype html>\n" + el("html", {"lang": lang}, head, body) + "\n"


def pages(langs: Sequence[str]) -> Dict[str, str]:
    """rules/<file> -> its text, in every language of the rules pages."""
    return {f"rules/{page_name(lang)}": page(lang, langs) for lang in langs}
