"""N-Queens with OR-tools CP-SAT, written like the OR-tools sample ``nqueens_sat.py``.

The model is the sample's: one integer variable per row, all different, and all different again after shifting
by the row index both ways (the two diagonal directions). Solutions come through a solution callback with
``enumerate_all_solutions``; the model -> solve -> statistics order of the sample is kept, and the solver's own
statistics (branches, conflicts, propagations, wall time, time to the first solution) are returned with the
count.

Enumeration uses one search worker. With several, CP-SAT repeats some solutions and drops others while still
reporting the search complete (n = 8 with two workers can report 80 solutions and ``OPTIMAL``), so asking for
more than one worker is refused unless ``first=True``. Enumeration streams: the solve runs in a worker thread
that hands chunks of solutions to the caller through a bounded queue, and stops the search (``StopSearch``) as
soon as the caller has had ``limit`` solutions or stops reading.

Options
-------
``symmetry``
    Lex-leader symmetry breaking: for each of the 7 non-trivial symmetries ``g`` of the board, ``q <=lex g(q)``,
    so exactly one solution per orbit survives, the canonical one (the lexicographically smallest of its 8
    images). Enumeration then yields the fundamental solutions; a count reports ``unique`` and the orbit
    ``classes`` and the ``total`` they stand for.
``first``
    Stop at the first solution (for large ``n``), searching first-fail (the row with the fewest columns left)
    and middle value first; with ``workers`` > 1 CP-SAT's portfolio races to it.
``workers``
    CP-SAT's ``num_workers``.

References
----------
OR-tools, ``ortools/sat/samples/nqueens_sat.py``; lex-leader constraints: Crawford, Ginsberg, Luks and Roy,
"Symmetry-breaking predicates for search problems" (KR 1996).
"""

import queue
import threading
import time

import numpy as np
from ortools.sat.python import cp_model

from nqueens.board import check_n, dtype_for
from nqueens.errors import NQueensError
from nqueens.record import Tally

__all__ = ["model", "count", "batches", "warmup"]

_CHUNK = 1024
_QUEUE = 4
_POLL = 0.05


def model(n, *, symmetry=False):
    """The CP-SAT model of the ``n``-queens problem and its row variables ``q``.

    Returns
    -------
    (CpModel, list of IntVar)

    Examples
    --------
    >>> m, q = model(4)
    >>> len(q), len(m.proto.constraints)
    (4, 3)
    """
    n = check_n(n)
    m = cp_model.CpModel()
    # Encoding: q[i] is the column of the queen in row i (one queen per row by construction).
    q = [m.new_int_var(0, n - 1, f"q{i}") for i in range(n)]
    # All columns must be different.
    m.add_all_different(q)
    # No two queens can be on the same diagonal.
    m.add_all_different(q[i] + i for i in range(n))
    m.add_all_different(q[i] - i for i in range(n))
    if symmetry:
        _lex_leader(m, q, n)
    return m, q


def count(n, *, nodes=False, symmetry=False, first=False, workers=1):
    """Count the solutions by enumerating them with CP-SAT (one search worker).

    Parameters
    ----------
    n : int
    nodes : bool
        Not supported (CP-SAT has no search-tree node count; see ``stats["branches"]``).
    symmetry : bool
        Count only canonical solutions (lex-leader); the record then has ``unique``, ``classes`` and the
        ``total`` they stand for.
    first, workers
        ``first=True`` cannot count; ``workers`` must be 1.

    Returns
    -------
    Tally
        ``stats``: ``branches``, ``conflicts``, ``binary_propagations``, ``integer_propagations``,
        ``wall_time`` (CP-SAT's), ``first_solution_seconds`` (``None`` without solutions), ``status``.

    Examples
    --------
    >>> count(8).total
    92
    >>> r = count(8, symmetry=True)
    >>> r.unique, r.classes, r.total
    (12, {4: 1, 8: 11}, 92)
    """
    if first:
        raise NQueensError(
            "first=true finds one solution and cannot count; use it with `nqueens solve N --solver cpsat`"
        )
    m, q = model(n, symmetry=symmetry)
    solver = _solver(m, q, first, workers)
    callback = _Counter(q, symmetry)
    status = solver.solve(m, callback)
    stats = _stats(solver, callback, status)
    if not symmetry:
        return Tally(total=callback.solutions, stats=stats)
    classes = dict(sorted(callback.classes.items()))
    total = sum(size * number for size, number in classes.items())
    return Tally(total=total, unique=callback.solutions, classes=classes, stats=stats)


def batches(n, *, limit=None, symmetry=False, first=False, workers=1):
    """Stream the solutions as ``(m, n)`` arrays in CP-SAT's order (canonical ones only with ``symmetry``).

    The solve runs in a worker thread; closing the stream (or reaching ``limit``) stops the search.

    Examples
    --------
    >>> sorted(map(tuple, next(batches(6)).tolist()))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2), (4, 2, 0, 5, 3, 1)]
    >>> [len(b) for b in batches(8, symmetry=True)]
    [12]
    """
    m, q = model(n, symmetry=symmetry)
    solver = _solver(m, q, first, workers)
    if first:
        status = solver.solve(m)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            yield np.array([[solver.value(v) for v in q]], dtype=dtype_for(n))
        return
    yield from _stream(m, q, solver, n, limit)


def warmup():
    """Build a one-queen model once, so that timings measure the solve alone."""
    model(1)


