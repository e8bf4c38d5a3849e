"""Mind Up! screen (pure): only legal choices are offered, hidden cards never reach the wrong seat's HTML."""
from __future__ import annotations

import re
from functools import partial
from html import escape, unescape

from ludotheque.core.catalogue import load_words
from ludotheque.core.messages import msg, say
from ludotheque.games.mindup import MindUpEngine
from ludotheque.session import Session
from ludotheque.ui import mindup as ui_mod

from builders import seats as table

MOVE = re.compile(r'data-action="move/([^"]+)"')
CARD = 'data-card="{}"'


seats = partial(table, names=("Léa", "Tom", "Zoé", "Max", "Eli", "Noé"), level="easy")


def shown(session, ui, lang="fr"):
    seat = ui_mod.perspective(session, ui)
    view = session.engine.view(seat)
    return seat, view, str(ui_mod.render(view, lang, ui)) + ui_mod.status_text(view, lang)


def public_cards(view):
    out = set(view["centre"])
    for strip in view["strips"]:
        for st in strip:
            out.update(st["cards"])
    for r in view["last_reveal"]:
        out.update((r["played"], r["took"]))
    for rnd in view["rounds"]:
        for p in rnd["players"]:
            for st in p["strip"]:
                out.update(st["cards"])
    for known in view["known_in_hand"]:
        out.update(known)
    return out


def hidden_of(engine, seat, view):
    """Cards only `seat` may see: its hand and its pending choice, minus what is public."""
    secret = set(engine.hands[seat])
    if engine.chosen[seat] is not None:
        secret.add(engine.chosen[seat])
    return secret - public_cards(view)


def test_only_the_legal_choices_are_offered_to_the_acting_seat():
    e = MindUpEngine(seats(["human", "bot", "bot", "bot"]), seed=11)
    s = Session(e, "t")
    ui = {}
    seat, view, html = shown(s, ui)
    assert seat == 0 and ui["seat"] == 0
    offered = sorted(MOVE.findall(html))
    assert offered == sorted(m.action for m in e.legal_moves(0)) and len(offered) == 7
    s.act(0, offered[0])
    seat, view, html = shown(s, ui)
    assert MOVE.findall(html) == []  # chosen: nothing more to play this turn
    assert 'data-testid="chosen"' in html


def test_a_whole_game_in_pass_and_play_never_leaks_a_hand_or_a_pending_choice():
    e = MindUpEngine(seats(["human", "human", "bot", "human"]), options={"objectives": 2}, seed=5)
    s = Session(e, "t")
    ui = {}
    privacy_screens = 0
    while True:
        seat, view, html = shown(s, ui)
        for other in range(4):
            if other == seat:
                continue
            for c in hidden_of(e, other, view):
                assert CARD.format(c) not in html, (seat, other, c)
                assert f'play/{c}"' not in html
        if e.is_over() and not ui.get("reveal"):
            break
        if ui.get("reveal"):
            assert MOVE.findall(html) == []
            ui_mod.handle_ui("next", ui, s)
            continue
        if s.bot_to_act() is not None:
            ui_mod.after_move(s, ui, s.bot_step())
            continue
        if seat is None:
            assert 'data-testid="privacy"' in html and "Passe l&#x27;appareil" in html
            assert MOVE.findall(html) == [] and 'data-testid="hand"' not in html
            privacy_screens += 1
            ui_mod.handle_ui(f"unlock/{ui['seat']}", ui, s)
            continue
        offered = MOVE.findall(html)
        assert sorted(offered) == sorted(m.action for m in e.legal_moves(seat))
        ui_mod.after_move(s, ui, s.act(seat, offered[-1]))
    assert privacy_screens == 3 * (6 + 7 + 8)
    assert 'data-testid="end-screen"' in html and "Manche 3" in html


