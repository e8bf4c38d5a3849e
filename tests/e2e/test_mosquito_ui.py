"""Mosquito PLAF! through the real page, one person against three bots: PLAF! races won with the
right hand and lost with the wrong one, a false slap (keyboard), two fingers at once, "Moustique !"
called in time and missed (caught by a bot), a full round to its score screen."""
from __future__ import annotations

import json

from ludotheque.core.record import Record
from ludotheque.games.mosquito import DOMINOES, MosquitoEngine
from ludotheque.games.replay import replay

from builders import seats


def lea_and_robots():
    return seats("hbbb", names=["Léa"], robots=True, youngest=0)


def position(deck, seed) -> str:
    return "?botdelay=0#record=" + MosquitoEngine(lea_and_robots(), seed=seed, deck=deck).record().to_url_fragment()


def race_deck():
    """Léa holds two Mosquito cards and a 4/3; no bot card nor any card of the pile follows a 4 or a 3."""
    hand = ["M4", "43", "M3", "98", "87"]
    bots = [["10", "20", "21"], ["50", "51", "52"], ["60", "61", "62"]]
    used = set(hand) | {c for b in bots for c in b} | {"64"}
    pile = [c for c in DOMINOES if not set(c) & set("34") and c not in used] + \
        ["M0", "M1", "M2", "M5", "M6", "M7", "M8", "M9"]
    return {"hands": [hand] + bots, "up": "64", "pile": pile}


def call_deck():
    """Léa holds 4/1 and 5/4 on a 4/0; the bots cannot follow 4/0 nor 4/1 (two identical deals)."""
    hand = ["41", "54"]
    bots = [["32", "62", "63"], ["72", "73", "76"], ["82", "83", "86"]]
    used = set(hand) | {c for b in bots for c in b} | {"40"}
    pile = [c for c in DOMINOES if not set(c) & set("4150") and c not in used] + ["M2", "M3", "M6", "M7", "M8", "M9"]
    deal = {"hands": [hand] + bots, "up": "40", "pile": pile}
    return {"rounds": [deal, deal]}


def saved_moves(page) -> list:
    stored = page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('ludotheque/v1/save/'))
                                   .map(k => localStorage.getItem(k))""")
    assert len(stored) == 1
    return json.loads(stored[0])["record"]["moves"]


def count(page, seat: int) -> str:
    return page.inner_text(f"[data-testid=count-{seat}]")


def play(page, *cards: str) -> None:
    page.wait_for_selector("[data-testid=play], button[data-testid=card-%s]" % cards[0])
    for c in cards:
        page.click(f"button[data-testid=card-{c}]")
    page.click("[data-testid=play]")


TWO_FINGERS = """([first, second]) => {
    const hit = (hand) => {
        const b = document.querySelector(`[data-slap="0/${hand}"]`);
        b.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, cancelable: true, pointerId: hand === 'L' ? 1 : 2,
                                                         pointerType: 'touch', isPrimary: hand === 'L'}));
    };
    hit(first);
    hit(second);
    return document.querySelector('[data-testid=status]').innerText;
}"""


def test_plaf_races_false_slap_and_two_fingers(page, open_app):
    open_app(page, position(race_deck(), 11))
    page.click("[data-action=branch]")  # a link opens in replay: play on from its last ply
    page.wait_for_selector("button[data-testid=card-M4]")
    for hand in "LR":  # slap buttons are never disabled
        assert page.locator(f"[data-testid=slap-0-{hand}]").is_enabled()
    # a false slap with the keyboard (A = left hand): 3 cards
    assert "5 cartes" in count(page, 0)
    page.keyboard.press("a")
    page.wait_for_function("document.querySelector('[data-testid=count-0]').innerText.startsWith('8 ')")
    assert "fausse tape" in page.inner_text("[data-testid=last-move]")
    # Mosquito 4 (even): two fingers at once, right then left: the right one counts, the left is refused
    play(page, "M4")
    page.wait_for_selector(".msq-board.racing")
    status = page.evaluate(TWO_FINGERS, ["R", "L"])
    assert "déjà frappé" in status
    result = page.wait_for_selector("[data-testid=race-result]")
    assert "Le plus rapide : Léa" in result.text_content()
    slaps = [m for m in saved_moves(page) if m.startswith("0:slap/")]
    assert slaps[0] == "0:slap/L/0" or slaps[0].startswith("0:slap/L/")  # the false slap
    assert len(slaps) == 2 and slaps[1].startswith("0:slap/R/") and int(slaps[1].split("/")[2]) < 320
    # the bots cannot follow: back to Léa, who plays 4/3, then Mosquito 3 (odd: left) slapped with the right hand
    play(page, "43")
    play(page, "M3")
    page.wait_for_selector(".msq-board.racing")
    page.evaluate("() => document.querySelector('[data-slap=\"0/R\"]').dispatchEvent("
                  "new PointerEvent('pointerdown', {bubbles: true, cancelable: true}))")
    page.wait_for_function("(document.querySelector('[data-testid=race-result]') || {}).textContent?.includes('Moustique 3')")
    text = page.text_content("[data-testid=race-result]")
    assert "Mauvaise main pour Léa : 3 cartes" in text and "Léa +3" in text
    engine = replay(Record.from_dict({"format": "ludotheque-record", "version": 1, "game": "mosquito", "rules_version": 1,
                               "options": {}, "seats": [s.to_dict() for s in lea_and_robots()], "seed": 11,
                               "deck": race_deck(), "moves": saved_moves(page)}))
    assert engine.last_race["wrong"] == [0] and len(engine.hands[0]) == 8 + 3 - 3


def test_moustique_called_in_time_full_round_then_missed_and_caught(page, open_app):
    open_app(page, position(call_deck(), 13))
    page.click("[data-action=branch]")
    play(page, "41")
    page.click("[data-testid=call-0]")  # bots notice after 1.5 s at the earliest
    page.wait_for_selector(".msq-called")
    play(page, "54")  # last card: the round ends
    overlay = page.wait_for_selector("[data-testid=round-end]")
    text = overlay.inner_text()
    assert "Fin de la manche 1" in text and "-10" in text and "Léa a posé sa dernière carte" in text
    page.click("[data-testid=round-ok]")
    # round 2: the bots draw and pass, Léa comes down to one card and forgets to call
    play(page, "41")
    page.wait_for_selector("[data-testid=call-0]")
    page.wait_for_function("document.querySelector('[data-testid=count-0]').innerText.startsWith('2 ')", timeout=8000)
    moves = saved_moves(page)
    assert "0:call" in moves and moves.count("0:call") == 1
    last_play = len(moves) - 1 - moves[::-1].index("0:play/41")
    catches = [i for i, m in enumerate(moves) if m.endswith(":catch/0")]
    assert len(catches) == 1 and catches[0] > last_play  # a bot caught Léa after her play
    assert "0:call" not in moves[last_play:]
    assert page.locator("[data-testid=call-0]").count() == 0
