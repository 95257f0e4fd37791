"""N-Queens as propositional satisfiability, with pysat: one Boolean per square, cardinality constraints in CNF.

The encoding: ``x[r][c]`` (DIMACS variable ``r * n + c + 1``) is true when a queen stands on square ``(r, c)``.
Every row and every column holds exactly one queen, every diagonal (both directions) at most one. Each of these
cardinality constraints becomes clauses by one of pysat's ``CardEnc`` encodings (the option ``encoding``); all
but ``pairwise`` introduce auxiliary variables, numbered after the ``n * n`` board variables.

Counting and enumeration add a blocking clause after each model, **over the board variables only**: the model's
``n`` queens, not all on the board again. Auxiliary variables are not part of a solution: several assignments
of them can go with one board, so counting models over all variables overcounts boards (the sequential counter
gives 8 queens millions of models over all its variables, 92 over the board). For the same reason the exact
counter (``counter="ganak"``) counts models *projected* on the board variables (Ganak's sampling set).

Problem instances add unit clauses: ``-x`` for every blocked square and every square of an excluded diagonal,
``x`` for every pre-placed queen.

Options
-------
``encoding``
    ``pairwise``, ``seqcounter``, ``ladder``, ``totalizer``, ``sortnetwrk``, ``cardnetwrk`` or ``bitwise``
    (pysat's ``EncType``). The default, ``pairwise`` (no auxiliary variables, n(n-1)/2 binary clauses per
    line), is the fastest of the seven in ``benchmarks/sat_encodings.py``: the fastest at counting n = 8..10 and
    at one solution for n = 50, second to ``bitwise`` for n = 100.
``satsolver``
    One of pysat's bundled incremental solvers (:data:`SAT_SOLVERS`); CaDiCaL 1.9.5 by default.
``counter``
    ``enumerate`` (blocking clauses, with the SAT solver's statistics) or ``ganak`` (Ganak's exact projected
    model count, no enumeration; count only).

Ctrl-C: pysat catches SIGINT while its solver runs in the main thread and stops the solve with an error,
which becomes the ``KeyboardInterrupt`` it stands for; the interrupted solver is deleted, never asked again.
Ganak counts in a child process that Ctrl-C kills.

References
----------
A. Ignatiev, A. Morgado, J. Marques-Silva, "PySAT: A Python toolkit for prototyping with SAT oracles", SAT 2018
(its documentation's cardinality example is N-Queens). C. Sinz, "Towards an optimal CNF encoding of Boolean
cardinality constraints", CP 2005 (sequential counter). S. Sharma, S. Roy, M. Soos, K. S. Meel, "GANAK: A
scalable probabilistic exact model counter", IJCAI 2019.
"""

import itertools
import time

import numpy as np
from nqueens.models.sat_spec import COUNTERS, ENCODINGS, SAT_SOLVERS

from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import diagonals, knight_pairs

__all__ = [
    "ENCODINGS",
    "SAT_SOLVERS",
    "COUNTERS",
    "PROOF_SOLVER",
    "variable",
    "clauses",
    "count",
    "batches",
    "warmup",
    "proved_models",
]


_CHUNK = 1024


def variable(n, r, c):
    """The DIMACS variable of square ``(r, c)`` (0-based): ``r * n + c + 1``.

    Examples
    --------
    >>> variable(8, 0, 0), variable(8, 7, 7)
    (1, 64)
    """
    return r * n + c + 1


