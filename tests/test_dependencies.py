"""Every module the product imports at run time comes from a declared dependency.

The suite runs where the test extras are installed, so an import of a package
that only a test extra brings (Babel, once) passes every test and still
crashes the installed product. This check reads the product's own source,
as deptry would: each top-level module it imports must be the standard
library's, the product's own, or provided by a distribution that
``pyproject.toml`` lists under ``[project] dependencies``. Imports that only
the type checker sees (``if TYPE_CHECKING:``) do not count.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PRODUCT = tuple(PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"])


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> set[str]:
    names = set()
    for requirement in PYPROJECT["project"]["dependencies"]:
        match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
        assert match, requirement
        names.add(_canonical(match.group(1)))
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """(top-level module, line) of each import that runs, skipping TYPE_CHECKING blocks."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.partition(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.partition(".")[0], node.lineno
        stack.extend(ast.iter_child_nodes(node))


def _third_party_imports() -> dict[str, list[str]]:
    """Each imported top-level module that is neither stdlib nor ours, with where."""
    found: dict[str, list[str]] = {}
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for module, line in _runtime_imports(tree):
                if module in sys.stdlib_module_names or module in PRODUCT:
                    continue
                found.setdefault(module, []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_every_runtime_import_is_a_declared_dependency() -> None:
    declared = _declared()
    providers = metadata.packages_distributions()
    missing = []
    for module, places in sorted(_third_party_imports().items()):
        dists = {_canonical(d) for d in providers.get(module, [])}
        if not dists & declared:
            who = ", ".join(sorted(dists)) or "no installed distribution"
            missing.append(f"{module} ({who}), imported at {', '.join(places)}")
    assert not missing, "imports not covered by [project] dependencies:\n" + "\n".join(missing)


def test_every_declared_dependency_is_imported() -> None:
    # The other direction: a dependency nothing imports is weight every
    # player installs for nothing.
    providers = metadata.packages_distributions()
    used = {
        _canonical(dist)
        for module in _third_party_imports()
        for dist in providers.get(module, [module])
    }
    assert _declared() <= used, f"declared but never imported: {sorted(_declared() - used)}"


def test_the_check_sees_an_undeclared_import() -> None:
    tree = ast.parse(
        "import os\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import pyte\n"
        "def f():\n    from babel.numbers import format_decimal\n"
    )
    modules = [module for module, _ in _runtime_imports(tree)]
    assert "babel" in modules  # an import inside a function runs too
    assert "pyte" not in modules  # the type checker's alone
