"""How long will it take? A one-line warning before a run forecast to last more than a minute.

Knuth's estimator (:mod:`nqueens.analysis.estimate`) says in milliseconds how many nodes the row-by-row
backtracking tree of ``n`` has; a solver's speed in nodes of that tree per second turns it into seconds. That
holds for every backtracking solver, symmetry-reduced or not (a constant factor cancels), and is a rough guide for
the general-purpose models.

A solver's speed is measured once per machine (timing it on growing boards from ``n = 8`` until a run takes a
twentieth of a second) and kept in a small file beside the result store, so a warning costs a few milliseconds
after the first time. A run is taken as short without any measurement when even a slow solver of its family
(:data:`FLOOR_RATE` nodes per second) would finish it within the threshold.

A solver that does not search a backtracking tree (the quadrant counter joins half boards) brings its own
model: its module's ``forecast_seconds(n, m, seconds, workers)`` scales its measured growth per ``n`` by the time
this machine takes for a board ``m``, timed once like a rate, and Knuth's estimator is not asked at all. Such a
run is short without a measurement when ``forecast_seconds`` with :data:`SLOW_FACTOR` times its own reference is.

Examples
--------
>>> from nqueens.api import request
>>> long_run_warning(request(8)) is None
True
"""

import json
import math
import os
import socket
import time
from dataclasses import dataclass
from typing import NamedTuple

from nqueens.core.errors import NQueensError
from nqueens.core.rules import get_rule, rule_of

__all__ = [
    "LONG_RUN_SECONDS",
    "FLOOR_RATE",
    "Forecast",
    "quick_estimate",
    "forecast",
    "long_run_warning",
    "experiment_forecast",
    "ExperimentForecast",
    "first_solution_nodes",
    "duration",
    "rates_path",
]

LONG_RUN_SECONDS = 60.0  # commands warn before a run forecast to take longer

# Nodes of the row-by-row tree per second that no solver of a family falls below (the plain-Python oracle does
# about 4e6, the compiled kernels 1e8, the engines 1e9 and more; general-purpose models can be much slower).
FLOOR_RATE = {"native": 1e5, "engine": 1e7, "model": 1e3}

# For a solver with its own growth model: how much slower than its reference machine a machine may be before a
# run its model calls short is measured anyway.
SLOW_FACTOR = 20.0

_RATES_FILE = "rates.json"


@dataclass(frozen=True)
class Forecast:
    """How long a count of ``n`` with ``solver`` is expected to take, from :func:`forecast`.

    Attributes
    ----------
    n, solver : int, str
    nodes, stderr : float
        Knuth's estimate of the row-by-row backtracking tree of ``n`` (``permutation`` feasible nodes).
    rate : float
        The solver's speed in nodes of that tree per second, measured on ``calibration_n``.
    calibration_n : int
        The board size timed to measure ``rate``.
    seconds : float
        ``nodes / rate``, or the solver's own growth model's forecast.
    method : str
        ``"tree"`` (Knuth's estimate and a rate) or ``"growth"`` (the solver's own model: ``nodes`` and
        ``stderr`` are NaN, ``rate`` is the seconds measured on ``calibration_n``).
    memory : int or None
        The peak bytes the solver states it will need, when it says (``memory_needed``).
    """

    n: int
    solver: str
    nodes: float
    stderr: float
    rate: float
    calibration_n: int
    seconds: float
    method: str = "tree"
    memory: int | None = None


def quick_estimate(n, probes=400, seed=0, rule="queen"):
    """Knuth's estimate of the row-by-row backtracking tree of ``n`` (feasible nodes, root included) and its
    standard error, by ``probes`` random probes in plain Python: no kernel to load, about a millisecond per
    hundred probes and rows. (:func:`nqueens.analysis.estimate.estimate` is the estimator of record, for every
    formulation; this one serves only the forecast, which must cost nothing when the run is short.) Under
    another attack ``rule`` (:mod:`nqueens.core.rules`) the tree is that rule's: diagonals that wrap around a
    torus, the knight's squares of the two rows above.

    Examples
    --------
    >>> mean, se = quick_estimate(8, probes=4000, seed=1)
    >>> abs(mean - 2057) < 3 * se
    True
    """
    r, rng = _probing(rule, seed)
    total = total2 = 0.0
    for _ in range(probes):
        value = _probe(n, r, rng)[0]
        total += value
        total2 += value * value
    mean = total / probes
    var = max(total2 / probes - mean * mean, 0.0) * probes / max(probes - 1, 1)
    return mean, (var / probes) ** 0.5


