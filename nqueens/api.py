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
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nqueens.core import background
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.instance import Instance, as_instance
from nqueens.core.protocol import Solver
from nqueens.core.record import CountResult
from nqueens.core.rules import rule_of
from nqueens.registry import REGISTRY, get_solver

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DEFAULT_COUNTER",
    "DEFAULT_ENUMERATOR",
    "DEFAULT_INSTANCE_SOLVER",
    "Instance",
    "default_counter",
    "Request",
    "request",
    "count",
    "solutions",
    "batches",
    "solvers",
    "next_solution",
]

DEFAULT_COUNTER = "fast"  # where no solver's default_from applies (the quadrant and GPU counters declare theirs)
DEFAULT_ENUMERATOR = "bitwise"
DEFAULT_INSTANCE_SOLVER = "lines"  # built for instances: most constrained line first, empty-line pruning


def solvers(*, plugins: bool = True) -> list[Solver]:
    """The built-in solvers in registry order (family, then name), then the installed plugins (entry-point group
    ``nqueens.solvers``) by name; a plugin that fails to load is left out (``nqueens solvers`` names it)."""
    found = list(REGISTRY.values())
    if plugins:
        from nqueens.plugins import discover

        found += discover(REGISTRY)[0]
    return found


@dataclass(frozen=True)
class Request:
    """One resolved request: the solver, the problem and the options, each checked once.

    :func:`request` builds it from what a user gave (argv through the CLI, or a Python call); :func:`count`,
    :func:`batches`, the forecasts and the experiment runner take it and trust it: nothing below re-validates
    ``n``, looks the solver up again or re-parses an option.

    Attributes
    ----------
    solver : Solver
        The resolved solver (built-in or outside).
    instance : Instance
        The problem (the plain board is ``Instance(n)``).
    n : int
        The board size, within the solver's limit and memory.
    options : dict
        Every option of the solver, parsed, defaults filled in.
    given : dict
        The options the user named (parsed), for records and messages.
    nodes : bool
        Count the feasible nodes too.
    limit : int or None
        At most this many solutions (enumeration).
    workers : int or None
        An engine's count: the local threads it runs on (all usable cores unless given; ``None`` on a cluster).
    store : str or None
        An engine's count: the result store file it uses (``None`` for none).
    """

    solver: Solver
    instance: Instance
    n: int
    options: dict = field(default_factory=dict)
    given: dict = field(default_factory=dict)
    nodes: bool = False
    limit: int | None = None
    # An engine's count, decided here once: its local threads (None on a cluster) and its result store file
    # (None for none).
    workers: int | None = None
    store: str | None = None

    @property
    def rule(self):
        """The attack rule asked for (:func:`nqueens.core.rules.rule_of` of the options)."""
        return rule_of(self.options)

    @property
    def extra(self):
        """The keywords that pass the instance on (none for the plain board)."""
        return {} if self.instance.is_plain else {"instance": self.instance}


# What a request asks of its solver: a count (True) or the solutions (False).
_COUNTS = {"count": True, "enumerate": False}


