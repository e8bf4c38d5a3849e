"""Each game played to its end with the keyboard only (issue #27): no click, only page.keyboard.

The person presses what a keyboard user would press: Enter on what has the focus, an arrow key
now and then to pick another card, Tab to the "Jouer" button, the slap keys in a Mosquito race.
Along the way the test checks that

- the polite live region (#announce) is the same node from start to end (a tag set on it at the
  start is still there) and hears every move, the bots' included, exactly once;
- the focus is never on <body> after a move or a bot's turn (checked when anything is said,
  and after every key);
- Enter on "Historique" opens the move log in every state met (first time each state is seen);
- axe-core finds nothing serious in each state met.

The keys per move of the person are printed (the figures of docs/accessibility.md).
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Callable, Dict, List, Optional

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tour_support import axe_violations, serious

from ludotheque.bots import think
from ludotheque.core.engine import Move
from ludotheque.core.messages import say
from ludotheque.core.record import Record
from ludotheque.core.seats import BotLevel, Seat, SeatKind
from ludotheque.games.replay import replay_logged
from ludotheque.games import engine_class

OBSERVE_JS = """() => {
    const region = document.getElementById('announce');
    const urgent = document.getElementById('announce-now');
    region.__ludoTag = 'same node';
    window.__heard = []; window.__urgent = []; window.__bodyFocus = [];
    const watch = (node, into) => new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) into.push(n.textContent);
        const a = document.activeElement;
        if (!a || a === document.body) window.__bodyFocus.push(into[into.length - 1]);
    }).observe(node, {childList: true});
    watch(region, window.__heard);
    watch(urgent, window.__urgent);
}"""

FOCUS_JS = """() => {
    const a = document.activeElement;
    if (!a || a === document.body) return {body: true};
    return {body: false, testid: a.getAttribute('data-testid'), action: a.getAttribute('data-action'),
            tag: a.tagName, pressed: a.getAttribute('aria-pressed'), board: !!a.closest('#app') &&
            !a.closest('.game-bar, .move-log, .rules-panel, .timeline'), title: a.classList.contains('game-title'),
            end: !!a.closest('[data-testid=end-screen]')};
}"""

STATE_JS = """() => {
    const q = (s) => !!document.querySelector(s);
    const b = document.querySelector('#app [data-phase]');
    return [b ? b.dataset.phase : '-', q('#app [aria-modal=true]') ? 'dialog' : '', q('[data-testid=reveal]') ? 'reveal' : '',
            q('#app [aria-pressed=true]') ? 'selected' : '', q('.msq-board.racing') ? 'race' : '',
            q('[data-testid=end-screen]') ? 'end' : ''].join('|');
}"""

PERSON_MOVES_JS = """() => {
    const keys = Object.keys(localStorage).filter(k => k.startsWith('ludotheque/v1/save/'));
    if (keys.length !== 1) return -1;
    return JSON.parse(localStorage.getItem(keys[0])).record.moves.filter(m => m.startsWith('0:')).length;
}"""

SAVED_JS = """() => {
    const keys = Object.keys(localStorage).filter(k => k.startsWith('ludotheque/v1/save/'));
    return keys.length === 1 ? JSON.parse(localStorage.getItem(keys[0])).record : null;
}"""


def serious_findings(page: Page) -> List[dict]:
    """axe-core's serious findings; axe is evaluated through the DevTools protocol (the pages'
    Content-Security-Policy refuses an injected inline script, rightly)."""
    return serious(axe_violations(page))


class KeyboardPlayer:
    """Presses keys, counts them per move of the person (seat 0), checks focus and the log."""

    def __init__(self, page: Page, game: str) -> None:
        self.page = page
        self.game = game
        self.keys = 0
        self.since = 0
        self.per_move: List[int] = []
        self.moves = 0
        self.states: Dict[str, bool] = {}
        self.problems: List[str] = []

    def start(self) -> None:
        self.page.evaluate(OBSERVE_JS)
        self.moves = max(0, self.page.evaluate(PERSON_MOVES_JS))
        saved = self.page.evaluate(SAVED_JS)
        self.from_ply = len(saved["moves"]) if saved else 0  # bots may have moved before the observer

    def focus(self) -> dict:
        return self.page.evaluate(FOCUS_JS)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1
        self.since += 1
        self.count_move()

    def count_move(self) -> None:
        moves = self.page.evaluate(PERSON_MOVES_JS)
        if moves > self.moves:
            self.per_move.extend([self.since] + [0] * (moves - self.moves - 1))
            self.moves, self.since = moves, 0

    def wait_turn(self, extra: str = "false") -> dict:
        """Until the focus is on the board (not the title): the person's turn, a dialog, the end;
        or `extra` (a JS condition) holds."""
        try:
            self.page.wait_for_function(
                f"""() => {{ if ({extra}) return true; const a = document.activeElement;
                    return a && a !== document.body && a.closest('#app') && !a.classList.contains('game-title')
                           && !a.closest('.game-bar, .move-log, .rules-panel, .timeline'); }}""", timeout=30_000)
        except PlaywrightTimeout:
            where = self.page.evaluate("() => { const a = document.activeElement; return a ? a.outerHTML.slice(0, 300) : null; }")
            status = self.page.evaluate("() => (document.querySelector('[data-testid=status]') || {}).textContent")
            pytest.fail(f"{self.game}: 30 s without the focus on the board; focus on {where!r}; status {status!r}")
        found = self.focus()
        assert not found["body"], f"focus on <body> in {self.game}"
        return found

    def visit_state(self) -> None:
        """The first time a state is met: Enter on "Historique" opens the log (then Escape closes
        it and the focus goes back where it was: not counted), and axe finds nothing serious."""
        state = self.page.evaluate(STATE_JS)
        if state in self.states:
            return
        self.states[state] = True
        page = self.page
        back = page.evaluate("""() => { const a = document.activeElement; a.setAttribute('data-test-back', '1');
                                        return a.getAttribute('data-testid') || a.getAttribute('data-action'); }""")
        page.focus("[data-testid=log]")
        page.keyboard.press("Enter")
        if not page.locator("[data-testid=move-log]").count():
            self.problems.append(f"{self.game} [{state}]: Enter on Historique did not open the log")
        page.keyboard.press("Escape")
        if page.locator("[data-testid=move-log]").count():
            self.problems.append(f"{self.game} [{state}]: Escape did not close the log")
        # back where it was; when a bot's move redrew that away (a "Piocher" no longer offered),
        # the person tabs to the board: its first control (the focus stays on "Historique" else)
        page.evaluate("""(key) => { const n = [...document.querySelectorAll('#app [data-testid], #app [data-action]')]
                              .find(e => (e.getAttribute('data-testid') || e.getAttribute('data-action')) === key)
                              || document.querySelector('#app [data-autofocus]')
                              || [...document.querySelectorAll('#app button:not([disabled])')].find(b =>
                                     !b.closest('.game-bar, .move-log, .rules-panel, .timeline'));
                              if (n) n.focus(); }""", back)
        for v in serious_findings(page):
            self.problems.append(f"{self.game} [{state}] axe {v['impact']} {v['id']}: {v['help']} — {v['nodes'][:2]}")

    def finish(self, reader: Optional[int] = 0) -> None:
        """The checks of the whole game, and the figures. `reader`: whose words the live region
        speaks (None: the public words, as in Mookies, where the face laid is named)."""
        page = self.page
        from_ply = self.from_ply
        assert page.evaluate("document.getElementById('announce').__ludoTag") == "same node", \
            "the live region was replaced"
        body = page.evaluate("window.__bodyFocus")
        assert not body, f"focus on <body> after: {body[:3]}"
        record = Record.from_dict(page.evaluate(SAVED_JS))
        engine, entries = replay_logged(record)
        assert engine.is_over()
        heard = Counter(page.evaluate("window.__heard"))
        said = Counter(say(e.words(reader), "fr") for e in entries[from_ply:])
        bots = {say(e.words(reader), "fr") for e in entries[from_ply:] if engine.seats[e.seat].is_bot}
        wrong = {t: (heard[t], n) for t, n in said.items() if heard[t] != n}
        assert not wrong, f"moves not said exactly once (heard, played): {list(wrong.items())[:4]}"
        assert bots, "no bot move was heard"
        assert not self.problems, "\n".join(self.problems)
        moves = [k for k in self.per_move if k]
        avg = sum(self.per_move) / max(1, len(self.per_move))
        print(f"\n[keys] {self.game}: {len(self.per_move)} moves of the person, {sum(self.per_move)} keys, "
              f"{avg:.2f} keys a move on average, at most {max(moves) if moves else 0}; states met: {len(self.states)}")
        assert avg <= 5, f"{avg:.2f} keys a move on average"


def bot_seats(n: int) -> List[Seat]:
    return [Seat("Léa", SeatKind.HUMAN, youngest=True)] + [
        Seat(f"Robot {i}", SeatKind.BOT, BotLevel.EASY) for i in range(1, n)]


def start_game(page: Page, open_app, game: str) -> KeyboardPlayer:
    """Home page → the game's set-up (its card focused, Enter) → Start, by keys only."""
    open_app(page, "?botdelay=0")
    player = KeyboardPlayer(page, game)
    page.focus(f"button.game-card[data-game={game}]")  # as if tabbed to: the home page is not what is measured
    page.keyboard.press("Enter")
    page.wait_for_selector("#setup-form")
    assert page.evaluate("document.activeElement.classList.contains('setup-title')"), "set-up: focus not on its title"
    for i in range(1, 6):  # the fastest bots
        level = page.locator(f"select[name=seat-{i}-level]")
        if level.count():
            level.select_option("easy")
    page.focus("[data-testid=start]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#app .game")
    player.start()
    return player


