"""Optimisation in the queens family: queens domination and peaceable queens, asked of several solvers and checked.

:func:`optimize` runs one solver on one board; :func:`compare` runs several over a range of boards and judges
them together: every solution is verified (:func:`nqueens.core.optimization.verify`), a claimed optimum that
another solver's verified solution beats is ``wrong``, as a wrong count is, and so is an optimum that differs
from the published value (OEIS A075458, A250000). The models are in :mod:`nqueens.models.optimize`.

Examples
--------
>>> r = optimize("domination", 5, "cpsat")
>>> r.status, r.objective, r.known
('optimal', 3, 3)
>>> [(r.solver, r.status, r.objective) for r in compare("peaceable", [4], ["cpsat", "sat"])]
[('cpsat', 'optimal', 2), ('sat', 'optimal', 2)]
"""

from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.optimization import KNOWN, PROBLEMS, SENSE, OptResult, check_problem
from nqueens.models.cpmpy_model_spec import OPTIMIZE_BACKENDS as CPMPY_BACKENDS
from nqueens.registry import REGISTRY

__all__ = ["optimize", "compare", "judge", "parse_solvers", "PROBLEMS", "SOLVERS", "OptResult"]

# The registered solvers with the ``optimize`` capability: their models are in nqueens.models.optimize.
DEFAULT = ("cpsat", "cp", "mip", "sat")
SOLVERS = tuple(
    sorted(
        (name for name, spec in REGISTRY.items() if "optimize" in spec.can),
        key=lambda name: (DEFAULT.index(name) if name in DEFAULT else len(DEFAULT), name),
    )
)
MAX_N = 40  # the models hold O(n^2) variables and O(n^3) terms; beyond this no solver here proves anything


def _optimizer(name):
    """The registered solver ``name`` names, if it can optimise; else the error that lists those that can."""
    spec = REGISTRY.get(name) if isinstance(name, str) else None
    if spec is None or "optimize" not in spec.can:
        raise NQueensError(f"solver must be one of {', '.join(SOLVERS)} for optimisation; got {name!r}")
    return spec


