"""No code chooses words by language: every sentence is a catalogue message (core/messages.py),
worded with ``say(m, lang)``; language differences (punctuation, elision, plurals, number marks)
live in the catalogue entries and their formatters (docs/translating.md).

This scans py/ludotheque for what the older code did instead:
- a branch on the language (``lang == "fr"``, ``lang != "fr"``, ``== "en"``);
- a literal ``{"fr": …, "en": …}`` (one text per language written in the code);
- a name ending in ``_fr``/``_en`` (``label_fr``, ``where_en``, ``NAME_FR``), an attribute
  ``.fr``/``.en`` (the older error properties) or an index ``["fr"]``/``["en"]``;
- a call of an error or a refusal with two sentences (French, then English), or a pair of
  sentences written as a tuple (``("Annuler", "Undo")``).

ALLOWED lists the few files where one of these is data, with the reason; any occurrence in
another file fails.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, List

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "py" / "ludotheque"

# file (relative to py/ludotheque) -> why its occurrences are data, not a choice of words
ALLOWED: Dict[str, str] = {
    "core/catalogue.py": "the catalogues' formatters, registered per language ('{name|de}', '{x|int}')",
}

LANGS = ("fr", "en", "de", "es")
LANG_COMPARE = re.compile(r"""(==|!=)\s*["'](fr|en|de|es)["']|["'](fr|en|de|es)["']\s*(==|!=)""")
LANG_SUFFIX = re.compile(r"_(fr|en|FR|EN)$")
ERROR_CALL = re.compile(r"(Error|Exception|Move|Setup|Unexpected|Unavailable|Address|Feedback|_refuse|_no)$")


def _sentence(node: ast.AST) -> bool:
    """A literal that reads as words: a string (or f-string) with a letter and a space."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    else:
        return False
    return " " in text.strip() and any(c.isalpha() for c in text)


def _callee(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def findings(path: Path) -> List[str]:
    """Every word choice in one file, as 'line: what'."""
    text = path.read_text(encoding="utf-8")
    out = [f"{i}: a branch on the language ({m.group(0).strip()})"
           for i, line in enumerate(text.splitlines(), 1) for m in [LANG_COMPARE.search(line)] if m]
    for node in ast.walk(ast.parse(text, str(path))):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if "fr" in keys and keys & {"en", "de", "es"}:
                out.append(f"{line}: a {{'fr': …, 'en': …}} literal")
        names = []
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
            if node.attr in ("fr", "en"):
                out.append(f"{line}: an attribute .{node.attr}")
        elif isinstance(node, ast.arg):
            names.append(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.keyword) and node.arg:
            names.append(node.arg)
        out += [f"{line}: a name {n}" for n in names if LANG_SUFFIX.search(n)]
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value in ("fr", "en"):
            out.append(f"{line}: an index [{node.slice.value!r}]")
        if isinstance(node, ast.Tuple) and len(node.elts) == 2 and all(_sentence(e) for e in node.elts):
            out.append(f"{line}: a pair of sentences (fr, en)")
        if isinstance(node, ast.Call) and ERROR_CALL.search(_callee(node)):
            if sum(1 for a in node.args if _sentence(a)) >= 2:
                out.append(f"{line}: {_callee(node)}(…) with two sentences")
    return sorted(set(out), key=lambda s: int(s.split(":")[0]))


@lru_cache(maxsize=1)
def all_findings() -> Dict[str, List[str]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        hits = findings(path)
        if hits:
            found[rel] = hits
    return found


def test_no_code_chooses_words_by_language():
    found = all_findings()
    bad = {f: hits for f, hits in found.items() if f not in ALLOWED}
    assert not bad, "words chosen by language in code; use catalogue messages (docs/translating.md):\n" + "\n".join(
        f"  py/ludotheque/{f}:{hit}" for f, hits in bad.items() for hit in hits)


def test_the_allowed_files_still_need_it():
    found = all_findings()
    assert sorted(f for f in ALLOWED if f not in found) == [], "an allowed file no longer needs its entry"


def test_the_scanner_sees_each_kind_of_word_choice(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        'def f(lang, err, label_fr=""):\n'
        '    if lang == "fr":\n'
        '        return {"fr": "Bonjour", "en": "Hello"}\n'
        '    raise BadSetup("Il faut un nom.", "A name is needed.")\n'
        '    NEUTRAL = ("Joueur un", "Player one")\n'
        '    return err.en + d["fr"]\n', encoding="utf-8")
    kinds = " | ".join(findings(sample))
    for what in ("branch on the language", "literal", "name label_fr", "two sentences", "attribute .en", "index ['fr']",
                 "pair of sentences"):
        assert what in kinds, (what, kinds)
    sample.write_text('raise BadSetup(msg("setup.seat_no_name"))\nsay(m, lang)\n', encoding="utf-8")
    assert findings(sample) == []