def play_until_over(player: KeyboardPlayer, act: Callable[[dict], bool], limit: int = 1500,
                    extra: str = "false", calm: Callable[[], bool] = lambda: True) -> None:
    """`calm()`: no timed moment under way (the log and axe checks wait for one)."""
    page = player.page
    for _ in range(limit):
        found = player.wait_turn(extra)
        if page.locator("[data-testid=end-screen]").count() and found.get("end"):
            player.count_move()
            return
        if found.get("board") and calm():
            player.visit_state()
        if not act(player.focus()):
            page.wait_for_timeout(50)  # nothing to press yet (a bot's turn drawn a moment later)
    pytest.fail(f"{player.game}: no end after {limit} steps")


def test_mookies_by_keyboard(page, open_app):
    player = start_game(page, open_app, "mookies")
    turn = {"n": 0}

    def act(f: dict) -> bool:
        testid = f.get("testid") or ""
        if testid.startswith("pile-") or testid.startswith("return-"):
            turn["n"] += 1
            if turn["n"] % 3 == 0 and page.locator("button.mk-pile.lit").count() == 2:
                player.press("ArrowRight")  # the other pile, sometimes
            player.press("Enter")
            return True
        if testid.startswith("face-"):
            if turn["n"] % 2:
                player.press("ArrowRight")
            player.press("Enter")
            return True
        return False

    play_until_over(player, act)
    player.finish(reader=None)
    assert any(" dans sa collection" in t for t in page.evaluate("window.__heard")), "faces laid are named"
    # "Rejouer": the new game's first move has the focus at once
    page.focus("[data-action=again]")
    page.keyboard.press("Enter")
    page.wait_for_selector("button[data-testid^=pile-].lit:focus")


