"""MasterIslands screen (pure): only the engine's legal moves are offered, hands stay private, fr/en words."""
import random
import re

from ludotheque.core.messages import say
from ludotheque.games.masterislands import MasterIslandsEngine
from ludotheque.ui import masterislands as mi

from builders import seats

MOVE = re.compile(r'data-action="move/([^"]+)"')
HAND = re.compile(r'data-hand-card="([^"]+)"')


P = tuple(f"P{i}" for i in range(6))  # seat names the screens are checked against


def offered(view, ui):
    return set(MOVE.findall(mi.render(view, "fr", ui)))


def ui_states(view):
    """Every display state a person can reach by tapping: a hand card, a galleon, a conquest."""
    legal = view.get("legal") or {}
    states = [{}]
    states += [{"card": c} for c in legal.get("places", {})]
    states += [{"galleon": g} for g in {m["galleon"] for m in legal.get("moves", [])}]
    states += [{"conquest": i} for i in range(len(view.get("conquests") or []))]
    return states


def play_checking(engine, rng, steps=400):
    checked = 0
    while not engine.is_over() and checked < steps:
        seat = engine.to_act()[0]
        view = engine.view(seat)
        legal = {m.action for m in engine.legal_moves(seat)}
        reachable = set()
        for state in ui_states(view):
            shown = offered(view, dict(state, me=seat, revealed=seat))
            assert shown <= legal, shown - legal
            reachable |= shown
        # every legal move (conquests beyond the listed 60 aside) can be reached through the screen
        listed = {c["action"] for c in view.get("conquests") or []}
        assert {a for a in legal if not a.startswith("conquer/") or a in listed} == reachable
        engine.apply(engine.legal_moves(seat)[rng.randrange(len(legal))])
        checked += 1
    return checked


def test_only_legal_moves_are_offered_and_every_legal_move_is_reachable():
    for seed, n, options in ((1, 2, {}), (2, 3, {}), (3, 4, {"mode": "team"}), (4, 3, {"mode": "corsair", "difficulty": "hard"})):
        e = MasterIslandsEngine(seats(n, names=P), options=options, seed=seed)
        assert play_checking(e, random.Random(seed), steps=150) > 20


def test_a_hand_never_shows_another_seat_cards():
    e = MasterIslandsEngine(seats("hbb", names=P), seed=5)
    for seat in range(3):
        html = mi.render(e.view(seat), "fr", {"me": seat})
        assert HAND.findall(html) == e.view(seat)["hand"]
    # a spectator (several people, nobody to act) sees no hand at all
    assert not HAND.findall(mi.render(e.view(None), "fr", {"me": None}))


def test_pass_and_play_hides_the_hand_until_the_person_says_it_is_them():
    e = MasterIslandsEngine(seats(2, names=P), seed=6)
    view = e.view(0)
    hidden = mi.render(view, "fr", {"me": 0})
    assert not HAND.findall(hidden) and "move/place" not in hidden
    assert 'data-action="ui/reveal/0"' in hidden and 'data-testid="privacy"' in hidden
    ui = {"me": 0}
    mi.handle_ui("reveal/0", ui)
    shown = mi.render(view, "fr", ui)
    assert HAND.findall(shown) == view["hand"]
    # the next person's hand is hidden again
    assert not HAND.findall(mi.render(e.view(1), "fr", dict(ui, me=1)))


def test_one_person_with_bots_always_sees_their_hand():
    class S:  # a minimal session
        engine = MasterIslandsEngine(seats("hb", names=P), seed=7)

        def human_to_act(self):
            return [s for s in self.engine.to_act() if not self.engine.seats[s].is_bot]

    s = S()
    ui = {}
    while s.engine.to_act() == [0]:
        s.engine.apply(s.engine.legal_moves(0)[0])
    assert s.engine.to_act() == [1]
    seat = mi.perspective(s, ui)
    assert seat == 0 and HAND.findall(mi.render(s.engine.view(seat), "fr", ui)) == s.engine.view(0)["hand"]


