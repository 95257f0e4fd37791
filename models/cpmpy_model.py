"""One N-Queens model, written once in CPMpy, solved by the backend of one's choice.

The model is OR-tools' ``nqueens_sat.py`` in CPMpy's words: ``q[i]``, the column of the queen in row ``i``, all
different, and all different again after adding and after subtracting the row index (the two diagonal
directions). CPMpy hands the same model to each backend, which transforms it into what it understands: a CP-SAT
model (``ortools``), pseudo-Boolean constraints (``exact``), CNF through pysat's cardinality and pseudo-Boolean
encodings (``pysat``), a Choco model (``choco``), SMT (``z3``). A problem instance adds ``q[r] != c`` for every
square where no queen may stand (blocked, on an excluded diagonal, or in the row of a pre-placed queen).

``symmetry`` takes the choices of the tree models' option (:mod:`nqueens.models.symmetry`) that a model states:
``none``; ``half``, ``2 q[0] <= n - 1`` (a count weighs each solution found twice unless its first queen is on the
middle column, the exact total; a stream adds the mirror images); ``lex``, ``LexLessEq(q, g(q))`` for the 7
non-trivial symmetries of the square, with ``Inverse(q, p)`` for those that swap rows and columns (one solution per
orbit: a count gives ``unique`` and ``classes``, a stream the fundamental solutions).

Solutions come from CPMpy's ``solveAll`` with a callback: the backend's own enumeration where it has one
(CP-SAT), else CPMpy's loop of solve and blocking clause. The search runs in a worker thread
(:mod:`nqueens.core.background`): Ctrl-C reaches Python at once, and the callback ends the search (by raising)
as soon as the caller has stopped.

``ortools`` needs nothing beyond the default install; the other backends come with the ``solvers`` extra
(``pip install 'nqueens[solvers]'``). CPMpy's ``pysat`` backend encodes the shifted all-different constraints as
pseudo-Boolean constraints, which need ``pypblib`` (CPMpy checks for it) and ``pindakaas`` (pysat's
``python-sat[pb]``, which encodes them).

References
----------
T. Guns, "Increasing modeling language convenience with a universal n-dimensional array, CPpy as python-embedded
example", ModRef 2019; CPMpy, https://cpmpy.readthedocs.io.
"""

import time
import warnings

import numpy as np
from nqueens.models.cpmpy_spec import BACKENDS

from nqueens.core import background, d4
from nqueens.core.board import dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import KNIGHT_STEPS, SymmetryTally, get_rule, need_square_group, offsets

__all__ = ["BACKENDS", "model", "count", "batches", "warmup"]


# Backend parameters that leave SIGINT to Python: CP-SAT's own handler aborts the process when the solve runs
# in a worker thread.
_QUIET_SIGINT = {"ortools": {"catch_sigint_signal": False}}

_CHUNK = 256
_JOIN = 0.5  # seconds to wait for a backend that cannot be interrupted before leaving its thread behind


def model(n, *, instance=None, rule="queen", symmetry="none"):
    """The CPMpy model of the ``n``-queens problem and its row variables ``q``.

    Under another ``rule`` (:mod:`nqueens.core.rules`) the pairs of rows forbid the column differences that put
    two pieces on attacking squares, ``q[j] - q[i] != k``: the wrapped diagonals on a torus (in place of the two
    all-different constraints, since not every backend has ``mod``) and the knight's moves (``superqueen``).

    Returns
    -------
    (cpmpy.Model, cpmpy NDVarArray)

    Examples
    --------
    >>> m, q = model(4)
    >>> len(q), len(m.constraints)
    (4, 3)
    """
    cp = _cpmpy()
    # Encoding: q[i] is the column of the queen in row i (one queen per row by construction).
    q = cp.intvar(0, n - 1, shape=(n,), name="q")
    rule = get_rule(rule)
    # All columns must be different.
    m = cp.Model(cp.AllDifferent(q))
    if rule.wrap:
        # No two queens on the same wrapped diagonal: rows d apart differ by none of the wrapped offsets.
        m += [q[i + d] - q[i] != k for d in range(1, n) for k in offsets(n, rule, d) for i in range(n - d)]
    else:
        # No two queens on the same diagonal.
        m += cp.AllDifferent([q[i] + i for i in range(n)])
        m += cp.AllDifferent([q[i] - i for i in range(n)])
    if rule.knight:
        m += [q[i + d] - q[i] != k for d, k in KNIGHT_STEPS for i in range(n - d)]
    if instance is not None:
        # No queen where the instance forbids one.
        allowed = instance.allowed()
        m += [q[r] != c for r in range(n) for c in range(n) if not allowed[r] >> c & 1]
    if symmetry == "lex":
        # p[j] is the row of the queen in column j; q is no larger than each of its images
        p = cp.intvar(0, n - 1, shape=(n,), name="p")
        m += cp.Inverse(q, p)
        m += [cp.LexLessEq(list(q), image) for image in d4.images(list(q), list(p))]
    elif symmetry == "half":
        # the mirror image left-right of a solution with the first queen right of the middle has it left of it
        m += 2 * q[0] <= n - 1
    return m, q


