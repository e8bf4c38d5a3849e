"""Golden Mosquito PLAF! records (tests/golden/mosquito/*.json) replay to their stored expectation.

``meta.expect`` holds either ``{"illegal": {"index", "rule"}}`` (the first illegal move), or
``moves``/``over`` and, for finished games, ``scores``/``winner``, and for positions ``view``:
a subset of the public view (``engine.view(None)``) that must match.
"""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from golden_support import ROOT, cli as ludo_cli, golden_files, load, replay_expecting

GOLDEN = ROOT / "tests" / "golden" / "mosquito"
FILES = golden_files("mosquito")


def matches(actual: Any, expected: Any) -> bool:
    """Dicts match on the expected keys only; everything else must be equal."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(actual[k], v) for k, v in expected.items())
    return actual == expected


def test_there_are_golden_records():
    names = {p.stem for p in FILES}
    assert any(n.startswith("selfplay_") for n in names)
    assert any(n.startswith("illegal_") for n in names)
    moves = [m for p in FILES for m in load(p).moves]
    for needed in ("*:close", ":call", ":catch/", ":slap/"):
        assert any(needed in m for m in moves), needed


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record(path):
    record = load(path)
    expect = record.meta["expect"]
    engine = replay_expecting(record)
    if engine is None:
        return
    assert len(engine.moves) == expect["moves"]
    assert engine.is_over() == expect["over"]
    if expect["over"]:
        result = engine.result()
        assert result["scores"] == expect["scores"]
        assert result["winner"] == expect["winner"]
    if "view" in expect:
        view = engine.view(None)
        assert matches(view, expect["view"]), {k: view.get(k) for k in expect["view"]}


def cli(path: Path) -> subprocess.CompletedProcess:
    return ludo_cli("replay", path)


def test_cli_replays_a_game_and_names_an_illegal_move():
    good = cli(GOLDEN / "selfplay_4p_seed4.json")
    assert good.returncode == 0, good.stderr
    out = json.loads(good.stdout)
    assert out["over"] and out["scores"] == load(GOLDEN / "selfplay_4p_seed4.json").meta["expect"]["scores"]
    bad = cli(GOLDEN / "illegal_multi_mix.json")
    assert bad.returncode == 1
    assert json.loads(bad.stdout)["rule"] == "play.multi_no_mix"