def test_the_privacy_screen_hides_the_previous_choice():
    e = MindUpEngine(seats(["human", "human", "bot"]), seed=3)
    s = Session(e, "t")
    ui = {}
    _, _, html = shown(s, ui)
    assert "Passe l&#x27;appareil à Léa" in html and "Je suis Léa — voir ma main" in html
    ui_mod.handle_ui("unlock/1", ui, s)  # only the named person may unlock
    assert ui_mod.perspective(s, ui) is None
    ui_mod.handle_ui("unlock/0", ui, s)
    seat, view, html = shown(s, ui)
    assert seat == 0
    card = view["hand"][2]
    ui_mod.after_move(s, ui, s.act(0, f"play/{card}"))
    seat, view, html = shown(s, ui)
    assert seat is None and "Passe l&#x27;appareil à Tom" in html
    assert CARD.format(card) not in html
    ui_mod.handle_ui("unlock/1", ui, s)
    seat, view, html = shown(s, ui)
    assert seat == 1 and CARD.format(card) not in html and f"play/{card}" not in html


def test_one_person_with_bots_sees_the_hand_at_once_and_the_reveal_pauses_the_bots():
    e = MindUpEngine(seats(["bot", "human", "bot"]), seed=8)
    s = Session(e, "t")
    ui = {}
    while s.bot_to_act() is not None:
        ui_mod.after_move(s, ui, s.bot_step())
    seat, view, html = shown(s, ui)
    assert seat == 1 and 'data-testid="privacy"' not in html
    assert ui_mod.bot_delay(s, ui, 700) == 0
    ui_mod.after_move(s, ui, s.act(1, MOVE.findall(html)[0]))
    assert ui["reveal"]["step"] == 0 and ui_mod.bots_paused(s, ui)
    seat, view, html = shown(s, ui)
    assert seat is None and 'data-testid="reveal"' in html and "Révélation — Manche 1, Tour 1" in html
    # the engine is already at turn 2; the status line speaks of the turn being revealed
    assert view["turn"] == 2
    assert ui_mod.status_text(view, "fr", ui) == "Révélation — Manche 1, Tour 1"
    assert ui_mod.status_text(view, "en", ui) == "Reveal — Round 1, Turn 1"
    for step in range(3):
        assert html.count("mu-reveal-row shown") == step
        ui_mod.handle_ui("next", ui, s)
        _, _, html = shown(s, ui)
    assert "Continuer" in html
    ui_mod.handle_ui("next", ui, s)
    assert not ui.get("reveal") and not ui_mod.bots_paused(s, ui)


def test_round_end_panel_and_end_screen_give_the_breakdown_in_both_languages():
    e = MindUpEngine(seats(["human", "bot", "bot"]), options={"objectives": 1}, seed=4)
    s = Session(e, "t")
    ui = {}
    rounds_seen = 0
    while not e.is_over() or ui.get("reveal"):
        seat, view, html = shown(s, ui)
        if ui.get("reveal"):
            if ui["reveal"]["phase"] == "round":
                rounds_seen += 1
                assert 'data-testid="round-end"' in html and "Points de la manche" in html
                _, _, en = shown(s, ui, "en")
                assert "Round points" in en
            ui_mod.handle_ui("next", ui, s)
        elif s.bot_to_act() is not None:
            ui_mod.after_move(s, ui, s.bot_step())
        else:
            assert 'data-testid="objectives"' in html and escape(say(view["objectives"][0]["text"], "fr")) in html
            ui_mod.after_move(s, ui, s.act(seat, MOVE.findall(html)[0]))
    assert rounds_seen == 3
    view = e.view(0)
    fr, en = str(ui_mod.render(view, "fr", ui)), str(ui_mod.render(view, "en", ui))
    result = view["result"]
    assert "Partie terminée" in fr and "Game over" in en
    for step in result["steps"]:
        assert escape(say(step, "fr")) in fr and escape(say(step, "en")) in en
    for seat, total in enumerate(result["scores"]):
        assert f'data-testid="final-total-{seat}">{total}<' in fr
    assert "Points des cartes" in fr and "Card points" in en


