"""MasterIslands through the real page: turns by tapping what the screen lights, all-bot team and
Corsair games from the set-up form, pan/zoom on a touch tablet."""
from __future__ import annotations

from ludotheque.bots import choose
from ludotheque.games.masterislands import MasterIslandsEngine

READY = "[data-testid=end-screen], .mi-board[data-acting='1']"


def play_human(page, actions: int = 10_000) -> int:
    """Act as the person by tapping only lit things, until the end screen or `actions` moves."""
    made = 0
    while made < actions:
        page.wait_for_selector(READY, timeout=30_000)
        if page.locator("[data-testid=end-screen]").count():
            break
        if page.locator("[data-testid=conquests]").count():
            page.click("[data-testid=conquest-0]")
            assert "= 10" in page.inner_text("[data-testid=chosen-sum]")
            assert page.locator(".mi-cell.conq").count() >= 2  # the line is lit on the grid
            page.click("[data-testid=conquer]")
        elif page.locator("button[data-hand-card]").count():
            page.click("button[data-hand-card] >> nth=0")
            page.click("button.mi-space >> nth=0")
        elif page.locator(".mi-galleons button[data-galleon]").count():
            page.click(".mi-galleons button[data-galleon] >> nth=0")
            page.click("button.mi-dest >> nth=0")
        else:
            page.click("[data-testid=end]")
        made += 1
    return made


def late_game_fragment(seed: int = 21, human_moves_left: int = 6) -> str:
    """A bot selfplay (seat 0 a person), cut where seat 0 starts a turn a few of its moves before the end."""
    seats = [{"name": "Léa", "kind": "human"}, {"name": "Robot", "kind": "bot", "level": "easy"}]
    e = MasterIslandsEngine(seats, seed=seed)
    while not e.is_over():
        e.apply(choose(e, e.to_act()[0]))
    record = e.record()
    seats_of = [int(m.split(":")[0]) for m in record.moves]
    starts = [i for i in range(1, len(seats_of)) if seats_of[i] == 0 and seats_of[i - 1] == 1]
    cut = [i for i in starts if seats_of[i:].count(0) >= human_moves_left][-1]
    record.moves = record.moves[:cut]
    return record.to_url_fragment()


def test_a_two_player_game_against_a_bot_through_the_ui(page, open_app):
    open_app(page, "?game=masterislands&botdelay=0")
    page.wait_for_selector(".mi-board[data-acting='1']")
    # nothing is lit before a card is chosen; choosing one lights the engine's free spaces
    assert page.locator("button.mi-space").count() == 0
    page.click("button[data-hand-card] >> nth=0")
    assert page.locator("button.mi-space").count() == 4  # around the start card
    page.click("button.mi-space >> nth=0")
    # tap a galleon on the board, then a lit card
    page.click("button.mi-galleon.movable >> nth=0")
    page.click("button.mi-dest >> nth=0")
    page.wait_for_selector(READY)
    assert page.locator(".mi-cell").count() >= 2
    play_human(page, actions=6)  # a few more full turns from the fresh game
    # then a late position from a bot selfplay, played to the end through the UI
    page.goto(page.url.split("?")[0].split("#")[0] + "?botdelay=0#record=" + late_game_fragment())
    page.click("[data-action=branch]", timeout=60_000)  # a link opens in replay: play on from its last ply
    page.wait_for_selector(READY, timeout=60_000)
    assert play_human(page) >= 2
    end = page.locator("[data-testid=end-screen]")
    assert end.count() == 1
    assert page.locator("[data-testid=steps] li").count() >= 3
    assert "Léa" in page.inner_text("[data-testid=final-0]")
    assert "cartes" in page.inner_text("[data-testid=final-1]")


