"""Every message Mind Up! can hand out exists, non-empty, in every catalogue (fr, en, de, es):
collected over random games with every option value and every player count (3 to 6), from
each reader's move words, refusals, set-up errors, views, results, rules and options."""
from __future__ import annotations

import itertools
from typing import Any, List, Set

import pytest

from ludotheque.core.catalogue import load_words
from ludotheque.core.engine import Move
from ludotheque.core.errors import BadSetup, IllegalMove
from ludotheque.core.messages import say
from ludotheque.core.rng import Rng
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.replay import replay

from builders import seats as table
from golden_support import golden_files, load
from messages_support import message_ids, missing_ids

NAMES = ["Ana", "Émile", "Cyd", "Dan", "Eva", "Fil"]
OPTIONS = MindUpEngine.OPTIONS


def _refusals(e: MindUpEngine, rng: Rng) -> List[Any]:
    """Moves the rules refuse in this position: a card from someone else's hand, a card
    already laid, a card beyond the deck, a seat that has chosen already."""
    out: List[Any] = []
    acting = e.to_act()
    for seat in acting[:2]:
        others = [c for s, h in enumerate(e.hands) if s != seat for c in h]
        for action in (f"play/{rng.choice(others)}", "play/61", "play/x", f"play/{e.centre[0]}"):
            try:
                e.validate(Move(seat, action))
            except IllegalMove as exc:
                out.append(exc)
    for seat in range(len(e.seats)):
        if seat not in acting and e.hands[seat]:
            try:
                e.validate(Move(seat, f"play/{e.hands[seat][0]}"))
            except IllegalMove as exc:
                out.append(exc)
    return out


def play_collecting(seats: int, objectives: int, refill: str, seed: int) -> Set[str]:
    """Play one random game to its end, collecting every message id it hands out."""
    e = MindUpEngine(table(seats, names=NAMES), options={"objectives": objectives, "objective_refill": refill},
                     seed=seed)
    rng = Rng(seed * 7 + 1)
    found: Set[str] = set()
    try:
        e.result()
    except IllegalMove as exc:
        message_ids(exc, found)
    step = 0
    while not e.is_over():
        move = rng.choice(e.legal_moves())
        for reader in [None] + list(range(seats)):
            message_ids(e.describe_move(move, reader), found)
        if step % 5 == 0:
            message_ids(_refusals(e, rng), found)
            for reader in [None, move.seat]:
                message_ids(e.view(reader), found)
        e.apply(move)
        step += 1
    message_ids(e.result(), found)
    message_ids([e.view(s) for s in [None] + list(range(seats))], found)
    message_ids(_refusals(e, rng), found)
    return found


def static_ids() -> Set[str]:
    """What does not depend on a game: the rule catalogue, the options and their values, the
    game's description, a refused deck."""
    found: Set[str] = set()
    message_ids(MindUpEngine.describe(), found)
    message_ids([r.to_dict() for r in MindUpEngine.RULES], found)
    for option in OPTIONS:
        values = option.choices or range(option.minimum or 0, (option.maximum or 0) + 1)
        message_ids([option.value_msg(v) for v in values], found)
    with pytest.raises(BadSetup) as exc:
        MindUpEngine(table(3, names=NAMES), deck={"cards": [1, 2, 3]})
    message_ids(exc.value, found)
    # the rare endings (a tie broken by the last round, a shared victory) from the golden records
    for path in golden_files("mindup"):
        if path.name.startswith("tie_"):
            message_ids(replay(load(path)).result(), found)
    return found


CASES = [(seats, objectives, refill) for seats, objectives, refill in
         itertools.product(range(3, 7), range(0, 6), ("reshuffle", "keep"))
         if refill == "reshuffle" or objectives >= 3]  # "keep" only matters once the deck can run low


def test_every_message_of_random_games_is_in_every_catalogue():
    found = static_ids()
    for i, (seats, objectives, refill) in enumerate(CASES):
        found |= play_collecting(seats, objectives, refill, seed=100 + i)
    assert missing_ids(found) == set()
    # what the games were expected to say: the collection is not vacuous
    expected = {"mindup.move.hidden", "mindup.move.hidden.reveal", "mindup.move.own", "mindup.move.own.reveal",
                "mindup.illegal.turn.choose_secretly", "mindup.illegal.game.not_over", "mindup.setup.bad_deck",
                "mindup.end.round_order", "mindup.end.player_round", "mindup.end.parts", "mindup.end.stack",
                "mindup.end.objective_met", "mindup.end.objective_missed", "mindup.end.totals",
                "mindup.end.winner", "mindup.end.tie_last_round", "mindup.end.tie_shared",
                "mindup.option.objectives.none", "mindup.option.objectives.count",
                "mindup.option.objective_refill.keep", "mindup.option.final_tie.shared"}
    expected |= {f"mindup.objective.{i}" for i in range(1, 15)}
    expected |= {f"mindup.rule.{rule_id}" for rule_id in MindUpEngine.RULES.ids()}
    expected |= {f"mindup.colour.{c}" for c in ("orange", "pink", "blue", "green", "purple")}
    assert expected - found == set()


def test_every_game_message_of_the_catalogue_is_one_the_engine_can_hand_out():
    """No dead entry: each ``mindup.*`` id outside the screen's own words (``mindup.ui.*``) is
    one the engine hands out."""
    fr = load_words().catalogues["fr"].messages
    ours = {i for i in fr if i.startswith("mindup.") and not i.startswith("mindup.ui.")}
    found = static_ids()
    for i, case in enumerate(CASES[:6]):
        found |= play_collecting(*case, seed=300 + i)
    assert ours - found == set()


@pytest.mark.parametrize("lang", ["fr", "en", "de", "es"])
def test_messages_word_fully_in_each_language(lang):
    """A worded message keeps no parameter unfilled ("{name}") and no id."""
    found: List[Any] = []
    e = MindUpEngine(table(4, names=NAMES), options={"objectives": 3}, seed=5)
    rng = Rng(5)
    while not e.is_over():
        move = rng.choice(e.legal_moves())
        found += [e.describe_move(move), e.describe_move(move, move.seat)]
        e.apply(move)
    found += e.result()["steps"] + [r.to_dict()["text"] for r in MindUpEngine.RULES]
    for text in found:
        worded = say(text, lang)
        assert worded and "{" not in worded and "mindup." not in worded, (text, worded)
    assert say(e.result()["steps"][-2], "fr").startswith("Totaux : ")
