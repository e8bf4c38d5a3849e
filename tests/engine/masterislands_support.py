"""Helpers shared by the MasterIslands engine tests (not collected: no ``test_`` prefix).

Positions are built from explicit decks (docs/records.md, MasterIslands): a grid of cards
written ``{(x, y): "R3"}`` (or as rows of text, ``.`` for an empty space), galleons per
seat, hands, cards already captured. Cards not used elsewhere fill the draw pile (sorted
by code, top first) unless a draw pile is given, so the 48 cards stay complete.

Conquest tests park every galleon in a "harbour" far from the cells under test: two cards
(HARBOUR) around which the player to act lays a card and moves a galleon without making or
breaking any line near the origin (``discover``).
"""
from __future__ import annotations

from collections import Counter
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

from ludotheque.core.engine import Move
from ludotheque.core.rng import Rng
from ludotheque.core.errors import IllegalMove
from ludotheque.games.masterislands import DIRECTIONS, MasterIslandsEngine, full_deck

from builders import seats  # the engine tests take their tables from here too

HARBOUR = {(100, 37): "Y1", (101, 37): "Y2"}
DOCK = (100, 37)          # where galleons wait

Pos = Tuple[int, int]


def rows(text: str, origin: Pos = (0, 0)) -> Dict[Pos, str]:
    """Rows of card codes separated by spaces, `.` for an empty space; y grows downward."""
    out = {}
    for y, line in enumerate(l for l in text.strip("\n").splitlines() if l.strip()):
        for x, token in enumerate(line.split()):
            if token != ".":
                out[(origin[0] + x, origin[1] + y)] = token
    return out


def leftover(used: Iterable[str], distribution: str = "3,3,2,2,2") -> List[str]:
    """The cards of the box not in `used`, sorted by code."""
    rest = Counter(c.code for c in full_deck(distribution))
    rest.subtract(Counter(used))
    assert all(v >= 0 for v in rest.values()), f"too many cards: {rest}"
    return sorted(rest.elements())


def game(
    hands: Sequence[Sequence[str]],
    grid: Optional[Mapping[Pos, str]] = None,
    galleons: Optional[Sequence[Sequence[Pos]]] = None,
    captured: Optional[Sequence[Sequence[str]]] = None,
    draw: Optional[Sequence[str]] = None,
    harbour: bool = True,
    **options,
) -> MasterIslandsEngine:
    """A game on an explicit position. With `harbour`, HARBOUR is added to the grid and every
    galleon not placed by `galleons` waits on DOCK."""
    n = len(hands)
    cells = dict(grid or {})
    if harbour:
        cells.update(HARBOUR)
    deck: dict = {"hands": [list(h) for h in hands], "grid": {f"{x},{y}": c for (x, y), c in cells.items()}}
    if captured is not None:
        deck["captured"] = [list(c) for c in captured]
    opts = MasterIslandsEngine.OPTIONS.resolve(options)
    if galleons is None:
        galleons = []
        for seat in range(n):
            solo_or_corsair = opts["mode"] == "solo" or (opts["mode"] == "corsair" and seat == opts["corsair_seat"])
            galleons.append([DOCK if harbour else (0, 0)] * (2 if solo_or_corsair else 1))
    deck["galleons"] = [[list(p) for p in spots] for spots in galleons]
    used = [c for h in hands for c in h] + list(cells.values()) + [c for cap in (captured or []) for c in cap]
    deck["draw"] = list(draw) if draw is not None else leftover(used, opts["distribution"])
    return MasterIslandsEngine(seats(n), options=options, deck=deck)


def discover(engine: MasterIslandsEngine, card: Optional[str] = None) -> None:
    """The player to act lays a card (the first of their hand by default) and moves a galleon,
    both in the harbour (x >= 99); an extra same-colour discovery is declined."""
    seat = engine.to_act()[0]
    code = card or engine.hands[seat][0].code
    places = [m for m in engine.legal_moves() if m.action.startswith(f"place/{code}@")
              and int(m.action.split("@")[1].split(",")[0]) >= 99]
    engine.apply(places[0])
    moves = [m for m in engine.view(seat)["legal"]["moves"] if m["to"][0] >= 99]
    engine.play(f"{seat}:{moves[0]['action']}")
    if engine.to_act() == [seat] and engine.view(seat).get("discovery", {}).get("optional"):
        engine.play(f"{seat}:end")


def refused(engine: MasterIslandsEngine, text: str) -> str:
    """The rule id that forbids move `text` (fails the test if the move is legal)."""
    try:
        engine.play(text)
    except IllegalMove as exc:
        assert not engine.is_legal(Move.decode(text))
        return exc.rule
    raise AssertionError(f"{text} was accepted")


def actions(engine: MasterIslandsEngine) -> List[str]:
    return [m.encode() for m in engine.legal_moves()]


def cells_of(engine: MasterIslandsEngine) -> Dict[Pos, str]:
    return {p: c.code for p, c in engine.grid.items()}


def all_cards(engine: MasterIslandsEngine) -> Counter:
    """Every card in the game wherever it is: grid, hands, draw pile, captured."""
    cards = list(engine.grid.values()) + list(engine.pile)
    cards += [c for h in engine.hands for c in h] + [c for cap in engine.captured for c in cap]
    return Counter(c.code for c in cards)


def first_non_conquest(engine: MasterIslandsEngine) -> Move:
    """A legal move that conquers nothing (for tests that let rounds run out)."""
    legal = engine.legal_moves()
    for m in legal:
        if m.action in ("noconquest", "end"):
            return m
    for m in legal:
        if not m.action.startswith("conquer/"):
            return m
    return legal[0]


# -- random play (the property tests and the messages test) -----------------------------
CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"mode": "team"}),
    (3, {"mode": "corsair"}),
    (4, {"mode": "corsair", "corsair_seat": 2, "difficulty": "easy"}),
    (2, {"line_gaps": False, "conquest_scope": "turn", "first_player": 1}),
    (3, {"mode": "corsair", "corsair_deck_out": "play_on", "distribution": "4,2,2,2,2"}),
]
MAX_MOVES = 1500


def noise(engine: MasterIslandsEngine, rng: Rng) -> Move:
    """A random move in canonical form, legal or not."""
    seat = engine.to_act()[0]
    cells = sorted(engine.grid)
    kind = rng.below(5)
    if kind == 0:
        hand = engine.hands[seat] or full_deck()[:1]
        x, y = rng.choice(cells)
        return Move(seat, f"place/{rng.choice(hand).code}@{x + rng.below(3) - 1},{y + rng.below(3) - 1}")
    if kind == 1:
        return Move(seat, f"move/{1 + rng.below(2)}/{rng.choice(sorted(DIRECTIONS))}")
    if kind == 2 and len(cells) >= 2:
        pick = sorted({rng.choice(cells) for _ in range(2 + rng.below(3))})
        return Move(seat, "conquer/" + ";".join(f"{x},{y}" for x, y in pick))
    return Move(seat, rng.choice(["noconquest", "end"]))
