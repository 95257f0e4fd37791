"""The optimisation problems of the queens family, as data: what is asked, how an answer is checked, what is known.

Two problems, named as the literature names them:

``domination``
    The fewest queens that attack or occupy every square of the n x n board (the domination number of the
    queen graph; OEIS A075458). A queen attacks along its row, column and diagonals whatever stands between,
    as in the queen graph.
``peaceable``
    The largest number ``m`` such that ``m`` white and ``m`` black queens stand on the board with no queen
    attacking one of the other colour (peaceable queens, or peaceable armies of queens; OEIS A250000; CSPLib
    prob110). Blocking plays no part: if a white and a black queen share a line, two of opposite colours are
    next to each other on it.

A solution is a list of squares ``(row, column)``, 0-based: the queens for ``domination``; for ``peaceable`` a
pair ``(white, black)`` of such lists. :func:`verify` checks one with no solver involved; the runs of
:mod:`nqueens.experiments` are checked with it (:func:`nqueens.experiments.optimum.settle`), and a claimed optimum
that another solver beats is ``wrong``.

Examples
--------
>>> verify("domination", 4, [(0, 0), (1, 1)])
(False, 'square (2, 3) is neither occupied nor attacked')
>>> verify("domination", 4, [(1, 1), (1, 2)])
(True, '')
>>> verify("peaceable", 4, ([(0, 0), (0, 1)], [(1, 3), (3, 2)]))
(True, '')
>>> verify("peaceable", 4, ([(0, 0), (0, 1)], [(2, 3), (3, 2)]))
(False, 'white (0, 1) and black (2, 3) attack each other')
>>> KNOWN["domination"][8], KNOWN["peaceable"][8]
(5, 9)
"""

import math
import numbers

from nqueens.core import published
from nqueens.core.errors import NQueensError

__all__ = [
    "PROBLEMS",
    "SENSE",
    "KNOWN",
    "OEIS",
    "CLAIMS",
    "MAX_N",
    "check_problem",
    "verify",
    "attacks",
    "better",
    "bound_of",
    "improves",
]

PROBLEMS = ("domination", "peaceable")
MAX_N = 40  # the models hold O(n^2) variables and O(n^3) terms; beyond this no solver here proves anything
SENSE = {"domination": "min", "peaceable": "max"}
OEIS = {"domination": "A075458", "peaceable": "A250000"}

# The published values, n = 1, 2, ... (OEIS A075458: the queen domination number; A250000: peaceable queens).
KNOWN = {"domination": published.DOMINATION, "peaceable": published.PEACEABLE}


def check_problem(problem):
    """``problem`` if it is one of :data:`PROBLEMS`, else a one-line error listing them."""
    if problem not in PROBLEMS:
        raise NQueensError(f"problem must be one of {', '.join(PROBLEMS)}; got {problem!r}")
    return problem


def attacks(a, b):
    """True if squares ``a`` and ``b`` (distinct) share a row, column or diagonal."""
    return a[0] == b[0] or a[1] == b[1] or a[0] - a[1] == b[0] - b[1] or a[0] + a[1] == b[0] + b[1]


def _on_board(n, squares, what):
    # A square is two integers (a float, a string or a bool is not one, whatever int() would make of it).
    if isinstance(squares, str | bytes | dict) or not hasattr(squares, "__iter__"):
        return None, f"{what} squares {squares!r} are not a list of squares"
    checked = []
    for s in squares:
        pair = tuple(s) if isinstance(s, list | tuple) else None
        if (
            pair is None
            or len(pair) != 2
            or not all(isinstance(x, numbers.Integral) and not isinstance(x, bool) for x in pair)
        ):
            return None, f"{what} square {s!r} is not two integers (row, column)"
        pair = (int(pair[0]), int(pair[1]))
        if not (0 <= pair[0] < n and 0 <= pair[1] < n):
            return None, f"{what} square {pair} is not on the {n} x {n} board"
        checked.append(pair)
    squares = checked
    if len(set(squares)) != len(squares):
        plural = {"a queen's": "the queens", "a white": "the white queens", "a black": "the black queens"}
        return None, f"{plural.get(what, what)} repeat a square"
    return squares, ""


