"""The solver registry: the single, explicit list of the built-in solvers.

The CLI, the comparison runner and the conformance suite iterate over :data:`REGISTRY`, so a solver is listed,
compared and tested the moment its declaration is named here (:data:`DECLARATIONS`, one line: the module beside
its code that declares its ``SOLVER``; docs/adding-a-solver.md). Nothing is discovered by crawling packages; outside solvers
come in through :func:`get_solver` (a ``file.py:attr`` or ``module:attr`` spec, or the entry-point group
``nqueens.solvers``, see :mod:`nqueens.plugins`) and follow the same protocol.

The protocol a solver follows (its declaration, the calls of its code) is stated in :mod:`nqueens.core.protocol`.
"""

import importlib

from nqueens.core.errors import NQueensError
from nqueens.core.protocol import CAPABILITIES, FAMILIES, Option, Solver, solver

__all__ = ["Option", "Solver", "REGISTRY", "DECLARATIONS", "CAPABILITIES", "FAMILIES", "get_solver", "solver"]

# The built-in solvers: one line each, the module that declares it (``SOLVER``, beside its code; it imports no
# numpy or numba). Sorted; nothing is discovered by crawling.
DECLARATIONS = (
    "nqueens.models.cp_spec",
    "nqueens.models.cpmpy_spec",
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
    "nqueens.native.fast_spec",
    "nqueens.native.generate_test_spec",
    "nqueens.native.gpu_spec",
    "nqueens.native.lines_spec",
    "nqueens.native.marks_spec",
    "nqueens.native.mirror_spec",
    "nqueens.native.quadrants_spec",
    "nqueens.native.rules_spec",
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
