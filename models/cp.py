"""N-Queens with OR-tools' original constraint solver (``pywrapcp``): the textbook model and its search strategies.

The model is the textbook one (and the MiniZinc handbook's ``nqueens.mzn``): ``q[i]`` in ``0..n-1`` is the column of
the queen in row ``i``, and three all-different constraints say that no two queens share a column or a diagonal:
``AllDifferent(q)``, ``AllDifferent(q[i] + i)``, ``AllDifferent(q[i] - i)``. A problem instance
(:mod:`nqueens.core.instance`) only shrinks the domains: blocked squares and excluded diagonals are taken out of them, and
a pre-placed queen's row keeps that one column.

What decides the size of the search tree is how much the constraints prune and which decision the search takes
next, and both are options here.

``propagation`` -- the two all-different propagators of the solver (``constraint_solver/alldiff_cst.cc``):

``bounds``
    ``AllDifferent(vars)``, the solver's default (the same as ``AllDifferent(vars, True)``), is
    ``BoundsAllDifferent``: a bound variable's value is removed from the other domains, and every domain's
    bounds are tightened by Hall intervals (Lopez-Ortiz, Quimper, Tromp and van Beek 2003), so that each bound
    belongs to some assignment of the interval relaxation. Holes inside the domains are not looked at.
``value``
    ``AllDifferent(vars, False)`` is ``ValueAllDifferent``: only the removal of a bound variable's value from the
    others, i.e. forward checking, the pruning of the ``n(n-1)/2`` disequalities.

The classic solver has no domain-consistent (Regin's matching-based) all-different; CP-SAT's is in ``cpsat``.

``var`` and ``value`` -- the search is ``Phase(q, var, value)``, depth first, with binary branching: the decision
``q[i] == v`` and, when that subtree is exhausted, its refutation ``q[i] != v``, as in MiniZinc's ``int_search``.

========================  =======================================================================================
``var=input``             ``CHOOSE_FIRST_UNBOUND``: the rows in order (MiniZinc ``input_order``)
``var=first-fail``        ``CHOOSE_MIN_SIZE``: the row with the fewest columns left, the first such row on ties
                          (``first_fail``)
``var=min-value``         ``CHOOSE_LOWEST_MIN``: the row whose smallest column is smallest (``smallest``)
``var=max-regret``        ``CHOOSE_MAX_REGRET_ON_MIN``: the row with the largest gap between its two smallest columns
``var=random``            ``CHOOSE_RANDOM``
``value=min``, ``max``    ``ASSIGN_MIN_VALUE``, ``ASSIGN_MAX_VALUE`` (``indomain_min``, ``indomain_max``)
``value=middle``          ``ASSIGN_CENTER_VALUE``: the column nearest to ``(min + max) // 2``, below before above
``value=median``          the median of the columns left, the lower of the two middle ones (MiniZinc's
                          ``indomain_median``), chosen by a Python evaluator (``VarStrValEvalPhase``), so slower
``value=split``           ``SPLIT_LOWER_HALF``: ``q[i] <= mid`` first, then ``q[i] > mid`` (``indomain_split``)
``value=random``          ``ASSIGN_RANDOM_VALUE``
========================  =======================================================================================

``seed`` seeds the solver's random generator (``ReSeed``) for the random strategies.

``symmetry`` -- the choices of the tree models' option (:mod:`nqueens.models.symmetry`) that the model can state
as constraints: ``none``; ``lex``, lex-leader constraints ``q <=lex g(q)`` for the 7 non-trivial symmetries of
the square (``LexicalLessOrEqual``, with the inverse permutation from ``InversePermutationConstraint`` for the maps
that swap rows and columns), so one solution per orbit is found: a count gives ``unique``, the orbit ``classes``
and the ``total`` they stand for, a stream the fundamental solutions; ``half``, ``2 q[0] <= n - 1``: a count
weighs each solution found twice unless its first queen is on the middle column (the exact total), a stream adds
each one's mirror image. SBDS and SBDD need symmetry breakers on the solver's search, which ``pywrapcp`` does not
offer in Python (the C++ ``SymmetryManager``); the tree models have them.

Statistics are the solver's own: ``failures`` (failed nodes), ``branches`` (decisions taken and refuted),
``wall_time`` (the search, seconds) and ``first_solution_seconds``. With ``var=input, value=min`` and with
``var=first-fail`` and ``value=min`` or ``value=median``, the failures to the first solution are exactly those of
the MiniZinc handbook's table (see ``scripts/search_strategies.py``).

Solutions stream through ``NewSearch``/``NextSolution``/``EndSearch`` in the caller's thread, a chunk at a time:
stop reading and the search stops. The search runs in C++ holding the interpreter, so a Ctrl-C would wait for the
next solution; while it runs, a SIGINT handler only notes the interrupt, a search limit (``CustomLimit``, a Python
callable that the solver asks at every node) stops the search at once, and ``KeyboardInterrupt`` is raised from
the caller's frame. A count never returns a partial total.

References
----------
OR-tools, ``ortools/constraint_solver`` (``MakeAllDifferent``, ``BoundsAllDifferent``, ``ValueAllDifferent``,
``MakePhase``); R. M. Haralick and G. L. Elliott, "Increasing tree search efficiency for constraint satisfaction
problems", Artificial Intelligence 14 (1980); the MiniZinc handbook, section "Search" (failures to the first
solution of n-queens for five strategies); A. Lopez-Ortiz et al., "A fast and simple algorithm for bounds
consistency of the alldifferent constraint", IJCAI 2003.
"""

