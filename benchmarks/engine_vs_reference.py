"""The fast counter against the C reference (``benchmarks/reference/ref.c --mirror``), side by side in one run.

    python benchmarks/engine_vs_reference.py                 # n = 16 and 17, 3 rounds, then n = 18 on 2 workers
    python benchmarks/engine_vs_reference.py --n 16 --repeat 5 --big 0
    python benchmarks/engine_vs_reference.py --quick         # n = 12, one round, no n = 18: a smoke run, not judged

The C reference is seed 000's fifth method (non-recursive bitwise search, a stack of (c, l, r, m)) with the
first-row mirror of its second method, in plain C, total only, one core; it is compiled with ``$CC`` (default
``cc``) ``-O2`` on first use and checked against OEIS A000170 for n = 1..12 before anything is timed.

Each round runs, one after the other, the C reference (``ref N --mirror``), the fast counter on one worker and
the fast counter on two workers (total, unique and orbit classes), so that the load of a shared machine falls
on all three alike. The fast counter's time is the ``seconds`` of its record (after the kernels are loaded),
with its result store in a fresh temporary file; the reference's is the time it prints for its search. Printed:
a Markdown table of the medians per n, with the ratios of the medians to the reference, the parallel
efficiency ``t(1 worker) / (2 t(2 workers))`` and the CPU seconds (user time, all threads) of the one-worker
runs against those of the reference, a ratio that other processes on the machine disturb less than the
wall-clock one; then the best of the rounds. Every count is checked against OEIS A000170/A002562.

The speed lines checked at the end: one worker at most 0.45x the reference, two workers at most 0.25x with a
parallel efficiency of at least 90 %, and n = 18 on two workers in under 45 s. Exits 1 if one is missed (not
judged with ``--quick``), 2 with one line on stderr if there is no C compiler. The lines were set against a
recursive C counter with the same mirror (``-O3 -march=native``), which takes about 0.7x the CPU time of this
reference (benchmarks/README.md), so they are looser here by that factor.
"""

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time

import reference
from known import TOTAL, UNIQUE  # tests/known.py, on the path through the reference package

import nqueens

LINES = {"one worker": 0.45, "two workers": 0.25, "efficiency": 0.90, "big seconds": 45.0}


def run_reference(binary, n):
    """(seconds, cpu seconds) of the C reference for ``n`` (mirrored), checked against OEIS."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    total, seconds = reference.run(binary, n, mirror=True)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    if total != TOTAL[n]:
        raise SystemExit(f"error: the reference counted {total} for n = {n}; OEIS has {TOTAL[n]}")
    return seconds, cpu


def fast(n, workers, folder):
    """(seconds, cpu seconds) of the fast counter for ``n`` on ``workers`` threads, checked against OEIS."""
    store = os.path.join(folder, f"run-{n}-{workers}-{time.monotonic_ns()}.sqlite")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    r = nqueens.count(n, "fast", workers=workers, store=store)
    cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - before
    if (r.total, r.unique) != (TOTAL[n], UNIQUE[n]) or sum(s * k for s, k in r.classes.items()) != r.total:
        raise SystemExit(f"error: the fast counter is wrong for n = {n}: {r}")
    return r.seconds, cpu


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[16, 17], help="the n compared (default 16 17)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--big", type=int, default=18, help="n for the two-worker wall-time line (0: skip)")
    parser.add_argument("--quick", action="store_true", help="n = 12, one round, --big 0; speed lines not judged")
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.repeat, args.big = [12], 1, 0
    if args.repeat < 1 or min(args.n) < 1 or args.big < 0:
        parser.error("every n and --repeat must be integers >= 1 (--big >= 0)")
    if max(args.n + [args.big]) > 19:
        parser.error("every n must be at most 19 (the reference's counts are checked against OEIS up to there)")
    try:
        binary = reference.build()
    except reference.Unavailable as error:
        print(f"error: this benchmark needs its C reference: {error}", file=sys.stderr)
        return 2
    reference.check(binary, range(1, 13), mirror=True)
    nqueens.count(12, "fast", store="none")  # compile or load the kernels
    judged = not args.quick
    verdicts, bests = [], []
    print(
        f"Fast counter against the C reference (`{reference.SOURCE.name} --mirror`, -O2), medians of "
        f"{args.repeat} alternating round{'s' if args.repeat > 1 else ''}; totals and unique counts checked "
        "against OEIS A000170/A002562\n"
    )
    print("| n | C reference | fast, 1 worker | fast, 2 workers | parallel efficiency | CPU, 1 worker / C |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for n in args.n:
            runs = {"ref": [], "1 worker": [], "2 workers": []}
            cpu = {"ref": [], "1 worker": []}
            for _ in range(args.repeat):
                seconds, used = run_reference(binary, n)
                runs["ref"].append(seconds)
                cpu["ref"].append(used)
                seconds, used = fast(n, 1, folder)
                runs["1 worker"].append(seconds)
                cpu["1 worker"].append(used)
                runs["2 workers"].append(fast(n, 2, folder)[0])
            med = {k: statistics.median(v) for k, v in runs.items()}
            one, two = med["1 worker"] / med["ref"], med["2 workers"] / med["ref"]
            efficiency = med["1 worker"] / (2 * med["2 workers"])
            c_cpu = statistics.median(cpu["ref"])
            cpu_ratio = f"{statistics.median(cpu['1 worker']) / c_cpu:.3f}x" if c_cpu > 0 else "-"
            print(
                f"| {n} | {med['ref']:.3f} s | {med['1 worker']:.3f} s ({one:.3f}x) | "
                f"{med['2 workers']:.3f} s ({two:.3f}x) | {efficiency:.0%} | {cpu_ratio} |"
            )
            bests.append(f"n = {n}: " + ", ".join(f"{k} {min(v):.3f} s" for k, v in runs.items()))
            verdicts += [
                (f"n = {n}, one worker <= {LINES['one worker']}x", one <= LINES["one worker"], f"{one:.3f}x"),
                (f"n = {n}, two workers <= {LINES['two workers']}x", two <= LINES["two workers"], f"{two:.3f}x"),
                (
                    f"n = {n}, efficiency >= {LINES['efficiency']:.0%}",
                    efficiency >= LINES["efficiency"],
                    f"{efficiency:.0%}",
                ),
            ]
        if args.big:
            seconds = fast(args.big, 2, folder)[0]
            print(f"| {args.big} | | | {seconds:.1f} s | | |")
            verdicts.append(
                (
                    f"n = {args.big}, two workers < {LINES['big seconds']:g} s",
                    seconds < LINES["big seconds"],
                    f"{seconds:.1f} s",
                )
            )
    print("\nbest of the rounds: " + "; ".join(bests))
    print("speed lines" + ("" if judged else " (not judged with --quick)") + ":")
    for line, ok, value in verdicts:
        print(f"  {('PASS' if ok else 'MISS') if judged else '-'}  {line}: {value}")
    return 0 if not judged or all(ok for _, ok, _ in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
