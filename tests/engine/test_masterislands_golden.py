"""MasterIslands golden records: every tests/golden/masterislands/*.json replays to the
expectation stored in its meta.expect (final scores, winner and reason; parts of the
public view; or the index and rule of the first illegal move), also through the CLI."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludotheque.core.record import Record, ReplayError

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "golden" / "masterislands").glob("*.json"))


def test_there_are_golden_records_for_every_mode():
    modes = {Record.from_json(p.read_text(encoding="utf-8")).options.get("mode", "solo") for p in GOLDEN}
    assert modes == {"solo", "team", "corsair"}
    assert any("illegal" in json.loads(p.read_text(encoding="utf-8"))["meta"]["expect"] for p in GOLDEN)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record(path):
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert record.game == "masterislands"
    expect = record.meta["expect"]
    if "illegal" in expect:
        with pytest.raises(ReplayError) as info:
            record.replay()
        assert info.value.index == expect["illegal"]["index"]
        assert info.value.cause.code == expect["illegal"]["rule"]
        return
    engine = record.replay()
    if "over" in expect:
        assert engine.is_over() == expect["over"]
    for key in ("scores", "winner", "reason"):
        if key in expect:
            assert engine.result()[key] == expect[key], key
    view = engine.view(None)
    for key, value in expect.get("view", {}).items():
        assert view[key] == value, key


@pytest.mark.parametrize("name, code", [("selfplay-team.json", 0), ("illegal-conquest-under-galleon.json", 1)])
def test_cli_replay(name, code):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-m", "ludotheque", "replay", str(ROOT / "tests" / "golden" / "masterislands" / name)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert done.returncode == code, done.stderr
    out = json.loads(done.stdout)
    expect = json.loads((ROOT / "tests" / "golden" / "masterislands" / name).read_text(encoding="utf-8"))["meta"]["expect"]
    if code:
        assert out["rule"] == expect["illegal"]["rule"] and out["index"] == expect["illegal"]["index"]
    else:
        assert out["winner"] == expect["winner"] and out["scores"] == expect["scores"]
