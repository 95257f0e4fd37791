"""The backtracking search as a stream of events, for watching it (``nqueens view``) or measuring it.

The search is the classic one over rows (the full ``n``-ary tree with every constraint checked as soon as a queen
is placed): row ``k`` tries the columns ``0 .. n-1`` in order; a square attacked by a queen above is **pruned**;
a free square gets a queen (**place**) and the search goes down a row; a full board is a **solution**; when a
row has no column left, the queen of the row above is lifted (**backtrack**) and that row goes on with its next
column. The occupancy marks are seed 000's marker arrays: ``Y`` (columns), ``L`` (sum diagonals ``k + q[k]``),
``R`` (difference diagonals ``k - q[k] + n - 1``).

Every :class:`Event` is a snapshot: the queens on the board after it, the squares they attack (for shading) and
the running counters, so a viewer can draw any event alone, step back through a history, and knows nothing of
the search. Nothing here imports a GUI.

Node accounting (docs/design.md): a place is a **feasible** node at depth ``row + 1``; every square tried is a
**generated** node, pruned or placed; ``nodes`` counts the feasible ones plus the root. For ``n = 8`` the search
stands on Knuth's 2057 nodes and ends with 92 solutions.

Examples
--------
>>> from nqueens.analysis.trace import events
>>> [(e.kind, e.row, e.col) for e in events(4)][:6]
[('place', 0, 0), ('prune', 1, 0), ('prune', 1, 1), ('place', 1, 2), ('prune', 2, 0), ('prune', 2, 1)]
>>> last = list(events(8))[-1]
>>> last.kind, last.nodes, last.solutions
('done', 2057, 92)

References
----------
Seed 000 (marker arrays ``Y``, ``L``, ``R``); seed 004 (the search drawn step by step); Knuth, TAOCP 4B, 7.2.2.
"""

from dataclasses import dataclass
from typing import Any

from nqueens.core.board import check_n
from nqueens.core.rules import get_rule, row_masks

__all__ = ["KINDS", "Event", "events", "attacked"]

KINDS = ("place", "prune", "fail", "symmetry", "choose", "backtrack", "solution", "done")


@dataclass(frozen=True)
class Event:
    """One step of the search, with the state after it.

    Attributes
    ----------
    kind : str
        ``"place"`` (a queen put on ``(row, col)``), ``"prune"`` (``(row, col)`` tried and refused: the queen of
        row ``by`` attacks it), ``"backtrack"`` (the queen on ``(row, col)`` lifted), ``"solution"`` (the board is
        full; ``(row, col)`` is the last queen placed) or ``"done"`` (the search is over; ``row = col = -1``); a
        search that propagates adds ``"fail"`` (a queen on ``(row, col)`` leaves row ``wiped`` no column) and
        dancing links ``"choose"`` (the item it branches on, ``choice``); a tree search that breaks symmetry adds
        ``"symmetry"`` (a queen on ``(row, col)`` pruned by symmetry breaking, :mod:`nqueens.models.symmetry`).
    row, col : int
    n : int
    queens : tuple of int
        ``queens[r]`` is the column of the queen in row ``r``, for the rows that hold one, after the event.
    by : int
        For ``prune``: the first row whose queen attacks ``(row, col)``; else -1.
    step : int
        The number of this event, from 0.
    nodes : int
        Feasible nodes so far, the root included (the root, then one per place).
    generated : int
        Squares tried so far (placed or pruned).
    pruned, backtracks, solutions : int
        Counts of those events so far.
    removed : tuple of int or None
        For a search that propagates (:mod:`nqueens.analysis.search_trace`): per row without a queen, the bit mask
        of the columns taken from its domain; ``None`` for plain backtracking.
    wiped : int
        For ``fail``: the row (or DLX's board row) left without a column, or -1.
    propagated : int
        Children propagation removed before they were generated, so far.
    node : str
        What the event does to the search tree: ``"new"`` node, ``"mark"`` the current one, ``"up"``, or ``""``.
    search : str
        The search that made the event (:data:`nqueens.analysis.search_trace.SEARCHES`).
    placed : tuple of (int, int) or None
        The queens as ``(row, column)`` pairs when they are not one per row from the top (dancing links).
    choice : tuple or None
        For dancing links' ``choose`` and ``fail``: ``("row" or "column", index, options left)``.
    """

    kind: str
    row: int
    col: int
    n: int
    queens: tuple
    by: int
    step: int
    nodes: int
    generated: int
    pruned: int
    backtracks: int
    solutions: int
    rule: str = "queen"
    removed: tuple | None = None
    wiped: int = -1
    propagated: int = 0
    node: str = ""
    search: str = "none"
    placed: tuple | None = None
    choice: tuple | None = None

    @property
    def squares(self):
        """The queens on the board after the event, as ``(row, column)`` pairs."""
        return self.placed if self.placed is not None else tuple(enumerate(self.queens))

    @property
    def attacked(self):
        """The squares the queens attack in the rows still empty: ``attacked[r]`` is a bit mask of columns."""
        return attacked(self.queens, self.n, self.rule)