import signal
import threading
import time
from typing import Any

import numpy as np
from ortools.constraint_solver import pywrapcp

from nqueens.core import d4
from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import KNIGHT_STEPS, SymmetryTally, get_rule, need_square_group

__all__ = [
    "VARIABLE_STRATEGIES",
    "VALUE_STRATEGIES",
    "PROPAGATION",
    "model",
    "count",
    "batches",
    "first_solution",
    "warmup",
]

_S = pywrapcp.Solver

VARIABLE_STRATEGIES = {
    "input": _S.CHOOSE_FIRST_UNBOUND,
    "first-fail": _S.CHOOSE_MIN_SIZE,
    "min-value": _S.CHOOSE_LOWEST_MIN,
    "max-regret": _S.CHOOSE_MAX_REGRET_ON_MIN,
    "random": _S.CHOOSE_RANDOM,
}
VALUE_STRATEGIES = {
    "min": _S.ASSIGN_MIN_VALUE,
    "max": _S.ASSIGN_MAX_VALUE,
    "middle": _S.ASSIGN_CENTER_VALUE,
    "median": None,  # no built-in strategy: a value evaluator picks it (see _median_phase)
    "split": _S.SPLIT_LOWER_HALF,
    "random": _S.ASSIGN_RANDOM_VALUE,
}
PROPAGATION = {"bounds": True, "value": False}  # the stronger_propagation flag of AllDifferent

_CHUNK = 1024


