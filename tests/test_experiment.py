"""The experiment runner in this process: questions, verdicts, the store (reuse, --fresh), the short form."""

import json
import os

import pytest
from helpers import run_cli
from known import TOTAL, UNIQUE

import nqueens
from nqueens import NQueensError
from nqueens.cli import main
from nqueens.core.record import RunRecord
from nqueens.experiments import runner as experiment
from nqueens.runtime.store import ResultStore

RANGE = experiment.problems_from_range


def brute_force_is_solution(q):
    n = len(q)
    return sorted(q) == list(range(n)) and all(abs(q[i] - q[j]) != j - i for i in range(n) for j in range(i + 1, n))


@pytest.mark.slow
def test_count_runs_every_solver_once_per_n_and_repeat():
    result = experiment.run(RANGE("4..9"), experiment.parse_solvers("bitwise,dlx,fast"), repeat=2, store="none")
    assert len(result.records) == 6 * 3 * 2
    assert {(r["n"], r["solver"], r["repeat"]) for r in result.records} == {
        (n, s, k) for n in range(4, 10) for s in ("bitwise", "dlx", "fast") for k in (1, 2)
    }
    for r in result.records:
        assert r["status"] == "solved" and r["total"] == TOTAL[r["n"]] and r["seconds"] > 0
        assert r["unique"] == (UNIQUE[r["n"]] if r["solver"] == "fast" else None)
    assert result.agreed and result.failures == 0


@pytest.mark.slow
def test_enumerate_counts_the_stream_and_times_the_first():
    result = experiment.run(
        RANGE("1..8"), experiment.parse_solvers("bitwise,sieve,csp"), question="enumerate", store="none"
    )
    for r in result.records:
        assert r["status"] == "solved" and r["total"] == TOTAL[r["n"]]
        assert (r["seconds_to_first"] is None) == (TOTAL[r["n"]] == 0)
        assert r["seconds_to_first"] is None or r["seconds_to_first"] <= r["seconds"]


@pytest.mark.slow
def test_first_gives_a_solution_and_seconds_to_first():
    solvers = "bitwise,cpsat,dlx,csp,generate-test,permutation,csp:algorithm=min-conflicts"
    result = experiment.run(RANGE("1..10"), experiment.parse_solvers(solvers), question="first", store="none")
    assert {r["solver"] for r in result.records} == set(solvers.split(","))
    for r in result.records:
        if TOTAL[r["n"]] == 0:
            if r["solver"] == "csp:algorithm=min-conflicts":
                # a local search does not prove that there is no solution: no answer is unknown, not unsat
                assert r["status"] not in ("sat", "unsat") and r.result == "unknown", r
                continue
            assert r["status"] == "unsat" and r["solution"] is None and r.result == "unsat", r
            continue
        assert r["status"] == "sat" and r.result == "sat", r
        assert brute_force_is_solution(r["solution"]) and len(r["solution"]) == r["n"]
        assert 0 < r["seconds_to_first"] <= r["seconds"]


def test_a_solver_that_cannot_answer_is_unsupported_not_skipped():
    result = experiment.run(RANGE("6"), experiment.parse_solvers("fast,bitwise,cpsat"), question="unique", store="none")
    statuses = {r["solver"]: (r["status"], r["unique"]) for r in result.records}
    assert statuses == {"fast": ("solved", 1), "bitwise": ("solved", 1), "cpsat": ("solved", 1)}
    result = experiment.run(RANGE("6"), experiment.parse_solvers("fast,bitwise"), question="enumerate", store="none")
    fast = next(r for r in result.records if r["solver"] == "fast")
    assert fast["status"] == "unsupported" and "only counts" in fast["message"] and result.failures == 0


def test_a_solver_that_raises_is_one_error_run(tmp_path):
    # An outside solver whose count raises: its runs are errors, the other column's go on.
    (tmp_path / "raising.py").write_text("def solver(n):\n    raise ZeroDivisionError('no board for you')\n    yield\n")
    raising = f"{tmp_path / 'raising.py'}:solver"
    result = experiment.run(RANGE("6..7"), experiment.parse_solvers(f"{raising},bitwise"), store="none")
    statuses = [(r["n"], r["status"]) for r in result.records]
    assert statuses == [(6, "error"), (6, "solved"), (7, "error"), (7, "solved")]
    assert "ZeroDivisionError" in result.records[0]["message"] and result.failures == 2


def test_wrong_answers_are_judged_by_the_published_values_and_by_the_majority():
    def record(solver, total, n=8, **more):
        return RunRecord(n=n, solver=solver, question="count", status="solved", total=total, **more)

    known = [record("a", 92), record("b", 91)]
    experiment.judge(known)
    assert [r["status"] for r in known] == ["solved", "wrong"] and "A000170" in known[1]["message"]
    beyond = [record("a", 7, n=40), record("b", 7, n=40), record("c", 8, n=40)]
    experiment.judge(beyond)
    assert [r["status"] for r in beyond] == ["solved", "solved", "wrong"]
    assert "the solvers disagree on the total: a, b say 7; c says 8" in beyond[2]["message"]
    tie = [record("a", 7, n=40), record("b", 8, n=40)]
    experiment.judge(tie)
    assert [r["status"] for r in tie] == ["wrong", "wrong"]
    first = [RunRecord(8, "a", "first", status="sat", solution=[0, 1, 2, 3, 4, 5, 6, 7])]
    experiment.judge(first)
    assert first[0]["status"] == "wrong" and "not a solution" in first[0]["message"]


