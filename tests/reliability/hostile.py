"""Hostile and unlucky inputs shared by the CLI and browser catalogues (docs/reliability.md)."""
from __future__ import annotations

import base64
import json
import zlib

from ludotheque.core.record import MAX_DEPTH, MAX_MOVES, MAX_RECORD_BYTES


def record(game: str = "mindup", moves=(), seats: int = 3, **extra) -> dict:
    d = {"format": "ludotheque-record", "version": 1, "game": game, "rules_version": 1, "options": {},
         "seats": [{"name": f"P{i}", "kind": "human"} for i in range(seats)], "seed": 7, "moves": list(moves)}
    d.update(extra)
    return d


def text(d) -> str:
    return json.dumps(d, separators=(",", ":"))


def link(raw: bytes) -> str:
    """What Record.to_url_fragment makes of these bytes (zlib, URL-safe base64, no padding)."""
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def deep_json(depth: int = 1_000_000) -> str:
    return "[" * depth + "]" * depth


# name -> JSON text (files, imports, links once compressed)
def bad_texts() -> dict:
    return {
        "deep-2mb": deep_json(),                                 # 2 MB of [[[...]]]
        "deep-small": deep_json(MAX_DEPTH + 1),                 # tiny but too deep
        "long-move": text(record(moves=["0:play/" + "7" * 5000])),
        "digits-move": text(record(moves=["0:play/" + "7" * 150])),
        "too-many-moves": text(record(moves=["0:play/1"] * (MAX_MOVES + 1))),
        "not-json": "hello, world",
        "json-list": "[1, 2, 3]",
        "not-a-record": text({"format": "something-else"}),
        "future-version": text({**record(), "version": 99}),
        "unknown-game": text(record(game="chess")),
        "old-rules": text(record(rules_version=0)),
        "bad-seats": text(record(seats=1)),
        "seat-not-object": text({**record(), "seats": [1, 2, 3]}),
        "unknown-option": text({**record(), "options": {"nope": 1}}),
        "bad-seed": text({**record(), "seed": "x"}),
        "moves-not-strings": text({**record(), "moves": [1, 2]}),
        "illegal-move": text(record(moves=["0:play/61"])),
        "huge-int": '{"format":"ludotheque-record","version":1,"seed":' + "9" * 5000 + "}",
        "huge-card": text({**record(game="mookies", seats=2), "seed": None,
                           "seats": [{"name": "A", "youngest": True}, {"name": "B"}],
                           "deck": {"piles": [["x" * 100_000 + "/lune"], ["soleil/lune"]]}}),
        "oversize": " " * (MAX_RECORD_BYTES + 1) + text(record()),
        # values Python's json reads but no record may hold: each refused by name (issue #21)
        "rules-1e300": text(record(rules_version=1e300)),
        "rules-infinity": text(record(rules_version=float("inf"))),
        "seed-nan": text({**record(), "seed": float("nan")}),
        "option-1e400": text(record(game="mookies", seats=2)).replace('"options":{}', '"options":{"stars_soleil":1e400}'),
        "title-list": text(record(meta={"title": ["a", "b"]})),
        "seat-20-digits": text(record(moves=["12345678901234567890:play/1"])),
        "youngest-text": text({**record(game="mookies", seats=2),
                               "seats": [{"name": "A", "youngest": "false"}, {"name": "B", "youngest": True}]}),
        "version-float": text({**record(), "version": 1.0}),
        "name-list": text({**record(), "seats": [{"name": ["A"]}, {"name": "B"}, {"name": "C"}]}),
    }
