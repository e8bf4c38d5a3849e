"""French grammar the game texts need, kept in one place (engines and screens both write
names into sentences): "de" elides before a vowel sound ("Main d'Alice", "Main de Bruno")."""
from __future__ import annotations

# a name starting with one of these takes "d'" (a mute h is not guessed: "de Hugo")
VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def de(name: str) -> str:
    """ "de" and a name, elided: de("Alice") -> "d'Alice", de("Zoé") -> "de Zoé"."""
    return f"d'{name}" if name[:1] in VOWELS else f"de {name}"
