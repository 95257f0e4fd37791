"""Measurements a paper can print: one effort vocabulary, CPU time and memory per run, seeds and statistics,
the tree a solver claims, and experiments from Python values."""

import json
import math
import os
import sys
import textwrap

import pytest
from helpers import run_cli
from nqueens.analysis.compare import parse_range
from nqueens.analysis.statistics import paired, summary

import nqueens
import nqueens.experiments
from nqueens.core.errors import NQueensError

# OEIS A000170.
TOTAL = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}
# Knuth, TAOCP 7.2.2 (and Wirth): the backtracking tree of the 8 queens has 2,057 nodes, root included.
KNUTH_NODES_8 = 2057


def _plugins(tmp_path):
    path = tmp_path / "measured.py"
    path.write_text(
        textwrap.dedent(
            """
            import time

            import nqueens
            from nqueens import Tally


            def _busy(n, *, nodes=False, instance=None):
                start = time.thread_time()
                while time.thread_time() - start < 0.3:
                    pass
                return Tally(total=nqueens.count(n, "bitwise").total)


            def _sleepy(n, *, nodes=False, instance=None):
                time.sleep(0.3)
                return Tally(total=nqueens.count(n, "bitwise").total)


            def _plus_one(n, *, nodes=False, instance=None):
                r = nqueens.count(n, "permutation", nodes=True)
                if not nodes:
                    return Tally(total=r.total)
                profile = list(r.profile)
                if len(profile) > 3:
                    profile[3] += 1  # one node too many at depth 3
                return Tally(total=r.total, nodes=sum(profile), profile=tuple(profile))


            busy = nqueens.Solver(name="busy", count=_busy, can=("count",))
            sleepy = nqueens.Solver(name="sleepy", count=_sleepy, can=("count",))
            plus_one = nqueens.Solver(name="plus-one", count=_plus_one, can=("count", "nodes"),
                                      claims_tree=("permutation", {}))
            pyramid = nqueens.Solver(name="pyramid", count=_plus_one, can=("count", "nodes"),
                                     claims_tree=("pyramid", {}))
            """
        )
    )
    return str(path)


# -- experiments from Python values ---------------------------------------------------------------------------


def test_run_takes_a_range_and_a_list_of_solvers():
    frame = nqueens.experiments.run(range(4, 9), ["bitwise", "cpsat"]).to_pandas()
    assert list(zip(frame["n"], frame["solver"])) == [(n, s) for n in range(4, 9) for s in ("bitwise", "cpsat")]
    assert frame["total"].tolist() == [TOTAL[n] for n in range(4, 9) for _ in range(2)]
    for column in ("cpu_time", "wall_time", "peak_memory", "effort.branches", "stats.branches", "stats.conflicts"):
        assert column in frame.columns, column
    assert (frame["cpu_time"] >= 0).all() and (frame["peak_memory"] > 10).all()
    cpsat = frame[frame["solver"] == "cpsat"]
    assert (cpsat["effort.branches"] == cpsat["stats.branches"]).all() and (cpsat["effort.branches"] > 0).all()


def test_run_refuses_what_is_not_a_board_size_or_a_solver_list():
    with pytest.raises(NQueensError, match="board sizes are integers"):
        nqueens.experiments.run([4, "x"], ["bitwise"])
    with pytest.raises(NQueensError, match="solvers are a string"):
        nqueens.experiments.run([4], [3])


def test_sizes_as_a_list_and_a_stepped_range():
    assert list(parse_range("20..40..5")) == [20, 25, 30, 35, 40]
    assert parse_range("20,25,30,35,40") == [20, 25, 30, 35, 40]
    assert parse_range("4..6,9") == [4, 5, 6, 9]
    for bad in ("20,,25", "20,20", "5..4", "4..8..0", "1..2..3..4"):
        with pytest.raises(NQueensError):
            parse_range(bad)


