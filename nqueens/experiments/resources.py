"""Short runs timed again: a run shorter than :data:`SHORT_RUN` is repeated until the repetitions last
:data:`INNER_SECONDS` (timeit's autorange), and its ``inner_time`` is the time per run.

What one run cost (``seconds``, ``cpu_time``, ``peak_memory``, ``memory_added``) is measured by the one clock of
:mod:`nqueens.core.measure`, in the thread that runs the solver; this module only decides when one timing is too
short to say much. The threshold is measured, not guessed: ``benchmarks/noise_floor.py`` times the shortest
solver calls on an idle and on a loaded machine, and ``docs/effort.md`` shows its figures.
"""

import math
import time

__all__ = ["autorange", "INNER_SECONDS", "SHORT_RUN"]

# Runs shorter than this are timed again, repeated. Measured (benchmarks/noise_floor.py, docs/effort.md): one timing
# in the solver's thread scatters by up to about 0.1 ms above the fastest, so a 1 ms run is within about 10 %.
SHORT_RUN = 1e-3
INNER_SECONDS = 0.02  # the repeated timing lasts at least this long: 20 repetitions of a run near a millisecond, and an experiment of thousands of short runs is not held up by them


def autorange(call, *, at_least=None):
    """``(seconds per call, calls)``: ``call()`` (which returns the seconds it measured itself) repeated in
    batches until one batch lasts ``at_least`` seconds (:data:`INNER_SECONDS` unless given), by its own measure or
    by the clock: a call whose overhead outweighs what it measures (an instance read for a search of microseconds)
    is not repeated thousands of times.

    The first batch is one call; each next one is sized from the batch before to last a quarter more than
    ``at_least`` (at least twice, at most 100 times as many calls). Like timeit's autorange, the answer is the last
    batch's, but the repetitions take about 1.3 times ``at_least`` in all where timeit's 1, 2, 5, 10, ... steps
    take up to 3 times it (measured: the 881 short runs of Gent, Jefferson & Nightingale's quick reproduction).

    Examples
    --------
    >>> per, loops = autorange(lambda: 0.001, at_least=0.01)
    >>> round(per, 6), loops
    (0.001, 13)
    """
    at_least = INNER_SECONDS if at_least is None else at_least
    number = 1
    while True:
        start = time.perf_counter()
        total = sum(call() for _ in range(number))
        longer = max(total, time.perf_counter() - start)
        if longer >= at_least:
            return total / number, number
        want = math.ceil(1.25 * at_least * number / longer) if longer > 0 else 100 * number
        number = max(2 * number, min(want, 100 * number))
