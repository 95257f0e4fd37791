"""The seed solvers' kernels against the C reference (benchmarks/reference/ref.c), side by side in one run.

    python benchmarks/native_vs_reference.py [--n 15] [--order-n 13] [--slow-n 11] [--repeat 3]
    python benchmarks/native_vs_reference.py --quick      # n = 10, 9 and 7, one round: a smoke run, not judged

The C reference is seed 000's fifth method (non-recursive, a stack of (c, l, r, m)) written in plain C; it is
compiled with ``$CC`` (default ``cc``) ``-O2`` on first use, and checked against OEIS A000170 for n = 1..12
before anything is timed. Three measurements, each alternating the C program and the kernels, ``--repeat``
rounds, kernels warmed first:

1. ``bitwise`` at ``--n`` against ``ref N`` (the same search in C): the kernel call timed in-process, against
   the seconds the C program prints for its search. Target: at most 1.3x, best of the rounds.
2. Every other seed kernel but ``generate-test`` at ``--order-n`` against the same yardstick, with seed 000's
   ordering as the target: ``mirror`` slower than ``marks``, slower than ``avail``.
3. ``generate-test`` (which visits all n! permutations) at ``--slow-n``.

Prints one Markdown table per measurement (best and median seconds, and the ratios to C, best / best and
median / median); every total is checked against OEIS. Exits 1 if a target is missed (not judged with
``--quick``), 2 with one line on stderr if there is no C compiler.
"""

import argparse
import statistics
import sys

import reference

import nqueens

YARDSTICK = 1.3
C = "C ref.c"


def measure(binary, n, names, repeat):
    """``{name: [seconds, ...]}`` with the C program under ``C``, alternating in every round; totals checked."""
    times = {C: []}
    times.update({name: [] for name in names})
    for _ in range(repeat):
        total, seconds = reference.run(binary, n)
        times[C].append(seconds)
        if total != reference.TOTAL[n]:
            raise SystemExit(f"error: the C reference counted {total} for n = {n}; OEIS has {reference.TOTAL[n]}")
        for name in names:
            result = nqueens.count(n, name)
            times[name].append(result.seconds)
            if result.total != reference.TOTAL[n]:
                raise SystemExit(f"error: {name} counted {result.total} for n = {n}; OEIS has {reference.TOTAL[n]}")
    return times


def ratio(seconds, c_seconds):
    """``seconds / c_seconds``, or infinity when C finished below its clock's resolution."""
    return seconds / c_seconds if c_seconds > 0 else float("inf")


def secs(seconds):
    """Seconds with four significant digits or more, without an exponent."""
    return f"{seconds:.4f}" if seconds >= 0.1 else f"{seconds:.6f}"


def report(title, n, times):
    """The Markdown table of one measurement."""
    c_best, c_median = min(times[C]), statistics.median(times[C])
    print(
        f"### {title} (n = {n}, total {reference.TOTAL[n]:,}, {len(times[C])} round{'s' if len(times[C]) > 1 else ''})\n"
    )
    print("| program | best (s) | median (s) | best / C | median / C |")
    print("|---|---:|---:|---:|---:|")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(
            f"| {name} | {secs(min(runs))} | {secs(median)} | {ratio(min(runs), c_best):.2f}x"
            f" | {ratio(median, c_median):.2f}x |"
        )
    print()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=15, help="n for bitwise against C (default 15)")
    parser.add_argument("--order-n", type=int, default=13, help="n for the other seed kernels (default 13)")
    parser.add_argument("--slow-n", type=int, default=11, help="n for generate-test (default 11)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="n = 10, 9 and 7, one round: checks that everything runs; targets not judged",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.order_n, args.slow_n, args.repeat = 10, 9, 7, 1
    if min(args.n, args.order_n, args.slow_n, args.repeat) < 1:
        parser.error("every n and --repeat must be integers >= 1")
    if max(args.n, args.order_n, args.slow_n) > 19:
        parser.error("every n must be at most 19 (the totals are checked against OEIS A000170 up to there)")
    try:
        binary = reference.build()
    except reference.Unavailable as error:
        print(f"error: this benchmark needs its C reference: {error}", file=sys.stderr)
        return 2
    reference.check(binary, range(1, 13))
    for name in ("bitwise", "backtrack", "mirror", "marks", "avail", "sieve", "generate-test"):
        nqueens.count(4, name)
    judged = not args.quick
    missed = []
    print(f"## Seed 000's kernels against the same method in C (`{reference.SOURCE.name}`, -O2)\n")

    times = measure(binary, args.n, ["bitwise"], args.repeat)
    report("1. bitwise against seed 000's fifth method in C", args.n, times)
    against_c = ratio(min(times["bitwise"]), min(times[C]))
    verdict = ("holds" if against_c <= YARDSTICK else "MISSED") if judged else "not judged (--quick)"
    print(f"target: bitwise within {YARDSTICK}x of C (best / best): {against_c:.2f}x, {verdict}\n")
    if judged and against_c > YARDSTICK:
        missed.append("bitwise")

    order = ["backtrack", "mirror", "marks", "avail", "bitwise", "sieve"]
    times = measure(binary, args.order_n, order, args.repeat)
    report("2. the seed kernels against the same C program", args.order_n, times)
    best = {name: min(times[name]) for name in order}
    holds = best["mirror"] > best["marks"] > best["avail"]
    verdict = ("holds" if holds else "MISSED") if judged else "not judged (--quick)"
    print(
        f"target: seed 000's order mirror > marks > avail in time (best): {secs(best['mirror'])} > {secs(best['marks'])}"
        f" > {secs(best['avail'])} s, {verdict}\n"
    )
    if judged and not holds:
        missed.append("order")

    times = measure(binary, args.slow_n, ["generate-test"], args.repeat)
    report("3. generate-and-test, every permutation", args.slow_n, times)
    if missed:
        print(f"missed: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
