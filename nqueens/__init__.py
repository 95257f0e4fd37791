"""nqueens: compare constraint models of the N-Queens problem.

Several formulations of the same problem (state-space trees, a CP-SAT model, a generic CSP, exact cover) stand
beside the classic hand-written iterative solvers and a fast symmetry-reduced counter, all behind one interface:

>>> import nqueens
>>> nqueens.count(8).total
92
>>> [s.name for s in nqueens.solvers()][:2]
['bitmask-recursive', 'bitwise']

Importing the package compiles no kernel: kernels compile (or load from numba's cache) on first use.
"""

from nqueens.runtime.cache import use_source_keyed_cache

use_source_keyed_cache()

from nqueens.api import batches, count, next_solution, solutions, solvers  # noqa: E402
from nqueens.core.errors import NQueensError  # noqa: E402
from nqueens.core.instance import Instance  # noqa: E402
from nqueens.core.protocol import Option, Solver, solver  # noqa: E402
from nqueens.core.record import CountResult, Tally  # noqa: E402
from nqueens.registry import get_solver  # noqa: E402

__all__ = [
    "NQueensError",
    "CountResult",
    "Instance",
    "Board",
    "count",
    "solutions",
    "batches",
    "solvers",
    "next_solution",
    "get_solver",
    "Solver",
    "Option",
    "Tally",
    "solver",
]
__version__ = "0.3.0"


def __getattr__(name):
    # Board draws solutions in notebooks; it lives in the analysis layer and loads numpy, so only on first use.
    if name == "Board":
        from nqueens.analysis.render import Board

        return Board
    raise AttributeError(f"module 'nqueens' has no attribute {name!r}")