# -- effort -----------------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_every_run_has_an_effort_in_one_vocabulary(capsys):
    solvers = "bitwise,cp,cpsat,csp,dlx,sat,mary:propagation=forward-checking"
    code, out, err = run_cli(capsys, "compare", "8..9", "--solvers", solvers, "--nodes", "--json", "--store", "none")
    assert code == 0, err
    runs = json.loads(out)
    assert len(runs) == 14 and all(r["effort"] for r in runs), [r["solver"] for r in runs if not r["effort"]]
    by = {(r["n"], r["solver"]): r for r in runs}
    assert by[8, "bitwise"]["effort"]["nodes"] == KNUTH_NODES_8 and by[8, "bitwise"]["search_tree"] == "mary"
    assert set(by[8, "cp"]["effort"]) == {"branches", "failures"}
    assert set(by[8, "cpsat"]["effort"]) == {"branches", "conflicts", "propagations"}
    assert set(by[8, "csp"]["effort"]) == {"assignments", "constraint_calls"}
    assert set(by[8, "sat"]["effort"]) == {"conflicts", "decisions", "propagations"}
    assert set(by[8, "dlx"]["effort"]) == {"nodes", "updates"}
    fc = by[8, "mary:propagation=forward-checking"]
    assert fc["search_tree"] == "mary, forward-checking"
    # "checks" is Haralick & Elliott's consistency check, the number `nqueens tree` prints for the same search.
    code, out, _ = run_cli(capsys, "tree", "8", "--model", "mary", "--propagation", "forward-checking", "--json")
    assert fc["effort"]["checks"] == json.loads(out)["consistency_checks"]
    assert "checks" not in fc["stats"] and fc["effort"]["tests"] == fc["stats"]["tests"]


def test_mip_effort_is_its_branch_and_bound(capsys):
    code, out, err = run_cli(capsys, "compare", "6..7", "--solvers", "mip", "--json", "--store", "none")
    assert code == 0, err
    for r in json.loads(out):
        assert r["total"] == TOTAL[r["n"]] and r["effort"]["solves"] == r["total"] + 1  # one solve more: infeasible
        assert r["effort"]["lp_nodes"] >= 0 and r["effort"]["lp_iterations"] > 0


def test_the_markdown_table_shows_the_effort(capsys):
    code, out, err = run_cli(capsys, "compare", "8", "--solvers", "cp,csp", "--store", "none")
    assert code == 0, err
    assert "branches;" in out and "failures" in out and "assignments" in out


# -- resources --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "timeout", [None, pytest.param(60.0, marks=pytest.mark.slow)], ids=["in-process", "worker-process"]
)
def test_cpu_time_of_a_busy_solver_against_a_sleeping_one(tmp_path, timeout):
    path = _plugins(tmp_path)
    result = nqueens.experiments.run([6], [f"{path}:busy", f"{path}:sleepy"], timeout=timeout, store="none")
    busy, sleepy = result.records
    assert busy.status == sleepy.status == "solved" and busy.harness == sleepy.harness == "process"
    # The busy solver burned 0.3 s of CPU by its own clock; the run's CPU time holds it. It is the process's: a
    # worker's own threads beside the solver can add to it (seen: 1.73 s of CPU in 1.51 s of wall on a loaded
    # machine), so it is bounded by twice the wall, not by the wall.
    assert 0.29 <= busy.cpu_time <= busy.wall_time * 2 + 0.05
    # A sleeping solver waits 0.3 s of wall time with next to no CPU time.
    assert sleepy.wall_time >= 0.3 and sleepy.cpu_time < 0.1 * sleepy.wall_time
    assert busy.cpu_time / busy.wall_time > 4 * sleepy.cpu_time / sleepy.wall_time


@pytest.mark.slow
def test_a_short_run_is_timed_again_over_repetitions(monkeypatch):
    from nqueens.experiments import resources, worker

    # n = 4 takes microseconds, but a loaded machine may make one run, and one repeat with its overhead, take
    # milliseconds or more: the bound of a short run, the time the repeats aim at and their budget are set here
    # far above either, so that the test asks what happens to a short run, not whether this machine is idle.
    monkeypatch.setattr(resources, "SHORT_RUN", 0.5)
    monkeypatch.setattr(resources, "INNER_SECONDS", 1.0)
    monkeypatch.setattr(worker, "RETIME_BUDGET", 30.0)
    (record,) = nqueens.experiments.run([4], ["bitwise"], store="none").records
    assert record.status == "solved" and record.total == 2 and record.seconds < 0.5
    assert record.inner_loops >= 2 and 0 < record.inner_time < 0.5


