"""Copy check over rendered screens, in French and in English: no English words in French
screens, no French words in English ones, plurals that agree with their number ("1 cartes"),
and one voice for the player in French (tu, never vous; the rules panel quotes the printed
rules and is checked for language only).

Screens are rendered as the app does (ui.<game>.render + the shared game frame) along games
played by the bots, with seat 0 a person; every move's words (the log line) are checked too.
"""
from __future__ import annotations

import html as htmllib
import re
from typing import Dict, Iterator, List, Tuple

import pytest
from ludotheque.bots import choose
from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.core.seats import BotLevel
from ludotheque.games import available, engine_class
from ludotheque.session import Session
from ludotheque.ui import screens

from builders import seats

# Whole words only (case-sensitive where a word is also a name or the other language's word).
ENGLISH_IN_FRENCH = ["Deck", "deck", "cards", "card", "Player", "player", "Round", "round", "Draw", "Pass", "Play",
                     "the", "and", "with", "your", "you", "Next", "Winner", "Keys", "Left", "Right", "hand", "Score cards",
                     "Bot", "Rules", "Home", "Share", "Export", "New game", "Pile", "Sun", "Moon", "Leaf", "Shell",
                     "Fossil", "Spider", "stars", "galleon", "Stop", "team", "Team", "Goal", "Sea"]
FRENCH_IN_ENGLISH = ["cartes", "carte", "Manche", "manche", "Joueur", "joueur", "Pioche", "Passer", "Jouer", "Paquet",
                     "Règles", "Suivant", "Vainqueur", "Touches", "Moustiquaire", "le", "la", "les", "des", "du", "et",
                     "avec", "ta", "ton", "tes", "tu", "Accueil", "Partager", "Exporter", "Nouvelle partie", "Soleil",
                     "Lune", "Feuille", "Coquillage", "Araignée", "étoiles", "galion", "équipe", "Objectif", "mer",
                     "Personne", "Robot", "Main gauche", "Main droite", "Fin", "choisis", "prends", "rends"]
FR_NOUNS = "cartes|araignées|coups|manches|étoiles|joueurs|galions|points|tours"
EN_NOUNS = "card|spider|move|round|star|player|galleon|point"
VOUS = re.compile(r"\b(vous|votre|vos|Vous|Votre|Vos|[A-Za-zé]+ez)\b")
VOUS_OK = {"chez", "assez", "nez"}  # words ending in -ez that are not a vous verb


def text_of(markup: str) -> str:
    """Visible words and the names given to assistive tech (aria-label, title)."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    body = re.sub(r"<[^>]+>", " ", markup)
    return htmllib.unescape(body + " " + labels)


def screens_of(game_id: str, steps: int = 70, every: int = 3) -> Iterator[Tuple[str, str, str]]:
    """(where, lang, text) for the set-up form, the rules panel and screens along a bot game."""
    cls = engine_class(game_id)
    n = max(cls.MIN_SEATS, min(4, cls.MAX_SEATS))
    gui = __import__(f"ludotheque.ui.{game_id}", fromlist=["render"])
    for lang in ("fr", "en"):
        yield "setup", lang, text_of(screens.setup_form(cls, lang, screens.default_seats(cls, n, lang), {}))
    session = Session(cls(seats("h" + "b" * (n - 1), names=["Léa"] + [f"R{i}" for i in range(1, n)], youngest=0), seed=3), "copy")
    ui: Dict = {}
    for step in range(steps):
        engine = session.engine
        if step % every == 0 or engine.is_over():
            for lang in ("fr", "en"):
                seat = gui.perspective(session, ui) if hasattr(gui, "perspective") else 0
                view = engine.view(seat)
                board = gui.render(view, lang, ui)
                status = gui.status_text(view, lang, ui) or ""
                frame = screens.game_frame(cls, lang, status, board, True, False)
                log = " ".join(fb.text(lang) for fb in session.log[-3:])
                yield f"{game_id} step {step}", lang, text_of(frame) + " " + log
        if engine.is_over():
            break
        if getattr(engine, "race", None) is not None:
            engine.apply(Move(SYSTEM_SEAT, "close"))  # nobody slaps: the race closes
            continue
        seat = engine.to_act()[0]
        fb = session.act(seat, choose(engine, seat, BotLevel.NORMAL).action)
        assert fb.kind == "move", fb.text("en")
    for lang in ("fr", "en"):
        yield "rules", lang, text_of(screens.rules_panel(cls, lang, {}))


def problems(where: str, lang: str, text: str) -> List[str]:
    out = []
    bad = ENGLISH_IN_FRENCH if lang == "fr" else FRENCH_IN_ENGLISH
    for word in bad:
        if re.search(rf"(?<![\w’'-]){re.escape(word)}(?![\w’'-])", text):
            out.append(f"{where} [{lang}]: '{word}' in « {_around(text, word)} »")
    if lang == "fr":
        for m in re.finditer(rf"(?<![\d,.])\b[01] ({FR_NOUNS})\b", text):
            out.append(f"{where} [fr]: plural after 0/1: « {m.group(0)} »")
        if where != "rules":
            for m in VOUS.finditer(text):
                if m.group(1).lower() not in VOUS_OK:
                    out.append(f"{where} [fr]: vous, not tu: « {_around(text, m.group(1))} »")
    else:
        for m in re.finditer(r"\w+ [:;!?](?=\s|$)|«|»", text):
            out.append(f"{where} [en]: French spacing or quotes: « {_around(text, m.group(0))} »")
        for m in re.finditer(rf"(?<![\d,.])\b1 ({EN_NOUNS})s\b", text):
            out.append(f"{where} [en]: plural after 1: « {m.group(0)} »")
        for m in re.finditer(rf"(?<![\d,.])\b(0|[2-9]|\d\d+) ({EN_NOUNS})\b(?!s)", text):
            out.append(f"{where} [en]: singular after {m.group(1)}: « {m.group(0)} »")
    return out


def _around(text: str, word: str) -> str:
    i = text.find(word)
    return re.sub(r"\s+", " ", text[max(0, i - 40):i + len(word) + 40]).strip()


@pytest.mark.parametrize("game_id", available())
def test_copy_of_every_screen_in_both_languages(game_id):
    found: List[str] = []
    for where, lang, text in screens_of(game_id):
        found += problems(where, lang, text)
    unique = list({re.sub(r"step \d+", "step …", f): f for f in found}.values())  # one line per problem
    assert not unique, f"{len(unique)} copy problems:\n" + "\n".join(unique[:60])


def test_the_checker_catches_what_it_looks_for():
    assert problems("x", "fr", "Deck : 43 · 1 cartes")
    assert problems("x", "en", "Pioche : 3") and problems("x", "en", "Deck : 43")
    assert problems("x", "en", "1 cards") and problems("x", "en", "3 card left")
    assert problems("x", "fr", "Frappez vite")
    assert not problems("x", "fr", "Pioche : 43 · 1 carte · 2 cartes")
    assert not problems("x", "en", "Deck: 43 · 1 card · 2 cards")
