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

# The C module, not `signal`: that one imports enum and builds its enums first (10-30 ms at start-up, which a
# Ctrl-C could hit before the handler below is in place).
import _signal
import os as _os
import sys as _sys


def _started_as_the_command():
    """True in the process of the ``nqueens`` command (the console script or ``python -m nqueens``)."""
    argv = getattr(_sys, "orig_argv", [])
    if "-m" in argv:
        return argv[argv.index("-m") + 1 : argv.index("-m") + 2] == ["nqueens"]
    return _os.path.basename(_sys.argv[0] if _sys.argv else "") == "nqueens"


def _stopped_while_starting(signum, frame):
    # Ctrl-C (or SIGTERM) while the command is still importing: nothing has started, so nothing to keep.
    said = {_signal.SIGTERM: "terminated", getattr(_signal, "SIGHUP", None): "hangup"}.get(signum, "interrupted")
    _os.write(2, f"{said}\n".encode())
    _os._exit(128 + int(signum))


if _started_as_the_command():  # the command's own handlers take over in nqueens.cli.main
    for _name in ("SIGINT", "SIGTERM", "SIGHUP"):
        # A signal ignored by whoever started us (nohup, a background job of a script) stays ignored.
        if hasattr(_signal, _name) and _signal.getsignal(getattr(_signal, _name)) != _signal.SIG_IGN:
            _signal.signal(getattr(_signal, _name), _stopped_while_starting)


def _beside_the_source():
    """The clone's root when this is the source folder of a clone whose ``models/``, ``native/`` and ``analysis/``
    no finder maps in (``python -m nqueens`` started in the clone's root, with the package installed normally, finds
    this folder first), else ``None``. An installed package holds them inside; an editable one maps them."""
    from importlib.machinery import PathFinder

    here = _os.path.dirname(__file__)
    root = _os.path.dirname(here)
    if _os.path.isdir(_os.path.join(here, "models")) or not _os.path.isfile(_os.path.join(root, "pyproject.toml")):
        return None
    finders = [getattr(f, "find_spec", None) for f in _sys.meta_path if f is not PathFinder]
    if any(find("nqueens.models", None) for find in finders if find is not None):
        return None
    return root if _os.path.isfile(_os.path.join(root, "models", "__init__.py")) else None


_root = _beside_the_source()
if _root is not None:  # the clone's folders, as the installed package would hold them
    __path__.append(_root)

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
from nqueens.core.version import __version__ as __version__  # noqa: E402


def __getattr__(name):
    # Board draws solutions in notebooks; it lives in the analysis layer and loads numpy, so only on first use.
    if name == "Board":
        from nqueens.analysis.render import Board

        return Board
    raise AttributeError(f"module 'nqueens' has no attribute {name!r}")
