"""The full m-ary tree of seed 003: rows explicit; columns and diagonals implicit.

A node at depth ``row`` has queens in rows ``0 .. row - 1``; its ``n`` children put the next queen on each
column ``j`` of row ``row``. That is the explicit constraint (one queen per row), so the explicit tree is the
full ``n``-ary tree of depth ``n``, with ``sum(n**k for k in 0..n)`` nodes. The implicit constraints, no two
queens on one column or diagonal, are seed 003's ``check(board, x, y)``; here the state keeps how many queens
stand on each column and diagonal so the check is three lookups.

The state ``s`` is ``q[0..n-1]`` (``q[row]`` = the column of row ``row``), then the queens per column
(``n``), per diagonal ``row + j`` (``2n - 1``) and per anti-diagonal ``row - j + n - 1`` (``2n - 1``).

Children are tried in increasing column order, so solutions come out in lexicographic order.

References
----------
Seed 003, "回溯法-满n叉树" (backtracking over the full n-ary tree): ``dfs(result, row, board, n)`` with
``for (int j = 0; j < n; ++j) if (... check(board, row, j))``.
"""

import numpy as np
from numba import njit

from nqueens.models import tree

__all__ = ["tree_size", "accounting", "graph", "count", "batches", "warmup"]


def tree_size(n):
    """Nodes of the full ``n``-ary tree of depth ``n``, root included: ``sum(n**k for k in 0..n)``.

    Examples
    --------
    >>> tree_size(4), tree_size(8)
    (341, 19173961)
    """
    return sum(n**k for k in range(n + 1))


def accounting(n, mode="backtracking", progress=False):
    """The node accounting of the m-ary tree for ``n`` (see :class:`nqueens.models.tree.Accounting`).

    Parameters
    ----------
    n : int
        Board size, >= 1.
    mode : {"backtracking", "generate-and-test"}
        Check the implicit constraints at every node, or only on complete candidates.
    progress : bool
        A progress bar on stderr for walks longer than a second.

    Returns
    -------
    Accounting

    Raises
    ------
    NQueensError
        For a bad ``n`` or mode, or a generate-and-test walk above
        :data:`~nqueens.models.tree.GENERATE_AND_TEST_MAX_NODES` nodes.

    Examples
    --------
    >>> a = accounting(4)
    >>> a.feasible, a.generated, a.nodes
    ((1, 4, 6, 4, 2), (1, 4, 16, 24, 16), 17)
    >>> accounting(4, mode="generate-and-test").generated == (1, 4, 16, 64, 256)
    True

    Notes
    -----
    Backtracking creates ``n`` candidates under every feasible node above the last row, so
    ``generated[k + 1] == n * feasible[k]``.
    """
    return tree.accounting(FORMULATION, n, mode, progress)


def graph(n, mode="backtracking"):
    """The explored tree as a networkx DiGraph, for ``n <= 8`` (see :func:`nqueens.models.tree.graph`).

    Examples
    --------
    >>> g = graph(4)
    >>> g.number_of_nodes() == sum(accounting(4).generated)
    True
    """
    return tree.graph(FORMULATION, n, mode)


def count(n, *, nodes=False, mode="backtracking", progress=False):
    """Count the solutions by searching the m-ary tree; ``nodes`` adds the feasible nodes per depth.

    Examples
    --------
    >>> count(8, nodes=True).nodes
    2057
    """
    return tree.count(FORMULATION, n, nodes=nodes, mode=mode, progress=progress)


def batches(n, *, limit=None, mode="backtracking", progress=False):
    """Stream the solutions as ``(m, n)`` arrays, in lexicographic order.

    ``progress`` is the registry option shared with :func:`count`; a stream shows its own progress.

    Examples
    --------
    >>> next(batches(4)).tolist()
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    """
    return tree.batches(FORMULATION, n, limit=limit, mode=mode)


def warmup():
    """Compile the kernel (or load it from numba's cache)."""
    tree.accounting(FORMULATION, 4)


# The formulation's functions (see nqueens.models.tree): d is the seed's `row`, i its column `j`.


@njit(cache=True, nogil=True)
def _width(n, row, s):
    return n


@njit(cache=True, nogil=True)
def _allowed(n, row, j, s):
    # seed 003's check(board, row, j): nobody on column j or on either diagonal through (row, j)
    return s[n + j] == 0 and s[2 * n + row + j] == 0 and s[4 * n - 1 + row - j + n - 1] == 0


@njit(cache=True, nogil=True)
def _push(n, row, j, s):
    s[row] = j
    s[n + j] += 1
    s[2 * n + row + j] += 1
    s[4 * n - 1 + row - j + n - 1] += 1


@njit(cache=True, nogil=True)
def _pop(n, row, j, s):
    s[n + j] -= 1
    s[2 * n + row + j] -= 1
    s[4 * n - 1 + row - j + n - 1] -= 1


@njit(cache=True, nogil=True)
def _whole(n, s):
    # the whole board at once: every column and diagonal holds at most one queen
    for k in range(n, s.shape[0]):
        if s[k] > 1:
            return False
    return True


@njit(cache=True, nogil=True)
def _move(n, row, j, s):
    return j


@njit(cache=True, nogil=True)
def _emit(n, s, out):
    for row in range(n):
        out[row] = s[row]


@njit(cache=True, nogil=True)
def _search(n, backtracking, s, path, generated, feasible, tally, out, trace, budget):
    return tree.walk(
        (_width, _allowed, _push, _pop, _whole, _move, _emit),
        n, n, backtracking, s, path, generated, feasible, tally, out, trace, budget,
    )


def _state(n):
    return np.zeros(n + 2 * (2 * n - 1) + n, np.int64)


def _token(n, depth, move):
    return f"{',' if depth > 1 else ''}{move}"


FORMULATION = tree.Formulation(
    name="mary", depth=lambda n: n, tree_size=tree_size, state=_state, kernel=_search, token=_token
)
