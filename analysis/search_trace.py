"""The searches of the tree models and of dancing links as events, for watching them (``nqueens view``).

:func:`events` runs one of four searches one step at a time and yields an :class:`~nqueens.analysis.trace.Event`
per step, the same snapshots as :func:`nqueens.analysis.trace.events` with what propagation adds:

``none``, ``forward-checking``, ``arc-consistency``
    the ``mary`` tree (row ``d`` at depth ``d``, columns in increasing order) run by its own compiled walker
    (:func:`nqueens.models.walk.walker`) with a budget of one step per call, so the propagation is the model's
    (:mod:`nqueens.models.rows`) and the counters are its counters: at ``done``, ``nodes`` is what
    ``nqueens tree N --model mary --propagation P`` reports. After each step the domains of the current node are
    read from the model's state (``removed``: per row, the columns propagation has taken away). A candidate whose
    propagation empties another row's domain is a ``fail`` (``wiped`` names that row); a child propagation had
    removed before it could be generated is not an event, only counted in ``propagated``.
``dlx``
    Knuth's Algorithm X over the exact cover matrix of :mod:`nqueens.models.dlx` (its links, its ``cover`` and
    ``uncover``), stepped here in Python: each level ``choose``\\ s the item with the fewest options (a board row
    or a board column: ``choice``), ``place``\\ s each of its options in turn, and a level whose item has no option
    left is a ``fail``. ``nodes`` counts the root and the options chosen, as ``dlx``'s own count does.

Every event also says what it does to the search tree (``node``): ``"new"`` (a child of the current node),
``"mark"`` (the current node turns out a solution or a dead end), ``"up"`` (back to the parent) or ``""``.

Examples
--------
>>> last = list(events(8, "forward-checking"))[-1]
>>> last.kind, last.nodes, last.solutions
('done', 1165, 92)
>>> last = list(events(8, "dlx"))[-1]
>>> last.nodes, last.solutions
(1199, 92)

References
----------
Haralick & Elliott 1980 (forward checking); Sabin & Freuder 1994 (MAC); Knuth, "Dancing links" (2000).
"""

from typing import Any

import numpy as np
from nqueens.analysis.trace import Event

from nqueens.core.board import check_n
from nqueens.core.rules import get_rule, row_masks

__all__ = ["SEARCHES", "events"]

SEARCHES = ("none", "forward-checking", "arc-consistency", "dlx")


def events(n, search="none", instance=None, rule="queen", *, model="mary", order="static", symmetry="none"):
    """Yield the events of ``search`` for ``n`` queens (or ``instance``), in order, ending with ``done``.

    Parameters
    ----------
    n : int
    search : str
        One of :data:`SEARCHES`: the propagation of the row tree, or dancing links.
    instance : Instance, optional
        Blocked squares, pre-placed queens, excluded diagonals: the search keeps to them.
    rule : str
        The attack rule (:mod:`nqueens.core.rules`).
    model : str
        The row tree searched, ``mary`` or ``permutation`` (not for ``dlx``).
    order : str
        ``static`` or ``first-fail`` (:mod:`nqueens.models.rows`; not for ``dlx``). Under ``first-fail`` the rows
        are decided out of order: the events carry the queens as ``placed`` pairs and ``queens`` is empty.
    symmetry : str
        The row tree's way of breaking symmetry (:mod:`nqueens.models.symmetry`; not for ``dlx``): a queen it
        prunes is a ``symmetry`` event.

    Yields
    ------
    Event
    """
    from nqueens.core.errors import NQueensError

    n = check_n(n)
    if search not in SEARCHES:
        raise NQueensError(f"search must be one of {', '.join(SEARCHES)}; got {search!r}")
    if search == "dlx":
        if symmetry != "none":
            raise NQueensError("dancing links breaks no symmetry: symmetry is an option of the row trees")
        return _dlx_events(n, instance, rule)
    return _tree_events(n, search, instance, rule, model, order, symmetry)


