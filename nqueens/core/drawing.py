"""Boards drawn as SVG: queens, blocked squares, pre-placed queens and excluded diagonals.

The picture a notebook shows for an :class:`~nqueens.core.instance.Instance` (``Instance._repr_svg_``) and for a
placement of queens (:class:`nqueens.analysis.render.Board`). Queens are drawn as shapes (a crown), not as the
chess character, which some renderers and fonts show as nothing.

- a **blocked** square is dark grey with a white cross;
- an **excluded diagonal** is a dashed red line through the centres of its squares;
- a **pre-placed queen** is a crown on a blue ring; a queen of the placement is a black crown, red if it attacks
  another queen.

Examples
--------
>>> from nqueens.core.instance import Instance
>>> picture = svg(4, (1, 3, 0, 2), instance=Instance.make(4, blocked=[(0, 0)], excluded_sum=[6]))
>>> picture.startswith("<svg") and picture.count('class="queen"') == 4 and picture.count('class="blocked"') == 1
True
>>> picture.count('class="excluded"')
1
"""

from html import escape

__all__ = ["svg"]

# Above this size the checkerboard is left out (n * n squares would make a heavy picture).
_CHECKER_MAX_N = 64
_LIGHT, _DARK, _QUEEN, _CONFLICT = "#f0d9b5", "#b58863", "#1a1a1a", "#d62728"
_BLOCKED, _GIVEN, _EXCLUDED = "#555555", "#1f77b4", "#d62728"

# A crown in a unit square: five points over a band (x, y from the top-left corner).
_CROWN = ((0.14, 0.78), (0.1, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.9, 0.3), (0.86, 0.78))


def svg(n, q=None, *, instance=None, conflicts=frozenset(), title=None):
    """An ``n`` x ``n`` board as an SVG document.

    Parameters
    ----------
    n : int
    q : sequence of int, optional
        Queens ``q[row] = column`` to draw (a solution, or any placement with one queen per row).
    instance : Instance, optional
        Its blocked squares, excluded diagonals and pre-placed queens are drawn under the queens.
    conflicts : set of int
        Rows whose queen is drawn in red.
    title : str, optional
        The picture's ``<title>`` (what a screen reader says).

    Returns
    -------
    str
    """
    cell = max(4, min(40, 480 // n))
    size = cell * n
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
        f"<title>{escape(title or f'{n} x {n} board')}</title>",
        f'<rect width="{size}" height="{size}" fill="{_LIGHT}"/>',
    ]
    if n <= _CHECKER_MAX_N:
        parts.extend(
            f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" fill="{_DARK}"/>'
            for r in range(n)
            for c in range(n)
            if (r + c) % 2
        )
    if instance is not None:
        parts.extend(_blocked(r, c, cell) for r, c in instance.blocked)
        parts.extend(_diagonal(n, cell, total=s) for s in instance.excluded_sum)
        parts.extend(_diagonal(n, cell, difference=d) for d in instance.excluded_difference)
        mine = {} if q is None else dict(enumerate(q))
        for r, c in instance.queens:
            parts.append(
                f'<circle class="given" cx="{(c + 0.5) * cell}" cy="{(r + 0.5) * cell}" r="{cell * 0.47:.1f}" '
                f'fill="none" stroke="{_GIVEN}" stroke-width="{max(1.0, cell / 14):.1f}"/>'
            )
            if mine.get(r) != c:
                parts.append(_queen(r, c, cell, _GIVEN))
    if q is not None:
        parts.extend(_queen(r, int(c), cell, _CONFLICT if r in conflicts else _QUEEN) for r, c in enumerate(q))
    parts.append("</svg>")
    return "".join(parts)


def _queen(r, c, cell, colour):
    x, y = c * cell, r * cell
    if cell < 12:  # too small for a crown to read: a dot
        return f'<circle class="queen" cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.4:.1f}" fill="{colour}"/>'
    points = " ".join(f"{x + px * cell:.1f},{y + py * cell:.1f}" for px, py in _CROWN)
    band = f'<rect x="{x + 0.14 * cell:.1f}" y="{y + 0.8 * cell:.1f}" width="{0.72 * cell:.1f}" height="{0.1 * cell:.1f}"/>'
    return f'<g class="queen" fill="{colour}"><polygon points="{points}"/>{band}</g>'


def _blocked(r, c, cell):
    x, y, w = c * cell, r * cell, max(1.0, cell / 12)
    return (
        f'<g class="blocked"><rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{_BLOCKED}"/>'
        f'<path d="M{x + cell * 0.2},{y + cell * 0.2} L{x + cell * 0.8},{y + cell * 0.8} '
        f'M{x + cell * 0.8},{y + cell * 0.2} L{x + cell * 0.2},{y + cell * 0.8}" stroke="white" '
        f'stroke-width="{w:.1f}"/></g>'
    )


def _diagonal(n, cell, *, total=None, difference=None):
    if total is not None:
        rows = range(max(0, total - n + 1), min(n - 1, total) + 1)
        squares = [(r, total - r) for r in rows]
    else:
        rows = range(max(0, difference), min(n - 1, n - 1 + difference) + 1)
        squares = [(r, r - difference) for r in rows]
    (r0, c0), (r1, c1) = squares[0], squares[-1]
    width = max(1.5, cell / 8)
    return (
        f'<line class="excluded" x1="{(c0 + 0.5) * cell}" y1="{(r0 + 0.5) * cell}" x2="{(c1 + 0.5) * cell}" '
        f'y2="{(r1 + 0.5) * cell}" stroke="{_EXCLUDED}" stroke-opacity="0.7" stroke-width="{width:.1f}" '
        f'stroke-dasharray="{cell / 4:.1f} {cell / 6:.1f}" stroke-linecap="round"/>'
    )
