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
:mod:`nqueens.optimize` are checked with it, and a claimed optimum that another solver beats is ``wrong``.

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

from dataclasses import asdict, dataclass, field

from nqueens.core import published
from nqueens.core.errors import NQueensError

__all__ = ["PROBLEMS", "SENSE", "KNOWN", "OEIS", "STATUSES", "OptResult", "check_problem", "verify", "attacks"]

PROBLEMS = ("domination", "peaceable")
SENSE = {"domination": "min", "peaceable": "max"}
OEIS = {"domination": "A075458", "peaceable": "A250000"}

# The published values, n = 1, 2, ... (OEIS A075458: the queen domination number; A250000: peaceable queens).
KNOWN = {"domination": published.DOMINATION, "peaceable": published.PEACEABLE}

# optimal: proven; feasible: a verified solution, not proven optimal (the bound says how far it may be);
# infeasible: proven to have none; timeout: nothing found in time; wrong: a solution that fails the check, or an
# optimum another solver beats; error: the solver failed.
STATUSES = ("optimal", "feasible", "infeasible", "timeout", "wrong", "error")


def check_problem(problem):
    """``problem`` if it is one of :data:`PROBLEMS`, else a one-line error listing them."""
    if problem not in PROBLEMS:
        raise NQueensError(f"problem must be one of {', '.join(PROBLEMS)}; got {problem!r}")
    return problem


def attacks(a, b):
    """True if squares ``a`` and ``b`` (distinct) share a row, column or diagonal."""
    return a[0] == b[0] or a[1] == b[1] or a[0] - a[1] == b[0] - b[1] or a[0] + a[1] == b[0] + b[1]


def _on_board(n, squares, what):
    squares = [tuple(int(x) for x in s) for s in squares]
    for s in squares:
        if len(s) != 2 or not (0 <= s[0] < n and 0 <= s[1] < n):
            return None, f"{what} square {s} is not on the {n} x {n} board"
    if len(set(squares)) != len(squares):
        return None, f"{what} squares repeat a square"
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


def objective(problem, solution):
    """The objective of a solution: the number of queens (domination) or of each army (peaceable)."""
    return len(solution) if problem == "domination" else len(solution[0])


@dataclass
class OptResult:
    """One optimisation run: what was asked, what came back, and when.

    ``objective`` is the best verified solution's value, ``bound`` the best proven bound (for a minimum, no
    solution has fewer queens; for a maximum, none more), equal to ``objective`` when ``status`` is
    ``optimal``. ``time_first`` and ``time_best`` are seconds from the start of the search to the first and the
    best solution (``None`` where the solver does not report solutions as it finds them), ``curve`` the
    ``(seconds, objective)`` of each improvement: the anytime curve. ``label`` names the column the run belongs
    to when one solver is compared with different options.
    """

    problem: str
    n: int
    solver: str
    status: str
    objective: int | None = None
    bound: float | None = None
    time_first: float | None = None
    time_best: float | None = None
    seconds: float | None = None
    time_model: float | None = None
    solution: object = None
    curve: list = field(default_factory=list)
    options: dict = field(default_factory=dict)
    message: str = ""
    stats: dict = field(default_factory=dict)
    label: str = ""
    cpu_time: float | None = None  # over the run, as nqueens.core.measure.Span takes it (docs/effort.md)
    peak_memory: float | None = None
    memory_added: float | None = None
    memory_note: str | None = None

    @property
    def name(self):
        """The run's column: its ``label`` (say ``cpsat:symmetry``) or else the solver's name."""
        return self.label or self.solver

    @property
    def known(self):
        """The published optimum (OEIS) for this n, or ``None``."""
        return KNOWN[self.problem].get(self.n)

    def to_dict(self):
        doc = asdict(self)
        doc["known"] = self.known
        return doc