def request(
    problem: "int | Instance",
    solver: "str | Solver | None" = None,
    /,
    *,
    question: str = "count",
    nodes: bool = False,
    limit: int | None = None,
    options: dict | None = None,
    checked: bool = False,
    **keywords: Any,
) -> Request:
    """Check a request once and resolve it: the :class:`Request` that :func:`count` and :func:`batches` take.

    Parameters
    ----------
    problem : int or Instance
    solver : str or Solver, optional
        A name or an outside solver's spec; by default the counter (``question="count"``) or the enumerator.
    question : str
        ``count`` or ``enumerate``: which capability the solver needs.
    nodes : bool
    limit : int, optional
    options : dict, optional
        The solver-specific options, one mapping (what the command line and the experiment runner pass).
    checked : bool
        ``options`` are every option of ``solver`` (a :class:`Solver`), already parsed with the defaults filled in
        (an experiment's column, parsed once): they are trusted, not parsed again.
    **keywords
        Solver-specific options as keywords too (see :func:`count`: ``solver=`` here is an option when the
        solver is given as the second argument).

    Raises
    ------
    NQueensError
        For a bad ``n`` or ``limit``, an unknown solver or option, or a request the solver cannot serve; the
        message names the argument as the user gave it.
    """
    solver, options = _options(solver, options, keywords)
    instance = as_instance(problem)
    counting = _COUNTS.get(question)
    if counting is None:
        raise NQueensError(f"a request asks count or enumerate, got {question!r}")
    if solver is None:
        if counting:
            solver = default_counter(instance)
        else:
            solver = DEFAULT_ENUMERATOR if instance.is_plain else DEFAULT_INSTANCE_SOLVER
    spec = solver if isinstance(solver, Solver) else get_solver(solver)
    parsed = options if checked else spec.check_options(options)
    n = _admit(spec, instance, parsed)
    workers = None
    if spec.family == "engine":
        workers = parsed.get("workers")
        if workers is None and parsed.get("scheduler") is None:
            from nqueens.runtime.executors import default_workers

            workers = spec.threads or default_workers()
    _check_memory(spec, n, parsed, workers)
    if counting:
        if nodes and "nodes" not in spec.can:
            raise NQueensError(f"solver {spec.name!r} does not count nodes; solvers that do: {_able('nodes')}")
        if "count" not in spec.can:
            raise NQueensError(f"solver {spec.name!r} cannot count; solvers that can: {_able('count')}")
        partial = spec.partial(parsed)
        if partial is not None:
            raise NQueensError(
                f"solver {spec.name!r} with {partial} finds one solution, so it cannot count; leave {partial} out"
            )
    else:
        if limit is not None:
            limit = check_n(limit, what="limit")
        if "enumerate" not in spec.can:
            raise NQueensError(f"solver {spec.name!r} only counts; solvers that enumerate: {_able('enumerate')}")
    given = {name: parsed[name] for name in options}
    path = None
    if spec.family == "engine" and counting:
        from nqueens.runtime.run import STORE_FROM, store_path

        cached = bool(parsed.get("cached"))
        path = store_path(parsed.get("store"), use_default=n >= STORE_FROM or cached)
        if path is not None and not cached:
            from nqueens.runtime.store import check_folder

            check_folder(path)
    return Request(spec, instance, n, parsed, given, bool(nodes), limit, workers, path)


