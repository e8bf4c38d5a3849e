"""Mind Up! golden records: every tests/golden/mindup/*.json replays to its stored expectation."""
from __future__ import annotations

import glob
import json
import os
import subprocess
import sys

import pytest

from ludotheque.core.record import Record, ReplayError

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
FILES = sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "mindup", "*.json")))


def _load(path):
    with open(path, encoding="utf-8") as fh:
        return Record.from_json(fh.read())


def test_there_are_golden_records():
    names = {os.path.basename(f) for f in FILES}
    assert {"tie_last_round.json", "tie_shared.json", "explicit_deck.json", "illegal_not_in_hand.json"} <= names
    assert sum(n.startswith("selfplay_") for n in names) >= 3


@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(f) for f in FILES])
def test_golden_record(path):
    record = _load(path)
    assert record.game == "mindup"
    expect = record.meta["expect"]
    if "illegal" in expect:
        with pytest.raises(ReplayError) as exc:
            record.replay()
        assert exc.value.index == expect["illegal"]["index"]
        assert exc.value.cause.code == expect["illegal"]["rule"]
        return
    engine = record.replay()
    assert engine.is_over()
    result = engine.result()
    for key in ("scores", "round_scores", "winner", "tiebreak"):
        assert result[key] == expect[key], key
    # Every round's strips are in the result, so any score can be checked by hand.
    assert len(result["rounds"]) == 3
    for rnd in result["rounds"]:
        assert len(rnd["players"]) == len(record.seats)
        for p in rnd["players"]:
            assert [s["value"] for s in p["strip"]] == rnd["order"]


def _cli(path):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    return subprocess.run([sys.executable, "-m", "ludotheque", "replay", path],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)


def test_cli_replay_of_a_finished_game():
    path = os.path.join(ROOT, "tests", "golden", "mindup", "tie_shared.json")
    out = _cli(path)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["winner"] == [1, 2]
    assert data["result"]["rounds"][2]["players"][0]["strip"][0]["value"] == data["state"]["score_order"][0]
    assert data["state"]["over"] is True


def test_cli_replay_of_an_illegal_record():
    out = _cli(os.path.join(ROOT, "tests", "golden", "mindup", "illegal_not_in_hand.json"))
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["index"] == 1 and data["rule"] == "turn.choose_secretly"
