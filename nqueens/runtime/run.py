"""Run an engine's count: its subproblems on threads or a Dask cluster, each finished one in the result store.

An **engine** (registry family ``engine``: ``fast``, ``quadrants``) is an algorithm split into independent
subproblems, and nothing else. Its module provides

``NAME``, ``ALGORITHM_VERSION``, ``MAX_N``
    its registry name, the version of its subproblems and results (the store never mixes versions), its limit;
``WORKERS`` (optional)
    the local threads to use when none are asked for (all cores otherwise); the GPU counter's few feed one GPU (its declaration's ``threads``);
``plan(n) -> list of Subproblem``
    the subproblems (:class:`nqueens.core.record.Subproblem`), deterministic for ``n`` and the version;
``task(n, index, payload) -> dict``
    a pure function: one subproblem's result, a JSON-able dict;
``combine(n, results) -> dict``
    ``{"total", "unique", "classes", "stats"?}`` from the results of all subproblems, in any order;
``warmup()``
    compile or load its kernels.

This module is everything around it: where the subproblems run (:mod:`nqueens.runtime.executors`), the result store
(:mod:`nqueens.runtime.store`: resume after an interruption, ``cached`` answers), the progress bar, the host name. A new
engine is one module and a registry line; it never repeats any of this.

Examples
--------
>>> from nqueens.native import engine
>>> count(engine, 8, store="none").total
92
"""

import hashlib
import os
import socket
import sys
import time

from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally, classes_from_json, classes_to_json

__all__ = ["NO_STORE", "STORE_FROM", "count", "plan_digest", "store_path"]

NO_STORE = "none"  # store=NO_STORE (--store none) keeps nothing

# Counts of n = STORE_FROM or more (a tenth of a second and up) go to the default result store; below that, the
# store's own writes would take longer than the count, so only a store that is named (or --cached) is used.
STORE_FROM = 15


_UNRESOLVED = object()


def count(
    engine,
    n,
    *,
    workers=None,
    scheduler=None,
    store=None,
    cached=False,
    progress=False,
    path=_UNRESOLVED,
    **plan_options,
):
    """Count ``n`` queens with ``engine`` (a module with the protocol above).

    Parameters
    ----------
    engine : module
    n : int
        Already checked against the engine's limit by the caller.
    workers : int, optional
        Local threads to run the subproblems on; all cores by default.
    scheduler : str, optional
        The address of a Dask distributed scheduler (``tcp://HOST:PORT``): run the subproblems on that cluster.
    store : str, optional
        The result store file; by default ``$NQUEENS_STORE``, else the user's cache directory (see
        :mod:`nqueens.runtime.store`); ``"none"`` keeps nothing. The default store is used for ``n >= STORE_FROM``
        or when ``cached`` is asked; a store given by path or ``$NQUEENS_STORE``, always.
    path : str or None, optional
        The store file as the facade resolved it with the request (``None``: no store); when given, ``store`` is
        not resolved again.
    cached : bool
        Return the stored answer of an earlier finished run; never compute. No stored answer is an error.
    progress : bool
        Show a progress bar on stderr (for runs longer than a second).
    **plan_options
        The engine's own options, passed to its ``plan`` (e.g. the quadrant counter's ``memory``); they must
        not change the subproblems.

    Returns
    -------
    Tally
        With ``stats``: the engine's own, plus ``subproblems``, ``computed`` (this time), ``reused`` (from an
        interrupted earlier run), ``workers``, ``store``; or, for a cached answer, ``cached``, ``finished``,
        ``computed_seconds``, ``workers``, ``host`` and ``store``.

    Raises
    ------
    NQueensError
        For a bad argument, an unreadable store, a cluster that cannot be reached, or ``cached`` with nothing
        stored.
    """
    from nqueens.runtime.executors import check_workers

    check_workers(workers, scheduler)
    if workers is None and scheduler is None:
        workers = getattr(engine, "WORKERS", None)  # an engine that feeds one device needs few threads
    if path is _UNRESOLVED:  # the facade resolves it with the request (nqueens.api.request) and hands it down
        path = store_path(store, use_default=n >= STORE_FROM or cached)
    if cached:
        return _cached(engine, n, path)
    started = time.perf_counter()  # the seconds recorded and printed: the plan, the subproblems and the join
    subproblems = engine.plan(n, **plan_options)
    if path is None:
        return _run(engine, n, subproblems, None, workers, scheduler, progress, started)

    from nqueens.runtime.store import ResultStore

    with ResultStore(path) as results:
        return _run(engine, n, subproblems, results, workers, scheduler, progress, started)


def code_version(engine):
    """The engine's algorithm version and a digest of its code (its module and the project modules it imports):
    the store resumes a run, and ``--cached`` serves a count, only for the same code, so a fixed kernel never
    mixes its subproblems with those of the code before the fix."""
    from nqueens.core.cache import module_digest

    return f"{engine.ALGORITHM_VERSION}+{module_digest(engine.__name__)}"


