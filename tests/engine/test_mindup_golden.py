"""Mind Up! golden records: every tests/golden/mindup/*.json replays to its stored expectation."""
from __future__ import annotations

import json
import os

import pytest

from golden_support import ROOT, cli, golden_files, load as _load, replay_expecting

FILES = [str(p) for p in golden_files("mindup")]


def test_there_are_golden_records():
    names = {os.path.basename(f) for f in FILES}
    assert {"tie_last_round.json", "tie_shared.json", "explicit_deck.json", "illegal_not_in_hand.json"} <= names
    assert sum(n.startswith("selfplay_") for n in names) >= 3


@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(f) for f in FILES])
def test_golden_record(path):
    record = _load(path)
    assert record.game == "mindup"
    expect = record.meta["expect"]
    engine = replay_expecting(record)
    if engine is None:
        return
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
    return cli("replay", path)


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
