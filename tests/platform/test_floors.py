"""The floors of py/ludotheque (docs/architecture.md): a module imports only from its own
floor or the ones below, and no set of modules imports itself round in a circle.

Read from the source with ``ast``, so imports inside functions count too, and so does a
string naming one of our modules (``importlib.import_module("ludotheque.web.mosquito")``,
the tables of games and controllers): a lazy import is still an import.
"""
from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

import pytest

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"

# The floors, bottom up; the longest matching prefix places a module. Keep in step with
# the table and the picture in docs/architecture.md.
FLOORS: Dict[str, int] = {
    "ludotheque": 0,  # the package itself (its version)
    "ludotheque.core": 0,
    "ludotheque.routes": 0,
    "ludotheque.games": 1,
    "ludotheque.saves": 1,
    "ludotheque.saves_file": 1,  # every save in one file, checked on the way in
    "ludotheque.sharing": 1,  # neutral names before a game leaves the device
    "ludotheque.ui.i18n": 1,  # words, no screens: anything may speak
    "ludotheque.bots": 2,
    "ludotheque.ui": 2,
    "ludotheque.session": 3,
    "ludotheque.explain": 3,
    "ludotheque.cli": 3,
    "ludotheque.web": 4,
    "ludotheque.__main__": 5,
    "main": 5,  # py/main.py, the page's entry point
}
FLOOR_NAMES = ["core, routes", "games, saves, saves_file, sharing, i18n", "bots, ui", "session, explain, cli", "web", "main"]


def module_files() -> Dict[str, Path]:
    mods = {"main": PY / "main.py"}
    for path in sorted((PY / "ludotheque").rglob("*.py")):
        parts = list(path.relative_to(PY).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


def floor_of(module: str) -> int:
    best = max((p for p in FLOORS if module == p or module.startswith(p + ".")), key=len, default=None)
    if best is None:
        raise AssertionError(f"{module} is on no floor: add it to FLOORS and docs/architecture.md")
    return FLOORS[best]


def _known(name: str, mods: Dict[str, Path]) -> str:
    """The module `name` is in (``ludotheque.games.mosquito.CALL_HORIZON_MS`` -> its module)."""
    while name not in mods and "." in name:
        name = name.rsplit(".", 1)[0]
    return name if name in mods else ""


def imports_of(module: str, path: Path, mods: Dict[str, Path]) -> Set[str]:
    """Every module of ours that `module` imports, anywhere in its source."""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: List[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            names = [f"{base}.{a.name}" for a in node.names] + [base]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.startswith("ludotheque.") and node.value in mods:
            names = [node.value]
        for name in names:
            if name.split(".")[0] not in ("ludotheque", "main"):
                continue
            target = _known(name, mods)
            if target and target != module:
                found.add(target)
    return found


def import_graph() -> Dict[str, Set[str]]:
    mods = module_files()
    return {m: imports_of(m, p, mods) for m, p in mods.items()}


def circles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


GRAPH = import_graph()


def test_every_module_is_on_a_floor():
    assert len(GRAPH) > 40
    for module in GRAPH:
        floor_of(module)


def test_no_module_imports_from_a_floor_above():
    upward = [
        f"{m} (floor {floor_of(m)}: {FLOOR_NAMES[floor_of(m)]}) imports {t} "
        f"(floor {floor_of(t)}: {FLOOR_NAMES[floor_of(t)]})"
        for m, targets in sorted(GRAPH.items()) for t in sorted(targets) if floor_of(t) > floor_of(m)
    ]
    assert not upward, "imports from a higher floor:\n" + "\n".join(upward)


def test_no_import_circles():
    found = circles(GRAPH)
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


# -- the checker itself: it must see what it is meant to catch ------------------------------------

def _graph_of(tmp_path: Path, sources: Dict[str, str]) -> Dict[str, Set[str]]:
    mods = {}
    for name, text in sources.items():
        path = tmp_path / (name.replace(".", "/") + ".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        mods[name] = path
    return {m: imports_of(m, p, mods) for m, p in mods.items()}


def test_the_reader_sees_lazy_relative_and_named_imports(tmp_path):
    graph = _graph_of(tmp_path, {
        "ludotheque.core.a": "def f():\n    from ..web import b\n",
        "ludotheque.web.b": "import importlib\nX = importlib.import_module('ludotheque.ui.c')\n",
        "ludotheque.ui.c": "from ludotheque.core.a import f\n",
    })
    assert graph == {"ludotheque.core.a": {"ludotheque.web.b"}, "ludotheque.web.b": {"ludotheque.ui.c"},
                     "ludotheque.ui.c": {"ludotheque.core.a"}}
    assert circles(graph) == [["ludotheque.core.a", "ludotheque.ui.c", "ludotheque.web.b"]]
    assert floor_of("ludotheque.core.a") < floor_of("ludotheque.web.b")


@pytest.mark.parametrize("module,floor", [("ludotheque.ui.i18n", 1), ("ludotheque.ui.mosquito", 2),
                                          ("ludotheque.games.replay", 1), ("ludotheque.web.app", 4)])
def test_floor_of_takes_the_longest_prefix(module, floor):
    assert floor_of(module) == floor
