"""Solutions drawn as boards in notebooks: :class:`Board` has ``_repr_svg_`` (Jupyter shows it as a picture).

A count record already renders as a table (``CountResult._repr_html_``); this module does the same for a
placement of queens, on an instance if it has one (an :class:`~nqueens.core.instance.Instance` alone draws itself
too). Queens that attack another are drawn in red, so a wrong placement is visible at a glance.

Examples
--------
>>> from nqueens.analysis.render import Board
>>> Board((1, 3, 0, 2))
Board((1, 3, 0, 2))
>>> print(Board((1, 3, 0, 2)))
.Q..
...Q
Q...
..Q.
>>> Board((1, 3, 0, 2))._repr_svg_().startswith("<svg")
True
"""

from typing import Any

from nqueens.core.board import as_solution, to_board
from nqueens.core.errors import NQueensError

__all__ = ["Board"]


class Board:
    """One placement of queens, ``q[row] = column`` (0-based), that renders as a board.

    Parameters
    ----------
    q : sequence of int
        One column per row, each in ``0 .. n-1`` (a solution, or any placement with one queen per row).
    instance : Instance, optional
        An instance of the same ``n`` whose blocked squares, excluded diagonals and pre-placed queens are drawn
        under the queens.

    Attributes
    ----------
    q : tuple of int
    n : int
    conflicts : frozenset of int
        The rows whose queen attacks another queen (empty for a solution).

    Raises
    ------
    NQueensError
        If ``q`` is empty or a column is outside ``0 .. n-1``.

    Examples
    --------
    >>> Board((0, 1, 3, 2)).conflicts
    frozenset({0, 1, 2, 3})
    >>> Board((0, 2, 4, 1, 3)).is_solution
    True
    """

    def __init__(self, q, instance=None):
        try:
            q = as_solution(q)
        except (TypeError, ValueError):
            raise NQueensError(f"a board is a sequence of integer columns, got {q!r}") from None
        n = len(q)
        if n == 0 or min(q) < 0 or max(q) >= n:
            raise NQueensError(f"a board of n rows has columns in 0..n-1, got {list(q)}")
        if instance is not None and getattr(instance, "n", None) != n:
            raise NQueensError(f"a board of {n} rows drawn on an instance of n = {getattr(instance, 'n', instance)}")
        self.q = q
        self.n = n
        self.instance = instance
        self.conflicts = _conflicting_rows(q)

    @property
    def is_solution(self):
        """True when no two queens attack each other."""
        return not self.conflicts

    def __repr__(self):
        return f"Board({self.q!r})"

    def __str__(self):
        return "\n".join(to_board(self.q))

    def __eq__(self, other):
        return isinstance(other, Board) and other.q == self.q

    def __hash__(self):
        return hash(self.q)

    def _repr_svg_(self):
        """The board as an SVG picture (:func:`nqueens.core.drawing.svg`): queens as crowns, red where they attack, on
        the instance's blocked squares, excluded diagonals and pre-placed queens when it has one."""
        from nqueens.core.drawing import svg

        what = "a solution" if self.is_solution else "with attacking queens in red"
        if self.instance is not None:
            what += f"; {self.instance}"
        return svg(self.n, self.q, instance=self.instance, conflicts=self.conflicts, title=f"{self.n}-queens ({what})")


def _conflicting_rows(q):
    by_line: dict[Any, Any] = {}
    for row, col in enumerate(q):
        for line in (("column", col), ("diagonal", row - col), ("anti-diagonal", row + col)):
            by_line.setdefault(line, []).append(row)
    return frozenset(row for rows in by_line.values() if len(rows) > 1 for row in rows)
