"""The ``render`` command line (``python3 -m ludotheque render FILE``), kept here so cli.py
only registers it."""
from __future__ import annotations

import sys
from pathlib import Path

from ..core.record import Record
from .frames import render_frames, to_json, to_script
from .snippet import snippet

SITE_ROOT = Path(__file__).resolve().parents[3]  # py/ludotheque/explain -> the site root


def add_render_parser(sub, func) -> None:
    p = sub.add_parser("render", help="pre-render a record's positions into frames for explain.html")
    p.add_argument("file")
    p.add_argument("--lang", default="fr", help="the frames' language: any language of the catalogues (fr, en, de, es…)")
    p.add_argument("-o", "--output", help="file to write (.json or .js; .html with --html); default: standard output")
    p.add_argument("--html", action="store_true", help="a self-contained HTML page (viewer and styles inlined)")
    p.add_argument("--from", dest="first", type=int, help="first ply shown (default: meta.explain.from or 0)")
    p.add_argument("--to", dest="last", type=int, help="last ply shown (default: meta.explain.to or the end)")
    p.add_argument("--seat", type=int, help="whose hand is shown (default: meta.explain.seat or 0)")
    p.add_argument("--site", help="with --html: URL of the Ludothèque site, for the 'Essayer' button")
    p.set_defaults(func=func)


def render_command(args, record: Record) -> int:
    doc = render_frames(record, args.lang, args.first, args.last, args.seat)
    if args.html:
        text = snippet(doc, SITE_ROOT, args.site)
    elif args.output and args.output.endswith(".js"):
        text = to_script(doc)
    else:
        text = to_json(doc) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"{args.output}: {len(doc['frames'])} frames, {len(text.encode()) // 1024} KB", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