def _probing(rule, seed):
    """The rule of a probe's tree and the random numbers of its choices."""
    import random

    return get_rule(rule), random.Random(seed)


def _probe(n, r, rng):
    """One random probe down the row-by-row tree of ``n`` under the rule ``r``: ``(value, depth)``, Knuth's
    estimate of the tree's nodes from this path and the rows it placed (``n``: it reached a solution)."""
    full = (1 << n) - 1
    cols = left = right = near = far = 0  # near, far: the queens of the rows one and two above (knight)
    weight = value = 1.0
    depth = 0
    for _row in range(n):
        knight = ((near << 2) | (near >> 2) | (far << 1) | (far >> 1)) & full if r.knight else 0
        free = full & ~(cols | left | right | knight)
        d = free.bit_count()
        if d == 0:
            break
        weight *= d
        value += weight
        k = rng.randrange(d)
        while k:
            free &= free - 1
            k -= 1
        bit = free & -free
        cols |= bit
        if r.wrap:  # the diagonals go round the torus: the masks rotate within n bits
            left = (((left | bit) << 1) | ((left | bit) >> (n - 1))) & full
            right = ((right | bit) >> 1) | (((right | bit) & 1) << (n - 1))
        else:
            left = ((left | bit) << 1) & full
            right = (right | bit) >> 1
        near, far = bit, near
        depth += 1
    return value, depth


# A first solution's estimate stops after this many probes have reached a solution, or after FIRST_BUDGET seconds.
FIRST_HITS = 8
FIRST_BUDGET = 0.1


def first_solution_nodes(n, *, seed=0, rule="queen", hits=FIRST_HITS, budget=FIRST_BUDGET):
    """The nodes a search spends before its first solution of ``n``, or ``None`` when unknown.

    Random probes down the row-by-row tree (each row's queen on a free square, chosen at random) are made until
    ``hits`` of them reach a solution or ``budget`` seconds pass; the nodes of all the probes over the probes that
    reached a solution is what a search that restarts at random after each dead end spends (a Las Vegas
    estimate; a search that backtracks, or propagates, usually spends less). ``None`` when no probe reached a
    solution within the budget (no solution, or solutions too rare to say): a forecast then says it does not
    know, rather than take the whole tree.

    Examples
    --------
    >>> 0 < first_solution_nodes(8, budget=1.0) < 2057  # the whole backtracking tree of n = 8 has 2,057 nodes
    True
    >>> first_solution_nodes(3, budget=0.01) is None  # no solution
    True
    """
    r, rng = _probing(rule, seed)
    nodes = solved = 0
    deadline = time.perf_counter() + budget
    while solved < hits and time.perf_counter() < deadline:
        depth = _probe(n, r, rng)[1]
        nodes += depth + 1  # the root and the rows placed
        solved += depth == n
    return nodes / solved if solved else None


# Probes of the Knuth estimate behind a long-run warning: enough for a warning good to a factor of two.
WARNING_PROBES = 1000


def forecast(req, *, probes=2000, seed=0, budget=0.05, estimate=None):
    """Forecast the wall time of ``nqueens.count(req)`` for a resolved :class:`~nqueens.api.Request` (trusted).

    The solver's rate comes from the rates file (:func:`rates_path`) when this machine has measured it with
    these options, else it is measured now (on boards from ``n = 8`` up, until a run takes ``budget``
    seconds) and kept there.

    Returns
    -------
    Forecast

    Raises
    ------
    NQueensError
        When the solver cannot be run on the calibration boards.

    Notes
    -----
    Measured on the shared 2-core development machine, the fast counter's forecasts for n = 16 and 17 were
    2.5 s and 9.2 s against 2.9 s and 18.5 s taken: good to a factor of about two, which is what a warning
    before an hour-long run needs.
    """
    spec, n, options = req.solver, req.n, req.options
    model = _growth_model(spec)
    if model is not None:
        return _growth_forecast(spec, model, n, req, budget)
    nodes, stderr = estimate if estimate is not None else quick_estimate(n, probes=probes, seed=seed, rule=req.rule)
    key = _rate_key(spec.name, options)
    known = _load_rates().get(key)
    if known is None or "warm" not in known:  # an older rate may have timed a kernel's loading: measured again
        known = _calibrate(spec, n, options, probes, seed, budget)
        _save_rate(key, known)
    rate, m = float(known["rate"]), int(known["n"])
    return Forecast(n, spec.name, nodes, stderr, rate, m, nodes / rate)


