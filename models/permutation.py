"""The permutation tree of seed 003: rows and columns explicit; diagonals implicit.

A node at depth ``d`` has queens in ``d`` rows on distinct columns; its children put the queen of the next row
on each column not used yet. Rows and columns are the explicit constraints, so a complete candidate is a
permutation and the explicit tree has ``sum(n! / (n - k)! for k in 0..n)`` nodes. The implicit constraint, no
two queens on one diagonal, is seed 003's ``check`` with its row and column tests commented out.

The search is the seed's swap-based DFS: ``cur_path`` holds a permutation of the columns, the first ``d``
entries placed; child ``i`` takes column ``cur_path[d + i]`` (the seed's ``j = row + i``) by swapping it into
place, and the swap is undone on the way back. The rest of the state, the line markers and the checks, and the
options ``propagation`` and ``order`` are shared with the m-ary tree (:mod:`nqueens.models.rows`).

Solutions come out in the swap order of the seed, not in lexicographic order.

Examples
--------
>>> a = accounting(4)
>>> a.feasible, a.generated
((1, 4, 6, 4, 2), (1, 4, 12, 12, 4))
>>> accounting(4, mode="generate-and-test").generated
(1, 4, 12, 24, 24)
>>> count(8, nodes=True).profile
(1, 8, 42, 140, 344, 568, 550, 312, 92)
>>> next(batches(4)).tolist()
[[1, 3, 0, 2], [2, 0, 3, 1]]

Notes
-----
A feasible node at depth ``k`` has ``n - k`` children, so backtracking generates
``generated[k + 1] == (n - k) * feasible[k]``; the feasible nodes are those of the m-ary tree, with every
propagation and order.

References
----------
Seed 003, "回溯法-排列树" (backtracking over the permutation tree): ``dfs(result, row, board, cur_path, n)`` with
``for (int j = row; j < n; ++j)`` and ``swap(cur_path[row], cur_path[j])``.
"""

import numpy as np
from nqueens.models import rows, symmetry, tree, walk
from nqueens.models.rows import emit as _emit
from nqueens.models.rows import whole as _whole

from nqueens.core.jit import njit

__all__ = ["FORMULATION", "level_sizes", "tree_size", "accounting", "graph", "count", "batches", "warmup"]


def level_sizes(n):
    """Nodes of the permutation tree of ``n`` items at each depth: ``n! / (n - k)!`` for ``k = 0..n``.

    Examples
    --------
    >>> level_sizes(4)
    (1, 4, 12, 24, 24)
    """
    sizes = [1]
    for k in range(n):
        sizes.append(sizes[-1] * (n - k))
    return tuple(sizes)


def tree_size(n):
    """Nodes of the permutation tree of ``n`` items, root included: ``sum(n! / (n - k)! for k in 0..n)``
    (OEIS A000522).

    Examples
    --------
    >>> tree_size(4), tree_size(8)
    (65, 109601)
    """
    return FORMULATION.tree_size(n)


# The formulation's functions (see nqueens.models.tree), in the seed's names: child i of a depth-d node is the
# seed's j = d + i, which takes column cur_path[j] for the row decided at depth d (row d in the static order).


@njit(cache=True, nogil=True, inline="always")
def _width(n, d, s):
    return n - d


@njit(cache=True, nogil=True, inline="always")
def _offered(n, d, i, s):
    return rows.open_column(n, d, s[rows.row_at(n, d)], s[rows.path_at(n, d + i)], s)


@njit(cache=True, nogil=True, inline="always")
def _allowed(n, d, i, s):
    # seed 003's check with rows and columns left out: nobody on either diagonal through (row, cur_path[j])
    return rows.candidate(n, d, s[rows.row_at(n, d)], s[rows.path_at(n, d + i)], s)


@njit(cache=True, nogil=True, inline="always")
def _push(n, d, i, s):
    here = rows.path_at(n, d)
    there = rows.path_at(n, d + i)
    s[here], s[there] = s[there], s[here]
    row = s[rows.row_at(n, d)]
    rows.place(n, d, row, s[here], s)
    return rows.propagate(n, d, row, s[here], s, True)


@njit(cache=True, nogil=True, inline="always")
def _pop(n, d, i, s):
    here = rows.path_at(n, d)
    there = rows.path_at(n, d + i)
    rows.lift(n, s[rows.row_at(n, d)], s[here], s)
    s[here], s[there] = s[there], s[here]


@njit(cache=True, nogil=True, inline="always")
def _move(n, d, i, s):
    return s[rows.path_at(n, d + i)]


@njit(cache=True, nogil=True)
def _weight(n, d, i, s):
    return 1.0


# Plain backtracking and generate-and-test (rows.plain: no propagation, the static order) decide row d at depth
# d and offer every unused column: the same children and checks without the tests of the settings, in a walker of
# their own so the most common search carries nothing it does not use.


@njit(cache=True, nogil=True, inline="always")
def _plain_allowed(n, d, i, s):
    return rows.check(n, d, d, s[rows.path_at(n, d + i)], s)


@njit(cache=True, nogil=True, inline="always")
def _plain_push(n, d, i, s):
    here = rows.path_at(n, d)
    there = rows.path_at(n, d + i)
    s[here], s[there] = s[there], s[here]
    rows.place(n, d, d, s[here], s)
    return True


@njit(cache=True, nogil=True, inline="always")
def _plain_pop(n, d, i, s):
    here = rows.path_at(n, d)
    there = rows.path_at(n, d + i)
    rows.lift(n, d, s[here], s)
    s[here], s[there] = s[there], s[here]


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


def _state(n, propagation="none", order="static", instance=None, rule="queen", symmetry="none", maps=None):
    s = rows.state(n, propagation, order, instance, rule, symmetry, maps)
    for d in range(n):
        s[rows.path_at(n, d)] = d  # cur_path starts as the identity
    return s


FORMULATION = tree.Formulation(
    name="permutation",
    depth=lambda n: n,
    level_sizes=level_sizes,
    state=_state,
    kernel=_search,
    prober=_probe,
    token=rows.token,
    propagates=True,
    checks=rows.CHECKS,
)

accounting, graph, count, batches, warmup = tree.solver(FORMULATION)