def _check(problem, n, solver, timeout, workers, backend="ortools"):
    check_problem(problem)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_N:
        raise NQueensError(f"n must be an integer 1 .. {MAX_N} for optimisation; got {n!r}")
    _optimizer(solver)
    if solver == "cpmpy" and backend not in CPMPY_BACKENDS:
        raise NQueensError(f"backend must be one of {', '.join(CPMPY_BACKENDS)} for optimisation; got {backend!r}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0):
        raise NQueensError(f"timeout must be a positive number of seconds; got {timeout!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise NQueensError(f"workers must be an integer >= 1; got {workers!r}")


def optimize(problem, n, solver="cpsat", *, timeout=None, symmetry=False, workers=None, backend="ortools"):
    """Optimise ``problem`` (``"domination"`` or ``"peaceable"``) on the n x n board with ``solver``.

    Parameters
    ----------
    problem : str
    n : int
        1 .. :data:`MAX_N`.
    solver : str
        One of :data:`SOLVERS`.
    timeout : float, optional
        Seconds; at the limit the best verified solution is ``feasible`` with the solver's bound.
    symmetry : bool
        Add the symmetry-breaking constraints (see :mod:`nqueens.models.optimize`).
    workers : int, optional
        CP-SAT's search workers (also CPMpy's on its ``ortools`` backend; the other solvers use one thread); by
        default every core this process may run on (:func:`nqueens.runtime.executors.default_workers`), as CP-SAT's
        portfolio of strategies is meant to run. The record says how many ran (``options`` and ``stats``).
    backend : str
        For ``cpmpy``: the backend, one of ``ortools``, ``exact``, ``choco``, ``z3``.

    Returns
    -------
    OptResult
        Its solution verified; ``wrong`` if it fails the check.
    """
    _check(problem, n, solver, timeout, workers, backend)
    from nqueens.models.optimize import solve

    if workers is None:
        from nqueens.runtime.executors import default_workers

        workers = default_workers()
    from nqueens.core import background

    # Run in the job thread that the span measures (cpu_time and the solver's memory, as every record has them).
    result, span = background.timed(
        solve, problem, n, solver, timeout=timeout, symmetry=bool(symmetry), workers=workers, backend=backend
    )
    result.cpu_time, result.peak_memory = span.cpu_time, span.peak_memory
    result.memory_added, result.memory_note = span.memory_added, span.memory_note
    return result


_YES = {"1": True, "yes": True, "true": True, "on": True, "0": False, "no": False, "false": False, "off": False}


def parse_solvers(text, *, symmetry=False):
    """The columns of a comparison from ``NAME[:symmetry[=yes|no]][:backend=B],...``: a list of
    ``(label, solver, options)``; ``backend`` is for ``cpmpy`` (one of :data:`CPMPY_BACKENDS`).

    >>> parse_solvers("cpsat,cpsat:symmetry,cpmpy:backend=exact")
    [('cpsat', 'cpsat', {'symmetry': False}), ('cpsat:symmetry', 'cpsat', {'symmetry': True}), \
('cpmpy:backend=exact', 'cpmpy', {'symmetry': False, 'backend': 'exact'})]
    """
    columns = []
    for spec in text.split(",") if isinstance(text, str) else list(text):
        spec = spec.strip()
        if not spec:
            raise NQueensError("the solver list has an empty entry; give NAME[:symmetry],... e.g. cpsat,mip,sat,cp")
        name, *given = spec.split(":")
        _optimizer(name)
        options = {"symmetry": symmetry}
        allowed = "symmetry[=yes|no]" + (" and backend=B" if name == "cpmpy" else "")
        for option in given:
            key, eq, value = option.partition("=")
            if key == "symmetry" and (not eq or value.lower() in _YES):
                options["symmetry"] = _YES[value.lower()] if eq else True
            elif key == "backend" and name == "cpmpy" and value in CPMPY_BACKENDS:
                options["backend"] = value
            elif key == "backend" and name == "cpmpy":
                raise NQueensError(f"{spec!r}: backend must be one of {', '.join(CPMPY_BACKENDS)}")
            else:
                raise NQueensError(f"{spec!r}: the options of {name} here are {allowed}")
        columns.append((spec, name, options))
    labels = [c[0] for c in columns]
    if len(set(labels)) != len(labels):
        raise NQueensError("a solver is named twice")
    return columns


def compare(problem, ns, solvers=DEFAULT, *, timeout=None, symmetry=False, workers=None, progress=None):
    """Every solver on every ``n``, judged together by :func:`judge`; a list of :class:`OptResult`.

    ``solvers`` is a list of names or a string ``NAME[:symmetry][:backend=B],...`` (:func:`parse_solvers`), so
    that one solver can be compared with and without symmetry breaking; ``symmetry`` is the default for every
    column.
    """
    ns = list(ns)
    columns = parse_solvers(solvers, symmetry=symmetry)
    if not ns or not columns:
        raise NQueensError("give at least one board size and one solver")
    for n in ns:
        for _, solver, options in columns:
            _check(problem, n, solver, timeout, workers, options.get("backend", "ortools"))
    results = []
    for n in ns:
        for label, solver, options in columns:
            result = optimize(problem, n, solver, timeout=timeout, workers=workers, **options)
            result.label = label
            results.append(result)
            if progress is not None:
                progress(result)
    return judge(results)


def judge(results):
    """Mark as ``wrong`` a run whose claimed optimum another run's verified solution beats, or whose proven
    optimum differs from the published one; its message says why. Returns ``results``."""
    by_n: dict[Any, Any] = {}
    for r in results:
        by_n.setdefault((r.problem, r.n), []).append(r)
    for (problem, n), group in by_n.items():
        found = [r.objective for r in group if r.objective is not None and r.status in ("optimal", "feasible")]
        if not found:
            continue
        better = min(found) if SENSE[problem] == "min" else max(found)
        known = KNOWN[problem].get(n)
        for r in group:
            if r.status != "optimal":
                continue
            if r.objective != better:
                r.status, r.message = "wrong", f"claims {r.objective} optimal, but another solver found {better}"
            elif known is not None and r.objective != known:
                r.status, r.message = "wrong", f"claims {r.objective} optimal; the published value is {known}"
    return results