def root_domains(n, search="none", instance=None, rule="queen", *, model="mary", order="static"):
    """The columns open to each row at the root of the row tree's search (bit masks), as its state holds them."""
    from nqueens.models import tree

    s = tree.formulation(model).FORMULATION.state(n, search, order, instance, rule)
    if search == "none" and order == "static":
        return tuple(sum(int(s[_square(n, r, c)]) << c for c in range(n)) for r in range(n))
    return tuple(int(s[_domain(n, 0, r)]) for r in range(n))


def _tree_events(n, propagation, instance, rule, model="mary", order="static", symmetry="none"):
    from nqueens.models import rows, tree, walk
    from nqueens.models.symmetry import check_symmetry

    form = tree.formulation(model).FORMULATION

    check_symmetry(symmetry, instance=instance)
    s = form.state(n, propagation, order, instance, rule, symmetry)
    static = order == "static"
    path = walk.new_path(n)
    counts = np.zeros((3, n + 1), np.int64)
    tally = np.zeros(3, np.int64)
    trace = np.zeros((2, 4), np.int64)
    out = np.zeros((0, 1), np.int64)
    piece = get_rule(rule)
    domains = propagation != "none"
    q: list[Any] = []
    at: list[Any] = []  # (row, column) in the order placed
    c = {"pruned": 0, "backtracks": 0, "solutions": 0}
    step = 0

    def event(kind, row, col, node, by=-1, wiped=-1):
        removed = None
        if domains and kind != "done":
            d = len(q) if kind != "fail" else len(q) + 1
            full = (1 << n) - 1
            busy = {r for r, _ in at}
            removed = tuple(
                0 if r in busy or (kind == "fail" and r == row) else full & ~int(s[_domain(n, d, r)]) for r in range(n)
            )
        return Event(
            kind,
            row,
            col,
            n,
            tuple(q) if static else (),
            by,
            step,
            int(counts[walk.FEASIBLE].sum()),
            int(counts[walk.GENERATED].sum()) - 1,
            c["pruned"],
            c["backtracks"],
            c["solutions"],
            rule=piece.name,
            removed=removed,
            wiped=wiped,
            propagated=int(counts[walk.PRUNED].sum()),
            node=node,
            search=propagation,
            placed=None if static else tuple(at),
        )

    while path[0] != -2:
        d = max(0, int(path[0]))
        generated = int(counts[walk.GENERATED].sum()) + (path[0] == -1)  # the first step also makes the root
        tally[walk.TRACED] = 0
        form.kernel(n, True, s, path, counts, tally, out, trace, 1)
        if int(counts[walk.GENERATED].sum()) == generated:
            if path[0] == -2 or path[0] >= d:
                continue  # a child propagation removed, or the end of the search
            q.pop()
            row, lifted = at.pop()
            c["backtracks"] += 1
            yield event("backtrack", row, lifted, "up")
            step += 1
            continue
        _, _, col, flag = trace[int(tally[walk.TRACED]) - 1]
        col = int(col)
        row = int(s[rows.row_at(n, d)])
        if flag == walk.TRACE_SYMMETRY:
            yield event("symmetry", row, col, "new")
            step += 1
            continue
        if flag == walk.TRACE_PRUNED:
            c["pruned"] += 1
            if domains:
                busy = {r for r, _ in at}
                wiped = next(
                    (r for r in range(n) if r != row and r not in busy and s[_domain(n, d + 1, r)] == 0),
                    -1,
                )
                yield event("fail", row, col, "new", wiped=wiped)
            else:
                yield event("prune", row, col, "new", by=_attacker(piece, n, at, row, col))
            step += 1
            continue
        q.append(col)
        at.append((row, col))
        yield event("place", row, col, "new")
        step += 1
        if flag == walk.TRACE_SOLUTION:
            c["solutions"] += 1
            yield event("solution", row, col, "mark")
            step += 1
            q.pop()
            at.pop()
            c["backtracks"] += 1
            yield event("backtrack", row, col, "up")
            step += 1
    yield event("done", -1, -1, "")


def _domain(n, d, row):
    from nqueens.models import rows

    return rows.domain_at(n, d, row)


