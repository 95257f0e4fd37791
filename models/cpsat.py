"""N-Queens with OR-tools CP-SAT, written like the OR-tools sample ``nqueens_sat.py``.

The model is the sample's: one integer variable per row, all different, and all different again after shifting
by the row index both ways (the two diagonal directions). Solutions come through a solution callback with
``enumerate_all_solutions``; the model -> solve -> statistics order of the sample is kept, and the solver's own
statistics (branches, conflicts, propagations, wall time, time to the first solution) are returned with the
count.

Enumeration uses one search worker. With several, CP-SAT repeats some solutions and drops others while still
reporting the search complete (n = 8 with two workers can report 80 solutions and ``OPTIMAL``), so asking for
more than one worker is refused unless ``first=True``.

Every solve is a job of :mod:`nqueens.core.background` (the one way the toolkit runs a long call), because the
caller's thread is where Python raises ``KeyboardInterrupt``: CP-SAT's own SIGINT handler is off
(``catch_sigint_signal``; left on, it ends the search with status ``FEASIBLE`` and a partial count, or aborts the
process with ``std::bad_function_call``), a Ctrl-C reaches the waiting caller, which stops the search
(``StopSearch``), waits until the solve has returned and lets the interrupt go on. A count is returned only when
CP-SAT says the search was complete (``OPTIMAL`` or ``INFEASIBLE``). Enumeration is a background stream: the
search hands chunks of solutions to the caller through its bounded queue and stops as soon as the caller has had
``limit`` solutions or stops reading.

Options
-------
``symmetry``
    The choices of the tree models' option (:mod:`nqueens.models.symmetry`) that a model can state: ``none``;
    ``lex``, lex-leader symmetry breaking: for each of the 7 non-trivial symmetries ``g`` of the board,
    ``q <=lex g(q)``, so exactly one solution per orbit survives, the canonical one (the lexicographically
    smallest of its 8 images); enumeration then yields the fundamental solutions, and a count reports ``unique``
    and the orbit ``classes`` and the ``total`` they stand for; ``half``, ``2 q[0] <= n - 1`` (the first row's
    queen on its left half, the middle column included): a count weighs each solution found twice unless its
    first queen is on the middle column (the exact total), a stream adds each one's mirror image. SBDS and SBDD
    act on a search the model does not drive: CP-SAT has no hook for them. ``true`` and ``false`` (this option's
    older spelling) stand for ``lex`` and ``none``.
``first``
    Stop at the first solution (for large ``n``), searching first-fail (the row with the fewest columns left)
    and median value first unless ``var`` says otherwise; with ``workers`` > 1 CP-SAT's portfolio races to it.
    Such a search finds one solution, not all: it cannot count, and :func:`incomplete` says so.
``workers``
    CP-SAT's ``num_workers``.
``var``, ``value``
    A fixed search (``AddDecisionStrategy`` and ``search_branching = FIXED_SEARCH``) with the variable and value
    choices of the classic CP solver (``cp``) that CP-SAT has: ``var=input`` (``CHOOSE_FIRST``), ``first-fail``
    (``CHOOSE_MIN_DOMAIN_SIZE``), ``min-value`` (``CHOOSE_LOWEST_MIN``); ``value=min`` (``SELECT_MIN_VALUE``),
    ``max`` (``SELECT_MAX_VALUE``), ``median`` (``SELECT_MEDIAN_VALUE``), ``split`` (``SELECT_LOWER_HALF``).
    ``var=auto`` (the default) is CP-SAT's own search; ``value=auto`` is ``median`` under a fixed search (with
    ``value=min`` CP-SAT's first-fail search finds no solution of n = 60 in two minutes, with the median one in a
    second). CP-SAT has
    no random or max-regret variable choice and no random single value. Its decisions are literals of the
    model's encoding, learnt clauses prune beside propagation, so ``branches`` and ``conflicts`` are not the
    classic solver's branches and failures.

References
----------
OR-tools, ``ortools/sat/samples/nqueens_sat.py``; ``sat_parameters.proto`` (``catch_sigint_signal``,
``search_branching``); lex-leader constraints: Crawford, Ginsberg, Luks and Roy, "Symmetry-breaking predicates
for search problems" (KR 1996).
"""

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from ortools.sat.python import cp_model

from nqueens.core import background, d4
from nqueens.core.board import check_n, dtype_for
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally
from nqueens.core.rules import KNIGHT_STEPS, SymmetryTally, get_rule, need_square_group

__all__ = ["VARIABLE_STRATEGIES", "VALUE_STRATEGIES", "model", "count", "batches", "incomplete", "warmup"]