def count(
    problem: "int | Instance | Request",
    solver: "str | Solver | None" = None,
    /,
    *,
    nodes: bool = False,
    options: dict | None = None,
    **keywords: Any,
) -> CountResult:
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
    options : dict, optional
        Solver-specific options (see ``Solver.options``), one mapping.
    **keywords
        Solver-specific options as keywords, merged with ``options`` (one name given in both is refused).
        ``problem`` and ``solver`` are positional, so an option may be called ``solver`` (a MiniZinc model's
        ``nqueens.count(8, "queens.mzn", solver="gecode")``); ``solver=`` names the solver itself only when no
        solver is given as the second argument (``nqueens.count(8, solver="bitwise")``).

    Returns
    -------
    CountResult

    Raises
    ------
    NQueensError
        For a bad ``n``, an unknown solver or option, or a request the solver cannot serve.
    """
    req = (
        problem if isinstance(problem, Request) else request(problem, solver, nodes=nodes, options=options, **keywords)
    )
    spec, n, instance, options = req.solver, req.n, req.instance, req.options
    module = background.call(spec.load)  # a C extension interrupted while it loads would fail with ImportError
    if hasattr(module, "warmup"):
        background.call(module.warmup)
    if spec.family == "engine":  # it runs its own threads (or a cluster): measured from here, where it waits
        from nqueens.core.measure import Span
        from nqueens.runtime import run

        given = {k: v for k, v in options.items() if v is not None and k not in ("workers", "store")}
        with Span() as span:
            tally = run.count(module, n, workers=req.workers, path=req.store, **given)
    else:
        tally, span = background.timed(module.count, n, nodes=req.nodes, **req.extra, **options)
    stats = dict(tally.stats)
    span.child(stats.pop("child_peak_memory", None))  # a child process the solver measured itself
    # The span's measures; an engine's own seconds are those its result store recorded.
    measured = span.to_dict() | {"seconds": stats.pop("seconds", span.seconds)}
    if req.rule != "queen":
        stats.setdefault("rule", req.rule)
    if not instance.is_plain:
        stats["instance"] = instance.describe()
    tallied = {key: getattr(tally, key) for key in ("total", "unique", "classes", "nodes", "profile")}
    return CountResult(n=n, solver=spec.name, stats=stats, **tallied, **measured)


def batches(
    problem: "int | Instance | Request",
    solver: "str | Solver | None" = None,
    /,
    *,
    limit: int | None = None,
    stats: dict | None = None,
    options: dict | None = None,
    **keywords: Any,
) -> "Iterator[np.ndarray]":
    """Stream the solutions as numpy arrays of shape ``(m, n)``, at most ``limit`` rows in all.

    ``problem`` is a board size or an :class:`~nqueens.core.instance.Instance`, as for :func:`count`. ``stats``, a
    dict, receives the solver's own effort measures (failures, branches, ...) for solvers that report them
    while they stream; they are final once the stream ends or is closed. ``options`` and ``**keywords`` are
    the solver's options, as for :func:`count`.

    Raises
    ------
    NQueensError
        For a bad ``n`` or ``limit``, an unknown solver or option, or a solver that cannot enumerate.
    """
    req = (
        problem
        if isinstance(problem, Request)
        else request(problem, solver, question="enumerate", limit=limit, options=options, **keywords)
    )
    spec, n, limit, extra = req.solver, req.n, req.limit, dict(req.extra)
    module = background.call(spec.load)
    if hasattr(module, "warmup"):  # compiled or loaded now, so that a span around the stream measures the search
        background.call(module.warmup)
    # An outside solver's batches is wrapped (its keywords passed on): whether it takes stats is its own signature's.
    takes = getattr(spec, "batches", None) or module.batches
    if stats is not None and "stats" in inspect.signature(takes).parameters:
        extra["stats"] = stats
    return _cut(background.iterate(module.batches(n, limit=limit, **extra, **req.options)), limit)


def solutions(
    problem: "int | Instance",
    solver: "str | Solver | None" = None,
    /,
    *,
    limit: int | None = None,
    options: dict | None = None,
    **keywords: Any,
) -> Iterator[tuple[int, ...]]:
    """Yield the solutions one at a time, as tuples ``q`` with ``q[row] = column`` (0-based).

    Nothing is materialised beyond the solver's current chunk: stop iterating and the search stops.

    Parameters
    ----------
    problem : int or Instance
    solver : str, optional
        A registered solver that can enumerate.
    limit : int, optional
        Stop after this many solutions.
    options : dict, optional
        Solver-specific options, as for :func:`count` (and as keywords).

    Yields
    ------
    tuple of int

    Examples
    --------
    >>> list(solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    stream = batches(problem, solver, limit=limit, options=options, **keywords)
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
    from nqueens.native.generate_and_test import next_solution as step

    return step(n, q)


def default_counter(problem: "int | Instance") -> str:
    """The solver ``count`` uses when none is named: ``lines`` for an instance; for the plain board the solver
    whose declared ``default_from`` is the largest at or below ``n`` (``n`` within its limit, the solver able to
    run here: the GPU counter on a machine with an NVIDIA GPU, the quadrant counter), else the fast counter (all
    give total, unique and orbit classes)."""
    instance = as_instance(problem)
    if not instance.is_plain:
        return DEFAULT_INSTANCE_SOLVER
    n = instance.n
    fits = (
        spec
        for spec in sorted(REGISTRY.values(), key=lambda spec: -(spec.default_from or 0))
        if spec.default_from is not None and spec.default_from <= n <= (spec.max_n or n)
    )
    return next((spec.name for spec in fits if spec.runs_here()), DEFAULT_COUNTER)


def _options(solver, options, keywords):
    """``(solver, options)``: the solver (``solver=`` as a keyword names it only when it was not given as the
    second argument; otherwise it is an option like any other) and the options, one mapping."""
    keywords = dict(keywords)
    if solver is None and "solver" in keywords and not isinstance(keywords["solver"], bool):
        solver = keywords.pop("solver")
    merged = dict(options or {})
    for name, value in keywords.items():
        if name in merged:
            raise NQueensError(f"the solver option {name!r} is given twice (in options and as a keyword); give it once")
        merged[name] = value
    return solver, merged


def _check_memory(spec, n, options, workers):
    """The memory check, once, with the worker threads the run will have. A count sent to a cluster, or given its
    own memory budget, is checked against that budget by the engine's plan, not against this machine."""
    if options.get("scheduler") is not None or options.get("memory") is not None:
        return
    spec.check_memory(n, options, workers or 1)


def _admit(spec, instance, options=None):
    """Check ``instance`` against ``spec`` once (its limits under the checked ``options``); return ``n``."""
    # an option's value may lower the limit (propagation keeps domains in 64 bits)
    n = spec.check_n(instance.n, options)
    if not instance.is_plain and "instance" not in spec.can:
        reason = spec.no_instance or "it does not take problem instances"
        raise NQueensError(
            f"solver {spec.name!r} cannot solve an instance: {reason}; solvers that can: {_able('instance')}"
        )
    return n


def _able(what):
    """The registered solvers that can ``what`` (``"count"``, ``"nodes"``, ...), as the messages name them."""
    return ", ".join(s.name for s in REGISTRY.values() if what in s.can)


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
