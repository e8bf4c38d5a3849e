"""Meta-tests over every registered game: each rule of an engine's catalogue has its own test,
and each house-rule option is explained by a HOUSE rule (and the other way round)."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Set

import pytest

from ludotheque.core.rulebook import RuleSource
from ludotheque.games import GAMES, engine_class

ENGINE_TESTS = Path(__file__).resolve().parent
RULE_ID = re.compile(r"[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+")


def rule_test_name(rule_id: str) -> str:
    """The name of the test that must exist for a rule id: ``mookies.take-two`` -> ``test_rule_mookies_take_two``."""
    return "test_rule_" + rule_id.replace(".", "_").replace("-", "_")


def defined_functions(path: Path) -> Set[str]:
    """Names of the functions a test file defines (module level or in test classes), read with ast
    so that the file is not imported (and its own failures do not hide missing tests)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rule_has_its_test(game_id):
    cls = engine_class(game_id)
    path = ENGINE_TESTS / f"test_{game_id}_rules.py"
    assert path.exists(), f"{game_id}: missing {path.name} (one test per rule id)"
    defined = defined_functions(path)
    missing = [r.id for r in cls.RULES if rule_test_name(r.id) not in defined]
    assert not missing, f"{game_id}: no test in {path.name} for rules {missing}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rule_catalogue_is_well_formed(game_id):
    cls = engine_class(game_id)
    assert len(cls.RULES) > 0
    names = [rule_test_name(r.id) for r in cls.RULES]
    assert len(set(names)) == len(names), f"{game_id}: two rule ids map to one test name"
    for rule in cls.RULES:
        assert RULE_ID.fullmatch(rule.id), f"{game_id}: rule id {rule.id!r} is not a dotted id"
        assert rule.text("fr").strip() and rule.text("en").strip(), f"{game_id}: rule {rule.id} needs French and English"
        assert isinstance(rule.source, RuleSource)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_house_rules_and_options_match(game_id):
    cls = engine_class(game_id)
    options = {o.name: o for o in cls.OPTIONS}
    house = [r for r in cls.RULES if r.source is RuleSource.HOUSE]
    named = {r.option for r in house}
    for rule in house:
        assert rule.option, f"{game_id}: HOUSE rule {rule.id} names no option"
        assert rule.option in options, f"{game_id}: HOUSE rule {rule.id} names unknown option {rule.option!r}"
        assert options[rule.option].house_rule, f"{game_id}: option {rule.option} is not marked house_rule"
    unexplained = [name for name, o in options.items() if o.house_rule and name not in named]
    assert not unexplained, f"{game_id}: house-rule options without a HOUSE rule: {unexplained}"
    for option in options.values():
        assert option.validate(option.default) == option.default, f"{game_id}: bad default for {option.name}"
