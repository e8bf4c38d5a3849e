"""Mosquito PLAF! screen (pure): only legal moves are offered, no other hand leaks into the HTML,
slap buttons are there and enabled in every state, words in French and English."""
import re

from ludotheque.bots import choose
from ludotheque.core.engine import SYSTEM_SEAT, Move
from ludotheque.games.mosquito import MosquitoEngine
from ludotheque.session import Session
from ludotheque.ui import mosquito as ui_mod
from ludotheque.ui.still import still_ui

from builders import seats


P = tuple(f"P{i}" for i in range(6))  # seat names the screens are checked against


def screen(session, ui, lang="fr"):
    seat = ui_mod.perspective(session, ui)
    view = session.engine.view(seat)
    return seat, view, ui_mod.render(view, lang, ui)


def check_screen(session, ui, lang="fr"):
    engine = session.engine
    seat, view, html = screen(session, ui, lang)
    # every move button is a legal move of the seat it names (or of the seat shown)
    for m in re.finditer(r'<button[^>]*data-action="move/([^"]+)"[^>]*>', html):
        if 'aria-disabled="true"' in m.group(0):  # tappable on purpose: the engine says why not
            assert not engine.is_legal(Move(seat, m.group(1))), m.group(1)
            continue
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
    session = Session(MosquitoEngine(seats("hbbb", names=P), seed=5), "t")
    play_out(session, {})


def test_several_people_get_a_privacy_screen_before_their_turn():
    session = Session(MosquitoEngine(seats("hhbb", names=P), seed=9), "t")
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
    session = Session(MosquitoEngine(seats("hbb", names=P), seed=1, deck=deck), "t")
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
    session = Session(MosquitoEngine(seats("hbbb", names=P), seed=1, deck=deck), "t")
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
    session = Session(MosquitoEngine(seats("hhbb", names=P), seed=1, deck=deck), "t")
    ui = {"ready": 0}
    _, _, html = check_screen(session, ui)
    assert 'data-testid="call-' not in html and "move/catch" not in html
    session.engine.play("0:play/43")
    _, _, html = check_screen(session, ui)
    assert 'data-testid="call-0"' in html and 'data-testid="catch-1-0"' in html
    assert 'data-testid="catch-0-0"' not in html


def test_round_end_and_game_end_screens_in_both_languages():
    deck = {"rounds": [{"hands": [["43"], ["10", "20"], ["30", "31"]], "up": "40", "pile": ["21"]}]}
    session = Session(MosquitoEngine(seats("hbb", names=P), seed=3, deck=deck), "t")
    session.engine.play("0:play/43")
    ui = {}
    _, view, html = check_screen(session, ui)
    assert 'data-testid="round-end"' in html and "Fin de la manche 1" in html and "-10" in html
    assert ui_mod.bots_paused(session, ui)
    _, _, html_en = screen(session, ui, "en")
    assert "Round 1 over" in html_en and "Next round" in html_en
    ui_mod.handle_ui("round-ok", ui, session)
    assert not ui_mod.bots_paused(session, ui)
    play_out(session, ui, 3000)
    assert session.engine.is_over()
    _, view, html = check_screen(session, ui)
    assert 'data-testid="end-screen"' in html and "Victoire : " in html
    assert html.count("<tr") == len(view["result"]["rounds"]) + 2
    _, _, html_en = screen(session, ui, "en")
    assert "Winner" in html_en and "Points per round" in html_en


def test_a_card_that_cannot_be_played_is_tappable_and_the_engine_says_why():
    deck = {"hands": [["65", "64", "61", "M5", "N2"], ["10", "20"], ["30", "31"]], "up": "60", "pile": ["21", "32"]}
    session = Session(MosquitoEngine(seats("hbb", names=P), seed=1, deck=deck), "t")
    ui = {}
    _, _, html = check_screen(session, ui)
    tag = re.search(r'<button[^>]*data-testid="card-M5"[^>]*>', html).group(0)
    assert 'aria-disabled="true"' in tag and 'data-action="move/play/M5"' in tag
    fb = session.act(0, "play/M5")
    assert fb.kind == "error" and fb.text("fr") and fb.text("en")  # the engine's reason, shown in the status line
    session.dismiss_error()  # the next display action ends the refusal
    assert not session.log or session.log[-1].kind != "error"


