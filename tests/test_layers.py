"""The import rule of docs/architecture.md, checked on the source of every module (in-function imports included).

vocabulary (board, errors, record, instance, instance_io, memory, d4, drawing)  <-  native, models  <-  analysis  <-  facade
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VOCABULARY = {
    f"nqueens.{name}" for name in ("board", "errors", "record", "instance", "instance_io", "memory", "d4", "drawing")
}
LAYERS = {"native": "nqueens.native", "models": "nqueens.models", "analysis": "nqueens.analysis"}
ALLOWED = {
    "vocabulary": {"vocabulary"},
    "native": {"vocabulary", "native"},
    "models": {"vocabulary", "models"},
    "analysis": {"vocabulary", "native", "models", "analysis"},
}


def _layer(module):
    if module in VOCABULARY:
        return "vocabulary"
    for layer, package in LAYERS.items():
        if module == package or module.startswith(package + "."):
            return layer
    if module == "nqueens" or module.startswith("nqueens."):
        return "facade"
    return None  # numpy, numba, the standard library, solver libraries


def _modules():
    for folder, package in (
        ("native", "nqueens.native"),
        ("models", "nqueens.models"),
        ("analysis", "nqueens.analysis"),
    ):
        for path in sorted((ROOT / folder).glob("*.py")):
            name = package if path.stem == "__init__" else f"{package}.{path.stem}"
            yield name, path
    for stem in sorted(VOCABULARY):
        path = ROOT / "nqueens" / f"{stem.split('.')[1]}.py"
        if path.exists():
            yield stem, path


def _imports(path):
    """Every module an import statement of ``path`` names, anywhere in the file."""
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            if node.module == "nqueens":  # from nqueens import d4: the module nqueens.core.d4
                for alias in node.names:
                    yield node.lineno, f"nqueens.{alias.name}"


@pytest.mark.parametrize("name,path", list(_modules()), ids=lambda x: x if isinstance(x, str) else "")
def test_imports_follow_the_layers(name, path):
    own = _layer(name)
    wrong = []
    for line, target in _imports(path):
        if target == "nqueens":
            continue  # the package itself (its __init__ runs anyway); what is taken from it is checked above
        layer = _layer(target)
        if layer is not None and layer not in ALLOWED[own]:
            wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target} ({layer})")
    assert not wrong, f"{name} is in the {own} layer, which may import only {sorted(ALLOWED[own])}:\n" + "\n".join(
        wrong
    )


def test_the_rule_catches_a_violation(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from nqueens.registry import get_solver\n")
    assert [t for _, t in _imports(bad)] == ["nqueens.registry"] and _layer("nqueens.registry") == "facade"