def plan_digest(engine, n, subproblems):
    """The digest of a whole plan: an unfinished run is resumed only under the same one."""
    text = f"nqueens {engine.NAME} {code_version(engine)} n={n} plan " + " ".join(s.digest for s in subproblems)
    return hashlib.sha256(text.encode()).hexdigest()


def store_path(store, use_default):
    """The store file to use, or ``None`` for none: a given path always, the default one when ``use_default``."""
    if store is not None:
        if not isinstance(store, (str, os.PathLike)) or not str(store).strip():
            raise NQueensError(f"store must be a file path or 'none', got {store!r}")
        return None if str(store).strip().lower() == NO_STORE else store
    from nqueens.runtime.store import ENV_VAR, default_path

    if use_default or os.environ.get(ENV_VAR):
        return default_path()
    return None


def _cached(engine, n, path):
    if path is None:
        raise NQueensError("cached needs a result store, not --store none")
    from nqueens.runtime.store import ResultStore

    if not os.path.exists(path):
        raise NQueensError(f"no stored count of n = {n} by {engine.NAME}: result store {path} does not exist")
    with ResultStore(path, write=False) as results:
        found = results.finished(n, engine.NAME, code_version(engine))
        where = results.path
    if found is None:
        raise NQueensError(
            f"no finished count of n = {n} by {engine.NAME} (this code: version {code_version(engine)}) "
            f"in {where}; run it without --cached"
        )
    result = found["result"]
    try:
        total, unique = int(result["total"]), int(result["unique"])
        classes = classes_from_json(result["classes"])
    except (KeyError, TypeError, ValueError, AttributeError):
        raise NQueensError(f"the stored count of n = {n} in {where} is damaged: {result!r}") from None
    # classes that do not make the total and the unique count: refused by the store (ResultStore.finished)
    stats = {
        "cached": True,
        "finished": found["finished"],
        "computed_seconds": found["seconds"],
        "workers": found["workers"],
        "host": found["host"],
        "store": str(where),
    }
    return Tally(total=total, unique=unique, classes=classes, stats=stats)


def _run(engine, n, subproblems, results, workers, scheduler, progress, started):
    from nqueens.runtime.executors import executor

    run = None
    done = {}
    if results is not None:
        run = results.open_run(
            n,
            engine.NAME,
            code_version(engine),
            plan=plan_digest(engine, n, subproblems),
            subproblems=len(subproblems),
        )
        done = {i: r for i, (digest, r) in run.done.items() if i < len(subproblems) and subproblems[i].digest == digest}
    reused = len(done)
    todo = [s for s in subproblems if s.index not in done]
    bar = _progress_bar(progress, len(subproblems), reused, n)
    try:
        with executor(workers, scheduler) as pool:
            used = pool.workers
            tasks = [(s.key, (engine.task, s.n, s.index, s.payload)) for s in todo]
            for _, (index, seconds, result) in pool.map_unordered(_timed, tasks):
                if results is not None:
                    results.record(run, index, subproblems[index].digest, result, seconds)
                done[index] = result
                bar.update(1)
    finally:
        bar.close()
    if len(done) != len(subproblems):  # an executor that returned early must never make a partial count
        raise NQueensError(f"only {len(done)} of {len(subproblems)} subproblems finished; the count is incomplete")
    combined = engine.combine(n, [done[i] for i in sorted(done)])
    total, unique = int(combined["total"]), int(combined["unique"])
    classes = {size: number for size, number in classes_from_json(combined["classes"]).items() if number}
    seconds = time.perf_counter() - started
    stats = dict(combined.get("stats", {}))
    stats.update(
        subproblems=len(subproblems),
        computed=len(todo),
        reused=reused,
        workers=used,
        store=None if results is None else str(results.path),
        seconds=seconds,  # the facade reports these seconds, so the printed and the stored time are one number
    )
    if results is not None:
        record = {"total": total, "unique": unique, "classes": classes_to_json(classes)}
        host = socket.gethostname() if scheduler is None else scheduler
        results.finish(run, record, seconds=seconds, workers=used, host=host)
    return Tally(total=total, unique=unique, classes=classes, stats=stats)


def _timed(task, n, index, payload):
    """Run one subproblem and time it (module level, so that a cluster can import it)."""
    start = time.perf_counter()
    result = task(n, index, payload)
    return index, time.perf_counter() - start, result


def _progress_bar(enabled, total, initial, n):
    if not enabled:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(
        total=total, initial=initial, desc=f"n = {n}", unit=" subproblems", file=sys.stderr, delay=1.0, leave=False
    )


class _NoBar:
    def update(self, k):
        pass

    def close(self):
        pass
