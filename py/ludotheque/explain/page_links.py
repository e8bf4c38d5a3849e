"""The links every page of rules/ carries to itself in the other languages: a row of links
in its header, each named in its own language, and ``<link rel="alternate" hreflang>`` in its
head (search engines; js/rules-page.js finds the reader's language among them)."""
from __future__ import annotations

from typing import Callable, Sequence

from ..core.catalogue import SOURCE_LANG
from ..core.messages import msg, say
from ..ui.html import Raw, el, join

# Content-Security-Policy of every page of rules/, rules and accessibility pages alike
# (docs/security.md): its one script and styles from this site, its examples as explain.html
# frames of this site, the site's service worker; no inline script or style, nothing from elsewhere.
RULES_PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
                     "frame-src 'self'; worker-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; "
                     "base-uri 'none'; form-action 'none'")


def lang_links(name_of: Callable[[str], str], lang: str, langs: Sequence[str]) -> Raw:
    """The same page in every other language, each link named in its own language; the
    French one carries ?lang=fr (rules-page.js sends a reader who chose another language in
    the app from the French page to theirs, never back)."""
    links = [el("a", {"href": name_of(code) + ("?lang=fr" if code == SOURCE_LANG else ""), "hreflang": code,
                      "lang": code, "class": "btn btn-ghost btn-small", "data-testid": f"lang-{code}"},
                say(msg("lang.name"), code))
             for code in langs if code != lang]
    return el("nav", {"class": "rp-langs", "aria-label": say(msg("rules_page.languages"), lang),
                      "data-testid": "other-lang"}, *links)


def alternates(name_of: Callable[[str], str], langs: Sequence[str]) -> Raw:
    """<link rel="alternate" hreflang> for every language of the page (search engines; and
    rules-page.js finds the reader's language among them)."""
    return join([Raw(f'<link rel="alternate" hreflang="{code}" href="{name_of(code)}">') for code in langs])