def test_mindup_by_keyboard(page, open_app):
    player = start_game(page, open_app, "mindup")

    def act(f: dict) -> bool:
        testid = f.get("testid") or ""
        if testid.startswith("hand-"):
            if len(player.per_move) % 2:
                player.press("ArrowRight")
            player.press("Enter")
            return True
        if testid == "reveal-all":
            player.press("Enter")
            return True
        if testid == "reveal-next":
            if page.locator("[data-testid=reveal-all]").count() and len(player.per_move) % 2:
                player.press("Tab")  # "Tout voir" (the reveal at once), then "Continuer"
            player.press("Enter")
            return True
        return False

    play_until_over(player, act)
    player.finish()


def _near_the_end(game: str, seats: List[Seat], options: dict, until: Callable, seed: int = 7) -> Record:
    """A game played by bots for every seat until `until(engine)`: the keyboard plays the rest."""
    cls = engine_class(game)
    engine = cls(seats, options=options, seed=seed)
    while not until(engine):
        if game == "mosquito" and engine.race is not None:
            for s in list(engine.race.participants):
                if s not in engine.race.slapped:
                    engine.apply(Move(s, f"slap/{engine.race.hand}/{400 + s}"))
            continue
        seat = engine.to_act()[0]
        gen = think(engine, seat)
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            engine.apply(stop.value)
    return engine.record()


