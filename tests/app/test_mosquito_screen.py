"""Mosquito PLAF! screen (pure): only legal moves are offered, no other hand leaks into the HTML,
slap buttons are there and enabled in every state, words in French and English."""
import re

from ludotheque.bots import choose
from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.core.seats import Seat, SeatKind
from ludotheque.games.mosquito import MosquitoEngine
from ludotheque.session import Session
from ludotheque.ui import mosquito as ui_mod


def seats(people=1, n=4):
    return [Seat(f"P{i}", SeatKind.HUMAN if i < people else SeatKind.BOT) for i in range(n)]


def screen(session, ui, lang="fr"):
    seat = ui_mod.perspective(session, ui)
    view = session.engine.view(seat)
    return seat, view, ui_mod.render(view, lang, ui)


def check_screen(session, ui, lang="fr"):
    engine = session.engine
    seat, view, html = screen(session, ui, lang)
    # every move button is a legal move of the seat it names (or of the seat shown)
    for m in re.finditer(r'<button[^>]*data-action="move/([^"]+)"[^>]*>', html):
        s = re.search(r'data-seat="(\d+)"', m.group(0))
        who = int(s.group(1)) if s else seat
        assert engine.is_legal(Move(who, m.group(1))), (m.group(1), who)
    # slap buttons for every person while the game goes on, never disabled
    for s in ([] if view["over"] else ui_mod.humans(engine.seats)):
        for hand in "LR":
            b = re.search(rf'<button[^>]*data-slap="{s}/{hand}"[^>]*>', html)
            assert b and "disabled" not in b.group(0)
    # no other seat's hand in the page
    if not view["over"] and not ui_mod.round_pending(view, ui):
        shown = set(re.findall(r'data-testid="card-([^"]+)"', html))
        for s in range(len(engine.seats)):
            if s != seat:
                assert not (set(engine.hands[s]) & shown - set(engine.hands[seat] if seat is not None else []))
        if seat is None:
            assert not shown
    assert ui_mod.status_text(view, lang)
    return seat, view, html


def play_out(session, ui, steps=400):
    """Bots and the person (first legal move) play; the screen is checked at every step."""
    engine = session.engine
    for _ in range(steps):
        if engine.is_over():
            break
        check_screen(session, ui)
        ui["round_seen"] = engine.last_round["round"] if engine.last_round else 0
        if engine.race is not None:
            waiting = [s for s in engine.race.participants if s not in engine.race.slapped]
            s = waiting[0]
            move = choose(engine, s) if engine.seats[s].is_bot else Move(s, "slap/R/500")
        else:
            s = engine.to_act()[0]
            move = choose(engine, s) if engine.seats[s].is_bot else engine.legal_moves(s)[0]
        engine.apply(move)
        ui_mod.after_move(session, ui, None)
    check_screen(session, ui)


def test_one_person_against_bots_every_screen_is_legal_and_private():
    session = Session(MosquitoEngine(seats(1), seed=5), "t")
    play_out(session, {})


def test_several_people_get_a_privacy_screen_before_their_turn():
    session = Session(MosquitoEngine(seats(2), seed=9), "t")
    ui = {}
    seat, view, html = check_screen(session, ui)
    assert seat is None and 'data-testid="handover"' in html and 'data-testid="card-' not in html
    assert "Passe l&#x27;appareil à P0" in html
    ui_mod.handle_ui("ready/0", ui, session)
    seat, view, html = check_screen(session, ui)
    assert seat == 0 and 'data-testid="hand"' in html
    for c in session.engine.hands[1]:
        assert f'data-testid="card-{c}"' not in html or c in session.engine.hands[0]
    play_out(session, ui, 200)


def test_selecting_dominoes_asks_the_engine_what_may_join():
    deck = {"hands": [["65", "64", "61", "M5", "N2"], ["10", "20"], ["30", "31"]], "up": "60", "pile": ["21", "32"]}
    session = Session(MosquitoEngine(seats(1, 3), seed=1, deck=deck), "t")
    ui = {}
    _, view, html = check_screen(session, ui)
    assert 'data-action="ui/pick/65"' in html and 'data-action="ui/pick/N2"' in html
    assert 'data-action="ui/pick/M5"' not in html  # Mosquito 5 does not match 6/0
    assert 'data-testid="play"' not in html
    ui_mod.handle_ui("pick/64", ui, session)
    _, view, html = check_screen(session, ui)
    assert 'data-action="move/play/64"' in html
    assert 'data-action="ui/pick/65"' in html and 'data-action="ui/pick/N2"' not in html
    ui_mod.handle_ui("pick/65", ui, session)
    _, view, html = check_screen(session, ui)
    assert 'data-action="move/play/64,65"' in html


def test_race_state_keeps_slaps_and_shows_the_result():
    deck = {"hands": [["M4", "98"], ["10", "20"], ["30", "31"], ["50", "51"]], "up": "64", "pile": ["21", "32", "52", "53", "70", "71", "72"]}
    session = Session(MosquitoEngine(seats(1), seed=1, deck=deck), "t")
    ui = {}
    session.engine.apply(Move(0, "play/M4"))
    _, view, html = check_screen(session, ui)
    assert 'data-testid="play"' not in html and "PLAF" in html and 'class="msq-board racing table-view"' in html
    assert 'data-testid="hand"' not in html  # during a race the table shows, not a hand
    for m in ("0:slap/R/100", "1:slap/L/600", "2:slap/R/700"):
        session.engine.play(m)
    session.engine.apply(Move(SYSTEM_SEAT, "close"))
    _, view, html = check_screen(session, ui)
    assert 'data-testid="race-result"' in html and "Le plus rapide : P0" in html
    ui_mod.handle_ui("race-ok", ui, session)
    _, view, html = check_screen(session, ui)
    assert 'data-testid="race-result"' not in html


def test_call_and_catch_buttons_only_when_legal():
    deck = {"hands": [["43", "98"], ["41", "20"], ["30", "31"], ["50", "51"]], "up": "40", "pile": ["21", "32", "52"]}
    session = Session(MosquitoEngine(seats(2), seed=1, deck=deck), "t")
    ui = {"ready": 0}
    _, _, html = check_screen(session, ui)
    assert 'data-testid="call-' not in html and "move/catch" not in html
    session.engine.play("0:play/43")
    _, _, html = check_screen(session, ui)
    assert 'data-testid="call-0"' in html and 'data-testid="catch-1-0"' in html
    assert 'data-testid="catch-0-0"' not in html


def test_round_end_and_game_end_screens_in_both_languages():
    deck = {"rounds": [{"hands": [["43"], ["10", "20"], ["30", "31"]], "up": "40", "pile": ["21"]}]}
    session = Session(MosquitoEngine(seats(1, 3), seed=3, deck=deck), "t")
    session.engine.play("0:play/43")
    ui = {}
    _, view, html = check_screen(session, ui)
    assert 'data-testid="round-end"' in html and "Fin de la manche 1" in html and "-10" in html
    assert ui_mod.bots_paused(session, ui)
    _, _, html_en = screen(session, ui, "en")
    assert "Round over 1" in html_en and "Next round" in html_en
    ui_mod.handle_ui("round-ok", ui, session)
    assert not ui_mod.bots_paused(session, ui)
    play_out(session, ui, 3000)
    assert session.engine.is_over()
    _, view, html = check_screen(session, ui)
    assert 'data-testid="end-screen"' in html and "Vainqueur" in html
    assert html.count("<tr") == len(view["result"]["rounds"]) + 2
    _, _, html_en = screen(session, ui, "en")
    assert "Winner" in html_en and "Points per round" in html_en
