"""docs/adding-a-solver.md's "Adding a question", done as the page says: the question's module written into a copy
of the package and its one line added to the table of questions; nothing else edited. The toy question (is the
number of solutions even?) is then offered by ``compare``, answered, settled and judged, and shown by ``runs``, its
CSV and the report with its statuses, against the parity of OEIS A000170."""

import csv
import io
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


def _section(text, heading):
    """The text of the section ``heading`` (a Markdown heading line), up to the next heading of its level."""
    level = heading.split(" ")[0]
    start = text.index(heading + "\n")
    after = re.search(rf"^{level} ", text[start + len(heading) :], flags=re.M)
    return text[start : start + len(heading) + (after.start() if after else len(text))]


def _blocks():
    return re.findall(r"```python\n(.*?)```", _section(PAGE.read_text(), "## Adding a question"), flags=re.S)


@pytest.fixture
def copy(tmp_path):
    package = copy_package(tmp_path / "site")
    module, line = _blocks()
    (package / "experiments" / "even.py").write_text(module)
    named = re.search(r'"(nqueens\.experiments\.even:EVEN)"', line).group(1)
    table = package / "experiments" / "questions.py"
    text = table.read_text()
    start = text.index("DECLARATIONS = (\n") + len("DECLARATIONS = (\n")
    end = text.index(")", start)
    table.write_text(text[:end] + f'    "{named}",\n' + text[end:])
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"))
    env.pop("NQUEENS_STORE", None)

    def run(*argv):
        return subprocess.run(
            [sys.executable, "-m", "nqueens", *argv], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=280
        )

    return run


def test_the_page_shows_one_module_and_one_line():
    module, line = _blocks()
    assert "EVEN = Question(" in module and "def settle(" in module
    assert "DECLARATIONS = (" in line and '"nqueens.experiments.even:EVEN"' in line


@pytest.mark.slow
def test_the_question_of_the_page_is_asked_stored_listed_and_reported(copy, tmp_path):
    store = str(tmp_path / "runs.sqlite")
    offered = copy("compare", "--help")
    said = " ".join(offered.stdout.split())
    assert offered.returncode == 0 and "even: is the number of solutions even" in said and ",optimize,even}" in said
    # bitwise and dlx count; cpsat stopping at its first solution cannot, and the run says why
    asked = copy("compare", "1..7", "--question", "even", "--solvers", "bitwise,dlx,cpsat:first=true", "--store", store)
    assert asked.returncode == 0, asked.stderr
    table = asked.stdout
    assert re.search(r"^\|\s*1\s*\|\s*bitwise\s*\|\s*unsat\s*\|", table, flags=re.M), table
    assert re.search(r"^\|\s*7\s*\|\s*dlx\s*\|\s*sat\s*\|", table, flags=re.M), table
    assert "cpsat:first=true cannot answer even: with first=true it finds one solution, not all" in table
    # runs and the CSVs: one row per run, the status the parity of OEIS A000170's total
    expected = {
        (s, n): ("even", "sat" if TOTAL[n] % 2 == 0 else "unsat", TOTAL[n])
        for s in ("bitwise", "dlx")
        for n in range(1, 8)
    }
    listed = copy("runs", "--store", store)
    assert listed.returncode == 0 and re.search(r"\|\s*dlx\s*\|\s*even\s*\|", listed.stdout), listed.stdout
    again = ("compare", "1..7", "--question", "even", "--solvers", "bitwise,dlx,cpsat:first=true", "--store", store)
    for argv in (("runs", "--store", store), again):
        rows = list(csv.DictReader(io.StringIO(copy(*argv, "--format", "csv").stdout)))
        answered = {
            (r["solver"], int(r["n"])): (r["question"], r["status"], int(r["total"])) for r in rows if r["total"]
        }
        assert answered == expected
    assert {r["status"] for r in rows if r["solver"] == "cpsat:first=true"} == {"unsupported"}
    assert copy("runs", "--store", store, "--check").returncode == 0
    # the report: the page of the question, a cell per problem and column with its status
    page = tmp_path / "even.html"
    reported = copy("report", "--store", store, "-o", str(page))
    assert reported.returncode == 0, reported.stderr
    html = page.read_text()
    assert "runs of the question" in html and "even" in html
    cells = {
        (int(n), solver): status
        for n, solver, status in re.findall(r'"n":(\d+),"solver":"([^"]+)","status":"(\w+)"', html)
    }
    assert cells == {(n, s): status for (s, n), (_, status, _) in expected.items()}


def test_nothing_branches_on_a_question_name_outside_the_declarations():
    """A question's name is tested nowhere but in its declaration: ``grep -rn 'question ==\\|question !=\\|question
    in' nqueens analysis models native`` finds nothing."""
    pattern = re.compile(r"question ==|question !=|question in")
    found = {
        str(path.relative_to(ROOT))
        for folder in ("nqueens", "analysis", "models", "native")
        for path in (ROOT / folder).rglob("*.py")
        if pattern.search(path.read_text())
    }
    assert found == set()
