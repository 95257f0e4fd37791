"""docs/adding-a-solver.md, done as the page says: its module written into a copy of the package and its one line
added to the registry's declarations; nothing else edited. The new solver is then listed, checked by the facade
and compared with a built-in one against OEIS A000170."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import copy_package

from nqueens.core.published import TOTAL

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-solver.md"


def _blocks(text):
    """The code blocks of the page's own part (the sections after it add other things: a question, ...)."""
    return re.findall(r"```python\n(.*?)```", text.split("\n## Adding a ")[0], flags=re.S)


@pytest.fixture
def copy(tmp_path):
    package = copy_package(tmp_path / "site")
    module, line = _blocks(PAGE.read_text())
    (package / "models" / "columns.py").write_text(module)
    named = re.search(r'"(nqueens\.models\.columns)"', line).group(1)
    registry = package / "registry.py"
    text = registry.read_text()
    start = text.index("DECLARATIONS = (\n") + len("DECLARATIONS = (\n")
    end = text.index(")", start)
    names = re.findall(r'"([^"]+)"', text[start:end]) + [named]
    registry.write_text(text[:start] + "".join(f'    "{n}",\n' for n in sorted(names)) + text[end:])
    # The suite's kernel cache (the copy's kernel modules are the same sources, so the same folders); the store
    # its own.
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"), NQUEENS_STORE="none")

    def run(*argv):
        return subprocess.run(
            [sys.executable, "-m", "nqueens", *argv], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=280
        )

    return run


def test_the_page_shows_one_module_and_one_line():
    module, line = _blocks(PAGE.read_text())
    assert "SOLVER = Solver(" in module and "def count(" in module and "def batches(" in module
    assert "DECLARATIONS = (" in line and '"nqueens.models.columns"' in line


@pytest.mark.slow
def test_the_solver_of_the_page_is_listed_checked_and_compared(copy):
    listed = copy("solvers")
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^columns\s+model\s+count,enumerate\s", listed.stdout, flags=re.M)
    # its declared limit, checked by the facade before its code runs
    refused = copy("count", "41", "--solver", "columns")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ") and "40" in refused.stderr
    # an option choice it declares, and one it does not
    bad = copy("count", "6", "--solver", "columns", "--option", "order=middle")
    assert bad.returncode == 2 and "left" in bad.stderr and "right" in bad.stderr
    compared = copy("compare", "4..9", "--solvers", "columns,columns:order=right,bitmask-recursive", "--format", "csv")
    assert compared.returncode == 0, compared.stderr
    rows = [line.split(",") for line in compared.stdout.splitlines()]
    header, body = rows[0], rows[1:]
    n, solver, total = header.index("n"), header.index("solver"), header.index("total")
    found = {(r[solver], int(r[n])): int(r[total]) for r in body if r[solver].startswith("columns")}
    assert found == {(s, k): TOTAL[k] for s in ("columns", "columns:order=right") for k in range(4, 10)}


def test_the_solver_of_the_page_has_its_effort_columns(copy):
    """Its declared ``effort`` makes its statistic ``tried`` the quantity ``tests`` of the run records; both
    orders search mirror-image trees, so they test as many squares."""
    compared = copy("compare", "5..8", "--solvers", "columns,columns:order=right", "--format", "json")
    assert compared.returncode == 0, compared.stderr
    runs = json.loads(compared.stdout)
    assert len(runs) == 8
    for r in runs:
        assert r["effort"] == {"tests": r["stats"]["tried"]} and r["stats"]["tried"] > TOTAL[r["n"]] * r["n"], r
    tests = {(r["solver"], r["n"]): r["effort"]["tests"] for r in runs}
    assert all(tests["columns", k] == tests["columns:order=right", k] for k in range(5, 9))
