"""Words a person reads (issue: "what a person sees"): French elision and agreement, no gendered
race results, device-neutral pass-and-play, no developer notation in rules or option values,
"the correct hand" (not "right hand") where French says "bonne main"."""
from __future__ import annotations

import re

from ludotheque.core.french import de
from ludotheque.core.messages import say
from ludotheque.explain import rules_pages
from ludotheque.games import engine_class
from ludotheque.games.masterislands import MasterIslandsEngine
from ludotheque.ui import masterislands as mi
from ludotheque.ui.i18n import pass_device

GAMES = ("mookies", "mindup", "mosquito", "masterislands")


def test_de_elides_before_a_vowel():
    assert de("Alice") == "d'Alice" and de("Émile") == "d'Émile" and de("Zoé") == "de Zoé" and de("Bot 1") == "de Bot 1"


def test_masterislands_hidden_hand_and_galleon_names_elide():
    seats = [{"name": "Alice", "kind": "human"}, {"name": "Bruno", "kind": "human"}]
    e = MasterIslandsEngine(seats, seed=2)
    html = mi.render(e.view(0), "fr", {"me": 0})
    assert "Main d&#x27;Alice cachée" in html and "Main de Alice" not in html
    html = mi.render(e.view(0), "fr", {"me": 0, "revealed": 0})
    assert "A1 : galion 1 d&#x27;Alice" in html and "B1 : galion 1 de Bruno" in html


def test_final_steps_agree_with_the_count():
    e = MasterIslandsEngine([{"name": "Ana", "kind": "bot"}, {"name": "Bea", "kind": "bot"}], seed=1)
    steps = e._explain({"cards": [0, 2], "sums": [0, 10], "sides": [[0], [1]], "side_cards": [0, 2],
                        "winner": 1, "reason": "deck", "tiebreak": None, "target": 12})
    text = " ".join(say(s, "fr") for s in steps)
    assert "0 carte conquise " in text and "2 cartes conquises" in text and "carte conquises" not in text


def test_pass_and_play_names_no_tablet():
    assert pass_device("Max", "fr") == "Passe l'appareil à Max"
    assert "tablet" not in pass_device("Max", "en")


NOTATION = re.compile(r">=|<=|≥|≤|\bmod\b|seat \+ 1|\d\.\.\d|défaut : \d+,\d|default: \d+,\d|défaut : 0\b|default: 0\b|\(ms\)")


def test_rules_pages_read_as_words():
    for game in GAMES:
        for lang in ("fr", "en"):
            html = rules_pages.page(game, lang, [])
            text = re.sub(r"<[^>]+>", "\n", html)
            assert not NOTATION.search(text), (game, lang, NOTATION.search(text).group(0))
            if game == "mosquito" and lang == "en":
                assert "with the right hand (" not in text and "correct hand" in text
    mi_fr = rules_pages.page("masterislands", "fr", [])
    assert "par défaut : trois 1, trois 2, deux 3, deux 4 et deux 5 par couleur" in mi_fr
    assert "par défaut : place 1" in mi_fr
    assert "3000 ms (3 s)" in rules_pages.page("mosquito", "fr", [])


def test_rules_contents_is_a_list_of_links():
    html = rules_pages.page("mosquito", "fr", [])
    toc = re.search(r'<nav class="rp-toc"[^>]*>(.*?)</nav>', html).group(1)
    assert toc.startswith("<ol>") and toc.count("<li>") >= 4


def test_option_values_in_the_rules_panel_are_words():
    cls = engine_class("mosquito")
    assert cls.OPTIONS.get("slap_window_ms").value_text(2500, "fr") == "2500 ms (2,5 s)"
    assert cls.OPTIONS.get("slap_window_ms").value_text(2500, "en") == "2500 ms (2.5 s)"
