"""What the live regions say (ui/speech.py) and the screens' keyboard marks (issue #27)."""
from __future__ import annotations

import re
from html import unescape

from ludotheque.core.messages import say
from ludotheque.core.seats import BotLevel, Seat, SeatKind
from ludotheque.games import engine_class
from ludotheque.session import Session
from ludotheque.ui import mindup, mookies, mosquito, screens
from ludotheque.ui.speech import Speech


def session(game: str, n: int = 2) -> Session:
    seats = [Seat("Léa", SeatKind.HUMAN, youngest=True)] + [
        Seat(f"Robot {i}", SeatKind.BOT, BotLevel.EASY) for i in range(1, n)]
    return Session(engine_class(game)(seats, seed=4), "test")


def test_each_move_is_said_once_and_a_bots_turn_does_not_repeat_the_request():
    s = session("mookies")
    speech = Speech()
    ask = "À Léa : prends une carte."
    assert speech.lines(s, 0, "fr", ask, True) == ([ask], [])
    assert speech.lines(s, 0, "fr", ask, True) == ([], [])  # a redraw with nothing new says nothing
    s.act(0, "take/1")
    polite, _ = speech.lines(s, 0, "fr", "À Léa : choisis la face.", True)
    assert polite == ["Léa prend la carte du paquet 1.", "À Léa : choisis la face."]
    s.act(0, "face/up")
    assert speech.lines(s, 0, "fr", "Robot 1 réfléchit…", False)[0] == [say(s.history[-1].words(0), "fr")]
    assert speech.lines(s, 0, "fr", "Robot 1 réfléchit…", False) == ([], [])  # thinking: never said
    while s.bot_to_act() is not None:
        s.bot_step()
    polite, _ = speech.lines(s, 0, "fr", ask, True)
    assert polite[-1] == ask and len(polite) == 3  # the bot's two moves, then the request again (a new turn)


def test_an_error_is_said_and_a_new_session_starts_the_count_over():
    s = session("mookies")
    speech = Speech()
    speech.lines(s, 0, "fr", "x", True)
    s.act(0, "face/up")  # not now: the engine says why
    polite, _ = speech.lines(s, 0, "fr", s.log[-1].text("fr"), True)
    assert polite == [s.log[-1].text("fr")]
    other = session("mookies")
    other.act(0, "take/2")
    assert speech.lines(other, 0, "fr", "y", True) == (["y"], [])  # its past is not read out


def test_a_games_own_lines_are_said_once_by_key_urgent_apart():
    s = session("mookies")
    speech = Speech()
    lines = [("race-1", "PLAF !", True), ("reveal-1", "Robot 1 joue 4", False)]
    assert speech.lines(s, 0, "fr", "", False, lines) == (["Robot 1 joue 4"], ["PLAF !"])
    assert speech.lines(s, 0, "fr", "", False, lines) == ([], [])


def test_mosquito_race_line_names_the_digit_the_hand_and_the_key():
    view = {"seats": [{"name": "Léa", "kind": "human"}, {"name": "Robot 1", "kind": "bot"}],
            "race": {"no": 3, "digit": 7, "hand": "L", "participants": [0, 1]},
            "moustique": [{"seat": 1, "state": "open", "since": 5}]}
    (key, text, urgent), (akey, atext, aurgent) = mosquito.live_lines(view, "fr", {})
    assert key == "race-3" and urgent and "7" in text and "main gauche" in text and "Léa A" in text
    assert akey == "alert-1-5" and aurgent and "Attraper Robot 1" in atext


def test_boards_carry_roving_groups_and_where_the_focus_goes_next():
    s = session("mookies")
    ui: dict = {}
    seat = mookies.perspective(s, ui)
    html = mookies.render(s.engine.view(seat), "fr", ui)
    assert 'data-roving="row"' in html and re.search(r'data-testid="pile-\d"[^>]*data-autofocus', html)
    m = session("mindup", 3)
    ui = {}
    seat = mindup.perspective(m, ui)
    html = mindup.render(m.engine.view(seat), "fr", ui)
    assert 'class="mu-row hand" data-roving="row"' in html and html.count("data-autofocus") == 1
    assert 'role="list"' in html and 'role="listitem"' in html  # score strips read as lists
    replay = mindup.render(m.engine.view(seat), "fr", dict(ui, still=True))  # a replay is a still (ui/still.py)
    assert 'data-action="move/play/' not in replay  # a replay's hand is not playable


def test_mosquito_cards_that_cannot_be_played_are_named():
    s = session("mosquito", 3)
    ui: dict = {}
    seat = mosquito.perspective(s, ui)
    html = mosquito.render(s.engine.view(seat), "fr", ui)
    # not playable: a picture, or on the person's turn a button that says why when tapped (its
    # card still named)
    spans = re.findall(r'<(?:span class="msq-hand-card"|button [^>]*class="msq-hand-card"[^>]*aria-disabled="true")[^>]*>(<span[^>]*>)', html)
    assert spans and all('role="img"' in x and "aria-label=" in x for x in spans)
    # the bottom edge (the person's slap buttons) comes after the hand in the tab order
    assert html.index('data-testid="hand"') < html.index('class="msq-edge msq-bottom"')


def test_setup_form_names_each_seats_controls_apart_and_says_option_help_once():
    cls = engine_class("mosquito")
    html = screens.setup_form(cls, "fr", screens.default_seats(cls, 3), {})
    levels = re.findall(r'name="seat-\d-level" aria-label="([^"]+)"', html)
    assert len(levels) == len(set(levels)) == 3
    hint = re.search(r'<input type="number" name="opt-slap_window_ms"[^>]*aria-describedby="(help-[^"]+)"', html)
    assert hint and f'id="{hint.group(1)}" aria-hidden="true"' in html
    assert "lecteur d'écran" in unescape(html)  # the slower race is offered where it is set
    panel = screens.rules_panel(cls, "fr", {"slap_window_ms": 6000})
    assert "6000 ms" in panel and "accessibility.html" in panel
