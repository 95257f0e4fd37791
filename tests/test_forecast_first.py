"""The forecast of an experiment that stops at the first solution: from what a first solution costs, never from
the whole tree (which for n = 40 is some 1e28 nodes, a forecast of 1e23 years for a minute's work), or "unknown".
"""

import time

import pytest

from nqueens.experiments import parse_solvers, problems_from_range, run
from nqueens.runtime import forecast

# The README's experiment: three columns, n = 20..40 in steps of 5, ten seeds.
SOLVERS = "cpsat,cp:var=first-fail,cp:var=random"
RANGE = "20..40..5"


class _Planned(Exception):
    pass


def _planned_runs(question):
    """The runs the experiment would make, as its announcement is given them (nothing runs)."""
    seen = []

    def announce(count, runs=()):
        seen.extend(runs)
        raise _Planned

    with pytest.raises(_Planned):
        run(problems_from_range(RANGE), parse_solvers(SOLVERS), question=question, seeds=10, announce=announce)
    return seen


def test_a_first_solution_costs_no_more_than_the_tree_and_none_where_there_is_none():
    # OEIS A000170: no solution for n = 2 and 3, so no probe reaches one; for n = 8 the whole backtracking tree has
    # Knuth's 2,057 nodes, which a first solution does not need.
    assert forecast.first_solution_nodes(2, budget=0.02) is None
    assert forecast.first_solution_nodes(3, budget=0.02) is None
    assert 8 < forecast.first_solution_nodes(8, budget=1.0) < 2057


def test_a_first_solution_experiment_is_forecast_from_its_first_solutions_not_the_tree():
    runs = _planned_runs("first")
    assert len(runs) == 150  # 5 boards x 3 columns x 10 seeds
    whole = forecast.experiment_forecast(runs)
    first = forecast.experiment_forecast(runs, first=True)
    assert whole.seconds > 3600 * 24 * 365  # the whole trees of n = 20..40: years
    assert first.unknown == 0 and 1 < first.seconds < 600


def test_a_first_solution_nobody_can_forecast_is_unknown_and_counts_its_limit():
    from nqueens.registry import get_solver

    runs = [(get_solver("cpsat"), {}, 3000)]  # too large for the random probes to reach a solution in their budget
    said = forecast.experiment_forecast(runs, first=True)
    assert said.unknown == 1 and said.worst is None
    limited = forecast.experiment_forecast(runs, 30, first=True)
    assert limited.unknown == 1 and limited.worst >= 30 and limited.seconds >= 30


@pytest.mark.slow
def test_the_forecast_of_the_readme_first_solution_experiment_is_within_ten_times_its_time(tmp_path):
    said = []

    def announce(count, runs=()):
        said.append(forecast.experiment_forecast(runs, first=True))

    started = time.monotonic()
    result = run(
        problems_from_range(RANGE),
        parse_solvers(SOLVERS),
        question="first",
        seeds=10,
        announce=announce,
        store=str(tmp_path / "runs.sqlite"),
    )
    took = time.monotonic() - started
    assert all(r.status == "sat" for r in result.records)
    assert said[0].unknown == 0
    assert took / 10 <= said[0].seconds <= took * 10, (said[0], took)


def test_compare_says_which_first_solutions_it_cannot_forecast_and_the_worst_case(capsys):
    from nqueens.cli.commands.compare import _announcer
    from nqueens.registry import get_solver

    _announcer(5.0, True)(2, [(get_solver("cpsat"), {}, 40), (get_solver("cpsat"), {}, 3000)])
    note = capsys.readouterr().err
    assert note.startswith("note: 2 runs of at most 5 s each: about")
    assert "counting the 1 whose first solution cannot be forecast" in note and "at worst" in note
    _announcer(None, True)(1, [(get_solver("cpsat"), {}, 3000)])
    assert "their length has no bound (--timeout S bounds each)" in capsys.readouterr().err