VARIABLE_STRATEGIES = {
    "auto": None,
    "input": cp_model.CHOOSE_FIRST,
    "first-fail": cp_model.CHOOSE_MIN_DOMAIN_SIZE,
    "min-value": cp_model.CHOOSE_LOWEST_MIN,
}
VALUE_STRATEGIES = {
    "auto": None,
    "min": cp_model.SELECT_MIN_VALUE,
    "max": cp_model.SELECT_MAX_VALUE,
    "median": cp_model.SELECT_MEDIAN_VALUE,
    "split": cp_model.SELECT_LOWER_HALF,
}

_WAYS = ("none", "half", "lex")  # the choices of the option symmetry (nqueens.models.SYMMETRIES) a model states
_CHUNK = 1024
_POLL = 0.05
_COMPLETE = (cp_model.OPTIMAL, cp_model.INFEASIBLE)


def model(n, *, symmetry="none", instance=None, rule="queen"):
    """The CP-SAT model of the ``n``-queens problem and its row variables ``q``.

    With an ``instance``, blocked squares and excluded diagonals are left out of the rows' domains and a
    pre-placed queen's row keeps only its square. Under another ``rule`` (:mod:`nqueens.core.rules`) the
    diagonals wrap (``toroidal``: all different again on ``(q[i] +/- i) mod n``, through auxiliary variables) or
    the knight's moves are forbidden between rows one and two apart (``superqueen``: ``q[i + d] - q[i] != k``).

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
    if instance is None:
        q = [m.new_int_var(0, n - 1, f"q{i}") for i in range(n)]
    else:
        # A row with no square left would be an empty domain, which CP-SAT calls an invalid model: the row
        # keeps its squares and one constraint says that the instance has no solution.
        rows = instance.allowed()
        if not all(rows):
            rows = [mask or (1 << n) - 1 for mask in rows]
            m.add_bool_or([])
        q = [
            m.new_int_var_from_domain(cp_model.Domain.from_values([c for c in range(n) if mask >> c & 1]), f"q{i}")
            for i, mask in enumerate(rows)
        ]
    rule = get_rule(rule)
    # All columns must be different.
    m.add_all_different(q)
    if rule.wrap:
        # A wrapped diagonal is (q[i] + i) mod n or (q[i] - i) mod n; n is added so that the dividend is not negative.
        for sign in (1, -1):
            wrapped = [m.new_int_var(0, n - 1, f"w{sign:+d}_{i}") for i in range(n)]
            for i in range(n):
                m.add_modulo_equality(wrapped[i], q[i] + sign * i + n, n)
            m.add_all_different(wrapped)
    else:
        # No two queens can be on the same diagonal.
        m.add_all_different(q[i] + i for i in range(n))
        m.add_all_different(q[i] - i for i in range(n))
    if rule.knight:
        for d, k in KNIGHT_STEPS:
            for i in range(n - d):
                m.add(q[i + d] - q[i] != k)
    way = _way(symmetry)
    if way == "lex":
        _lex_leader(m, q, n)
    elif way == "half":
        # the mirror image left-right of a solution with the first queen right of the middle has it left of it
        m.add(2 * q[0] <= n - 1)
    return m, q


def count(
    n,
    *,
    nodes=False,
    instance=None,
    symmetry="none",
    first=False,
    workers=1,
    var="auto",
    value="auto",
    rule="queen",
    seed=0,
):
    """Count the solutions by enumerating them with CP-SAT (one search worker).

    Parameters
    ----------
    n : int
    nodes : bool
        Not supported (CP-SAT has no search-tree node count; see ``stats["branches"]``).
    instance : nqueens.core.instance.Instance, optional
    symmetry : {"none", "half", "lex"}
        ``lex``: count only canonical solutions (lex-leader); the record then has ``unique``, ``classes`` and the
        ``total`` they stand for. ``half``: the first row's queen on its left half, the exact ``total``.
    first, workers
        ``first=True`` cannot count; ``workers`` must be 1.
    var, value
        A fixed search strategy (see the module docstring); ``auto`` is CP-SAT's own.
    rule : str
        The attack rule (``queen``, ``superqueen`` or ``toroidal``).
    seed : int
        CP-SAT's ``random_seed``.

    Returns
    -------
    Tally
        ``stats``: ``branches``, ``conflicts``, ``binary_propagations``, ``integer_propagations``,
        ``wall_time`` (CP-SAT's), ``first_solution_seconds`` (``None`` without solutions), ``status``;
        ``time_model`` and ``time_solve``: seconds building the model and searching.

    Raises
    ------
    NQueensError
        For ``first=True`` (one solution cannot be counted), and if CP-SAT stops before the search is complete
        (the count would be partial). ``KeyboardInterrupt`` stops the search and is raised again.

    Examples
    --------
    >>> count(8).total
    92
    >>> r = count(8, symmetry="lex")
    >>> r.unique, r.classes, r.total
    (12, {4: 1, 8: 11}, 92)
    >>> count(8, var="first-fail", value="median").total
    92
    """
    reason = incomplete(first=first)
    if reason:
        raise NQueensError(f"{reason}: it cannot count; use it with `nqueens solve N --solver cpsat`")
    start = time.perf_counter()
    way, m, q, solver = _model(n, symmetry, instance, rule, first, workers, var, value, seed)
    callback = _Counter(q, way)
    built = time.perf_counter()
    status = _run(solver, m, callback)
    solved = time.perf_counter()
    if status not in _COMPLETE:
        raise NQueensError(
            f"CP-SAT stopped before the search was complete (status {solver.status_name(status)}); "
            "a partial count is not a count"
        )
    stats = {**_stats(solver, callback, status), "time_model": built - start, "time_solve": solved - built}
    return Tally(**callback.found.answer(), stats={**stats, **callback.found.stats()})


def batches(
    n,
    *,
    limit=None,
    instance=None,
    stats=None,
    symmetry="none",
    first=False,
    workers=1,
    var="auto",
    value="auto",
    rule="queen",
    seed=0,
):
    """Stream the solutions as ``(m, n)`` arrays in CP-SAT's order (canonical ones only with ``symmetry=lex``;
    with ``half``, each solution found and its mirror image).

    The solve runs in a worker thread; closing the stream (or reaching ``limit``) stops the search. ``stats``,
    if a dict, receives ``time_model`` once the model is built, and the solver's statistics (as in :func:`count`)
    when the solve has ended. With ``limit=1`` (or ``first``) it is an ordinary solve for one solution, not an
    enumeration stopped at its first: ``stats["parameters"]`` states the parameters it ran with.

    Raises
    ------
    NQueensError
        If CP-SAT stops by itself before the search is complete (the solutions would not be all of them).

    Examples
    --------
    >>> sorted(map(tuple, next(batches(6)).tolist()))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2), (4, 2, 0, 5, 3, 1)]
    >>> [len(b) for b in batches(8, symmetry="lex")]
    [12]
    """
    start = time.perf_counter()
    way, m, q, solver = _model(n, symmetry, instance, rule, first, workers, var, value, seed)
    if limit == 1:  # one solution: an ordinary solve, not an enumeration cut after its first solution
        solver.parameters.enumerate_all_solutions = False
    if stats is not None:
        stats["time_model"] = time.perf_counter() - start
    if first or limit == 1:
        if stats is not None:
            stats["parameters"] = _parameters(solver)
        callback = _Counter(q, "none")
        status = _run(solver, m, callback)
        if stats is not None:
            stats.update(_stats(solver, callback, status))
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            yield np.array([[solver.value(v) for v in q]], dtype=dtype_for(n))
        elif status != cp_model.INFEASIBLE:
            raise NQueensError(f"CP-SAT stopped without an answer (status {solver.status_name(status)})")
        return
    if way != "half":
        yield from _stream(m, q, solver, n, limit, stats)
        return
    for chunk in _stream(m, q, solver, n, limit, stats):
        # each solution with the first queen left of the middle stands for its mirror image too
        yield np.concatenate((chunk, (n - 1 - chunk[2 * chunk[:, 0].astype(np.int64) != n - 1]).astype(chunk.dtype)))


def incomplete(*, first=False, **options):
    """Why enumerating with these options gives not every solution, or ``None`` if it gives them all.

    For a caller that needs all of them (a count, a reduction to fundamental solutions).

    Examples
    --------
    >>> incomplete(first=True)
    'first=true finds one solution, not all of them'
    >>> incomplete(symmetry="lex") is None
    True
    """
    if first:
        return "first=true finds one solution, not all of them"
    return None


def warmup():
    """Build and solve a one-queen model once, so that a run's time and memory hold its own model and search, not
    CP-SAT's one-time set-up in the process (about 7 MiB on the first solve)."""
    m, _ = model(1)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.catch_sigint_signal = False
    solver.Solve(m)
    import nqueens.models.optimize  # noqa: F401  (the optimisation models' module, loaded once here too)


