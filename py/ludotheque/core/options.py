"""Game options, declared once per game, validated once for all games.

House rules are options too (DECISIONS.md): the declaration carries the French and
English text that the rules panel shows, so a family whose box says otherwise can
see what we chose and change it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Sequence, Tuple

from .errors import BadSetup, shorten


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    label_fr: str
    label_en: str
    help_fr: str = ""
    help_en: str = ""
    choices: Optional[Tuple[Any, ...]] = None  # allowed values (labels below)
    choice_labels: Optional[Mapping[Any, Tuple[str, str]]] = None  # value -> (fr, en)
    minimum: Optional[int] = None
    maximum: Optional[int] = None
    house_rule: bool = False
    seat: bool = False  # an int naming a seat (0-based): set-up forms offer the seats by name
    # (other option, its values) for which this one matters, e.g. ("mode", ("corsair",)):
    # a set-up form shows it only then; the engine still keeps its value in records
    applies_when: Optional[Tuple[str, Tuple[Any, ...]]] = None
    unit: str = ""  # "ms": a duration, read as seconds too
    # how a value reads to a person (fr, en) when its stored form would not ("3,3,2,2,2")
    words: Optional[Callable[[Any], Tuple[str, str]]] = None

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
        bad = BadSetup(
            f"Valeur invalide pour l'option « {self.label_fr} » : {shorten(repr(value))}.",
            f"Invalid value for option '{self.label_en}': {shorten(repr(value))}.",
        )
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
        if self.words is not None:
            return self.words(value)[0 if lang == "fr" else 1]
        if self.kind == "bool":
            return ("oui" if value else "non") if lang == "fr" else ("yes" if value else "no")
        if self.choices is not None:
            fr, en = (self.choice_labels or {}).get(value, (str(value), str(value)))
            return fr if lang == "fr" else en
        if self.seat:
            return f"place {value + 1}" if lang == "fr" else f"seat {value + 1}"
        if self.unit == "ms":
            seconds = f"{value / 1000:g}"
            return f"{value} ms ({seconds.replace('.', ',') if lang == 'fr' else seconds} s)"
        return str(value)

    def describe(self) -> Dict[str, Any]:
        """What a rules panel or a set-up form needs to show this option."""
        out: Dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": {"fr": self.label_fr, "en": self.label_en},
            "help": {"fr": self.help_fr, "en": self.help_en},
            "house_rule": self.house_rule,
        }
        if self.choices is not None:
            labels = self.choice_labels or {}
            out["choices"] = [
                {"value": c, "fr": labels.get(c, (str(c), str(c)))[0], "en": labels.get(c, (str(c), str(c)))[1]}
                for c in self.choices
            ]
        if self.minimum is not None:
            out["min"] = self.minimum
        if self.maximum is not None:
            out["max"] = self.maximum
        if self.seat:
            out["seat"] = True
        if self.applies_when is not None:
            out["applies_when"] = {"option": self.applies_when[0], "values": list(self.applies_when[1])}
        return out


def fixed_house_rule(name: str, value: str, label_fr: str, label_en: str, help_fr: str, help_en: str,
                     value_fr: str, value_en: str) -> Option:
    """A house rule with one documented resolution: nothing to choose at set-up, but named,
    shown in the rules panel and kept in records, so a later version can offer alternatives."""
    return Option(name=name, default=value, label_fr=label_fr, label_en=label_en, help_fr=help_fr,
                  help_en=help_en, choices=(value,), choice_labels={value: (value_fr, value_en)},
                  house_rule=True)


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
            raise BadSetup(
                "Option inconnue : " + shorten(", ".join(unknown), 120) + ".",
                "Unknown option: " + shorten(", ".join(unknown), 120) + ".",
            )
        out = self.defaults()
        for name, value in given.items():
            out[name] = by_name[name].validate(value)
        return out

    def house_rules(self) -> Iterable[Option]:
        return [o for o in self.options if o.house_rule]

    def describe(self) -> list:
        return [o.describe() for o in self.options]
