"""The example editor (issue #24) through the real page: from a shared Mookies position to an
exported page that works on its own, the frames file in explain.html, the annotated record
opened back in the editor, a draft that survives a reload, and the editor's layout on a
tablet and a phone (targets, overflow, axe).
"""
from __future__ import annotations

import json

import pytest
from e2e_harness import ROOT, SiteServer, wait_for_service_worker, wait_ready
from tour_support import SIZES, axe_violations, serious, target_problems

from ludotheque.bots import choose
from ludotheque.core.messages import say
from ludotheque.core.record import Record
from ludotheque.core.seats import BotLevel, Seat, SeatKind
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.mookies import MookiesEngine

NOTE = "Regarde bien le paquet 1 : c'est lui qu'il faut surveiller."
BLOCKED = ("pyodide", "pyscript", "vendor/", "ludotheque.zip")


def shared_position() -> str:
    """A Mookies game of six moves between a person and a bot, as a "Partager" link."""
    e = MookiesEngine([{"name": "Ana", "kind": "human", "youngest": True},
                       {"name": "Zoé", "kind": "bot", "level": "easy"}], seed=9)
    for _ in range(6):
        e.apply(choose(e, e.to_act()[0]))
    return e.record().to_url_fragment()


def ply(page) -> int:
    return int(page.get_attribute("#ed-work", "data-ply"))


