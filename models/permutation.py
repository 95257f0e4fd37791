"""The permutation tree of seed 003: rows and columns explicit; diagonals implicit.

A node at depth ``row`` has queens in rows ``0 .. row - 1`` on distinct columns; its children put the next queen
on each column not used yet. Rows and columns are the explicit constraints, so a complete candidate is a
permutation and the explicit tree has ``sum(n! / (n - k)! for k in 0..n)`` nodes. The implicit constraint, no
two queens on one diagonal, is seed 003's ``check`` with its row and column tests commented out.

The search is the seed's swap-based DFS: ``cur_path`` holds a permutation of the columns, the first ``row``
entries placed; child ``j`` (for ``j = row .. n-1``) takes column ``cur_path[j]`` by swapping it into place, and
the swap is undone on the way back. The state ``s`` is ``cur_path[0..n-1]``, then the queens per diagonal
``row + c`` (``2n - 1``) and per anti-diagonal ``row - c + n - 1`` (``2n - 1``).

Solutions come out in the swap order of the seed, not in lexicographic order.

References
----------
Seed 003, "回溯法-排列树" (backtracking over the permutation tree): ``dfs(result, row, board, cur_path, n)`` with
``for (int j = row; j < n; ++j)`` and ``swap(cur_path[row], cur_path[j])``.
"""

import math

import numpy as np
from numba import njit

from nqueens.models import tree

__all__ = ["tree_size", "accounting", "graph", "count", "batches", "warmup"]


def tree_size(n):
    """Nodes of the permutation tree of ``n`` items, root included: ``sum(n! / (n - k)! for k in 0..n)``.

    Examples
    --------
    >>> tree_size(4), tree_size(8)
    (65, 109601)
    """
    return sum(math.perm(n, k) for k in range(n + 1))


def accounting(n, mode="backtracking", progress=False):
    """The node accounting of the permutation tree for ``n`` (see :class:`nqueens.models.tree.Accounting`).

    Parameters
    ----------
    n : int
        Board size, >= 1.
    mode : {"backtracking", "generate-and-test"}
        Check the diagonals at every node, or only on complete permutations.
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
    >>> a.feasible, a.generated
    ((1, 4, 6, 4, 2), (1, 4, 12, 12, 4))
    >>> accounting(4, mode="generate-and-test").generated
    (1, 4, 12, 24, 24)

    Notes
    -----
    A feasible node at depth ``k`` has ``n - k`` children, so backtracking generates
    ``generated[k + 1] == (n - k) * feasible[k]``; the feasible nodes are those of the m-ary tree.
    """
    return tree.accounting(FORMULATION, n, mode, progress)


def graph(n, mode="backtracking"):
    """The explored tree as a networkx DiGraph, for ``n <= 8`` (see :func:`nqueens.models.tree.graph`).

    Examples
    --------
    >>> graph(4, mode="generate-and-test").number_of_nodes() == tree_size(4)
    True
    """
    return tree.graph(FORMULATION, n, mode)


def count(n, *, nodes=False, mode="backtracking", progress=False):
    """Count the solutions by searching the permutation tree; ``nodes`` adds the feasible nodes per depth.

    Examples
    --------
    >>> count(8, nodes=True).profile
    (1, 8, 42, 140, 344, 568, 550, 312, 92)
    """
    return tree.count(FORMULATION, n, nodes=nodes, mode=mode, progress=progress)


def batches(n, *, limit=None, mode="backtracking", progress=False):
    """Stream the solutions as ``(m, n)`` arrays, in the seed's swap order.

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


# The formulation's functions (see nqueens.models.tree), in the seed's names: child i of a depth-`row` node is
# the seed's j = row + i, which takes column cur_path[j]. s[:n] is cur_path.


@njit(cache=True, nogil=True)
def _width(n, row, s):
    return n - row


@njit(cache=True, nogil=True)
def _allowed(n, row, i, s):
    # seed 003's check with rows and columns left out: nobody on either diagonal through (row, cur_path[j])
    c = s[row + i]
    return s[n + row + c] == 0 and s[3 * n - 1 + row - c + n - 1] == 0


@njit(cache=True, nogil=True)
def _push(n, row, i, s):
    j = row + i
    s[row], s[j] = s[j], s[row]
    c = s[row]
    s[n + row + c] += 1
    s[3 * n - 1 + row - c + n - 1] += 1


@njit(cache=True, nogil=True)
def _pop(n, row, i, s):
    c = s[row]
    s[n + row + c] -= 1
    s[3 * n - 1 + row - c + n - 1] -= 1
    j = row + i
    s[row], s[j] = s[j], s[row]


@njit(cache=True, nogil=True)
def _whole(n, s):
    # a complete permutation: every diagonal holds at most one queen
    for k in range(n, s.shape[0]):
        if s[k] > 1:
            return False
    return True


@njit(cache=True, nogil=True)
def _move(n, row, i, s):
    return s[row + i]


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
    s = np.zeros(n + 2 * (2 * n - 1), np.int64)
    s[:n] = np.arange(n)
    return s


def _token(n, depth, move):
    return f"{',' if depth > 1 else ''}{move}"


FORMULATION = tree.Formulation(
    name="permutation", depth=lambda n: n, tree_size=tree_size, state=_state, kernel=_search, token=_token
)
