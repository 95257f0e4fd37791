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

from nqueens.analysis.render import Board
from nqueens.api import batches, count, next_solution, solutions, solvers
from nqueens.errors import NQueensError
from nqueens.record import CountResult
from nqueens.registry import get_solver

__all__ = ["NQueensError", "CountResult", "Board", "count", "solutions", "batches", "solvers", "next_solution", "get_solver"]
__version__ = "0.1.0"