def events(n, rule="queen"):
    """Yield the events of the backtracking search for ``n`` queens, in order, ending with ``done``.

    Parameters
    ----------
    n : int
        Board size, an integer >= 1. The stream is lazy: stop iterating and the search stops.
    rule : str
        The attack rule (:mod:`nqueens.core.rules`): under ``superqueen`` a square a knight's move from a queen
        is pruned too, on a torus one on a wrapped diagonal; ``by`` names the queen that attacks it.

    Yields
    ------
    Event

    Raises
    ------
    NQueensError
        If ``n`` is not an integer >= 1.

    Examples
    --------
    >>> [e.queens for e in events(4) if e.kind == "solution"]
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> [(e.row, e.col, e.by) for e in events(4) if e.kind == "prune"][:3]
    [(1, 0, 0), (1, 1, 0), (2, 0, 0)]

    Notes
    -----
    Every generated square is one event (place or prune), every placed queen is lifted once (backtrack), so a
    search with ``N`` nodes has ``generated + (N - 1) + solutions + 1`` events. ``generated = n * (nodes at
    depths 0 .. n-1)``.
    """
    n = check_n(n)
    piece = get_rule(rule)
    plain = piece.name == "queen"
    # Seed 000's names: q the columns placed, k the current row, Y / L / R the marks.
    q: list[Any] = []
    Y = [False] * n
    L = [False] * (2 * n - 1)
    R = [False] * (2 * n - 1)
    nxt = [0] * n  # the next column to try in each row
    counts: dict[str, Any] = {"nodes": 1, "generated": 0, "pruned": 0, "backtracks": 0, "solutions": 0}
    step = 0

    def event(kind, row, col, by=-1):
        return Event(kind, row, col, n, tuple(q), by, step, **counts, rule=piece.name)

    k = 0
    while k >= 0:
        c = nxt[k]
        if c == n:
            nxt[k] = 0
            k -= 1
            if k >= 0:
                lifted = q.pop()
                Y[lifted] = L[k + lifted] = R[k - lifted + n - 1] = False
                counts["backtracks"] += 1
                yield event("backtrack", k, lifted)
                step += 1
            continue
        nxt[k] = c + 1
        counts["generated"] += 1
        by = (_attacker(q, k, c) if Y[c] or L[k + c] or R[k - c + n - 1] else -1) if plain else _by(piece, n, q, k, c)
        if by >= 0:
            counts["pruned"] += 1
            yield event("prune", k, c, by)
            step += 1
            continue
        q.append(c)
        Y[c] = L[k + c] = R[k - c + n - 1] = True
        counts["nodes"] += 1
        yield event("place", k, c)
        step += 1
        if k + 1 < n:
            k += 1
            continue
        counts["solutions"] += 1
        yield event("solution", k, c)
        step += 1
        q.pop()
        Y[c] = L[k + c] = R[k - c + n - 1] = False
        counts["backtracks"] += 1
        yield event("backtrack", k, c)
        step += 1
    yield event("done", -1, -1)


def attacked(queens, n, rule="queen"):
    """Bit masks of the squares attacked by ``queens`` (rows ``0 .. len(queens)-1``) in each row of the board.

    Rows that hold a queen get 0: shading is for the rows still to fill. Under another ``rule`` the masks are the
    rule's (:func:`nqueens.core.rules.row_masks`: knight squares, wrapped diagonals).

    Examples
    --------
    >>> [format(m, "04b")[::-1] for m in attacked((1,), 4)]
    ['0000', '1110', '0101', '0100']
    >>> [format(m, "05b")[::-1] for m in attacked((0,), 5, "superqueen")]
    ['00000', '11100', '11100', '10010', '10001']
    """
    masks = [0] * n
    full = (1 << n) - 1
    if get_rule(rule).name != "queen":
        for i, c in enumerate(queens):
            for r, m in enumerate(row_masks(n, (i, c), rule)):
                if r >= len(queens):
                    masks[r] |= m
        return tuple(masks)
    for r in range(len(queens), n):
        m = 0
        for i, c in enumerate(queens):
            d = r - i
            m |= 1 << c
            if c + d < n:
                m |= 1 << (c + d)
            if c - d >= 0:
                m |= 1 << (c - d)
        masks[r] = m & full
    return tuple(masks)


def _by(piece, n, q, k, c):
    # the first row whose queen attacks (k, c) under the rule, or -1
    return next((i for i, d in enumerate(q) if piece.attacks(n, (i, d), (k, c)) or d == c), -1)


def _attacker(q, k, c):
    for i, d in enumerate(q):
        if d == c or i + d == k + c or i - d == k - c:
            return i
    return -1  # pragma: no cover - only called for an attacked square
