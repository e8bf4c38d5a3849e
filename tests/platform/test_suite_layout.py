"""The suite's own layout: pytest imports test files by basename (the test folders are not
packages), so two test files of one name in two folders make `make test` fail at collection, and
only when both are collected in one process."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_name():
    where = defaultdict(list)
    for path in TESTS.rglob("test_*.py"):
        where[path.name].append(str(path.relative_to(TESTS)))
    shared = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert not shared, f"test files sharing a name: {shared}"
