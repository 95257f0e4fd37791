"""The quadrant counter (registry name ``quadrants``): totals by meet in the middle, unique solutions and orbit
classes by Burnside's lemma from the solutions a rotation fixes.

The method
----------
Cut the board into four quadrants of side ``h = n // 2``; for odd ``n`` the middle row and the middle column
lie between them. Every solution puts ``h`` queens in the left half (columns ``0 .. h-1``), one per column, and
the same in the right half; which rows hold the left half's queens is the solution's **row split** ``R``.

1. **The quadrant table.** One search lists every placement of non-attacking queens on an ``h x h`` square with
   at most one queen per row and column, filed under its set of rows and set of columns and kept as its two
   diagonal masks (:func:`~nqueens.native.quadrants_kernels.quadrant_table`). The four quadrants are the same
   square moved, so one table serves them all: moving a placement only shifts its diagonal masks.
2. **Half boards.** For a row split ``R``, a left half board is an upper-left placement with the rows of ``R``
   in the upper quadrant, stacked on a lower-left placement with the rows of ``R`` in the lower one and the
   columns the upper one left free; the pair is kept when no diagonal holds two queens. The right half is built
   the same way on the other rows. Columns and rows are then right by construction.
3. **The join.** A left and a right half make a solution exactly when no diagonal holds a queen of each. Only
   the ``n - 1`` diagonals of each direction that cross the middle can, so a half is reduced to a **key** of
   ``2 (n - 1)`` bits (``2 (n - 2)`` for odd ``n``) and the join counts the pairs of keys with no common bit.
   The keys of one side are transposed into bit planes, 64 keys to a word, and cut into 8 chunks of up to 6
   bits; for every chunk and every subset of its bits a row holds the keys that avoid that subset. A key of
   the other side then finds its partners among 64 keys with eight loads, seven ANDs and a popcount, in a loop
   the compiler vectorizes (:func:`~nqueens.native.quadrants_kernels.join_splits`). In a large split both
   sides are first filed in buckets by their bits on a few **cut** diagonals (near the middle, held often by
   both sides), and a key meets only the buckets with none of its cut bits: ten cut bits leave 1-6 % of the
   pairs at ``n = 22`` (after E. Kluev's sieve, there on one side and fixed bits).
4. **Symmetry.** The mirror images left-right and top-bottom keep the cut: they map the row split ``R`` to its
   complement and to its reverse, and the solutions with a split to those of its images. For odd ``n`` the
   queens of the middle row and column are placed first: either one queen in the centre, and then one split
   per orbit of the two mirrors is joined, weighed by the size of its orbit (about a quarter of the
   ``C(2h, h)`` splits); or two queens at ``(m, m + a)`` and ``(m + b, m)`` with ``1 <= a < b <= m``, which
   the 8 symmetries map onto each other without fixed points, so each pair stands for 8 and every split of the
   other ``2m - 1`` rows is joined. The joins with the same ``b`` and split share their left halves: these are
   built once and filtered by the diagonals of the middle row's queen.
5. **Diagonal classes (even n).** The main diagonal runs through the upper-left and lower-right quadrants, the
   anti-diagonal through the other two, and each holds at most one queen. The mirror in the main diagonal
   fixes it and swaps the upper-right and lower-left quadrants, so it maps the solutions with the
   anti-diagonal's queen in the upper right one to one onto those with it in the lower left, leaving the main
   diagonal's queen where it is; the mirror in the anti-diagonal does the same for the main diagonal's queen
   and the other two quadrants. So the total is the number of solutions whose right half has no queen on
   either long diagonal, each counted ``2**k`` times where ``k`` (0 to 2) is the number of long-diagonal queens
   of its left half. The right halves are built with both long diagonals blocked (fewer of them), and the
   weight is read off the left half's key. The top-bottom mirror keeps this form (it exchanges the two long
   diagonals and the quadrants of each half), so one split per pair ``{R, reverse(R)}`` is joined, weighed 2
   (1 if ``R`` is its own reverse). The half turn maps ``R`` to the complement of its reverse, another split of
   the list, and keeps the solutions with both long diagonals empty; those (``k = 0`` and no long-diagonal
   queen on the right) are counted twice in one of ``R`` and its image and not at all in the other (once if
   the two are the same). About half as many pairs of keys are compared as with the mirrors alone.

Unique solutions and classes
----------------------------
No board is compared with its images. By Burnside's lemma the number of orbits of the 8 symmetries is the mean
number of solutions each fixes: the identity fixes all ``T``, the quarter turns ``R90`` each, the half turn
``R180``, and for ``n > 1`` no mirror fixes any (a solution fixed by a mirror in a middle line has its queens on
that line or in pairs on one row; by a diagonal mirror, its queens off the diagonal pair up on a shared
anti-diagonal and at most one sits on the diagonal). So ``unique = (T + 2 R90 + R180) / 8``. The classes
follow from the stabilizers, which contain no mirror: a solution fixed by the quarter turn is fixed by all
rotations, a stabilizer of order 4, an orbit of 2, so ``classes[2] = R90 / 2``; one fixed by the half turn
alone has an orbit of 4, ``classes[4] = (R180 - R90) / 4``; every other has an orbit of 8,
``classes[8] = (T - R180) / 8``. The counts fixed by a rotation come from a search over the upper half of the
board that places each queen with its images
(:func:`~nqueens.native.quadrants_kernels.symmetric_count`), a few thousand times less work than the join.

Tables and memory
-----------------
The quadrant table of side ``h`` holds :data:`QUADRANT_PLACEMENTS` ``[h]`` placements of 8 bytes and an index of
``4**h + 1`` offsets of 8 bytes (the construction needs one more such array): 1.9 MiB for ``h = 8``
(``n = 16, 17``), 11 MiB for ``h = 9``, 73 MiB for ``h = 10``, 0.56 GiB for ``h = 11`` and 5.0 GiB for
``h = 12``, growing seven- to ninefold per ``h``, i.e. about threefold per ``n``. It is built once per process
and shared by its threads. Each worker thread also holds the keys of the two halves of one split (8 bytes per
key, at most 1/14 of the table's placements, in arrays grown by doubling; the filtered left ones and two
sorted copies for the buckets besides) and blocks of bit planes of a fixed size (under 6 MiB with the buckets'
ranges: the join works through the keys of one side a block at a time). Measured peak
resident sizes of a whole count (Python and numba included): 150-170 MiB for n = 16-18, 318 MiB for n = 20.
:func:`memory_needed` gives the estimate, and :func:`plan` refuses an ``n`` whose estimate exceeds the budget:
the ``memory`` option (``nqueens count N --solver quadrants --option memory=8G``, or ``memory="8G"`` /
``memory=8 << 30`` in Python), by default the memory available now (:func:`nqueens.core.memory.available`).
A budget given explicitly is trusted over what this machine has free (the subproblems may run on the larger
machines of a cluster).

On the 2-core machine of benchmarks/quadrants_vs_kluev.py one thread takes about 0.36 s of CPU for
``n = 16``, 3 s for ``n = 17``, 8 s for ``n = 18``, 70 s for ``n = 19`` and 290 s for ``n = 20``; sampled
subproblems (benchmarks/quadrants_sample.py) put ``n = 21`` at 0.65 CPU hours and ``n = 22`` at 14.5 with the
join that compares every pair of half boards (13-14x per ``n`` from ``n = 20``). With the buckets, in one
quieter run: ``n = 21`` 0.35 CPU hours (unchanged: its splits are small), ``n = 22`` 1.93 (the plain join
8.3 in the same run), ``n = 23`` 18; about 7x per ``n`` (docs/frontier.md). The forecast before a long count (:func:`forecast_seconds`) scales this
curve, :data:`REFERENCE_SECONDS` and then :data:`GROWTH` per ``n``, by the time this machine takes for a small
board.

Subproblems
-----------
:func:`plan` lists the joins (row splits, with the middle queens for odd ``n``) and deals them round-robin into
groups, ``16 * 2**(n - 12)`` for ``n >= 12`` (one below), plus two subproblems for the rotation-fixed counts;
:func:`task` computes one of them as a pure function of its description, releasing the GIL inside the
kernels, and :func:`combine` adds them up.

References
----------
E. Kluev, *N-Queens-Count-Sol* (2022), https://github.com/Kluev-Evgeny/N-Queens-Count-Sol: counting by
joining partial solutions of the four quadrants of the board.
H. S. Warren, *Hacker's Delight*, 2nd ed. (2012), section 7-3: transposing a bit matrix.
W. Burnside, *Theory of Groups of Finite Order* (1897): the number of orbits is the mean number of fixed points.
OEIS A000170 (total), A002562 (unique), A032522 (solutions fixed by the half turn), A033148 (solutions fixed by
the quarter turn).

Examples
--------
>>> r = count(8)
>>> r.total, r.unique, r.classes
(92, 12, {4: 1, 8: 11})
>>> plan(8)[0].payload[0]
0
"""

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
from nqueens.native import quadrants_kernels as _k
from nqueens.native import quadrants_spec
from nqueens.native._limits import check_limit

