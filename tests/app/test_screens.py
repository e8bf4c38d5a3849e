"""Shared screens: the set-up form round-trips through parse_setup; the rules panel shows house rules."""
import re

import pytest

from ludotheque.core.errors import BadSetup
from ludotheque.games.mookies import MookiesEngine
from ludotheque.ui import screens
from ludotheque.ui import mookies as mookies_ui
from ludotheque.session import Session
from ludotheque.ui.html import Raw, el


def _fields_from_form(html: str) -> dict:
    """What a browser would submit for the form as rendered (inputs with value, checked radios/boxes, selected options)."""
    fields = {}
    for m in re.finditer(r"<input([^>]*)>", html):
        a = m.group(1)
        name = re.search(r'name="([^"]+)"', a)
        if not name:
            continue
        value = re.search(r'value="([^"]*)"', a)
        if 'type="checkbox"' in a or 'type="radio"' in a:
            if " checked" in a:
                fields[name.group(1)] = value.group(1) if value else "on"
        elif value:
            fields[name.group(1)] = value.group(1)
    for m in re.finditer(r'<select name="([^"]+)"[^>]*>(.*?)</select>', html):
        sel = re.search(r'<option value="([^"]*)" selected>', m.group(2))
        if sel:
            fields[m.group(1)] = sel.group(1)
    return fields


def test_default_setup_form_submits_to_a_valid_game():
    seats = screens.default_seats(MookiesEngine)
    html = screens.setup_form(MookiesEngine, "fr", seats, {})
    seats2, options = screens.parse_setup(MookiesEngine, _fields_from_form(html))
    assert [s.name for s in seats2] == [s.name for s in seats]
    assert seats2[0].youngest and not seats2[1].youngest and seats2[1].is_bot
    e = MookiesEngine(seats2, options=options, seed=1)
    assert e.to_act() == [0]


def test_setup_refuses_missing_names_duplicates_and_bad_numbers():
    fields = {"seat-0-name": "A", "seat-0-kind": "human", "seat-1-name": "", "seat-1-kind": "bot", "youngest": "0"}
    with pytest.raises(BadSetup):
        screens.parse_setup(MookiesEngine, fields)
    fields["seat-1-name"] = "A"
    with pytest.raises(BadSetup):
        screens.parse_setup(MookiesEngine, fields)
    fields["seat-1-name"] = "B"
    fields["opt-stars_soleil"] = "beaucoup"
    with pytest.raises(BadSetup):
        screens.parse_setup(MookiesEngine, fields)
    fields["opt-stars_soleil"] = "42"
    with pytest.raises(BadSetup):
        screens.parse_setup(MookiesEngine, fields)
    fields["opt-stars_soleil"] = "5"
    fields["opt-easy_memory"] = "on"
    _, options = screens.parse_setup(MookiesEngine, fields)
    assert options["stars_soleil"] == 5 and options["easy_memory"] is True


def test_rules_panel_lists_every_rule_and_shows_house_rule_values():
    html = screens.rules_panel(MookiesEngine, "fr", {"easy_memory": True})
    for rule in MookiesEngine.RULES:
        assert f'data-rule="{rule.id}"' in html
    assert "Règles maison" in html and "Mémoire facile" in html
    assert "oui" in html  # easy memory is on in this game


def test_rules_panel_shows_every_trophys_stars_of_this_game():
    html = screens.rules_panel(MookiesEngine, "fr", {"stars_lune": 5})
    assert "Dans cette partie : Soleil 3, Lune 5, Fossile 2, Coquillage 2 et Feuille 1" in html
    assert "Sonne 3, Mond 5, Fossil 2, Muschel 2 und Blatt 1" in screens.rules_panel(MookiesEngine, "de", {"stars_lune": 5})


def test_html_helpers_escape_text_but_not_markup():
    assert el("b", None, "<x>") == "<b>&lt;x&gt;</b>"
    joined = el("i", None, "a") + "<b>"
    assert isinstance(joined, Raw) and joined == "<i>a</i>&lt;b&gt;"


