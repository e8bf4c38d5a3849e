"""A pseudo-language for tests only (never a file of locale/, never offered in the switch):
French with accents on every vowel, words about 35 % longer, and ⟦ ⟧ around each message.
A site copy whose French catalogue is this shows, on every screen, which words came through
the catalogues (bracketed), which skipped them (no brackets), and what a longer language cuts.
"""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po, write_po

OPEN, CLOSE = "⟦", "⟧"
ACCENTS = str.maketrans("aeiouyAEIOUYcnCN", "àéîõüÿÀÉÎÕÜŸçñÇÑ")
# a parameter ({name}, {name|de}) and the punctuation of a plural-less message stay as they are
PLACEHOLDER = re.compile(r"(\{\w+(?:\|\w+)?\})")
# ids whose text is not prose: language codes, a language's own name on the switch
KEEP = ("lang.button", "lang.name", "lang.switch_label")


def pseudo(text: str) -> str:
    if not text:
        return text
    parts = PLACEHOLDER.split(text)
    out = []
    for i, part in enumerate(parts):
        if i % 2:  # a placeholder
            out.append(part)
            continue
        out.append(re.sub(r"[A-Za-zÀ-ÿ]{3,}", lambda m: m.group(0).translate(ACCENTS) + "·" * (len(m.group(0)) * 35 // 100 + 1), part))
    return OPEN + "".join(out) + CLOSE


def make_pseudo_french(site: Path) -> int:
    """Rewrite the site copy's locale/fr.po as the pseudo-language; the count of messages."""
    path = site / "locale" / "fr.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale="fr")
    count = 0
    for message in catalog:
        if not message.id or message.id in KEEP:
            continue
        if isinstance(message.string, (list, tuple)):
            message.string = tuple(pseudo(s) for s in message.string)
        else:
            message.string = pseudo(message.string)
        count += 1
    with path.open("wb") as f:
        write_po(f, catalog, width=0)
    return count
