#!/usr/bin/env python3
"""Compile the word catalogues locale/<lang>.po (gettext, symbolic ids) into build/i18n/.

Babel reads the .po files here, at build time only: the page never loads it. Writes:

  build/i18n/<lang>.json   {"lang", "nplurals", "plural", "messages"}: what Python reads
                           (py/ludotheque/core/catalogue.py)
  build/i18n/<lang>.js     the words the pages' own scripts and static HTML show (PAGE_WORDS),
                           as a classic script (window.ludoCatalogues[lang]): the sandboxed
                           example viewer cannot fetch JSON without CORS, and a classic script
                           loads anywhere; ``render --html`` inlines it
  build/i18n/languages.js  window.ludoLanguages: one entry per catalogue, French first, with
                           the switch's words and two flags (below)
  build/i18n/languages.json the same list, for Python and the tests

French (locale/fr.po) is the source: its ids are the ids every catalogue must have. A
language is

  complete  every French id translated (not empty, not fuzzy), with the same named
            parameters, and its plural forms valid: the example viewer and the boot texts
            offer it;
  app       offered by the app's language switch: every complete language (a new language
            is one catalogue file; the flag stays so that a language could be held back).

    python3 scripts/catalogues.py            # compile, print one line per language
    python3 scripts/catalogues.py --check    # print every problem, exit 1 if any
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "fr"
# Ids every language's switch needs (they are also in the catalogue like any other word).
SWITCH_IDS = ("lang.button", "lang.name", "lang.switch_label")
PARAM = re.compile(r"\{(\w+)(?:\|\w+)?\}")  # "{name}" or "{name|formatter}" (core/catalogue.py)
# Plural forms are checked for every count up to here (rules look at n % 100, n % 1000000...)
PLURAL_CHECK = list(range(0, 1200)) + [10 ** 6, 2 * 10 ** 6, 10 ** 6 + 1]


class CatalogueError(Exception):
    pass


# ---- gettext's plural expression, parsed to a tree (no eval, here or in the page) -------------
_TOKEN = re.compile(r"\s*(\d+|n|\|\||&&|==|!=|<=|>=|[<>%?:()!])")
_LEVELS = [("||",), ("&&",), ("==", "!="), ("<", ">", "<=", ">="), ("%",)]


def parse_plural(expr: str) -> Any:
    """``(n != 1)`` -> ``["!=", "n", 1]``; see py/ludotheque/core/catalogue.py."""
    tokens: List[str] = []
    pos, expr = 0, expr.strip().rstrip(";")
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        if not m:
            raise CatalogueError(f"plural expression: cannot read {expr[pos:]!r}")
        tokens.append(m.group(1))
        pos = m.end()
        while pos < len(expr) and expr[pos].isspace():
            pos += 1
    at = [0]

    def peek() -> Optional[str]:
        return tokens[at[0]] if at[0] < len(tokens) else None

    def take(want: Optional[str] = None) -> str:
        tok = peek()
        if tok is None or (want is not None and tok != want):
            raise CatalogueError(f"plural expression {expr!r}: expected {want or 'more'}")
        at[0] += 1
        return tok

    def ternary() -> Any:
        cond = binary(0)
        if peek() == "?":
            take("?")
            yes = ternary()
            take(":")
            return ["?", cond, yes, ternary()]
        return cond

    def binary(level: int) -> Any:
        if level == len(_LEVELS):
            return unary()
        left = binary(level + 1)
        while peek() in _LEVELS[level]:
            op = take()
            left = [op, left, binary(level + 1)]
        return left

    def unary() -> Any:
        tok = take()
        if tok == "!":
            return ["!", unary()]
        if tok == "(":
            inner = ternary()
            take(")")
            return inner
        if tok == "n":
            return "n"
        if tok.isdigit():
            return int(tok)
        raise CatalogueError(f"plural expression {expr!r}: unexpected {tok!r}")

    tree = ternary()
    if peek() is not None:
        raise CatalogueError(f"plural expression {expr!r}: unexpected {peek()!r}")
    return tree


# ---- reading and checking -------------------------------------------------------------------------
@dataclass
class Compiled:
    lang: str
    nplurals: int
    plural: Any
    messages: Dict[str, Any]
    problems: List[str] = field(default_factory=list)
    untranslated: List[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.problems and not self.untranslated

    def data(self) -> Dict[str, Any]:
        return {"lang": self.lang, "nplurals": self.nplurals, "plural": self.plural, "messages": self.messages}


def read_catalogue(path: Path):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=path.stem)


def _params(text: str) -> List[str]:
    return sorted(set(PARAM.findall(text)))


def compile_catalogue(path: Path, source: Optional[Dict[str, Any]]) -> Compiled:
    """One .po compiled and checked against the French messages (``source``; None for French)."""
    from ludotheque.core.catalogue import plural_index

    cat = read_catalogue(path)
    lang = path.stem
    m = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+)$", cat.plural_forms or "")
    if not m:
        raise CatalogueError(f"{path.name}: no Plural-Forms header")
    nplurals, plural = int(m.group(1)), parse_plural(m.group(2))
    out = Compiled(lang, nplurals, plural, {})
    bad = sorted({plural_index(plural, n) for n in PLURAL_CHECK} - set(range(nplurals)))
    if bad:
        out.problems.append(f"{lang}: the plural rule gives form(s) {bad}, outside 0..{nplurals - 1}")
    for msg in cat:
        if not msg.id:
            continue
        msg_id = msg.id[0] if isinstance(msg.id, (tuple, list)) else msg.id
        if isinstance(msg.id, (tuple, list)):
            forms = list(msg.string) if isinstance(msg.string, (tuple, list)) else [msg.string]
            if len(forms) != nplurals:
                out.problems.append(f"{lang}: {msg_id} has {len(forms)} plural forms, the rule wants {nplurals}")
            text: Any = forms
        else:
            text = msg.string
        texts = text if isinstance(text, list) else [text]
        if msg.fuzzy or not all(texts):
            out.untranslated.append(msg_id)
            continue
        out.messages[msg_id] = text
        if source is not None:
            if msg_id not in source:
                out.problems.append(f"{lang}: {msg_id} is not in the French catalogue (a typo, or a removed id)")
                continue
            want = _params(" ".join(source[msg_id]) if isinstance(source[msg_id], list) else source[msg_id])
            for form in texts:
                if _params(form) != want:
                    out.problems.append(f"{lang}: {msg_id} has parameters {_params(form)}, French has {want}")
            if isinstance(source[msg_id], list) != isinstance(text, list):
                out.problems.append(f"{lang}: {msg_id} is {'a plural' if isinstance(text, list) else 'not a plural'} entry, unlike French")
    if source is not None:
        out.untranslated += sorted(set(source) - set(out.messages) - set(out.untranslated))
    return out


def compile_all(root: Path = ROOT) -> List[Compiled]:
    """Every catalogue of locale/, French first; raises when French itself is incomplete."""
    sys.path.insert(0, str(root / "py"))
    try:
        paths = {p.stem: p for p in sorted((root / "locale").glob("*.po"))}
        if SOURCE not in paths:
            raise CatalogueError(f"locale/{SOURCE}.po is missing: French is the source of every word")
        french = compile_catalogue(paths.pop(SOURCE), None)
        if not french.complete:
            raise CatalogueError("locale/fr.po: " + "; ".join(french.problems + [f"empty or fuzzy: {i}" for i in french.untranslated]))
        return [french] + [compile_catalogue(paths[code], french.messages) for code in sorted(paths)]
    finally:
        sys.path.pop(0)


def languages(compiled: List[Compiled]) -> List[Dict[str, Any]]:
    """The language list: French first, each with its switch's words and its two flags."""
    french = compiled[0].messages
    out = []
    for c in compiled:
        words = {key: c.messages.get(i) or french[i] for key, i in zip(("button", "name", "label"), SWITCH_IDS)}
        out.append({"code": c.lang, **words, "complete": c.complete, "app": c.complete})
    return out


