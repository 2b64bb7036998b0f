"""The product's packages are layers, and each game stays inside its own packages.

``engine`` (rules) <- ``ai`` <- ``match`` <- ``tui`` <- ``server`` <- ``cli``:
a module imports only its own layer and those below it. Modules never need
each other in a ring. The games' packages (``engine/<kind>``, ``ai/<kind>``,
``tui/<kind>``) never import another game's, and the rest of the product
reaches a game only through the contract (``engine.game``) and the
registries that name every game.

Every import counts, wherever it is written: one inside a function or under
``if TYPE_CHECKING:`` is still a dependency a reader has to follow (the
two cycles issue #23 names were both of that kind).
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LAYERS = ("engine", "ai", "match", "tui", "server", "cli")

# Modules that name every game on purpose: the registries (the games' rules,
# their computer players, their screens).
REGISTRIES = frozenset({"engine.games", "ai.players", "tui.games"})

# Modules outside a game's packages that still import that game directly.
# Issue #23's other parts are moving them onto the contract; each entry goes
# as its module stops (the test fails on an entry that no longer offends, so
# the list only shrinks). Module -> the game packages it may still import.
NOT_YET_ON_THE_CONTRACT: Mapping[str, frozenset[str]] = {}


def _modules(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imports(
    name: str, is_package: bool, tree: ast.AST, known: Mapping[str, object]
) -> Iterator[tuple[str, int]]:
    """(product module, line) of every import in ``tree``, however nested."""
    package = name.split(".") if is_package else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                # "from tui.screens import lobby" needs the module tui.screens.lobby.
                whole = f"{module}.{alias.name}"
                yield (whole if whole in known else module), node.lineno


def _graph(modules: Mapping[str, Path]) -> dict[str, dict[str, int]]:
    """Each module's imports of product modules, with the first line of each."""
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        edges: dict[str, int] = {}
        for target, line in _imports(name, path.name == "__init__.py", tree, modules):
            if target in modules and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


MODULES = _modules()
GRAPH = _graph(MODULES)


def _layer(module: str) -> int:
    return LAYERS.index(module.partition(".")[0])


def _kinds() -> frozenset[str]:
    return frozenset(path.parent.name for path in (ROOT / "engine").glob("*/__init__.py"))


def _game_package(module: str, kinds: frozenset[str]) -> str | None:
    """``engine.duel`` for ``engine.duel.rules``; None outside every game's packages."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[1] in kinds and parts[0] in ("engine", "ai", "tui"):
        return ".".join(parts[:2])
    return None


def _cycles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative: a deep chain of imports must not hit the recursion limit.
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))

    for module in graph:
        if module not in index:
            visit(module)
    return found


def _where(module: str, target: str) -> str:
    return f"{MODULES[module].relative_to(ROOT)}:{GRAPH[module][target]} imports {target}"


def test_every_layer_is_a_package_of_the_product() -> None:
    # A layer left out of the wheel or of mypy would be checked here and
    # missing where it counts.
    assert set(LAYERS) <= set(PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"])
    assert set(LAYERS) <= set(PYPROJECT["tool"]["mypy"]["files"])


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = [
        _where(module, target)
        for module, targets in GRAPH.items()
        for target in targets
        if _layer(target) > _layer(module)
    ]
    assert not upward, "imports of a higher layer:\n" + "\n".join(upward)


def test_no_modules_import_each_other_in_a_ring() -> None:
    rings = []
    for part in _cycles(GRAPH):
        members = set(part)
        lines = [_where(m, t) for m in part for t in GRAPH[m] if t in members]
        rings.append(" <-> ".join(part) + ":\n  " + "\n  ".join(lines))
    assert not rings, "import cycles:\n" + "\n".join(rings)


def test_games_never_import_each_other() -> None:
    kinds = _kinds()
    assert {"duel", "builders"} <= kinds
    crossing = []
    for module, targets in GRAPH.items():
        mine = _game_package(module, kinds)
        for target in targets:
            theirs = _game_package(target, kinds)
            if mine and theirs and mine.split(".")[1] != theirs.split(".")[1]:
                crossing.append(_where(module, target))
    assert not crossing, "one game importing another:\n" + "\n".join(crossing)


def _outside_imports() -> dict[str, dict[str, str]]:
    """Modules outside every game's packages (registries apart) importing a game's."""
    kinds = _kinds()
    found: dict[str, dict[str, str]] = {}
    for module, targets in GRAPH.items():
        if module in REGISTRIES or _game_package(module, kinds):
            continue
        for target in targets:
            package = _game_package(target, kinds)
            if package:
                found.setdefault(module, {}).setdefault(package, _where(module, target))
    return found


def test_only_the_registries_import_a_game() -> None:
    offending = [
        where
        for module, packages in _outside_imports().items()
        for package, where in packages.items()
        if package not in NOT_YET_ON_THE_CONTRACT.get(module, frozenset())
    ]
    assert not offending, "a game's types outside its packages:\n" + "\n".join(offending)


def test_the_allow_list_only_names_imports_still_there() -> None:
    found = _outside_imports()
    stale = [
        f"{module}: {package}"
        for module, packages in NOT_YET_ON_THE_CONTRACT.items()
        for package in packages
        if package not in found.get(module, {})
    ]
    assert not stale, "no longer imported: take these out of NOT_YET_ON_THE_CONTRACT:\n" + (
        "\n".join(stale)
    )


def test_the_checks_see_every_kind_of_import(tmp_path: Path) -> None:
    # A ring hidden in a function and behind TYPE_CHECKING, a relative
    # import and "from package import module" all count.
    (tmp_path / "tui" / "screens").mkdir(parents=True)
    (tmp_path / "tui" / "__init__.py").write_text("")
    (tmp_path / "tui" / "screens" / "__init__.py").write_text("")
    (tmp_path / "tui" / "app.py").write_text("def f():\n    from tui.screens import lobby\n")
    (tmp_path / "tui" / "screens" / "lobby.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..app import App\n"
    )
    for layer in LAYERS:
        (tmp_path / layer).mkdir(exist_ok=True)
    graph = _graph(_modules(tmp_path))
    assert graph["tui.app"] == {"tui.screens.lobby": 2}
    assert graph["tui.screens.lobby"] == {"tui.app": 3}
    assert _cycles(graph) == [["tui.app", "tui.screens.lobby"]]
