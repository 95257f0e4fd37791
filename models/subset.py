"""The subset (cell) tree: every square is a yes/no decision; all constraints implicit.

Seed 004 starts from the plainest statement: each of the ``n * n`` squares holds a queen or not, ``2^(n*n)``
boards in all. As a state-space tree that is the full binary tree over the cells in row-major order: a node at
depth ``cell`` has decided squares ``0 .. cell - 1``, and its two children put a queen on square ``cell``
(child 0) or leave it empty (child 1). The explicit tree has ``2^(n*n + 1) - 1`` nodes.

Every constraint of the problem is implicit here: no two queens on a row, column or diagonal, and ``n`` queens
in all, that is, one on every row. Backtracking checks each as soon as a decision can break it: a queen is
refused when its row, column or a diagonal already holds one, and leaving a square empty is refused when it
closes a row without a queen. At the row boundaries (depths ``k * n``) the feasible nodes are therefore the
partial placements of the other trees. Generate-and-test checks a complete board once, at the leaf.

The state ``s`` holds the queens per row (``n``), per column (``n``), per diagonal ``r + c`` (``2n - 1``) and
per anti-diagonal ``r - c + n - 1`` (``2n - 1``), then the board (``n * n`` cells, 1 for a queen).

A queen is tried before an empty square, so solutions come out in lexicographic order.

References
----------
Seed 004, "问题分析" (the 2^(N^2) boards of the plain combinatorial view); seed 003 on explicit and implicit
constraints.
"""

import numpy as np
from numba import njit

from nqueens.models import tree

__all__ = ["tree_size", "accounting", "graph", "count", "batches", "warmup"]


def tree_size(n):
    """Nodes of the full binary tree over the ``n * n`` cells, root included: ``2^(n*n + 1) - 1``.

    Examples
    --------
    >>> tree_size(2), tree_size(8)
    (31, 36893488147419103231)
    """
    return 2 ** (n * n + 1) - 1


def accounting(n, mode="backtracking", progress=False):
    """The node accounting of the cell tree for ``n`` (see :class:`nqueens.models.tree.Accounting`).

    The depths are cells: ``generated`` and ``feasible`` have ``n * n + 1`` entries.

    Parameters
    ----------
    n : int
        Board size, >= 1.
    mode : {"backtracking", "generate-and-test"}
        Check at every decision, or only complete boards (``n <= 5``: the whole tree is walked).
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
    >>> [a.feasible[4 * k] for k in range(5)]
    [1, 4, 6, 4, 2]
    >>> accounting(3, mode="generate-and-test").generated[-1] == 2 ** 9
    True
    """
    return tree.accounting(FORMULATION, n, mode, progress)


def graph(n, mode="backtracking"):
    """The explored tree as a networkx DiGraph, for ``n <= 8`` (see :func:`nqueens.models.tree.graph`).

    A placement is written row by row, ``Q`` for a queen and ``.`` for an empty square, rows separated by ``/``.

    Examples
    --------
    >>> g = graph(4)
    >>> sorted(d["placement"] for _, d in g.nodes(data=True) if d["solution"])
    ['..Q./Q.../...Q/.Q..', '.Q../...Q/Q.../..Q.']
    """
    return tree.graph(FORMULATION, n, mode)


def count(n, *, nodes=False, mode="backtracking", progress=False):
    """Count the solutions by searching the cell tree; ``nodes`` adds the feasible nodes per depth (per cell).

    Examples
    --------
    >>> count(6).total
    4
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


# The formulation's functions (see nqueens.models.tree): the node at depth `cell` decides square
# (cell // n, cell % n); child 0 puts a queen there, child 1 leaves it empty. The board starts at b = 6n - 2.


@njit(cache=True, nogil=True)
def _width(n, cell, s):
    return 2


@njit(cache=True, nogil=True)
def _allowed(n, cell, i, s):
    r = cell // n
    c = cell % n
    if i == 0:
        # a queen: none yet on its row, its column or either diagonal
        return s[r] == 0 and s[n + c] == 0 and s[2 * n + r + c] == 0 and s[5 * n - 2 + r - c] == 0
    # an empty square: fine unless it closes a row that has no queen
    return c < n - 1 or s[r] > 0


@njit(cache=True, nogil=True)
def _push(n, cell, i, s):
    if i == 0:
        r = cell // n
        c = cell % n
        s[r] += 1
        s[n + c] += 1
        s[2 * n + r + c] += 1
        s[5 * n - 2 + r - c] += 1
        s[6 * n - 2 + cell] = 1


@njit(cache=True, nogil=True)
def _pop(n, cell, i, s):
    if i == 0:
        r = cell // n
        c = cell % n
        s[r] -= 1
        s[n + c] -= 1
        s[2 * n + r + c] -= 1
        s[5 * n - 2 + r - c] -= 1
        s[6 * n - 2 + cell] = 0


@njit(cache=True, nogil=True)
def _whole(n, s):
    # a complete board: one queen on every row, at most one on every column and diagonal
    for r in range(n):
        if s[r] != 1:
            return False
    for k in range(n, 6 * n - 2):
        if s[k] > 1:
            return False
    return True


@njit(cache=True, nogil=True)
def _move(n, cell, i, s):
    return 1 if i == 0 else 0


@njit(cache=True, nogil=True)
def _emit(n, s, out):
    for r in range(n):
        for c in range(n):
            if s[6 * n - 2 + r * n + c]:
                out[r] = c


@njit(cache=True, nogil=True)
def _search(n, backtracking, s, path, generated, feasible, tally, out, trace, budget):
    return tree.walk(
        (_width, _allowed, _push, _pop, _whole, _move, _emit),
        n, n * n, backtracking, s, path, generated, feasible, tally, out, trace, budget,
    )


def _state(n):
    return np.zeros(2 * n + 2 * (2 * n - 1) + n * n, np.int64)


def _token(n, depth, move):
    cell = depth - 1
    return f"{'/' if cell and cell % n == 0 else ''}{'Q' if move else '.'}"


FORMULATION = tree.Formulation(
    name="subset", depth=lambda n: n * n, tree_size=tree_size, state=_state, kernel=_search, token=_token
)
