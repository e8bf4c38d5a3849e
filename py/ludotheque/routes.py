"""The app's addresses (the part after ``#``), read and written in one place.

``save=<id>`` a saved game; ``save=<id>&ply=N`` its replay at ply N; ``record=<data>`` a shared
record, opened in replay at its last ply, ``record=<data>&ply=N`` at ply N; ``setup=<game>``
the set-up form; ``draft=<id>&ply=N`` an example being made (the example editor); nothing: the
home page. Pure, so the browser glue and the tests agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

KINDS = ("save", "record", "setup", "draft")


@dataclass(frozen=True)
class Route:
    kind: str = "home"  # "home" | "save" | "record" | "setup" | "draft"
    value: str = ""
    ply: Optional[int] = None  # a replay frozen at this ply (records always open in replay)

    @property
    def replay(self) -> bool:
        return self.kind == "record" or (self.kind == "save" and self.ply is not None)

    def to_hash(self) -> str:
        if self.kind == "home":
            return ""
        text = f"{self.kind}={self.value}"
        return text + (f"&ply={self.ply}" if self.ply is not None else "")


def parse(hash_: str) -> Route:
    """Read a location hash (with or without ``#``); anything unknown is the home page."""
    parts = hash_.lstrip("#").split("&")
    head, _, value = parts[0].partition("=")
    params = dict(p.partition("=")[::2] for p in parts[1:])
    raw = params.get("ply", "")
    ply = int(raw) if raw.isdigit() else None
    if head in KINDS and value:
        return Route(head, value, ply)
    return Route()
