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
