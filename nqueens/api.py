"""The public API: count, enumerate and list solvers, whatever the formulation behind them.

Examples
--------
>>> import nqueens
>>> nqueens.count(8, solver="bitwise").total
92
>>> next(nqueens.solutions(4, solver="bitwise"))
(1, 3, 0, 2)
"""

import inspect
import time

from nqueens.runtime import interrupt
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance, as_instance
from nqueens.core.record import CountResult
from nqueens.registry import REGISTRY, get_solver

__all__ = [
    "DEFAULT_COUNTER",
    "DEFAULT_ENUMERATOR",
    "DEFAULT_INSTANCE_SOLVER",
    "QUADRANTS_FROM",
    "Instance",
    "default_counter",
    "count",
    "solutions",
    "batches",
    "solvers",
    "next_solution",
]

DEFAULT_COUNTER = "fast"  # below QUADRANTS_FROM, and beyond the quadrant counter's limit
QUADRANTS_FROM = 15  # from here on the quadrant counter is the faster (benchmarks/quadrants_vs_kluev.py)
DEFAULT_ENUMERATOR = "bitwise"
DEFAULT_INSTANCE_SOLVER = "lines"  # built for instances: most constrained line first, empty-line pruning


def solvers():
    """The registered solvers, in registry order (family, then name)."""
    return list(REGISTRY.values())


def count(problem, solver=None, *, nodes=False, **options):
    """Count the solutions of an ``n``-queens problem with one registered solver.

    Parameters
    ----------
    problem : int or Instance
        The board size ``n`` (an integer >= 1), or an :class:`~nqueens.core.instance.Instance` with blocked
        squares, pre-placed queens or excluded diagonals (for solvers with ``"instance"`` in ``can``).
    solver : str, optional
        A registered name (see :func:`solvers`); the fast counter by default.
    nodes : bool
        Also count the feasible nodes of the search, per depth (``profile``), with the solver's instrumented
        variant. Only for solvers that can (``"nodes"`` in ``can``).
    **options
        Solver-specific keywords (see ``Solver.options``).

    Returns
    -------
    CountResult

    Raises
    ------
    NQueensError
        For a bad ``n``, an unknown solver or option, or a request the solver cannot serve.
    """
    instance = as_instance(problem)
    spec = get_solver(solver or default_counter(instance))
    n, extra = _admit(spec, instance)
    options = spec.check_options(options)
    if nodes and "nodes" not in spec.can:
        able = ", ".join(s.name for s in REGISTRY.values() if "nodes" in s.can)
        raise NQueensError(f"solver {spec.name!r} does not count nodes; solvers that do: {able}")
    if "count" not in spec.can:
        raise NQueensError(f"solver {spec.name!r} cannot count{_because(spec, 'count')}")
    partial = spec.partial(options)
    if partial is not None:
        raise NQueensError(
            f"solver {spec.name!r} with {partial} finds one solution, so it cannot count; leave {partial} out"
        )
    module = interrupt.call(spec.load)  # a C extension interrupted while it loads would fail with ImportError
    if hasattr(module, "warmup"):
        interrupt.call(module.warmup)
    start = time.perf_counter()
    if spec.family == "engine":
        from nqueens.runtime import run

        tally = run.count(module, n, **{k: v for k, v in options.items() if v is not None})
    else:
        tally = interrupt.call(module.count, n, nodes=nodes, **extra, **options)
    seconds = time.perf_counter() - start
    stats = dict(tally.stats)
    if not instance.is_plain:
        stats["instance"] = instance.describe()
    return CountResult(
        n=n,
        solver=spec.name,
        total=tally.total,
        unique=tally.unique,
        classes=tally.classes,
        nodes=tally.nodes,
        profile=tally.profile,
        seconds=seconds,
        stats=stats,
    )