def long_run_warning(req, *, threshold=None, action="counting"):
    """A one-line ``warning: ...`` if the run is forecast to take longer than ``threshold`` seconds, else ``None``.

    ``req`` is a resolved :class:`~nqueens.api.Request`, trusted as it is (the entry resolved it). The Knuth estimate is made once (:data:`WARNING_PROBES` probes) and serves both the
    decision and the forecast.

    ``threshold`` defaults to :data:`LONG_RUN_SECONDS`. ``None`` also when no forecast can be made (the run
    itself then reports any bad input).

    Examples
    --------
    >>> from nqueens.api import request
    >>> long_run_warning(request(12, "bitmask-recursive")) is None
    True
    """
    threshold = LONG_RUN_SECONDS if threshold is None else threshold
    try:
        n, spec = req.n, req.solver
        if _at_once(spec, n, req.options):
            return None
        model = _growth_model(spec)
        if model is not None:
            return _growth_warning(req, model, threshold, action)
        # The full permutation tree bounds the backtracking tree from above: no probe needed for small n.
        floor = threshold * FLOOR_RATE[req.solver.family]
        if _permutations(n) < floor:
            return None
        estimate = quick_estimate(n, probes=WARNING_PROBES, seed=0, rule=req.rule)
        if estimate[0] < floor:
            return None
        guess = forecast(req, estimate=estimate)
    except NQueensError:
        return None
    if guess.seconds <= threshold:
        return None
    tree = "backtracking tree" if req.rule == "queen" else f"backtracking tree under the rule {req.rule!r}"
    return (
        f"warning: {action} n = {n} with {guess.solver} is forecast to take about {duration(guess.seconds)}: "
        f"Knuth's estimate of the {tree} is {guess.nodes:.3g} nodes (+/- {guess.stderr:.2g}), "
        f"at {guess.rate:.3g} nodes/s measured on n = {guess.calibration_n}; press Ctrl-C to stop"
    )


# What an experiment costs besides its searches, measured on the shared 2-core development machine with `make run`
# (compare 4..12, 179 runs of 22 solvers in worker processes: 147 s from an empty kernel cache, 29 s from a full one,
# 20 to 27 s of it in the searches themselves): a solver's warm-up in its worker from the cache, one run's round
# trip, and the compilation of one kernel module the cache lacks (19 of them took about two minutes).
SOLVER_SECONDS = 0.3
RUN_SECONDS = 0.02
COMPILE_SECONDS = 6.0
# A solver's declared ``reach`` is the largest n it answers in about this long (nqueens.core.protocol.Solver).
REACH_SECONDS = 1.0


class ExperimentForecast(NamedTuple):
    """What :func:`experiment_forecast` says of an experiment."""

    seconds: float  # the forecast wall time (the runs whose search is unknown count their limit, or nothing)
    worst: float | None  # every run to its limit, where that matters
    compiling: int  # kernel modules to compile first
    unknown: int = 0  # runs whose search cannot be forecast (a first solution no probe reached)