def test_runexec_missing_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "benchexec", None)
    monkeypatch.setitem(sys.modules, "benchexec.runexecutor", None)
    code, out, err = run_cli(capsys, "compare", "6", "--solvers", "bitwise", "--harness", "runexec")
    assert code == 2 and out == "" and err.count("\n") == 1 and "pip install benchexec" in err


def test_runexec_measures_a_run_where_it_can():
    from nqueens.experiments.runexec import why_not

    reason = why_not()
    if reason:
        pytest.skip(reason)
    (record,) = nqueens.experiments.run([8], ["bitwise"], harness="runexec", store="none").records
    assert record.status == "solved" and record.total == 92 and record.harness == "runexec"
    assert record.cpu_time > 0 and record.peak_memory > 0


# -- seeds and statistics -----------------------------------------------------------------------------------------


def test_seeds_run_the_solvers_own_seed_option(tmp_path):
    result = nqueens.experiments.run(
        "20,24", "cp:var=random,bitwise", question="first", seeds=4, store=str(tmp_path / "s.sqlite")
    )
    cp = [r for r in result.records if r.solver == "cp:var=random"]
    assert [(r.n, r.seed) for r in cp] == [(n, s) for n in (20, 24) for s in (1, 2, 3, 4)]
    assert all(r.options["seed"] == r.seed and r.status == "sat" for r in cp)
    assert len({r.effort["branches"] for r in cp}) > 1  # the seeds change the search
    assert [r.n for r in result.records if r.solver == "bitwise"] == [20, 24]
    assert any("bitwise is deterministic" in note for note in result.notes)
    table = result.table()
    assert "ci95" in table and "quartiles" in table


def test_seed_input_errors_are_one_line_and_store_nothing(capsys, tmp_path):
    store = tmp_path / "none.sqlite"
    for argv in (
        ["compare", "8", "--solvers", "cp", "--seeds", "0"],
        ["compare", "8", "--solvers", "cp:seed=3", "--seeds", "2"],
        ["compare", "8", "--solvers", "bitwise:seed=3"],
    ):
        code, out, err = run_cli(capsys, *argv, "--store", str(store))
        assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, (argv, err)
        assert not store.exists()


def test_summary_and_the_bootstrap_interval():
    s = summary([1.0, 2.0, 3.0, 4.0, 100.0])
    assert (s["median"], s["q1"], s["q3"]) == (3.0, 2.0, 4.0)
    s = summary([*range(1, 11), 1000])  # the median stays among the small values in nearly every resample
    assert s["median"] == 6 and s["ci_low"] <= 6 <= s["ci_high"] and s["ci_high"] < 1000
    assert summary([2.0] * 7)["ci_low"] == summary([2.0] * 7)["ci_high"] == 2.0


def test_paired_statistics():
    a = {str(n): 1.0 for n in range(6)}
    b = {str(n): 1.0 + (n + 1) for n in range(6)}
    out = paired(a, b)
    assert (out["wins"], out["ties"], out["losses"]) == (0, 0, 6)
    assert out["ratios"] == [2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
    assert out["geomean"] == pytest.approx(math.prod(out["ratios"]) ** (1 / 6))
    # Six differences of one sign: the exact two-sided p of the signed-rank test is 2 / 2**6.
    assert out["wilcoxon"]["p"] == pytest.approx(2 / 64)
    with pytest.raises(NQueensError, match="no problem in common"):
        paired({"8": 1.0}, {"9": 1.0})


def test_runs_compare_gives_the_paired_statistics(capsys, tmp_path):
    store = str(tmp_path / "runs.sqlite")
    code, _, err = run_cli(capsys, "compare", "8..11", "--solvers", "bitwise,cp", "--store", store)
    assert code == 0, err
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "bitwise", "cp", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["paired"]["count"]["problems"] == ["8", "9", "10", "11"]
    assert sum(doc["paired"]["count"][k] for k in ("wins", "ties", "losses")) == 4
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "bitwise", "cp")
    assert "Wilcoxon signed-rank test" in out and "geometric mean" in out
    other = str(tmp_path / "other.sqlite")
    run_cli(capsys, "compare", "5", "--solvers", "cp", "--store", other)
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", store, other)
    assert code == 2 and out == "" and err.count("\n") == 1 and "no problem in common" in err


