"""Interface words in French first, English second."""
from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Union


LANGS = ("fr", "en")

WORDS: Dict[str, Dict[str, str]] = {
    "home": {"fr": "Accueil", "en": "Home"},
    "rules": {"fr": "Règles", "en": "Rules"},
    "new_game": {"fr": "Nouvelle partie", "en": "New game"},
    "start": {"fr": "Commencer la partie", "en": "Start the game"},
    "players": {"fr": "Joueurs", "en": "Players"},
    "name": {"fr": "Nom", "en": "Name"},
    "human": {"fr": "Personne", "en": "Person"},
    "bot": {"fr": "Robot", "en": "Bot"},
    "level": {"fr": "Niveau", "en": "Level"},
    "easy": {"fr": "Facile", "en": "Easy"},
    "normal": {"fr": "Normal", "en": "Normal"},
    "hard": {"fr": "Difficile", "en": "Hard"},
    "levels_title": {"fr": "Niveaux des robots :", "en": "Bot levels:"},
    "youngest": {"fr": "Le plus jeune", "en": "Youngest"},
    "options": {"fr": "Options", "en": "Options"},
    "house_rules": {"fr": "Règles maison (modifiables)", "en": "House rules (changeable)"},
    "spec_rules": {"fr": "Règles du jeu", "en": "Rules of the game"},
    "facts": {"fr": "Précisions (sources publiques)", "en": "Clarifications (public sources)"},
    "current_value": {"fr": "Dans cette partie", "en": "In this game"},
    "close": {"fr": "Fermer", "en": "Close"},
    "resume": {"fr": "Reprendre", "en": "Resume"},
    "delete": {"fr": "Supprimer", "en": "Delete"},
    "saved_games": {"fr": "Parties en cours", "en": "Games in progress"},
    "finished_games": {"fr": "Parties terminées", "en": "Finished games"},
    "no_saves": {"fr": "Aucune partie enregistrée.", "en": "No saved game."},
    "unreadable": {"fr": "Sauvegarde illisible", "en": "Unreadable save"},
    "export": {"fr": "Exporter (.json)", "en": "Export (.json)"},
    "import": {"fr": "Importer une partie (.json)", "en": "Import a game (.json)"},
    "share": {"fr": "Partager", "en": "Share"},
    "share_hint": {"fr": "Copier un lien vers cette position", "en": "Copy a link to this position"},
    "export_short": {"fr": "Exporter", "en": "Export"},
    "export_hint": {"fr": "Enregistrer la partie dans un fichier .json", "en": "Save the game to a .json file"},
    "trophies": {"fr": "Trophées", "en": "Trophies"},
    "sorted_collection": {"fr": "Collection triée", "en": "Sorted collection"},
    "saving_off": {
        "fr": "La sauvegarde est désactivée (stockage indisponible) : la partie continue sans être enregistrée.",
        "en": "Saving is off (storage unavailable): the game goes on without being saved.",
    },
    "moves": {"fr": "coups", "en": "moves"},
    "over": {"fr": "terminée", "en": "finished"},
    "bot_thinking": {"fr": "réfléchit…", "en": "is thinking…"},
    "shared_position": {"fr": "Position partagée", "en": "Shared position"},
    "imported": {"fr": "Partie importée.", "en": "Game imported."},
    "link_copied": {"fr": "Lien copié.", "en": "Link copied."},
    "menu": {"fr": "Menu", "en": "Menu"},
    "game_over": {"fr": "Partie terminée", "en": "Game over"},
    "play_again": {"fr": "Rejouer", "en": "Play again"},
    "illustrated_rules": {"fr": "Les règles illustrées, avec des exemples à parcourir", "en": "The rules illustrated, with examples to step through"},
    "rule_more": {"fr": "Voir cette règle expliquée, avec un exemple", "en": "See this rule explained, with an example"},
    "deleted": {"fr": "Partie supprimée", "en": "Game deleted"},
    "undo_delete": {"fr": "Annuler", "en": "Undo"},
    "already_saved": {"fr": "Cette partie est déjà dans tes parties : la voici.",
                      "en": "This game is already among your games: here it is."},
    # the language switch shows the language it switches to, and says so in that language
    "lang_switch": {"fr": "EN", "en": "FR"},
    "lang_switch_name": {"fr": "EN — English", "en": "FR — français"},
}


def t(key: str, lang: str) -> str:
    entry = WORDS[key]
    return entry.get(lang) or entry["fr"]


def pick(text: Mapping[str, str], lang: str) -> str:
    """A {"fr","en"} dict from an engine, in the chosen language."""
    return text.get(lang) or text.get("fr", "")


def over_status(view: Mapping[str, Any], lang: str) -> Optional[str]:
    """Every game's status line once it is over: the last step of its scoring (who won)."""
    return pick(view["result"]["steps"][-1], lang) if view["over"] else None


def turn_words(name: str, lang: str) -> str:
    return f"À {name} de jouer." if lang == "fr" else f"{name} to play."


def bot_status(view: Mapping[str, Any], seat: int, lang: str, still: bool = False) -> Optional[str]:
    """While a bot is the one to act, the status line says so rather than asking it to play;
    in a still (ui/still.py: a frame, a replay) nothing thinks: it is the bot's turn, said plainly."""
    s = view["seats"][seat]
    if s["kind"] != "bot":
        return None
    name = f"\u2068{s['name']}\u2069"  # isolated name
    return turn_words(name, lang) if still else f"{name} {t('bot_thinking', lang)}"


def words(table: Mapping[str, Union[Tuple[str, str], Mapping[str, str]]]) -> Callable[[str, str], str]:
    """A game screen's own word list as a lookup like ``t``: entries are (fr, en) pairs or
    {"fr", "en"} dicts; French when the language has no entry."""
    def w(key: str, lang: str) -> str:
        entry = table[key]
        text = dict(zip(LANGS, entry)) if isinstance(entry, tuple) else entry
        return text.get(lang) or text["fr"]
    return w


def plural(n: int, forms: str, lang: str) -> str:
    """``n`` and its noun: ``forms`` is "singular|plural". French uses the singular for 0 and 1
    ("0 carte", "1 carte"), English only for 1 ("0 cards", "1 card")."""
    one, _, many = forms.partition("|")
    single = n in (0, 1) if lang == "fr" else n == 1
    return f"{n} {one if single else (many or one)}"


def colon(lang: str) -> str:
    """A label's colon as each language writes it: "Pioche : 3" (French space), "Deck: 3"."""
    return " : " if lang == "fr" else ": "
