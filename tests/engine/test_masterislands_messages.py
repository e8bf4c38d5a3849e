"""MasterIslands speaks in messages: every message id the engine can hand out (moves said for
every reader, refusals, set-up errors, notes, end steps, views, options, rules) exists,
non-empty, in every catalogue; the screen's own words too; and a screen drawn in German or
Spanish keeps no French or English words of the game's entries."""
from __future__ import annotations

import ast
import html as htmllib
import re
from pathlib import Path
from typing import Iterator, List, Set, Tuple

import pytest

from ludotheque.core.catalogue import PARAM, load_words
from ludotheque.core.engine import Move
from ludotheque.core.errors import BadSetup, IllegalMove, LudoError
from ludotheque.core.rng import Rng
from ludotheque.games.masterislands import MasterIslandsEngine
from ludotheque.ui import masterislands as mi
from ludotheque.core.messages import say

from masterislands_support import CONFIGS, MAX_MOVES, noise, seats
from messages_support import message_ids, missing_ids

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "py" / "ludotheque").rglob("masterislands*.py"))
# every mode and player count, each option away from its default at least once
PLAYS = CONFIGS + [
    (2, {"distribution": "2,2,2,3,3", "first_player": 1}),
    (4, {"mode": "team", "line_gaps": False, "conquest_scope": "turn", "first_player": 3}),
    (3, {"mode": "corsair", "corsair_seat": 1, "difficulty": "hard", "corsair_target": 4}),
    (4, {"mode": "corsair", "corsair_seat": 3, "difficulty": "medium", "corsair_deck_out": "play_on"}),
]
BAD_SETUPS = [
    (3, {"mode": "team"}, None),
    (2, {"mode": "corsair"}, None),
    (3, {"mode": "corsair", "corsair_seat": 3}, None),
    (2, {"first_player": 3}, None),
    (2, {"distribution": "1,2,3"}, None),
    (2, {}, "not a deal"),
    (2, {}, {"start": "R9", "hands": [[], []], "draw": []}),
    (2, {}, {"start": "R1", "hands": [["R1", "R1", "R1"], ["R1"]], "draw": []}),
    (2, {}, {"grid": {"0,0": "R3"}, "hands": [[], []], "draw": [], "galleons": [[[0, 0], [5, 5]], [[0, 0], [0, 0]]]}),
]


def play(n: int, options: dict, seed: int) -> Iterator[object]:
    """Everything the engine hands out along one random game with illegal attempts mixed in."""
    engine = MasterIslandsEngine(seats(n), options=options, seed=seed)
    rng = Rng(seed)
    yield engine.view(None)
    for _ in range(MAX_MOVES):
        if engine.is_over():
            break
        legal = engine.legal_moves()
        probe = noise(engine, rng)
        try:
            engine.check(probe)
        except IllegalMove as exc:
            yield exc
        move = rng.choice(legal)
        for reader in [None] + list(range(n)):
            yield engine.describe_move(move, reader)
        engine.apply(move)
        yield engine.view(engine.to_act()[0] if engine.to_act() else None, conquests=True)
    assert engine.is_over()
    yield engine.result()
    yield [engine.view(s) for s in range(n)]


def handed_out() -> Set[str]:
    found: Set[str] = set()
    for k, (n, options) in enumerate(PLAYS):
        for seed in (k + 1, 100 + k):
            for thing in play(n, options, seed):
                message_ids(thing, found)
    for n, options, deck in BAD_SETUPS:
        with pytest.raises(BadSetup) as err:
            MasterIslandsEngine(seats(n), options=options, seed=1, deck=deck)
        said = message_ids(err.value)
        assert any(i.startswith("masterislands.setup.") for i in said), (options, deck, say(err.value.msg, "fr"))
        found |= said
    fresh = MasterIslandsEngine(seats(2), seed=1)
    for bad in ("0:move/3/up", "0:move/1/1,1", "0:conquer/0,0;0,0", "-1:end"):
        try:
            fresh.check(Move.decode(bad))
        except LudoError as exc:
            message_ids(exc, found)
    with pytest.raises(IllegalMove) as err:
        fresh.result()
    message_ids(err.value, found)
    message_ids(MasterIslandsEngine.describe(), found)
    message_ids(MasterIslandsEngine.RULES.to_list(), found)
    for option in MasterIslandsEngine.OPTIONS:
        for value in option.choices or (option.default,):
            message_ids(option.value_msg(value), found)
    message_ids(MasterIslandsEngine.OPTIONS.get("distribution").value_msg("0,4,4,2,2"), found)
    return found