from nqueens.core import memory
from nqueens.core.d4 import classes_from_fixed
from nqueens.core.errors import NQueensError
from nqueens.core.record import Subproblem, Tally

__all__ = [
    "NAME",
    "ALGORITHM_VERSION",
    "MAX_N",
    "parse_memory",
    "REFERENCE_SECONDS",
    "GROWTH",
    "forecast_seconds",
    "QUADRANT_PLACEMENTS",
    "memory_needed",
    "row_splits",
    "plan",
    "task",
    "combine",
    "count",
    "warmup",
]

NAME = quadrants_spec.SOLVER.name  # the registry name; stored results are keyed by it
ALGORITHM_VERSION = "1"  # changes whenever the subproblems or their results would
MAX_N = quadrants_spec.SOLVER.max_n  # a join key of 2 (n - 1) bits must fit the 8 chunks of 6 bits of the join's tables

# CPU seconds of one thread for a whole count of n on the 2-core development machine (AMD EPYC, shared; numba
# kernels loaded): n = 12-18 measured with this code, 19-20 by benchmarks/quadrants_vs_kluev.py, 21 extrapolated
# from sampled subproblems (benchmarks/quadrants_sample.py), all while the machine was busy. 22 and 23 are 21
# times the growth the samples show with the bucketed join in one quieter run (22: 5.5x, 23: 52x; the same
# run put the plain join at 0.24x and 0.52x of these at 22 and 23), 24 the plain join's sampled piece times
# n = 22's ratio (not measured). The forecast scales this curve by the time this machine takes for a small n;
# it is the counter's own growth, not an estimate of a backtracking tree (the join does not backtrack).
REFERENCE_SECONDS = {
    12: 0.0052,
    13: 0.022,
    14: 0.030,
    15: 0.22,
    16: 0.36,
    17: 3.1,
    18: 7.5,
    19: 50.6,
    20: 292.0,
    21: 2340.0,
    22: 12900.0,
    23: 121000.0,
    24: 2120000.0,
}
# Growth per n beyond the reference: about 7x per n over two steps with the bucketed join (20 -> 22: 48x,
# 21 -> 23: 52x).
GROWTH = 7.0

