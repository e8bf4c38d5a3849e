"""MasterIslands golden records: every tests/golden/masterislands/*.json replays to the
expectation stored in its meta.expect (final scores, winner and reason; parts of the
public view; or the index and rule of the first illegal move), also through the CLI."""
from __future__ import annotations

import json

import pytest

from golden_support import ROOT, cli, golden_files, replay_expecting
from ludotheque.core.record import Record

GOLDEN = golden_files("masterislands")


def test_there_are_golden_records_for_every_mode():
    modes = {Record.from_json(p.read_text(encoding="utf-8")).options.get("mode", "solo") for p in GOLDEN}
    assert modes == {"solo", "team", "corsair"}
    assert any("illegal" in json.loads(p.read_text(encoding="utf-8"))["meta"]["expect"] for p in GOLDEN)


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_record(path):
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert record.game == "masterislands"
    expect = record.meta["expect"]
    engine = replay_expecting(record)
    if engine is None:
        return
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
    done = cli("replay", ROOT / "tests" / "golden" / "masterislands" / name)
    assert done.returncode == code, done.stderr
    out = json.loads(done.stdout)
    expect = json.loads((ROOT / "tests" / "golden" / "masterislands" / name).read_text(encoding="utf-8"))["meta"]["expect"]
    if code:
        assert out["rule"] == expect["illegal"]["rule"] and out["index"] == expect["illegal"]["index"]
    else:
        assert out["winner"] == expect["winner"] and out["scores"] == expect["scores"]
