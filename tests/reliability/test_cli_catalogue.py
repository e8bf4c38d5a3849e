"""The reliability catalogue through the command line (docs/reliability.md).

Every row: exit code 1 or 2, one line that names what was wrong in the reader's language
(English here: LANGUAGE=en; tests/app/test_cli_language.py tries the others), no traceback, never the hostile input echoed back whole, the file untouched.
The CLI's main() runs in-process (the same boundary as `python3 -m ludotheque`).
"""
from __future__ import annotations

import hashlib

import pytest

from hostile import bad_texts, record, text
from ludotheque.cli import main

EXPECT = {  # catalogue row -> words the message must hold (English side)
    "deep-2mb": "exceeds the limit of 512,000",
    "deep-small": "nesting depth",
    "long-move": "length of move #0",
    "digits-move": "is not a valid move",
    "too-many-moves": "number of moves",
    "not-json": "not valid JSON",
    "json-list": "not a Ludothèque game record",
    "not-a-record": "not a Ludothèque game record",
    "future-version": "Unknown record version (99)",
    "unknown-game": "Unknown game",
    "old-rules": "Rules version 0 is unknown",
    "bad-seats": "takes 3 to 6 players",
    "seat-not-object": "Invalid seat",
    "unknown-option": "nope",
    "bad-seed": "seed",
    "moves-not-strings": "moves",
    "illegal-move": "move 0 (0:play/61) is illegal",
    "huge-int": "not valid JSON",
    "oversize": "exceeds the limit of 512,000",
    "huge-card": "xxxxxxxx… (+",
    "rules-1e300": "'rules_version' must be a whole number from 0 to 1000000, not 1e+300",
    "rules-infinity": "'Infinity' is not a number",
    "seed-nan": "'NaN' is not a number",
    "option-1e400": "Number out of range: 1e400",
    "title-list": "'meta.title' must be text",
    "seat-20-digits": "the seat before ':' must be a number from 0 to 99",
    "youngest-text": "'youngest' must be true or false, not \"false\"",
    "version-float": "Unknown record version (1.0)",
    "name-list": "A seat's name must be text",
}


@pytest.fixture(autouse=True)
def english(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean(out: str, err: str) -> None:
    assert "Traceback" not in out + err
    assert len(out) + len(err) < 2_000, "the input must not be echoed back"


@pytest.mark.parametrize("name", sorted(EXPECT))
@pytest.mark.parametrize("command", ["replay", "legal"])
def test_cli_refuses_bad_file(tmp_path, capsys, name, command):
    path = tmp_path / f"{name}.json"
    path.write_text(bad_texts()[name], encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    code, out, err = run(capsys, command, str(path))
    assert code in (1, 2)
    said = out + err
    if command == "legal" and name in ("digits-move", "illegal-move"):
        assert "is illegal" in said
    else:
        assert EXPECT[name] in said, said
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1  # one line, one language
    assert_clean(out, err)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_cli_missing_file(tmp_path, capsys):
    code, out, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2 and "Cannot read" in err and "Impossible de lire" not in err
    assert_clean(out, err)


def test_cli_binary_file(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and "not UTF-8" in err
    assert_clean(out, err)


def test_cli_directory(tmp_path, capsys):
    code, out, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and "Cannot read" in err
    assert_clean(out, err)


@pytest.mark.parametrize("argv,expect", [
    (["--options", "notjson"], "--options is not valid JSON"),
    (["--options", "[1]"], "--options must be a JSON object"),
    (["--options", "[" * 100_000], "--options is not valid JSON"),
    (["--options", '{"nope": 1}'], "nope"),
    (["--seats", "0"], "takes 3 to 6 players (got 0)"),
    (["--seats", "1000000000"], "takes 3 to 6 players (got 1000000000)"),
])
def test_cli_selfplay_bad_arguments(capsys, argv, expect):
    code, out, err = run(capsys, "selfplay", "mindup", "--seed", "1", *argv)
    assert code == 2, err
    assert expect in err
    assert_clean(out, err)


def test_cli_bad_number_is_quoted_short(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["selfplay", "mindup", "--seed", "x" * 1_000_000])
    _, err = capsys.readouterr()
    assert stop.value.code == 2 and "invalid int value" in err
    assert len(err) < 1_000


def test_cli_good_record_still_replays(tmp_path, capsys):
    """The limits do not refuse real games: a whole self-played game replays."""
    code, out, _ = run(capsys, "selfplay", "mindup", "--seed", "3", "--seats", "6")
    assert code == 0
    path = tmp_path / "g.json"
    path.write_text(out, encoding="utf-8")
    code, out2, err = run(capsys, "replay", str(path))
    assert code == 0 and '"over": true' in out2, err
    assert text(record())  # the helper itself builds a loadable record