def clauses(n, *, encoding="pairwise", instance=None, rule="queen"):
    """The CNF of the ``n``-queens problem: a list of clauses and the highest variable used.

    Variables ``1 .. n * n`` are the board (:func:`variable`); auxiliary variables of the encoding follow. Under
    another ``rule`` (:mod:`nqueens.core.rules`) the diagonals are the rule's (wrapped on a torus) and each pair
    of squares a knight apart is a binary clause (``superqueen``).

    Returns
    -------
    (list of list of int, int)

    Examples
    --------
    >>> cnf, top = clauses(4, encoding="pairwise")
    >>> top, len(cnf)
    (16, 84)
    >>> clauses(8, encoding="seqcounter")[1] > 64
    True
    """
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool

    kind = getattr(EncType, encoding)
    pool = IDPool(start_from=n * n + 1)
    cnf = []

    def x(r, c):
        return variable(n, r, c)

    def exactly_one(lits):
        cnf.extend(CardEnc.equals(lits, bound=1, vpool=pool, encoding=kind).clauses)

    def at_most_one(lits):
        if len(lits) > 1:
            cnf.extend(CardEnc.atmost(lits, bound=1, vpool=pool, encoding=kind).clauses)

    # Every row and every column holds exactly one queen.
    for r in range(n):
        exactly_one([x(r, c) for c in range(n)])
    for c in range(n):
        exactly_one([x(r, c) for r in range(n)])
    # Every diagonal r + c = s and every anti-diagonal r - c = d holds at most one queen (mod n on a torus).
    for line in diagonals(n, rule):
        at_most_one([x(r, c) for r, c in line])
    # No two queens a knight's move apart (superqueen).
    cnf.extend([-x(*a), -x(*b)] for a, b in knight_pairs(n, rule))
    if instance is not None:
        cnf.extend(_instance_units(n, instance))
    return cnf, max(pool.top, n * n)


def count(
    n, *, nodes=False, instance=None, encoding="pairwise", satsolver="cadical195", counter="enumerate", rule="queen"
):
    """Count the solutions: by blocking clauses over the board, or with Ganak's projected model count.

    Returns
    -------
    Tally
        ``stats``: ``encoding``, ``variables``, ``clauses`` (of the formula, before any blocking clause), and
        for ``counter="enumerate"`` the SAT solver's ``satsolver``, ``conflicts``, ``decisions``,
        ``propagations``, ``restarts`` over all its calls; for ``counter="ganak"`` ``counter``; ``time_model``
        (encoding the formula and loading it into the solver) and ``time_solve`` (the solving), in seconds.

    Examples
    --------
    >>> r = count(8)
    >>> r.total, r.stats["encoding"], r.stats["variables"]
    (92, 'pairwise', 64)
    >>> count(8, encoding="seqcounter").stats["variables"]
    270
    >>> count(6, counter="ganak").total
    4
    """
    start = time.perf_counter()
    cnf, top = clauses(n, encoding=encoding, instance=instance, rule=rule)
    stats = {"encoding": encoding, "variables": top, "clauses": len(cnf)}
    if counter == "ganak":
        built = time.perf_counter()
        total = _ganak(n, cnf, top)
        times = {"time_model": built - start, "time_solve": time.perf_counter() - built}
        return Tally(total=total, stats={**stats, "counter": "ganak", **times})
    solver = _solver(satsolver, cnf)
    built = time.perf_counter()
    try:
        total = sum(1 for _ in _models(solver, n))
        times = {"time_model": built - start, "time_solve": time.perf_counter() - built}
        return Tally(total=total, stats={**stats, "satsolver": satsolver, **_effort(solver), **times})
    finally:
        solver.delete()


def batches(
    n,
    *,
    limit=None,
    instance=None,
    encoding="pairwise",
    satsolver="cadical195",
    counter="enumerate",
    rule="queen",
    stats=None,
):
    """Stream the solutions as ``(m, n)`` arrays, in the SAT solver's order.

    ``stats``, a dict, receives what :func:`count` reports (the formula's size, the solver's ``conflicts``,
    ``decisions``, ``propagations``, ``restarts``, ``time_model``) over the calls made so far: up to the first
    solution for ``limit=1``; final once the stream ends or is closed.

    Examples
    --------
    >>> sorted(map(tuple, next(batches(6)).tolist()))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2), (4, 2, 0, 5, 3, 1)]
    """
    if counter != "enumerate":
        raise NQueensError(f"counter={counter} counts without enumerating; to list solutions use counter=enumerate")
    start = time.perf_counter()
    cnf, top = clauses(n, encoding=encoding, instance=instance, rule=rule)
    solver = _solver(satsolver, cnf)
    stats = {} if stats is None else stats
    stats.update(encoding=encoding, variables=top, clauses=len(cnf), satsolver=satsolver)
    stats["time_model"] = time.perf_counter() - start
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    dtype = dtype_for(n)
    try:
        rows = []
        for q in itertools.islice(_models(solver, n), limit):  # it asks for no model beyond the limit
            rows.append(q)
            if len(rows) == size:
                stats.update(_effort(solver))
                yield np.array(rows, dtype=dtype)
                rows = []
        stats.update(_effort(solver))
        if rows:
            yield np.array(rows, dtype=dtype)
    finally:
        solver.delete()


