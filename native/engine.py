"""The fast counter (registry name ``fast``): total, unique and orbit classes in one symmetry-reduced pass.

The method
----------
Every solution has exactly one queen on each of the four border lines of the board: the top and bottom rows,
the left and right columns. Those two to four queens form its **start constellation** ``(t, b, l, r)`` (queens
at ``(0, t)``, ``(n-1, b)``, ``(l, 0)``, ``(r, n-1)``; a corner queen serves two lines). The 8 symmetries of the
board map border lines onto border lines, hence constellations onto constellations, and a symmetry that maps a
solution onto another maps its constellation onto the other's. So the solutions split by the class of their
constellation, and it is enough to

1. list one representative constellation per class, with ``h``, the number of symmetries that fix it
   (:func:`start_constellations`);
2. count the completions of each representative: fill the free rows with an iterative bitmask search whose
   masks start with everything the border queens attack, always branching on the free row with the fewest
   free squares (most constrained first);
3. weigh: the class of a representative holds ``8 / h`` constellations with as many completions each, so it
   adds ``8 / h`` times its completions to the total. When ``h = 1`` (almost always) each completion is a
   fundamental solution with an orbit of 8. When ``h > 1`` the ``h`` symmetries permute the completions, each
   of their orbits is one fundamental solution, and each complete board is compared with its 8 images to find
   its orbit size (Burnside's counting, per constellation; see :func:`solve`).

Counting all three numbers therefore needs no canonical-form test on the complete boards of the ordinary
constellations, which is where Takaken's algorithm spends its time on the last row; and because the bottom
queen and the two side queens are placed before the search starts, their diagonals prune rows that a
row-by-row search would only reach at the end ("pruning from both ends").

The search keeps the queens as a column mask and one mask per diagonal direction, so the free squares of
any row cost two shifts; at every node it computes them for all the free rows left and branches on the row with
the fewest (a row with one square is filled at once, a row with none ends the branch). That costs about twice
as much per node as a top-down search, which only updates the next row, but visits about a third of the
nodes: for n = 16, 75 million instead of 204 million (n = 17: 487 million instead of 1400 million), so a count
takes about 0.75 times as long. The last two free rows are counted directly.

Which member of a class represents it matters for speed, not for the result, and with this order only a
little: the image chosen (``engine_kernels._sort_key``: the bottom queen nearest a corner, the top queen
central, the side queens low) was fitted on the node counts of a top-down search, where it visits 204 million
nodes for n = 16 against 338 million for the least ``(t, b, l, r)``; for the search above the two choices differ
by 0.1 % (n = 15).

This combines the two known ways to use the symmetries during the search, not afterwards: Takaken's counts of
fundamental solutions by orbit size (COUNT2, COUNT4, COUNT8) and the start constellations of the Q27 project
(Preusser and Engelhardt), which fix the queens of the outer ring, one representative per class, with weights
2, 4 and 8. Numba's recursion is several times slower than an explicit stack and cannot be cached, so the
search is iterative.

Scale
-----
The representatives, dealt round-robin into :func:`subproblem_count` groups, are the **subproblems**: pure
functions of their description ``(n, ALGORITHM_VERSION, list of constellations)`` with similar amounts of
work, so the progress bar moves evenly and ``K`` workers stay busy. The facade's runner (:mod:`nqueens.runtime.run`)
runs them on local threads or on a Dask cluster and writes each finished one to the result store, so that an
interrupted count resumes where it stopped; this module is the algorithm alone (:func:`plan`, :func:`task`,
:func:`combine`).

References
----------
Takaken (Takayuki Kenmochi), *N-Queens problem*, the C program with BOUND1, BOUND2, SIDEMASK, LASTMASK and the
counters COUNT2, COUNT4, COUNT8 (2003), http://www.ic-net.or.jp/home/takaken/e/queen/
T. B. Preusser and J. Engelhardt, *Putting Queens in Carry Chains, No. 27*, Journal of Signal Processing
Systems 88 (2017) 185-201: the Q27 project's coronal start constellations.
OEIS A000170 (total) and A002562 (fundamental solutions).

Examples
--------
>>> r = combine(8, [task(8, s.index, s.payload) for s in plan(8)])
>>> r["total"], r["unique"]
(92, 12)
>>> len(start_constellations(8))
78
"""

import hashlib

import numpy as np
from nqueens.native import engine_kernels as _k
from nqueens.native import fast_spec
from nqueens.native._limits import check_limit

from nqueens.core.errors import NQueensError
from nqueens.core.record import Subproblem, classes_to_json

__all__ = [
    "ALGORITHM_VERSION",
    "NAME",
    "MAX_N",
    "start_constellations",
    "subproblem_count",
    "plan",
    "solve",
    "task",
    "combine",
    "warmup",
]

ALGORITHM_VERSION = "3"  # changes whenever the subproblems or their results would
NAME = fast_spec.SOLVER.name  # the registry name; the store keys runs by it
MAX_N = fast_spec.SOLVER.max_n  # the diagonal masks of the kernel shift up to 2n bits within an int64

# A count of n = _SPLIT_FROM or more is split into subproblems; smaller ones are one subproblem.
_SPLIT_FROM = 12