@pytest.mark.slow
def test_the_store_serves_a_repeated_experiment_and_fresh_makes_it_again(tmp_path, capsys):
    path = str(tmp_path / "runs.sqlite")
    argv = ["compare", "5..7", "--solvers", "bitwise,dlx", "--json", "--aggregate", "--store", path, "--repeat", "2"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out)
    assert not any(c["reused"] for c in first) and all(c["reused"] for c in again)
    assert [(c["n"], c["solver"], c["total"], c["seconds"]) for c in again] == [
        (c["n"], c["solver"], c["total"], c["seconds"]) for c in first
    ]
    assert len(ResultStore(path).experiment_runs()) == 12
    assert main([*argv, "--fresh"]) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert not any(c["reused"] for c in fresh) and len(ResultStore(path).experiment_runs()) == 24
    assert main([*argv[:-1], "3"]) == 0  # one more repeat: only it is made
    more = json.loads(capsys.readouterr().out)
    assert all([r["reused"] for r in c["repeats"]] == [True, True, False] for c in more)


def test_a_stored_run_has_what_it_needs(tmp_path):
    path = tmp_path / "runs.sqlite"
    experiment.run(RANGE("8"), experiment.parse_solvers("cpsat:symmetry=true"), store=str(path))
    (run,) = ResultStore(path).experiment_runs()
    assert (
        run["solver"] == "cpsat:symmetry=true" and run["options"]["symmetry"] == "lex"
    )  # true is the old spelling of lex
    assert run["status"] == "solved" and (run["total"], run["unique"]) == (92, 12)
    assert run["version"] == nqueens.__version__ and run["host"] and run["finished"]
    assert run["stats"]["branches"] > 0 and "timeout" in run and "memory" in run


def test_the_store_is_named_or_taken_from_the_environment_or_none(tmp_path, monkeypatch):
    monkeypatch.setenv("NQUEENS_STORE", str(tmp_path / "env.sqlite"))
    assert experiment.run(RANGE("5"), experiment.parse_solvers("bitwise")).store == str(tmp_path / "env.sqlite")
    assert experiment.run(RANGE("5"), experiment.parse_solvers("bitwise"), store="none").store is None
    monkeypatch.delenv("NQUEENS_STORE")
    assert experiment.run(RANGE("5"), experiment.parse_solvers("bitwise")).store is None
    with pytest.raises(NQueensError, match="does not exist"):
        experiment.run(RANGE("5"), experiment.parse_solvers("bitwise"), store=str(tmp_path / "no" / "x.sqlite"))


@pytest.mark.slow
def test_the_short_form_keeps_the_fastest_and_raises_on_failure():
    records = experiment.compare(range(6, 9), ["bitwise", "backtrack"], repeat=2)
    assert [(r.n, r.solver, r.total) for r in records] == [
        (n, s, TOTAL[n]) for n in range(6, 9) for s in ("bitwise", "backtrack")
    ]
    with pytest.raises(NQueensError, match="cannot answer count"):
        experiment.compare(range(6, 7), ["csp:algorithm=min-conflicts"])


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"question": "all"}, "question must be one of"),
        ({"repeat": 0}, "repeat must be"),
        ({"timeout": -1}, "timeout must be a positive number"),
        ({"memory": "lots"}, "memory must be a positive number"),
        ({"workers": 2, "scheduler": "tcp://127.0.0.1:1"}, "one or the other"),
    ],
)
def test_bad_arguments(kwargs, fragment):
    with pytest.raises(NQueensError, match=fragment):
        experiment.run(RANGE("5"), experiment.parse_solvers("bitwise"), store="none", **kwargs)


def test_instances_are_rows_keyed_by_file_and_checked_against_each_other(capsys):
    data = os.path.join(os.path.dirname(__file__), "data")
    with open(os.path.join(data, os.pardir, "instance_answers.json")) as fh:
        answers = json.load(fh)
    names = ["block-10-40-3.param", "completion-12-4-5.param", "block-10-50-7.param"]
    code, out, _ = run_cli(
        capsys,
        "compare",
        "--instances",
        *(os.path.join(data, name) for name in names),
        "--solvers",
        "bitwise,dlx,fast",
        "--json",
        "--store",
        "none",
    )
    table = json.loads(out)
    assert code == 0 and [c["instance"] for c in table] == [name for name in names for _ in range(3)]
    for cell in table:
        if cell["solver"] == "fast":
            assert cell["status"] == "unsupported" and "instances" in cell["message"]
        else:
            assert cell["status"] == "solved" and cell["total"] == answers[cell["instance"]]["total"], cell
    code, out, _ = run_cli(
        capsys,
        "compare",
        "--instances",
        os.path.join(data, names[1]),
        "--solvers",
        "bitwise,dlx",
        "--question",
        "first",
        "--json",
        "--store",
        "none",
    )
    from nqueens.core.instance_io import read_instance

    queens = read_instance(os.path.join(data, names[1])).to_dict()["queens"]  # 0-based (row, column)
    assert len(queens) == 4
    for cell in json.loads(out):
        q = cell["solution"]
        assert cell["status"] == "sat" and brute_force_is_solution(q) and len(q) == 12
        assert all(q[r] == c for r, c in queens)
