"""Golden records of L'Île des Mookies (tests/golden/mookies/*.json), replayed in-process and
through the command line (``python3 -m ludotheque replay|legal|selfplay``).

Each record carries its expectation in ``meta.expect``: result fields ("stars", "winner",
"tiebreak", "trophies", ...), "families" (per family, a subset of the result's entry),
"set_aside" (card codes, top first), "moves", "over"; or, for a record with an illegal
move, {"illegal": {"index": i, "rule": "..."}}.
"""
from __future__ import annotations

import json

import pytest

from golden_support import ROOT, cli, golden_files, load, replay_expecting
from ludotheque.core.catalogue import load_words
from ludotheque.core.messages import msg, say
from ludotheque.core.record import Record
from ludotheque.games.replay import replay
GOLDEN = golden_files("mookies")
RESULT_KEYS = {"stars", "scores", "winner", "tiebreak", "trophies", "trophies_before_penalty", "spiders",
               "penalised", "returned"}


def check_end_state(expect: dict, over: bool, moves: int, result: dict, set_aside=None) -> None:
    assert over == expect.get("over", True)
    if "moves" in expect:
        assert moves == expect["moves"]
    for key in RESULT_KEYS & set(expect):
        assert result[key] == expect[key], key
    by_family = {f["family"]: f for f in result.get("families", [])}
    for family, fields in expect.get("families", {}).items():
        for key, value in fields.items():
            assert by_family[family][key] == value, (family, key)
    if "set_aside" in expect and set_aside is not None:
        assert set_aside == expect["set_aside"]


def test_golden_set_is_complete():
    names = {p.stem for p in GOLDEN}
    assert {"legendary_double", "family_tie", "spider_penalty_choice", "penalty_without_trophy",
            "youngest_tiebreak", "end_last_card", "illegal_return"} <= names
    assert sum(1 for n in names if n.startswith("selfplay_")) >= 3
    for path in GOLDEN:
        record = load(path)
        assert record.game == "mookies" and "expect" in record.meta, path.name
        if not path.stem.startswith("selfplay_"):
            assert record.deck is not None and record.seed is None, path.name  # explicit positions


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_replay(path):
    record = load(path)
    expect = record.meta["expect"]
    engine = replay_expecting(record)
    if engine is None:
        return
    over = engine.is_over()
    result = engine.result() if over else dict(engine._final or {})
    check_end_state(expect, over, len(engine.moves), result, [c.code for c in engine.set_aside])
    if over:
        assert engine.view(None)["result"] == result
        assert len(result["steps"]) == 8
    # a record written back and read again replays to the same end
    again = replay(Record.from_json(record.to_json()))
    assert again.view(None) == engine.view(None)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_replay_through_cli(path):
    expect = load(path).meta["expect"]
    proc = cli("replay", str(path.relative_to(ROOT)))
    out = json.loads(proc.stdout)
    if "illegal" in expect:
        assert proc.returncode == 1, proc.stderr
        assert out["error"] == "illegal-move"
        assert out["index"] == expect["illegal"]["index"] and out["rule"] == expect["illegal"]["rule"]
        # the refusal as data (its message id and parameters) and in the reader's words
        assert out["id"] in load_words().catalogues["fr"].messages and isinstance(out.get("params", {}), dict)
        assert out["message"] and out["message"] in {say(msg(out["id"], **out.get("params", {})), lang) for lang in ("fr", "en", "de", "es")}
        return
    assert proc.returncode == 0, proc.stderr
    assert out["game"] == "mookies"
    result = out.get("result") or {}
    check_end_state(expect, out["over"], out["moves"], result if out["over"] else {})
    if out["over"]:
        assert out["scores"] == result["stars"] and out["winner"] == result["winner"]
        assert out["state"]["over"] is True


def test_cli_legal_prints_moves_in_record_encoding(tmp_path):
    record = load(ROOT / "tests/golden/mookies/spider_penalty_choice.json")
    cases = {
        0: ["0:take/1", "0:take/2"],
        1: ["0:face/up", "0:face/down"],
        len(record.moves) - 1: ["1:return/soleil", "1:return/feuille"],  # Bruno's trophy choice
        len(record.moves): [],
    }
    for upto, expected in cases.items():
        partial = Record.from_json(record.to_json())
        partial.moves = record.moves[:upto]
        path = tmp_path / f"upto{upto}.json"
        path.write_text(partial.to_json(), encoding="utf-8")
        proc = cli("legal", str(path))
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.split() == expected
        assert expected == [m.encode() for m in replay(partial).legal_moves()]
    proc = cli("legal", str(ROOT / "tests/golden/mookies/illegal_return.json"))
    assert proc.returncode == 1 and "10" in proc.stderr and "1:return/fossile" in proc.stderr


def test_cli_selfplay_output_replays():
    procs = [cli("selfplay", "mookies", "--seed", "5") for _ in range(2)]
    assert [p.returncode for p in procs] == [0, 0], [p.stderr for p in procs]
    assert procs[0].stdout == procs[1].stdout  # same seed, same game
    record = Record.from_json(procs[0].stdout)
    assert record.game == "mookies" and record.seed == 5 and record.meta.get("generator") == "selfplay"
    assert all(seat.is_bot for seat in record.seats)
    engine = replay(record)
    assert engine.is_over() and len(engine.moves) == len(record.moves) > 0
    assert engine.result()["winner"] in (0, 1)
