#!/usr/bin/env python3
"""Draw the example editor's pictures for docs/embed.md ("Make your own example") into
docs/screens/editor-*.png: a Mookies game shared as a link, opened in the editor on a
tablet, a note written and a pile highlighted, then the preview and the export.

    python3 scripts/editor_screens.py        # builds the site, serves it, draws the pictures

Same browser and same small PNGs as scripts/screens.py (tests/e2e/tour_support.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests" / "e2e")]

from e2e_harness import CHROMIUM, CHROMIUM_ARGS, SiteServer, build_site, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from tour_support import SIZES, shot  # noqa: E402

from ludotheque.bots import choose  # noqa: E402
from ludotheque.games.mookies import MookiesEngine  # noqa: E402

OUT = ROOT / "docs" / "screens"
NOTES = {"fr": "Le paquet 1 montre une Lune : la face cachée dessous est peut-être une araignée.",
         "en": "Pile 1 shows a Moon: the hidden face underneath may be a spider."}


def shared_link() -> str:
    e = MookiesEngine([{"name": "Ana", "kind": "human", "youngest": True},
                       {"name": "Zoé", "kind": "bot", "level": "easy"}], seed=9)
    for _ in range(6):
        e.apply(choose(e, e.to_act()[0]))
    return e.record().to_url_fragment()


def draw(page, server, size: str, lang: str) -> None:
    page.goto(server.url("index.html#record=" + shared_link() + "&ply=3"))
    wait_ready(page)
    page.click("[data-action=author]")
    page.wait_for_selector("[data-testid=editor]")
    page.fill("[data-testid=ed-note]", NOTES[lang])
    page.click("#ed-board [data-pile='1'] .mk-pile-label")
    page.wait_for_selector("#ed-board [data-pile='1'].hl")
    page.fill("[data-testid=ed-title]", "Que cache le paquet ?" if lang == "fr" else "What is under the pile?")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, OUT / f"editor-{size}-{lang}.png")
    page.locator("#ed-preview").scroll_into_view_if_needed()
    page.evaluate("document.querySelector('#ed-preview').scrollIntoView({block: 'start'})")
    preview = page.frame_locator("#ed-frame")
    preview.locator("[data-testid=frame] [data-pile='1'].hl").wait_for()
    preview.locator("[data-testid=note]", has_text=NOTES[lang]).wait_for()
    shot(page, OUT / f"editor-preview-{size}-{lang}.png")
    page.evaluate("document.querySelector('#ed-export').scrollIntoView({block: 'start'})")
    shot(page, OUT / f"editor-export-{size}-{lang}.png")


def main() -> None:
    build_site(ROOT)
    with SiteServer(ROOT) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size, lang in (("768x1024", "fr"), ("1024x768", "en")):
            ctx = browser.new_context(**SIZES[size], locale="fr-FR")  # the app follows the browser's language
            ctx.add_init_script("window.ludoSnapshotOff = true;"
                                + ("localStorage.setItem('ludotheque/v1/lang', 'en');" if lang == "en" else ""))
            draw(ctx.new_page(), server, size, lang)
            ctx.close()
        browser.close()
    for path in sorted(OUT.glob("editor-*.png")):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
