"""The import rule of docs/architecture.md, checked on the source of every module of the package (in-function
imports included): a module imports only from its own layer and the layers below it.

The order, written down once (:data:`ORDER`)::

    core < native, models < analysis < certify < runtime < api, registry, plugins < experiments, viewer < testing,
    tracing < cli

Layers on one rung stand side by side: ``native`` and ``models`` never import each other, nor do ``experiments``
and ``viewer``, nor ``testing`` (the conformance checks, which judge a claimed tree as the experiments do) and
``tracing``; ``api``, ``registry`` and ``plugins`` form the facade together. Every module belongs to a
layer (:data:`LAYER_OF`, by the longest matching name), so a new module or folder must be placed before it passes.
The CLI, on top, still reaches ``native`` and ``models`` only through the facade (:data:`NOT_PAST`).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Rungs, lowest first: (the layers that stand on it, whether they may import each other).
ORDER = (
    (("core",), False),
    (("native", "models"), False),
    (("analysis",), False),
    (("certify",), False),
    (("runtime",), False),
    (("api", "registry", "plugins"), True),
    (("experiments", "viewer"), False),
    (("testing", "tracing"), False),
    (("cli",), False),
)

# Module name (or the package it heads) -> layer; the longest name that matches decides.
LAYER_OF = {
    "nqueens.core": "core",
    "nqueens.native": "native",
    "nqueens.models": "models",
    "nqueens.analysis": "analysis",
    "nqueens.certify": "certify",
    "nqueens.runtime": "runtime",
    "nqueens": "api",  # the package's __init__: the public names, taken from the facade
    "nqueens.api": "api",
    "nqueens.optimize": "experiments",  # the short forms of an optimisation experiment
    "nqueens.tools": "api",
    "nqueens.registry": "registry",
    "nqueens.plugins": "plugins",
    "nqueens.experiments": "experiments",
    "nqueens.viewer": "viewer",
    "nqueens.testing": "testing",
    "nqueens.tracing": "tracing",
    "nqueens.cli": "cli",
    "nqueens.__main__": "cli",
}

# Layers a layer above may still not reach past: the CLI names no solver, kernel or formulation module; it reaches
# them through the facade (nqueens.api, nqueens.tools).
NOT_PAST = {"cli": {"native", "models"}}

# The folders of the package: (folder, the package it installs as).
FOLDERS = (
    ("nqueens", "nqueens"),
    ("native", "nqueens.native"),
    ("models", "nqueens.models"),
    ("analysis", "nqueens.analysis"),
)


def _rung(layer):
    return next(i for i, (layers, _) in enumerate(ORDER) if layer in layers)


def may_import(own, target):
    """Whether a module of layer ``own`` may import one of layer ``target``."""
    if own == target:
        return True
    if target in NOT_PAST.get(own, ()):
        return False
    mine, theirs = _rung(own), _rung(target)
    return theirs < mine or (theirs == mine and ORDER[mine][1])


def layer(module):
    """The layer of the project module ``module``; ``None`` for other packages; an error for an unplaced one."""
    if module != "nqueens" and not module.startswith("nqueens."):
        return None
    parts = module.split(".")
    for k in range(len(parts), 0, -1):
        found = LAYER_OF.get(".".join(parts[:k]))
        if found is not None and (k > 1 or len(parts) == 1):
            return found
    raise AssertionError(f"{module} is in no layer: place it in LAYER_OF (tests/test_layers.py)")


def modules(root=ROOT):
    """``(name, path)`` of every module of the package, from the source tree."""
    for folder, package in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            yield ".".join([package, *parts]), path


def _known_modules(root=ROOT):
    return {name for name, _ in modules(root)}


def imports(name, path, known):
    """``(line, module)`` of every project module an import statement of ``path`` names, anywhere in the file:
    ``from nqueens import d4`` names ``nqueens.core.d4`` if that is a module, and the package ``nqueens`` (its
    public names) if not; relative imports are resolved."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield node.lineno, full if full in known else base


