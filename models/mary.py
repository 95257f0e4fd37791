"""The full m-ary tree of seed 003: rows explicit; columns and diagonals implicit.

A node at depth ``d`` has queens in ``d`` rows; its ``n`` children put the queen of the next row on each column
``j``. That is the explicit constraint (one queen per row), so the explicit tree is the full ``n``-ary tree of
depth ``n``, with ``sum(n**k for k in 0..n)`` nodes. The implicit constraints, no two queens on one column or
diagonal, are seed 003's ``check(board, x, y)``; the state keeps how many queens stand on each column and
diagonal so the check is three lookups. The state and the checks are shared with the permutation tree
(:mod:`nqueens.models.rows`), which also describes the options ``propagation`` and ``order``.

With the static order the next row is row ``d`` and children are tried in increasing column order, so
solutions come out in lexicographic order.

Examples
--------
>>> a = accounting(4)
>>> a.feasible, a.generated, a.nodes
((1, 4, 6, 4, 2), (1, 4, 16, 24, 16), 17)
>>> accounting(4, mode="generate-and-test").generated == (1, 4, 16, 64, 256)
True
>>> count(8, nodes=True).nodes
2057
>>> fc = accounting(8, propagation="forward-checking")
>>> fc.nodes < 2057, fc.solutions
(True, 92)
>>> next(batches(4)).tolist()
[[1, 3, 0, 2], [2, 0, 3, 1]]

Notes
-----
Backtracking creates ``n`` candidates under every feasible node above the last row, so
``generated[k + 1] == n * feasible[k]``; with propagation, ``generated[k + 1] + pruned_by_propagation[k + 1]
== n * feasible[k]``.

References
----------
Seed 003, "回溯法-满n叉树" (backtracking over the full n-ary tree): ``dfs(result, row, board, n)`` with
``for (int j = 0; j < n; ++j) if (... check(board, row, j))``.
"""

import numpy as np
from nqueens.models import rows, symmetry, tree, walk
from nqueens.models.rows import emit as _emit
from nqueens.models.rows import whole as _whole

from nqueens.core.jit import njit

__all__ = ["FORMULATION", "level_sizes", "tree_size", "accounting", "graph", "count", "batches", "warmup"]


def level_sizes(n):
    """Nodes of the full ``n``-ary tree at each depth: ``n**k`` for ``k = 0..n``.

    Examples
    --------
    >>> level_sizes(3)
    (1, 3, 9, 27)
    """
    return tuple(n**k for k in range(n + 1))


def tree_size(n):
    """Nodes of the full ``n``-ary tree of depth ``n``, root included: ``sum(n**k for k in 0..n)``,
    ``(n**(n+1) - 1) / (n - 1)`` (OEIS A031972 plus the root).

    Examples
    --------
    >>> tree_size(4), tree_size(8)
    (341, 19173961)
    """
    return FORMULATION.tree_size(n)


# The formulation's functions (see nqueens.models.tree): child j of a depth-d node puts the queen of the row
# decided at depth d (row d in the static order) on column j, seed 003's `j`.


@njit(cache=True, nogil=True, inline="always")
def _width(n, d, s):
    return n


@njit(cache=True, nogil=True, inline="always")
def _offered(n, d, j, s):
    return rows.open_column(n, d, s[rows.row_at(n, d)], j, s)


@njit(cache=True, nogil=True, inline="always")
def _allowed(n, d, j, s):
    # seed 003's check(board, row, j): nobody on column j or on either diagonal through (row, j)
    return rows.candidate(n, d, s[rows.row_at(n, d)], j, s)


@njit(cache=True, nogil=True, inline="always")
def _push(n, d, j, s):
    row = s[rows.row_at(n, d)]
    rows.place(n, d, row, j, s)
    return rows.propagate(n, d, row, j, s, False)


@njit(cache=True, nogil=True, inline="always")
def _pop(n, d, j, s):
    rows.lift(n, s[rows.row_at(n, d)], j, s)


@njit(cache=True, nogil=True, inline="always")
def _move(n, d, j, s):
    return j


@njit(cache=True, nogil=True)
def _weight(n, d, j, s):
    return 1.0


# Plain backtracking and generate-and-test (rows.plain: no propagation, the static order) decide row d at depth
# d and offer every column: the same children and checks without the tests of the settings, in a walker of their
# own so the most common search carries nothing it does not use.


@njit(cache=True, nogil=True, inline="always")
def _plain_allowed(n, d, j, s):
    return rows.check(n, d, d, j, s)


@njit(cache=True, nogil=True, inline="always")
def _plain_push(n, d, j, s):
    rows.place(n, d, d, j, s)
    return True


@njit(cache=True, nogil=True, inline="always")
def _plain_pop(n, d, j, s):
    rows.lift(n, d, j, s)


_walk, _walk_probe = walk.walker(
    _width, _offered, _allowed, _push, _pop, _whole, _move, _emit, _weight, *symmetry.hooks(rows.placed, rows.forbid)
)
_plain_walk, _ = walk.walker(_width, walk.every, _plain_allowed, _plain_push, _plain_pop, _whole, _move, _emit, _weight)


@njit(cache=True, nogil=True)
def _search(n, backtracking, s, path, counts, tally, out, trace, budget):
    if rows.plain(s) and symmetry.off(s):
        return _plain_walk(n, n, np.int64(0), backtracking, s, path, counts, tally, out, trace, budget)
    return _walk(n, n, np.int64(0), backtracking, s, path, counts, tally, out, trace, budget)


@njit(cache=True, nogil=True)
def _probe(n, s, probes, seed, out, level, path, counts, tally):
    _walk_probe(n, n, s, probes, seed, out, level, path, counts, tally)


FORMULATION = tree.Formulation(
    name="mary",
    depth=lambda n: n,
    level_sizes=level_sizes,
    state=rows.state,
    kernel=_search,
    prober=_probe,
    token=rows.token,
    propagates=True,
    checks=rows.CHECKS,
)

accounting, graph, count, batches, warmup = tree.solver(FORMULATION)