@pytest.mark.slow
def test_the_figures_are_drawn(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    store = str(tmp_path / "runs.sqlite")
    for kind in ("ecdf", "scatter", "cactus"):
        path = tmp_path / f"{kind}.png"
        argv = ["compare", "20,22", "--solvers", "cp:var=random,cp:var=first-fail", "--question", "first"]
        code, _, err = run_cli(
            capsys, *argv, "--seeds", "3", "--store", store, "--plot", str(path), "--plot-kind", kind
        )
        assert code == 0, err
        assert path.stat().st_size > 10_000


# -- claimed trees ----------------------------------------------------------------------------------------------


def test_a_plugin_with_one_node_too_many_fails_check_solver_at_its_depth(tmp_path, capsys):
    path = _plugins(tmp_path)
    checks = ("--check", "check_nodes_profile", "--check", "check_claimed_tree")
    code, out, err = run_cli(capsys, "check-solver", f"{path}:plus_one", *checks)
    assert code == 1
    line = next(line for line in out.splitlines() if line.startswith("check_claimed_tree"))
    assert "FAILED" in line and "depth 3: 1 node, the permutation tree has 0 nodes" in line  # n = 3: no level 3
    assert "check_nodes_profile  passed" in out  # self-consistent: only the claim catches it


def test_a_tree_that_does_not_exist_is_one_line(tmp_path, capsys):
    path = _plugins(tmp_path)
    store = tmp_path / "s.sqlite"
    for argv in (
        ["check-solver", f"{path}:pyramid", "--no-interrupt"],
        ["compare", "6", "--solvers", f"{path}:pyramid", "--store", str(store)],
    ):
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "'pyramid', which does not exist" in err
    assert not os.path.exists(store)


def test_compare_nodes_flags_two_columns_that_claim_one_tree(tmp_path, capsys):
    path = _plugins(tmp_path)
    code, out, err = run_cli(capsys, "compare", "8", "--solvers", f"permutation,{path}:plus_one,bitwise", "--nodes")
    assert code == 0, err
    assert f"claim the permutation tree and disagree on its nodes: permutation 2,057, {path}:plus_one 2,058" in out
    assert "bitwise" not in out.split("claim")[0].splitlines()[-1]  # bitwise (Knuth's tree, mary) agrees


def test_builtins_that_stand_on_knuths_tree_pass_the_claim(capsys):
    code, out, err = run_cli(capsys, "check-solver", "backtrack", "--check", "check_claimed_tree")
    assert code == 0 and "check_claimed_tree  passed   n = 1..8" in out


# -- long experiments ---------------------------------------------------------------------------------------------


def test_a_long_experiment_says_how_long_it_may_take(capsys):
    from nqueens.cli.commands.compare import _announcer
    from nqueens.registry import get_solver

    # bitwise answers n = 12 (its reach) in about a second, and the trees grow about fivefold an n beyond it
    _announcer(1.0)(7994, [(get_solver("bitwise"), {}, 16)] * 7994)
    err = capsys.readouterr().err
    assert "7,994 runs of at most 1 s each" in err and "Ctrl-C stops it" in err
    hours = float(err.split("forecast to take about ")[1].split(" hours")[0])
    assert 7994 / 3600 <= hours < 2.5  # every run to its limit of one second, and a little more for each start
    _announcer(10.0)(1000, [(get_solver("bitwise"), {}, 13)] * 1000)
    assert "at worst 2.8 hours, every run to its limit" in capsys.readouterr().err
    _announcer(1.0)(10, [(get_solver("bitwise"), {}, 6)] * 10)
    assert capsys.readouterr().err == ""
    told = []
    nqueens.experiments.run("4..6", "bitwise,dlx", store="none", announce=lambda count, runs: told.append(count))
    assert told == [6]
