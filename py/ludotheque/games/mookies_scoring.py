"""L'Île des Mookies' final count: trophies by family majority, the spider penalty, stars,
and the count told step by step as a referee would (catalogue messages ``mookies.end.*``).

The engine calls these once the last card of a pile is laid; the tally is plain JSON data
(records, saves and the end screen read it), its explanation a list of messages.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Sequence

from ..core.messages import Msg, msg
from .mookies_cards import Family, Laid, family_msg

Stars = Callable[[Family], int]


def family_counts(collection: Sequence[Laid]) -> Dict[Family, int]:
    counts = {f: 0 for f in Family}
    for laid in collection:
        if laid.face.family is not None:
            counts[laid.face.family] += laid.face.weight
    return counts


def spider_count(collection: Sequence[Laid]) -> int:
    return sum(1 for laid in collection if laid.face.is_spider)


def tally(collections: Sequence[Sequence[Laid]], stars: Stars) -> Dict[str, Any]:
    """Trophies by majority (a tie gives none) and who has more spiders; the penalty is not
    applied yet (the penalised player may have to choose)."""
    counts = [family_counts(c) for c in collections]
    trophies: List[List[str]] = [[], []]
    families = []
    for fam in Family:
        a, b = counts[0][fam], counts[1][fam]
        holder = 0 if a > b else 1 if b > a else None
        if holder is not None:
            trophies[holder].append(fam.value)
        families.append({
            "family": fam.value,
            "counts": [a, b],
            "legendary": [sum(1 for laid in c if laid.face.family is fam and laid.face.legendary) for c in collections],
            "trophy": holder,
            "stars": stars(fam),
        })
    spiders = [spider_count(c) for c in collections]
    penalised = 0 if spiders[0] > spiders[1] else 1 if spiders[1] > spiders[0] else None
    return {
        "families": families,
        "spiders": spiders,
        "penalised": penalised,
        "trophies_before_penalty": trophies,
        "returned": None,
    }


def fewest_star_trophy(owned: Sequence[str], stars: Stars) -> str:
    """The trophy a sensible player gives back: fewest stars, first in family order on a tie."""
    order = [f.value for f in Family]
    return min(owned, key=lambda fam: (stars(Family(fam)), order.index(fam)))


def settle(final: Dict[str, Any], returned: Optional[Family], stars: Stars, youngest: int) -> None:
    """The penalty applied (``returned``: the trophy given back, if any), stars and the winner."""
    final["returned"] = returned.value if returned else None
    kept = [list(t) for t in final["trophies_before_penalty"]]
    if returned is not None:
        kept[final["penalised"]].remove(returned.value)
    final["trophies"] = kept
    totals = [sum(stars(Family(f)) for f in kept[s]) for s in (0, 1)]
    final["stars"] = totals
    if totals[0] != totals[1]:
        final["winner"] = 0 if totals[0] > totals[1] else 1
        final["tiebreak"] = None
    else:
        final["winner"] = youngest
        final["tiebreak"] = "youngest"


def explain(final: Dict[str, Any], names: Sequence[str]) -> List[Msg]:
    """The end of the game in words, step by step, as a referee would say it."""
    steps = []
    for fam in final["families"]:
        a, b = fam["counts"]
        holders = [names[s] for s in (0, 1) if fam["legendary"][s]]
        said: Dict[str, Any] = {"family": family_msg(fam["family"]), "a": a, "b": b}
        if holders:  # one legendary per family: at most one holder
            said["holder"] = holders[0]
        legendary = "_legendary" if holders else ""
        if fam["trophy"] is None:
            steps.append(msg("mookies.end.family_tie" + legendary, **said))
        else:
            steps.append(msg("mookies.end.family_won" + legendary, winner=names[fam["trophy"]], n=fam["stars"], **said))
    sa, sb = final["spiders"]
    p = final["penalised"]
    if p is None:
        steps.append(msg("mookies.end.spiders_tie", a=sa, b=sb))
    elif not final["trophies_before_penalty"][p]:
        steps.append(msg("mookies.end.spiders_no_trophy", a=sa, b=sb, name=names[p]))
    else:
        steps.append(msg("mookies.end.spiders_return", a=sa, b=sb, name=names[p], family=family_msg(final["returned"])))
    s0, s1 = final["stars"]
    steps.append(msg("mookies.end.stars", first=names[0], a=s0, second=names[1], b=s1))
    winner = names[final["winner"]]
    steps.append(msg("mookies.end.tie_youngest" if final["tiebreak"] == "youngest" else "mookies.end.wins", name=winner))
    return steps
