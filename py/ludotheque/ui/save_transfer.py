"""The home page's safe-keeping of saves: a calm note when the browser may delete them, "Exporter
toutes les parties" and "Importer" (one file of every save, or one game), and what an import did.

Own word table, French first, `tu` for the player (moved to catalogues with the rest, issue #23).
"""
from __future__ import annotations

from typing import Mapping, Optional

from .html import Raw, button, el
from .i18n import words

WORDS = {
    "export_all": ("Exporter toutes les parties", "Export all games"),
    "export_all_hint": ("Un seul fichier .json avec toutes tes parties, à garder où tu veux",
                        "One .json file with all your games, to keep wherever you like"),
    "import": ("Importer (.json)", "Import (.json)"),
    "import_hint": ("Un fichier de parties exporté ici, ou une seule partie",
                    "A file of games exported here, or a single game"),
    "not_protected": ("Ce navigateur peut effacer tes parties s’il manque de place ou si tu ne reviens pas "
                      "pendant un moment. Pour les garder à coup sûr, exporte-les de temps en temps.",
                      "This browser may delete your games if it runs short of space or if you stay away "
                      "for a while. To be sure to keep them, export them now and then."),
    # "singular|plural", with {n}
    "exported": ("{n} partie exportée dans « {file} ».|{n} parties exportées dans « {file} ».",
                 "{n} game exported to '{file}'.|{n} games exported to '{file}'."),
    "imported": ("{n} partie importée.|{n} parties importées.", "{n} game imported.|{n} games imported."),
    "copies": ("{n} avait le même identifiant qu’une autre partie d’ici : importée en copie, à côté. "
               "Rien n’a été remplacé.|{n} avaient le même identifiant que d’autres parties d’ici : "
               "importées en copie, à côté. Rien n’a été remplacé.",
               "{n} had the same id as another game here: imported as a copy, beside it. Nothing was "
               "replaced.|{n} had the same id as other games here: imported as copies, beside them. "
               "Nothing was replaced."),
    "already": ("{n} était déjà là (mêmes coups) : laissée telle quelle.|{n} étaient déjà là (mêmes coups) : "
                "laissées telles quelles.",
                "{n} was already here (same moves): left as it is.|{n} were already here (same moves): "
                "left as they are."),
    "empty_file": ("Ce fichier ne contient aucune partie : rien n’a été importé.",
                   "This file holds no game: nothing was imported."),
    "too_big": ("Fichier trop gros ({size} octets) : un fichier de parties fait au plus {limit} octets.",
                "File too big ({size} bytes): a file of games is at most {limit} bytes."),
}
w = words(WORDS)


def counted(key: str, n: int, lang: str, **values: object) -> str:
    """The singular or plural sentence of `key` for n (French: 0 and 1 take the singular)."""
    one, _, many = w(key, lang).partition("|")
    single = n in (0, 1) if lang == "fr" else n == 1
    return (one if single else many).format(n=n, **values)


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