def _way(symmetry):
    """The choice of the option ``symmetry``; ``True`` and ``False``, its older spelling, stand for lex and none."""
    way = {True: "lex", False: "none"}.get(symmetry, symmetry) if isinstance(symmetry, bool) else symmetry
    if way not in _WAYS:
        raise NQueensError(f"symmetry must be one of {', '.join(_WAYS)}; got {symmetry!r}")
    return way


def _model(n, symmetry, instance, rule, first, workers, var, value, seed):
    """``(way, m, q, solver)``: the way of ``symmetry``, the model that states it and the solver (:func:`_solver`)."""
    way = _way(symmetry)
    if way == "lex":
        need_square_group("symmetry=lex", rule, instance)
    if way == "half" and instance is not None and not instance.is_plain:
        raise NQueensError("symmetry=half needs the board's mirror image left-right, which an instance does not keep")
    m, q = model(n, symmetry=way, instance=instance, rule=rule)
    return way, m, q, _solver(m, q, first, workers, var, value, seed)


def _solver(m, q, first, workers, var="auto", value="auto", seed=0):
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise NQueensError(f"workers must be an integer >= 1, got {workers!r}")
    if not first and workers != 1:
        raise NQueensError(
            f"CP-SAT enumerates (and counts) correctly only with one search worker, got workers={workers}: "
            "with several it repeats and drops solutions while still reporting the search complete; "
            "use workers=1, or first=true for a single solution"
        )
    for name, given, known in (("var", var, VARIABLE_STRATEGIES), ("value", value, VALUE_STRATEGIES)):
        if given not in known:
            raise NQueensError(f"{name} must be one of {', '.join(known)}; got {given!r}")
    if var == "auto" and value != "auto":
        strategies = "|".join(k for k in VARIABLE_STRATEGIES if k != "auto")
        raise NQueensError(
            f"value={value} needs a variable strategy (var={strategies}); var=auto is CP-SAT's own search"
        )
    solver = cp_model.CpSolver()
    # The caller's thread handles Ctrl-C and stops the search (see _run).
    solver.parameters.catch_sigint_signal = False
    solver.parameters.num_workers = workers
    solver.parameters.enumerate_all_solutions = not first
    solver.parameters.random_seed = seed
    if var == "auto" and not first:
        return solver
    if var == "auto":
        # One solution of a large board: the classic first-fail, middle-value search.
        var, value = "first-fail", "median"
    m.add_decision_strategy(q, VARIABLE_STRATEGIES[var], VALUE_STRATEGIES["median" if value == "auto" else value])
    solver.parameters.search_branching = cp_model.FIXED_SEARCH
    # CP-SAT's symmetry detection and probing cost time and give a fixed search nothing (at n = 200, first-fail
    # with the median value, they double the deterministic work).
    solver.parameters.symmetry_level = 0
    solver.parameters.cp_model_probing_level = 0
    return solver


