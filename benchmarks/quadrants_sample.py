"""The quadrant counter beyond a whole run: time a sample of the subproblems of n and extrapolate the full count.

    python benchmarks/quadrants_sample.py --n 21 22 24 23 --pieces 32 48 12 16
    python benchmarks/quadrants_sample.py --n 20 21 22 --pieces 16 --plain     # the bucketed join vs the plain one

The joins of :func:`nqueens.native.quadrants.plan` are dealt round-robin into groups, so every join subproblem
holds a like mix of row splits and their times vary little: ``pieces`` of them, evenly spaced through the plan,
are timed one after the other on one thread in this process (after the quadrant table of the board is built,
which is timed apart), and the one-thread CPU time of the whole count is their mean times the number of join
subproblems (the two rotation-fixed subproblems take a few thousandth of it). Reported per n: the subproblems,
the table's build time, the sampled pieces' mean and spread, the extrapolated one-thread CPU hours and two-core
wall hours, the stated memory of a worker, and the sample's totals (a check of nothing: only a whole run is
exact). Times are CPU seconds of this thread, which other processes on a shared machine disturb less than wall
time.

With ``--plain`` every sampled piece is also joined by comparing every pair of half boards
(``join_splits(..., cuts=0)``, the join before the buckets), alternating with the bucketed join on the same
piece: the script checks that both give the same counts, piece by piece, and reports the median of each and
their ratio, and both extrapolations.
"""

import argparse
import resource
import statistics
import sys
import time


def cpu():
    return resource.getrusage(resource.RUSAGE_THREAD).ru_utime


def join(n, payload, cuts):
    """(CPU seconds, counts) of one join subproblem with the given ``cuts`` (0: the plain join)."""
    import numpy as np
    from nqueens.native import quadrants, quadrants_kernels

    jobs = np.ascontiguousarray(payload[1], dtype=np.int64)
    offsets, pieces = quadrants._table(n // 2)
    out = np.zeros(2 * len(jobs), np.int64)
    c0 = cpu()
    quadrants_kernels.join_splits(n, offsets, pieces, jobs, out, cuts)
    return cpu() - c0, out


def sample(n, pieces, plain=False):
    import numpy as np
    from nqueens.native import quadrants, quadrants_kernels

    from nqueens.core.memory import describe

    started = time.perf_counter()
    subproblems = quadrants.plan(n)
    planned = time.perf_counter() - started
    joins = [s for s in subproblems if s.payload[0] == quadrants.JOIN]
    chosen = joins[:: max(1, len(joins) // pieces)][:pieces]
    c0 = cpu()
    quadrants._table(n // 2)
    table = cpu() - c0
    times, old = [], []
    for i, s in enumerate(chosen):
        if plain and i % 2:  # alternate which join goes first
            old.append(join(n, s.payload, 0))
        seconds, counts = join(n, s.payload, quadrants_kernels.MAX_CUTS)
        times.append(seconds)
        if plain and not i % 2:
            old.append(join(n, s.payload, 0))
        if plain and not np.array_equal(old[-1][1], counts):
            raise SystemExit(f"n = {n}, piece {s.index}: the bucketed and the plain join disagree")
        line = f"  n = {n}: piece {s.index}: {times[-1]:.3f} s"
        print(line + (f", plain join {old[-1][0]:.3f} s (same counts)" if plain else ""), file=sys.stderr, flush=True)
    mean = statistics.mean(times)
    spread = statistics.stdev(times) / mean if len(times) > 1 else 0.0
    whole = table + mean * len(joins)
    extra = {}
    if plain:
        plain_times = [seconds for seconds, _ in old]
        extra = {
            "median": statistics.median(times),
            "plain_median": statistics.median(plain_times),
            "plain_cpu_hours": (table + statistics.mean(plain_times) * len(joins)) / 3600,
        }
    return extra | {
        "n": n,
        "subproblems": len(subproblems),
        "plan_seconds": planned,
        "table_seconds": table,
        "pieces": len(times),
        "mean": mean,
        "spread": spread,
        "cpu_hours": whole / 3600,
        "stated": describe(quadrants.memory_needed(n, 1)),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[22])
    parser.add_argument("--pieces", type=int, nargs="+", default=[32], help="pieces per n (one value: for all)")
    parser.add_argument("--plain", action="store_true", help="also time the plain join (cuts=0) on each piece")
    args = parser.parse_args(argv)
    pieces = args.pieces * len(args.n) if len(args.pieces) == 1 else args.pieces
    if len(pieces) != len(args.n):
        parser.error("give one --pieces value, or one per --n")
    from nqueens.native import quadrants

    quadrants.warmup()
    print(
        "| n | subproblems | plan (s) | table build (CPU s) | pieces timed | mean piece (CPU s, spread) "
        "| whole count, 1 thread (CPU h) | 2 cores (h, at 95 %) | memory stated, 1 worker |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    for n, k in zip(args.n, pieces):
        r = sample(n, k, args.plain)
        rows.append(r)
        print(
            f"| {n} | {r['subproblems']:,} | {r['plan_seconds']:.1f} | {r['table_seconds']:.1f} | {r['pieces']} "
            f"| {r['mean']:.3f} ({r['spread']:.0%}) | {r['cpu_hours']:.2f} | {r['cpu_hours'] / 1.9:.2f} "
            f"| {r['stated']} |",
            flush=True,
        )
    if args.plain:
        print()
        print(
            "| n | pieces | median piece, plain join (CPU s) | bucketed | ratio | whole count, plain / bucketed (CPU h) |"
        )
        print("|---|---|---|---|---|---|")
        for r in rows:
            print(
                f"| {r['n']} | {r['pieces']} | {r['plain_median']:.3f} | {r['median']:.3f} "
                f"| {r['median'] / r['plain_median']:.2f}x | {r['plain_cpu_hours']:.2f} / {r['cpu_hours']:.2f} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