def open_branch(page: Page, open_app, record: Record) -> int:
    """A link to the position, then "Jouer à partir d'ici" by keyboard (the replay focuses its bar)."""
    open_app(page, "?botdelay=0#record=" + record.to_url_fragment())
    page.wait_for_selector("[data-testid=tl-slider]")
    for _ in range(40):
        if page.evaluate("document.activeElement && document.activeElement.getAttribute('data-action') === 'branch'"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector("#app .game:not(.replaying)")
    return len(record.moves)


def test_mosquito_last_round_by_keyboard(page, open_app):
    record = _near_the_end("mosquito", bot_seats(3), {}, lambda e: e.view(None)["round"] >= 4 and e.race is None)
    open_branch(page, open_app, record)
    player = KeyboardPlayer(page, "mosquito")
    player.start()
    def act(f: dict) -> bool:
        race = page.evaluate("""() => { const b = document.querySelector('.msq-board.racing');
            if (!b) return null; const top = document.querySelector('[data-testid=top-card] [data-card]');
            return top ? top.getAttribute('data-card') : null; }""")
        if race is not None:
            if not page.locator(".seat-0 .msq-slapped").count():
                player.press("a" if int(race[1]) % 2 else "z")  # odd digit: left hand (Léa's keys: A, Z)
                return True
            return False
        if page.locator("[data-testid=call-0]").count():
            player.press("e")
            return True
        testid = f.get("testid") or ""
        if testid.startswith("card-"):
            player.press("Tab" if f.get("pressed") == "true" else "Enter")
            return True
        if testid in ("play", "draw", "pass", "round-ok") or f.get("action") == "ui/race-ok":
            player.press("Enter")
            return True
        return False

    racing = "!!document.querySelector('.msq-board.racing') || !!document.querySelector('[data-testid=call-0]')"
    play_until_over(player, act, extra=racing,
                    calm=lambda: not page.locator(".msq-board.racing, [data-testid=call-0], .msq-board.table-view").count())
    player.finish()


def test_masterislands_by_keyboard(page, open_app):
    player = start_game(page, open_app, "masterislands")
    turn = {"n": 0}

    def act(f: dict) -> bool:
        action = f.get("action") or ""
        if action.startswith("move/place/"):
            turn["n"] += 1
            if turn["n"] % 2 and page.locator("button.mi-space").count() > 1:
                player.press("ArrowDown")  # another lit space, by the grid's arrows
                player.press("ArrowRight")
                return True
        if f.get("tag") == "BUTTON" and action.startswith(("ui/", "move/")):
            player.press("Enter")
            return True
        if f.get("testid") in ("conquer", "noconquest", "end"):
            player.press("Enter")
            return True
        return False

    play_until_over(player, act)
    player.finish()


def test_enter_on_a_focused_button_is_that_buttons_during_a_mindup_reveal(page, open_app):
    """Enter on "Historique" or "← Accueil" during a reveal does what the button says, not "Suivant"."""
    open_app(page, "?game=mindup&botdelay=0")
    page.wait_for_selector("button[data-testid^=hand-]:focus")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=reveal-next]:focus")
    step = page.get_attribute("[data-testid=reveal]", "class")
    page.focus("[data-testid=log]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=move-log]")
    assert page.locator("[data-testid=reveal-0].shown").count() == 0, "Enter on Historique advanced the reveal"
    assert page.get_attribute("[data-testid=reveal]", "class") == step
    page.focus("[data-action=home]")
    page.keyboard.press("Enter")
    page.wait_for_selector("#home:not([hidden])")
    assert page.evaluate("document.activeElement.getAttribute('data-game')") == "mindup", "focus after Accueil"