# The solver that writes certificates' proofs (nqueens.certify): CaDiCaL 1.9.5, logging DRAT.
PROOF_SOLVER = "cadical195"


def proved_models(cnf, board):
    """Every model of ``cnf`` as the set of its true variables among ``1 .. board``, each excluded by a blocking
    clause over them as it is found, then the DRAT proof that ``cnf`` with those blocking clauses has no model.

    CaDiCaL 1.9.5 logs the proof with variable elimination off: in incremental mode (clauses added between
    solves) its proofs with elimination on are rejected by checkers that apply deletions, from n = 11 on
    (``tests/test_certify.py`` holds the case).

    Returns
    -------
    (list of list of int, list of list of int, list of str, dict)
        The models' true board variables, their blocking clauses (in the order added), the proof's lines and
        the solver's effort.

    Examples
    --------
    >>> found, blocking, proof, _ = proved_models(clauses(4)[0], 16)
    >>> len(found), blocking[0] == [-v for v in found[0]], proof[-1]
    (2, True, '0')
    """
    from pysat.solvers import Solver

    solver = Solver(name=PROOF_SOLVER, with_proof=True)
    try:
        solver.configure({"elim": 0})
        solver.append_formula(cnf)
        found, blocking = [], []
        while _solve(solver):
            found.append([v for v in solver.get_model()[:board] if v > 0])
            blocking.append([-v for v in found[-1]])
            solver.add_clause(blocking[-1])
        return found, blocking, solver.get_proof(), _effort(solver)
    finally:
        solver.delete()


def warmup():
    """Import pysat and build one small formula, so that timings measure the solve alone."""
    clauses(2)


def _solver(name, cnf):
    from pysat.solvers import Solver

    return Solver(name=name, bootstrap_with=cnf)


def _models(solver, n):
    """Yield each model's board as ``q`` (``q[row] = column``), blocking it over the board variables."""
    board = n * n
    while _solve(solver):
        squares = np.flatnonzero(np.asarray(solver.get_model()[:board]) > 0)
        # Exactly n queens: the clause "not all of these squares" excludes this board and no other.
        solver.add_clause([-(int(s) + 1) for s in squares])
        yield (squares % n).tolist()


def _solve(solver):
    """``solver.solve()``; pysat's report of a SIGINT caught inside the solver as ``KeyboardInterrupt``."""
    from pysolvers import error

    try:
        return solver.solve()
    except error as exc:
        if "keyboard interrupt" in str(exc).lower():
            raise KeyboardInterrupt from None
        raise


def _effort(solver):
    stats = solver.accum_stats()
    return {key: stats.get(key) for key in ("conflicts", "decisions", "propagations", "restarts")}


