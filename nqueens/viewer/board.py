"""The chessboard on a tkinter canvas: squares, row and column numbers, an instance, queens, and a search event.

:class:`Board` draws what it is given on the canvas it is given, and keeps nothing of the search or of the
window: a test (or a script) hands it a ``tk.Canvas``, a size and a solution, and reads the canvas back. Rows and
columns are numbered from 0, as in ``q[row] = column``; the squares shrink as ``n`` grows.

Canvas items carry tags a test can find: ``square``, ``label``, ``queen`` (with ``row<r>`` and ``col<c>``),
``attacked``, ``removed``, ``pruned``, ``attack-line``, ``lifted``, ``failed``, ``wiped``, ``choice``,
``blocked``, ``excluded``, ``given``.
"""

from nqueens.analysis.search_trace import attack_masks

__all__ = ["Board", "SHADE"]

_LIGHT, _DARK = "#f0d9b5", "#b58863"
_QUEEN, _SOLVED, _OUTLINE = "#1f2a44", "#c0392b", "#f8f8f8"
SHADE = "#d9534f"  # attacked squares and excluded diagonals; the window's messages share it
_PRUNE, _REMOVED = "#c0392b", "#3b6fb6"
_BLOCKED, _GIVEN, _CHOICE = "#555555", "#1f77b4", "#2e8b57"


