"""Every word L'Île des Mookies hands out is a catalogue message present in every language,
and its screen drawn in German or Spanish keeps no French or English word of the game's own.

Random games over every option (and both youngest seats) collect each message: the moves as
every reader reads them, refusals of every other action, set-up errors, the end-of-game
steps, views, the "all cards" list, rule texts, options and their values.
"""
from __future__ import annotations

import itertools
import re
from html import unescape
from typing import Any, Dict, List, Set

import pytest

from ludotheque.core.catalogue import load_words
from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.core.errors import BadSetup, IllegalMove
from ludotheque.core.messages import Msg, say
from ludotheque.core.rng import Rng
from ludotheque.games.mookies import OPTIONS, RULES, MookiesEngine
from ludotheque.ui import mookies as gui

from messages_support import message_ids, missing_ids
from mookies_support import FAMILIES

ACTIONS = ["take/1", "take/2", "face/up", "face/down"] + [f"return/{f}" for f in FAMILIES]
SEATINGS = ([{"name": "Zoé", "youngest": True}, {"name": "Ugo"}],
            [{"name": "Zoé"}, {"name": "Ugo", "youngest": True}])
# every choice option, with stars from 0 (an empty trophy) to 9
OPTION_SETS = [dict(easy_memory=easy, penalty_choice=choice, stars_soleil=stars, stars_feuille=9 - stars)
               for easy, choice, stars in itertools.product((False, True), ("penalised", "fewest_stars"), (0, 1, 3))]
GAME_OWN = {"game.seat", "game.not_over"}  # refusals this game words itself beside its rule ids
BAD_SETUPS = [
    dict(seats=[{"name": "A"}, {"name": "B"}]),
    dict(deck={"piles": [["soleil/lune"]]}),
    dict(deck={"piles": [["soleil/lune"], ["dragon/lune"]]}),
    dict(deck={"piles": [["soleil/lune"], ["soleil"]]}),
    dict(deck={"piles": [["soleil/lune"], ["soleil*/lune*"]]}),
]


def refusals(engine: MookiesEngine) -> List[Any]:
    """Every action of the game tried by both seats (and by nobody, "*") where it is not legal:
    its refusal."""
    out = []
    for seat, action in itertools.product((0, 1, SYSTEM_SEAT), ACTIONS):
        move = Move(seat, action)
        if not engine.is_legal(move):
            with pytest.raises(IllegalMove) as info:
                engine.validate(move)
            if info.value.rule in RULES or info.value.rule in GAME_OWN:  # the platform's (game.turn…) aside
                assert isinstance(info.value.msg, Msg), info.value.rule
                out.append(info.value.msg)
    return out


def play_one(options: Dict[str, Any], seats, seed: int, said: List[Any]) -> MookiesEngine:
    """A random game to its end, collecting what the engine says along the way."""
    engine = MookiesEngine(seats, options=options, seed=seed)
    rng = Rng(seed)
    said.append(refusals(engine))
    with pytest.raises(IllegalMove) as early:
        engine.result()
    said.append(early.value.msg)
    step = 0
    while not engine.is_over():
        legal = engine.legal_moves()
        move = legal[rng.below(len(legal))]
        said.extend(engine.describe_move(move, reader) for reader in (None, 0, 1))
        if step % 7 == 0 or engine.view(None)["phase"] == "penalty":
            said.append(refusals(engine))
            said.append(engine.view(move.seat))
        engine.apply(move)
        step += 1
    said += [engine.result(), engine.view(None), engine.open_cards(), refusals(engine)]
    return engine


def test_every_message_the_engine_hands_out_is_in_every_catalogue():
    said: List[Any] = []
    ends = set()
    for n, (options, seats) in enumerate(itertools.product(OPTION_SETS, SEATINGS)):
        for seed in range(4):
            engine = play_one(options, seats, 100 * n + seed, said)
            ends.add(engine.result()["steps"][-1]["id"])
    for bad in BAD_SETUPS:
        with pytest.raises(BadSetup) as info:
            MookiesEngine(bad.get("seats", SEATINGS[0]), deck=bad.get("deck"), seed=1)
        said.append(info.value.msg)
    said += [RULES.to_list(), OPTIONS.describe(), MookiesEngine.rule_values({"stars_lune": 7})]
    for option in OPTIONS:
        values = option.choices or ((False, True) if option.kind == "bool" else (option.minimum, option.maximum))
        said += [option.value_msg(v) for v in values]

    ids = message_ids(said)
    assert missing_ids(ids) == set()
    # the walk reached every kind of message: a test that found nothing would prove nothing
    for expected in ("mookies.move.take", "mookies.move.lay_face", "mookies.move.lay_spider",
                     "mookies.move.lay_own_hidden", "mookies.move.lay_other_hidden", "mookies.move.return",
                     "mookies.illegal.turn.take_top", "mookies.illegal.turn.one_face", "mookies.illegal.game.seat",
                     "mookies.illegal.game.not_over", "mookies.illegal.spiders.most_returns_one",
                     "mookies.setup.youngest", "mookies.setup.bad_deck", "mookies.setup.unknown_face",
                     "mookies.setup.bad_card", "mookies.setup.card_not_in_list",
                     "mookies.end.family_won", "mookies.end.family_tie", "mookies.end.stars",
                     "mookies.end.spiders_return", "mookies.open.collection", "mookies.open.pile",
                     "mookies.rule.players.two", "mookies.option.penalty_choice.fewest_stars", "mookies.stars_of"):
        assert expected in ids, expected
    assert ends == {"mookies.end.wins", "mookies.end.tie_youngest"}
    # nothing of the game is worded outside the catalogues any more
    assert not [m for m in _walk(said) if isinstance(m, dict) and {"fr", "en"} <= set(m)]