def test_enter_on_historique_with_a_mosquito_card_selected_opens_the_log(page, open_app):
    """A dealt position where Léa starts with cards to play: a new game's random deal can leave her
    none (the focus then goes to "Piocher"), which failed this test once in CI."""
    from test_mosquito_ui import lea_and_robots
    from ludotheque.games.mosquito import MosquitoEngine
    dealt = MosquitoEngine(lea_and_robots(), seed=1)
    assert dealt.to_act() == [0] and dealt.legal_moves(0)[0].action.startswith("play/")
    open_app(page, "?botdelay=0#record=" + dealt.record().to_url_fragment())
    page.focus("[data-action=branch]")  # a link opens as a replay: "Jouer à partir d'ici"
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement && (document.activeElement.getAttribute('data-testid') || '')"
                           ".startsWith('card-')", timeout=30_000)
    page.keyboard.press("Enter")  # the card is chosen (Jouer offered)
    page.wait_for_selector("[data-testid=play]")
    moves = page.evaluate(PERSON_MOVES_JS)
    page.focus("[data-testid=log]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=move-log]")
    assert page.evaluate(PERSON_MOVES_JS) == moves, "Enter on Historique played the card"
    assert page.locator("[data-testid=play]").count() == 1
    # the ✕ is named for what it does
    assert page.get_attribute("[data-testid=move-log] .rules-head button", "aria-label") == "Fermer l'historique"


def test_digit_shortcuts_do_not_fire_from_the_game_bar(page, open_app):
    open_app(page, "?game=mookies&botdelay=0")
    page.wait_for_selector("button[data-testid=pile-1]:focus")
    page.focus("[data-action=rules]")
    page.keyboard.press("1")
    assert page.locator("button[data-testid=face-up]").count() == 0, "a digit on a game-bar button took a pile"
    page.focus("button[data-testid=pile-1]")
    page.keyboard.press("2")  # from the board: the shortcut plays
    page.wait_for_selector("button[data-testid=face-up]:focus")


def test_the_accessibility_page_is_linked_from_home_and_precached(page, open_app, built_site):
    precache = json.loads((built_site / "build" / "precache.json").read_text(encoding="utf-8"))
    assert "rules/accessibility.html" in precache and "rules/accessibility.en.html" in precache
    open_app(page)
    page.focus("[data-testid=accessibility]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/rules/accessibility.html")
    assert "clavier" in page.inner_text("h1")
    for game in ("mookies", "mindup", "mosquito", "masterislands"):
        assert page.locator(f"section#{game} h2").count() == 1
    assert "Temps pour frapper" in page.inner_text("section#mosquito")
    for v in serious_findings(page):
        pytest.fail(f"axe {v['impact']} {v['id']}: {v['help']} — {v['nodes'][:2]}")


def test_explain_viewer_has_a_heading_and_keeps_the_focus_at_the_last_step(page, site_server):
    from test_explain import viewer_frame

    page.goto(site_server.url("rules/mookies.html"))
    name = page.eval_on_selector("iframe[data-example]", "e => e.dataset.example")
    frame = viewer_frame(page, f"iframe[data-example={name}]")
    assert frame.locator("h1").count() == 1
    frame.focus("[data-testid=next]")
    for _ in range(200):
        if frame.locator("[data-testid=next]").is_disabled():
            break
        page.keyboard.press("Enter")
    assert frame.locator("[data-testid=next]").is_disabled()
    assert frame.evaluate("document.activeElement !== document.body"), "focus dropped to <body> at the last step"