def model(n, *, propagation="bounds", instance=None, rule="queen", symmetry="none"):
    """The solver, its row variables ``q`` and the three all-different constraints posted (and those of
    ``symmetry``: see the module docstring).

    Under another ``rule`` (:mod:`nqueens.core.rules`) the diagonal constraints are on ``(q[i] +/- i) mod n``
    (``toroidal``), or the knight's moves are forbidden between rows one and two apart (``superqueen``:
    ``q[i + d] - q[i] != k``).

    Returns
    -------
    (pywrapcp.Solver, list of IntVar), or ``None`` when a row of ``instance`` has no square left.

    Examples
    --------
    >>> solver, q = model(4)
    >>> len(q), solver.Constraints()
    (4, 3)
    """
    solver = pywrapcp.Solver(f"{n}-queens")
    if instance is None:
        # q[i] is the column of the queen in row i: one queen per row by construction.
        q = [solver.IntVar(0, n - 1, f"q{i}") for i in range(n)]
    else:
        rows = instance.allowed()
        if not all(rows) or not instance.consistent():
            return None
        # Blocked squares and excluded diagonals are out of the domains; a pre-placed queen's row keeps its square.
        q = [solver.IntVar([c for c in range(n) if mask >> c & 1], f"q{i}") for i, mask in enumerate(rows)]
    stronger = PROPAGATION[propagation]
    rule = get_rule(rule)
    # No two queens in a column, on a diagonal r + c, on a diagonal r - c (both mod n on a torus).
    solver.Add(solver.AllDifferent(q, stronger))
    if rule.wrap:
        solver.Add(solver.AllDifferent([(q[i] + i) % n for i in range(n)], stronger))
        solver.Add(solver.AllDifferent([(q[i] - i + n) % n for i in range(n)], stronger))
    else:
        solver.Add(solver.AllDifferent([q[i] + i for i in range(n)], stronger))
        solver.Add(solver.AllDifferent([q[i] - i for i in range(n)], stronger))
    if rule.knight:
        for d, k in KNIGHT_STEPS:
            for i in range(n - d):
                solver.Add(q[i + d] - q[i] != k)
    if symmetry == "lex":
        # p[j] is the row of the queen in column j; q is no larger than each of its images
        p = [solver.IntVar(0, n - 1, f"p{j}") for j in range(n)]
        solver.Add(solver.InversePermutationConstraint(q, p))
        for image in d4.images(q, p):
            solver.Add(solver.LexicalLessOrEqual(q, [solver.Sum([e]).Var() for e in image]))
    elif symmetry == "half":
        # the mirror image left-right of a solution with the first queen right of the middle has it left of it
        solver.Add(2 * q[0] <= n - 1)
    return solver, q


def count(
    n,
    *,
    nodes=False,
    instance=None,
    var="input",
    value="min",
    propagation="bounds",
    seed=0,
    rule="queen",
    symmetry="none",
):
    """Count the solutions by running the search to its end.

    Parameters
    ----------
    n : int
    nodes : bool
        Not supported (the solver counts failures and branches, see ``stats``).
    instance : nqueens.core.instance.Instance, optional
    var, value, propagation, seed
        The search strategies and the all-different propagator (see the module docstring).
    rule : str
        The attack rule (``queen``, ``superqueen`` or ``toroidal``).
    symmetry : {"none", "half", "lex"}
        Symmetry broken by constraints (see the module docstring).

    Returns
    -------
    Tally
        ``stats``: ``failures``, ``branches``, ``wall_time`` (seconds), ``first_solution_seconds`` (``None``
        without a solution); with ``symmetry``, ``found`` (the solutions the search reached). With ``lex``,
        ``unique`` and ``classes`` too.

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.stats["failures"], r.stats["branches"]
    (92, 304, 790)
    >>> count(8, var="first-fail", propagation="value").total
    92
    >>> r = count(8, symmetry="lex")
    >>> r.unique, r.classes, r.total
    (12, {4: 1, 8: 11}, 92)
    """
    search = _Search(n, instance, var, value, propagation, seed, rule=rule, symmetry=symmetry)
    found = SymmetryTally(symmetry, rule)
    with search.guard:
        while search.next():
            found.add(search.solution() if symmetry != "none" else ())
    search.end()
    return Tally(**found.answer(), stats={**search.stats(), **found.stats()})


def batches(
    n,
    *,
    limit=None,
    instance=None,
    stats=None,
    var="input",
    value="min",
    propagation="bounds",
    seed=0,
    rule="queen",
    symmetry="none",
):
    """Stream the solutions as ``(m, n)`` arrays, in the order the search finds them (with ``symmetry=lex`` the
    fundamental ones; with ``half`` each one found and its mirror image).

    Parameters
    ----------
    limit : int, optional
        Stop the search after this many solutions.
    stats : dict, optional
        Kept up to date with the solver's statistics (as in :func:`count`), final once the stream has ended or
        been closed.

    Examples
    --------
    >>> next(batches(8, limit=1, var="first-fail", value="median")).tolist()
    [[3, 5, 0, 4, 1, 7, 2, 6]]
    >>> stats = {}
    >>> [len(b) for b in batches(6, stats=stats)], stats["failures"]
    ([4], 32)
    """
    search = _Search(n, instance, var, value, propagation, seed, rule=rule, symmetry=symmetry)
    dtype = dtype_for(n)
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    found = 0
    try:
        while limit is None or found < limit:
            rows: list[Any] = []
            with search.guard:
                while len(rows) < size and search.next():
                    rows.append(search.solution())
            found += len(rows)
            if stats is not None:
                stats.update(search.stats())
            if symmetry == "half":
                rows += [[n - 1 - c for c in row] for row in rows if 2 * row[0] != n - 1]
            if rows:
                yield np.array(rows, dtype=dtype)
            if len(rows) < size:
                return
    finally:
        search.end()
        if stats is not None:
            stats.update(search.stats())