def test_tap_card_then_space_and_tap_galleon_then_card():
    e = MasterIslandsEngine(seats("hb", names=P), seed=8)
    view = e.view(0)
    ui = {"me": 0}
    assert not [a for a in offered(view, ui) if a.startswith("place/")]  # no space lit before a card is chosen
    card = view["hand"][0]
    mi.handle_ui(f"card/{card}", ui)
    places = {a for a in offered(view, ui) if a.startswith("place/")}
    assert places == {f"place/{card}@{x},{y}" for x, y in view["legal"]["places"][card]}
    e.apply(e.legal_moves(0)[0].__class__(0, sorted(places)[0]))
    view = e.view(0)
    gid = view["legal"]["moves"][0]["galleon"]
    mi.handle_ui(f"galleon/{gid}", ui)
    assert {a for a in offered(view, ui)} == {m["action"] for m in view["legal"]["moves"] if m["galleon"] == gid}


def test_a_laid_card_is_no_longer_chosen_when_a_copy_of_it_is_in_the_hand():
    e = MasterIslandsEngine(seats("hb", names=P), seed=1,
                            deck={"start": "G4", "hands": [["Y1", "Y1", "B3"], ["Y3", "Y4", "Y5"]],
                                  "draw": ["R2", "R3", "R4", "B1", "B2", "B4"]})
    ui = {"me": 0}
    mi.handle_ui("card/Y1", ui)
    place = next(a for a in offered(e.view(0), ui) if a.startswith("place/Y1@"))
    feedback = e.apply(e.legal_moves(0)[0].__class__(0, place))
    mi.after_move(None, ui, feedback)
    for turn_of in (0, 1):  # the rest of this turn, then the bot's
        while e.to_act() == [turn_of]:
            mi.after_move(None, ui, e.apply(e.legal_moves(turn_of)[0]))
    view = e.view(0)
    assert "Y1" in view["hand"] and view["legal"]["places"]["Y1"]  # the copy, layable now
    screen = mi.render(view, "fr", ui)
    assert 'data-hand-card="Y1" aria-pressed="false"' in screen and 'aria-pressed="true"' not in screen
    assert not [a for a in offered(view, ui) if a.startswith("place/")]  # nothing lit until a new choice


def test_conquest_choice_highlights_its_line_and_shows_the_sum():
    deck = {"grid": {"0,0": "R3", "1,0": "G2", "2,0": "B5", "0,1": "Y1", "0,2": "R1"}, "hands": [["G1", "B4", "Y2"], ["R5", "G2", "B1"]],
            "draw": ["Y5", "G3", "B2", "R2"], "galleons": [[[0, 1], [0, 1]], [[0, 1], [0, 1]]]}
    e = MasterIslandsEngine(seats("hb", names=P), seed=1, deck=deck)
    # lay the last card of the line and move onto another card to reach the conquest phase
    e.apply(e.legal_moves(0)[0].__class__(0, "move/1/down"))
    e.apply(e.legal_moves(0)[0].__class__(0, "place/B4@1,1"))
    view = e.view(0)
    assert view["phase"] == "conquest", view["notes"]
    ui = {"me": 0}
    html = mi.render(view, "fr", ui)
    assert "move/noconquest" in html and 'data-testid="conquer"' not in html
    mi.handle_ui("conquest/0", ui)
    html = mi.render(view, "fr", ui)
    chosen = view["conquests"][0]
    assert f'data-action="move/{chosen["action"]}"' in html
    assert html.count("in-conquest") == len(chosen["cells"]) + 0 and f"= {chosen['sum']}" in html


