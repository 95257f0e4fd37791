"""The measured optimisation runs, the checks of compare's and runs' arguments, and what a user is told: an
optimisation run's times on one clock, options that cannot apply refused with one line."""

import json
import pathlib
import shutil

import pytest
from helpers import run_cli

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"

# OEIS A075458, the queens domination numbers for n = 1..10.
A075458 = {1: 1, 2: 1, 3: 1, 4: 2, 5: 3, 6: 3, 7: 4, 8: 5, 9: 5, 10: 5}


def test_an_optimisation_runs_improvements_are_timed_on_the_runs_own_clock(capsys):
    # The time to the first and to the best solution are moments inside the run: never after its end.
    code, out, err = run_cli(capsys, "optimize", "domination", "1..5", "--solvers", "cpsat,sat", "--json")
    assert code == 0, err
    runs = json.loads(out)
    assert len(runs) == 10
    for run in runs:
        assert run["status"] == "optimal" and run["objective"] == A075458[run["n"]]
        assert 0 <= run["seconds_to_first"] <= run["time_best"] <= run["seconds"], run
        assert all(0 <= moment <= run["seconds"] for moment, _ in run["curve"]), run


def test_cpsat_optimisation_refuses_fewer_than_one_worker(capsys):
    # CP-SAT reads num_workers = 0 as "all cores" and refuses a negative number as an invalid model: neither is
    # the number the user asked for, and a refused model is not "no solution and no proof".
    for workers in ("0", "-1"):
        code, out, err = run_cli(capsys, "optimize", "domination", "5", "--solvers", f"cpsat:workers={workers}")
        assert (code, out) == (2, ""), err
        assert err == f"error: workers must be an integer >= 1, got {workers}\n"


def test_compare_refuses_counting_options_for_an_optimisation(capsys):
    # Domination and peaceable queens are posed with the queen's moves, and an optimisation run has no node
    # columns: a rule or --nodes there is a mistake to say, not an option to drop or to blame on each solver.
    base = ["compare", "4..5", "--problem", "domination", "--solvers", "cpsat"]
    for extra, said in (
        (["--rules", "superqueen"], "--rules superqueen"),
        (["--rules", "toroidal"], "--rules toroidal"),
        (["--nodes"], "--nodes"),
    ):
        code, out, err = run_cli(capsys, *base, *extra)
        assert (code, out) == (2, ""), err
        assert err.startswith(f"error: {said} ") and len(err.splitlines()) == 1, err
        assert "--question optimize" in err, err


def test_runs_compare_refuses_a_side_set_against_itself(capsys, tmp_path):
    store = tmp_path / "m.sqlite"
    code, _, err = run_cli(capsys, "compare", "6..7", "--solvers", "bitwise,dlx", "--store", store, "--quiet")
    assert code == 0, err
    for sides in (["dlx", "dlx"], [store, store], [store, tmp_path / "." / "m.sqlite"]):
        code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", *sides)
        assert (code, out) == (2, ""), out
        assert err.startswith("error: ") and "itself" in err and len(err.splitlines()) == 1, err
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "bitwise", "dlx")
    assert code == 0 and "dlx against bitwise: " in out, out + err


def test_sat_and_mip_optimisation_runs_report_their_effort(capsys):
    # The effort vocabulary holds for every question: a SAT run counts its conflicts and decisions, a MIP run its
    # branch-and-bound nodes and simplex iterations, CP-SAT under CPMpy its branches, whether it counts or optimises.
    code, out, err = run_cli(capsys, "optimize", "domination", "6", "--solvers", "sat,mip,cpmpy", "--json")
    assert code == 0, err
    runs = {run["solver"]: run for run in json.loads(out)}
    assert {run["objective"] for run in runs.values()} == {A075458[6]}
    assert {"conflicts", "decisions", "propagations"} <= set(runs["sat"]["effort"]), runs["sat"]["effort"]
    assert runs["sat"]["effort"]["decisions"] > 0
    assert {"lp_nodes", "lp_iterations"} <= set(runs["mip"]["effort"]), runs["mip"]["effort"]
    assert runs["mip"]["effort"]["lp_iterations"] > 0
    assert "nodes" not in runs["mip"]["stats"]  # the word of a named tree's nodes, not SCIP's
    assert {"branches", "conflicts"} <= set(runs["cpmpy"]["effort"]), runs["cpmpy"]["effort"]  # CP-SAT under CPMpy


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="needs the minizinc binary")
def test_a_minizinc_optimisation_model_reports_its_effort(capsys):
    code, out, err = run_cli(capsys, "optimize", "domination", "6", "--solvers", EXAMPLES / "domination.mzn", "--json")
    assert code == 0, err
    (run,) = json.loads(out)
    assert run["status"] == "optimal" and run["objective"] == A075458[6]
    assert run["effort"]["search_nodes"] == run["stats"]["mzn_nodes"] > 0, run["effort"]
    assert run["effort"]["failures"] == run["stats"]["mzn_failures"], run["effort"]