def _backend_effort(solver, backend):
    """The search effort the backend under CPMpy reports, under the names of :mod:`nqueens.core.effort`:
    OR-tools CP-SAT's branches, conflicts and propagations; the SAT solver's (pysat), z3's and Exact's conflicts,
    decisions and propagations; Choco's failures. Empty where the backend's statistics cannot be read."""
    try:
        if backend == "ortools":
            ort = solver.ort_solver
            return {
                "branches": ort.num_branches,
                "conflicts": ort.num_conflicts,
                "propagations": ort.num_binary_propagations + ort.num_integer_propagations,
            }
        if backend == "pysat":
            stats = solver.pysat_solver.accum_stats()
        elif backend == "z3":
            raw = solver.z3_solver.statistics()
            stats = {key: raw.get_key_value(key) for key in raw.keys()}
        elif backend == "exact":
            stats = dict(solver.xct_solver.getStats())
        elif backend == "choco":
            return {"failures": int(solver.chc_solver.get_fail_count())}
        else:
            return {}
    except Exception:  # a backend version without these statistics: the count stands without them
        return {}
    return {key: int(stats[key]) for key in ("conflicts", "decisions", "propagations") if key in stats}


def count(n, *, nodes=False, instance=None, backend="ortools", build=None, rule="queen", symmetry="none"):
    """Count the solutions with ``solveAll`` on ``backend``.

    ``build(n, instance) -> (cpmpy.Model, q)`` replaces the toolkit's model (a user's model,
    :mod:`nqueens.models.user_cpmpy`).

    Returns
    -------
    Tally
        With ``symmetry=lex``, ``unique`` and ``classes`` too; with ``half`` the total the solutions found stand
        for. ``stats``: ``backend``, ``status`` and ``solver_seconds`` as CPMpy reports them; ``time_model``
        (building the CPMpy model and handing it to the backend) and ``time_solve`` (``solveAll``), in seconds;
        the backend's own search effort where it reports one (:func:`_backend_effort`).

    Examples
    --------
    >>> count(6).total
    4
    """
    start = time.perf_counter()
    solver, q = _solver(n, instance, backend, build, rule, symmetry)
    built = time.perf_counter()
    found = SymmetryTally(symmetry, rule)

    def work(stopped):
        def check():
            if stopped.is_set():
                raise background.Stopped
            found.add(q.value().tolist() if symmetry != "none" else ())

        with warnings.catch_warnings(), _interrupts():
            warnings.simplefilter("ignore", UserWarning)  # "solver state will be invalid": it is discarded
            return solver.solveAll(display=check, **_QUIET_SIGINT.get(backend, {}))

    total = background.run(work, stop=_stopper(solver, backend), name=f"cpmpy-{backend}", join_timeout=_JOIN)
    solved = time.perf_counter()
    status = solver.status()
    _check_complete(status, backend)
    if total != found.found:
        raise NQueensError(
            f"CPMpy ({backend}) reported {total} solutions and showed {found.found}: no count is reported"
        )
    return Tally(
        **found.answer(),
        stats={
            **found.stats(),
            "backend": backend,
            "status": status.exitstatus.name,
            "solver_seconds": status.runtime,
            "time_model": built - start,
            "time_solve": solved - built,
            **_backend_effort(solver, backend),
        },
    )


