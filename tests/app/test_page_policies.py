"""Every page declares a Content-Security-Policy, and it lets through exactly what the page
itself needs (docs/security.md): no inline script or style but by hash, no inline event
handlers, nothing from elsewhere, no <base> or form targets. A page whose inline script
changed without its hash would silently stop working; one with 'unsafe-inline' script
would let injected HTML run script. Checked without a browser; tests/security checks the
same policies in Chromium."""
from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Dict, List

import pytest

from ludotheque.core.catalogue import offered_langs
from ludotheque.core.record import Record
from ludotheque.explain.access_page import pages as access_pages
from ludotheque.explain.frames import render_frames
from ludotheque.explain.rules_pages import load_examples, page
from ludotheque.explain.snippet import snippet

ROOT = Path(__file__).resolve().parents[2]


class Page(HTMLParser):
    """A page's policy, inline scripts and styles, and event-handler attributes."""

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.policies: List[str] = []
        self.scripts: List[str] = []
        self.styles: List[str] = []
        self.handlers: List[str] = []
        self._in = None
        self._text: List[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")
        self.handlers += [f"<{tag} {k}>" for k in a if k.startswith("on")]
        inline_script = tag == "script" and "src" not in a and (a.get("type") or "text/javascript") in (
            "text/javascript", "module")
        if inline_script or tag == "style":
            self._in, self._text = tag, []

    def handle_data(self, data):
        if self._in:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == self._in:
            (self.scripts if tag == "script" else self.styles).append("".join(self._text))
            self._in = None

    def policy(self) -> Dict[str, List[str]]:
        assert len(self.policies) == 1, f"{len(self.policies)} Content-Security-Policy metas"
        out = {}
        for part in self.policies[0].split(";"):
            words = part.split()
            if words:
                out[words[0]] = words[1:]
        return out


def digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def pages() -> Dict[str, str]:
    examples = load_examples(ROOT, "mosquito")
    doc = render_frames(Record.from_dict(examples[0].record.to_dict()), "en")
    return {
        "index.html": (ROOT / "index.html").read_text(encoding="utf-8"),
        "explain.html": (ROOT / "explain.html").read_text(encoding="utf-8"),
        "docs/embed-host.html": (ROOT / "docs" / "embed-host.html").read_text(encoding="utf-8"),
        "rules/mosquito.html": page("mosquito", "fr", examples),
        "rules/mindup.en.html": page("mindup", "en", load_examples(ROOT, "mindup")),
        **{name: text for name, text in access_pages(offered_langs()).items()
           if name in ("rules/accessibility.html", "rules/accessibility.de.html")},
        "render --html": snippet(doc, ROOT, "https://example.org/ludotheque/"),
    }


PAGES = pages()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_policy_names_every_inline_script_and_style_by_hash(name):
    p = Page(PAGES[name])
    csp = p.policy()
    assert csp.get("default-src") == ["'none'"]
    assert csp.get("base-uri") == ["'none'"] and csp.get("form-action") == ["'none'"]
    assert csp.get("object-src") == ["'none'"]
    scripts, styles = csp.get("script-src", []), csp.get("style-src", [])
    assert "'unsafe-inline'" not in scripts and "'unsafe-hashes'" not in scripts
    assert "'unsafe-inline'" not in styles
    assert not [s for s in scripts + styles if s.startswith(("http", "*")) or s in ("https:", "http:", "data:", "blob:")]
    for text in p.scripts:
        assert digest(text) in scripts, f"{name}: an inline script is not in script-src"
    for text in p.styles:
        assert digest(text) in styles, f"{name}: an inline style is not in style-src"
    # nothing listed that the page does not have (a stale hash would allow old code)
    assert len([s for s in scripts if s.startswith("'sha256-")]) == len(p.scripts)
    assert not p.handlers, p.handlers
    assert set(csp.get("img-src", ["'none'"])) <= {"'self'", "data:"}


def test_viewer_needs_no_eval():
    """Pyodide (bare #record= links) compiles WebAssembly: 'wasm-unsafe-eval' is all it needs
    (tests/e2e/test_explain.py boots it under this policy); the frames need inline style=."""
    csp = Page(PAGES["explain.html"]).policy()
    assert csp["script-src"][0] == "'self'" and "'unsafe-eval'" not in csp["script-src"]
    assert "'wasm-unsafe-eval'" in csp["script-src"]
    assert csp["style-src"] == ["'self'"] and csp["style-src-attr"] == ["'unsafe-inline'"]
    assert csp["img-src"] == ["'self'", "data:"]
    assert csp["frame-src"] == ["'none'"]


def test_app_policy_keeps_eval_only_for_pyscript():
    """index.html keeps 'unsafe-eval' because PyScript's core calls Function() (the page does
    not boot without it: docs/security.md); it loads nothing from elsewhere."""
    csp = Page(PAGES["index.html"]).policy()
    assert csp["script-src"] == ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    for directive in ("connect-src", "worker-src", "style-src", "manifest-src", "frame-src"):
        assert csp[directive] == ["'self'"], directive  # frames: the example editor's preview (explain.html)


def test_self_contained_page_data_cannot_end_its_script():
    rec = Record.from_dict(load_examples(ROOT, "mookies")[0].record.to_dict())
    rec.meta.setdefault("annotations", {})["0"] = {"fr": "a <!--<script> b </script><script>alert(1)</script>", "en": "x"}
    html = snippet(render_frames(rec, "fr"), ROOT)
    data = html.split('id="ludo-frames">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data and "\\u003c!--\\u003cscript> b" in data
    # the data, the language list, the French catalogue, DOMPurify, the sanitiser, js/i18n.js, the viewer
    assert html.count("<script") == 7
