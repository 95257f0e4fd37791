"""N-Queens as a generic constraint satisfaction problem, solved by python-constraint.

One variable per row, its domain the columns; an all-different constraint on the rows' columns, and for every
pair of rows ``i < j`` a binary constraint ``|q[i] - q[j]| != j - i`` (the two diagonals). The search is the
library's; solutions stream from its ``getSolutionIter``: nothing is enumerated beyond what the caller reads.

The three complete algorithms all propagate the same way, by forward checking (``propagation="forward-checking"``:
once a row has a column, the constraints hide the columns it attacks from the rows still open; with
``propagation="none"`` a value is only checked against the rows already placed, which is plain backtracking).
What tells them apart is the order of the search, which python-constraint does not let one choose otherwise:

``default`` (``OptimizedBacktrackingSolver``)
    A static variable order, sorted once by degree and then by domain size: all rows tie here, so the rows in
    order (``var=input`` of the ``cp`` solver). The columns from the end of the domain list, the largest first.
``backtracking`` (``BacktrackingSolver``)
    A dynamic order: at every node the open row with the most constraints, then the fewest columns left; the
    rows tie on constraints, so first-fail (``var=first-fail``, the smallest-domain rule of Haralick and Elliott).
    Columns from the end of the domain list.
``recursive`` (``RecursiveBacktrackingSolver``)
    The same dynamic first-fail order, recursively; the columns in domain-list order, the smallest first.
``min-conflicts`` (``MinConflictsSolver``)
    Local search for one solution: not a search tree, no propagation, not complete.

Forward checking hides values by moving them to the end of a domain's hidden list and restores them in another
order, so "the columns in domain-list order" is the order of the moment, not a chosen value strategy.

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

import itertools
import random

import constraint
import numpy as np
from nqueens.models.csp_spec import ALGORITHMS, PROPAGATION

from nqueens.core.board import check_n, dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import offsets

__all__ = ["ALGORITHMS", "PROPAGATION", "Effort", "problem", "count", "batches", "incomplete"]


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


def problem(
    n,
    algorithm="default",
    effort=None,
    seed=MIN_CONFLICTS_SEED,
    propagation="forward-checking",
    instance=None,
    rule="queen",
):
    """The python-constraint ``Problem`` for ``n`` queens with the chosen solver, instrumented.

    Parameters
    ----------
    n : int
    algorithm : {"default", "backtracking", "recursive", "min-conflicts"}
    effort : Effort, optional
        The counters to add to (a new one by default).
    seed : int
        The random seed of min-conflicts.
    propagation : {"forward-checking", "none"}
        Whether the backtracking algorithms hide the attacked columns of the open rows (min-conflicts has no
        propagation).
    instance : Instance, optional
        Blocked squares, pre-placed queens and excluded diagonals: each row's domain is its allowed columns.
        ``None`` is returned for the problem when a row has none (python-constraint refuses an empty domain).
    rule : str
        The attack rule (:mod:`nqueens.core.rules`): each pair of rows forbids the column differences under which
        the rule's pieces attack (wrapped diagonals on a torus, the knight's moves too for ``superqueen``).

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
    p = constraint.Problem(_solver(algorithm, seed, propagation))
    rows = list(range(n))
    if instance is None:
        p.addVariables(rows, list(range(n)))
    else:
        allowed = instance.allowed()
        domains = [[c for c in range(n) if allowed[r] >> c & 1] for r in rows]
        if not all(domains):
            return None, effort
        for row in rows:
            p.addVariable(row, domains[row])
    for row in rows:
        p.addConstraint(_Tried(effort), [row])
    pairwise = algorithm == "min-conflicts"
    if not pairwise:
        p.addConstraint(_AllDifferent(effort), rows)
    hits = {d: offsets(n, rule, d) for d in range(1, n)}
    for i in rows:
        for j in range(i + 1, n):
            p.addConstraint(_Pair(hits[j - i], effort, columns=pairwise), [i, j])
    return p, effort


