"""The interactive rules pages, rules/<game>.html (French) and rules/<game>.en.html, and the
pre-rendered frames of their examples (build/examples/<game>/<name>.<lang>.js).

Built by scripts/build.py: static pages (offline once precached) whose examples are
explain.html iframes stepping through annotated records (assets/examples/<game>/*.json,
made from the golden test records). The rules pages are therefore the first users of the
embeddable viewer, built exactly the way an author's page would be.
"""
from __future__ import annotations

from dataclasses import dataclass
from json import loads
from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..core.record import Record
from ..games import GAMES, engine_class
from ..ui.html import Raw, el, join
from ..ui.i18n import pick
from .access_page import pages as access_pages
from .frames import render_frames, to_script
from .rules_text import HOUSE_INTRO, PLANS, SECTION_ORDER, SECTION_TITLES

LANGS = ("fr", "en")
# Content-Security-Policy of a rules page (docs/security.md): its one script and styles from
# this site, its examples as explain.html frames of this site, the site's service worker; no
# inline script or style, nothing from elsewhere.
RULES_PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
                     "frame-src 'self'; worker-src 'self'; connect-src 'self'; manifest-src 'self'; object-src 'none'; "
                     "base-uri 'none'; form-action 'none'")


@dataclass(frozen=True)
class Example:
    game: str
    name: str
    record: Record

    @property
    def rules(self) -> List[str]:
        return list(self.record.meta.get("rules") or [])

    def title(self, lang: str) -> str:
        return pick(self.record.meta.get("title") or {"fr": self.name}, lang)

    def frames_path(self, lang: str) -> str:
        return f"build/examples/{self.game}/{self.name}.{lang}.js"


def page_name(game: str, lang: str) -> str:
    return f"{game}.html" if lang == "fr" else f"{game}.{lang}.html"


def load_examples(root: Path, game: str) -> List[Example]:
    folder = root / "assets" / "examples" / game
    return [Example(game, p.stem, Record.from_dict(loads(p.read_text(encoding="utf-8"))))
            for p in sorted(folder.glob("*.json"))]


def section_of(rule_id: str, game: str) -> str:
    for key in SECTION_ORDER:
        prefixes = PLANS[game][key][0]
        if rule_id.split(".")[0] in prefixes:
            return key
    return "special"


def _example_figure(ex: Example, lang: str) -> Raw:
    src = f"../explain.html?game={ex.game}&src={ex.frames_path(lang)}&lang={lang}"
    label = ("Exemple : " if lang == "fr" else "Example: ") + ex.title(lang)
    return el("figure", {"class": "rp-example", "id": f"example-{ex.name}"},
              el("figcaption", None, label),
              el("iframe", {"src": src, "title": label, "loading": "lazy", "data-example": ex.name}))


