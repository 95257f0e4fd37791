"""The 0-1 integer program: counts by no-good cuts with SCIP's statistics, large first solutions, Ctrl-C, and
the solver libraries loading together in either order."""

import json
import signal
import subprocess
import sys
import time

import pytest
from known import TOTAL

import nqueens
from nqueens.cli import main
from nqueens.core.board import is_solution


def test_count_6_with_branch_and_bound_statistics(capsys):
    assert main(["count", "6", "--solver", "mip", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 4
    stats = doc["stats"]
    assert stats["variables"] == 36 and stats["solves"] == 5 and stats["cuts"] == 4
    assert stats["bb_nodes"] >= stats["solves"] - 1 and stats["lp_iterations"] > 0


@pytest.mark.slow
def test_enumeration_is_the_oracle_set():
    for n in range(1, 8):
        got = list(nqueens.solutions(n, "mip"))
        assert len(got) == len(set(got)) == TOTAL[n]
        assert set(got) == set(nqueens.solutions(n, "bitmask-recursive"))


def test_first_solution_for_40_queens(capsys):
    assert main(["solve", "40", "--solver", "mip", "--limit", "1", "--json"]) == 0
    (q,) = json.loads(capsys.readouterr().out)["solutions"]
    assert len(q) == 40 and is_solution(q)


@pytest.mark.slow
def test_ctrl_c_stops_at_once_with_no_result():
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "10", "--solver", "mip", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(3.0)
        assert proc.poll() is None
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130 and err.endswith("interrupted\n") and out == "", (err[-300:], out)
        assert time.monotonic() - sent < 3.0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


_LIBRARIES = [
    "ortools.linear_solver.pywraplp",
    "highspy",
    "cpmpy",
    "pysat.solvers",
    "pyganak",
    "z3",
    "exact",
    "pychoco",
]


@pytest.mark.parametrize("order", ["ortools first", pytest.param("ortools last", marks=pytest.mark.slow)])
def test_solver_libraries_load_together_in_either_order(order):
    """OR-tools carries its own HiGHS and SCIP; the other solver libraries (highspy among them, the version the
    test extra pins) must load beside it both ways."""
    names = _LIBRARIES if order == "ortools first" else _LIBRARIES[::-1]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "import nqueens\n"
        "print([nqueens.count(6, s).total for s in ('mip', 'sat', 'cpmpy')])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-1000:]
    assert done.stdout.strip() == "[4, 4, 4]"
