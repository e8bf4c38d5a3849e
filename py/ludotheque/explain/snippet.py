"""A self-contained HTML page of one example: the viewer, its sanitiser, its styles and the
frames inlined.

For authors who cannot host our files next to theirs: the page needs nothing else (it
also works from a file or an ``<iframe srcdoc>``); "Essayer" then needs ``--site`` to
know where the app lives.

Its Content-Security-Policy names its own inline scripts and style by their hashes: nothing
else runs or styles it (docs/security.md). The frames' JSON is written with every ``<``
escaped (``\\u003c``), so that no text in a note (``</script>``, ``<!--<script>``) can end
or bend its script element.
"""
from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape
from pathlib import Path
from typing import Any, Callable, List, Mapping, Optional

from ..core.catalogue import SOURCE_LANG
from .frames import to_json

# The viewer's scripts, in the order explain.html loads them; its words (the compiled
# catalogues, build/i18n/) go before them: see scripts_for().
SCRIPTS = ("vendor/dompurify/purify.min.js", "js/frame-sanitizer.js", "js/i18n.js", "build/explain.js")


def scripts_for(doc: Mapping[str, Any]) -> List[str]:
    """The scripts a page of ``doc`` inlines: the language list, the French catalogue (every
    missing word falls back to it) and the example's language's, then the viewer."""
    langs = [SOURCE_LANG] + ([doc["lang"]] if doc.get("lang") not in (None, SOURCE_LANG) else [])
    return ["build/i18n/languages.js"] + [f"build/i18n/{code}.js" for code in langs] + list(SCRIPTS)


# The catalogue entries a standalone page needs: the viewer's own words (js/explain/), the
# language names and the list words; the example's notes come already worded in its frames.
VIEWER_WORDS = ("viewer.", "lang.", "list.")
_CATALOGUE = re.compile(r'^(?P<head>.*?\)\["(?P<code>[a-z]{2,3})"\] = )(?P<body>\{.*\});?\s*$', re.S)


def viewer_catalogue(js: str) -> str:
    """A compiled catalogue script (build/i18n/<lang>.js) cut to what the viewer words, so an
    exported page carries no other text of the site (the site's examples name their players:
    an author's page should not) and weighs less."""
    m = _CATALOGUE.match(js)
    if not m:
        raise ValueError("a catalogue script in an unexpected shape (scripts/catalogues.py)")
    data = json.loads(m.group("body"))
    data["messages"] = {k: v for k, v in data["messages"].items() if k.startswith(VIEWER_WORDS)}
    return m.group("head") + json.dumps(data, ensure_ascii=False, separators=(",", ":")) + ";\n"


# What would end an inline script early, or put the tokenizer in its double-escaped state.
_BREAKS_SCRIPT = re.compile(r"</script|<script", re.I)


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def inline_json(doc: Mapping[str, Any]) -> str:
    """JSON safe inside <script type="application/json">: no "<" at all."""
    return to_json(doc).replace("<", "\\u003c")


def policy(scripts, styles) -> str:
    return ("default-src 'none'; script-src " + " ".join(csp_hash(s) for s in scripts)
            + "; style-src " + " ".join(csp_hash(s) for s in styles)
            + "; style-src-attr 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
            "object-src 'none'; frame-src 'none'")


def _is_catalogue(rel: str) -> bool:
    return rel.startswith("build/i18n/") and rel != "build/i18n/languages.js"


def needed_files(doc: Mapping[str, Any]) -> List[str]:
    """The site's files the page inlines (relative to the site root)."""
    return list(doc["css"]) + ["css/explain.css"] + scripts_for(doc)


class ViewerNotBuilt(RuntimeError):
    """build/explain.js, the viewer the page inlines, is missing or older than one of its parts
    (js/explain/*.js): joining them is the build's work (scripts/build.py), as compiling the
    catalogues is (core/catalogue.py, CataloguesNotBuilt)."""


def check_viewer_built(site_root: Path) -> None:
    """Raise ViewerNotBuilt rather than inline a missing or old viewer. The build touches
    build/explain.js on every run, so a part edited since the last build is newer than it."""
    built = site_root / "build" / "explain.js"
    parts = sorted((site_root / "js" / "explain").glob("*.js"))
    if not built.is_file() or any(p.stat().st_mtime > built.stat().st_mtime for p in parts):
        raise ViewerNotBuilt("build/explain.js is missing or older than js/explain/*.js: "
                             "run `make build` (or python3 scripts/build.py)")


def snippet(doc: Mapping[str, Any], site_root: Path, site_url: Optional[str] = None) -> str:
    """The page, the viewer and styles read from the site's files on disk (``render --html``)."""
    check_viewer_built(site_root)
    return page(doc, lambda rel: (site_root / rel).read_text(encoding="utf-8"), site_url)


def page(doc: Mapping[str, Any], read: Callable[[str], str], site_url: Optional[str] = None) -> str:
    """The page, with ``read(relative path)`` giving each file of :func:`needed_files`: from
    disk for the command line, fetched from our own origin by the example editor in the
    browser (which has no site on disk): one code path for both."""
    css = "\n".join(read(rel) for rel in list(doc["css"]) + ["css/explain.css"])
    names = scripts_for(doc)
    scripts = [viewer_catalogue(read(rel)) if _is_catalogue(rel) else read(rel) for rel in names]
    for rel, js in zip(names, scripts):
        if _BREAKS_SCRIPT.search(js):
            raise ValueError(f"{rel} cannot be inlined: it holds a <script or </script")
    if "</style" in css.lower():
        raise ValueError("the styles cannot be inlined: they hold </style")
    data = inline_json(doc)
    base = f' data-site="{escape(site_url, quote=True)}"' if site_url else ""
    return (f'<!doctype html>\n<html lang="{doc["lang"]}" class="explain"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{policy(scripts, [css])}">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(doc['title'])}</title><style>{css}</style></head>"
            f'<body class="explain"{base}><script type="application/json" id="ludo-frames">{data}</script>'
            + "".join(f"<script>{js}</script>" for js in scripts) + "</body></html>\n")
