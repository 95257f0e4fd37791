"""What one run cost: CPU time, wall time and peak resident memory of the process that ran the solver.

:class:`Usage` is taken around a run in the process that makes it (the worker process when runs have limits,
else the runner's own). CPU time is user + system time from ``getrusage``: ``RUSAGE_SELF`` (every thread of the
process: the solver's search runs on a worker thread) plus ``RUSAGE_CHILDREN`` (the processes it started and
waited for, such as the ``minizinc`` binary), as deltas over the run. Peak memory is the process's high-water
mark of resident memory (``VmHWM``), reset at the start of the run where Linux allows it
(``/proc/self/clear_refs``), else the high-water mark since the process began; a child larger than the
process counts instead.

For a run under a millisecond one timing says little: :func:`autorange` repeats it, as :mod:`timeit` does,
until the repetitions last at least :data:`INNER_SECONDS`.

Examples
--------
>>> with Usage() as usage:
...     _ = sum(range(10**5))
>>> usage.cpu_time >= 0 and usage.wall_time > 0 and usage.peak_memory > 0
True
"""

import os
import time

__all__ = ["Usage", "autorange", "INNER_SECONDS", "SHORT_RUN"]

SHORT_RUN = 1e-3  # runs shorter than this are timed again, repeated
INNER_SECONDS = 0.02  # the repeated timing lasts at least this long: 20 repetitions of a run near a millisecond, and an experiment of thousands of short runs is not held up by them


class Usage:
    """A context manager: ``cpu_time``, ``wall_time`` (seconds) and ``peak_memory`` (MiB) of what ran inside."""

    def __init__(self):
        self.cpu_time = self.wall_time = self.peak_memory = None

    def __enter__(self):
        import resource

        _reset_peak()
        self._self = resource.getrusage(resource.RUSAGE_SELF)
        self._children = resource.getrusage(resource.RUSAGE_CHILDREN)
        self._wall = time.perf_counter()
        return self

    def __exit__(self, *exc):
        import resource

        self.wall_time = time.perf_counter() - self._wall
        me = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu_time = (
            (me.ru_utime - self._self.ru_utime)
            + (me.ru_stime - self._self.ru_stime)
            + (children.ru_utime - self._children.ru_utime)
            + (children.ru_stime - self._children.ru_stime)
        )
        peak = _peak_bytes()
        child_peak = children.ru_maxrss * 1024 if children.ru_maxrss > self._children.ru_maxrss else 0
        self.peak_memory = max(peak, child_peak) / 2**20
        return False

    def to_dict(self):
        return {"cpu_time": self.cpu_time, "wall_time": self.wall_time, "peak_memory": self.peak_memory}


def autorange(call, *, at_least=INNER_SECONDS):
    """``(seconds per call, calls)``: ``call()`` (which returns the seconds it measured itself) repeated 1, 2, 5,
    10, 20, 50, ... times until the repetitions together last ``at_least`` seconds (timeit's autorange), by
    their own measure or by the clock: a call whose overhead outweighs what it measures (an instance read for
    a search of microseconds) is not repeated thousands of times.

    Examples
    --------
    >>> per, loops = autorange(lambda: 0.001, at_least=0.01)
    >>> round(per, 6), loops
    (0.001, 10)
    """
    loops = 1
    while True:
        for step in (1, 2, 5):
            number = loops * step
            start = time.perf_counter()
            total = sum(call() for _ in range(number))
            if total >= at_least or time.perf_counter() - start >= at_least:
                return total / number, number
        loops *= 10


def _reset_peak():
    """Reset the high-water mark of resident memory (Linux 4.0+: write 5 to clear_refs); quietly not elsewhere."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass


def _peak_bytes():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    scale = 1 if os.uname().sysname == "Darwin" else 1024  # macOS reports bytes, Linux KiB
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