def _solver(m, q, first, workers):
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise NQueensError(f"workers must be an integer >= 1, got {workers!r}")
    if not first and workers != 1:
        raise NQueensError(
            f"CP-SAT enumerates (and counts) correctly only with one search worker, got workers={workers}: "
            "with several it repeats and drops solutions while still reporting the search complete; "
            "use workers=1, or first=true for a single solution"
        )
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.enumerate_all_solutions = not first
    if first:
        # One solution of a large board: the classic first-fail, middle-value search, without CP-SAT's
        # symmetry detection and probing (at n = 200 this halves the deterministic work of the default search).
        m.add_decision_strategy(q, cp_model.CHOOSE_MIN_DOMAIN_SIZE, cp_model.SELECT_MEDIAN_VALUE)
        solver.parameters.search_branching = cp_model.FIXED_SEARCH
        solver.parameters.symmetry_level = 0
        solver.parameters.cp_model_probing_level = 0
    return solver


def _stats(solver, callback, status):
    return {
        "branches": solver.num_branches,
        "conflicts": solver.num_conflicts,
        "binary_propagations": solver.num_binary_propagations,
        "integer_propagations": solver.num_integer_propagations,
        "wall_time": solver.wall_time,
        "first_solution_seconds": callback.first_seconds,
        "status": solver.status_name(status),
    }


def _lex_leader(m, q, n):
    """``q <=lex g(q)`` for the 7 non-trivial board symmetries ``g``, with ``p`` the inverse permutation."""
    # p[j] is the row of the queen in column j.
    p = [m.new_int_var(0, n - 1, f"p{j}") for j in range(n)]
    m.add_inverse(q, p)
    for image in _images(q, p):
        _lex_less_equal(m, q, image)


def _images(q, p):
    """The 7 non-trivial images of ``q`` (``p`` its inverse): the same expressions serve ints and CP-SAT variables."""
    n = len(q)
    top = n - 1
    return (
        [top - p[i] for i in range(n)],  # rotation by 90 degrees: (r, c) -> (c, n-1-r)
        [top - q[top - i] for i in range(n)],  # rotation by 180 degrees
        [p[top - i] for i in range(n)],  # rotation by 270 degrees
        [top - q[i] for i in range(n)],  # mirror left-right
        [q[top - i] for i in range(n)],  # mirror top-bottom
        [p[i] for i in range(n)],  # transpose (main diagonal)
        [top - p[top - i] for i in range(n)],  # anti-transpose
    )


def _lex_less_equal(m, a, b):
    """Post ``a <=lex b``: ``a[k] <= b[k]`` whenever ``a[:k] == b[:k]``, with ``same`` reified literals."""
    prefix = None  # a literal true exactly when a[:k] == b[:k]
    for k in range(len(a)):
        if prefix is None:
            m.add(a[k] <= b[k])
        else:
            m.add(a[k] <= b[k]).only_enforce_if(prefix)
        if k == len(a) - 1:
            break
        same = m.new_bool_var(f"same{k}")
        m.add(a[k] == b[k]).only_enforce_if(same)
        m.add(a[k] != b[k]).only_enforce_if(~same)
        if prefix is None:
            prefix = same
            continue
        both = m.new_bool_var(f"prefix{k + 1}")
        m.add_bool_and([prefix, same]).only_enforce_if(both)
        m.add_bool_or([~prefix, ~same, both])
        prefix = both


def _orbit_size(q):
    """The number of distinct images of ``q`` under the 8 board symmetries."""
    p = [0] * len(q)
    for r, c in enumerate(q):
        p[c] = r
    return len({tuple(q)} | {tuple(image) for image in _images(q, p)})


class _Counter(cp_model.CpSolverSolutionCallback):
    """Counts the solutions (and, for canonical ones, sorts them by orbit size); notes the first one's time."""

    def __init__(self, q, symmetry):
        cp_model.CpSolverSolutionCallback.__init__(self)
        self.q = q
        self.symmetry = symmetry
        self.solutions = 0
        self.classes = {}
        self.first_seconds = None
        self.start = time.perf_counter()

    def on_solution_callback(self):
        if self.solutions == 0:
            self.first_seconds = time.perf_counter() - self.start
        self.solutions += 1
        if self.symmetry:
            size = _orbit_size([self.value(v) for v in self.q])
            self.classes[size] = self.classes.get(size, 0) + 1


class _Streamer(cp_model.CpSolverSolutionCallback):
    """Collects solutions into chunks for ``offer``; stops the search at ``limit`` or when the reader has gone."""

    def __init__(self, q, size, limit, dtype, offer, stop):
        cp_model.CpSolverSolutionCallback.__init__(self)
        self.q = q
        self.size = size
        self.limit = limit
        self.dtype = dtype
        self.offer = offer
        self.stop = stop
        self.rows = []
        self.found = 0

    def on_solution_callback(self):
        if self.stop.is_set():
            self.stop_search()
            return
        self.rows.append([self.value(v) for v in self.q])
        self.found += 1
        if len(self.rows) == self.size or self.found == self.limit:
            if not self.offer(self.take()) or self.found == self.limit:
                self.stop_search()

    def take(self):
        chunk, self.rows = np.array(self.rows, dtype=self.dtype), []
        return chunk


def _stream(m, q, solver, n, limit):
    """Solve in a worker thread; yield the chunks it queues; stop the search when the caller stops."""
    box = queue.Queue(maxsize=_QUEUE)
    stop = threading.Event()
    done = object()
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))

    def offer(item):
        # Block while the caller is behind, but give up as soon as it has gone.
        while not stop.is_set():
            try:
                box.put(item, timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    callback = _Streamer(q, size, limit, dtype_for(n), offer, stop)

    def work():
        try:
            solver.solve(m, callback)
            if callback.rows:
                offer(callback.take())
            offer(done)
        except BaseException as exc:  # handed to the caller's thread
            offer(exc)

    worker = threading.Thread(target=work, name="cpsat-enumerate", daemon=True)
    worker.start()
    try:
        while True:
            item = box.get()
            if item is done:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        solver.stop_search()
        worker.join()