def first_solution(n, *, max_failures=None, var="input", value="min", propagation="bounds", seed=0):
    """The first solution the search finds and the statistics to it, giving up after ``max_failures`` failures.

    The measure of the MiniZinc handbook's table of search strategies (failures to the first solution, "---"
    beyond 100,000).

    Returns
    -------
    (tuple or None, dict)
        The solution (``None`` if there is none, or none within ``max_failures``) and the statistics of
        :func:`count`.

    Examples
    --------
    >>> q, stats = first_solution(10)
    >>> q, stats["failures"]
    ((0, 2, 5, 7, 9, 4, 8, 1, 3, 6), 22)
    >>> first_solution(20, max_failures=1000)[0] is None
    True
    """
    search = _Search(n, None, var, value, propagation, seed, max_failures)
    with search.guard:
        found = search.next()
    q = tuple(search.solution()) if found else None
    search.end()
    return q, search.stats()


def warmup():
    """Build and solve a one-queen model once, so that timings measure the search alone."""
    count(1)


class _Search:
    """One search of the model: ``next()`` finds the next solution; ``end()`` closes it; ``stats()``."""

    def __init__(self, n, instance, var, value, propagation, seed, max_failures=None, rule="queen", symmetry="none"):
        if symmetry == "lex":
            need_square_group("symmetry=lex", rule, instance)
        elif symmetry == "half" and instance is not None and not instance.is_plain:
            raise NQueensError(
                "symmetry=half needs the board's mirror image left-right, which an instance does not keep"
            )
        built = model(n, propagation=propagation, instance=instance, rule=rule, symmetry=symmetry)
        self.guard = _Interrupt()
        self.first = None
        self.ended = built is None
        if built is None:  # a row with no square left: nothing to search
            self.solver: Any = None
            self.q: list[Any] = []
            return
        self.solver, self.q = built
        self.solver.ReSeed(seed)
        if value == "median":
            phase = _median_phase(self.solver, self.q, VARIABLE_STRATEGIES[var])
        else:
            phase = self.solver.Phase(self.q, VARIABLE_STRATEGIES[var], VALUE_STRATEGIES[value])
        self.start_ms = self.solver.WallTime()
        self.start = time.perf_counter()
        monitors = [self.solver.CustomLimit(self.guard.limit)]
        if max_failures is not None:
            monitors.append(self.solver.FailuresLimit(max_failures))
        self.solver.NewSearch(phase, monitors)

    def next(self):
        if self.ended:
            return False
        found = self.solver.NextSolution()
        if found and self.first is None:
            self.first = time.perf_counter() - self.start
        return found

    def solution(self):
        return [v.Value() for v in self.q]

    def end(self):
        if not self.ended:
            self.ended = True
            self.solver.EndSearch()

    def stats(self):
        if self.solver is None:
            return {"failures": 0, "branches": 0, "wall_time": 0.0, "first_solution_seconds": None}
        return {
            "failures": self.solver.Failures(),
            "branches": self.solver.Branches(),
            "wall_time": (self.solver.WallTime() - self.start_ms) / 1000,
            "first_solution_seconds": self.first,
        }


