"""Command line: replay, check and generate game records (``python3 -m ludotheque``).

``replay FILE``  prints the end state as JSON, or exits 1 naming the first illegal move.
``legal FILE``   prints the legal moves after the record's moves, in the record encoding.
``selfplay GAME --seed N [--seats N]`` plays a whole game with bots and prints the record.
``render FILE [--lang CODE] [-o OUT]`` pre-renders an (annotated) record into frames for
explain.html (``.json``, ``.js``, or ``--html`` for a self-contained page); see docs/embed.md.
``arena GAME --a LEVEL --b LEVEL --games N [--seats N] [--seed S]`` pits two bot levels against
each other and prints win rates (95 % interval), score difference and decision times
(``--duplicate``: every deal played with A at every side, the interval over deals).
"""
from __future__ import annotations

import argparse
from json import dumps
import os
import sys
from typing import List, Mapping, Optional

from .bots import play_bots
from .core.boundary import as_ludo_error
from .core.catalogue import offered_langs
from .core.errors import BadSetup, LudoError, shorten
from .core.messages import msg, say
from .core.record import MAX_RECORD_BYTES, Record, RecordTooLarge, ReplayError, load_json
from .core.seats import BotLevel, Seat, SeatKind
from .games import GAMES, engine_class
from .games.replay import replay


LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def cli_lang(environ: Optional[Mapping[str, str]] = None) -> str:
    """The language the command line speaks: the first usable one of LANGUAGE (a list,
    "de:en"), LC_ALL, LC_MESSAGES, LANG, in that order ("de_AT.UTF-8" counts as "de"; "C" and
    "POSIX" name none), among the catalogues' languages; else French."""
    env = os.environ if environ is None else environ
    offered = offered_langs()
    for var in LOCALE_VARS:
        for item in (env.get(var) or "").split(":"):
            code = item.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code in offered:
                return code
    return "fr"


def _load(path: str) -> Record:
    """Read at most the record size limit (+1 byte to know it was passed), then parse."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise LudoError(msg("cli.cannot_read", path=shorten(path), why=exc.strerror or "")) from exc
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordTooLarge(msg("record.limit.file"), None, MAX_RECORD_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LudoError(msg("cli.not_utf8", path=shorten(path))) from exc
    return Record.from_json(text)


def end_state(engine) -> dict:
    """What `replay` prints: the engine's public summary, plus the result when over."""
    out = {
        "game": engine.GAME_ID,
        "over": engine.is_over(),
        "moves": len(engine.moves),
        "to_act": engine.to_act(),
        "players": [s.to_dict() for s in engine.seats],
        "state": engine.view(None),
    }
    if engine.is_over():
        result = engine.result()
        out["result"] = result
        out["scores"] = result.get("scores")
        out["winner"] = result.get("winner")
    return out


def _illegal(exc: ReplayError, lang: str) -> str:
    return say(msg("cli.illegal_move", index=exc.index, move=shorten(exc.move), why=exc.cause.message(lang)), lang)


def cmd_replay(args) -> int:
    record = _load(args.file)
    try:
        engine = replay(record)
    except ReplayError as exc:
        # the refusal as data too: its message id and parameters (core/messages.py), and in words
        cause = exc.cause.msg.to_dict() if hasattr(exc.cause.msg, "to_dict") else {}
        print(dumps({"error": "illegal-move", "index": exc.index, "move": shorten(exc.move, 200),
                     "rule": exc.cause.code, "message": exc.cause.message(args.ui_lang), **cause},
                    ensure_ascii=False), file=sys.stdout)
        print(_illegal(exc, args.ui_lang), file=sys.stderr)
        return 1
    print(dumps(end_state(engine), ensure_ascii=False, indent=1))
    return 0


def cmd_legal(args) -> int:
    record = _load(args.file)
    try:
        engine = replay(record)
    except ReplayError as exc:
        print(_illegal(exc, args.ui_lang), file=sys.stderr)
        return 1
    for move in engine.legal_moves():
        print(move.encode())
    return 0


