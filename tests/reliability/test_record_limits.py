"""The record limits of docs/records.md, at their edges: the limit itself passes, one more is refused
with a message that names it. Checked before parsing (a zip bomb is never inflated whole)."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from hostile import record, text
from ludotheque.core.messages import say
from ludotheque.core.record import (MAX_DEPTH, MAX_LINK_CHARS, MAX_MOVE_CHARS, MAX_MOVES, MAX_RECORD_BYTES,
                                    Record, RecordTooLarge, check_moves, check_text)


def nested(depth: int) -> str:
    """A record whose meta nests to `depth` levels of [] / {} in all."""
    inner = "0"
    for _ in range(depth - 2):  # the record object and meta's object are two levels
        inner = f"[{inner}]"
    return text(record())[:-1] + ',"meta":{"x":' + inner + "}}"


def test_depth_at_the_limit_passes_one_more_is_refused():
    Record.from_json(nested(MAX_DEPTH))
    with pytest.raises(RecordTooLarge) as err:
        Record.from_json(nested(MAX_DEPTH + 1))
    assert f"limit of {MAX_DEPTH}" in say(err.value.msg, "en") and "profondeur" in say(err.value.msg, "fr")


def test_brackets_inside_strings_do_not_count():
    d = record()
    d["seats"][0]["name"] = "[" * 30 + ' \\" {{{'  # an escaped quote inside, too
    assert Record.from_json(json.dumps(d)).seats[0].name.startswith("[[[")


def test_size_at_the_limit_passes_one_more_byte_is_refused():
    base = text(record())
    pad = MAX_RECORD_BYTES - len(base)
    check_text(" " * pad + base)
    with pytest.raises(RecordTooLarge) as err:
        check_text(" " * (pad + 1) + base)
    assert "512,000" in say(err.value.msg, "en") and "512\u202f000" in say(err.value.msg, "fr")


def test_size_counts_utf8_bytes():
    with pytest.raises(RecordTooLarge):
        check_text("é" * (MAX_RECORD_BYTES // 2 + 1))  # 2 bytes each


def test_moves_at_the_limits_pass_one_more_is_refused():
    check_moves(["x" * MAX_MOVE_CHARS] * MAX_MOVES)
    with pytest.raises(RecordTooLarge, match="number of moves"):
        check_moves(["0:play/1"] * (MAX_MOVES + 1))
    with pytest.raises(RecordTooLarge, match="length of move #3"):
        check_moves(["0:play/1"] * 3 + ["x" * (MAX_MOVE_CHARS + 1)])


def _link(raw_stream) -> str:
    c = zlib.compressobj(9)
    out = b"".join(c.compress(chunk) for chunk in raw_stream) + c.flush()
    return base64.urlsafe_b64encode(out).decode("ascii").rstrip("=")


def test_zip_bomb_is_stopped_by_the_bounded_inflate():
    # near the largest link allowed, inflating to 70 MB of spaces
    bomb = _link(b" " * (1 << 20) for _ in range(70))
    assert len(bomb) < MAX_LINK_CHARS
    with pytest.raises(RecordTooLarge, match="decompressed size"):
        Record.from_url_fragment(bomb)


def test_link_past_the_length_limit_is_refused_before_decoding():
    with pytest.raises(RecordTooLarge, match="link length"):
        Record.from_url_fragment("A" * (MAX_LINK_CHARS + 1))


def test_a_real_game_link_round_trips():
    rec = Record.from_json(text(record()))
    assert Record.from_url_fragment(rec.to_url_fragment()).to_dict() == rec.to_dict()
