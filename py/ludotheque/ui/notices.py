"""Words of the reliability notices (issue #14): what went wrong, what was kept, what to do.

Kept apart from i18n.WORDS because they belong to the error boundary (web/guard.py,
web/tabs.py); same shape ({"fr", "en"}), French first, `tu` for the player.
"""
from __future__ import annotations

from typing import Dict

NOTICES: Dict[str, Dict[str, str]] = {
    "link_failed": {"fr": "Ce lien de partie n’a pas pu être ouvert : {why} Tes parties enregistrées n’ont pas été touchées.",
                    "en": "This game link could not be opened: {why} Your saved games were not touched."},
    "link_kept": {"fr": "Ce lien n’a pas pu être ouvert : {why} La partie affichée continue, tes parties "
                        "enregistrées n’ont pas été touchées.",
                  "en": "This link could not be opened: {why} The game on screen goes on, your saved games "
                        "were not touched."},
    "save_failed": {"fr": "Cette partie enregistrée n’a pas pu être reprise : {why}",
                    "en": "This saved game could not be resumed: {why}"},
    "file_failed": {"fr": "Ce fichier n’a pas pu être importé : {why} Rien n’a été modifié.",
                    "en": "This file could not be imported: {why} Nothing was changed."},
    "file_too_big": {"fr": "Fichier trop gros ({size} octets) : une partie fait au plus {limit} octets.",
                     "en": "File too big ({size} bytes): a game record is at most {limit} bytes."},
    "action_failed": {"fr": "Cette action a échoué : {why} La partie est intacte.",
                      "en": "This action failed: {why} The game is intact."},
    "copy_kept": {"fr": "Cette partie a été modifiée dans un autre onglet. Tes coups sont gardés dans une copie "
                        "(« {id} ») ; l’autre version reste dans la liste des parties.",
                  "en": "This game was changed in another tab. Your moves are kept in a copy ('{id}'); "
                        "the other version stays in the list of games."},
    "reloaded": {"fr": "Partie mise à jour depuis un autre onglet ({n} coups).",
                 "en": "Game updated from another tab ({n} moves)."},
    "deleted_elsewhere": {"fr": "Cette partie a été supprimée dans un autre onglet ; elle sera enregistrée à nouveau au prochain coup.",
                          "en": "This game was deleted in another tab; it will be saved again at the next move."},
    "saving_back": {"fr": "La sauvegarde fonctionne de nouveau.", "en": "Saving works again."},
    "export_raw": {"fr": "Exporter tel quel", "en": "Export as stored"},
}


def say(key: str, lang: str, **values: object) -> str:
    entry = NOTICES[key]
    return (entry.get(lang) or entry["fr"]).format(**values)
