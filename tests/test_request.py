"""Check once, at the entry: a command resolves its request (solver, problem, options) once, and nothing below
re-validates ``n``, looks the solver up again or re-parses an option.

Calls are counted with a profiler hook on every thread, so a call made through any imported name is seen.
"""

import collections
import contextlib
import io
import sys
import threading

import pytest

from nqueens.cli import main

WATCHED = {
    ("get_solver", "nqueens/registry.py"),
    ("resolve", "nqueens/plugins.py"),
    ("check_options", "nqueens/core/protocol.py"),
    ("check_n", "nqueens/core/protocol.py"),
    ("check_n", "nqueens/core/board.py"),
    ("request", "nqueens/api.py"),
    ("default_workers", "nqueens/runtime/executors.py"),
    ("store_path", "nqueens/runtime/run.py"),
    ("parse", "nqueens/core/protocol.py"),
}


def _calls(argv):
    calls = collections.Counter()

    def hook(frame, event, arg):
        if event == "call":
            code = frame.f_code
            for name, path in WATCHED:
                if code.co_name == name and code.co_filename.endswith(path):
                    calls[(name, path)] += 1

    sys.setprofile(hook)
    threading.setprofile(hook)
    try:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            code = main(argv)
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    assert code == 0, out.getvalue()
    return calls


def _once(calls):
    assert calls[("request", "nqueens/api.py")] == 1
    assert calls[("get_solver", "nqueens/registry.py")] == 1
    assert calls[("check_options", "nqueens/core/protocol.py")] == 1
    assert calls[("check_n", "nqueens/core/protocol.py")] == 1  # the solver's limit
    assert calls[("resolve", "nqueens/plugins.py")] == 0


@pytest.mark.slow
def test_count_18_checks_once():
    calls = _calls(["count", "18", "--workers", "2"])
    _once(calls)
    # n is read where it enters (the argv text, then the Instance it becomes), never again below the facade.
    # argv, the Instance, --workers; and where this machine has no rate for the solver yet, the forecast's timing
    # run on a small board (its own n, not the request's) checks that board once.
    assert calls[("check_n", "nqueens/core/board.py")] <= 4
    assert calls[("store_path", "nqueens/runtime/run.py")] == 1
    assert calls[("default_workers", "nqueens/runtime/executors.py")] == 0  # --workers decided it


@pytest.mark.slow
def test_count_18_decides_workers_and_store_once():
    calls = _calls(["count", "18"])
    _once(calls)
    assert calls[("default_workers", "nqueens/runtime/executors.py")] == 1  # the request; the run trusts it
    assert calls[("store_path", "nqueens/runtime/run.py")] == 1
    assert calls[("check_n", "nqueens/core/board.py")] <= 3  # argv, the Instance (and the forecast's timing board)


def test_a_column_option_is_parsed_once():
    calls = _calls(["compare", "6..8", "--solvers", "cp:var=first-fail,bitwise"])
    assert calls[("get_solver", "nqueens/registry.py")] == 2
    assert calls[("parse", "nqueens/core/protocol.py")] == 1  # var=first-fail, where the column is parsed


@pytest.mark.slow
def test_compare_resolves_each_column_once():
    """14 runs of 2 columns: one lookup and one parse of the options per column, one request per run."""
    calls = _calls(["compare", "4..10", "--solvers", "bitwise,cpsat"])
    assert calls[("get_solver", "nqueens/registry.py")] == 2
    assert calls[("check_options", "nqueens/core/protocol.py")] == 2
    assert calls[("parse", "nqueens/core/protocol.py")] == 0  # no column names an option; no run parses them again
    assert calls[("resolve", "nqueens/plugins.py")] == 0
    # One request per run (7 boards x 2 columns) and one per column for the long-run forecast.
    assert calls[("request", "nqueens/api.py")] == 14 + 2
    assert calls[("check_n", "nqueens/core/protocol.py")] == 14 + 2


def test_solve_an_instance_checks_once(tmp_path):
    path = tmp_path / "i.json"
    path.write_text('{"n": 8, "blocked": [[0, 0], [2, 5]]}')
    calls = _calls(["solve", "--instance", str(path), "--limit", "1"])
    _once(calls)
    assert calls[("check_n", "nqueens/core/board.py")] <= 3  # the file's n, the Instance, the limit


def test_an_outside_solver_is_resolved_once(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "import nqueens\n"
        "def solutions(n):\n"
        "    import itertools\n"
        "    for q in itertools.permutations(range(n)):\n"
        "        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:\n"
        "            yield q\n"
        "solver = nqueens.Solver(name='mine', solutions=solutions)\n"
    )
    calls = _calls(["count", "7", "--solver", f"{path}:solver", "--json"])
    assert calls[("resolve", "nqueens/plugins.py")] == 1
    assert calls[("check_options", "nqueens/core/protocol.py")] == 1