def open_editor_at_ply_3(page, open_app) -> None:
    open_app(page, "#record=" + shared_position() + "&ply=2")
    page.click("[data-action=author]")
    page.wait_for_selector("[data-testid=editor]")
    # the person's real names never reach the example unless typed again
    assert page.input_value("[data-testid=ed-name-0]") == "Joueur 1"
    assert "Ana" not in page.inner_text("#ed-board")
    page.click("[data-testid=ed-first]")
    page.wait_for_selector("#ed-work[data-ply='0']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("#ed-work[data-ply='1']")
    page.click("[data-testid=ed-next]")
    page.wait_for_selector("#ed-work[data-ply='2']")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("[data-testid=ed-position][data-ply='3']")


def write_note_and_mark_pile(page) -> None:
    note = page.locator("[data-testid=ed-note]")
    note.click()
    note.type(NOTE)
    page.keyboard.press("ArrowLeft")  # inside the text: the caret moves, not the example
    page.keyboard.press("ArrowRight")
    assert ply(page) == 3
    assert note.input_value() == NOTE
    page.click("#ed-board [data-pile='1'] .mk-pile-label")
    page.wait_for_selector("#ed-board [data-pile='1'].hl")
    assert page.get_attribute("[data-testid=ed-marks-on] [data-action='ed/mark/piles/1']", "aria-pressed") == "true"


def test_a_page_exported_from_a_shared_position_works_on_its_own(page, open_app, new_context, tmp_path):
    open_editor_at_ply_3(page, open_app)
    write_note_and_mark_pile(page)
    # the live preview is the viewer itself, fed the same frames: the note and the highlight at ply 3
    preview = page.frame_locator("#ed-frame")
    preview.locator("[data-testid=note]", has_text=NOTE).wait_for()
    assert preview.locator("[data-testid=count]").text_content() == "Coup 3/6"
    assert preview.locator("[data-testid=frame] [data-pile='1'].hl").count() == 1
    assert preview.locator("[data-testid=error]").is_hidden()  # it waited for the editor, said nothing wrong
    page.click("[data-testid=ed-size-300x300]")
    page.wait_for_selector("#ed-frame[width='300'][height='300']")
    preview.locator("[data-testid=note]", has_text=NOTE).wait_for()
    with page.expect_download() as info:
        page.click("[data-action=export-example-html]")
    download = info.value
    assert download.suggested_filename.endswith(".html")
    served = tmp_path / "site"
    served.mkdir()
    download.save_as(served / "my-example.html")
    snippet = page.input_value("[data-testid=ed-snippet]")
    assert snippet.startswith('<iframe src="mon-exemple.html"')

    # the draft is kept: a reload comes back to the editor at ply 3, the note in place
    page.reload()
    wait_ready(page)
    page.wait_for_selector("[data-testid=editor]")
    assert ply(page) == 3 and page.input_value("[data-testid=ed-note]") == NOTE

    # the page alone, on another server, with every Python or vendor request refused
    with SiteServer(served) as alone:
        context = new_context(viewport={"width": 600, "height": 400})
        blocked = []

        def abort(route):
            blocked.append(route.request.url)
            route.abort()

        context.route(lambda url: any(b in url for b in BLOCKED), abort)
        reader = context.new_page()
        reader.goto(alone.url("my-example.html"))
        reader.wait_for_selector("[data-testid=count]:not(:empty)")
        assert reader.get_by_test_id("count").text_content() == "Coup 0/6"
        for _ in range(3):
            reader.keyboard.press("ArrowRight")
        reader.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Coup 3/6'")
        assert NOTE in reader.get_by_test_id("note").text_content()
        assert reader.locator("[data-testid=frame] [data-pile='1'].hl").count() == 1
        assert "Ana" not in reader.content()
        assert blocked == [] and alone.hits == ["/my-example.html"]
        context.close()


def test_json_in_the_viewer_and_the_record_back_in_the_editor(page, open_app, site_server, tmp_path):
    open_editor_at_ply_3(page, open_app)
    write_note_and_mark_pile(page)
    page.click("[data-testid=ed-add-other]")
    page.fill("[data-testid=ed-note-en]", "Watch pile 1.")
    with page.expect_download() as info:
        page.click("[data-action=export-example-json]")
    frames = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert frames["format"] == "ludotheque-frames" and frames["game"] == "mookies" and len(frames["frames"]) == 7
    with page.expect_download() as info:
        page.click("[data-action=export-example-record]")
    record_path = tmp_path / "example.record.json"
    info.value.save_as(record_path)
    record = Record.from_json(record_path.read_text(encoding="utf-8"))
    assert record.meta["annotations"]["3"] == {"fr": NOTE, "en": "Watch pile 1.", "piles": ["1"]}

    # the frames file, as explain.html?src= shows it (served from the site's origin here)
    # (a context route: the site's service worker, which fetches for the page, sees it too)
    page.context.route(site_server.url("my-example.json"),
                       lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(frames)))
    viewer = page.context.new_page()
    viewer.goto(site_server.url("explain.html?src=my-example.json&ply=3"))
    viewer.wait_for_function("() => document.querySelector('[data-testid=count]').textContent === 'Coup 3/6'")
    assert NOTE in viewer.get_by_test_id("note").text_content()
    assert viewer.locator("[data-testid=frame] [data-pile='1'].hl").count() == 1
    viewer.close()

    # the annotated record, opened again in the editor (from the home page's list of examples)
    page.click("[data-action='ed/close']")
    page.wait_for_selector("[data-testid=drafts]")
    page.set_input_files("[data-testid=drafts] [data-testid=ed-import]", str(record_path))
    page.wait_for_selector("[data-testid=editor]")
    page.click("[data-testid=ed-first]")
    page.wait_for_selector("#ed-work[data-ply='0']")
    for n in (1, 2, 3):
        page.click("[data-testid=ed-next]")
        page.wait_for_selector(f"#ed-work[data-ply='{n}']")
    assert page.input_value("[data-testid=ed-note]") == NOTE
    assert page.input_value("[data-testid=ed-note-en]") == "Watch pile 1."
    assert page.locator("#ed-board [data-pile='1'].hl").count() == 1
    assert not page.locator("[data-testid=drafts]").is_visible()  # the home page is hidden
    page.click("[data-action='ed/close']")
    assert page.locator("[data-testid=drafts] li[data-draft]").count() == 2  # both drafts listed


def sized_page(new_context, size: str, lang: str):
    """A page at one of SIZES whose app speaks ``lang`` (the person's kept choice)."""
    context = new_context(**SIZES[size])
    if lang != "fr":
        context.add_init_script(f"localStorage.setItem('ludotheque/v1/lang', '{lang}')")
    return context.new_page()


