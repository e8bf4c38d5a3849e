"""The interactive rules pages, rules/<game>.html (French) and rules/<game>.<lang>.html for
every other complete language of the catalogues, and the pre-rendered frames of their
examples (build/examples/<game>/<name>.<lang>.js).

Built by scripts/build.py: static pages (offline once precached) whose examples are
explain.html iframes stepping through annotated records (assets/examples/<game>/*.json,
made from the golden test records). The rules pages are therefore the first users of the
embeddable viewer, built exactly the way an author's page would be. Every word comes from
the catalogues (``rules_page.*``, the examples' ``example.<game>.<name>.*``, the engines'
rule sentences), so a new language's pages are one ``.po`` file away.
"""
from __future__ import annotations

from dataclasses import dataclass
from json import loads
from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..core.catalogue import SOURCE_LANG, load_words
from ..core.messages import msg, say
from ..core.record import Record
from ..games import GAMES, engine_class
from ..ui.html import Raw, el, join
from ..ui.i18n import pick
from .access_page import pages as access_pages
from .page_links import RULES_PAGE_POLICY, alternates, lang_links
from .frames import render_frames, to_script
from .rules_text import INTRO_SECTIONS, PLANS, SECTION_ORDER, section_intro, section_title


@dataclass(frozen=True)
class Example:
    game: str
    name: str
    record: Record

    @property
    def rules(self) -> List[str]:
        return list(self.record.meta.get("rules") or [])

    def title(self, lang: str) -> str:
        return pick(self.record.meta.get("title") or self.name, lang)

    def frames_path(self, lang: str) -> str:
        return f"build/examples/{self.game}/{self.name}.{lang}.js"


def page_langs() -> Tuple[str, ...]:
    """The languages the pages are written in: every catalogue that has every French id (a
    complete one, as scripts/catalogues.py says), French first."""
    words = load_words()
    source = words.catalogues[SOURCE_LANG].messages
    done = [code for code, cat in words.catalogues.items()
            if all(cat.messages.get(k) for k in source)]
    return tuple(sorted(done, key=lambda code: code != SOURCE_LANG))


def page_name(game: str, lang: str) -> str:
    """rules/<game>.html in French, rules/<game>.<lang>.html in another language (the same
    names as ui/screens.py's rules_page_url)."""
    return f"{game}.html" if lang == SOURCE_LANG else f"{game}.{lang}.html"


def load_examples(root: Path, game: str) -> List[Example]:
    folder = root / "assets" / "examples" / game
    return [Example(game, p.stem, Record.from_dict(loads(p.read_text(encoding="utf-8"))))
            for p in sorted(folder.glob("*.json"))]


def section_of(rule_id: str, game: str) -> str:
    for key in SECTION_ORDER:
        prefixes = PLANS[game][key]
        if rule_id.split(".")[0] in prefixes:
            return key
    return "special"


def _example_figure(ex: Example, lang: str) -> Raw:
    src = f"../explain.html?game={ex.game}&src={ex.frames_path(lang)}&lang={lang}"
    label = say(msg("rules_page.example", title=ex.title(lang)), lang)
    return el("figure", {"class": "rp-example", "id": f"example-{ex.name}"},
              el("figcaption", None, label),
              el("iframe", {"src": src, "title": label, "loading": "lazy", "data-example": ex.name}))


def page(game: str, lang: str, examples: Sequence[Example], langs: Sequence[str] = ()) -> str:
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
                       say(msg("rules_page.option", label=pick(o["label"], lang),
                               value=cls.OPTIONS.get(o["name"]).value_text(o["default"], lang)), lang))
        by_section[section_of(rule["id"], game)].append(
            el("li", {"id": f"rule-{rule['id']}", "data-rule": rule["id"]}, pick(rule["text"], lang), extra))
    figures: Dict[str, List[Raw]] = {k: [] for k in SECTION_ORDER}
    for ex in examples:
        first = ex.rules[0] if ex.rules else ""
        figures[section_of(first, game) if first else "special"].append(_example_figure(ex, lang))
    sections, toc = [], []
    for key in SECTION_ORDER:
        if not by_section[key] and not figures[key] and key not in INTRO_SECTIONS:
            continue
        title = say(section_title(key), lang)
        intro = say(section_intro(game, key), lang)
        toc.append(el("li", None, el("a", {"href": f"#{key}"}, title)))
        sections.append(el("section", {"id": key, "class": "rp-section"},
                           el("h2", None, title),
                           el("p", {"class": "rp-intro"}, intro) if intro else None,
                           el("ul", {"class": "rp-rules"}, *by_section[key]) if by_section[key] else None,
                           join(figures[key])))
    langs = tuple(langs) or page_langs()

    def word(key: str, **values: Any) -> str:
        return say(msg(f"rules_page.{key}", **values), lang)

    def name_of(code: str) -> str:
        return page_name(game, code)

    body = el("body", {"class": "rules-page", "data-game": game},
              el("header", {"class": "rp-head"},
                 el("a", {"href": "../index.html", "class": "btn btn-ghost btn-small"}, "← " + word("home")),
                 lang_links(name_of, lang, langs)),
              el("main", {"class": "rp-main"},
                 el("h1", None, word("heading", name=name)),
                 el("p", {"class": "rp-how"}, word("how")),
                 el("nav", {"class": "rp-toc", "aria-label": word("contents")}, el("ol", None, *toc)),
                 *sections,
                 el("p", {"class": "rp-play"}, el("a", {"class": "btn btn-primary", "href": f"../index.html?game={game}&lang={lang}"},
                                                   word("play")))))
    head = el("head", None,
              Raw('<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
                  f'<meta http-equiv="Content-Security-Policy" content="{RULES_PAGE_POLICY}">'),
              el("title", None, word("head_title", name=name)),
              el("meta", {"name": "description", "content": word("description", name=name)}),
              alternates(name_of, langs),
              Raw('<link rel="icon" href="../assets/icons/icon.svg" type="image/svg+xml">'
                  '<link rel="stylesheet" href="../css/base.css"><link rel="stylesheet" href="../css/rules.css">'
                  '<script src="../js/rules-page.js" defer></script>'))
    return "<!doctype html>\n" + el("html", {"lang": lang}, head, body) + "\n"


def build_pages(root: Path) -> List[str]:
    """Write every example's frames and every rules page under root; the paths written."""
    written: List[str] = []

    def write(rel: str, text: str) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        written.append(rel)

    langs = page_langs()
    for game in GAMES:
        examples = load_examples(root, game)
        for ex in examples:
            for lang in langs:
                write(ex.frames_path(lang), to_script(render_frames(ex.record, lang)))
        for lang in langs:
            write(f"rules/{page_name(game, lang)}", page(game, lang, examples, langs))
    for rel, text in access_pages(langs).items():  # the "Accessibility" page, beside the rules
        write(rel, text)
    return written


def example_index(root: Path) -> List[Tuple[str, str]]:
    """(game, example name) of every shipped example (benchmarks, tests)."""
    return [(g, ex.name) for g in GAMES for ex in load_examples(root, g)]
