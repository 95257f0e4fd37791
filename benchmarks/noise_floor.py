"""The noise floor of a run's clock: short solver calls timed the old way and the new way, idle and loaded.

*Before*: the clock in the calling thread around ``background.call`` (the hand-off to the job thread and back
is inside the span). *After*: ``background.timed``, the clock in the job thread around the solver call alone
(:mod:`nqueens.core.measure`). Each way times the same compiled counts (``bitwise`` and ``permutation`` at
n = 8 by default, and an empty call: the floor of the clock itself) ``--repeat`` times, alternating, first on
the machine as it is, then with one busy process per core (``python -c "while True: pass"``, stopped in a
``finally``). It prints a Markdown table: minimum, median, 90th percentile and median / minimum per way.

The spread of the empty call under load is the noise floor; a run must last well above it for one timing to
mean something, which sets ``nqueens.experiments.resources.SHORT_RUN`` (runs below it are timed again,
repeated). ``--runs`` then runs ``nqueens compare 8..8 --solvers bitwise,permutation --repeat 21 --format json``
under the same load, in this process, and prints each solver's median / minimum of ``seconds``.

    .venv/bin/python benchmarks/noise_floor.py                 # 201 calls per way, idle then loaded
    .venv/bin/python benchmarks/noise_floor.py --repeat 51 --runs
"""

import argparse
import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import time

from nqueens.core import background
from nqueens.registry import get_solver


def _before(function, *args):
    start = time.perf_counter()
    background.call(function, *args)
    return time.perf_counter() - start


def _after(function, *args):
    return background.timed(function, *args)[1].seconds


def _nothing():
    return None


def measure(calls, repeat):
    """``{(label, way): [seconds, ...]}`` for every call, the two ways alternating."""
    times = {}
    for _ in range(repeat):
        for label, function, args in calls:
            for way, clock in (("before", _before), ("after", _after)):
                times.setdefault((label, way), []).append(clock(function, *args))
    return times


def table(times, load):
    lines = [
        "| load | call | clock | min (µs) | median (µs) | p90 (µs) | median / min |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    for (label, way), values in times.items():
        values = sorted(values)
        low, mid, p90 = values[0], statistics.median(values), values[int(0.9 * (len(values) - 1))]
        lines.append(
            f"| {load} | {label} | {way} | {low * 1e6:.1f} | {mid * 1e6:.1f} | {p90 * 1e6:.1f} | {mid / low:.2f} |"
        )
    return "\n".join(lines)


@contextlib.contextmanager
def busy(cores):
    """One ``while True: pass`` process per core, killed on the way out."""
    children = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(cores)]
    try:
        time.sleep(0.5)  # let the scheduler spread them
        yield
    finally:
        for child in children:
            child.kill()
        for child in children:
            child.wait()


def compare_runs():
    """Each solver's median / minimum of ``seconds`` in ``compare 8..8 --solvers bitwise,permutation --repeat 21``."""
    from nqueens.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(["compare", "8..8", "--solvers", "bitwise,permutation", "--repeat", "21", "--format", "json", "--quiet"])
    records = json.loads(out.getvalue()[: out.getvalue().rindex("]") + 1])
    lines = []
    for solver in ("bitwise", "permutation"):
        seconds = [r["seconds"] for r in records if r["solver"] == solver]
        mid, low = statistics.median(seconds), min(seconds)
        lines.append(f"- {solver}: median {mid * 1e6:.1f} µs, min {low * 1e6:.1f} µs, median / min {mid / low:.2f}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=201)
    parser.add_argument("--runs", action="store_true", help="also run the compare command under load")
    args = parser.parse_args(argv)
    calls = [("empty call", _nothing, ())]
    for name in ("bitwise", "permutation"):
        module = get_solver(name).load()
        module.warmup()
        calls.append((f"{name} n = {args.n}", module.count, (args.n,)))
    cores = len(os.sched_getaffinity(0))
    print(table(measure(calls, args.repeat), "idle"))
    with busy(cores):
        print(table(measure(calls, args.repeat), f"{cores} busy").split("\n", 2)[2])
        if args.runs:
            print()
            print(compare_runs())
    return 0


if __name__ == "__main__":
    sys.exit(main())