def count(n, *, nodes=False, instance=None, algorithm="default", propagation="forward-checking", rule="queen", seed=0):
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
    >>> count(6, propagation="none").stats["assignments"]
    894
    """
    _check(algorithm)
    reason = incomplete(algorithm=algorithm)
    if reason:
        raise NQueensError(f"{reason}: it cannot count; use `nqueens solve N --solver csp`")
    p, effort = problem(n, algorithm, propagation=propagation, instance=instance, rule=rule)
    total = 0 if p is None else sum(1 for _ in p.getSolutionIter())
    return Tally(total=total, stats=effort.as_dict())


def batches(n, *, limit=None, instance=None, algorithm="default", propagation="forward-checking", rule="queen", seed=0):
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
    if instance is not None and problem(n, instance=instance)[0] is None:
        return  # a row with no allowed square: no solution
    if algorithm == "min-conflicts":
        for restart in range(MIN_CONFLICTS_RESTARTS):
            built = problem(n, algorithm, seed=MIN_CONFLICTS_SEED + 1000 * seed + restart, instance=instance, rule=rule)
            solution = built[0].getSolution()
            if solution is not None:
                yield np.array([[solution[r] for r in range(n)]], dtype=dtype)
                return
        raise NQueensError(
            f"min-conflicts found no solution for n = {n} in {MIN_CONFLICTS_RESTARTS} runs of "
            f"{MIN_CONFLICTS_STEPS} steps (local search cannot tell that none exists); use another algorithm"
        )
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    stream = problem(n, algorithm, propagation=propagation, instance=instance, rule=rule)[0].getSolutionIter()
    rows = []
    try:
        for solution in itertools.islice(stream, limit):  # it asks for no solution beyond the limit
            rows.append([solution[r] for r in range(n)])
            if len(rows) == size:
                yield np.array(rows, dtype=dtype)
                rows = []
        if rows:
            yield np.array(rows, dtype=dtype)
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()


def incomplete(*, algorithm="default", **options):
    """Why enumerating with these options gives not every solution, or ``None`` if it gives them all.

    For a caller that needs all of them (a count, a reduction to fundamental solutions).

    Examples
    --------
    >>> incomplete(algorithm="min-conflicts")
    'min-conflicts finds one solution by local search, not all of them'
    >>> incomplete(algorithm="recursive") is None
    True
    """
    if algorithm == "min-conflicts":
        return "min-conflicts finds one solution by local search, not all of them"
    return None


def _check(algorithm):
    if algorithm not in ALGORITHMS:
        raise NQueensError(f"algorithm must be one of {', '.join(ALGORITHMS)}; got {algorithm!r}")


def _solver(algorithm, seed, propagation="forward-checking"):
    _check(algorithm)
    if propagation not in PROPAGATION:
        raise NQueensError(f"propagation must be one of {', '.join(PROPAGATION)}; got {propagation!r}")
    forwardcheck = propagation == "forward-checking"
    if algorithm == "default":
        return constraint.OptimizedBacktrackingSolver(forwardcheck=forwardcheck)
    if algorithm == "backtracking":
        return constraint.BacktrackingSolver(forwardcheck=forwardcheck)
    if algorithm == "recursive":
        return constraint.RecursiveBacktrackingSolver(forwardcheck=forwardcheck)
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
    """Rows ``i < j``: ``q[j] - q[i]`` is none of ``hits`` (for queens ``d = j - i`` apart: ``-d`` and ``d``, the
    diagonals; and 0, the column, with ``columns``).

    Forward checking hides ``v + h`` for every hit ``h`` from the other row once one row has value ``v`` (the hits
    are symmetric: every rule's attacks are).
    """

    def __init__(self, hits, effort, columns=False):
        self.effort = effort
        self.hits = frozenset((0, *hits) if columns else hits)

    def __call__(self, variables, domains, assignments, forwardcheck=False, _unassigned=constraint.Unassigned):
        self.effort.constraint_calls += 1
        i, j = variables
        a = assignments.get(i, _unassigned)
        b = assignments.get(j, _unassigned)
        if a is not _unassigned and b is not _unassigned:
            return b - a not in self.hits
        if forwardcheck and (a is not _unassigned or b is not _unassigned):
            value, other = (a, j) if a is not _unassigned else (b, i)
            domain = domains[other]
            for hit in self.hits:
                if value + hit in domain:
                    domain.hideValue(value + hit)
                    if not domain:
                        return False
        return True