def _run(solver, m, callback, name="cpsat-solve"):
    """``solver.solve(m, callback)`` as a job of :mod:`nqueens.core.background` (a thread called ``name``), so that
    Ctrl-C stops it; the status."""
    done = threading.Event()

    def work(stopped):
        try:
            return solver.solve(m, callback)
        finally:
            done.set()

    try:
        return background.run(work, stop=lambda: _halt(solver, callback, done), name=name)
    finally:
        callback.halt.set()


def _halt(solver, callback, done):
    """Stop the search and wait until the solve has returned, whatever comes meanwhile (a second Ctrl-C included):
    the solver must not be freed under a running search.

    ``stop_search`` is asked again until the solve is done: it is lost if it comes before CP-SAT's solve has
    begun; the callbacks also stop the search themselves once ``halt`` is set.
    """
    callback.halt.set()
    while True:
        try:
            if done.is_set():
                return
            solver.stop_search()
            done.wait(_POLL)
        except KeyboardInterrupt:
            continue


def _parameters(solver):
    """The parameters that decide how a solve for one solution searches, as the record states them."""
    from ortools.sat import sat_parameters_pb2

    p = solver.parameters
    return {
        "enumerate_all_solutions": p.enumerate_all_solutions,
        "num_workers": p.num_workers,
        "random_seed": p.random_seed,
        "search_branching": sat_parameters_pb2.SatParameters.SearchBranching.Name(p.search_branching),
    }


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
    for image in d4.images(q, p):
        _lex_less_equal(m, q, image)


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