@pytest.mark.parametrize("size,lang", [("1024x768", "fr"), ("390x844", "en")])
def test_editor_fits_a_tablet_and_a_phone(size, lang, browser, site_server, new_context):
    page = sized_page(new_context, size, lang)
    page.goto(site_server.url("index.html#record=" + shared_position() + "&ply=3"))
    wait_ready(page)
    page.click("[data-action=author]")
    page.wait_for_selector("[data-testid=editor]")
    page.click("#ed-board [data-pile='2'] .mk-pile-label")
    page.wait_for_selector("#ed-board [data-pile='2'].hl")
    problems = target_problems(page, ["[data-testid=ed-prev]", "[data-testid=ed-next]"])
    page.locator("[data-testid=ed-note]").scroll_into_view_if_needed()
    problems += target_problems(page, ["[data-testid=ed-note]"])
    for part in ("#ed-preview", "#ed-settings", "#ed-export"):
        page.locator(part).scroll_into_view_if_needed()
        problems += target_problems(page)
    problems += [f"axe {v['impact']} {v['id']}: {v['help']} — {v['nodes'][:2]}" for v in serious(axe_violations(page))]
    assert problems == [], "\n".join(problems)
    page.context.close()


def test_an_annotated_record_shows_its_notes_in_the_apps_replay_and_keeps_them_when_played_on(page, open_app):
    record = Record.from_json((ROOT / "assets/examples/mookies/spider.json").read_text(encoding="utf-8"))
    record.seats[1] = Seat("Bruno", SeatKind.BOT, BotLevel.EASY)
    open_app(page, "?botdelay=60000#record=" + record.to_url_fragment() + "&ply=2")
    note = say(record.meta["annotations"]["2"]["note"], "fr")  # the site's notes are catalogue messages
    assert page.inner_text("[data-testid=tl-note]") == note
    assert page.locator("[data-testid=replay-board] [data-seat='1'].hl").count() == 1
    page.click("[data-action=branch]")
    page.wait_for_function("() => !document.querySelector('#timeline')")
    page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('ludotheque/v1/save/'))")
    saved = page.evaluate("""() => JSON.parse(localStorage.getItem(
        Object.keys(localStorage).find(k => k.startsWith('ludotheque/v1/save/'))))""")
    kept = saved["record"]["meta"]["annotations"]
    assert sorted(kept) == ["0", "1", "2"] and kept["2"] == record.meta["annotations"]["2"]  # notes of moves not played are dropped


def test_choose_the_cards_dealt_then_play_to_the_situation(page, open_app):
    open_app(page, "#record=" + shared_position() + "&ply=2")
    page.click("[data-action=author]")
    page.wait_for_selector("[data-testid=editor]")
    page.click("#ed-deal summary")
    page.fill("[data-testid=ed-deal-pile1]", "araignee/lune soleil/lune")
    page.fill("[data-testid=ed-deal-pile2]", "dragon/lune")
    page.click("[data-testid=ed-deal-play]")
    page.wait_for_selector("[data-testid=toast]")  # the engine says what is wrong; nothing starts
    assert page.locator("[data-testid=editor]").count() == 1
    assert page.input_value("[data-testid=ed-deal-pile2]") == "dragon/lune"  # kept, to be mended
    page.fill("[data-testid=ed-deal-pile2]", "lune*/coquillage")
    page.click("[data-testid=ed-deal-play]")
    page.wait_for_selector("[data-testid=editor]", state="detached")
    assert "Araignée" in page.inner_text("[data-testid=pile-1]").replace("\xad", "")  # soft hyphens are unseen
    assert "Joueur 2" in page.inner_text("#app") and "Zoé" not in page.inner_text("#app")
    page.click("[data-testid=pile-1]")  # the author plays Joueur 1's move, then makes the example
    page.wait_for_selector("[data-testid=last-move]")
    page.click("[data-action=author]")
    page.wait_for_selector("#ed-work[data-ply='1'][data-plies='1']")


