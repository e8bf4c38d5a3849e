"""The share / export dialog: before a game leaves the device, offer to replace the people's
names by neutral ones (on by default; sharing.py does it). Words: the catalogues' ``share.*``."""
from __future__ import annotations

from ..core.catalogue import say as t_msg
from .html import Raw, button, el


def w(key: str, lang: str) -> str:
    return t_msg(f"share.{key}", lang)


def dialog(kind: str, lang: str) -> Raw:
    """The inside of the <dialog> (kind "link" or "file"): the choice, checked, and the actions."""
    return el("div", {"class": "share-box"},
              el("h2", {"id": "share-title"}, w(f"{kind}_title", lang)),
              el("label", {"class": "share-option"},
                 el("input", {"type": "checkbox", "id": "share-neutral", "checked": True,
                              "data-testid": "share-neutral"}),
                 " " + w("neutral", lang)),
              el("p", {"class": "share-why"}, w(f"why_{kind}", lang)),
              el("div", {"class": "share-actions"},
                 button(w(f"go_{kind}", lang), f"share-go/{kind}", "btn btn-primary", data_testid="share-go"),
                 button(w("cancel", lang), "share-close", "btn btn-secondary", data_testid="share-cancel")))
