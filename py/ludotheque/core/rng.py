"""Seeded randomness that gives the same numbers on CPython 3.11 and Pyodide 3.14.

We do not rely on :mod:`random` because a record must replay to the same deal on
every Python the app will ever run on; a 64-bit SplitMix generator is tiny,
fully specified here, and fast enough for shuffling a few decks.
"""
from __future__ import annotations

from typing import List, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: one 64-bit state, well-distributed output, trivially portable."""

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer")
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> List[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def fork(self, *salt: int) -> "Rng":
        """An independent stream derived from this one's seed and a salt (e.g. a move index),
        so that bots draw reproducible numbers without disturbing the deal."""
        h = self.state
        for s in salt:
            h = ((h ^ (s & _MASK)) * 0x100000001B3 + 0x9E3779B97F4A7C15) & _MASK
        return Rng(h)


def derive_seed(*parts: int) -> int:
    return Rng(0).fork(*parts).next64()
