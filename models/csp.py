"""N-Queens as a generic constraint satisfaction problem, solved by python-constraint.

One variable per row, its domain the columns; an all-different constraint on the rows' columns, and for every
pair of rows ``i < j`` a binary constraint ``|q[i] - q[j]| != j - i`` (the two diagonals). The search is the
library's: its default (``OptimizedBacktrackingSolver``), plain ``BacktrackingSolver``, recursive
``RecursiveBacktrackingSolver`` (all three with forward checking), or ``MinConflictsSolver`` for one solution
by local search. Solutions stream from the library's ``getSolutionIter``: nothing is enumerated beyond what
the caller reads.

For min-conflicts the columns are constrained pair by pair (``q[i] != q[j]`` joins each diagonal constraint):
local search moves a variable to the value that breaks the fewest constraints, and one all-different over all
rows is broken for every variable as long as any two rows share a column, which leaves it nothing to go by.

The library reports no effort, so it is counted here by instrumenting the model:

``assignments``
    values tried for a variable: a unary constraint that accepts everything sits first in every variable's
    constraint list, and the solvers call a variable's constraints each time they give it a value;
``constraint_calls``
    calls of the all-different and diagonal constraints (forward-checking calls included).

References
----------
python-constraint (``constraint``, the python-constraint2 release): ``Problem``, ``Constraint``,
``AllDifferentConstraint``, ``getSolutionIter``; its ``examples/queens`` formulation.
"""

import random

import numpy as np

import constraint

from nqueens.board import check_n, dtype_for
from nqueens.errors import NQueensError
from nqueens.record import Tally

__all__ = ["ALGORITHMS", "Effort", "problem", "count", "batches"]

ALGORITHMS = ("default", "backtracking", "recursive", "min-conflicts")

# Local search: steps per run, runs from fresh random starts, and fixed seeds so that a result can be repeated.
MIN_CONFLICTS_STEPS = 1000
MIN_CONFLICTS_RESTARTS = 10
MIN_CONFLICTS_SEED = 0

_CHUNK = 1024


class Effort:
    """The counters the instrumented constraints add to (``assignments``, ``constraint_calls``)."""

    def __init__(self):
        self.assignments = 0
        self.constraint_calls = 0

    def as_dict(self):
        return {"assignments": self.assignments, "constraint_calls": self.constraint_calls}


def problem(n, algorithm="default", effort=None, seed=MIN_CONFLICTS_SEED):
    """The python-constraint ``Problem`` for ``n`` queens with the chosen solver, instrumented.

    Parameters
    ----------
    n : int
    algorithm : {"default", "backtracking", "recursive", "min-conflicts"}
    effort : Effort, optional
        The counters to add to (a new one by default).
    seed : int
        The random seed of min-conflicts.

    Returns
    -------
    (constraint.Problem, Effort)

    Examples
    --------
    >>> p, effort = problem(4)
    >>> sorted(tuple(s[r] for r in range(4)) for s in p.getSolutionIter())
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> effort.assignments
    16
    """
    n = check_n(n)
    effort = Effort() if effort is None else effort
    p = constraint.Problem(_solver(algorithm, seed))
    rows = list(range(n))
    p.addVariables(rows, list(range(n)))
    for row in rows:
        p.addConstraint(_Tried(effort), [row])
    pairwise = algorithm == "min-conflicts"
    if not pairwise:
        p.addConstraint(_AllDifferent(effort), rows)
    for i in rows:
        for j in range(i + 1, n):
            p.addConstraint(_Pair(j - i, effort, columns=pairwise), [i, j])
    return p, effort


def count(n, *, nodes=False, algorithm="default"):
    """Count the solutions by streaming them from ``getSolutionIter`` (no list is built).

    Returns
    -------
    Tally
        ``stats``: ``assignments`` and ``constraint_calls``.

    Raises
    ------
    NQueensError
        For ``algorithm="min-conflicts"``, which finds one solution and cannot count.

    Examples
    --------
    >>> r = count(6)
    >>> r.total, r.stats["assignments"]
    (4, 130)
    """
    _check(algorithm)
    if algorithm == "min-conflicts":
        raise NQueensError("min-conflicts finds one solution and cannot count; use `nqueens solve N --solver csp`")
    p, effort = problem(n, algorithm)
    total = sum(1 for _ in p.getSolutionIter())
    return Tally(total=total, stats=effort.as_dict())


