"""A game's rules as a catalogue of sentences, each with a stable id.

The same catalogue feeds the rules panel, the `rule` named by an illegal-move error,
and the test suite (one engine test per rule id, checked by a meta-test).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Dict, Iterable, Optional, Tuple

from .messages import Msg, say


class RuleSource(str, Enum):
    SPEC = "spec"          # a sentence of the game's French rule text
    FACT = "fact"          # a fact from public sources (DECISIONS.md, "Known")
    HOUSE = "house"        # a house rule we adopted (DECISIONS.md), always an option


@dataclass(frozen=True)
class Rule:
    """A rule sentence. Its words are the catalogues' ``key``: ``<game>.rule.<id>`` unless
    given (set by the game's RuleBook)."""

    id: str
    source: RuleSource = RuleSource.SPEC
    option: str = ""       # for house rules: the option that changes it
    key: str = ""          # the message id of its sentence

    @property
    def message(self) -> Msg:
        return Msg(self.key or self.id)

    def text(self, lang: str) -> str:
        return say(self.message, lang)

    def to_dict(self) -> dict:
        d = {"id": self.id, "text": self.message.to_dict(), "source": self.source.value}
        if self.option:
            d["option"] = self.option
        return d


class RuleBook:
    def __init__(self, rules: Iterable[Rule], game: Optional[str] = None) -> None:
        """``game``: the catalogues' prefix; a rule without a key reads ``<game>.rule.<id>``."""
        self._rules: Tuple[Rule, ...] = tuple(
            replace(r, key=f"{game}.rule.{r.id}") if game and not r.key else r for r in rules)
        self._by_id: Dict[str, Rule] = {}
        for r in self._rules:
            if r.id in self._by_id:
                raise ValueError(f"duplicate rule id {r.id}")
            self._by_id[r.id] = r

    def __iter__(self):
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __getitem__(self, rule_id: str) -> Rule:
        return self._by_id[rule_id]

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self._by_id

    def ids(self) -> Tuple[str, ...]:
        return tuple(r.id for r in self._rules)

    def to_list(self) -> list:
        return [r.to_dict() for r in self._rules]