def _centre(box) -> tuple:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_galleon_is_dragged_onto_a_lit_card(page, open_app):
    open_app(page, "?game=masterislands&botdelay=0")
    page.wait_for_selector(".mi-board[data-acting='1']")
    page.click("button[data-hand-card] >> nth=0")
    page.click("button.mi-space >> nth=0")  # a second card: now a galleon has somewhere to sail
    page.wait_for_selector(".mi-board[data-acting='1'] .mi-world button.mi-galleon.movable")
    galleon = page.locator(".mi-world button.mi-galleon.movable").first
    gid = galleon.get_attribute("data-galleon")
    home = galleon.locator("xpath=ancestor::div[contains(@class,'mi-cell')]").get_attribute("data-cell")
    x, y = _centre(galleon.bounding_box())

    # dropped where it may not go: back home, still chosen, nothing played
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y + 15, steps=3)
    assert page.locator(".mi-cell.dest").count() >= 1  # picking it up lit where it may go
    vp = page.locator(".mi-viewport").bounding_box()
    page.mouse.move(vp["x"] + 4, vp["y"] + 4, steps=5)
    page.mouse.up()
    page.wait_for_selector(f'.mi-cell[data-cell="{home}"] button[data-galleon="{gid}"][aria-pressed="true"]')

    # dropped on a lit card: the galleon sails there
    x, y = _centre(page.locator(f'.mi-world button[data-galleon="{gid}"]').bounding_box())
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 15, y + 15, steps=3)
    dest = page.locator(".mi-cell.dest").first
    cell = dest.get_attribute("data-cell")
    page.mouse.move(*_centre(dest.bounding_box()), steps=8)
    page.mouse.up()
    page.wait_for_selector(f'.mi-cell[data-cell="{cell}"] [data-galleon="{gid}"]')
    assert cell != home


def _setup(page, count: int, mode: str, extra=None):
    page.click("button.game-card[data-game=masterislands]")
    page.wait_for_selector("#setup-form")
    page.select_option("select[name=count]", str(count))
    page.wait_for_selector(f"[data-seat='{count - 1}']")
    for i in range(count):
        page.select_option(f"select[name=seat-{i}-kind]", "bot")
    page.select_option("select[name=opt-mode]", mode)
    for name, value in (extra or {}).items():
        page.select_option(f"select[name=opt-{name}]", value)
    page.click("[data-testid=start]")


def test_team_and_corsair_games_with_bots_from_the_setup_form(page, open_app):
    open_app(page, "?botdelay=0")
    _setup(page, 4, "team")
    page.wait_for_selector("[data-testid=end-screen]", timeout=60_000)
    sides = page.inner_text("[data-testid=sides]")
    assert " et " in sides  # two teams of two, "Joueur 1 et Robot 2"
    assert page.locator("[data-testid^=final-]").count() == 4
    page.click("[data-action=home]")
    _setup(page, 3, "corsair", {"corsair_seat": "1", "difficulty": "hard"})  # the Corsair is the 2nd seat, "Robot 1"
    page.wait_for_selector("[data-testid=end-screen]", timeout=60_000)
    assert page.get_attribute("[data-testid=end-screen]", "data-reason") in ("target", "rounds", "deck")
    assert "Corsaire" in page.inner_text("[data-testid=final-1]")  # the seat chosen in the form
    assert "Équipage" in page.inner_text("[data-testid=final-0]")


def _transform(page) -> str:
    return page.evaluate("() => document.querySelector('.mi-world').style.transform")


