"""The home page's safe-keeping of saves: a calm note when the browser may delete them, "Exporter
toutes les parties" and "Importer" (one file of every save, or one game), and what an import did.

Words: the catalogues' ``transfer.*`` entries (counts as plural entries), `tu` for the player.
"""
from __future__ import annotations

from typing import Mapping, Optional

from ..core.catalogue import say
from .html import Raw, button, el


def w(key: str, lang: str, **values: object) -> str:
    """The word ``transfer.<key>`` of the catalogues; a parameter not given stays as written."""
    return say("transfer." + key, lang, **values)


def counted(key: str, n: int, lang: str, **values: object) -> str:
    """The sentence of ``key`` for n things: a plural entry, its form chosen by the language."""
    return w(key, lang, n=n, **values)


def tools(lang: str, readable: int, protected: Optional[bool]) -> Raw:
    """Under the saves list: the note (only when the browser said it may delete them and
    there is something to lose), export (when there is a game to export) and import."""
    note = None
    if protected is False and readable:
        note = el("p", {"class": "keep-note", "data-testid": "not-protected"}, w("not_protected", lang))
    export = None if not readable else button(w("export_all", lang), "export-all", "btn btn-secondary",
                                               title=w("export_all_hint", lang), data_testid="export-all")
    imp = el("label", {"class": "btn btn-secondary import", "title": w("import_hint", lang)},
             w("import", lang) + " ",
             el("input", {"type": "file", "accept": ".json,application/json", "data-change": "import",
                          "id": "import-file", "class": "visually-hidden"}))
    return el("div", {"class": "keep-saves"}, note, el("div", {"class": "keep-row"}, export, imp))


def import_summary(counts: Mapping[str, int], lang: str) -> str:
    """What an import did, in one or three short sentences."""
    if not any(counts.values()):
        return w("empty_file", lang)
    parts = [counted("imported", counts["new"] + counts["copies"], lang)]
    if counts["copies"]:
        parts.append(counted("copies", counts["copies"], lang))
    if counts["already"]:
        parts.append(counted("already", counts["already"], lang))
    return " ".join(parts)


def exported(n: int, filename: str, lang: str) -> str:
    return counted("exported", n, lang, file=filename)
