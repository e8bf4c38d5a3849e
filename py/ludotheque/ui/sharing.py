"""The share / export dialog: before a game leaves the device, offer to replace the people's
names by neutral ones (on by default; sharing.py does it). Own words, French first, `tu`."""
from __future__ import annotations

from .html import Raw, button, el
from .i18n import words

WORDS = {
    "link_title": ("Partager un lien vers cette position", "Share a link to this position"),
    "file_title": ("Exporter la partie (.json)", "Export the game (.json)"),
    "neutral": ("Remplacer les noms des joueurs par « Joueur 1 », « Joueur 2 »… (les robots gardent leur nom)",
                "Replace the players' names by 'Player 1', 'Player 2'… (bots keep their names)"),
    "why_link": ("Le lien contient la partie entière, noms compris : toute personne qui le reçoit peut les lire.",
                 "The link holds the whole game, names included: anyone who receives it can read them."),
    "why_file": ("Le fichier contient la partie entière, noms compris : toute personne qui le reçoit peut les lire.",
                 "The file holds the whole game, names included: anyone who receives it can read them."),
    "go_link": ("Copier le lien", "Copy the link"),
    "go_file": ("Télécharger le fichier", "Download the file"),
    "cancel": ("Annuler", "Cancel"),
}
w = words(WORDS)


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
