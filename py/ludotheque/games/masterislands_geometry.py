"""MasterIslands' geometry: cells, neighbours, the four lines through a cell and the index of
the lines that add up to 10. Pure functions of positions, apart from the turn logic, so
the engine, the view and the bots share one notion of "a line".
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Set, Tuple

from .masterislands_catalogue import TARGET_SUM, Pos


def neighbours(pos: Pos) -> List[Pos]:
    x, y = pos
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def line_keys(pos: Pos) -> Tuple[Tuple[int, int], ...]:
    """The four lines through a cell: (kind index in LINE_KINDS, constant)."""
    x, y = pos
    return ((0, y), (1, x), (2, x - y), (3, x + y))


def line_step(kind: int) -> Pos:
    return ((1, 0), (0, 1), (1, 1), (1, -1))[kind]


def line_of(cells: Sequence[Pos]) -> Optional[Tuple[int, int]]:
    """The one line holding every cell (at least two distinct cells), or None."""
    if len(cells) < 2:
        return None
    common = set(line_keys(cells[0]))
    for c in cells[1:]:
        common &= set(line_keys(c))
    return min(common) if common else None


def parse_cell(text: str) -> Pos:
    x, y = text.split(",")
    return int(x), int(y)


def cell_text(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def subsets_summing(items: Sequence[Tuple[Pos, int]], target: int = TARGET_SUM) -> List[Tuple[Pos, ...]]:
    """Every subset of `items` (cell, value >= 1) whose values add up to `target`, in line order.

    Output-sensitive: a suffix bitmask of reachable sums prunes every branch that cannot
    end on `target`, so the work is O(len(items)) per subset found."""
    n = len(items)
    full = (1 << (target + 1)) - 1
    reach = [0] * (n + 1)
    reach[n] = 1
    for i in range(n - 1, -1, -1):
        r = reach[i + 1]
        reach[i] = (r | (r << items[i][1])) & full
    out: List[Tuple[Pos, ...]] = []
    if not (reach[0] >> target) & 1:
        return out
    chosen: List[Pos] = []

    def walk(i: int, rest: int) -> None:
        if rest == 0:
            out.append(tuple(chosen))
            return
        cell, value = items[i]
        after = reach[i + 1]
        if value <= rest and (after >> (rest - value)) & 1:
            chosen.append(cell)
            walk(i + 1, rest - value)
            chosen.pop()
        if (after >> rest) & 1:
            walk(i + 1, rest)

    walk(0, target)
    return out


class ConquestIndex:
    """Every possible conquest of a grid, kept per line and recomputed only where the grid changed.

    A conquest lies on one line (row, column, diagonal): any change of a cell (a card laid or
    taken, a galleon arriving or leaving) can only change the conquests of the four lines
    through that cell, so those lines are marked dirty and the others keep their list."""

    def __init__(self, gaps: bool = True, target: int = TARGET_SUM) -> None:
        self.gaps = gaps
        self.target = target
        self.values: Dict[Pos, int] = {}
        self.blocked: Dict[Pos, int] = {}  # cell -> number of galleons on it
        self.lines: Dict[Tuple[int, int], Set[Pos]] = {}
        self.cache: Dict[Tuple[int, int], List[Tuple[Pos, ...]]] = {}
        self.dirty: Set[Tuple[int, int]] = set()
        self.flat: Optional[List[Tuple[Pos, ...]]] = None  # every conquest, until the next change

    def _touch(self, pos: Pos) -> None:
        self.dirty.update(line_keys(pos))

    def add(self, pos: Pos, value: int) -> None:
        self.values[pos] = value
        for key in line_keys(pos):
            self.lines.setdefault(key, set()).add(pos)
        self._touch(pos)

    def remove(self, pos: Pos) -> None:
        del self.values[pos]
        for key in line_keys(pos):
            members = self.lines[key]
            members.discard(pos)
            if not members:
                del self.lines[key]
        self._touch(pos)

    def block(self, pos: Pos) -> None:
        self.blocked[pos] = self.blocked.get(pos, 0) + 1
        self._touch(pos)

    def unblock(self, pos: Pos) -> None:
        left = self.blocked[pos] - 1
        if left:
            self.blocked[pos] = left
        else:
            del self.blocked[pos]
        self._touch(pos)

    def line_conquests(self, key: Tuple[int, int]) -> List[Tuple[Pos, ...]]:
        members = self.lines.get(key)
        if not members or len(members) < 2:
            return []
        cells = sorted(members)  # (x, y) order is the order along every kind of line
        along = 1 if key[0] == 1 else 0  # columns run along y, the others along x
        runs: List[List[Pos]] = [[]]
        for i, cell in enumerate(cells):
            if i and not self.gaps and cell[along] - cells[i - 1][along] > 1:
                runs.append([])  # an empty space ends the run when gaps are not allowed
            runs[-1].append(cell)
        out: List[Tuple[Pos, ...]] = []
        for run in runs:
            items = [(c, self.values[c]) for c in run if c not in self.blocked]
            if len(items) >= 2:
                out.extend(subsets_summing(items, self.target))
        return out

    def refresh(self) -> None:
        if not self.dirty:
            return
        self.flat = None
        for key in self.dirty:
            found = self.line_conquests(key)
            if found:
                self.cache[key] = found
            else:
                self.cache.pop(key, None)
        self.dirty.clear()

    def by_line(self) -> List[Tuple[Tuple[int, int], List[Tuple[Pos, ...]]]]:
        self.refresh()
        return [(key, self.cache[key]) for key in sorted(self.cache)]

    def all(self) -> List[Tuple[Pos, ...]]:
        self.refresh()
        if self.flat is None:
            self.flat = [c for _, found in self.by_line() for c in found]
        return self.flat

    def count(self) -> int:
        self.refresh()
        return sum(len(found) for found in self.cache.values())
