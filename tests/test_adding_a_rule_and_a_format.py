"""docs/adding-a-solver.md's "Adding a rule" and "Adding an output format", done as the page says in a copy of the
package: the page's code written where it says, nothing else edited. The counts of the new rule are checked
against a brute force written here (its own attack test), the new format's boards read back by a parser written
here."""

import json
import os
import re
import subprocess
import sys
from itertools import permutations
from pathlib import Path

import pytest
from conftest import copy_package
from known import TOTAL, UNIQUE

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-solver.md"


def _blocks(title):
    """The code blocks of the page's section ``## title``."""
    section = PAGE.read_text().split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


@pytest.fixture
def copy(tmp_path):
    package = copy_package(tmp_path / "site")
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "site"), NQUEENS_STORE="none")

    def run(*argv):
        return subprocess.run(
            [sys.executable, "-m", "nqueens", *map(str, argv)],
            env=env,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            timeout=280,
        )

    return package, run


def _rides(dr, dc, n):
    # a queen's lines and diagonals, or a nightrider's ride: k knight's steps in one direction
    dr, dc = abs(dr), abs(dc)
    return dr == dc or any((dr, dc) in ((k, 2 * k), (2 * k, k)) for k in range(1, n))


def _nightrider_queens(n):
    return [
        q
        for q in permutations(range(n))
        if not any(_rides(j - i, q[j] - q[i], n) for i in range(n) for j in range(i + 1, n))
    ]


@pytest.mark.slow
def test_the_rule_of_the_page_is_counted_solved_and_refused_where_undeclared(copy):
    package, run = copy
    rule, option = _blocks("Adding a rule")
    rules = package / "core" / "rules.py"
    anchor = "RULE_NAMES = tuple(RULES)"
    rules.write_text(rules.read_text().replace(anchor, rule + "\n\n" + anchor, 1))
    spec = package / "models" / "csp_spec.py"
    text = spec.read_text().replace("        RULE,\n", f"        {option.strip()},\n", 1)
    spec.write_text(text.replace("import RULE\n", "import MODELLED_RULES\n", 1))

    compared = run("compare", "1..7", "--solvers", "csp", "--rules", "nightrider", "--format", "json")
    assert compared.returncode == 0, compared.stderr
    assert {r["n"]: r["total"] for r in json.loads(compared.stdout)} == {
        n: len(_nightrider_queens(n)) for n in range(1, 8)
    }
    solved = run("solve", "7", "--solver", "csp", "--rules", "nightrider", "--format", "json")
    assert solved.returncode == 0, solved.stderr
    assert sorted(map(tuple, json.loads(solved.stdout)["solutions"])) == _nightrider_queens(7)
    refused = run("count", "6", "--solver", "cpsat", "--rules", "nightrider")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ") and refused.stderr.count("\n") == 1
    queen = run("count", "8", "--solver", "csp", "--json")  # the queen's problem stays the solver's default
    assert queen.returncode == 0 and json.loads(queen.stdout)["total"] == TOTAL[8]


def _read_fen(line, n):
    """The columns of a generalised FEN board of n queens, one per row (a parser of this test's own)."""
    rows = line.split("/")
    assert len(rows) == n, line
    q = []
    for row in rows:
        before, after = row.split("Q")
        q.append(int(before or 0))
        assert int(before or 0) + 1 + int(after or 0) == n, line
    return tuple(q)


@pytest.mark.slow
def test_the_format_of_the_page_writes_every_board(copy):
    package, run = copy
    (writer,) = _blocks("Adding an output format")
    board = package / "core" / "board.py"
    line = 'WRITERS = {"boards": format_boards}\n'
    assert line in board.read_text()
    board.write_text(board.read_text().replace(line, writer, 1))

    shown = run("solve", "8", "--format", "fen")
    assert shown.returncode == 0, shown.stderr
    boards = {_read_fen(text, 8) for text in shown.stdout.splitlines()}
    assert len(boards) == TOTAL[8] and all(len(set(q)) == 8 for q in boards)
    assert all(abs(q[i] - q[j]) != j - i for q in boards for i in range(8) for j in range(i + 1, 8))
    fundamental = run("solve", "8", "--format", "fen", "--fundamental")
    assert fundamental.returncode == 0 and len(fundamental.stdout.splitlines()) == UNIQUE[8]
    limited = run("solve", "8", "--format", "fen", "--limit", "3")
    assert limited.returncode == 0 and len(limited.stdout.splitlines()) == 3
    assert "fen" in run("solve", "--help").stdout
