"""Time the solver rules (the rule-generic numba counter) per rule and n, with the growth over n - 1.

python benchmarks/bench_rules.py superqueen 12 18
"""

import argparse
import sys
import time


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rule", choices=("queen", "superqueen", "toroidal"))
    parser.add_argument("low", type=int, help="the first n")
    parser.add_argument("high", type=int, help="the last n")
    args = parser.parse_args(argv)
    if not 1 <= args.low <= args.high <= 62:
        parser.error("need 1 <= LOW <= HIGH <= 62")
    from nqueens.native.rules_counter import count, warmup

    warmup()  # compile outside the timings
    previous = None
    for n in range(args.low, args.high + 1):
        start = time.perf_counter()
        total = count(n, rule=args.rule).total
        seconds = time.perf_counter() - start
        growth = f"{seconds / previous:.1f}x" if previous and previous > 0.01 else "-"
        print(f"{args.rule} n={n} count={total} seconds={seconds:.2f} growth={growth}", flush=True)
        previous = seconds
    return 0


if __name__ == "__main__":
    sys.exit(main())
