"""Game options, declared once per game, validated once for all games.

House rules are options too (DECISIONS.md): the declaration names the messages (ids of the
catalogues) that the rules panel shows, so a family whose box says otherwise can see what
we chose and change it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Sequence, Tuple

from .errors import BadSetup, shorten
from .messages import Msg, msg, say


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    choices: Optional[Tuple[Any, ...]] = None  # allowed values (labels below)
    # value -> its label: a message id (or Msg)
    choice_labels: Optional[Mapping[Any, Any]] = None
    minimum: Optional[int] = None
    maximum: Optional[int] = None
    house_rule: bool = False
    seat: bool = False  # an int naming a seat (0-based): set-up forms offer the seats by name
    # (other option, its values) for which this one matters, e.g. ("mode", ("corsair",)):
    # a set-up form shows it only then; the engine still keeps its value in records
    applies_when: Optional[Tuple[str, Tuple[Any, ...]]] = None
    unit: str = ""  # "ms": a duration, read as seconds too
    # how a value reads to a person (a Msg) when its stored form would not ("3,3,2,2,2")
    words: Optional[Callable[[Any], Any]] = None
    label: Any = ""  # message id (or Msg) of the option's name
    help: Any = ""   # message id (or Msg) of its explanation

    @property
    def label_msg(self) -> Any:
        """The option's name (a message; its bare name if it has none)."""
        return _as_msg(self.label) if self.label else self.name

    @property
    def help_msg(self) -> Any:
        return _as_msg(self.help) if self.help else ""

    def choice_msg(self, value: Any) -> Any:
        label = (self.choice_labels or {}).get(value)
        return str(value) if label is None else _as_msg(label)

    def applies(self, values: Mapping[str, Any]) -> bool:
        if self.applies_when is None:
            return True
        other, allowed = self.applies_when
        return values.get(other) in allowed

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if self.choices is not None:
            return "choice"
        if isinstance(self.default, int):
            return "int"
        return "str"

    def validate(self, value: Any) -> Any:
        kind = self.kind
        bad = BadSetup(msg("setup.option_bad_value", option=self.label_msg, value=shorten(repr(value))))
        if kind == "bool":
            if not isinstance(value, bool):
                raise bad
        elif kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise bad
            if self.minimum is not None and value < self.minimum:
                raise bad
            if self.maximum is not None and value > self.maximum:
                raise bad
        elif kind == "choice":
            if value not in self.choices:
                raise bad
        return value

    def value_text(self, value: Any, lang: str) -> str:
        """A value as the rules panel and the rules pages show it: words, never raw data."""
        return say(self.value_msg(value), lang)

    def value_msg(self, value: Any) -> Any:
        if self.words is not None:
            return self.words(value)
        if self.kind == "bool":
            return msg("option.yes" if value else "option.no")
        if self.choices is not None:
            return self.choice_msg(value)
        if self.seat:
            return msg("option.seat", n=value + 1)
        if self.unit == "ms":
            return msg("option.ms", ms=value, s=f"{value / 1000:g}")
        return str(value)

    def describe(self) -> Dict[str, Any]:
        """What a rules panel or a set-up form needs to show this option."""
        out: Dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": _plain(self.label_msg),
            "help": _plain(self.help_msg),
            "house_rule": self.house_rule,
        }
        if self.choices is not None:
            out["choices"] = [{"value": c, "label": _plain(self.choice_msg(c))} for c in self.choices]
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.seat:
            out["seat"] = True
        if self.applies_when is not None:
            out["applies_when"] = {"option": self.applies_when[0], "values": list(self.applies_when[1])}
        return out


def fixed_house_rule(name: str, value: str, label: Any, help: Any, value_label: Any) -> Option:
    """A house rule with one documented resolution: nothing to choose at set-up, but named,
    shown in the rules panel and kept in records, so a later version can offer alternatives.
    ``label``, ``help`` and ``value_label`` are message ids (or Msgs)."""
    return Option(name=name, default=value, label=label, help=help, choices=(value,),
                  choice_labels={value: value_label}, house_rule=True)


def _as_msg(label: Any) -> Msg:
    return label if isinstance(label, Msg) else Msg(str(label))


def _plain(text: Any) -> Any:
    return text.to_dict() if isinstance(text, Msg) else text


@dataclass(frozen=True)
class OptionSet:
    options: Tuple[Option, ...] = field(default_factory=tuple)

    def __iter__(self):
        return iter(self.options)

    def names(self) -> Sequence[str]:
        return [o.name for o in self.options]

    def get(self, name: str) -> Option:
        return next(o for o in self.options if o.name == name)

    def defaults(self) -> Dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve(self, given: Optional[Mapping[str, Any]] = None) -> Dict[str, Any]:
        """Defaults overlaid with `given`; unknown names and bad values are refused."""
        given = dict(given or {})
        by_name = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(by_name))
        if unknown:
            raise BadSetup(msg("setup.option_unknown", names=shorten(", ".join(unknown), 120)))
        out = self.defaults()
        for name, value in given.items():
            out[name] = by_name[name].validate(value)
        return out

    def house_rules(self) -> Iterable[Option]:
        return [o for o in self.options if o.house_rule]

    def describe(self) -> list:
        return [o.describe() for o in self.options]