def verify(problem, n, solution):
    """``(ok, reason)``: whether ``solution`` is a solution of ``problem`` on the n x n board (any size of it;
    the objective is its size), and why not."""
    check_problem(problem)
    if problem == "domination":
        queens, why = _on_board(n, solution, "a queen's")
        if queens is None:
            return False, why
        occupied = set(queens)
        for r in range(n):
            for c in range(n):
                if (r, c) not in occupied and not any(attacks((r, c), q) for q in queens):
                    return False, f"square {(r, c)} is neither occupied nor attacked"
        return True, ""
    white, black = solution
    white, why = _on_board(n, white, "a white")
    if white is None:
        return False, why
    black, why = _on_board(n, black, "a black")
    if black is None:
        return False, why
    if len(white) != len(black):
        return False, f"the armies differ in size ({len(white)} white, {len(black)} black)"
    for w in white:
        for b in black:
            if w == b:
                return False, f"square {w} holds a queen of each colour"
            if attacks(w, b):
                return False, f"white {w} and black {b} attack each other"
    return True, ""


def objective_of(problem, solution):
    """The objective of a solution: the number of queens (domination) or of each army (peaceable); of a reported
    one, whatever its squares hold."""
    if isinstance(solution, str | bytes | dict):
        raise TypeError("not a list of squares")
    return len(solution) if problem == "domination" else len(solution[0])


def better(problem, a, b):
    """True if objective ``a`` is better than ``b`` for ``problem`` (fewer queens, or larger armies)."""
    return a < b if SENSE[problem] == "min" else a > b


# What an optimiser may say at the end of its run (a proof, a solution without one, or nothing).
CLAIMS = ("optimal", "feasible", "infeasible", "unknown")


def hook_options(hook):
    """The options an optimisation hook takes: its keyword parameters but ``timeout`` and ``improved``."""
    import inspect

    try:
        parameters = inspect.signature(hook).parameters.values()
    except (TypeError, ValueError):
        return ()
    return tuple(p.name for p in parameters if p.kind == p.KEYWORD_ONLY and p.name not in ("timeout", "improved"))


def bound_of(n, bound):
    """``(bound, why)``: an optimiser's bound as a float, or ``None`` and why it cannot be one (a bound counts
    queens: a finite number from 0 to n * n)."""
    if bound is None:
        return None, None
    if not isinstance(bound, numbers.Real) or isinstance(bound, bool):
        shown = repr(bound) if len(repr(bound)) <= 40 else f"a {type(bound).__name__}"
        return None, f"its bound {shown} is not a number"
    negative = False
    try:
        value = float(bound)
    except OverflowError:  # an int beyond any float
        negative = str(bound).startswith("-") if not isinstance(bound, int) else bound < 0
        value = -math.inf if negative else math.inf
    if not (0 <= value <= n * n):  # NaN fails this too
        huge = math.isinf(value) and isinstance(bound, int)
        digits = int(abs(bound).bit_length() * math.log10(2)) if isinstance(bound, int) and huge else 0
        shown = f"about {'-' * negative}10^{digits}" if huge else f"{value:g}"
        return None, f"its bound {shown} is not a number of queens on the {n} x {n} board (0 to {n * n})"
    return value, None


def improves(problem, solution, objective, best):
    """``(keep, size)``: whether an improvement an optimiser reports is worth keeping for the runner's check (the
    first, one of a better size than ``best``, or one that cannot be right: not a list of squares, or its stated
    ``objective`` not its size), and its size (``None`` when it has none). An optimiser may call ``improved`` with
    every solution it meets: the ones that improve nothing are not kept."""
    try:
        size = objective_of(problem, solution)
    except (TypeError, ValueError, IndexError, KeyError):
        return True, None
    if objective is not None and objective != size:
        return True, size
    return best is None or better(problem, size, best), size