def page(game: str, lang: str, examples: Sequence[Example]) -> str:
    cls = engine_class(game)
    desc = cls.describe()
    name = pick(desc["name"], lang)
    options = {o["name"]: o for o in desc["options"]}
    by_section: Dict[str, List[Raw]] = {k: [] for k in SECTION_ORDER}
    for rule in desc["rules"]:
        extra = None
        if rule.get("option") in options:
            o = options[rule["option"]]
            extra = el("span", {"class": "rp-option"},
                       (" — option « " if lang == "fr" else " — option “") + pick(o["label"], lang)
                       + (" », par défaut : " if lang == "fr" else "”, default: ")
                       + cls.OPTIONS.get(o["name"]).value_text(o["default"], lang))
        by_section[section_of(rule["id"], game)].append(
            el("li", {"id": f"rule-{rule['id']}", "data-rule": rule["id"]}, pick(rule["text"], lang), extra))
    figures: Dict[str, List[Raw]] = {k: [] for k in SECTION_ORDER}
    for ex in examples:
        first = ex.rules[0] if ex.rules else ""
        figures[section_of(first, game) if first else "special"].append(_example_figure(ex, lang))
    sections, toc = [], []
    for key in SECTION_ORDER:
        if not by_section[key] and not figures[key] and not PLANS[game][key][1]:
            continue
        title = SECTION_TITLES[key][LANGS.index(lang)]
        intro = HOUSE_INTRO[LANGS.index(lang)] if key == "house" else PLANS[game][key][1 + LANGS.index(lang)]
        toc.append(el("li", None, el("a", {"href": f"#{key}"}, title)))
        sections.append(el("section", {"id": key, "class": "rp-section"},
                           el("h2", None, title),
                           el("p", {"class": "rp-intro"}, intro) if intro else None,
                           el("ul", {"class": "rp-rules"}, *by_section[key]) if by_section[key] else None,
                           join(figures[key])))
    other = "en" if lang == "fr" else "fr"
    words = {"fr": ("Règles", "Accueil", "English", "Jouer", "Sommaire",
                    "Chaque exemple se parcourt avec ◀ ▶ (ou les flèches du clavier) ; « Essayer à partir d'ici » ouvre la partie à ce moment-là."),
             "en": ("Rules", "Home", "Français", "Play", "Contents",
                    "Step through each example with ◀ ▶ (or the arrow keys); “Try from here” opens the game at that moment.")}[lang]
    body = el("body", {"class": "rules-page", "data-game": game},
              el("header", {"class": "rp-head"},
                 el("a", {"href": "../index.html", "class": "btn btn-ghost btn-small"}, "← " + words[1]),
                 el("a", {"href": page_name(game, other) + ("?lang=fr" if other == "fr" else ""), "hreflang": other, "lang": other, "class": "btn btn-ghost btn-small",
                          "data-testid": "other-lang"}, words[2])),
              el("main", {"class": "rp-main"},
                 el("h1", None, f"{words[0]} — {name}"),
                 el("p", {"class": "rp-how"}, words[5]),
                 el("nav", {"class": "rp-toc", "aria-label": words[4]}, el("ol", None, *toc)),
                 *sections,
                 el("p", {"class": "rp-play"}, el("a", {"class": "btn btn-primary", "href": f"../index.html?game={game}"}, words[3]))))
    head = el("head", None,
              Raw('<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
                  f'<meta http-equiv="Content-Security-Policy" content="{RULES_PAGE_POLICY}">'),
              el("title", None, f"{words[0]} — {name} — Ludothèque"),
              el("meta", {"name": "description", "content": DESCRIPTION[lang].format(name=name)}),
              Raw('<link rel="icon" href="../assets/icons/icon.svg" type="image/svg+xml">'
                  '<link rel="stylesheet" href="../css/base.css"><link rel="stylesheet" href="../css/rules.css">'
                  '<script src="../js/rules-page.js" defer></script>'))
    return "<!doctype html>\n" + el("html", {"lang": lang}, head, body) + "\n"


# The page's summary for search engines and link previews (<meta name="description">).
DESCRIPTION = {
    "fr": "Les règles de {name}, jeu de cartes en famille : des exemples à suivre coup par coup, "
          "les variantes maison, et la partie à jouer, même hors ligne.",
    "en": "The rules of {name}, a family card game: examples to step through move by move, the "
          "house variants, and the game to play right here, even offline.",
}


def build_pages(root: Path) -> List[str]:
    """Write every example's frames and every rules page under root; the paths written."""
    written: List[str] = []

    def write(rel: str, text: str) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(rel)

    for game in GAMES:
        examples = load_examples(root, game)
        for ex in examples:
            for lang in LANGS:
                write(ex.frames_path(lang), to_script(render_frames(ex.record, lang)))
        for lang in LANGS:
            write(f"rules/{page_name(game, lang)}", page(game, lang, examples))
    for rel, text in access_pages().items():  # the "Accessibility" page, beside the rules
        write(rel, text)
    return written


def example_index(root: Path) -> List[Tuple[str, str]]:
    """(game, example name) of every shipped example (benchmarks, tests)."""
    return [(g, ex.name) for g in GAMES for ex in load_examples(root, g)]