# The memory option's units (powers of 1024; "8G" and "8GiB" are the same).
_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}

PROCESS_BYTES = quadrants_spec.PROCESS_BYTES
QUADRANT_PLACEMENTS = quadrants_spec.QUADRANT_PLACEMENTS

# Kinds of subproblem (the first entry of a payload).
JOIN, FIXED_180, FIXED_90 = 0, 1, 2

_TABLES: dict[Any, Any] = {}
_TABLES_LOCK = threading.Lock()


def memory_needed(n, workers=1):
    """Estimated peak bytes of a count of ``n``: the process itself, the quadrant table and its index, and the
    join buffers of ``workers`` threads.

    Examples
    --------
    >>> memory_needed(16) < 256 << 20
    True
    """
    return _memory_needed(_check_n(n), workers)


_memory_needed = quadrants_spec.memory_needed


def row_splits(n):
    """The joins of the count of ``n``: rows ``(a, b, west_rows, weight, plain)`` (int64), in a fixed order.

    Rows are numbered without the middle row: ``0 .. h-1`` upper, ``h .. 2h-1`` lower, and bit ``i`` of
    ``west_rows`` says row ``i`` has its queen in the left half. For even ``n`` (``a = b = 0``) there is one
    split per pair ``{R, reverse(R)}``, weighed by the pair's size, and ``plain`` (0, 1 or 2) is the weight of
    its solutions with both long diagonals empty. For odd ``n``, ``a = b = 0`` is the centre queen, one split
    per orbit of the two mirrors, weighed by its size; otherwise the middle row's queen is at column ``m + a``,
    the middle column's at row ``m + b``, every split of the other rows is joined, weighed 8, and the rows run
    through ``a`` innermost (they share their left halves). ``plain = -1``: no diagonal classes.

    Examples
    --------
    >>> row_splits(4).tolist()
    [[0, 0, 3, 2, 1], [0, 0, 5, 2, 1], [0, 0, 9, 1, 0], [0, 0, 6, 1, 2]]
    """
    h = n // 2
    rows = []
    full = (1 << (2 * h)) - 1
    for west in _combinations(2 * h, h, full):
        mirrored = _reverse(west, 2 * h)
        if n % 2 == 0:
            if west <= mirrored:
                turned = full & ~mirrored
                plain = 1 if turned == west else (2 if west < turned else 0)
                rows.append((0, 0, west, 1 if west == mirrored else 2, plain))
        else:
            orbit = {west, full & ~west, mirrored, full & ~mirrored}
            if west == min(orbit):
                rows.append((0, 0, west, len(orbit), -1))
    blocks = [np.array(rows, dtype=np.int64).reshape(-1, 5)]
    if n & 1:
        for b in range(2, h + 1):
            wests = np.array(_combinations(2 * h, h, full & ~(1 << (h + b - 1))), dtype=np.int64)
            block = np.empty((len(wests) * (b - 1), 5), dtype=np.int64)
            block[:, 0] = np.tile(np.arange(1, b), len(wests))
            block[:, 1] = b
            block[:, 2] = np.repeat(wests, b - 1)
            block[:, 3] = 8
            block[:, 4] = -1
            blocks.append(block)
    return np.concatenate(blocks)


