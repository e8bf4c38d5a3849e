"""The file of every save: exported, read back as a hostile file, imported without overwriting."""
from __future__ import annotations

import json
from itertools import count

import pytest

from ludotheque import saves_file
from ludotheque.bots import choose
from ludotheque.games.mookies import MookiesEngine
from ludotheque.saves import MemoryBackend, SaveStore
from ludotheque.saves_file import SavesFileError
from ludotheque.core.messages import say

NOW = "2026-12-04T17:00:00.000Z"


def game(seed: int, moves: int = 2):
    e = MookiesEngine([{"name": "Léa", "youngest": True}, {"name": "Bot", "kind": "bot", "level": "easy"}], seed=seed)
    for _ in range(moves):
        e.apply(choose(e, e.to_act()[0]))
    return e.record()


def store_with(*ids_seeds) -> SaveStore:
    store = SaveStore(MemoryBackend())
    for save_id, seed in ids_seeds:
        assert store.save(save_id, game(seed), "Léa · Bot", "2026-12-01T10:00:00Z", False)
    return store


def ids() -> callable:
    n = count(1)
    return lambda game_id: f"{game_id}-new-{next(n)}"


def snapshot(store: SaveStore) -> dict:
    return dict(store.backend.data)


def test_export_then_import_into_an_empty_store_brings_every_game_back():
    source = store_with(("mookies-a", 1), ("mookies-b", 2))
    text, n = saves_file.export_text(source, NOW)
    assert n == 2 and saves_file.is_saves_file(text)
    data = json.loads(text)
    assert data["format"] == "ludotheque-saves" and data["version"] == 1 and data["exported"] == NOW
    target = SaveStore(MemoryBackend())
    todo = saves_file.plan(target, saves_file.read(text, target), ids())
    saves_file.apply(target, todo)
    assert saves_file.summary(todo) == {"new": 2, "copies": 0, "already": 0}
    back = {e.id: e for e in target.list()}
    assert set(back) == {"mookies-a", "mookies-b"} and all(e.readable for e in back.values())
    for e in source.list():
        assert back[e.id].record.to_dict() == e.record.to_dict() and back[e.id].title == e.title


def test_nothing_is_overwritten_same_games_are_skipped_other_games_with_a_used_id_become_copies():
    text, _ = saves_file.export_text(store_with(("mookies-a", 1), ("mookies-b", 2)), NOW)
    here = store_with(("mookies-a", 1), ("mookies-b", 7))  # b: same id, other moves
    before = snapshot(here)
    todo = saves_file.plan(here, saves_file.read(text, here), ids())
    saves_file.apply(here, todo)
    assert saves_file.summary(todo) == {"new": 0, "copies": 1, "already": 1}
    after = snapshot(here)
    assert {k: after[k] for k in before} == before  # every save here untouched
    copy = here.load("mookies-new-1")
    assert copy.readable and copy.record.to_dict() == game(2).to_dict()
    again = saves_file.plan(here, saves_file.read(text, here), ids())
    assert saves_file.summary(again) == {"new": 0, "copies": 0, "already": 2}  # importing twice adds nothing


def hostile_texts() -> dict:
    good = json.loads(saves_file.export_text(store_with(("mookies-a", 1)), NOW)[0])

    def edit(fn):
        data = json.loads(json.dumps(good))
        fn(data)
        return json.dumps(data)

    return {
        "not-json": ('{"format": "ludotheque-saves", oops', "pas du JSON valide"),
        "a-record": (game(1).to_json(), "pas un fichier de parties"),
        "newer": (edit(lambda d: d.update(version=2)), "plus récente"),
        "version-text": (edit(lambda d: d.update(version="1")), "Version de fichier '1'"),
        "no-list": (edit(lambda d: d.update(saves={"a": 1})), "liste « saves »"),
        "too-many": (edit(lambda d: d.update(saves=[1] * (saves_file.MAX_SAVES + 1))), "Trop de parties"),
        "bad-id": (edit(lambda d: d["saves"][0].update(id="../../etc")), "identifiant invalide"),
        "id-not-text": (edit(lambda d: d["saves"][0].update(id=12)), "identifiant invalide"),
        "title-list": (edit(lambda d: d["saves"][0].update(title=["a"])), "titre invalide"),
        "over-text": (edit(lambda d: d["saves"][0].update(over="false")), "true ou false"),
        "bad-date": (edit(lambda d: d["saves"][0].update(updated="yesterday")), "date invalide"),
        "unknown-game": (edit(lambda d: d["saves"][0]["record"].update(game="chess")), "« mookies-a »"),
        "illegal-move": (edit(lambda d: d["saves"][0]["record"]["moves"].append("0:nonsense")), "Partie n° 1"),
        "game-mismatch": (edit(lambda d: d["saves"][0].update(game="mindup")), "ne correspond pas"),
        "huge-int": (json.dumps(good)[:-1] + ', "x": ' + "9" * 5000 + "}", "pas du JSON valide"),
        "too-deep": ('{"format": "ludotheque-saves", "saves": ' + "[" * 40 + "]" * 40 + "}", "profondeur"),
        "too-big": ('{"format": "ludotheque-saves", "pad": "' + "x" * saves_file.MAX_FILE_BYTES + '"}', "Fichier refusé"),
    }


@pytest.mark.parametrize("name", sorted(hostile_texts()))
def test_a_hostile_file_is_refused_in_words_and_changes_nothing(name):
    text, expected = hostile_texts()[name]
    store = store_with(("mookies-a", 1))
    before = snapshot(store)
    with pytest.raises(SavesFileError) as caught:
        saves_file.apply(store, saves_file.plan(store, saves_file.read(text, store), ids()))
    fr, en = say(caught.value.msg, "fr"), say(caught.value.msg, "en")
    assert expected in fr, fr
    assert en and len(fr) < 400
    assert snapshot(store) == before


def test_storage_full_half_way_takes_back_what_was_written():
    text, _ = saves_file.export_text(store_with(("mookies-a", 1), ("mookies-b", 2), ("mookies-c", 3)), NOW)
    one = len(next(iter(store_with(("mookies-a", 1)).backend.data.values())))
    store = SaveStore(MemoryBackend(quota=int(one * 1.5)))  # room for one save, not three
    todo = saves_file.plan(store, saves_file.read(text, store), ids())
    with pytest.raises(SavesFileError) as caught:
        saves_file.apply(store, todo)
    assert "Pas assez de place" in say(caught.value.msg, "fr")
    assert store.backend.data == {}


def test_titles_lose_bidi_controls_on_import():
    source = store_with(("mookies-a", 1))
    data = json.loads(saves_file.export_text(source, NOW)[0])
    data["saves"][0]["title"] = "\u202eEvil"
    (save,) = saves_file.read(json.dumps(data))
    assert save.title == "Evil"