def batches(n, *, limit=None, algorithm="default"):
    """Stream the solutions as ``(m, n)`` arrays in the solver's order; min-conflicts gives one solution.

    Raises
    ------
    NQueensError
        If min-conflicts finds no solution in :data:`MIN_CONFLICTS_RESTARTS` runs of
        :data:`MIN_CONFLICTS_STEPS` steps, each from a fresh random start.

    Examples
    --------
    >>> sorted(map(tuple, next(batches(4)).tolist()))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    _check(algorithm)
    n = check_n(n)
    dtype = dtype_for(n)
    if algorithm == "min-conflicts":
        for restart in range(MIN_CONFLICTS_RESTARTS):
            solution = problem(n, algorithm, seed=MIN_CONFLICTS_SEED + restart)[0].getSolution()
            if solution is not None:
                yield np.array([[solution[r] for r in range(n)]], dtype=dtype)
                return
        raise NQueensError(
            f"min-conflicts found no solution for n = {n} in {MIN_CONFLICTS_RESTARTS} runs of "
            f"{MIN_CONFLICTS_STEPS} steps (local search cannot tell that none exists); use another algorithm"
        )
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    left = limit
    stream = problem(n, algorithm)[0].getSolutionIter()
    rows = []
    try:
        for solution in stream:
            rows.append([solution[r] for r in range(n)])
            if len(rows) == size or (left is not None and len(rows) == left):
                yield np.array(rows, dtype=dtype)
                if left is not None:
                    left -= len(rows)
                    if left == 0:
                        return
                rows = []
        if rows:
            yield np.array(rows, dtype=dtype)
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()


def _check(algorithm):
    if algorithm not in ALGORITHMS:
        raise NQueensError(f"algorithm must be one of {', '.join(ALGORITHMS)}; got {algorithm!r}")


def _solver(algorithm, seed):
    _check(algorithm)
    if algorithm == "default":
        return constraint.OptimizedBacktrackingSolver()
    if algorithm == "backtracking":
        return constraint.BacktrackingSolver()
    if algorithm == "recursive":
        return constraint.RecursiveBacktrackingSolver()
    return constraint.MinConflictsSolver(steps=MIN_CONFLICTS_STEPS, rand=random.Random(seed))


class _Tried(constraint.Constraint):
    """First in a variable's constraint list: counts the values the solver tries for it, rejects nothing."""

    def __init__(self, effort):
        self.effort = effort

    def __call__(self, variables, domains, assignments, forwardcheck=False):
        self.effort.assignments += 1
        return True

    def preProcess(self, variables, domains, constraints, vconstraints):
        # The library folds unary constraints into the domains and drops them; this one must stay.
        pass


class _AllDifferent(constraint.AllDifferentConstraint):
    """The library's all-different constraint (with its forward checking), counted."""

    def __init__(self, effort):
        super().__init__()
        self.effort = effort

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=constraint.Unassigned):
        self.effort.constraint_calls += 1
        return super().__call__(variables, domains, assignments, forwardcheck, _unassigned)


class _Pair(constraint.Constraint):
    """Rows ``i < j`` at distance ``d = j - i``: ``|q[i] - q[j]| != d`` (and ``q[i] != q[j]`` with ``columns``).

    Forward checking hides ``v - d`` and ``v + d`` (and ``v``) from the other row once one row has value ``v``.
    """

    def __init__(self, distance, effort, columns=False):
        self.distance = distance
        self.effort = effort
        self.hits = (-distance, 0, distance) if columns else (-distance, distance)

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=constraint.Unassigned):
        self.effort.constraint_calls += 1
        i, j = variables
        a = assignments.get(i, _unassigned)
        b = assignments.get(j, _unassigned)
        if a is not _unassigned and b is not _unassigned:
            return abs(a - b) not in self.hits
        if forwardcheck and (a is not _unassigned or b is not _unassigned):
            value, other = (a, j) if a is not _unassigned else (b, i)
            domain = domains[other]
            for hit in self.hits:
                if value + hit in domain:
                    domain.hideValue(value + hit)
                    if not domain:
                        return False
        return True
