"""N-Queens as a 0-1 integer program, solved by SCIP through OR-tools' linear solver wrapper (``pywraplp``).

The standard model: ``x[r][c]`` is 1 when a queen stands on square ``(r, c)``; every row and every column sums to
1, every diagonal and anti-diagonal to at most 1; no objective (any feasible point is a solution). A problem
instance fixes variables: ``x = 0`` on blocked squares and excluded diagonals, ``x = 1`` under pre-placed queens.

A MIP solver finds one optimal (here: feasible) point, so counting and enumeration add a **no-good cut** after
each solution ``S`` (its ``n`` queens) and solve again: ``sum(x[r][c] for (r, c) in S) <= n - 1`` excludes
``S`` and no other board (every board has exactly ``n`` queens). That is exact but costs one branch-and-bound
solve per solution, so it is for small ``n`` (n = 8, 93 solves, takes seconds); finding one solution is where
the integer program is at home (n = 40 in under a second).

Why SCIP through ``pywraplp``: it is an LP-based branch-and-cut solver that comes inside the ``ortools`` wheel the
toolkit already depends on, so the model needs no further package. ``highspy`` would be the other choice, but
from version 1.13 on it cannot be loaded into one process with ``ortools`` 9.15 (whichever comes second fails
on an undefined HiGHS symbol), and OR-tools' own HiGHS backend prints its banner on stdout.

The solve runs in a worker thread (:mod:`nqueens.core.background`; ``pywraplp`` releases the GIL) with SCIP's
own Ctrl-C handler turned off, so Ctrl-C reaches Python at once and ``InterruptSolve`` stops SCIP.

References
----------
T. Achterberg, "SCIP: solving constraint integer programs", Mathematical Programming Computation 1 (2009).
E. Balas, R. Jeroslow, "Canonical cuts on the unit hypercube", SIAM J. Appl. Math. 23 (1972) (no-good cuts).
"""

import time

import numpy as np

from nqueens.core import background
from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import diagonals, knight_pairs

__all__ = ["model", "count", "batches", "warmup"]

# SCIP parameters: one thread, and SIGINT left to Python (SCIP would otherwise catch it and stop quietly).
_SCIP_PARAMETERS = "misc/catchctrlc = FALSE\nlp/threads = 1\n"


def model(n, *, instance=None, rule="queen"):
    """The integer program as a ``pywraplp.Solver`` (SCIP) and its variables ``x[r][c]``.

    Under another ``rule`` (:mod:`nqueens.core.rules`) the diagonals are the rule's (wrapped on a torus) and two
    squares a knight apart sum to at most 1 (``superqueen``).

    Returns
    -------
    (pywraplp.Solver, list of list of Variable)

    Examples
    --------
    >>> solver, x = model(4)
    >>> solver.NumVariables(), solver.NumConstraints()
    (16, 18)
    """
    from ortools.linear_solver import pywraplp

    solver = pywraplp.Solver.CreateSolver("SCIP")
    if solver is None:
        raise NQueensError(
            "this OR-tools build has no SCIP; the mip model needs OR-tools with SCIP (pip install ortools)"
        )
    solver.SetNumThreads(1)
    solver.SetSolverSpecificParametersAsString(_SCIP_PARAMETERS)
    # Encoding: x[r][c] = 1 when a queen stands on square (r, c).
    x = [[solver.BoolVar(f"x_{r}_{c}") for c in range(n)] for r in range(n)]
    # Every row and every column sums to 1.
    for r in range(n):
        solver.Add(solver.Sum(x[r]) == 1, f"row_{r}")
    for c in range(n):
        solver.Add(solver.Sum([x[r][c] for r in range(n)]) == 1, f"col_{c}")
    # Every diagonal r + c = s and every anti-diagonal r - c = d (mod n on a torus) sums to at most 1.
    lines = diagonals(n, rule)
    for k, line in enumerate(lines):
        if len(line) > 1:
            name = f"sum_{k}" if k < len(lines) // 2 else f"dif_{k - len(lines) // 2}"
            solver.Add(solver.Sum([x[r][c] for r, c in line]) <= 1, name)
    # Two squares a knight apart hold at most one queen (superqueen).
    for (r1, c1), (r2, c2) in knight_pairs(n, rule):
        solver.Add(x[r1][c1] + x[r2][c2] <= 1, f"knight_{r1}_{c1}_{r2}_{c2}")
    if instance is not None:
        _fix(solver, x, instance)
    return solver, x