def batches(n, *, limit=None, instance=None, backend="ortools", build=None, rule="queen", symmetry="none"):
    """Stream the solutions as ``(m, n)`` arrays, in the backend's order (with ``symmetry=lex`` the fundamental
    ones; with ``half`` each one found and its mirror image).

    Examples
    --------
    >>> sorted(map(tuple, next(batches(6)).tolist()))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2), (4, 2, 0, 5, 3, 1)]
    """
    solver, q = _solver(n, instance, backend, build, rule, symmetry)
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    dtype = dtype_for(n)

    def produce(emit, stopped):
        rows, found = [], [0]

        def take():
            if stopped.is_set():
                raise background.Stopped
            rows.append(q.value().tolist())
            if symmetry == "half" and 2 * rows[-1][0] != n - 1:
                rows.append([n - 1 - c for c in rows[-1]])
            found[0] += 1
            if len(rows) == size:
                if not emit(np.array(rows, dtype=dtype)):
                    raise background.Stopped
                rows.clear()

        with warnings.catch_warnings(), _interrupts():
            warnings.simplefilter("ignore", UserWarning)
            solver.solveAll(display=take, solution_limit=limit, **_QUIET_SIGINT.get(backend, {}))
        if limit is None or found[0] < limit:
            _check_complete(solver.status(), backend)
        if rows:
            emit(np.array(rows, dtype=dtype))

    yield from background.stream(produce, stop=_stopper(solver, backend), name=f"cpmpy-{backend}", join_timeout=_JOIN)


def warmup():
    """Import CPMpy, so that timings measure the model and the solve."""
    _cpmpy()


def _cpmpy():
    try:
        import cpmpy
    except ImportError:
        raise NQueensError("the cpmpy model needs the package cpmpy: pip install 'nqueens[solvers]'") from None
    return cpmpy


def _solver(n, instance, backend, build=None, rule="queen", symmetry="none"):
    """CPMpy's solver object for ``backend`` with the model posted, or an error naming what to install."""
    cp = _backend(backend, BACKENDS)
    if symmetry == "lex":
        need_square_group("symmetry=lex", rule, instance)
    elif symmetry == "half" and instance is not None and not instance.is_plain:
        raise NQueensError("symmetry=half needs the board's mirror image left-right, which an instance does not keep")
    if symmetry != "none" and build is not None:
        raise NQueensError(f"symmetry={symmetry} is posted on the toolkit's model, not on a model of your own")
    if build is None:
        m, q = model(n, instance=instance, rule=rule, symmetry=symmetry)
    else:
        m, q = _user_model(build, n, instance)
    return cp.SolverLookup.get(backend, m), q


def _backend(backend, allowed, purpose=""):
    """CPMpy, once ``backend`` is checked to be one of ``allowed`` and installed (else an error naming what to
    install); Z3 set to leave Ctrl-C to the toolkit."""
    cp = _cpmpy()
    if backend not in allowed:
        raise NQueensError(f"backend must be one of {', '.join(allowed)}{purpose}; got {backend!r}")
    if not _available(cp, backend):
        raise NQueensError(
            f"backend={backend} needs {BACKENDS[backend]}: pip install 'nqueens[solvers]' (the solvers extra)"
        )
    if backend == "z3":
        import z3

        z3.set_param("ctrl_c", False)  # else Z3 takes Ctrl-C as "stop this check" and CPMpy sees a partial list
    return cp


def _user_model(build, n, instance):
    """A user's ``build(n, instance)``, checked: a CPMpy model and ``n`` integer variables ``q``."""
    cp = _cpmpy()
    built = build(n, instance)
    if not (isinstance(built, tuple) and len(built) == 2 and isinstance(built[0], cp.Model)):
        raise NQueensError(
            f"the model function {getattr(build, '__name__', build)!r} must return (cpmpy.Model, q), "
            f"got {type(built).__name__}"
        )
    m, q = built
    q = cp.cpm_array(q) if not hasattr(q, "value") or not hasattr(q, "shape") else q
    if getattr(q, "shape", None) != (n,):
        raise NQueensError(
            f"the model function's q must hold n = {n} integer variables, got shape {getattr(q, 'shape', None)}"
        )
    return m, q


