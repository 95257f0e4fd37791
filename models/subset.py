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
per anti-diagonal ``r - c`` (``2n - 1``), the board (``n * n`` cells, 1 for a queen), and the squares an
instance lets a queen take (``n * n``); the ``*_at`` functions name them.

A queen is tried before an empty square, so solutions come out in lexicographic order.

Knuth's random probe (:func:`nqueens.models.walk.walker`) samples this tree with weights: a queen on a free
square of a row without one is chosen with probability ``1 / f`` (``f``: the free squares left in the row,
this one included), so the queen's column is uniform over the free ones as in the row trees; leaving the last
free square of a row empty leads to a chain of empty squares that dies at the row's end, a subtree the probe
counts exactly (weight 0) instead of sampling.

Examples
--------
>>> a = accounting(4)
>>> [a.feasible[4 * k] for k in range(5)]
[1, 4, 6, 4, 2]
>>> accounting(3, mode="generate-and-test").generated[-1] == 2 ** 9
True
>>> g = graph(4)
>>> sorted(d["placement"] for _, d in g.nodes(data=True) if d["solution"])
['..Q./Q.../...Q/.Q..', '.Q../...Q/Q.../..Q.']
>>> next(batches(4)).tolist()
[[1, 3, 0, 2], [2, 0, 3, 1]]