def _options(text: Optional[str]) -> Optional[dict]:
    if text is None:
        return None
    try:
        options = load_json(text)
    except (ValueError, RecursionError) as exc:
        raise BadSetup(msg("cli.options_not_json", text=shorten(text))) from exc
    if not isinstance(options, dict):
        raise BadSetup(msg("cli.options_not_object", text=shorten(text)))
    return options


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is quoted short (never a megabyte echoed back)."""

    def error(self, message: str):
        super().error(shorten(message, 200))


def cmd_selfplay(args) -> int:
    cls = engine_class(args.game)
    n = cls.MIN_SEATS if args.seats is None else args.seats
    if not cls.MIN_SEATS <= n <= cls.MAX_SEATS:  # before building n seats (--seats 10**9)
        raise BadSetup(msg("cli.seats_range", low=cls.MIN_SEATS, high=cls.MAX_SEATS, got=n))
    seats = [Seat(name=f"Bot {i + 1}", kind=SeatKind.BOT, level=BotLevel(args.level), youngest=(i == 0))
             for i in range(n)]
    engine = cls(seats, options=_options(args.options), seed=args.seed)
    play_bots(engine)
    print(engine.record(meta={"generator": "selfplay"}).to_json())
    return 0


def cmd_render(args) -> int:
    from .explain.commands import render_command

    return render_command(args, _load(args.file))
def cmd_arena(args) -> int:
    from .bots.arena import run_arena

    def progress(result) -> None:
        total = args.games * result.rotations if args.duplicate else args.games
        if args.progress and result.games % args.progress == 0:
            print(f"-- after {result.games}/{total} games", *result.summary_lines(), sep="\n  ",
                  file=sys.stderr, flush=True)

    result = run_arena(args.game, args.a, args.b, args.games, seats=args.seats, seed=args.seed,
                       options=_options(args.options), reflexes=args.reflexes,
                       progress=progress, duplicate=args.duplicate)
    print(dumps(result.to_dict()) if args.json else "\n".join(result.lines()))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    parser = _Parser(prog="python3 -m ludotheque", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a record and print the end state as JSON")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("legal", help="print the legal moves after a record's moves")
    p.add_argument("file")
    p.set_defaults(func=cmd_legal)
    p = sub.add_parser("selfplay", help="play a whole game with bots and print the record")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--seats", type=int)
    p.add_argument("--level", default="normal", choices=[lv.value for lv in BotLevel])
    p.add_argument("--options", help="options as a JSON object")
    p.set_defaults(func=cmd_selfplay)
    from .explain.commands import add_render_parser

    add_render_parser(sub, cmd_render)
    p = sub.add_parser("arena", help="bots of level A against level B over many games: win rates, scores, times")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--a", required=True, choices=[lv.value for lv in BotLevel] + ["random"], help="level of the measured side")
    p.add_argument("--b", required=True, choices=[lv.value for lv in BotLevel] + ["random"],
                   help="level of every other side (random: uniform legal moves)")
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seats", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--options", help="options as a JSON object")
    p.add_argument("--reflexes", choices=[lv.value for lv in BotLevel],
                   help="Mosquito: every seat slaps and calls at this level (card play stays A/B)")
    p.add_argument("--progress", type=int, default=0, help="print progress every N games (stderr)")
    p.add_argument("--duplicate", action="store_true",
                   help="--games counts deals; each deal is played once with A at every side, and the "
                        "score interval is over deals (duplicate bridge's variance reduction)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=cmd_arena)
    args = parser.parse_args(argv)
    args.ui_lang = cli_lang()
    try:
        return args.func(args)
    except Exception as exc:  # the error boundary: one line in the reader's language, an exit code, never a traceback
        err = as_ludo_error(exc)
        print(say(msg("cli.error", why=shorten(err.message(args.ui_lang), 300)), args.ui_lang), file=sys.stderr)
        return 2