class _Callback(cp_model.CpSolverSolutionCallback):
    """Notes the first solution's time and hands each solution to :meth:`on_solution`; once ``halt`` is set (the
    caller has gone), it stops the search at the next solution."""

    on_solution: Callable[[], None]  # what each subclass does with a solution

    def __init__(self, q):
        cp_model.CpSolverSolutionCallback.__init__(self)
        self.q = q
        self.halt = threading.Event()
        self.first_seconds = None
        self.start = time.perf_counter()

    def on_solution_callback(self):
        if self.halt.is_set():
            self.stop_search()
            return
        if self.first_seconds is None:
            self.first_seconds = time.perf_counter() - self.start
        self.on_solution()


class _Counter(_Callback):
    """Counts the solutions (and, for canonical ones, sorts them by orbit size)."""

    def __init__(self, q, way):
        super().__init__(q)
        self.way = way
        self.found = SymmetryTally(way)

    def on_solution(self):
        self.found.add([self.value(v) for v in self.q] if self.way != "none" else ())


class _Streamer(_Callback):
    """Collects solutions into chunks for ``offer``; stops the search at ``limit`` or when the reader has gone."""

    def __init__(self, q, size, limit, dtype):
        super().__init__(q)
        self.size = size
        self.limit = limit
        self.dtype = dtype
        self.offer: Any = None
        self.rows = []
        self.found = 0

    def on_solution(self):
        self.rows.append([self.value(v) for v in self.q])
        self.found += 1
        if len(self.rows) == self.size or self.found == self.limit:
            if not self.offer(self.take()) or self.found == self.limit:
                self.stop_search()

    def take(self):
        chunk, self.rows = np.array(self.rows, dtype=self.dtype), []
        return chunk


def _stream(m, q, solver, n, limit, stats):
    """Solve on a :mod:`nqueens.core.background` stream; yield the chunks the callback hands over; stop the search
    when the caller stops reading."""
    size = _CHUNK if limit is None else max(1, min(_CHUNK, limit))
    callback = _Streamer(q, size, limit, dtype_for(n))
    outcome = []
    done = threading.Event()

    def produce(emit, stopped):
        callback.offer = emit  # blocks while the reader is behind; False once it has gone
        try:
            status = solver.solve(m, callback)
            outcome.append(status)
            if callback.rows:
                emit(callback.take())
            if status not in _COMPLETE and callback.found != limit:
                name = solver.status_name(status)
                raise NQueensError(f"CP-SAT stopped before the search was complete (status {name})")
        finally:
            done.set()

    try:
        yield from background.stream(produce, stop=lambda: _halt(solver, callback, done), name="cpsat-enumerate")
    finally:
        callback.halt.set()
        if stats is not None and outcome:
            stats.update(_stats(solver, callback, outcome[0]))


# -- optimisation: queens domination and peaceable queens (nqueens.models.optimize) -----------------------------


def optimize(problem, n, *, timeout=None, improved, symmetry="none", workers=1, seed=0):
    """CP-SAT's own optimisation of the line model (:func:`nqueens.models.optimize.line_model`): every improvement
    reported from a solution callback, ``BestObjectiveBound`` the bound; ``workers`` search workers; ``symmetry=lex``
    (or ``True``) breaks the board's symmetry in the model."""
    from nqueens.models.optimize import line_model, solution_of

    m: Any = cp_model.CpModel()  # the CamelCase API, which the stubs leave out
    way = _way(symmetry)
    if way == "half":
        raise NQueensError("symmetry=half halves a count; an optimisation takes symmetry=lex or none")
    board, goal = line_model(problem, n, m.NewBoolVar, m.Add, symmetric=way == "lex")
    (m.Minimize if problem == "domination" else m.Maximize)(goal)

    class Improvements(_Callback):
        def on_solution(self):
            improved(solution_of(problem, n, board, self.BooleanValue), objective=int(self.ObjectiveValue()))

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.random_seed = seed
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is the caller's (see nqueens.core.background)
    if timeout is not None:
        solver.parameters.max_time_in_seconds = float(timeout)
    status = _run(solver, m, Improvements([]), name="nqueens-optimize-cpsat")
    if status == cp_model.MODEL_INVALID:  # a parameter out of CP-SAT's range (num_workers above 10,000): no search
        raise NQueensError(f"CP-SAT refused the run: {solver.SolutionInfo() or 'the model is invalid'}")
    said = {cp_model.OPTIMAL: "optimal", cp_model.FEASIBLE: "feasible", cp_model.INFEASIBLE: "infeasible"}
    return {
        "status": said.get(status, "unknown"),
        "bound": None if status == cp_model.INFEASIBLE else float(solver.BestObjectiveBound()),
        "stats": {"branches": solver.NumBranches(), "conflicts": solver.NumConflicts(), "workers": workers},
    }