def experiment_forecast(runs, timeout=None, *, first=False):
    """``(seconds, worst, compiling, unknown)``: the forecast wall time of an experiment's ``runs`` made one after
    another, the worst case under ``timeout`` where it matters (some run is forecast to take more than a tenth of
    its limit, or cannot be forecast: the forecasts are good to a few times; ``None`` otherwise), the number of
    kernel modules to compile first, and the number of runs whose search cannot be forecast.

    ``runs`` are ``(solver, options, n)`` triples (a :class:`~nqueens.core.protocol.Solver`, its checked options).
    A run's search takes its nodes over the solver's rate where this machine has measured it (:func:`forecast`
    keeps the rates), else the solver's declared ``reach`` scaled by the nodes of the two trees; it is capped at
    ``timeout``. The nodes are Knuth's estimate of the whole tree, or with ``first`` (runs that stop at their first
    solution) what a first solution costs (:func:`first_solution_nodes`): where that is unknown, the run counts its
    ``timeout`` (none without one) and is one of ``unknown``. Each solver adds its warm-up, each run its round
    trip, and each kernel module the cache lacks (:func:`nqueens.core.cache.uncompiled`) its compilation: on a
    fresh installation that is most of a short experiment.

    Examples
    --------
    >>> from nqueens.registry import get_solver
    >>> seconds, worst, compiling, unknown = experiment_forecast([(get_solver("bitwise"), {}, n) for n in range(4, 9)], 10)
    >>> 0 < seconds < 10, worst
    (True, None)
    >>> seconds, worst, compiling, unknown = experiment_forecast([(get_solver("bitwise"), {}, n) for n in (13, 14)], 1)
    >>> seconds <= worst
    True

    A first solution of n = 40 costs a few thousand nodes, not the whole tree's 1e28:

    >>> seconds, worst, compiling, unknown = experiment_forecast([(get_solver("cpsat"), {}, 40)], first=True)
    >>> seconds < 60, unknown
    (True, 0)
    """
    from nqueens.core.cache import uncompiled

    rates = _load_rates()
    trees: dict = {}

    def tree(n, rule):
        if (n, rule) not in trees:
            trees[n, rule] = quick_estimate(n, probes=200, seed=0, rule=rule)[0]
        return trees[n, rule]

    def nodes(n, rule):
        """The nodes of the run's search: its tree, or its first solution's (``None``: unknown)."""
        if not first:
            return tree(n, rule)
        if ("first", n, rule) not in trees:
            found = first_solution_nodes(n, rule=rule)
            trees["first", n, rule] = None if found is None else min(found, tree(n, rule))
        return trees["first", n, rule]

    solvers, modules, seconds, longest, unknown = {}, set(), 0.0, 0.0, 0
    for spec, options, n in runs:
        rule = rule_of(options)
        known = rates.get(_rate_key(spec.name, options))
        size = nodes(n, rule)
        if size is None:
            unknown += 1
            search = math.inf
        elif known is not None:
            search = size / float(known["rate"])
        else:
            reach = spec.reach or n
            search = REACH_SECONDS * size / tree(max(reach, 1), rule)
        longest = max(longest, search)
        if search < math.inf or timeout is not None:
            seconds += RUN_SECONDS + (search if timeout is None else min(search, timeout))
        else:
            seconds += RUN_SECONDS
        solvers[spec.name] = spec
        if spec.module is not None and spec.source == "built-in":
            modules.add(spec.module)
    compiling = len(uncompiled(sorted(modules)))
    overhead = SOLVER_SECONDS * len(solvers) + COMPILE_SECONDS * compiling
    matters = timeout is not None and longest > timeout / 10
    worst = overhead + len(runs) * (RUN_SECONDS + timeout) if matters else None
    return ExperimentForecast(overhead + seconds, worst, compiling, unknown)


def _at_once(spec, n, options):
    """Whether the solver answers ``n`` without a search (its module's ``answers_at_once``, such as a torus with
    no solution by Pólya's theorem); only engines and native solvers are loaded to ask."""
    if spec.family not in ("engine", "native"):
        return False
    at_once = getattr(spec.load(), "answers_at_once", None)
    return bool(at_once is not None and at_once(n, **options))


def _growth_model(spec):
    """The solver's module when it brings its own growth model (``forecast_seconds``), else ``None``; only
    engines and native solvers are loaded to look."""
    if spec.family not in ("engine", "native"):
        return None
    module = spec.load()
    return module if hasattr(module, "forecast_seconds") else None


def _growth_forecast(spec, model, n, req, budget):
    workers = _workers(req)
    key = _rate_key(spec.name, {}) + " growth"
    known = _load_rates().get(key)
    if known is None or "warm" not in known:  # an older rate may have timed a kernel's loading: measured again
        known = _time_growth(spec, model, n, max(budget, 0.2))
        _save_rate(key, known)
    m, seconds = int(known["n"]), float(known["seconds"])
    memory = model.memory_needed(n, workers) if hasattr(model, "memory_needed") else None
    guess = model.forecast_seconds(n, m, seconds, workers)
    return Forecast(n, spec.name, math.nan, math.nan, seconds, m, guess, "growth", memory)


def _growth_warning(req, model, threshold, action):
    n = req.n
    reference = min(model.REFERENCE_SECONDS)
    if model.forecast_seconds(n, reference, SLOW_FACTOR * model.REFERENCE_SECONDS[reference], 1) <= threshold:
        return None
    guess = forecast(req)
    if guess.seconds <= threshold:
        return None
    memory = ""
    if guess.memory is not None:
        from nqueens.core.memory import describe

        memory = f" and about {describe(guess.memory)} of memory"
    return (
        f"warning: {action} n = {n} with {guess.solver} is forecast to take about {duration(guess.seconds)}"
        f"{memory} on {_workers(req)} thread(s): its own growth per n, scaled by {guess.rate:.3g} s measured "
        f"on n = {guess.calibration_n}; press Ctrl-C to stop"
    )