def _moves(html: str):
    """(lit, dimmed) move actions of a screen's buttons: dimmed ones carry aria-disabled."""
    lit, dimmed = set(), set()
    for tag in re.findall(r"<button[^>]*>", html):
        m = re.search(r'data-action="move/([^"]+)"', tag)
        if m:
            (dimmed if 'aria-disabled="true"' in tag else lit).add(m.group(1))
    return lit, dimmed


def test_mookies_screen_lights_only_legal_moves_and_a_refused_pile_says_why():
    e = MookiesEngine([{"name": "Léa", "youngest": True}, {"name": "Max"}], seed=2)
    session, ui = Session(e, "t"), {}
    seat = mookies_ui.perspective(session, ui)
    lit, dimmed = _moves(mookies_ui.render(e.view(seat), "fr", ui))
    assert lit == {m.action for m in e.legal_moves()} and not dimmed
    e.play("0:take/1")
    seat = mookies_ui.perspective(session, ui)
    lit, dimmed = _moves(mookies_ui.render(e.view(seat), "fr", ui))
    assert lit == {"face/up", "face/down"}
    assert dimmed == {"take/1", "take/2"}  # still tappable: the engine's reason answers the tap
    fb = session.act(0, "take/2")
    assert fb.kind == "error" and "face" in fb.text("fr")


def test_mookies_screen_never_shows_covered_cards_without_easy_memory():
    e = MookiesEngine([{"name": "Léa", "youngest": True}, {"name": "Max"}], seed=2)
    for _ in range(6):
        e.play(f"{e.to_act()[0]}:take/1")
        e.play(f"{e.to_act()[0]}:face/up")
    html = mookies_ui.render(e.view(0), "fr")
    assert "mk-sorted" not in html and "Voir la collection" not in html
    e2 = MookiesEngine([{"name": "Léa", "youngest": True}, {"name": "Max"}], options={"easy_memory": True}, seed=2)
    html2 = mookies_ui.render(e2.view(0), "fr", {"open_collection": 0})
    assert "Voir la collection" in html2 or "Cacher" in html2


def test_form_state_keeps_what_was_typed_even_when_it_would_be_refused():
    fields = {"count": "2", "seat-0-name": "Léa", "seat-0-kind": "human", "seat-1-name": "",
              "seat-1-kind": "bot", "seat-1-level": "hard", "youngest": "1", "opt-stars_soleil": "beaucoup"}
    seats, options = screens.form_state(MookiesEngine, fields)
    assert [s.name for s in seats] == ["Léa", ""]
    assert seats[1].is_bot and seats[1].level.value == "hard" and seats[1].youngest
    assert "stars_soleil" not in options and options["easy_memory"] is False
    # drawn again (with the error), the form shows it all as typed
    again = _fields_from_form(screens.setup_form(MookiesEngine, "fr", seats, options, {"fr": "x", "en": "x"}))
    assert again["seat-0-name"] == "Léa" and again["seat-1-kind"] == "bot" and again["seat-1-level"] == "hard"
    assert again["youngest"] == "1"
    with pytest.raises(BadSetup):
        screens.parse_setup(MookiesEngine, fields)


def test_options_of_one_mode_are_offered_only_in_that_mode():
    from ludotheque.games.masterislands import MasterIslandsEngine

    seats = screens.default_seats(MasterIslandsEngine, 3)
    solo = screens.setup_form(MasterIslandsEngine, "fr", seats, {"mode": "solo"})
    corsair = screens.setup_form(MasterIslandsEngine, "fr", seats, {"mode": "corsair"})
    corsair_only = ["corsair_seat", "difficulty", "corsair_target", "corsair_deck_out"]
    for name in corsair_only:
        assert f'name="opt-{name}"' not in solo and f'name="opt-{name}"' in corsair
    # the mode select redraws the form; the others do not
    assert re.search(r'<select name="opt-mode" data-change="setup-options"', solo)
    assert not re.search(r'<select name="opt-first_player" data-change', solo)
    # the engine still takes the defaults for options the form left out
    seats2, options = screens.parse_setup(MasterIslandsEngine, _fields_from_form(solo))
    assert "corsair_seat" not in options
    assert MasterIslandsEngine(seats2, options=options, seed=3).options["corsair_seat"] == 0