def _stopper(solver, backend):
    """A function that ends the backend's search from another thread, where the backend has one."""
    if backend == "ortools":
        return lambda: solver.ort_solver.stop_search()
    # Z3's interrupt is on its shared context and would cancel the next check of any model; for Z3, Exact,
    # pysat and Choco the callback raises at the next solution, or the worker is left to finish.
    return lambda: None


def _check_complete(status, backend):
    """Raise unless the backend says it has found every solution (or none exist): never a partial count."""
    name = status.exitstatus.name
    if name not in ("OPTIMAL", "UNSATISFIABLE"):
        raise NQueensError(
            f"backend {backend} stopped before it had every solution (status {name}); no count is reported"
        )


class _interrupts:
    """Report a backend's own 'interrupted by user' error (Exact catches SIGINT itself) as KeyboardInterrupt."""

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if kind is not None and issubclass(kind, RuntimeError) and "interrupted" in str(exc).lower():
            raise KeyboardInterrupt from None
        return False


def _available(cp, backend):
    try:
        if not cp.SolverLookup.lookup(backend).supported():
            return False
        if backend == "pysat":
            import pindakaas  # noqa: F401  pysat's pseudo-Boolean encoder
            import pypblib  # noqa: F401  CPMpy will not post pseudo-Boolean constraints to pysat without it
    except ImportError:
        return False
    return True


# -- optimisation: queens domination and peaceable queens (nqueens.models.optimize) -----------------------------


def optimize(problem, n, *, timeout=None, improved, backend="ortools"):
    """The line model (:func:`nqueens.models.optimize.line_model`) in CPMpy, solved by ``backend`` (one of
    :data:`~nqueens.models.cpmpy_spec.OPTIMIZE_BACKENDS`)."""
    from nqueens.models.optimize import line_model

    cp = _cpmpy()
    m = cp.Model()
    board, goal = line_model(problem, n, lambda name: cp.boolvar(name=name), m.__add__, cp.sum)
    (m.minimize if problem == "domination" else m.maximize)(goal)
    return solve_optimum(m, board, problem, n, backend=backend, timeout=timeout, improved=improved)


def solve_optimum(m, board, problem, n, *, backend, timeout, improved):
    """Solve the CPMpy model ``m`` (with its objective) on ``backend`` and report its solution, read from
    ``board`` (``{"x": n x n 0-1 variables}``, or ``"w"`` and ``"b"``): CPMpy reports only the final solution, so
    the anytime curve is one point. Shared by the built-in model and a user's CPMpy optimisation model."""
    from nqueens.models.cpmpy_spec import OPTIMIZE_BACKENDS
    from nqueens.models.optimize import solution_of

    cp = _backend(backend, OPTIMIZE_BACKENDS, " for optimisation")
    if not m.has_objective():
        raise NQueensError("the CPMpy model has no objective: call model.minimize(...) or model.maximize(...)")
    solver = cp.SolverLookup.get(backend, m)
    params: dict[str, object] = dict(_QUIET_SIGINT.get(backend, {}))
    if timeout is not None:
        params["time_limit"] = float(timeout)
    with _interrupts():
        background.run(
            lambda stopped: solver.solve(**params),
            stop=_stopper(solver, backend),
            name="nqueens-optimize-cpmpy",
            join_timeout=_JOIN,
        )
    status = solver.status().exitstatus.name
    if status in ("OPTIMAL", "FEASIBLE"):
        improved(solution_of(problem, n, board, lambda v: bool(v.value())))
    said = {"OPTIMAL": "optimal", "FEASIBLE": "feasible", "UNSATISFIABLE": "infeasible"}.get(status, "unknown")
    return {"status": said, "stats": {"backend": backend, **_backend_effort(solver, backend)}}
