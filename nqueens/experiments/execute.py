"""Making the planned runs: in this process, in worker processes (the pool), under BenchExec's ``runexec``, or on a
Dask cluster; each outcome settled into its run's record.

Without limits the runs are made in this process, one after another, each solver warmed up once. With a time or
memory limit, or ``workers > 1``, they are made in worker processes (:mod:`nqueens.experiments.pool`), as many as
the machine's cores and memory hold; a run beyond its limit is stopped by ending its process. A repeat is made
only after a first pass over every cell.
"""

from datetime import UTC, datetime

from nqueens.core.errors import NQueensError

__all__ = ["HARNESSES"]


# What a worker process takes before its run: Python, numpy, numba and a solver's libraries (measured: 150-250 MB).
_WORKER_MEMORY = 256 * 2**20


def _cap_workers(workers, memory):
    """``(workers, note)``: at most one worker process per core, and no more than the memory holds (each worker
    with its ``--memory`` limit or :data:`_WORKER_MEMORY`); the note says so when the request was cut."""
    from nqueens.core.memory import room
    from nqueens.runtime.executors import default_workers

    cores = default_workers()
    each = _WORKER_MEMORY + (memory or 0) * 2**20
    free, words = room()
    fit = max(1, int(free // each))
    allowed = min(cores, fit)
    if workers <= allowed:
        return workers, None
    why = f"this machine has {cores} core{'s' if cores != 1 else ''}" if cores <= fit else words
    return allowed, f"--workers {workers} cut to {allowed}: {why}"


def _execute(todo, timeout, memory, workers, scheduler, harness="process"):
    """Yield each planned run of ``todo`` once it is made (in the order runs finish)."""
    if not todo:
        return
    order = sorted(todo, key=lambda item: item.record.repeat)  # a first pass over everything before any repeat
    if harness == "runexec":
        from nqueens.experiments import runexec

        for item in order:
            _settle(item.record, runexec.run(item.task, timeout, memory), timeout)
            yield item
    elif scheduler is not None:
        yield from _on_cluster(order, timeout, memory, scheduler)
    elif timeout is None and memory is None and workers == 1:
        from nqueens.experiments.worker import execute, warmup

        warm = set()
        for item in order:
            if item.task["solver"] not in warm:
                warmup(item.spec)
                warm.add(item.task["solver"])
            _settle(item.record, execute(item.task, item.spec), timeout)
            yield item
    else:
        from nqueens.experiments.pool import WorkerPool

        with WorkerPool(workers) as pool:
            for item, outcome in pool.map_unordered(order, lambda item: item.task, timeout, memory):
                _settle(item.record, outcome, timeout)
                yield item


def _on_cluster(order, timeout, memory, scheduler):
    from nqueens.runtime.executors import executor

    by_index = dict(enumerate(order))
    tasks = [(index, (item.task, timeout, memory)) for index, item in by_index.items()]
    from nqueens.experiments.pool import run_isolated

    with executor(scheduler=scheduler) as pool:
        for index, outcome in pool.map_unordered(run_isolated, tasks):
            item = by_index[index]
            _settle(item.record, outcome, timeout)
            yield item


def _settle(record, outcome, timeout):
    """Fill ``record`` from a worker's outcome (a JSON message: its ``classes`` keyed by strings)."""
    from nqueens.core.record import classes_from_json
    from nqueens.experiments.questions import get_question

    record.status = outcome.get("status", "solved")
    record.message = outcome.get("message")
    for key in type(record).from_run():  # the fields a run fills, declared once with the record
        setattr(record, key, outcome.get(key))
    record.classes = classes_from_json(record.classes)
    if record.profile is not None:
        record.profile = tuple(record.profile)
    record.stats = outcome.get("stats") or {}
    if isinstance(record.stats.get("versions"), dict):  # what the solver says it ran on (MiniZinc and its solver)
        record.versions = {**record.versions, **record.stats["versions"]}
    record.effort = outcome.get("effort") or {}
    record.reused = False
    if outcome.get("host"):
        record.host = outcome["host"]
    get_question(record.question).settle(record, outcome, timeout)  # the status, as its question settles it
    if record.seconds is not None:
        record.time_total = (record.time_read or 0.0) + record.seconds
    _within_kinds(record)
    record.finished = datetime.now(UTC).isoformat(timespec="seconds")


def _within_kinds(record):
    """A field a run filled with a value outside its declared kind (:meth:`RunRecord.kinds`: a negative count, a
    NaN time, ...) is not kept, and the run is an ``error`` that says so: a record is stored only as it can be read
    back (``nqueens runs --check``)."""
    kinds = type(record).kinds()
    for key in (*type(record).from_run(), "effort"):
        value = getattr(record, key)
        why = kinds[key].why(value) if key in kinds else None
        if why is not None:
            setattr(record, key, None if key != "effort" else {})
            record.status, record.message = "error", f"the solver reported {key} {value!r}, which {why}"


HARNESSES = ("process", "runexec")


def _harness(harness):
    if harness not in HARNESSES:
        raise NQueensError(f"harness must be one of {', '.join(HARNESSES)}; got {harness!r}")
    if harness == "runexec":
        from nqueens.experiments.runexec import why_not

        reason = why_not()
        if reason:
            raise NQueensError(reason)
    return harness