def _square(n, row, c):
    from nqueens.models import rows

    return rows.square_at(n, row, c)


def _attacker(piece, n, at, row, col):
    # the queen (by the order placed) that attacks (row, col): its row, or -1
    for r, c in at:
        if c == col or piece.attacks(n, (r, c), (row, col)):
            return r
    return -1


def _dlx_events(n, instance, rule):
    from nqueens.models import dlx

    x, S = dlx._links(n, None if instance is None else instance.allowed(), rule)
    L, R, U, D, C, ROW = x
    h = 0
    tally = np.zeros(2, np.int64)
    profile = [1] + [0] * n
    piece = get_rule(rule)
    placed: list[Any] = []  # (row, column) in the order chosen
    O = [0] * (n + 1)
    CS = [0] * (n + 1)
    c = {"pruned": 0, "backtracks": 0, "solutions": 0, "generated": 0}
    step = 0

    def removed():
        # per board row without a queen, the squares whose option is no longer linked into the row's item
        full = (1 << n) - 1
        rows = [0] * n
        busy = {r for r, _ in placed}
        for r in range(n):
            if r in busy:
                continue
            left = 0
            i = D[1 + r]
            while i != 1 + r:
                left |= 1 << int(ROW[i] % n)
                i = D[i]
            rows[r] = full & ~left
        return tuple(rows)

    def event(kind, row, col, node, choice=None, wiped=-1):
        return Event(
            kind,
            row,
            col,
            n,
            (),
            -1,
            step,
            sum(profile),
            c["generated"],
            c["pruned"],
            c["backtracks"],
            c["solutions"],
            rule=piece.name,
            removed=None if kind == "done" else removed(),
            wiped=wiped,
            node=node,
            search="dlx",
            placed=tuple(placed),
            choice=choice,
        )

    k = 0
    where = "enter"
    col = r = 0
    while True:
        if where == "enter":
            if R[h] == h:
                c["solutions"] += 1
                row, column = placed[-1] if placed else (-1, -1)
                yield event("solution", row, column, "mark")
                step += 1
                where = "back"
                continue
            col = R[h]
            size = S[col]
            j = R[col]
            while j != h and size > 0:
                if S[j] < size:
                    col = j
                    size = S[j]
                j = R[j]
            item = ("row", col - 1) if col <= n else ("column", col - 1 - n)
            choice = (*item, int(size))
            if size == 0:
                c["pruned"] += 1
                row, column = placed[-1] if placed else (-1, -1)
                yield event("fail", row, column, "mark", choice=choice, wiped=col - 1 if col <= n else -1)
            else:
                yield event("choose", -1, -1, "", choice=choice)
            step += 1
            dlx._cover(col, L, R, U, D, C, S, tally)
            CS[k] = col
            r = D[col]
            where = "try"
        elif where == "try":
            if r == col:
                dlx._uncover(col, L, R, U, D, C, S)
                where = "back"
                continue
            O[k] = r
            profile[k + 1] += 1
            c["generated"] += 1
            j = R[r]
            while j != r:
                dlx._cover(C[j], L, R, U, D, C, S, tally)
                j = R[j]
            square = int(ROW[r])
            placed.append((square // n, square % n))
            k += 1
            yield event("place", square // n, square % n, "new")
            step += 1
            where = "enter"
        else:
            k -= 1
            if k < 0:
                break
            r = O[k]
            col = CS[k]
            j = L[r]
            while j != r:
                dlx._uncover(C[j], L, R, U, D, C, S)
                j = L[j]
            row, column = placed.pop()
            c["backtracks"] += 1
            yield event("backtrack", row, column, "up")
            step += 1
            r = D[r]
            where = "try"
    yield event("done", -1, -1, "")


def attack_masks(n, squares, rule="queen"):
    """Per row, the squares the queens on ``squares`` attack, 0 for a row that holds a queen (for shading)."""
    masks = [0] * n
    for square in squares:
        for r, m in enumerate(row_masks(n, square, rule)):
            masks[r] |= m
    for r, _ in squares:
        masks[r] = 0
    return tuple(masks)
