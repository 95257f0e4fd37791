"""The statuses of a run are one table (:mod:`nqueens.core.status`): every part that asks whether a status answered,
fails an experiment, or is worse than another reads it, and no module keeps a list of its own."""

import ast
from pathlib import Path

import pytest

from nqueens.core import status
from nqueens.core.record import RunRecord

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_says_what_each_status_is():
    # What docs/effort.md and DESIGN.md say of each: a timeout is what a limit is for, not a failure; a feasible
    # optimisation run (stopped at its limit) did not answer; unsupported was never run.
    assert set(status.NAMES) == {
        "solved", "sat", "unsat", "optimal", "feasible", "infeasible", "unknown",
        "timeout", "memout", "error", "wrong", "unsupported",
    }  # fmt: skip
    assert set(status.ANSWERED) == {"solved", "sat", "unsat", "optimal", "infeasible"}
    assert set(status.FAILURES) == {"wrong", "error", "memout"}
    assert "unsupported" not in status.PENALISED and "feasible" in status.PENALISED
    assert status.worst(["solved", "feasible", "optimal"]) == "feasible"
    assert status.worst(["timeout", "memout"]) == "memout" and status.worst(["sat", "bogus"]) == "bogus"
    assert [s for s in status.NAMES if not status.ran(s)] == ["unsupported"]
    assert {s for s in status.NAMES if status.timed(s)} == set(status.ANSWERED) | {"feasible"}


def test_every_reader_takes_the_table():
    from nqueens.analysis import compare, report_html

    from nqueens.core import record
    from nqueens.experiments import judge, runner

    assert judge.STATUSES is status.NAMES and runner.STATUSES is status.NAMES
    assert judge.FAILURES is status.FAILURES and runner.FAILURES is status.FAILURES
    assert record.ANSWERED is status.ANSWERED and compare.SEVERITY is status.NAMES
    assert report_html._PROBLEM_STATUSES is status.FAILURES


@pytest.mark.parametrize("name", status.NAMES)
def test_a_record_reads_its_status_from_the_table(name):
    run = RunRecord(8, "x", status=name, timeout=10.0, seconds=1.0, total=92)
    assert run.answered is status.STATUS[name].answered
    assert run.par2 == (1.0 if run.answered else 20.0 if status.STATUS[name].ran else None)
    said = status.STATUS[name].result
    assert run.result == (said if said is not None else "sat")


def _status_tuples(path):
    """Tuples or lists of three or more string literals, all of them status names, in one source file; but the
    statuses a question declares it may give (``Question(statuses=...)``) and an optimiser's words (``CLAIMS``),
    which name statuses without being their table."""
    tree = ast.parse(path.read_text())
    allowed = {id(k.value) for k in ast.walk(tree) if isinstance(k, ast.keyword) and k.arg == "statuses"}
    allowed |= {
        id(a.value)
        for a in ast.walk(tree)
        if isinstance(a, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "CLAIMS" for t in a.targets)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in allowed:
            continue
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and len(node.elts) >= 3:
            words = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            if len(words) == len(node.elts) and all(w in status.STATUS for w in words):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.slow
def test_no_module_keeps_a_list_of_statuses_of_its_own():
    files = [p for folder in ("nqueens", "analysis") for p in (ROOT / folder).rglob("*.py")]
    lists = [where for path in files if path.name != "status.py" for where in _status_tuples(path)]
    assert lists == []
