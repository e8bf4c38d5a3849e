"""A self-contained HTML page of one example: the viewer, its styles and the frames inlined.

For authors who cannot host our files next to theirs: the page needs nothing else (it
also works from a file or an ``<iframe srcdoc>``); "Essayer" then needs ``--site`` to
know where the app lives.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any, Mapping, Optional

from .frames import to_json


def snippet(doc: Mapping[str, Any], site_root: Path, site_url: Optional[str] = None) -> str:
    css = "\n".join((site_root / rel).read_text(encoding="utf-8") for rel in list(doc["css"]) + ["css/explain.css"])
    js = (site_root / "js" / "explain.js").read_text(encoding="utf-8")
    data = to_json(doc).replace("</", "<\\/")
    base = f' data-site="{escape(site_url, quote=True)}"' if site_url else ""
    return (f'<!doctype html>\n<html lang="{doc["lang"]}" class="explain"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(doc['title'])}</title><style>{css}</style></head>"
            f'<body class="explain"{base}><script type="application/json" id="ludo-frames">{data}</script>'
            f"<script>{js}</script></body></html>\n")
