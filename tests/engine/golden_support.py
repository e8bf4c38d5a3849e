"""What every game's golden-record test shares: finding, loading, replaying and the CLI.

A golden record keeps its expectation in ``meta.expect``; a record whose first
illegal move is the point of the test says ``{"illegal": {"index": i, "rule": "..."}}``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from ludotheque.core.record import Record, ReplayError
from ludotheque.games.replay import replay

ROOT = Path(__file__).resolve().parents[2]


def golden_files(game: str) -> List[Path]:
    return sorted((ROOT / "tests" / "golden" / game).glob("*.json"))


def load(path: Path) -> Record:
    return Record.from_json(Path(path).read_text(encoding="utf-8"))


def replay_expecting(record: Record):
    """The replayed engine, or None after checking that the expected illegal move is refused
    (at its index, naming its rule) while every move before it is legal."""
    illegal = record.meta["expect"].get("illegal")
    if illegal is None:
        return replay(record)
    with pytest.raises(ReplayError) as info:
        replay(record)
    assert info.value.index == illegal["index"]
    assert info.value.cause.code == illegal["rule"]
    replay(record, upto=illegal["index"])
    return None


def cli(*args: str, timeout: int = 60) -> subprocess.CompletedProcess:
    """`python3 -m ludotheque ARGS` from the repository root."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "ludotheque", *map(str, args)], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=timeout)
