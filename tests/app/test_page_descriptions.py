"""Every page a search engine may list has a <meta name="description"> (Lighthouse's SEO audit):
the home page, the example viewer, each rules page and the accessibility page in each language."""
from __future__ import annotations

import re
from pathlib import Path

from ludotheque.explain import access_page
from ludotheque.core.catalogue import say
from ludotheque.explain.rules_pages import page, page_langs, page_name
from ludotheque.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]+)">')


def descriptions(html: str) -> list:
    head = html.split("</head>", 1)[0]
    return DESCRIPTION.findall(head)


def test_static_pages_have_one_description():
    for page in ("index.html", "explain.html"):
        found = descriptions((ROOT / page).read_text(encoding="utf-8"))
        assert len(found) == 1 and 50 <= len(found[0]) <= 160, (page, found)


def test_each_rules_page_describes_its_game_in_its_language():
    for game in GAMES:
        for lang in page_langs():
            found = descriptions(page(game, lang, []))
            assert descriptions((ROOT / "rules" / page_name(game, lang)).read_text(encoding="utf-8")) == found
            assert len(found) == 1 and 50 <= len(found[0]) <= 160, (game, lang, found)
            assert say("rules_page.description", lang).split("{name}")[0] in found[0]


def test_the_accessibility_page_has_one_description_per_language():
    for lang in page_langs():
        found = descriptions(access_page.page(lang, page_langs()))
        assert len(found) == 1 and 50 <= len(found[0]) <= 160, (lang, found)
