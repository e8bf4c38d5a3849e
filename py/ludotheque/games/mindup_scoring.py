"""Mind Up!'s scoring, as pure functions shared by the engine and the bots: where a captured
card goes on a score strip, what each colour counts, which bonus objectives a strip meets, and
a round's breakdown for every player (DECISIONS.md, "Known")."""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from .mindup_data import BLUE, BONUS, COLOUR, COLOURS, GREEN, OBJECTIVES, ORANGE, PINK, PURPLE
from .mindup_texts import objective_msg

Strip = List[List[int]]  # five stacks of main cards, left to right, each bottom first


def place(strip: Strip, card: int) -> int:
    """Lay `card` on `strip` as the rules say; return the index (0 = leftmost) of its score card."""
    colour = COLOUR[card]
    for j, stack in enumerate(strip):
        if stack and COLOUR[stack[0]] == colour:
            stack.append(card)
            return j
    for j, stack in enumerate(strip):
        if not stack:
            stack.append(card)
            return j
    # Each score card holds one colour and there are as many colours as score cards,
    # so a sixth colour cannot exist: a card always finds its place.
    raise AssertionError("no free score card for a new colour")


def colour_counts(strip: Strip) -> List[int]:
    counts = [0] * 5
    for stack in strip:
        if stack:
            counts[COLOUR[stack[0]]] += len(stack)
    return counts


def colour_values(strip: Strip, order: Sequence[int]) -> Tuple[List[int], int]:
    """(value of the score card holding each colour, 0 if none; colour of the rightmost used card, -1 if none)."""
    values = [0] * 5
    last = -1
    for j, stack in enumerate(strip):
        if stack:
            values[COLOUR[stack[0]]] = order[j]
            last = COLOUR[stack[0]]
    return values, last


def objective_met(obj: int, counts: Sequence[int], values: Sequence[int], last: int,
                  everyone: Sequence[Sequence[int]]) -> bool:
    """Whether a player with these colour `counts`, colour `values` (score card under each colour,
    0 if absent) and rightmost colour `last` meets objective `obj`; `everyone` = every player's
    counts (the player included). "Nobody has fewer/more than you" holds for every tied player."""
    if obj == 1:
        return counts[ORANGE] in (1, 3)
    if obj == 2:
        return values[ORANGE] in (1, 2)
    if obj == 3:
        return counts[BLUE] in (2, 4)
    if obj == 4:
        return max(counts) <= counts[BLUE]
    if obj == 5:
        return min(c[PINK] for c in everyone) >= counts[PINK]
    if obj == 6:
        return max(c[PINK] for c in everyone) <= counts[PINK]
    if obj == 7:
        return last == GREEN
    if obj == 8:
        return values[GREEN] in (4, 5)
    if obj == 9:
        return counts[PURPLE] >= counts[ORANGE]
    if obj == 10:
        return max(c[PURPLE] for c in everyone) <= counts[PURPLE]
    if obj == 11:
        return all(counts)
    if obj == 12:
        return sum(1 for c in counts if c) == 3
    if obj == 13:
        return 3 in counts
    if obj == 14:
        return 4 in counts
    raise ValueError(f"unknown objective {obj}")


def score_strips(strips: Sequence[Strip], order: Sequence[int], objectives: Sequence[int]) -> List[Dict[str, Any]]:
    """The round's breakdown for every player: each card scores the value of its score card plus
    its own bonus/malus; then each objective in play adds its points to those who meet it.
    Objectives carry their condition as a message (``text``), plain JSON like the rest."""
    everyone = [colour_counts(s) for s in strips]
    out = []
    for seat, strip in enumerate(strips):
        stacks = []
        for j, stack in enumerate(strip):
            stacks.append({
                "value": order[j],
                "colour": COLOURS[COLOUR[stack[0]]] if stack else None,
                "cards": list(stack),
                "bonuses": [BONUS[c] for c in stack],
                "points": sum(order[j] + BONUS[c] for c in stack),
            })
        card_points = sum(s["points"] for s in stacks)
        values, last = colour_values(strip, order)
        objs = []
        for obj in objectives:
            met = objective_met(obj, everyone[seat], values, last, everyone)
            objs.append({"id": obj, "text": objective_msg(obj).to_dict(), "met": met,
                         "points": OBJECTIVES[obj] if met else 0})
        out.append({
            "strip": stacks,
            "counts": dict(zip(COLOURS, everyone[seat])),
            "card_points": card_points,
            "objectives": objs,
            "points": card_points + sum(o["points"] for o in objs),
        })
    return out
