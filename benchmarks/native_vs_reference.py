"""The seed solvers' kernels against the C reference (../shared/reference), side by side in one run.

    python benchmarks/native_vs_reference.py [--n 15] [--order-n 13] [--slow-n 11] [--repeat 3]

Three measurements, each alternating the C program and the kernels, ``--repeat`` rounds, kernels warmed first:

1. ``bitwise`` at ``--n`` against ``ref N --plain`` (seed 000's fifth method in C, the same search): the kernel
   call timed in-process, against the seconds the C program prints. Target: at most 1.3x, best of the rounds.
2. Every other seed kernel but ``generate-test`` at ``--order-n`` against the same yardstick, with seed 000's
   ordering as the target: ``mirror`` slower than ``marks``, slower than ``avail``.
3. ``generate-test`` (which visits all n! permutations) at ``--slow-n``.

Prints best and median seconds and the ratio to C (best / best); exits 1 if a target is missed.
"""

import argparse
import os
import statistics
import subprocess
import sys

import nqueens

REFERENCE = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "reference", "ref")
YARDSTICK = 1.3


def run_reference(ref, n):
    """Seconds that ``ref n --plain`` prints for itself (it prints ``n total seconds``); also the total."""
    out = subprocess.run([ref, str(n), "--plain"], capture_output=True, text=True, check=True).stdout.split()
    return float(out[2]), int(out[1])


def measure(ref, n, names, repeat):
    """``{name: [seconds, ...]}`` with the C program under ``"C --plain"``, alternating in every round."""
    times = {"C --plain": []}
    times.update({name: [] for name in names})
    totals = set()
    for _ in range(repeat):
        seconds, total = run_reference(ref, n)
        times["C --plain"].append(seconds)
        totals.add(total)
        for name in names:
            result = nqueens.count(n, name)
            times[name].append(result.seconds)
            totals.add(result.total)
    if len(totals) != 1:
        raise SystemExit(f"n = {n}: the counts disagree: {sorted(totals)}")
    return times


def ratio(seconds, c_seconds):
    """``seconds / c_seconds``, or infinity when C finished below its millisecond resolution."""
    return seconds / c_seconds if c_seconds > 0 else float("inf")


def report(title, n, times):
    c_best = min(times["C --plain"])
    print(f"{title} (n = {n}, {len(times['C --plain'])} rounds)")
    for name, runs in times.items():
        print(
            f"  {name:<14} best {min(runs):9.4f} s   median {statistics.median(runs):9.4f} s"
            f"   best / C {ratio(min(runs), c_best):6.2f}x"
        )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=15, help="n for bitwise against C (default 15)")
    parser.add_argument("--order-n", type=int, default=13, help="n for the other seed kernels (default 13)")
    parser.add_argument("--slow-n", type=int, default=11, help="n for generate-test (default 11)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    parser.add_argument("--ref", default=REFERENCE, help="the reference's run script (default ../shared/reference/ref)")
    args = parser.parse_args(argv)
    if min(args.n, args.order_n, args.slow_n, args.repeat) < 1:
        parser.error("every n and --repeat must be integers >= 1")
    for name in ("bitwise", "backtrack", "mirror", "marks", "avail", "sieve", "generate-test"):
        nqueens.count(4, name)
    run_reference(args.ref, 4)
    missed = []

    times = measure(args.ref, args.n, ["bitwise"], args.repeat)
    report("1. bitwise against seed 000's fifth method in C", args.n, times)
    against_c = ratio(min(times["bitwise"]), min(times["C --plain"]))
    verdict = "holds" if against_c <= YARDSTICK else "MISSED"
    print(f"  target: bitwise within {YARDSTICK}x of C: {against_c:.2f}x, {verdict}\n")
    if against_c > YARDSTICK:
        missed.append("bitwise")

    order = ["backtrack", "mirror", "marks", "avail", "bitwise", "sieve"]
    times = measure(args.ref, args.order_n, order, args.repeat)
    report("2. the seed kernels against the same C program", args.order_n, times)
    best = {name: min(times[name]) for name in order}
    holds = best["mirror"] > best["marks"] > best["avail"]
    print(
        f"  target: seed 000's order mirror > marks > avail in time: {best['mirror']:.4f} > {best['marks']:.4f}"
        f" > {best['avail']:.4f} s, {'holds' if holds else 'MISSED'}\n"
    )
    if not holds:
        missed.append("order")

    times = measure(args.ref, args.slow_n, ["generate-test"], args.repeat)
    report("3. generate-and-test, every permutation", args.slow_n, times)
    if missed:
        print(f"missed: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