class Board:
    """Draws an ``n`` by ``n`` board on ``canvas``, ``size`` pixels on a side (the numbers included).

    Parameters
    ----------
    canvas : tkinter.Canvas
    size : int
    """

    def __init__(self, canvas, size):
        self.canvas = canvas
        self.size = size
        self.n = 0
        self._origin = self._cell = 0

    def draw(self, n, instance=None):
        """Clear the canvas and draw the empty board: squares, numbers, and the instance's marks if one is given
        (blocked squares dark with a cross, excluded diagonals as dashed red lines, pre-placed queens on a ring)."""
        canvas = self.canvas
        canvas.delete("all")
        self.n = n
        # the labels take a margin on the top and the left; the squares share the rest
        margin = max(12, min(22, self.size // (n + 1)))
        cell = (self.size - margin) // n
        self._origin, self._cell = margin, cell
        font = ("TkDefaultFont", max(6, min(10, cell // 2)))
        for r in range(n):
            for c in range(n):
                canvas.create_rectangle(
                    *self._box(r, c),
                    fill=_LIGHT if (r + c) % 2 == 0 else _DARK,
                    outline="",
                    tags=("square",),
                )
        for k in range(n):
            x, y = self._centre(k, k)
            canvas.create_text(x, margin / 2, text=str(k), font=font, fill="#444444", tags=("label", f"col{k}"))
            canvas.create_text(margin / 2, y, text=str(k), font=font, fill="#444444", tags=("label", f"row{k}"))
        if instance is not None:
            self._draw_instance(instance)

    def draw_solution(self, q):
        """A queen on ``(r, q[r])`` for every row."""
        for r, c in enumerate(q):
            self._queen(r, c, _QUEEN)

    def draw_event(self, event, rule="queen", instance=None):
        """A search event (:mod:`nqueens.analysis.search_trace`): the squares its queens attack (or, with
        propagation, those taken from the domains) shaded, the queens, and what the event did: a pruned square
        crossed with a line to the queen that attacks it, a lifted queen hollow, a failure outlined, the row or
        column dancing links branches on boxed."""
        n = self.n
        blocked = instance.allowed() if instance is not None else None
        if event.removed is None:
            for r, mask in enumerate(event.attacked):
                for c in range(n):
                    if mask >> c & 1 and (blocked is None or blocked[r] >> c & 1):
                        self._shade(r, c, SHADE, "attacked")
        else:
            attacks = attack_masks(n, event.squares, rule)
            for r, mask in enumerate(event.removed):
                for c in range(n):
                    if not mask >> c & 1 or (blocked is not None and not blocked[r] >> c & 1):
                        continue
                    attacked = attacks[r] >> c & 1
                    self._shade(r, c, SHADE if attacked else _REMOVED, "attacked" if attacked else "removed")
        colour = _SOLVED if event.kind == "solution" else _QUEEN
        for r, c in event.squares:
            self._queen(r, c, colour)
        if event.kind == "prune":
            self._cross(event.row, event.col)
            by = event.by
            if by >= 0:
                self.canvas.create_line(
                    *self._centre(by, event.queens[by]),
                    *self._centre(event.row, event.col),
                    fill=_PRUNE,
                    width=2,
                    dash=(4, 3),
                    tags=("attack-line",),
                )
        elif event.kind == "backtrack":
            self._queen(event.row, event.col, None, tags=("lifted",))
        elif event.kind == "fail" and event.search != "dlx":
            self._queen(event.row, event.col, None, tags=("failed",), outline=_PRUNE)
            if event.wiped >= 0:
                self._line_box("row", event.wiped, _PRUNE, "wiped")
        elif event.choice is not None:
            what, k, _ = event.choice
            self._line_box(
                what, k, _PRUNE if event.kind == "fail" else _CHOICE, "wiped" if event.kind == "fail" else "choice"
            )

    def _draw_instance(self, inst):
        canvas, n = self.canvas, self.n
        for r, c in inst.blocked:
            x0, y0, x1, y1 = self._box(r, c)
            canvas.create_rectangle(x0, y0, x1, y1, fill=_BLOCKED, outline="", tags=("blocked",))
            pad = self._cell * 0.25
            canvas.create_line(x0 + pad, y0 + pad, x1 - pad, y1 - pad, fill="white", width=2, tags=("blocked-x",))
            canvas.create_line(x0 + pad, y1 - pad, x1 - pad, y0 + pad, fill="white", width=2, tags=("blocked-x",))
        for s in inst.excluded_sum:
            ends = [(r, s - r) for r in range(max(0, s - n + 1), min(n - 1, s) + 1)]
            self._diagonal(ends[0], ends[-1])
        for d in inst.excluded_difference:
            ends = [(r, r - d) for r in range(max(0, d), min(n - 1, n - 1 + d) + 1)]
            self._diagonal(ends[0], ends[-1])
        for r, c in inst.queens:
            x0, y0, x1, y1 = self._box(r, c)
            pad = max(1, self._cell // 16)
            canvas.create_oval(
                x0 + pad, y0 + pad, x1 - pad, y1 - pad, outline=_GIVEN, width=max(2, self._cell // 10), tags=("given",)
            )

    def _diagonal(self, a, b):
        self.canvas.create_line(
            *self._centre(*a),
            *self._centre(*b),
            fill=SHADE,
            width=max(2, self._cell // 10),
            dash=(6, 4),
            tags=("excluded",),
        )

    def _shade(self, r, c, colour, tag):
        self.canvas.create_rectangle(*self._box(r, c), fill=colour, stipple="gray25", outline="", tags=(tag,))

    def _line_box(self, what, k, colour, tag):
        n = self.n
        first, last = ((k, 0), (k, n - 1)) if what == "row" else ((0, k), (n - 1, k))
        x0, y0, _, _ = self._box(*first)
        _, _, x1, y1 = self._box(*last)
        self.canvas.create_rectangle(x0 + 1, y0 + 1, x1 - 1, y1 - 1, outline=colour, width=3, tags=(tag,))

    def _box(self, r, c):
        o, cell = self._origin, self._cell
        return o + c * cell, o + r * cell, o + (c + 1) * cell, o + (r + 1) * cell

    def _centre(self, r, c):
        o, cell = self._origin, self._cell
        return o + (c + 0.5) * cell, o + (r + 0.5) * cell

    def _queen(self, r, c, colour, tags=None, outline=None):
        cell = self._cell
        x, y, _, _ = self._box(r, c)
        # A crown: five points on top, a band below; drawn hollow (lifted) when colour is None.
        u = cell / 10
        points = [
            x + 2 * u,
            y + 8 * u,
            x + 1.5 * u,
            y + 3.5 * u,
            x + 3.5 * u,
            y + 5.5 * u,
            x + 5 * u,
            y + 2.5 * u,
            x + 6.5 * u,
            y + 5.5 * u,
            x + 8.5 * u,
            y + 3.5 * u,
            x + 8 * u,
            y + 8 * u,
        ]
        tags = tags or ("queen", f"row{r}", f"col{c}")
        self.canvas.create_polygon(
            points,
            fill=colour or "",
            outline=outline or (_OUTLINE if colour else _QUEEN),
            width=max(1, cell // 24),
            tags=tags,
        )

    def _cross(self, r, c):
        cell = self._cell
        x0, y0, x1, y1 = self._box(r, c)
        x0, y0, x1, y1 = x0 + cell * 0.25, y0 + cell * 0.25, x1 - cell * 0.25, y1 - cell * 0.25
        width = max(2, cell // 12)
        self.canvas.create_line(x0, y0, x1, y1, fill=_PRUNE, width=width, tags=("pruned",))
        self.canvas.create_line(x0, y1, x1, y0, fill=_PRUNE, width=width, tags=("pruned",))
