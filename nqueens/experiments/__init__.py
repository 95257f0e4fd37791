"""The experiment runner behind ``nqueens compare``: runs with limits, statuses, repeats, the pool.

The names a script or a notebook needs are here: ``from nqueens import experiments``, then
``experiments.run(experiments.problems_from_range("4..8"), experiments.parse_solvers("bitwise,dlx"))``.
"""

from nqueens.experiments.runner import (
    Experiment,
    compare,
    default_columns,
    parse_solvers,
    problems_from_instances,
    problems_from_range,
    run,
)

__all__ = [
    "Experiment",
    "run",
    "compare",
    "parse_solvers",
    "default_columns",
    "problems_from_range",
    "problems_from_instances",
]