def plan(n, memory=None):
    """The subproblems of the count of ``n``, deterministic for a given ``n`` and :data:`ALGORITHM_VERSION`.

    The joins of :func:`row_splits` are dealt round-robin into ``16 * 2**(n - 12)`` groups (one for
    ``n < 12``), those that share their left halves (odd ``n``: the same middle column queen and rows) as one
    run; two more subproblems count the solutions fixed by the half and the quarter turn. A payload is
    ``(JOIN, jobs)``, ``jobs`` an int64 array of rows of :func:`row_splits`, or ``(FIXED_180, first, last)`` /
    ``(FIXED_90, first, last)``: the solutions fixed by that turn whose top-row queen is in columns
    ``first .. last - 1``.

    Parameters
    ----------
    n : int
    memory : int or str, optional
        Bytes the count may use (see :func:`parse_memory`); by default the memory available now.

    Raises
    ------
    NQueensError
        If ``n`` is out of range or the count would need more than ``memory``; the message names the bytes
        needed and the option that raises the budget.

    Examples
    --------
    >>> [s.payload[0] for s in plan(12)][-3:]
    [0, 1, 2]
    >>> len(plan(12))
    18
    """
    _check_memory(n, memory, 1)
    jobs = row_splits(n)
    # Joins that share their left halves (odd n: the same b and rows) stay together in one subproblem.
    new_run = np.ones(len(jobs), dtype=bool)
    new_run[1:] = (jobs[1:, 0] == 0) | (jobs[1:, 1] != jobs[:-1, 1]) | (jobs[1:, 2] != jobs[:-1, 2])
    starts = np.flatnonzero(new_run).tolist()
    runs = list(zip(starts, starts[1:] + [len(jobs)]))
    groups = 1 if n < 12 else min(len(runs), 16 << (n - 12))
    payloads: list[tuple] = [
        (JOIN, np.ascontiguousarray(np.concatenate([jobs[a:b] for a, b in runs[i::groups]]))) for i in range(groups)
    ]
    payloads += [(FIXED_180, 0, n), (FIXED_90, 0, n)]
    return [Subproblem(n, index, payload, _digest(n, payload)) for index, payload in enumerate(payloads)]