def batches(problem, solver=None, *, limit=None, stats=None, **options):
    """Stream the solutions as numpy arrays of shape ``(m, n)``, at most ``limit`` rows in all.

    ``problem`` is a board size or an :class:`~nqueens.core.instance.Instance`, as for :func:`count`. ``stats``, a
    dict, receives the solver's own effort measures (failures, branches, ...) for solvers that report them
    while they stream; they are final once the stream ends or is closed.

    Raises
    ------
    NQueensError
        For a bad ``n`` or ``limit``, an unknown solver or option, or a solver that cannot enumerate.
    """
    instance = as_instance(problem)
    spec = get_solver(solver or (DEFAULT_ENUMERATOR if instance.is_plain else DEFAULT_INSTANCE_SOLVER))
    n, extra = _admit(spec, instance)
    if limit is not None:
        limit = check_n(limit, what="limit")
    options = spec.check_options(options)
    if "enumerate" not in spec.can:
        able = ", ".join(s.name for s in REGISTRY.values() if "enumerate" in s.can)
        raise NQueensError(f"solver {spec.name!r} only counts; solvers that enumerate: {able}")
    module = interrupt.call(spec.load)
    if stats is not None and "stats" in inspect.signature(module.batches).parameters:
        extra["stats"] = stats
    return _cut(interrupt.iterate(module.batches(n, limit=limit, **extra, **options)), limit)


def solutions(problem, solver=None, *, limit=None, **options):
    """Yield the solutions one at a time, as tuples ``q`` with ``q[row] = column`` (0-based).

    Nothing is materialised beyond the solver's current chunk: stop iterating and the search stops.

    Parameters
    ----------
    problem : int or Instance
    solver : str, optional
        A registered solver that can enumerate.
    limit : int, optional
        Stop after this many solutions.

    Yields
    ------
    tuple of int

    Examples
    --------
    >>> list(solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    stream = batches(problem, solver, limit=limit, **options)
    return (tuple(row) for batch in stream for row in batch.tolist())


def next_solution(n, q=None):
    """The solution after ``q`` in seed 004's order; the first for ``None``; ``None`` after the last.

    Seed 004's non-recursive ``next()`` (the ``generate-test`` solver): ``q`` is incremented as an ``n``-ary
    number and the depth-first search over distinct columns continues from there to the next full board that
    passes the whole-board check. The order is lexicographic, the order in which ``generate-test`` enumerates.

    Parameters
    ----------
    n : int
        Board size, an integer from 1 to 32.
    q : sequence of int, optional
        A solution of the ``n``-queens problem (``q[row] = column``, 0-based).

    Returns
    -------
    tuple of int or None

    Raises
    ------
    NQueensError
        If ``n`` is out of range, or ``q`` is not a solution of the ``n``-queens problem.

    Examples
    --------
    >>> next_solution(6)
    (1, 3, 5, 0, 2, 4)
    >>> next_solution(6, (1, 3, 5, 0, 2, 4))
    (2, 5, 1, 4, 0, 3)
    >>> next_solution(6, (4, 2, 0, 5, 3, 1)) is None
    True
    """
    from nqueens.native.generate_test import next_solution as step

    return step(n, q)


def default_counter(problem):
    """The solver ``count`` uses when none is named: ``lines`` for an instance; for the plain board the quadrant
    counter from ``n = QUADRANTS_FROM`` up to its limit, else the fast counter (both give total, unique and
    orbit classes)."""
    instance = as_instance(problem)
    if not instance.is_plain:
        return DEFAULT_INSTANCE_SOLVER
    quadrants = REGISTRY["quadrants"]
    if QUADRANTS_FROM <= instance.n <= quadrants.max_n:
        return quadrants.name
    return DEFAULT_COUNTER


def _admit(spec, instance):
    """Check ``instance`` against ``spec`` once; return ``n`` and the keywords that pass the instance on."""
    n = spec.check_n(instance.n)
    spec.check_memory(n)
    if instance.is_plain:
        return n, {}
    if "instance" not in spec.can:
        able = ", ".join(s.name for s in REGISTRY.values() if "instance" in s.can)
        reason = spec.no_instance or "it does not take problem instances"
        raise NQueensError(f"solver {spec.name!r} cannot solve an instance: {reason}; solvers that can: {able}")
    return n, {"instance": instance}


def _because(spec, what):
    able = ", ".join(s.name for s in REGISTRY.values() if what in s.can)
    return f"; solvers that can: {able}"


def _cut(stream, limit):
    if limit is None:
        yield from stream
        return
    left = limit
    try:
        for batch in stream:
            if len(batch) >= left:
                yield batch[:left]
                return
            left -= len(batch)
            yield batch
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