def test_a_call_window_comes_before_the_pass_the_tablet_screen():
    """Two people: Léa comes down to one card, it is Max's turn; the "Moustique !" window (the
    table, both people's buttons) shows, not "Passe la tablette à Max" over it."""
    deck = {"hands": [["43", "98"], ["41", "20"], ["30", "31"], ["50", "51"]], "up": "40", "pile": ["21", "32", "52"]}
    session = Session(MosquitoEngine(seats("hhbb", names=P), seed=1, deck=deck), "t")
    ui = {"ready": 0}
    session.engine.play("0:play/43")
    ui_mod.after_move(session, ui, None)
    ui["alert_hold"] = True  # set by the browser controller while the window is open
    _, view, html = check_screen(session, ui)
    assert view["current"] == 1 and ui.get("ready") != 1
    assert 'data-testid="handover"' not in html and "table-view" in html
    assert 'data-testid="call-0"' in html and 'data-testid="catch-1-0"' in html
    ui["alert_hold"] = False  # the window is over: now the tablet goes to Max
    _, _, html = check_screen(session, ui)
    assert 'data-testid="handover"' in html


def test_the_last_race_result_does_not_carry_into_the_next_round():
    deck = {"rounds": [{"hands": [["M4", "43"], ["10", "20"], ["30", "31"]], "up": "64", "pile": ["21", "32", "52", "53", "70", "71", "72"]}]}
    session = Session(MosquitoEngine(seats("hbb", names=P), seed=3, deck=deck), "t")
    engine = session.engine
    engine.play("0:play/M4")
    for m in ("0:slap/L/100", "1:slap/L/600", "2:slap/L/700"):  # everyone slapped: the race closes
        engine.play(m)
    assert engine.race is None and engine.last_race
    ui = {}
    _, _, html = check_screen(session, ui)
    assert 'data-testid="race-result"' in html
    while engine.last_round is None:  # play the round out, the race result never read
        s = engine.to_act()[0]
        engine.apply(choose(engine, s) if engine.seats[s].is_bot else engine.legal_moves(s)[0])
    _, _, html = check_screen(session, ui)
    scores = html.index('data-testid="scores"')
    assert 'data-testid="round-end"' in html and scores < html.index('data-testid="round-ok"')
    ui_mod.handle_ui("round-ok", ui, session)
    _, _, html = check_screen(session, ui)
    assert 'data-testid="race-result"' not in html


def test_a_still_is_a_picture_of_the_table():
    """Explainer frames, replays and shared links (ui/still.py): no hand-over, no race view over
    the page, no button, no keyboard help, nobody thinking."""
    deck = {"hands": [["M4", "98"], ["10", "20"], ["30", "31"], ["50", "51"]], "up": "64", "pile": ["21", "32", "52", "53", "70", "71", "72"]}
    engine = MosquitoEngine(seats("hhbb", names=P), seed=1, deck=deck)
    for plies in (["0:play/M4"], ["1:slap/L/300"], ["0:slap/R/500", "2:slap/L/800", "*:close"]):
        for m in plies:
            engine.play(m)
        ui = still_ui(ui_mod, engine, 0)
        view = engine.view(0)
        html = ui_mod.render(view, "fr", ui)
        assert "handover" not in html and "table-view" not in html and "msq-overlay" not in html
        assert "<button" not in html and "data-slap" not in html and "msq-keys" not in html
        assert 'data-testid="hand"' in html
        assert "réfléchit" not in ui_mod.status_text(view, "fr", ui)
        if engine.race is not None and engine.race.slaps:
            assert "still-hand slapped" in html  # the hand that slapped, drawn
    assert 'data-testid="race-result"' in html  # right after the race closed: its result


def test_a_race_comes_before_unread_round_scores():
    """Played on from a replay just after a round's end, a race opens before anyone read the
    scores (golden self-play game, ply 154): the race (public, timed) shows; the scores after."""
    from pathlib import Path

    from ludotheque.core.record import Record
    from ludotheque.games.replay import replay

    path = Path(__file__).resolve().parents[1] / "golden" / "mosquito" / "selfplay_3p_seed3.json"
    engine = replay(Record.from_json(path.read_text(encoding="utf-8")), 154)
    assert engine.race is not None and engine.last_round
    session = Session(engine, "t")
    ui = {"ready": engine.current}
    _, view, html = screen(session, ui)
    assert "table-view" in html and 'data-testid="round-end"' not in html
    for s in list(engine.race.participants):
        if s not in engine.race.slapped and engine.race is not None:
            engine.play(f"{s}:slap/L/500")
    if engine.race is not None:
        engine.apply(Move(SYSTEM_SEAT, "close"))
    _, view, html = screen(session, ui)
    assert 'data-testid="round-end"' in html
