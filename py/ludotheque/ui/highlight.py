"""Highlights drawn on any game's board, from the ids the screens already put on elements.

An annotated record (docs/records.md, ``meta.annotations``) names what to look at in
game terms: cards, piles, cells, seats, a line of cells or cards. Rather than teach each
screen about annotations, the screens tag their elements once (``data-card``/``data-face``
for a card, ``data-cell="x,y"`` for a grid cell, ``data-pile`` for a pile, ``data-seat`` on
a seat's area, ``data-galleon`` for a MasterIslands galleon) and :func:`mark` adds the class
``hl`` (plus ``hl-line`` for a line) to the matching opening tags of the rendered HTML. One
mechanism for the four games, and it works on frames rendered ahead of time as well as on
the live screen.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape
from typing import Any, FrozenSet, Mapping

from .html import Raw

_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>]+(?:=\"[^\"]*\")?)*)\s*>")
_ATTR = re.compile(r'([^\s=>]+)(?:="([^"]*)")?')
SEAT_TAGS = frozenset({"section", "li", "div", "article"})  # a seat's area, not a button acting for it


@dataclass(frozen=True)
class Highlights:
    cards: FrozenSet[str] = field(default_factory=frozenset)
    piles: FrozenSet[str] = field(default_factory=frozenset)
    cells: FrozenSet[str] = field(default_factory=frozenset)
    seats: FrozenSet[str] = field(default_factory=frozenset)
    galleons: FrozenSet[str] = field(default_factory=frozenset)
    line: FrozenSet[str] = field(default_factory=frozenset)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Highlights":
        def ids(key: str) -> FrozenSet[str]:
            return frozenset(str(v).replace(" ", "") for v in d.get(key) or ())
        return cls(ids("cards"), ids("piles"), ids("cells"), ids("seats"), ids("galleons"), ids("line"))

    def __bool__(self) -> bool:
        return bool(self.cards or self.piles or self.cells or self.seats or self.galleons or self.line)

    def classes_for(self, tag: str, attrs: Mapping[str, str]) -> str:
        """The highlight classes an element with these attributes gets ("" for none)."""
        card = attrs.get("data-card", attrs.get("data-face"))
        cell = attrs.get("data-cell")
        out = []
        if (card is not None and card in self.cards) or (cell is not None and cell in self.cells) \
                or attrs.get("data-pile") in self.piles or attrs.get("data-galleon") in self.galleons \
                or (tag in SEAT_TAGS and attrs.get("data-seat") in self.seats):
            out.append("hl")
        if (card is not None and card in self.line) or (cell is not None and cell in self.line):
            out.append("hl hl-line" if not out else "hl-line")
        return " ".join(out)


def mark(html: str, highlights: Highlights) -> Raw:
    """``html`` with the highlighted elements' opening tags given the class ``hl``."""
    if not highlights:
        return Raw(html)

    def one(m: "re.Match[str]") -> str:
        tag, raw_attrs = m.group(1).lower(), m.group(2)
        if "data-" not in raw_attrs:
            return m.group(0)
        attrs = {k: unescape(v or "") for k, v in _ATTR.findall(raw_attrs)}
        extra = highlights.classes_for(tag, attrs)
        if not extra:
            return m.group(0)
        if "class" in attrs:
            raw_attrs = re.sub(r'(\sclass=")([^"]*)"', lambda c: f'{c.group(1)}{c.group(2)} {extra}"', raw_attrs, count=1)
        else:
            raw_attrs += f' class="{extra}"'
        return f"<{m.group(1)}{raw_attrs}>"

    return Raw(_TAG.sub(one, html))
