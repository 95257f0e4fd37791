"""Every module, function, class or constant the documentation names in its text exists, and every file it names.

The names are the inline code spans of ``docs/`` and ``README.md`` (``nqueens.core.effort.QUANTITIES``,
``native/fast_spec.py``); the code blocks are executed or shown as output elsewhere (the tutorials are run by
``make docs``, the commands by ``tests/test_docs_commands.py``).
"""

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted(p for p in (ROOT / "docs").rglob("*.md") if "_build" not in p.parts) + [ROOT / "README.md"]

# What a page names on purpose though it does not exist: the solver and the question that docs/adding-a-solver.md
# shows how to add.
EXAMPLES = {"nqueens.models.columns", "models/columns.py", "nqueens/experiments/even.py"}

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
_SPAN = re.compile(r"`([^`\n]+)`")
_DOTTED = re.compile(r"^(nqueens(?:\.[A-Za-z_]\w*)+)(?:\(\))?$")
_PATH = re.compile(r"^((?:[\w.-]+/)+[\w.-]+\.(?:py|md|json|toml|ipynb|txt|cfg))(?::\w+)?$")


def references(text):
    """The dotted names and file paths in the inline code spans of a page's text (code blocks left out)."""
    names, paths = [], []
    for span in _SPAN.findall(_FENCE.sub("", text)):
        span = span.strip()
        if m := _DOTTED.match(span):
            names.append(m.group(1))
        elif m := _PATH.match(span):
            paths.append(m.group(1))
    return names, paths


def resolves(name):
    """Whether ``nqueens.a.b.C`` is a module, or an attribute of the longest importable module before it."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            thing = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attribute in parts[cut:]:
                thing = getattr(thing, attribute)
        except AttributeError:
            return False
        return True
    return False


def exists(path, page):
    return any((base / path).exists() for base in (ROOT, page.parent, ROOT / "docs"))


def wrong(page):
    """The names and paths of ``page`` that do not exist."""
    names, paths = references(page.read_text())
    bad = [n for n in names if n not in EXAMPLES and not resolves(n)]
    bad += [p for p in paths if p not in EXAMPLES and not exists(p, page)]
    return bad


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_name_in_the_docs_exists(page):
    assert wrong(page) == []


def test_the_check_finds_names_and_paths():
    names, paths = references(PAGES[0].parent.joinpath("effort.md").read_text())
    assert "nqueens.core.effort.QUANTITIES" in names
    names, paths = references((ROOT / "docs" / "adding-a-solver.md").read_text())
    assert "native/fast_spec.py" in paths and "nqueens.registry.DECLARATIONS" in names


def test_a_planted_reference_to_a_missing_name_fails(tmp_path):
    page = tmp_path / "planted.md"
    page.write_text(
        "Counts go through `nqueens.count` and `nqueens.core.effort.QUANTITIES`, as `native/fast_spec.py` says.\n"
        "The budget is `nqueens.native.quadrants.MEMORY_BUDGET`, see `nqueens/native/rules_counter.py` and\n"
        "`nqueens.runtime.interrupt`.\n\n```python\nnqueens.not_checked_in_a_code_block\n```\n"
    )
    assert wrong(page) == [
        "nqueens.native.quadrants.MEMORY_BUDGET",
        "nqueens.runtime.interrupt",
        "nqueens/native/rules_counter.py",
    ]