References
----------
Seed 004, "问题分析" (the 2^(N^2) boards of the plain combinatorial view); seed 003 on explicit and implicit
constraints.
"""

import numpy as np
from nqueens.models import symmetry as _symmetry
from nqueens.models import tree, walk

from nqueens.core.errors import NQueensError
from nqueens.core.jit import njit

__all__ = ["FORMULATION", "level_sizes", "tree_size", "accounting", "graph", "count", "batches", "warmup"]


def level_sizes(n):
    """Nodes of the full binary tree over the ``n * n`` cells at each depth: ``2**k`` for ``k = 0..n*n``.

    Examples
    --------
    >>> level_sizes(1)
    (1, 2)
    """
    return tuple(1 << k for k in range(n * n + 1))


def tree_size(n):
    """Nodes of the full binary tree over the ``n * n`` cells, root included: ``2^(n*n + 1) - 1``.

    Examples
    --------
    >>> tree_size(2), tree_size(8)
    (31, 36893488147419103231)
    """
    return FORMULATION.tree_size(n)


# The layout of s.


@njit(cache=True, nogil=True, inline="always")
def _row_at(n, r):
    return r


@njit(cache=True, nogil=True, inline="always")
def _column_at(n, c):
    return n + c


@njit(cache=True, nogil=True, inline="always")
def _sum_diagonal_at(n, r, c):
    return 2 * n + r + c


@njit(cache=True, nogil=True, inline="always")
def _difference_diagonal_at(n, r, c):
    return 4 * n - 1 + r - c + n - 1


@njit(cache=True, nogil=True, inline="always")
def _cell_at(n, cell):
    return 6 * n - 2 + cell


@njit(cache=True, nogil=True, inline="always")
def _square_at(n, r, c):
    return 6 * n - 2 + n * n + r * n + c


# The formulation's functions (see nqueens.models.tree): the node at depth `cell` decides square
# (cell // n, cell % n); child 0 puts a queen there, child 1 leaves it empty.


@njit(cache=True, nogil=True, inline="always")
def _width(n, cell, s):
    return 2


@njit(cache=True, nogil=True, inline="always")
def _free(n, r, c, s):
    # a queen may stand on (r, c): the instance allows it, and its row, column and diagonals hold none yet
    return (
        s[_square_at(n, r, c)] == 1
        and s[_row_at(n, r)] == 0
        and s[_column_at(n, c)] == 0
        and s[_sum_diagonal_at(n, r, c)] == 0
        and s[_difference_diagonal_at(n, r, c)] == 0
    )


@njit(cache=True, nogil=True, inline="always")
def _allowed(n, cell, i, s):
    r = cell // n
    c = cell % n
    if i == 0:
        return _free(n, r, c, s)
    # an empty square: fine unless it closes a row that has no queen
    return c < n - 1 or s[_row_at(n, r)] > 0


@njit(cache=True, nogil=True, inline="always")
def _push(n, cell, i, s):
    if i == 0:
        r = cell // n
        c = cell % n
        s[_row_at(n, r)] += 1
        s[_column_at(n, c)] += 1
        s[_sum_diagonal_at(n, r, c)] += 1
        s[_difference_diagonal_at(n, r, c)] += 1
        s[_cell_at(n, cell)] = 1
    return True


@njit(cache=True, nogil=True, inline="always")
def _pop(n, cell, i, s):
    if i == 0:
        r = cell // n
        c = cell % n
        s[_row_at(n, r)] -= 1
        s[_column_at(n, c)] -= 1
        s[_sum_diagonal_at(n, r, c)] -= 1
        s[_difference_diagonal_at(n, r, c)] -= 1
        s[_cell_at(n, cell)] = 0


@njit(cache=True, nogil=True, inline="always")
def _whole(n, s):
    # a complete board: one queen on every row, at most one on every column and diagonal, on allowed squares
    for r in range(n):
        if s[_row_at(n, r)] != 1:
            return False
    for k in range(_column_at(n, 0), _cell_at(n, 0)):
        if s[k] > 1:
            return False
    for cell in range(n * n):
        if s[_cell_at(n, cell)] == 1 and s[_square_at(n, cell // n, cell % n)] == 0:
            return False
    return True


@njit(cache=True, nogil=True, inline="always")
def _move(n, cell, i, s):
    return 1 if i == 0 else 0


@njit(cache=True, nogil=True)
def _emit(n, s, out):
    for r in range(n):
        for c in range(n):
            if s[_cell_at(n, r * n + c)]:
                out[r] = c


@njit(cache=True, nogil=True)
def _weight(n, cell, i, s):
    # the probe's choice in a row without a queen: a queen on this free square 1 : f - 1 leaving it empty
    r = cell // n
    c = cell % n
    if i == 0 or s[_row_at(n, r)] > 0 or not _free(n, r, c, s):
        return 1.0
    f = 0
    for k in range(c, n):
        if _free(n, r, k, s):
            f += 1
    return f - 1.0


@njit(cache=True, nogil=True, inline="always")
def _placed(n, cell, i, s):
    # the square of the queen child 0 puts on the cell; leaving it empty places none
    return cell if i == 0 else -1


@njit(cache=True, nogil=True, inline="always")
def _forbid(n, d, square, s):
    # no domains to propagate into: a square the symmetry forbids is refused when a queen would take it
    return True


_walk, _walk_probe = walk.walker(
    _width, walk.every, _allowed, _push, _pop, _whole, _move, _emit, _weight, *_symmetry.hooks(_placed, _forbid)
)


@njit(cache=True, nogil=True)
def _search(n, backtracking, s, path, counts, tally, out, trace, budget):
    return _walk(n, n * n, np.int64(0), backtracking, s, path, counts, tally, out, trace, budget)


@njit(cache=True, nogil=True)
def _probe(n, s, probes, seed, out, level, path, counts, tally):
    _walk_probe(n, n * n, s, probes, seed, out, level, path, counts, tally)


def _state(n, propagation="none", order="static", instance=None, rule="queen", symmetry="none", maps=None):
    if rule != "queen":
        raise NQueensError(f"the subset tree knows only the queen's attack rule, not {rule!r}; the row trees take it")
    s = np.zeros(6 * n - 2 + 2 * n * n, np.int64)
    rows = instance.allowed() if instance is not None else [(1 << n) - 1] * n
    for r, mask in enumerate(rows):
        for c in range(n):
            s[_square_at(n, r, c)] = mask >> c & 1
    return _symmetry.attach(s, _symmetry.block(n, n * n, symmetry, rule, maps))


def _token(n, depth, move):
    cell = depth - 1
    return f"{'/' if cell and cell % n == 0 else ''}{'Q' if move else '.'}"


FORMULATION = tree.Formulation(
    name="subset",
    depth=lambda n: n * n,
    level_sizes=level_sizes,
    state=_state,
    kernel=_search,
    prober=_probe,
    token=_token,
)

accounting, graph, count, batches, warmup = tree.solver(FORMULATION)