def test_tie_break_is_said_in_words():
    e = MindUpEngine(seats(["human", "bot", "bot"]), seed=4)
    while not e.is_over():
        e.apply(e.legal_moves()[0])
    view = e.view(0)
    view["result"] = dict(view["result"], tiebreak="last_round",
                          steps=view["result"]["steps"][:-1] + [msg("mindup.end.tie_last_round", name="Léa").to_dict()])
    html = str(ui_mod.render(view, "fr", {}))
    assert 'data-testid="tiebreak"' in html
    assert "Départage : Égalité au total : Léa a le meilleur score de la dernière manche" in html
    html = str(ui_mod.render(view, "en", {}))
    assert "Tie-break: Tied totals: Léa has the best last-round score" in html


# -- German and Spanish: nothing left from French or English -----------------------------------

def _visible(markup: str) -> str:
    """Visible words and the names given to assistive tech (aria-label, title)."""
    labels = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    return unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels)


def _fragments(text: str) -> list:
    """The fixed words of a catalogue text, cut at its parameters ("Passe l'appareil à {name}"
    -> ["Passe l'appareil à"]), kept when long enough to mean something."""
    parts = (p.strip(" :;,.—→()«»'\"!?¡¿") for p in re.split(r"\{[^}]*\}", text))
    return [p for p in parts if len(p) >= 5 and re.search(r"[^\W\d_]{3}", p)]


def _leftovers(lang: str, shown_text: str) -> set:
    words = load_words().catalogues
    ours = {i for i in words["fr"].messages if i.startswith("mindup.")}
    mine = " ".join(str(words[lang].messages[i]) for i in ours)
    found = set()
    for src in ("fr", "en"):
        for i in ours:
            text = words[src].messages[i]
            for form in (text if isinstance(text, list) else [text]):
                for frag in _fragments(form):
                    if frag not in mine and frag in shown_text:
                        found.add((src, i, frag))
    return found


def _every_screen(lang: str) -> str:
    """Everything the Mind Up! screen shows along a whole game (pass-and-play hand-over, hand,
    chosen card, reveal step by step, round scores, end screen), worded in ``lang``."""
    e = MindUpEngine(seats(["human", "human", "bot", "human"]), options={"objectives": 3}, seed=9)
    s = Session(e, "t")
    ui: dict = {}
    out = []
    while True:
        seat, view, html = shown(s, ui, lang)
        out.append(_visible(html + ui_mod.status_text(view, lang, ui)))
        out += [line for _, line, _ in ui_mod.live_lines(view, lang, ui)]
        if e.is_over() and not ui.get("reveal"):
            break
        if ui.get("reveal"):
            ui_mod.handle_ui("next", ui, s)
        elif s.bot_to_act() is not None:
            ui_mod.after_move(s, ui, s.bot_step())
        elif seat is None:
            ui_mod.handle_ui(f"unlock/{ui['seat']}", ui, s)
        else:
            ui_mod.after_move(s, ui, s.act(seat, MOVE.findall(html)[-1]))
    out += [say(entry.words(reader), lang) for entry in s.history for reader in (None, 0, 1, 3)]
    return "\n".join(out)


def test_german_and_spanish_screens_keep_no_french_or_english_word():
    de, es = _every_screen("de"), _every_screen("es")
    # the screens were worded (not a fallback to French): words of each language show
    assert "Wertungskarten" in de and "Gib das Gerät an Léa weiter" in de and "Deine Hand" in de
    assert "Cartas de puntuación" in es and "Pasa el dispositivo a Léa" in es and "Tu mano" in es
    assert _leftovers("de", de) == set()
    assert _leftovers("es", es) == set()
    # and the check itself finds a French screen's words in a German reading
    assert _leftovers("de", _every_screen("fr"))
