"""Solutions drawn as boards in notebooks: :class:`Board` has ``_repr_svg_`` (Jupyter shows it as a picture).

A count record already renders as a table (``CountResult._repr_html_``); this module does the same for a
placement of queens. Queens that attack another are drawn in red, so a wrong placement is visible at a glance.

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

from nqueens.core.board import as_solution, to_board
from nqueens.core.errors import NQueensError

__all__ = ["Board"]

# Above this size the checkerboard is left out (n * n squares would make a heavy picture): queens only.
_CHECKER_MAX_N = 64
_LIGHT, _DARK, _QUEEN, _CONFLICT = "#f0d9b5", "#b58863", "#1a1a1a", "#d62728"


class Board:
    """One placement of queens, ``q[row] = column`` (0-based), that renders as a board.

    Parameters
    ----------
    q : sequence of int
        One column per row, each in ``0 .. n-1`` (a solution, or any placement with one queen per row).

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

    def __init__(self, q):
        try:
            q = as_solution(q)
        except (TypeError, ValueError):
            raise NQueensError(f"a board is a sequence of integer columns, got {q!r}") from None
        n = len(q)
        if n == 0 or min(q) < 0 or max(q) >= n:
            raise NQueensError(f"a board of n rows has columns in 0..n-1, got {list(q)}")
        self.q = q
        self.n = n
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
        """The board as an SVG picture: squares, queens, rows and columns as drawn by ``boards`` format."""
        n = self.n
        cell = max(4, min(40, 480 // n))
        size = cell * n
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
            f"<title>{n}-queens placement {'(a solution)' if self.is_solution else '(with attacking queens in red)'}"
            "</title>",
            f'<rect width="{size}" height="{size}" fill="{_LIGHT}"/>',
        ]
        if n <= _CHECKER_MAX_N:
            parts.extend(
                f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" fill="{_DARK}"/>'
                for r in range(n)
                for c in range(n)
                if (r + c) % 2
            )
        for r, c in enumerate(self.q):
            colour = _CONFLICT if r in self.conflicts else _QUEEN
            if cell >= 16:
                parts.append(
                    f'<text x="{c * cell + cell / 2}" y="{r * cell + cell / 2}" font-size="{cell * 0.8:.0f}" '
                    f'text-anchor="middle" dominant-baseline="central" fill="{colour}">\u265b</text>'
                )
            else:
                parts.append(f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" fill="{colour}"/>')
        parts.append("</svg>")
        return "".join(parts)


def _conflicting_rows(q):
    by_line = {}
    for row, col in enumerate(q):
        for line in (("column", col), ("diagonal", row - col), ("anti-diagonal", row + col)):
            by_line.setdefault(line, []).append(row)
    return frozenset(row for rows in by_line.values() if len(rows) > 1 for row in rows)