class _Interrupt:
    """Lets a Ctrl-C stop a search that runs in C++: a context to hold while calling ``NextSolution``.

    Inside the context (on the main thread, when SIGINT has Python's default handler), SIGINT only sets
    :attr:`hit`; :meth:`limit`, the search's ``CustomLimit``, is Python code, so the interpreter runs the handler
    there, and it returns ``True``, which ends the search at the current node. Leaving the context restores the
    handler and raises ``KeyboardInterrupt`` if one came. Elsewhere (another thread, a handler of the
    application's own) nothing is changed.
    """

    def __init__(self):
        self.hit = False
        self._previous = None

    def limit(self):
        return self.hit

    def _note(self, signum, frame):
        self.hit = True

    def __enter__(self):
        if threading.current_thread() is threading.main_thread() and (
            signal.getsignal(signal.SIGINT) is signal.default_int_handler
        ):
            self._previous = signal.signal(signal.SIGINT, self._note)
        return self

    def __exit__(self, kind, exc, tb):
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None
        if self.hit and kind is None:
            raise KeyboardInterrupt
        return False


def _median_phase(solver, q, var_strategy):
    """``Phase(q, var, median)``: the value evaluator gives the median of the domain cost 0, the others 1."""

    def cost(i, v):
        domain = list(q[i].DomainIterator())
        return 0 if v == domain[(len(domain) - 1) // 2] else 1

    return solver.VarStrValEvalPhase(q, var_strategy, cost)


# -- optimisation: queens domination and peaceable queens (nqueens.models.optimize) -----------------------------


def optimize(problem, n, *, timeout=None, improved, var="input", value="min", seed=0):
    """The line model (:func:`nqueens.models.optimize.line_model`) under an objective monitor, branching on the
    board's squares with the strategy ``var`` and ``value`` (``value=min`` tries an empty square first for
    domination, a queen first for peaceable queens); every solution the search returns is an improvement, and the
    search that ends before the limit has proven the last one optimal."""
    from nqueens.models.optimize import line_model, solution_of

    from nqueens.core import background

    solver = pywrapcp.Solver("nqueens-optimize")
    solver.ReSeed(seed)
    board, goal = line_model(problem, n, lambda name: solver.BoolVar(name), solver.Add, solver.Sum)
    goal_var = goal.Var()
    minimise = problem == "domination"
    decision = [v for cells in zip(*(army.values() for army in board.values())) for v in cells]
    first, other = (
        (_S.ASSIGN_MIN_VALUE, _S.ASSIGN_MAX_VALUE) if minimise else (_S.ASSIGN_MAX_VALUE, _S.ASSIGN_MIN_VALUE)
    )
    values = {"min": first, "max": other, "random": _S.ASSIGN_RANDOM_VALUE}
    if value not in values:
        raise NQueensError(f"value={value} does not apply to the optimisation model's 0-1 squares: min, max or random")
    phase = solver.Phase(decision, VARIABLE_STRATEGIES[var], values[value])
    halt = threading.Event()
    # The search runs in C++ holding the interpreter; a limit in Python, asked at every node, lets the waiting
    # thread take a Ctrl-C and ends the search at once when it is set.
    monitors = [(solver.Minimize if minimise else solver.Maximize)(goal_var, 1), solver.CustomLimit(halt.is_set)]
    if timeout is not None:
        monitors.append(solver.TimeLimit(int(float(timeout) * 1000)))
    start = time.perf_counter()

    def work(stopped):
        found = False
        solver.NewSearch(phase, monitors)
        try:
            while not halt.is_set() and solver.NextSolution():
                found = True
                improved(solution_of(problem, n, board, lambda v: v.Value()), objective=int(goal_var.Value()))
        finally:
            solver.EndSearch()
        # The limit's own Crossed() is not wrapped for Python: a search that ran to the limit was cut by it.
        crossed = halt.is_set() or (timeout is not None and time.perf_counter() - start >= 0.99 * float(timeout))
        return "feasible" if crossed and found else "unknown" if crossed else "optimal" if found else "infeasible"

    status = background.run(work, stop=halt.set, name="nqueens-optimize-cp")
    return {"status": status, "stats": {"branches": solver.Branches(), "failures": solver.Failures()}}
