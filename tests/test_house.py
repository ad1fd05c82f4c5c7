"""The house rules (issue 21), checked on every run: the layers and no circles (import-linter's contracts in
pyproject.toml), no function over 80 lines and no module over 1,000 lines in `rulebook/` and `cli/`, and no
module importing another module's private (`_name`) names.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 1000


def _sources() -> list[Path]:
    return sorted(p for top in ("rulebook", "cli") for p in (ROOT / top).rglob("*.py"))


def _offences(path: Path, root: Path = ROOT) -> list[str]:
    """Every house rule ``path`` breaks, one line each: ``module``, ``function NAME`` or ``private MODULE NAME``."""
    rel = path.relative_to(root).as_posix()
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    found = []
    if len(text.splitlines()) > MAX_MODULE_LINES:
        found.append(f"{rel}: module over {MAX_MODULE_LINES} lines")
    for node in ast.walk(tree):
        function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if function and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES:
            found.append(f"{rel}: function {node.name} over {MAX_FUNCTION_LINES} lines")
    return found + _private_uses(rel, tree)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _is_module(dotted: str) -> bool:
    where = ROOT / dotted.replace(".", "/")
    return where.with_suffix(".py").exists() or (where / "__init__.py").exists()


def _private_uses(rel: str, tree: ast.Module) -> list[str]:
    """``from M import _x`` and ``m._x`` (``m`` a project module imported here): another module's private name."""
    found = []
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("rulebook", "cli"):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{rel}: private {node.module}.{alias.name}")
                elif _is_module(f"{node.module}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in ("rulebook", "cli"):
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        attribute = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        if attribute and node.value.id in modules and _private(node.attr):
            found.append(f"{rel}: private {node.value.id}.{node.attr}")
    return sorted(set(found))


def test_no_long_function_no_long_module_and_no_private_import() -> None:
    offences = [o for path in _sources() for o in _offences(path)]
    assert offences == []


def test_the_checks_catch_what_they_check(tmp_path: Path) -> None:
    body = "\n".join(f"    x = {n}" for n in range(MAX_FUNCTION_LINES))
    sample = f"from rulebook.records import _record\nimport rulebook.writing as w\n\ndef f():\n{body}\n    w._x\n"
    tree = ast.parse(sample)
    assert _private_uses("x.py", tree) == ["x.py: private rulebook.records._record", "x.py: private w._x"]
    path = tmp_path / "rulebook" / "sample.py"
    path.parent.mkdir()
    path.write_text(sample, encoding="utf-8")
    assert "rulebook/sample.py: function f over 80 lines" in _offences(path, tmp_path)
    path.write_text("x = 1\n" * (MAX_MODULE_LINES + 1), encoding="utf-8")
    assert _offences(path, tmp_path) == ["rulebook/sample.py: module over 1000 lines"]


def _lint_imports() -> subprocess.CompletedProcess[str]:
    command = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or shutil.which("lint-imports")
    if command is None:
        pytest.fail("lint-imports is missing: pip install -e '.[test]'")
    return subprocess.run([command, "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)


def test_the_layers_hold_and_no_package_imports_in_a_circle() -> None:
    result = _lint_imports()
    assert result.returncode == 0, result.stdout[-4000:]
    assert "0 broken" in result.stdout


def test_no_package_imports_itself_back_through_its_own_modules() -> None:
    # The contracts look at siblings; this looks at a package and its children (`rulebook` <-> `rulebook.errors`).
    import grimp

    graph = grimp.build_graph("rulebook", "cli")
    for package in ("rulebook", "cli"):
        for child in graph.find_modules_directly_imported_by(package):
            assert not graph.chain_exists(importer=child, imported=package), (package, child)
