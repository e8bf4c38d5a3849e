"""Small helpers to write safe HTML by hand."""
from __future__ import annotations

from html import escape
from typing import Any, Dict, Iterable, Optional, Union

Child = Union[str, "Raw", None]


class Raw(str):
    """Text already escaped (built by these helpers)."""

    def __add__(self, other: str) -> "Raw":
        return Raw(str.__add__(self, other if isinstance(other, Raw) else escape(other)))


def attrs(a: Optional[Dict[str, Any]]) -> str:
    if not a:
        return ""
    out = []
    for k, v in a.items():
        if v is None or v is False:
            continue
        k = k.rstrip("_").replace("_", "-")
        if v is True:
            out.append(f" {k}")
        else:
            out.append(f' {k}="{escape(str(v), quote=True)}"')
    return "".join(out)


def el(tag: str, a: Optional[Dict[str, Any]] = None, *children: Child) -> Raw:
    inner = "".join(c if isinstance(c, Raw) else escape(c) for c in children if c is not None)
    return Raw(f"<{tag}{attrs(a)}>{inner}</{tag}>")


def join(items: Iterable[Child]) -> Raw:
    return Raw("".join(c if isinstance(c, Raw) else escape(c) for c in items if c is not None))


def button(label: Child, action: str, cls: str = "btn", **extra: Any) -> Raw:
    a = {"type": "button", "class": cls, "data-action": action}
    a.update(extra)
    return el("button", a, label)


def bdi(text: Child) -> Raw:
    """A name or title from outside, isolated from the text around it (right-to-left letters or
    stray controls in it never reorder the sentence it sits in)."""
    from ..core.seats import without_bidi_controls  # core, pure: no cycle with ui

    return el("bdi", None, None if text is None else (text if isinstance(text, Raw) else without_bidi_controls(text)))


def isolate(text: str) -> str:
    """`text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the same isolation as
    <bdi> for plain text (a status line, an attribute, a toast)."""
    return "\u2068" + text + "\u2069"