def _ganak(n, cnf, top):
    """The number of models of ``cnf`` projected on the board variables ``1 .. n * n`` (Ganak).

    Ganak holds the interpreter while it counts, so it counts in a Python process of its own (its own session,
    so a terminal's Ctrl-C reaches only this one), which Ctrl-C here kills.
    """
    try:
        import pyganak  # noqa: F401  (the child imports it; here to fail early with a clear message)
    except ImportError:
        raise NQueensError(
            "counter=ganak needs the package pyganak: pip install 'nqueens[solvers]' (or pip install pyganak)"
        ) from None
    import json
    import subprocess
    import sys

    child = subprocess.Popen(
        [sys.executable, "-c", _GANAK_CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        out, err = child.communicate(json.dumps({"board": n * n, "top": top, "cnf": cnf}))
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    # Ganak may print comment lines ("c o ...") before the count, the last line.
    lines = [line for line in out.splitlines() if line.strip() and not line.startswith("c ")]
    if child.returncode != 0 or len(lines) != 1 or not lines[0].strip().isdigit():
        raise NQueensError(f"Ganak failed (exit code {child.returncode}): {err.strip().splitlines()[-1:] or out!r}")
    return int(lines[0])


# The child's program: the formula as JSON on stdin, the projected count on stdout.
_GANAK_CHILD = """
import json, sys
import pyganak
doc = json.load(sys.stdin)
counter = pyganak.Counter()
counter.new_vars(doc["top"])
counter.add_clauses(doc["cnf"])
counter.set_sampling_set(range(1, doc["board"] + 1))
print(counter.count())
"""


def _instance_units(n, instance):
    """Unit clauses of an instance: no queen on blocked squares or excluded diagonals; the pre-placed queens."""
    units = [[-variable(n, r, c)] for r, c in instance.blocked]
    excluded_sum, excluded_difference = set(instance.excluded_sum), set(instance.excluded_difference)
    for r in range(n):
        for c in range(n):
            if r + c in excluded_sum or r - c in excluded_difference:
                units.append([-variable(n, r, c)])
    units.extend([variable(n, r, c)] for r, c in instance.queens)
    return units


# -- optimisation: queens domination and peaceable queens (nqueens.models.optimize) -----------------------------


def optimize(problem, n, *, timeout=None, improved):
    """A sequence of decision problems on one incremental solver (Glucose 4, which pysat can interrupt): a
    totalizer over the objective's variables (:func:`nqueens.models.optimize.sat_model`) whose outputs, passed as
    assumptions, bound the count; each model tightens the bound by one beyond its own value, until the solver
    proves that none is better. Incremental solving keeps the learnt clauses from one bound to the next, which is
    why this is preferred here to MaxSAT (RC2): RC2's core-guided search reports no solution before the optimum,
    so it gives no anytime curve, while the linear search gives one."""
    import threading

    from nqueens.models.optimize import sat_model, solution_of
    from pysat.solvers import Solver

    from nqueens.core import background

    built = sat_model(problem, n, False)
    board = {"x": built["x"]} if problem == "domination" else {"w": built["w"], "b": built["b"]}
    sat = Solver(name="glucose4", bootstrap_with=built["clauses"])
    deadline = None if timeout is None else time.perf_counter() + float(timeout)
    size = n * n

    def work(stopped):
        assumptions: list = []
        while not stopped.is_set():
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                return "feasible"
            timer = None if left is None else threading.Timer(left, sat.interrupt)
            if timer is not None:
                timer.start()
            try:
                answer = sat.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                if timer is not None:
                    timer.cancel()
            sat.clear_interrupt()
            if answer is not True:
                return "feasible" if answer is None else "optimal" if assumptions else "infeasible"
            model = {v for v in sat.get_model() if v > 0}
            solution = solution_of(problem, n, board, model.__contains__)
            if problem == "peaceable":  # equal armies: drop the extra queens of the larger one
                m = min(len(solution[0]), len(solution[1]))
                solution = (solution[0][:m], solution[1][:m])
            value = len(solution) if problem == "domination" else len(solution[0])
            improved(solution, objective=value)
            if problem == "domination":
                if value == 0:
                    return "optimal"
                assumptions = [-built["goal"][value - 1]]  # at most value - 1 queens
            else:
                if 2 * (value + 1) > size:
                    return "optimal"
                assumptions = built["armies"](value + 1)
        return "feasible"

    try:
        said = background.run(work, stop=sat.interrupt, name="nqueens-optimize-sat", join_timeout=2)
        return {"status": said, "stats": _effort(sat)}
    finally:
        sat.delete()
