"""Positions for the tablet tour, as record links: each puts a person in front of one key moment
(Mookies trophy return, Mind Up! last card of a round, Mosquito race and "Moustique !" window,
MasterIslands galleon move and conquest). Found by bot self-play from fixed seeds, or dealt
explicitly, so the tour starts each moment in one page load instead of playing up to it."""
from __future__ import annotations

from typing import Callable, List

from ludotheque.bots import BotLevel, choose
from ludotheque.core.engine import Engine, Move
from ludotheque.core.seats import BotLevel, Seat
from ludotheque.games.masterislands import MasterIslandsEngine
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.mosquito import DOMINOES, MosquitoEngine

from builders import seats

NAMES = ["Léa", "Tom", "Inès", "Noé", "Zoé", "Jules"]


def table(n: int, people: List[int]) -> List[Seat]:
    """Seats `people` are persons (NAMES), the others "Robot i"; seat 0, a person, is the youngest."""
    kinds = "".join("h" if i in people else "b" for i in range(n))
    return seats(kinds, names=NAMES, robots=True, youngest=0 if 0 in people else None)


def selfplay_until(make: Callable[[int], Engine], wanted: Callable[[Engine], bool], seeds=range(1, 200)) -> str:
    """The first position (over seeds) where `wanted` holds, reached by bots playing every seat."""
    for seed in seeds:
        e = make(seed)
        while not e.is_over():
            if wanted(e):
                return e.record().to_url_fragment()
            seat = e.to_act()[0]
            e.apply(choose(e, seat, BotLevel.NORMAL))
        if wanted(e):
            return e.record().to_url_fragment()
    raise AssertionError("no seed reaches the wanted position")


def link(fragment: str) -> str:
    return "?botdelay=0#record=" + fragment


# -- Mookies ----------------------------------------------------------------------------------
def mookies_trophy_return() -> str:
    """The person ends with more spiders and holds trophies: the trophy-return prompt."""
    return link(selfplay_until(lambda seed: MookiesEngine(table(2, [0]), seed=seed),
                               lambda e: e.phase.value == "penalty" and e.to_act() == [0]))


# -- Mind Up! -----------------------------------------------------------------------------------
def mindup_last_card(n: int = 4) -> str:
    """Everyone holds two cards in round 1 (the last one is not played): one choice away from the
    round-end panel."""
    return link(selfplay_until(lambda seed: MindUpEngine(table(n, [0]), seed=seed),
                               lambda e: len(e.hands[0]) == 2 and 0 in e.to_act(), seeds=range(1, 3)))


# -- Mosquito PLAF! ------------------------------------------------------------------------------
def _mosquito(n: int, people: List[int], mine: List[str], up: str, play: str) -> str:
    """Léa (seat 0, youngest: she starts) holds `mine` on `up` and has just played `play`; the
    others hold cards sharing no digit with `up`; seats in `people` are persons, the rest bots.
    Races stay open 10 s (the longest the house rule allows) so the tour can look at them."""
    others: List[List[str]] = []
    digits = set(up[0] + up[1])
    spare = [c for c in DOMINOES if not set(c) & digits and c not in mine and c != up]
    for _ in range(n - 1):
        others.append([spare.pop(), spare.pop(), spare.pop()])
    pile = spare + ["M0", "M1", "M2", "M5", "M6", "M7", "M8", "M9"]
    deck = {"hands": [list(mine)] + others, "up": up, "pile": pile}
    e = MosquitoEngine(table(n, people), options={"slap_window_ms": 10000}, seed=5, deck=deck)
    e.apply(Move(0, "play/" + play))
    return link(e.record().to_url_fragment())


def mosquito_race(n: int, people: List[int]) -> str:
    """Léa has just played Mosquito 4 on 6/4: a PLAF! race is open."""
    return _mosquito(n, people, ["M4", "98", "87"], "64", "M4")


def mosquito_call(n: int, people: List[int]) -> str:
    """Léa has just played 4/1 on 4/0 and holds one card: the "Moustique !" window."""
    return _mosquito(n, people, ["41", "54"], "40", "41")


# -- MasterIslands --------------------------------------------------------------------------------
def masterislands(n: int, mode: str, conquest: bool) -> str:
    """The person's turn in `mode`: at a discovery phase (in Corsair mode: as the Corsair, moving
    galleons), or with a conquest to make (in Corsair mode: against the Corsair)."""
    options = {"mode": mode}
    if mode == "corsair" and conquest:
        options["corsair_seat"] = 1
    corsair_moves = mode == "corsair" and not conquest

    def wanted(e: Engine) -> bool:
        if e.to_act() != [0]:
            return False
        acts = [m.action for m in e.legal_moves(0)]
        if conquest:
            return any(a.startswith("conquer/") for a in acts)
        if corsair_moves:
            return any(a.startswith("move/") for a in acts) and len(e.moves) > 2 * n
        return any(a.startswith("place/") for a in acts) and len(e.moves) > 4 * n

    return link(selfplay_until(lambda seed: MasterIslandsEngine(table(n, [0]), options=options, seed=seed), wanted,
                               seeds=range(1, 30)))


def all_positions() -> dict:
    return {
        "mookies-return": mookies_trophy_return(),
        "mindup-last": mindup_last_card(),
        **{f"mosquito-race-{n}": mosquito_race(n, [0, 2]) for n in (3, 6)},
        **{f"mosquito-call-{n}": mosquito_call(n, [0, 2]) for n in (3, 6)},
        **{f"mi-{mode}-{what}": masterislands(4 if mode != "solo" else 2, mode, what == "conquest")
           for mode in ("solo", "team", "corsair") for what in ("move", "conquest")},
    }


if __name__ == "__main__":
    import time
    t = time.time()
    for k, v in all_positions().items():
        print(k, len(v))
    print(f"{time.time() - t:.1f} s")