def test_every_message_handed_out_is_in_every_catalogue():
    found = handed_out()
    # the walk reaches each kind of message, not only a few
    for family in ("move", "illegal", "setup", "note", "end", "rule", "option", "card", "where", "number"):
        assert any(i.startswith(f"masterislands.{family}.") for i in found), family
    assert missing_ids(found) == set()


def ids_named_in_code() -> Set[str]:
    """Message ids written in the game's modules: literal ids, and the keys given to its small
    wording helpers (``refuse(rule, key)``, ``_note(key)``, ``_end(key)``, ``_move(key)``, the
    screen's ``w(key)``), which random play may not reach."""
    helpers = {"refuse": (1, "masterislands.illegal."), "_note": (0, "masterislands.note."),
               "_end": (0, "masterislands.end."), "_move": (0, "masterislands.move."), "w": (0, "masterislands.ui.")}
    out: Set[str] = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"masterislands(\.\w+)+", node.value):
                out.add(node.value)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in helpers:
                index, prefix = helpers[node.func.id]
                arg = node.args[index] if len(node.args) > index else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.add(prefix + arg.value)
    return out


def test_every_message_named_in_the_code_is_in_every_catalogue():
    named = ids_named_in_code()
    assert {"masterislands.illegal.card_twice", "masterislands.note.no_card", "masterislands.ui.hand"} <= named
    assert missing_ids(named) == set()
    # the ids made from data: colours, seat colours, number words, status keys
    made = {f"masterislands.card.{form}.{c}" for form in ("bare", "a", "beside") for c in "YGRB"}
    made |= {f"masterislands.ui.seat_colour.{k}" for k in range(mi.SEAT_COLOURS)}
    made |= {f"masterislands.number.{k}" for k in range(13)}
    made |= {f"masterislands.ui.status.{k}" for k in ("conquest", "corsair", "place", "move", "again", "both")}
    assert missing_ids(made) == set()


# -- German and Spanish screens keep no French or English word of the game's entries -------------------
def leftovers(lang: str) -> List[str]:
    """Pieces of the game's French and English texts (between parameters, 8 letters or more)
    that the entry's text in ``lang`` does not share: seeing one on a ``lang`` screen means a
    word skipped the catalogue."""
    words = load_words()
    own = words.catalogues[lang].messages
    pieces: Set[str] = set()
    for msg_id, text in own.items():
        if not msg_id.startswith("masterislands."):
            continue
        theirs = " ".join(text if isinstance(text, list) else [text])
        for source in ("fr", "en"):
            other = words.catalogues[source].messages.get(msg_id, "")
            for form in other if isinstance(other, list) else [other]:
                for piece in PARAM.sub("\x00", form).split("\x00"):
                    piece = piece.strip(" .,:;!?()«»'·—")
                    if len(re.sub(r"\W", "", piece)) >= 8 and piece not in theirs:
                        pieces.add(piece)
    return sorted(pieces)


def screens_in(lang: str) -> Iterator[Tuple[str, str]]:
    """(where, visible text and accessible names) along games of every mode, as a person to
    act sees them, with a card and a galleon chosen, and the end screen."""
    for n, options in ((2, {}), (4, {"mode": "team"}), (3, {"mode": "corsair", "corsair_seat": 1})):
        engine = MasterIslandsEngine(seats(n), options=options, seed=5)
        rng = Rng(5)
        for step in range(MAX_MOVES):
            if engine.is_over():
                break
            seat = engine.to_act()[0]
            view = engine.view(seat, conquests=True)
            legal = view.get("legal") or {}
            ui = {"me": seat, "revealed": seat}
            if step % 2 and legal.get("places"):
                ui["card"] = next(iter(legal["places"]))
            elif legal.get("moves"):
                ui["galleon"] = legal["moves"][0]["galleon"]
            if view.get("conquests"):
                ui["conquest"] = 0
            for shown in (ui, {"me": seat}):
                yield f"{options} step {step}", mi.render(view, lang, shown) + mi.status_text(view, lang, shown)
            engine.apply(rng.choice(engine.legal_moves()))
        view = engine.view(None)
        yield f"{options} end", mi.render(view, lang, {}) + mi.status_text(view, lang, {})


def readable(markup: str) -> str:
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels)


@pytest.mark.parametrize("lang", ["de", "es"])
def test_screens_in_german_and_spanish_keep_no_french_or_english(lang):
    pieces = leftovers(lang)
    assert len(pieces) > 50  # the check has something to look for
    seen = 0
    for where, markup in screens_in(lang):
        text = readable(markup)
        seen += 1
        found = [p for p in pieces if p in text]
        assert not found, (where, found)
    assert seen > 30