@pytest.mark.service_worker
def test_the_editor_works_offline_after_one_visit(page, open_app, site_server):
    open_app(page, "#record=" + shared_position() + "&ply=3")
    wait_for_service_worker(page)
    page.context.set_offline(True)
    try:
        served = len(site_server.hits)
        page.reload()
        wait_ready(page)
        page.click("[data-action=author]")
        page.wait_for_selector("[data-testid=editor]")
        page.fill("[data-testid=ed-note]", NOTE)
        page.frame_locator("#ed-frame").locator("[data-testid=note]", has_text=NOTE).wait_for()
        with page.expect_download() as info:
            page.click("[data-action=export-example-html]")
        html = open(info.value.path(), encoding="utf-8").read()
        assert NOTE in html and "ludo-frames" in html
        update_check = ("/sw.js", "/build/sw-manifest.js", "/js/gunzip.js")
        assert [h for h in site_server.hits[served:] if h not in update_check] == []
    finally:
        page.context.set_offline(False)


def mind_up_link() -> str:
    """A Mind Up! game of three, not begun, as a "Partager" link."""
    e = MindUpEngine([{"name": "Léa", "kind": "human"}, {"name": "Max", "kind": "bot", "level": "easy"},
                      {"name": "Noé", "kind": "bot", "level": "easy"}], seed=5)
    return e.record().to_url_fragment()


def open_mind_up_deal(page) -> None:
    page.click("[data-action=author]")
    page.wait_for_selector("[data-testid=editor]")
    page.click("#ed-deal summary")
    page.wait_for_selector("[data-testid=ed-deal-hand1]")


def test_mind_up_deal_a_card_from_the_deck_to_a_hand_then_play_it(page, open_app):
    open_app(page, "?botdelay=0#record=" + mind_up_link())
    open_mind_up_deal(page)
    hand = page.input_value("[data-testid=ed-deal-hand1]").split()
    rest = page.input_value("[data-testid=ed-deal-draw]").split()
    assert len(hand) == 7 and len(page.input_value("[data-testid=ed-deal-centre]").split()) == 3 and len(rest) == 36
    wanted = rest[0]  # the rest of the deck is left as it is: the card leaves it on its own
    page.fill("[data-testid=ed-deal-hand1]", " ".join([wanted] + hand[1:]))
    page.fill("[data-testid=ed-deal-hand2]", "61 " + page.input_value("[data-testid=ed-deal-hand2]"))
    page.click("[data-testid=ed-deal-play]")
    page.wait_for_selector("[data-testid=toast]")  # the engine says what is wrong; nothing starts
    assert page.locator("[data-testid=editor]").count() == 1
    page.fill("[data-testid=ed-deal-hand2]", page.input_value("[data-testid=ed-deal-hand2]").replace("61 ", ""))
    page.click("[data-testid=ed-deal-play]")
    page.wait_for_selector("[data-testid=editor]", state="detached")
    page.wait_for_selector("[data-testid=privacy]")  # every seat is the author's now: pass and play
    assert "Joueur 1" in page.inner_text("[data-testid=privacy]")
    page.click("[data-testid=unlock]")
    page.wait_for_selector(f"[data-testid=hand] button[data-action='move/play/{wanted}']")
    assert f"move/play/{hand[0]}'" not in page.inner_html("[data-testid=hand]")
    assert page.locator("[data-testid=hand] button[data-action^='move/play/']").count() == 7


@pytest.mark.parametrize("size,lang", [("1024x768", "fr"), ("390x844", "en")])
def test_the_deal_form_fits_a_tablet_and_a_phone(size, lang, site_server, new_context, tmp_path):
    page = sized_page(new_context, size, lang)
    page.goto(site_server.url("index.html#record=" + mind_up_link()))
    wait_ready(page)
    open_mind_up_deal(page)
    page.locator("#ed-deal").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / f"deal-{size}-{lang}.png"))
    fields = [f"[data-testid=ed-deal-{k}]" for k in ("hand1", "hand2", "hand3", "centre", "draw")]
    problems = []
    for sel in fields + ["[data-testid=ed-deal-play]"]:
        page.locator(sel).scroll_into_view_if_needed()
        problems += target_problems(page, [sel])
        box = page.locator(sel).bounding_box()
        if box["height"] < 44 or box["width"] < 44:
            problems.append(f"{sel}: {box['width']:.0f}×{box['height']:.0f}")
    problems += [f"axe {v['impact']} {v['id']}: {v['help']} — {v['nodes'][:2]}" for v in serious(axe_violations(page))]
    assert problems == [], "\n".join(problems)
    page.context.close()