def test_words_in_french_and_english_and_the_end_screen():
    e = MasterIslandsEngine(seats("bbbb", names=P), options={"mode": "corsair", "difficulty": "hard"}, seed=9)
    v = e.view(e.to_act()[0])
    assert "Tours" in mi.render(v, "fr", {}) and "Rounds" in mi.render(v, "en", {})
    rng = random.Random(1)
    while not e.is_over():
        moves = e.legal_moves()
        e.apply(moves[rng.randrange(len(moves))])
    v = e.view(None)
    fr, en = mi.render(v, "fr", {}), mi.render(v, "en", {})
    assert 'data-testid="end-screen"' in fr and "Partie terminée" in fr and "Game over" in en
    last = v["result"]["steps"][-1]
    assert say(last, "fr") in fr and say(last, "en") in en
    assert mi.status_text(v, "fr") == say(last, "fr")
    assert 'data-testid="sides"' in fr


def test_zoom_buttons_and_fit_are_display_state():
    ui = {"viewport": (400, 300)}
    mi.handle_ui("zoom-in", ui)
    assert ui["view"]["z"] > 1
    mi.handle_ui("zoom-out", ui)
    mi.handle_ui("zoom-out", ui)
    assert ui["view"]["z"] < 1
    for _ in range(20):
        mi.handle_ui("zoom-out", ui)
    assert ui["view"]["z"] == mi.ZOOM_MIN
    mi.handle_ui("fit", ui)
    assert ui["view"] is None
    e = MasterIslandsEngine(seats(2, names=P), seed=1)
    assert 'data-fit="1"' in mi.render(e.view(0), "fr", ui)


def test_setup_form_offers_seats_by_name_for_seat_options_and_round_trips():
    from ludotheque.core.seats import Seat
    from ludotheque.ui import screens

    seats = [Seat.from_dict({"name": n, "kind": "bot"}) for n in ("Ana", "Bob", "Cléo")]
    html = screens.setup_form(MasterIslandsEngine, "fr", seats, {"mode": "corsair", "corsair_seat": 2})
    select = re.search(r'<select name="opt-corsair_seat"[^>]*>(.*?)</select>', html).group(1)
    assert re.findall(r'<option value="(\d)"', select) == ["0", "1", "2"]
    assert '<option value="2" selected>3. Cléo</option>' in select
    assert 'name="opt-first_player"' in html and 'name="opt-difficulty"' in html and 'name="opt-mode"' in html
    fields = {"count": "3", "opt-mode": "corsair", "opt-corsair_seat": "2", "opt-difficulty": "hard"}
    fields.update({f"seat-{i}-name": s.name for i, s in enumerate(seats)})
    fields.update({f"seat-{i}-kind": "bot" for i in range(3)})
    parsed_seats, options = screens.parse_setup(MasterIslandsEngine, fields)
    assert options["corsair_seat"] == 2 and options["difficulty"] == "hard"
    assert MasterIslandsEngine(parsed_seats, options=options, seed=1).view(None)["corsair"]["seat"] == 2


def _seats(kinds):
    return [{"name": f"P{i}", "kind": k} for i, k in enumerate(kinds)]


def test_galleons_carry_their_seat_letter_and_crowd_into_a_grid_beyond_two():
    e = MasterIslandsEngine(_seats(["human", "bot", "bot"]), seed=5)
    html = mi.render(e.view(0), "fr", {"me": 0})
    start = re.search(r'<span class="mi-pieces[^"]*"[^>]*>(.*?)</span></div>', html).group(0)
    assert 'class="mi-pieces crowded"' in start  # six galleons share the start card
    assert re.findall(r'data-galleon="[^"]+"[^>]*>([A-D]\d)<', start) == ["A1", "A2", "B1", "B2", "C1", "C2"]
    swatches = re.findall(r'class="mi-swatch seat-(\d)"[^>]*>([A-D])<', html)
    assert swatches == [("0", "A"), ("1", "B"), ("2", "C")]
    two = MasterIslandsEngine(_seats(["human", "bot"]), seed=5)
    assert "mi-pieces crowded" in mi.render(two.view(0), "fr", {"me": 0})  # 4 galleons: crowded too