# The words a page shows without Python: the boot panel (js/boot/, "boot."), the set-up forms
# shown before Python (js/setup-early.js, "setup."), the example viewer (js/explain/, "viewer."),
# the language menu ("lang."), and the static HTML's data-i18n ids (index.html: "home.", "game.").
# Everything else is worded by Python from build/i18n/<lang>.json (in build/ludotheque.zip). The
# whole catalogue is ~107 KB a language and a blocking script before the app's first paint, and
# in each example viewer; these words are ~6 KB. tests/app/test_catalogues.py checks that every
# id the scripts and pages ask for is here.
PAGE_WORDS = ("boot.", "setup.", "viewer.", "lang.", "list.", "home.", "game.")


def page_words(data: Dict[str, Any]) -> Dict[str, Any]:
    """A compiled catalogue's data with only the PAGE_WORDS messages."""
    return {**data, "messages": {k: v for k, v in data["messages"].items() if k.startswith(PAGE_WORDS)}}


def as_script(global_name: str, key: Optional[str], data: Any) -> str:
    """A classic script assigning data; every "<" escaped so the text can be inlined in a page."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).replace("<", "\\u003c")
    if key is None:
        return f"// Generated by scripts/catalogues.py from locale/*.po.\nwindow.{global_name} = {text};\n"
    return ("// Generated by scripts/catalogues.py from locale/*.po.\n"
            f"(window.{global_name} = window.{global_name} || {{}})[{json.dumps(key)}] = {text};\n")


def build_catalogues(root: Path = ROOT, write=None) -> Tuple[List[str], List[Dict[str, Any]]]:
    """Write build/i18n/; returns (the files, relative to root; the language list). Problems in a
    catalogue other than French do not stop the build (that language is not complete: French
    shows instead); `--check` and tests/app/test_catalogues.py report them."""
    compiled = compile_all(root)
    out = root / "build" / "i18n"
    out.mkdir(parents=True, exist_ok=True)
    write = write or _write_if_changed
    files = {}
    for c in compiled:
        files[f"{c.lang}.json"] = json.dumps(c.data(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        files[f"{c.lang}.js"] = as_script("ludoCatalogues", c.lang, page_words(c.data()))
    langs = languages(compiled)
    files["languages.json"] = json.dumps(langs, ensure_ascii=False, indent=1) + "\n"
    files["languages.js"] = as_script("ludoLanguages", None, langs)
    for name, text in files.items():
        write(out / name, text)
    for stale in out.iterdir():
        if stale.name not in files:
            stale.unlink()
    # compiled now, even when nothing changed: Python in a checkout reads build/i18n/ when it is
    # newer than every .po (py/ludotheque/core/catalogue.py load_words)
    (out / "languages.json").touch()
    return sorted(f"build/i18n/{name}" for name in files), langs


def _write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description="Compile locale/*.po into build/i18n/.")
    ap.add_argument("--check", action="store_true", help="list every problem; exit 1 if a catalogue is not complete")
    args = ap.parse_args(argv)
    try:
        compiled = compile_all(ROOT)
        if not args.check:
            build_catalogues(ROOT)
    except CatalogueError as e:
        print(f"catalogues: error: {e}", file=sys.stderr)
        return 1
    for c in compiled:
        state = "complete" if c.complete else f"{len(c.untranslated)} untranslated, {len(c.problems)} problem(s)"
        print(f"{c.lang}: {len(c.messages)} messages, {state}{', app' if c.complete else ''}")
        for p in c.problems:
            print("  " + p)
        for i in c.untranslated if args.check else []:
            print(f"  {c.lang}: {i} is empty or fuzzy (French shows)")
    return 1 if args.check and not all(c.complete for c in compiled) else 0


if __name__ == "__main__":
    sys.exit(main())
