"""What a hostile outside solver or optimiser returns, set by a test before each run: the solver files that
tests/test_outside_properties.py writes read :data:`CASE` when they are called (the runs are made in the test's
own process), so that one file serves every drawn case."""

CASE: dict = {}

COUNTER = """
import hostile
from nqueens import Solver, Tally


def _count(n, **options):
    case = hostile.CASE
    if case.get("tally"):
        return Tally(**case["tally"])
    return case["count"]


solver = Solver("hostile-count", count=_count)
"""

STREAM = """
import hostile


def solutions(n, *, instance=None):
    yield from hostile.CASE["rows"]
"""

OPTIMISER = """
import hostile


def optimize(problem, n, *, timeout=None, improved):
    case = hostile.CASE
    for solution, objective in case["improvements"]:
        improved(solution, objective=objective)
    return case["said"]
"""
