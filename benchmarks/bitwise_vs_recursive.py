"""The compiled ``bitwise`` counter against the plain-Python ``bitmask-recursive`` oracle, same n, same run.

    python benchmarks/bitwise_vs_recursive.py --n 14 --repeat 3

Prints the median and best seconds of each and the speed-up (recursive / bitwise). Kernels are warmed first, so
the figure is the computation alone. When a C compiler is at hand (``$CC``, default ``cc``), the C reference
``benchmarks/reference/ref.c`` (seed 000's fifth method in C, the very algorithm ``bitwise`` ports) runs in the
same rounds, which shows the ceiling a faithful port can reach over the Python oracle on this machine; without
one, a line says so and the rest runs.
"""

import argparse
import statistics
import sys

import reference

import nqueens


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    nqueens.count(4, "bitwise")
    times = {"bitwise": [], "bitmask-recursive": []}
    try:
        binary = reference.build()
        reference.check(binary, range(1, 13))
    except reference.Unavailable as error:
        print(f"C reference skipped: {error}", file=sys.stderr)
        binary = None
    c_times = []
    totals = set()
    for _ in range(args.repeat):
        for name in times:
            result = nqueens.count(args.n, name)
            totals.add(result.total)
            times[name].append(result.seconds)
        if binary is not None:
            total, seconds = reference.run(binary, args.n)
            totals.add(total)
            c_times.append(seconds)
    if len(totals) != 1:
        raise SystemExit(f"the solvers disagree: {sorted(totals)}")
    print(f"n = {args.n}, total {totals.pop()}, {args.repeat} runs each")
    for name, runs in times.items():
        print(f"  {name:<18} median {statistics.median(runs):9.4f} s   best {min(runs):9.4f} s")
    ratio = statistics.median(times["bitmask-recursive"]) / statistics.median(times["bitwise"])
    print(f"  speed-up of bitwise over bitmask-recursive (median): {ratio:.1f}x")
    if c_times:
        c = statistics.median(c_times)
        print(f"  the same method in C (ref.c): median {c:.4f} s, best {min(c_times):.4f} s")
        print(
            f"  speed-up of C over bitmask-recursive (median): {statistics.median(times['bitmask-recursive']) / c:.1f}x"
            f"; bitwise / C: {statistics.median(times['bitwise']) / c:.2f}x"
        )


if __name__ == "__main__":
    main()
