"""The grid as the MasterIslands bot sees it (bots/masterislands.py), with cheap what-ifs:
a plan's card, galleon moves and conquests are laid, scored and rolled back from a journal.

Each line keeps, for every sum 0..10, the largest number of its free cards adding up to it
(a small knapsack), recomputed only for lines through cells a plan changes.
"""
from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from ..games.masterislands import TARGET_SUM, VALUES, line_keys, neighbours

Pos = Tuple[int, int]
Key = Tuple[int, int]

W_FAR = 0.3        # (Corsair) weight of a space the crew reach only after a galleon move


def _knapsack(values: Iterable[int]) -> List[int]:
    """best[s] = most cards adding up to s (s = 0..10), -1 when s cannot be made."""
    best = [0] + [-1] * TARGET_SUM
    for v in values:
        for s in range(TARGET_SUM, v - 1, -1):
            b = best[s - v]
            if b >= 0 and b + 1 > best[s]:
                best[s] = b + 1
    return best


class Board:
    """The grid seen by the bot, with cheap what-ifs (changes are journaled and rolled back)."""

    def __init__(self, view: Dict[str, Any]) -> None:
        self.values: Dict[Pos, int] = {}
        self.colours: Dict[Pos, str] = {}
        self.members: Dict[Key, Set[Pos]] = {}
        self.blocked: Dict[Pos, int] = {}
        for c in view["cells"]:
            self._add((c["x"], c["y"]), c["value"], c["colour"])
        for g in view["galleons"]:
            self._block((g["x"], g["y"]), 1)
        self.base: Dict[Key, List[int]] = {}
        self.temp: Dict[Key, List[int]] = {}
        self.dirty: Set[Key] = set()
        self.journal: List[Tuple[str, Pos, Any]] = []
        self.ranked = sorted(((self.stats(k)[TARGET_SUM], k) for k in self.members), reverse=True)
        self.ranked = [(b, k) for b, k in self.ranked if b > 0]
        self.open_base = sum(b for b, _ in self.ranked)

    # raw changes
    def _add(self, pos: Pos, value: int, colour: str) -> None:
        self.values[pos] = value
        self.colours[pos] = colour
        for k in line_keys(pos):
            self.members.setdefault(k, set()).add(pos)

    def _remove(self, pos: Pos) -> Tuple[int, str]:
        value, colour = self.values.pop(pos), self.colours.pop(pos)
        for k in line_keys(pos):
            self.members[k].discard(pos)
        return value, colour

    def _block(self, pos: Pos, delta: int) -> None:
        left = self.blocked.get(pos, 0) + delta
        if left:
            self.blocked[pos] = left
        else:
            del self.blocked[pos]

    # journaled what-ifs
    def _touch(self, pos: Pos) -> None:
        for k in line_keys(pos):
            self.dirty.add(k)
            self.temp.pop(k, None)

    def place(self, pos: Pos, value: int, colour: str = "") -> None:
        self._add(pos, value, colour)
        self.journal.append(("place", pos, None))
        self._touch(pos)

    def take(self, pos: Pos) -> None:
        self.journal.append(("take", pos, self._remove(pos)))
        self._touch(pos)

    def sail(self, src: Pos, dst: Pos) -> None:
        self._block(src, -1)
        self._block(dst, 1)
        self.journal.append(("sail", src, dst))
        self._touch(src)
        self._touch(dst)

    def rollback(self) -> None:
        while self.journal:
            op, pos, data = self.journal.pop()
            if op == "place":
                self._remove(pos)
            elif op == "take":
                self._add(pos, *data)
            else:
                self._block(data, -1)
                self._block(pos, 1)
        self.dirty.clear()
        self.temp.clear()

    # line facts
    def _free(self, key: Key) -> List[Tuple[Pos, int]]:
        return [(p, self.values[p]) for p in sorted(self.members.get(key, ())) if p not in self.blocked]

    def stats(self, key: Key) -> List[int]:
        cache = self.temp if key in self.dirty else self.base
        st = cache.get(key)
        if st is None:
            st = cache[key] = _knapsack(v for _, v in self._free(key))
        return st

    def best_line(self) -> Tuple[int, Optional[Key]]:
        """The most cards one conquest can take now, and its line."""
        best, where = 0, None
        for b, k in self.ranked:
            if k not in self.dirty:
                best, where = b, k
                break
        for k in self.dirty:
            b = self.stats(k)[TARGET_SUM]
            if b > best or (b == best and b > 0 and (where is None or k < where)):
                best, where = b, k
        return best, where

    def open_total(self) -> int:
        """Cards of the largest conquest of every line, added up (what a few turns could take)."""
        total = self.open_base
        for k in self.dirty:
            base = self.base.get(k)
            if base is not None and base[TARGET_SUM] > 0:
                total -= base[TARGET_SUM]
            total += max(0, self.stats(k)[TARGET_SUM])
        return total

    def best_cells(self, key: Key) -> List[Pos]:
        """The cells of a largest conquest on line `key`."""
        items = self._free(key)
        n = len(items)
        table = [[-1] * (TARGET_SUM + 1) for _ in range(n + 1)]
        table[0][0] = 0
        for i, (_, v) in enumerate(items):
            row, nxt = table[i], table[i + 1]
            for s in range(TARGET_SUM + 1):
                nxt[s] = row[s]
                if s >= v and row[s - v] >= 0 and row[s - v] + 1 > nxt[s]:
                    nxt[s] = row[s - v] + 1
        cells, s = [], TARGET_SUM
        for i in range(n, 0, -1):
            if table[i][s] != table[i - 1][s]:
                cells.append(items[i - 1][0])
                s -= items[i - 1][1]
        return cells

    def reach(self, spots: Iterable[Pos]) -> Set[Pos]:
        """Free spaces a player with galleons on `spots` could fill next turn (after a move or not)."""
        out: Set[Pos] = set()
        values = self.values
        for spot in spots:
            for nb in neighbours(spot):
                if nb not in values:
                    out.add(nb)
                else:
                    out.update(p for p in neighbours(nb) if p not in values)
        return out

    def completions(self, spots: Sequence[Pos], chance: Sequence[float]) -> float:
        """Over the free spaces next to `spots` (or one move away, weighted W_FAR), and their four
        lines: the chance that a card in hand completes the line, times the cards it would take."""
        values = self.values
        weight: Dict[Pos, float] = {}
        for spot in spots:
            for nb in neighbours(spot):
                if nb not in values:
                    weight[nb] = 1.0
                else:
                    for p in neighbours(nb):
                        if p not in values and weight.get(p, 0.0) < W_FAR:
                            weight[p] = W_FAR
        total = 0.0
        for cell, w in weight.items():
            for k in line_keys(cell):
                st = self.stats(k)
                miss, size = 1.0, 0
                for v in VALUES:
                    b = st[TARGET_SUM - v]
                    if b >= 0:
                        miss *= 1.0 - chance[v]
                        size = max(size, b + 1)
                total += w * (1.0 - miss) * size
        return total

    def near(self, spots: Sequence[Pos], chance: Sequence[float]) -> float:
        """The best expected conquest made by laying one card next to `spots` (cards x chance)."""
        best = 0.0
        for cell in self.reach(spots):
            for k in line_keys(cell):
                st = self.stats(k)
                for v in VALUES:
                    b = st[TARGET_SUM - v]
                    if b >= 0 and (b + 1) * chance[v] > best:
                        best = (b + 1) * chance[v]
        return best