def start_constellations(n):
    """One representative start constellation per class under the 8 symmetries of the board.

    Parameters
    ----------
    n : int

    Returns
    -------
    numpy.ndarray
        int64, one row ``(t, b, l, r, h)`` per class, in a fixed order: the queens at ``(0, t)``,
        ``(n-1, b)``, ``(l, 0)`` and ``(r, n-1)``, and ``h`` the number of symmetries fixing them.

    Examples
    --------
    >>> start_constellations(4).tolist()
    [[1, 2, 2, 1, 4], [1, 3, 2, 3, 1]]
    """
    n = check_limit(n, MAX_N, f"solver {NAME!r}", "int64 diagonal masks")
    return _k.start_constellations(n)


def subproblem_count(n, constellations):
    """How many subproblems the count of ``n`` is split into, given its number of ``constellations``.

    One for ``n < 12``; then 16 for ``n = 12``, doubling with each ``n`` (256 for ``n = 16``, 4096 for
    ``n = 20``), never more than there are constellations. The work per constellation grows about sevenfold
    with each ``n``, so subproblems grow too, while staying small enough to lose little to an interruption.

    Examples
    --------
    >>> subproblem_count(8, 78), subproblem_count(16, 3206)
    (1, 256)
    """
    if n < _SPLIT_FROM or constellations <= 1:
        return 1
    return min(constellations, 16 << (n - _SPLIT_FROM))


def plan(n):
    """The subproblems of the count of ``n``, deterministic for a given ``n`` and :data:`ALGORITHM_VERSION`.

    The representatives (:func:`start_constellations`) are dealt round-robin, so that every subproblem gets a
    similar mix of cheap and costly constellations.

    Returns
    -------
    list of Subproblem

    Examples
    --------
    >>> [len(s.payload[0]) for s in plan(12)][:4]
    [46, 46, 46, 46]
    >>> sum(len(s.payload[0]) for s in plan(12)) == len(start_constellations(12))
    True
    """
    table = start_constellations(n)
    groups = subproblem_count(n, len(table))
    parts = [np.ascontiguousarray(table[index::groups]) for index in range(groups)]
    return [Subproblem(n, index, (part,), _digest(n, part)) for index, part in enumerate(parts)]


def solve(n, table):
    """Count the solutions on the start constellations of ``table``: a pure function (the subproblem's task).

    Parameters
    ----------
    n : int
    table : numpy.ndarray
        Rows ``(t, b, l, r, h)`` from :func:`start_constellations`.

    Returns
    -------
    dict
        ``{"total": int, "classes": {1: int, 2: int, 4: int, 8: int}}``: the solutions whose start
        constellation is in the classes of ``table``, and their fundamental solutions by orbit size.

    Notes
    -----
    A constellation fixed by ``h`` symmetries stands for ``8 / h`` constellations, so each of its completions
    adds ``8 / h`` to the total. Its completions fall into orbits under those ``h`` symmetries, one orbit per
    fundamental solution; a completion that ``k`` symmetries fix lies in an orbit of ``h / k`` completions and in
    a class of ``8 / k`` solutions, so it adds ``k / h`` to the number of fundamental solutions with orbit size
    ``8 / k``. These sums are whole numbers for each constellation.

    Examples
    --------
    >>> solve(6, start_constellations(6))
    {'total': 4, 'classes': {1: 0, 2: 0, 4: 1, 8: 0}}
    """
    out = np.zeros(_k.RESULT_SIZE, np.int64)
    table = np.ascontiguousarray(table, dtype=np.int64)
    if table.ndim != 2 or table.shape[1] != 5:
        raise NQueensError(f"a subproblem table has rows (t, b, l, r, h), got shape {table.shape}")
    _k.solve_constellations(n, table, out)
    return {
        "total": int(out[_k.TOTAL]),
        "classes": {1: int(out[_k.C1]), 2: int(out[_k.C2]), 4: int(out[_k.C4]), 8: int(out[_k.C8])},
    }


def warmup():
    """Compile the kernels (or load them from numba's cache)."""
    solve(5, start_constellations(5))


def task(n, index, payload):
    """One subproblem of :func:`plan`: the JSON form of :func:`solve` on its constellations (a pure function)."""
    (table,) = payload
    result = solve(n, table)
    return {"total": result["total"], "classes": classes_to_json(result["classes"])}


def combine(n, results):
    """The count of ``n`` from the results of all its subproblems (:func:`task`), in any order.

    Examples
    --------
    >>> combine(8, [task(8, s.index, s.payload) for s in plan(8)])["classes"]
    {1: 0, 2: 0, 4: 1, 8: 11}
    """
    total = 0
    classes = {1: 0, 2: 0, 4: 0, 8: 0}
    for result in results:
        total += int(result["total"])
        for size, number in result["classes"].items():
            classes[int(size)] += int(number)
    constellations = len(start_constellations(n))
    return {
        "total": total,
        "unique": sum(classes.values()),
        "classes": classes,
        "stats": {"constellations": constellations},
    }


def _digest(n, table):
    """The digest of a subproblem: its description ``(n, ALGORITHM_VERSION, constellations)``."""
    text = f"nqueens {NAME} {ALGORITHM_VERSION} n={n} " + ";".join(",".join(map(str, row)) for row in table.tolist())
    return hashlib.sha256(text.encode()).hexdigest()