def _workers(req):
    """The threads of the run: as the request decided them (nqueens.api.request)."""
    workers = getattr(req, "workers", None) or req.options.get("workers")
    if workers:
        return workers
    from nqueens.runtime.executors import default_workers

    return default_workers()


def _time_growth(spec, model, n, budget):
    """One-thread seconds of the solver on the smallest board of its reference from which a count takes
    ``budget`` seconds (or the largest below ``n``)."""
    if hasattr(model, "warmup"):
        model.warmup()
    from nqueens.runtime import run

    m = min(model.REFERENCE_SECONDS)
    while True:
        start = time.perf_counter()
        if spec.family == "engine":
            run.count(model, m, workers=1, path=None)  # a timing run: no store
        else:
            model.count(m)
        seconds = time.perf_counter() - start
        if seconds >= budget or m + 1 >= n or m + 1 not in model.REFERENCE_SECONDS:
            break
        m += 1
    return {"n": m, "seconds": seconds, "measured": time.strftime("%Y-%m-%dT%H:%M:%S"), "warm": 1}


def duration(seconds):
    """A duration for people: ``"90 seconds"``, ``"5 minutes"``, ``"3.2 hours"``, ``"12 days"``,
    ``"4.1e+03 years"``."""
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} hours"
    if seconds < 3 * 365.25 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365.25 * 86400):.3g} years"


def rates_path():
    """The file of measured solver speeds: beside the default result store (``$NQUEENS_STORE``'s folder, else
    the user's cache directory)."""
    from nqueens.runtime.store import default_path

    return default_path().parent / _RATES_FILE


def _permutations(n):
    """Nodes of the full permutation tree, sum of n!/(n-k)!: an upper bound of the backtracking tree."""
    total = term = 1
    for k in range(n):
        term *= n - k
        total += term
    return total


def _calibrate(spec, n, options, probes, seed, budget):
    from nqueens.core import background

    # Off the main thread, as the count itself: a C extension interrupted while it loads fails with ImportError.
    module = background.call(spec.load)
    if hasattr(module, "warmup"):
        background.call(module.warmup)
    timing = {k: v for k, v in options.items() if k != "progress"}
    if spec.family == "engine":
        from nqueens.runtime import run

        def once(m):
            run.count(module, m, workers=timing.get("workers"), store="none")

    else:

        def once(m):
            module.count(m, **timing)

    at_once = getattr(module, "answers_at_once", None)
    m = min(8, n)
    # Untimed, the first board loads what the options need beyond the warm-up (the kernel of a symmetry way, say),
    # which would otherwise be timed as search: a rate 500 times too low, a forecast of minutes for a second's run.
    background.call(once, m)
    while True:
        if at_once is not None and at_once(m, **timing) and m + 1 < n:
            m += 1  # no search to time on this board (a torus without solutions)
            continue
        # A timing run is not a count to record anywhere: it calls the module, not the API.
        start = time.perf_counter()
        background.call(once, m)
        seconds = time.perf_counter() - start
        if seconds >= budget or m + 1 >= n or (spec.max_n is not None and m + 1 > spec.max_n):
            break
        m += 1
    nodes_m = quick_estimate(m, probes=probes, seed=seed, rule=rule_of(timing))[0]
    return {"rate": nodes_m / max(seconds, 1e-9), "n": m, "measured": time.strftime("%Y-%m-%dT%H:%M:%S"), "warm": 1}


def _rate_key(name, options):
    from nqueens.core.version import __version__

    shown = {k: v for k, v in sorted(options.items()) if k not in ("progress", "store", "cached", "scheduler")}
    return f"{name} {json.dumps(shown, sort_keys=True, default=str)} {socket.gethostname()} {__version__}"


def _load_rates():
    try:
        with open(rates_path(), encoding="utf-8") as fh:
            rates = json.load(fh)
        return rates if isinstance(rates, dict) else {}
    except (OSError, ValueError):
        return {}


def _save_rate(key, value):
    # Best effort: a read-only or missing folder only means the next forecast measures again.
    path = rates_path()
    rates = _load_rates()
    rates[key] = value
    try:
        if not path.parent.is_dir():
            if os.environ.get("NQUEENS_STORE"):
                return
            path.parent.mkdir(parents=True, exist_ok=True)
        from nqueens.core.files import replaced

        with replaced(path) as handle:
            handle.write(json.dumps(rates, indent=1, sort_keys=True))
    except (OSError, NQueensError):
        pass
