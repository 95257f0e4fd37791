"""What the viewer can be asked to show, checked where it is asked: the board size, the solver, the search, the
mode and the instance. Each check returns the value the window keeps, or raises the ``NQueensError`` that says why.

Examples
--------
>>> check_view_n("8")
8
>>> check_search("dlx")
'dlx'
"""

import nqueens
from nqueens.analysis.search_trace import SEARCHES
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.rules import get_rule
from nqueens.viewer.browse import default_enumerator

__all__ = [
    "MIN_N",
    "MAX_N",
    "MODES",
    "SEARCHES",
    "check_view_n",
    "check_solver",
    "check_search",
    "check_mode",
    "check_instance",
    "enumerators",
]

MIN_N, MAX_N = 4, 32
MODES = ("solutions", "search")


def check_view_n(n):
    """``n`` as an int if the viewer can show it (4 .. 32), else an error that says so.

    Examples
    --------
    >>> check_view_n(33)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: the viewer shows n = 4 .. 32, got 33
    """
    n = check_n(n)
    if not MIN_N <= n <= MAX_N:
        raise NQueensError(f"the viewer shows n = {MIN_N} .. {MAX_N}, got {n}")
    return n


def check_solver(solver, rule="queen", instance=None, n=8):
    """The solver's key (its name, or an outside solver's spec such as ``FILE.py:ATTR``), if the viewer can show
    it; else the error that says why."""
    name = solver or default_enumerator(n, rule, instance)
    spec = nqueens.get_solver(name)
    if not _shows(spec, rule, instance):
        able = enumerators(rule, instance)
        if "enumerate" not in spec.can:
            what = "does not enumerate"
        elif instance is not None and "instance" not in spec.can:
            what = "does not take an instance"
        else:
            what = f"does not take the rule {rule!r}"
        raise NQueensError(f"solver {name!r} {what}; the viewer can show: {', '.join(able)}")
    return spec.key


def check_search(search):
    """``search`` if it is one of :data:`SEARCHES`."""
    if search not in SEARCHES:
        raise NQueensError(f"search must be one of {', '.join(SEARCHES)}; got {search!r}")
    return search


def check_mode(mode):
    """``mode`` if it is one of :data:`MODES`."""
    if mode not in MODES:
        raise NQueensError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
    return mode


def check_instance(instance, rule):
    """The instance, or ``None`` for the plain board; refused on a torus when it excludes diagonals."""
    if instance is None or instance.is_plain:
        return None
    if get_rule(rule).wrap and (instance.excluded_sum or instance.excluded_difference):
        raise NQueensError(
            f"the instance excludes diagonals r + c and r - c of the square board; under the rule {rule!r} the "
            "diagonals wrap around, so they are other lines: block the squares instead, or leave --rules out"
        )
    return instance


def enumerators(rule="queen", instance=None):
    """The names of the registered solvers whose solutions the viewer can step through under ``rule``."""
    return [s.name for s in nqueens.solvers() if _shows(s, rule, instance)]


def _shows(spec, rule, instance):
    """Whether the viewer can step through the solutions of ``spec`` (built-in or outside) under ``rule``."""
    return (
        "enumerate" in spec.can
        and (rule == "queen" or any(o.name == "rule" and rule in o.choices for o in spec.options))
        and (instance is None or "instance" in spec.can)
    )
