"""Runs whose wall time says more of a busy machine than of the solver.

``seconds`` is wall-clock time. On a machine busier than its cores (other work, or the runs of an experiment side by
side) a run waits for a core, and its wall time grows while its CPU time does not: a one-thread solver that took
225 s of wall time for 24.9 s of CPU time spent most of it waiting. Each run records the machine's load when it
started (``load``, :func:`os.getloadavg`) and its ``cpu_time`` over the span of its ``seconds``; the tables, ``nqueens
runs`` and the report say when either shows a busy machine, so that a reader does not take such seconds for the
solver's.

Examples
--------
>>> runs = [
...     {"n": 12, "solver": "cpsat", "status": "solved", "seconds": 225.0, "cpu_time": 24.9, "load": 1.0,
...      "machine": {"cores": 2}},
...     {"n": 12, "solver": "bitwise", "status": "solved", "seconds": 0.2, "cpu_time": 0.2, "load": 6.5,
...      "machine": {"cores": 2}},
... ]
>>> for line in busy_notes(runs):
...     print(line)
1 run took more than 2x its CPU time (cpsat at n = 12: 225 s wall, 24.9 s CPU): the machine was busy and those seconds are mostly waiting
1 run started with the machine's load above its cores (load 6.5 on 2 cores; bitwise at n = 12): its seconds include waiting for a core
"""

__all__ = ["STRETCH", "busy_notes", "stretched", "overloaded"]

# A one-thread run whose wall time is more than this many times its CPU time (and a second longer) waited for most
# of it: a search uses its core all the time it runs.
STRETCH = 2.0
_AT_LEAST = 1.0


def _get(run, key):
    return run.get(key) if isinstance(run, dict) else getattr(run, key, None)


def _one_thread(run):
    """A run asked for one worker thread at most (its ``workers`` or ``threads`` option)."""
    options = _get(run, "options") or {}
    return all((options.get(key) or 1) == 1 for key in ("workers", "threads"))


def stretched(run):
    """True when a one-thread run's wall time is far beyond its CPU time (:data:`STRETCH`)."""
    wall, cpu = _get(run, "wall_time") or _get(run, "seconds"), _get(run, "cpu_time")
    if wall is None or cpu is None or not _one_thread(run):
        return False
    return wall > STRETCH * cpu and wall - cpu > _AT_LEAST


def overloaded(run):
    """True when the machine's load was above its cores as the run started."""
    load, cores = _get(run, "load"), (_get(run, "machine") or {}).get("cores")
    return load is not None and bool(cores) and load > cores


def _where(run):
    return f"{_get(run, 'solver')} at {_get(run, 'instance') or 'n = ' + str(_get(run, 'n'))}"


def busy_notes(runs):
    """One line for the runs whose wall time far exceeds their CPU time, one for those started on an overloaded
    machine (each with the worst case); none when neither happened."""
    notes = []
    slow = [r for r in runs if stretched(r)]
    if slow:
        worst = max(slow, key=lambda r: (_get(r, "wall_time") or _get(r, "seconds")) / max(_get(r, "cpu_time"), 1e-9))
        wall = _get(worst, "wall_time") or _get(worst, "seconds")
        many = len(slow) != 1
        notes.append(
            f"{len(slow)} run{'s' * many} took more than {STRETCH:g}x {'their' if many else 'its'} CPU time "
            f"({_where(worst)}: {wall:.3g} s wall, {_get(worst, 'cpu_time'):.3g} s CPU): the machine was busy and "
            f"those seconds are mostly waiting"
        )
    loaded = [r for r in runs if overloaded(r)]
    if loaded:
        worst = max(loaded, key=lambda r: _get(r, "load") / (_get(r, "machine") or {})["cores"])
        many = len(loaded) != 1
        notes.append(
            f"{len(loaded)} run{'s' * many} started with the machine's load above its cores (load "
            f"{_get(worst, 'load'):.3g} on {(_get(worst, 'machine') or {})['cores']} cores; {_where(worst)}): "
            f"{'their' if many else 'its'} seconds include waiting for a core"
        )
    return notes