def violations(root=ROOT):
    known = _known_modules(root)
    found = []
    for name, path in modules(root):
        own = layer(name)
        for line, target in imports(name, path, known):
            theirs = layer(target)
            if theirs is not None and not may_import(own, theirs):
                found.append(f"{path.relative_to(root)}:{line}: {name} ({own}) imports {target} ({theirs})")
    return found


MODULES = list(modules())


def test_every_module_is_checked():
    names = {name for name, _ in MODULES}
    # The facade, the CLI and every layer's folder are walked (not a list kept by hand).
    for expected in (
        "nqueens",
        "nqueens.api",
        "nqueens.cli",
        "nqueens.cli.commands.count",
        "nqueens.native.engine",
        "nqueens.models.cpsat",
        "nqueens.analysis.symmetry",
        "nqueens.runtime.run",
        "nqueens.core.board",
        "nqueens.experiments.runner",
        "nqueens.viewer.window",
        "nqueens.testing",
        "nqueens.__main__",
    ):
        assert expected in names
    assert len(names) == sum(1 for f, _ in FOLDERS for p in (ROOT / f).rglob("*.py") if "__pycache__" not in p.parts)
    for name in names:
        layer(name)  # every module has a layer


@pytest.mark.parametrize("name,path", MODULES, ids=[name for name, _ in MODULES])
def test_imports_follow_the_layers(name, path):
    known = _known_modules()
    own = layer(name)
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports {target} ({layer(target)})"
        for line, target in imports(name, path, known)
        if layer(target) is not None and not may_import(own, layer(target))
    ]
    assert not wrong, f"{name} is in the {own} layer:\n" + "\n".join(wrong)


@pytest.mark.slow
def test_every_project_import_names_a_module_that_exists():
    """An import of a project module that is gone (moved or renamed) fails here, not in the one command that runs
    it."""
    known = _known_modules()
    missing = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in MODULES
        for line, target in imports(name, path, known)
        if (target == "nqueens" or target.startswith("nqueens.")) and target not in known
    ]
    assert not missing, "\n".join(missing)


@pytest.mark.slow
def test_no_two_modules_import_each_other():
    """A cycle between two modules (a <-> b) is a layering fault even inside one layer."""
    known = _known_modules()
    graph = {name: {t for _, t in imports(name, path, known) if t != name} for name, path in MODULES}
    pairs = sorted(
        f"{a} <-> {b}" for a in graph for b in graph[a] if a < b and a in graph.get(b, ()) and "." in a and "." in b
    )
    assert not pairs, "\n".join(pairs)


@pytest.mark.slow
def test_a_planted_wrong_way_import_is_caught(tmp_path):
    """A copy of the source tree with one import against the rule, inside a function, fails the check."""
    import shutil

    for folder, _ in FOLDERS:
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    clean = violations(ROOT)
    assert violations(tmp_path) == clean == []
    target = tmp_path / "nqueens" / "runtime" / "run.py"
    target.write_text(target.read_text() + "\n\ndef _planted():\n    from nqueens.cli.commands import count\n")
    planted = violations(tmp_path)
    assert len(planted) == 1 and "nqueens.runtime.run (runtime) imports nqueens.cli.commands.count (cli)" in planted[0]
    command = tmp_path / "nqueens" / "cli" / "commands" / "solvers.py"
    command.write_text(command.read_text() + "\n\ndef _planted():\n    from nqueens.native import bitwise\n")
    assert any(
        "nqueens.cli.commands.solvers (cli) imports nqueens.native.bitwise (native)" in v for v in violations(tmp_path)
    )
    kernel = tmp_path / "native" / "bitwise.py"
    kernel.write_text(kernel.read_text() + "\nfrom nqueens.models import rows  # side by side: never\n")
    assert any(
        "nqueens.native.bitwise (native) imports nqueens.models.rows (models)" in v for v in violations(tmp_path)
    )