def test_pan_and_zoom_on_a_tablet(new_context, open_app):
    context = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    open_app(page, "?game=masterislands&botdelay=0")
    page.wait_for_selector(".mi-world")
    fitted = _transform(page)
    assert "scale" in fitted
    page.click("[data-testid=zoom-in]")
    zoomed = _transform(page)
    assert zoomed != fitted
    # one-finger drag pans (pointer events on the board)
    box = page.locator("[data-testid=viewport]").bounding_box()
    x, y = box["x"] + 20, box["y"] + 20
    page.evaluate("""([x, y]) => {
        const vp = document.querySelector('.mi-viewport');
        const ev = (type, px, py, id) => vp.dispatchEvent(new PointerEvent(type, {bubbles: true, clientX: px, clientY: py,
                                                                               pointerId: id, pointerType: 'touch', isPrimary: id === 1}));
        ev('pointerdown', x, y, 1); ev('pointermove', x + 40, y + 30, 1); ev('pointermove', x + 80, y + 60, 1); ev('pointerup', x + 80, y + 60, 1);
    }""", [x, y])
    panned = _transform(page)
    assert panned != zoomed
    # two fingers pinching together zoom out
    page.evaluate("""([x, y]) => {
        const vp = document.querySelector('.mi-viewport');
        const ev = (type, px, py, id) => vp.dispatchEvent(new PointerEvent(type, {bubbles: true, clientX: px, clientY: py,
                                                                               pointerId: id, pointerType: 'touch', isPrimary: id === 1}));
        ev('pointerdown', x, y, 1); ev('pointerdown', x + 200, y, 2);
        ev('pointermove', x + 100, y, 2); ev('pointerup', x, y, 1); ev('pointerup', x + 100, y, 2);
    }""", [x, y])
    pinched = _transform(page)
    scale = lambda tr: float(tr.split("scale(")[1].rstrip(")"))  # noqa: E731
    assert abs(scale(pinched) - scale(panned) / 2) < 0.01
    # the view survives a move (a re-render), and "fit to screen" restores the fitted view
    page.click("button[data-hand-card] >> nth=0")
    assert _transform(page) == pinched
    page.click("[data-testid=fit]")
    assert _transform(page) == fitted


def start_fragment(players: int, seed: int = 5) -> str:
    """A new game's record: every galleon on the start card, the person (seat 0) to play."""
    seats = [{"name": "Léa", "kind": "human"}] + [{"name": f"Robot {i}", "kind": "bot", "level": "easy"}
                                                   for i in range(1, players)]
    return MasterIslandsEngine(seats, seed=seed).record().to_url_fragment()


BOXES = """() => [...document.querySelectorAll('.mi-world .mi-cell')].filter(c => c.querySelector('[data-galleon]')).map(c => {
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const gs = [...c.querySelectorAll('[data-galleon]')];
    return {card: box(c.querySelector('.mi-card')), value: box(c.querySelector('.mi-value')),
            sea: box(document.querySelector('.mi-viewport')),
            galleons: gs.map(g => ({id: g.dataset.galleon, text: g.textContent, box: box(g),
                                    top: g.contains(document.elementFromPoint((box(g)[0] + box(g)[2]) / 2, (box(g)[1] + box(g)[3]) / 2))}))};
})"""


def _inside(inner, outer, slack=0.5) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def test_every_galleon_on_the_start_card_is_seen_inside_it_at_three_sizes(new_context, open_app):
    for players in (3, 4):
        context = new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        open_app(page, "?botdelay=0#record=" + start_fragment(players))
        page.click("[data-action=branch]")
        page.wait_for_selector(".mi-board[data-acting='1']")
        for width, height in ((1024, 768), (768, 1024), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.click("[data-testid=fit]")
            page.locator(".mi-world .mi-cell").first.scroll_into_view_if_needed()
            cells = page.evaluate(BOXES)
            assert len(cells) == 1, cells
            cell = cells[0]
            assert len(cell["galleons"]) == 2 * players
            marks = {g["text"] for g in cell["galleons"]}
            assert marks == {f"{'ABCD'[s]}{n}" for s in range(players) for n in (1, 2)}  # a letter, not only a colour
            for g in cell["galleons"]:
                where = (players, width, height, g["id"])
                assert _inside(g["box"], cell["card"]), where
                assert _inside(g["box"], cell["sea"]), where
                assert not _overlap(g["box"], cell["value"]), where
                assert g["top"], where  # nothing covers it
            boxes = [g["box"] for g in cell["galleons"]]
            assert not any(_overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
        context.close()
