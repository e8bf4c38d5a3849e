"""A self-contained HTML page of one example: the viewer, its styles and the frames inlined.

For authors who cannot host our files next to theirs: the page needs nothing else (it
also works from a file or an ``<iframe srcdoc>``); "Essayer" then needs ``--site`` to
know where the app lives.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Callable, List, Mapping, Optional

from .frames import to_json


def needed_files(doc: Mapping[str, Any]) -> List[str]:
    """The site's files the page inlines (relative to the site root)."""
    return list(doc["css"]) + ["css/explain.css", "js/explain.js"]


def snippet(doc: Mapping[str, Any], site_root: Path, site_url: Optional[str] = None) -> str:
    """The page, the viewer and styles read from the site's files on disk (``render --html``)."""
    return page(doc, lambda rel: (site_root / rel).read_text(encoding="utf-8"), site_url)


def page(doc: Mapping[str, Any], read: Callable[[str], str], site_url: Optional[str] = None) -> str:
    """The page, with ``read(relative path)`` giving each file of :func:`needed_files`: from
    disk for the command line, fetched from our own origin by the example editor in the
    browser (which has no site on disk): one code path for both."""
    css = "\n".join(read(rel) for rel in list(doc["css"]) + ["css/explain.css"])
    js = read("js/explain.js")
    data = to_json(doc).replace("</", "<\\/")
    base = f' data-site="{escape(site_url, quote=True)}"' if site_url else ""
    return (f'<!doctype html>\n<html lang="{doc["lang"]}" class="explain"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(doc['title'])}</title><style>{css}</style></head>"
            f'<body class="explain"{base}><script type="application/json" id="ludo-frames">{data}</script>'
            f"<script>{js}</script></body></html>\n")