def task(n, index, payload):
    """Compute one subproblem: a pure function of its arguments (``index`` only labels the result).

    Returns
    -------
    dict
        ``{"index", "kind", "count", "work"}``: for a join, ``count`` is its weighted number of solutions and
        ``work`` the half-board placements it built; for a rotation, ``count`` is the number of fixed solutions
        and ``work`` the nodes of its search.

    Examples
    --------
    >>> task(8, 1, (FIXED_180, 0, 8))
    {'index': 1, 'kind': 1, 'count': 4, 'work': 54}
    """
    kind = int(payload[0])
    if kind == JOIN:
        jobs = np.ascontiguousarray(payload[1], dtype=np.int64)
        offsets, pieces = _table(n // 2)
        out = np.zeros(2 * len(jobs), np.int64)
        _k.join_splits(n, offsets, pieces, jobs, out)
        found, work = int(out[: len(jobs)].sum()), int(out[len(jobs) :].sum())
    elif kind in (FIXED_180, FIXED_90):
        found, work = _k.symmetric_count(n, 2 if kind == FIXED_180 else 1, int(payload[1]), int(payload[2]))
        found, work = int(found), int(work)
    else:
        raise NQueensError(f"unknown kind of subproblem {kind} for solver {NAME!r}")
    return {"index": int(index), "kind": kind, "count": found, "work": work}


def combine(n, results):
    """Add up the results of :func:`task` (in any order) into the total, the unique solutions and the classes.

    Returns
    -------
    dict
        ``{"total", "unique", "classes", "stats"}``; ``classes`` maps orbit size to the number of fundamental
        solutions with it (nonzero entries only); ``stats`` has ``fixed_180``, ``fixed_90``, ``half_boards``
        (placements built by the joins) and ``symmetric_nodes``.

    Raises
    ------
    NQueensError
        If a kind of result is missing or the counts are inconsistent with Burnside's lemma.

    Examples
    --------
    >>> combine(6, [task(6, s.index, s.payload) for s in plan(6)])["classes"]
    {4: 1}
    """
    sums = {JOIN: 0, FIXED_180: 0, FIXED_90: 0}
    work = {JOIN: 0, FIXED_180: 0, FIXED_90: 0}
    seen = set()
    for result in results:
        kind = int(result["kind"])
        sums[kind] += int(result["count"])
        work[kind] += int(result["work"])
        seen.add(kind)
    if seen != {JOIN, FIXED_180, FIXED_90}:
        raise NQueensError(f"the results of a {NAME!r} count of n = {n} lack a kind of subproblem")
    total, r180, r90 = sums[JOIN], sums[FIXED_180], sums[FIXED_90]
    classes = classes_from_fixed(n, total, r180, r90)
    stats = {
        "fixed_180": r180,
        "fixed_90": r90,
        "half_boards": work[JOIN],
        "symmetric_nodes": work[FIXED_180] + work[FIXED_90],
    }
    return {"total": total, "unique": sum(classes.values()), "classes": classes, "stats": stats}


def count(n, workers=1, memory=None):
    """Count the solutions of ``n`` queens, the fundamental ones, and these by orbit size, in this process.

    The facade runs the same :func:`plan`, :func:`task` and :func:`combine` through :mod:`nqueens.runtime.run` (threads
    or a cluster, the result store, the progress bar); this is the plain in-process loop, for tests and
    benchmarks.

    Parameters
    ----------
    n : int
        Board size, ``1 <= n <= MAX_N``.
    workers : int
        Threads to run the subproblems on (the kernels release the GIL).
    memory : int or str, optional
        Bytes the count may use (see :func:`parse_memory`); by default the memory available now.

    Returns
    -------
    Tally
        With ``stats``: ``subproblems``, ``joins``, ``workers``, ``table_placements`` and those of
        :func:`combine`.

    Raises
    ------
    NQueensError
        For a bad argument or an ``n`` that needs more memory than the budget or the machine has.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise NQueensError(f"workers must be an integer >= 1, got {workers!r}")
    n = _check_n(n)
    _check_memory(n, memory, workers)
    subproblems = plan(n, memory=memory)
    if workers == 1:
        results = [task(s.n, s.index, s.payload) for s in subproblems]
    else:
        _table(n // 2)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(lambda s: task(s.n, s.index, s.payload), subproblems))
    out = combine(n, results)
    stats = dict(out["stats"])
    stats.update(
        subproblems=len(subproblems),
        joins=sum(len(s.payload[1]) for s in subproblems if s.payload[0] == JOIN),
        workers=workers,
        table_placements=QUADRANT_PLACEMENTS[n // 2],
    )
    return Tally(total=out["total"], unique=out["unique"], classes=out["classes"], stats=stats)


def warmup():
    """Compile the kernels (or load them from numba's cache) on small boards, odd and even."""
    for n in (5, 6):
        for s in plan(n):
            task(s.n, s.index, s.payload)


def _table(h):
    """The quadrant table of side ``h``, built once per process (it depends on ``h`` alone)."""
    with _TABLES_LOCK:
        table = _TABLES.get(h)
        if table is None:
            table = _k.quadrant_table(h)
            _TABLES.clear()  # keep one: they grow eightfold per h
            _TABLES[h] = table
        return table


def _combinations(size, k, allowed):
    """The masks of ``k`` bits among the set bits of ``allowed`` (below ``2**size``), in lexicographic order of their bit positions."""
    from itertools import combinations

    bits = [i for i in range(size) if (allowed >> i) & 1]
    return [sum(1 << i for i in chosen) for chosen in combinations(bits, k)]


def _reverse(mask, size):
    return int(format(mask, f"0{size}b")[::-1], 2) if size else 0


def _digest(n, payload):
    """sha256 of ``(NAME, ALGORITHM_VERSION, n, payload)``; arrays as their shape and little-endian int64s."""
    digest = hashlib.sha256(f"{NAME} {ALGORITHM_VERSION} {n}".encode())
    for item in payload:
        if isinstance(item, np.ndarray):
            digest.update(f" array{item.shape}:".encode())
            digest.update(np.ascontiguousarray(item, dtype="<i8").tobytes())
        else:
            digest.update(f" {int(item)}".encode())
    return digest.hexdigest()


def _check_n(n):
    return check_limit(n, MAX_N, f"solver {NAME!r}", "join keys of 2(n-1) bits in 48")


def forecast_seconds(n, measured_n, measured_seconds, workers=1):
    """The wall time of a count of ``n`` on ``workers`` threads, forecast from the measured one-thread time of
    a count of ``measured_n`` on this machine and the counter's own growth (:data:`REFERENCE_SECONDS`, then
    :data:`GROWTH` per n).

    Examples
    --------
    >>> round(forecast_seconds(20, 16, 0.36))
    292
    >>> round(forecast_seconds(22, 20, 292.0, workers=2))
    6450
    """
    return measured_seconds * _reference(n) / _reference(measured_n) / max(1, workers)


def _reference(n, table=REFERENCE_SECONDS, growth=GROWTH):
    """The seconds ``table`` gives ``n``; beyond it, those of its nearest ``n`` and ``growth`` for each ``n`` between."""
    low, high = min(table), max(table)
    if n < low:
        return table[low] / growth ** (low - n)
    if n > high:
        return table[high] * growth ** (n - high)
    return table[n]


def parse_memory(value):
    """Bytes from the ``memory`` option: an int, or a string of a number and a unit K, M, G or T (powers of
    1024, an optional ``iB`` or ``B`` after it): ``"8G"``, ``"512MiB"``, ``"1.5G"``, ``"2000000000"``.

    Raises
    ------
    NQueensError
        For anything else, or a size below one MiB.

    Examples
    --------
    >>> parse_memory("8G") == 8 << 30, parse_memory("512MiB"), parse_memory(3 << 20)
    (True, 536870912, 3145728)
    """
    import re

    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    else:
        found = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]*)?)\s*([KMGT]?)(?:I?B)?\s*", str(value).upper())
        number = int(float(found.group(1)) * _UNITS[found.group(2)]) if found else None
    if number is None or number < 1 << 20:
        raise NQueensError(
            f"memory must be a size of at least 1M, as bytes or with a unit K, M, G or T (e.g. 8G); got {value!r}"
        )
    return number


def _check_memory(n, budget, workers):
    need = _memory_needed(n, workers)
    if budget is not None:
        limit = parse_memory(budget)
        if need > limit:
            raise NQueensError(
                f"n = {n} needs about {need} bytes ({memory.describe(need)}) with solver {NAME!r}, more than the "
                f"memory budget of {limit} bytes ({memory.describe(limit)}); raise it with --option "
                f"memory={_suggest(need)} (Python: memory={need})"
            )
        return
    free, words = memory.room()
    if need > free:
        raise NQueensError(
            f"n = {n} needs about {need} bytes ({memory.describe(need)}) with solver {NAME!r}, but {words} "
            f"({free} bytes); free memory, or if the subproblems run on "
            f"larger machines set the budget with --option memory={_suggest(need)}"
        )


def _suggest(nbytes):
    """The smallest whole number of GiB (or MiB below one GiB) that holds ``nbytes``: an option value to show."""
    if nbytes >= 1 << 30:
        return f"{-(-nbytes // (1 << 30))}G"
    return f"{-(-nbytes // (1 << 20))}M"