def count(n, *, nodes=False, instance=None, rule="queen"):
    """Count the solutions by solving again after a no-good cut for each one.

    Returns
    -------
    Tally
        ``stats``: ``variables``, ``constraints`` (of the model), ``solves``, ``cuts`` (no-goods added),
        ``bb_nodes`` (SCIP's branch-and-bound nodes, all solves), ``lp_iterations`` (simplex iterations, all
        solves), ``first_solution_nodes``; ``time_model`` and ``time_solve``: seconds building the model and
        solving (all solves and cuts).

    Examples
    --------
    >>> r = count(6)
    >>> r.total, r.stats["solves"], r.stats["cuts"]
    (4, 5, 4)
    """
    start = time.perf_counter()
    solver, x = model(n, instance=instance, rule=rule)
    shape = {"variables": solver.NumVariables(), "constraints": solver.NumConstraints()}
    effort = _Effort()
    built = time.perf_counter()

    def work(stopped):
        return sum(1 for _ in _solutions(solver, x, n, effort, stopped))

    total = background.run(work, stop=solver.InterruptSolve, name="mip-count")
    times = {"time_model": built - start, "time_solve": time.perf_counter() - built}
    return Tally(total=total, stats={**shape, **effort.as_dict(), **times})


def batches(n, *, limit=None, instance=None, rule="queen"):
    """Stream the solutions as ``(m, n)`` arrays, one per solve (so the first arrives after one solve).

    Examples
    --------
    >>> sorted(tuple(b[0].tolist()) for b in batches(6))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2), (4, 2, 0, 5, 3, 1)]
    """
    solver, x = model(n, instance=instance, rule=rule)
    dtype = dtype_for(n)

    def produce(emit, stopped):
        found = 0
        for q in _solutions(solver, x, n, _Effort(), stopped):
            found += 1
            if not emit(np.array([q], dtype=dtype)) or found == limit:
                return

    yield from background.stream(produce, stop=solver.InterruptSolve, name="mip-enumerate")


def warmup():
    """Load OR-tools' linear solver library, so that timings measure the solves alone."""
    model(1)


class _Effort:
    """The branch-and-bound effort summed over the solves of one count."""

    def __init__(self):
        self.solves = self.cuts = self.bb_nodes = self.lp_iterations = 0
        self.first_solution_nodes = None

    def as_dict(self):
        return dict(vars(self))


def _solutions(solver, x, n, effort, stopped):
    """Solve, yield the solution, cut it off; until infeasible. A stopped or failed solve raises."""
    from ortools.linear_solver import pywraplp

    while True:
        status = solver.Solve()
        effort.solves += 1
        effort.bb_nodes += solver.nodes()
        effort.lp_iterations += solver.iterations()
        if stopped.is_set():
            raise background.Stopped
        if status == pywraplp.Solver.INFEASIBLE:
            return
        if status != pywraplp.Solver.OPTIMAL:
            raise NQueensError(f"SCIP stopped without an answer (status {status}); no count is reported")
        if effort.first_solution_nodes is None:
            effort.first_solution_nodes = solver.nodes()
        q = [next(c for c in range(n) if x[r][c].solution_value() > 0.5) for r in range(n)]
        # Every board has exactly n queens, so "not all of these" cuts off this board and no other.
        solver.Add(solver.Sum([x[r][q[r]] for r in range(n)]) <= n - 1)
        effort.cuts += 1
        yield q


def _fix(solver, x, instance):
    """Fix the variables of an instance: 0 where no queen may stand, 1 under the pre-placed queens."""
    n = instance.n
    for r, c in instance.blocked:
        x[r][c].SetBounds(0, 0)
    excluded_sum, excluded_difference = set(instance.excluded_sum), set(instance.excluded_difference)
    for r in range(n):
        for c in range(n):
            if r + c in excluded_sum or r - c in excluded_difference:
                x[r][c].SetBounds(0, 0)
    # A constraint, not a bound: a queen on a square fixed to 0 must make the program infeasible.
    for r, c in instance.queens:
        solver.Add(x[r][c] == 1, f"queen_{r}_{c}")


# -- optimisation: queens domination and peaceable queens (nqueens.models.optimize) -----------------------------


def optimize(problem, n, *, timeout=None, improved):
    """SCIP on the 0-1 program (:func:`nqueens.models.optimize.mip_model`) with a time limit: ``pywraplp`` reports
    only the final solution (one improvement) and ``BestBound``."""
    from nqueens.models.optimize import mip_model, solution_of
    from ortools.linear_solver import pywraplp

    solver, board = mip_model(problem, n)
    if timeout is not None:
        solver.SetTimeLimit(int(float(timeout) * 1000))
    status = background.run(lambda stopped: solver.Solve(), stop=solver.InterruptSolve, name="nqueens-optimize-mip")
    stats = {"bb_nodes": solver.nodes(), "lp_iterations": solver.iterations(), "solves": 1}  # as counting names them
    if status not in (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE):
        return {"status": "infeasible" if status == pywraplp.Solver.INFEASIBLE else "unknown", "stats": stats}
    improved(solution_of(problem, n, board, lambda v: v.solution_value() > 0.5))
    said = "optimal" if status == pywraplp.Solver.OPTIMAL else "feasible"
    return {"status": said, "bound": float(solver.Objective().BestBound()), "stats": stats}