def _walk(value: Any):
    yield value
    if isinstance(value, IllegalMove):
        value = value.msg
    if isinstance(value, Msg):
        for v in value.params.values():
            yield from _walk(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _walk(v)


# -- the screen in German and Spanish -----------------------------------------------------------

def text_of(markup: str) -> str:
    """Visible words and the names given to assistive tech (aria-label, title)."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    return unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels).replace("\u00ad", "")


def screens_along_a_game(lang: str, easy_memory: bool, seed: int) -> List[str]:
    """The board and status line at every ply of a random game between two people (each
    phase: take, choose, the trophy to give back, the end), a collection opened, and a
    replay's past view with covered cards."""
    engine = MookiesEngine(SEATINGS[0], options={"easy_memory": easy_memory, "penalty_choice": "penalised"}, seed=seed)
    rng = Rng(seed)
    shots, history = [], []
    while True:
        seat = engine.to_act()[0] if engine.to_act() else 0
        ui = {"legal": [m.action for m in engine.legal_moves(seat)], "open_collection": seat}
        view = engine.view(seat)
        shots.append(text_of(gui.render(view, lang, ui)) + " " + gui.status_text(view, lang, ui))
        if engine.is_over():
            break
        legal = engine.legal_moves()
        move = legal[rng.below(len(legal))]
        history.append(move)
        engine.apply(move)
    past = MookiesEngine(SEATINGS[0], options={"easy_memory": easy_memory}, seed=seed)
    for move in history[:len(history) // 3]:
        past.apply(move)
    live = MookiesEngine(SEATINGS[0], options={"easy_memory": easy_memory}, seed=seed)
    for move in history[:2 * len(history) // 3]:  # still in play: what was covered since stays covered
        live.apply(move)
    shots.append(text_of(gui.render(past.past_view(0, live), lang, {"still": True})))
    return shots


def foreign_words(lang: str) -> Set[str]:
    """Words of the game's French and English entries that this language's entries never use:
    any of them on its screen is a word that skipped the catalogue."""
    cats = load_words().catalogues

    def words(code: str) -> Set[str]:
        out: Set[str] = set()
        for msg_id, text in cats[code].messages.items():
            if msg_id.startswith("mookies."):
                for form in (text if isinstance(text, list) else [text]):
                    out.update(re.findall(r"[^\W\d_]{3,}", re.sub(r"\{[^}]*\}", " ", form.replace("\u00ad", ""))))
        return out

    return (words("fr") | words("en")) - words(lang) - {"Mookie", "Mookies", "Zoé", "Ugo"}


@pytest.mark.parametrize("lang", ["de", "es"])
def test_the_mookies_screen_in_german_and_spanish_has_no_french_or_english_word_of_the_game(lang):
    foreign = foreign_words(lang)
    assert {"Paquet", "Soleil", "collection", "Pile", "Sun", "spiders"} <= foreign  # the check can fail
    seen: Set[str] = set()
    for easy, seed in ((False, 3), (True, 5), (False, 11)):
        for text in screens_along_a_game(lang, easy, seed):
            seen |= set(re.findall(r"[^\W\d_]{3,}", text)) & foreign
    assert seen == set(), f"{lang}: {sorted(seen)}"
    # the screens walked were drawn in this language (the game's own words, from its catalogue)
    sample = " ".join(screens_along_a_game(lang, True, 5))
    sample += " ".join(screens_along_a_game(lang, False, 3))
    expected = {"de": ["Sterne pro Trophäe", "Stapel 1", "Sammlung ansehen", "Spiel beendet", "Zu viele Spinnen",
                       "Verdeckt", "jüngste Person"],
                "es": ["Estrellas por trofeo", "Mazo 1", "Ver la colección", "Partida terminada", "Demasiadas arañas",
                       "Tapada", "la persona más joven"]}[lang]
    for words in expected:
        assert words in sample, words
