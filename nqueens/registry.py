"""The solver registry: the single, explicit list of the built-in solvers, and the solver protocol.

The CLI, the comparison runner and the conformance suite iterate over :data:`REGISTRY`, so a solver is listed,
compared and tested the moment its declaration is named here (:data:`DECLARATIONS`, one line: the module beside
its code that declares its ``SOLVER``; docs/adding-a-solver.md). Nothing is discovered by crawling packages; outside solvers
come in through :func:`get_solver` (a ``file.py:attr`` or ``module:attr`` spec, or the entry-point group
``nqueens.solvers``, see :mod:`nqueens.plugins`) and follow the same protocol.

The protocol
------------
A :class:`Solver` says what a solver is (name, family, origin, capabilities, limits, options) and where its code
is: ``module``, a module imported on first use (the built-ins: importing :mod:`nqueens` compiles no kernel and
imports neither OR-tools nor python-constraint), or the callables ``count``, ``batches``, ``solutions`` and
``warmup`` given directly (an outside solver). Either way the code provides:

``count(n, *, nodes=False, instance=None, **options) -> Tally``
    Count the solutions; with ``nodes=True`` (only if ``"nodes"`` is in ``can``) also the feasible nodes per
    depth, from an instrumented variant so the plain count stays fast. An ``int`` is taken as the total.
``batches(n, *, limit=None, instance=None, **options) -> Iterator[numpy.ndarray]``
    Only if ``"enumerate"`` is in ``can``: the solutions, streamed as ``(m, n)`` arrays in the solver's own
    order; ``limit`` is a hint (the facade cuts the stream anyway) so a search can stop early. Closing the
    iterator stops the search.
``solutions(n, *, instance=None, **options) -> Iterator[Sequence[int]]``
    The simplest way in: a generator of solutions (``q[row] = column``, 0-based). The toolkit derives
    ``batches`` from it, and ``count`` when none is given.
``warmup() -> None``
    Optional: compile or load the kernels, so that timings measure the computation alone.

The facade checks everything once before a solver runs: ``n`` against ``max_n`` and ``memory``, the options
against ``options`` (each an :class:`Option`, defaults filled in, so the code receives every option), an instance
against the capability ``instance``. The code runs on a worker thread and may be abandoned on Ctrl-C (the process
then exits), so it keeps no state that outlives a call. ``Tally.stats`` carries the solver's own effort measures
(failures, branches, ``time_model`` / ``time_solve`` in seconds when the solver can tell them apart); they land in
the same columns as the built-ins'.

Problem instances (:mod:`nqueens.core.instance`): a solver with ``"instance"`` in ``can`` also takes the keyword
``instance``: an :class:`~nqueens.core.instance.Instance` of the same ``n``, already validated, never the plain
problem (the facade passes ``instance`` only when there are blocked squares, pre-placed queens or excluded
diagonals). Its solutions must respect it; an inconsistent instance counts 0. Solvers without the capability
are refused an instance by the facade, with the reason in ``no_instance``.

Engines (family ``engine``) are not called through ``count``: they provide ``plan``, ``task``, ``combine`` and
``warmup`` and :mod:`nqueens.runtime.run` runs their subproblems (threads, Dask, the result store).
"""

import importlib

from nqueens.core.errors import NQueensError
from nqueens.core.protocol import CAPABILITIES, FAMILIES, Option, Solver, solver

__all__ = ["Option", "Solver", "REGISTRY", "DECLARATIONS", "CAPABILITIES", "FAMILIES", "get_solver", "solver"]

# The built-in solvers: one line each, the module that declares it (``SOLVER``, beside its code; it imports no
# numpy or numba). Sorted; nothing is discovered by crawling.
DECLARATIONS = (
    "nqueens.models.cp_spec",
    "nqueens.models.cpmpy_model_spec",
    "nqueens.models.cpsat_spec",
    "nqueens.models.csp_spec",
    "nqueens.models.dlx_spec",
    "nqueens.models.mary_spec",
    "nqueens.models.mip_spec",
    "nqueens.models.permutation_spec",
    "nqueens.models.sat_spec",
    "nqueens.models.subset_spec",
    "nqueens.native.avail_spec",
    "nqueens.native.backtrack_spec",
    "nqueens.native.bitmask_recursive_spec",
    "nqueens.native.bitwise_spec",
    "nqueens.native.engine_spec",
    "nqueens.native.generate_and_test_spec",
    "nqueens.native.gpu_spec",
    "nqueens.native.lines_spec",
    "nqueens.native.marks_spec",
    "nqueens.native.mirror_spec",
    "nqueens.native.quadrants_spec",
    "nqueens.native.rules_counter_spec",
    "nqueens.native.sieve_spec",
)


def _declared(names):
    """The solvers the modules ``names`` declare (``SOLVER``), each checked against the protocol once: a broken
    declaration, or two of one name, is one error naming its module, not a traceback in every command."""
    solvers: dict[str, Solver] = {}
    for name in names:
        try:
            solver = importlib.import_module(name).SOLVER
        except (TypeError, ValueError, AttributeError) as exc:
            raise NQueensError(f"the solver declaration {name} cannot be read: {type(exc).__name__}: {exc}") from None
        if not isinstance(solver, Solver):
            raise NQueensError(f"the solver declaration {name}: SOLVER is a {type(solver).__name__}, not a Solver")
        wrong = solver.problems()
        if wrong:
            raise NQueensError(f"the solver declaration {name} breaks the solver protocol: {'; '.join(wrong)}")
        if solver.name in solvers:
            raise NQueensError(f"the solver declaration {name} names {solver.name!r}, which another one declares")
        solvers[solver.name] = solver
    return tuple(solvers.values())


_ENTRIES = _declared(DECLARATIONS)

REGISTRY = {solver.name: solver for solver in sorted(_ENTRIES, key=lambda s: (FAMILIES.index(s.family), s.name))}


def get_solver(name: "str | Solver") -> Solver:
    """The solver ``name`` names: a registered name, an installed plugin's name (entry-point group
    ``nqueens.solvers``), or a spec ``path/to/file.py:attr``, ``package.module:attr``, or a MiniZinc model file
    ``model.mzn`` (see :mod:`nqueens.plugins`).

    Raises
    ------
    NQueensError
        If nothing has that name; the message lists the known names and the spec syntax.
    """
    if isinstance(name, Solver):
        return name
    try:
        return REGISTRY[name]
    except (KeyError, TypeError):
        pass
    if not isinstance(name, str) or not name.strip():
        raise NQueensError(f"unknown solver {name!r}; known solvers: {', '.join(REGISTRY)}")
    from nqueens.plugins import resolve

    return resolve(name.strip(), REGISTRY)
