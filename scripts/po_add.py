"""Append new entries to every catalogue (locale/<lang>.po) from one JSON file, so that a
message is added in French, English, German and Spanish at once, with its comments.

    python3 scripts/po_add.py new-words.json

The JSON is a list of entries:
    {"id": "mookies.move.take", "context": "…", "where": "py/ludotheque/games/mookies_texts.py",
     "fr": "{name} prend la carte du paquet {pile}.", "en": "…", "de": "…", "es": "…"}
A plural entry gives a list per language, as many forms as that language's Plural-Forms
(fr 3: [0–1, millions, other]; es 3: [1, millions, other]; en, de 2: [1, other]), and uses {n}.
An id already in a catalogue is refused (edit that entry in the .po instead).
Entries are appended at the end of each file (the .po files merge by union: .gitattributes).
"""
from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("fr", "en", "de", "es")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _comment(tag: str, text: str) -> str:
    lines = textwrap.wrap(f"{tag}: {text}", 76) or [f"{tag}:"]
    return "".join(f"#. {line}\n" for line in lines)


def entry_text(entry: dict, lang: str) -> str:
    fr = entry["fr"]
    out = _comment("French", " | ".join(fr) if isinstance(fr, list) else fr)
    out += _comment("Context", entry["context"]) + _comment("Where", entry["where"])
    out += f"msgid {_quote(entry['id'])}\n"
    text = entry[lang]
    if isinstance(text, list):
        out += f"msgid_plural {_quote(entry['id'] + '.plural')}\n"
        out += "".join(f"msgstr[{i}] {_quote(form)}\n" for i, form in enumerate(text))
    else:
        out += f"msgstr {_quote(text)}\n"
    return out


def main(argv) -> int:
    entries = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    problems = []
    texts = {lang: (ROOT / "locale" / f"{lang}.po").read_text(encoding="utf-8") for lang in LANGS}
    nplurals = {lang: int(re.search(r"nplurals=(\d+)", texts[lang]).group(1)) for lang in LANGS}
    for e in entries:
        for lang in LANGS:
            if isinstance(e.get(lang), list) and len(e[lang]) != nplurals[lang]:
                problems.append(f"{e.get('id', '?')}: {lang} needs {nplurals[lang]} plural forms, not {len(e[lang])}")
        for key in ("id", "context", "where") + LANGS:
            if not e.get(key):
                problems.append(f"{e.get('id', '?')}: no {key}")
        for lang in LANGS:
            if re.search(r'^msgid "%s"$' % re.escape(e.get("id", "")), texts[lang], re.M):
                problems.append(f"{e['id']}: already in locale/{lang}.po")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    for lang in LANGS:
        text = texts[lang].rstrip("\n") + "\n"
        for e in entries:
            text += "\n" + entry_text(e, lang)
        (ROOT / "locale" / f"{lang}.po").write_text(text, encoding="utf-8")
    print(f"{len(entries)} entries added to {', '.join(LANGS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
