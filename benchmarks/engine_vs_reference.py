"""The fast counter against the C reference (``../shared/reference/ref``), side by side in one run.

    python benchmarks/engine_vs_reference.py                 # n = 16 and 17, 3 rounds, then n = 18 on 2 workers
    python benchmarks/engine_vs_reference.py --n 16 --repeat 5 --big 0

Each round runs, one after the other, the C reference (``ref N``: total only, first-row mirror, one core), the
fast counter on one worker and the fast counter on two workers (total, unique and orbit classes), so that the
load of a shared machine falls on all three alike. The fast counter's time is the ``seconds`` of its record
(after the kernels are loaded), with its result store in a fresh temporary file; the reference's is the time
it prints. Reported per n: best and median seconds of each, the ratios of the medians to the reference, and the
parallel efficiency ``t(1 worker) / (2 t(2 workers))``. Every count is checked against OEIS A000170/A002562.

Also reported: the CPU seconds (user time of the process, all threads) of the one-worker runs against those of
the reference, a ratio that other processes on the machine disturb less than the wall-clock one.

The speed lines checked at the end (issue "the fast counter"): one worker at most 0.45x the reference, two
workers at most 0.25x with a parallel efficiency of at least 90 %, and n = 18 on two workers in under 45 s.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

import nqueens

REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "reference", "ref")
# Published values (OEIS A000170, A002562), so the benchmark checks what it times.
TOTAL = {15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624, 19: 4968057848}
UNIQUE = {15: 285053, 16: 1846955, 17: 11977939, 18: 83263591, 19: 621012754}

LINES = {"one worker": 0.45, "two workers": 0.25, "efficiency": 0.90, "big seconds": 45.0}


def reference(n):
    """(seconds, cpu seconds) of the C reference for ``n``, checked against OEIS."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    out = subprocess.run([REFERENCE, str(n)], capture_output=True, text=True, check=True).stdout.split()
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    if int(out[1]) != TOTAL[n]:
        raise SystemExit(f"the reference counted {out[1]} for n = {n}")
    return float(out[2]), cpu


def fast(n, workers, folder):
    """(seconds, cpu seconds) of the fast counter for ``n`` on ``workers`` threads, checked against OEIS."""
    store = os.path.join(folder, f"run-{n}-{workers}-{time.monotonic_ns()}.sqlite")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    r = nqueens.count(n, "fast", workers=workers, store=store)
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - before
    if (r.total, r.unique) != (TOTAL[n], UNIQUE[n]) or sum(s * k for s, k in r.classes.items()) != r.total:
        raise SystemExit(f"the fast counter is wrong for n = {n}: {r}")
    return r.seconds, cpu


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[16, 17])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--big", type=int, default=18, help="n for the two-worker wall-time line (0: skip)")
    args = parser.parse_args(argv)
    nqueens.count(12, "fast", store="none")  # compile or load the kernels
    verdicts = []
    with tempfile.TemporaryDirectory() as folder:
        for n in args.n:
            runs = {"ref": [], "1 worker": [], "2 workers": []}
            cpu = {"ref": [], "1 worker": []}
            for _ in range(args.repeat):
                seconds, used = reference(n)
                runs["ref"].append(seconds)
                cpu["ref"].append(used)
                seconds, used = fast(n, 1, folder)
                runs["1 worker"].append(seconds)
                cpu["1 worker"].append(used)
                runs["2 workers"].append(fast(n, 2, folder)[0])
            med = {k: statistics.median(v) for k, v in runs.items()}
            print(f"n = {n}: {args.repeat} rounds (reference, 1 worker, 2 workers in turn); total {TOTAL[n]}, "
                  f"unique {UNIQUE[n]}, classes checked")
            for name, values in runs.items():
                ratio = "" if name == "ref" else f"   {med[name] / med['ref']:.3f}x the reference"
                print(f"  {name:<10} best {min(values):8.3f} s   median {med[name]:8.3f} s{ratio}")
            one, two = med["1 worker"] / med["ref"], med["2 workers"] / med["ref"]
            efficiency = med["1 worker"] / (2 * med["2 workers"])
            cpu_ratio = statistics.median(cpu["1 worker"]) / statistics.median(cpu["ref"])
            print(f"  parallel efficiency {efficiency:.0%}; CPU time, 1 worker / reference: {cpu_ratio:.3f}x")
            verdicts += [
                (f"n = {n}, one worker <= {LINES['one worker']}x", one <= LINES["one worker"], f"{one:.3f}x"),
                (f"n = {n}, two workers <= {LINES['two workers']}x", two <= LINES["two workers"], f"{two:.3f}x"),
                (f"n = {n}, efficiency >= {LINES['efficiency']:.0%}", efficiency >= LINES["efficiency"], f"{efficiency:.0%}"),
            ]
        if args.big:
            seconds = fast(args.big, 2, folder)[0]
            print(f"n = {args.big} on 2 workers: {seconds:.1f} s (total {TOTAL[args.big]}, unique {UNIQUE[args.big]})")
            verdicts.append((f"n = {args.big}, two workers < {LINES['big seconds']:g} s", seconds < LINES["big seconds"], f"{seconds:.1f} s"))
    print("speed lines:")
    for line, ok, value in verdicts:
        print(f"  {'PASS' if ok else 'MISS'}  {line}: {value}")
    return 0 if all(ok for _, ok, _ in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
