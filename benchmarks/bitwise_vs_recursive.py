"""The compiled ``bitwise`` counter against the plain-Python ``bitmask-recursive`` oracle, same n, same run.

    python benchmarks/bitwise_vs_recursive.py --n 14 --repeat 3

Prints the median and best seconds of each and the speed-up (recursive / bitwise). Kernels are warmed first, so
the figure is the computation alone.
"""

import argparse
import statistics

import nqueens


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=14)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    nqueens.count(4, "bitwise")
    times = {"bitwise": [], "bitmask-recursive": []}
    totals = set()
    for _ in range(args.repeat):
        for name in times:
            result = nqueens.count(args.n, name)
            totals.add(result.total)
            times[name].append(result.seconds)
    if len(totals) != 1:
        raise SystemExit(f"the solvers disagree: {sorted(totals)}")
    print(f"n = {args.n}, total {totals.pop()}, {args.repeat} runs each")
    for name, runs in times.items():
        print(f"  {name:<18} median {statistics.median(runs):9.4f} s   best {min(runs):9.4f} s")
    ratio = statistics.median(times["bitmask-recursive"]) / statistics.median(times["bitwise"])
    print(f"  speed-up of bitwise over bitmask-recursive (median): {ratio:.1f}x")


if __name__ == "__main__":
    main()
