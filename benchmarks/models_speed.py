"""The compiled formulations counting one n, side by side in one run, against the native bitwise counter.

    python benchmarks/models_speed.py --n 12 --repeat 5

Every solver is warmed first (kernels compiled or loaded from numba's cache); the runs alternate between the
solvers, so load from other processes falls on all of them alike. Prints the median and best seconds of each,
its ratio to ``bitwise`` (median over median), and whether ``mary`` and ``permutation`` in backtracking mode
count within the 2-second budget the toolkit promises for n = 12.
"""

import argparse
import statistics

import nqueens

BUDGET = {"mary": 2.0, "permutation": 2.0}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=12)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--solvers", default="mary,permutation,subset,dlx,bitwise")
    parser.add_argument("--mode", default="backtracking", choices=("backtracking", "generate-and-test"))
    args = parser.parse_args(argv)
    names = [s.strip() for s in args.solvers.split(",") if s.strip()]
    tree_models = {"mary", "permutation", "subset"}

    def options(name):
        return {"mode": args.mode} if name in tree_models else {}

    for name in names:
        nqueens.count(4, name, **options(name))
    times = {name: [] for name in names}
    totals = set()
    for _ in range(args.repeat):
        for name in names:
            result = nqueens.count(args.n, name, **options(name))
            totals.add(result.total)
            times[name].append(result.seconds)
    if len(totals) != 1:
        raise SystemExit(f"the solvers disagree: {sorted(totals)}")
    print(f"n = {args.n}, total {totals.pop()}, {args.repeat} runs each, tree models in {args.mode} mode")
    base = statistics.median(times["bitwise"]) if "bitwise" in times else None
    for name, runs in times.items():
        median = statistics.median(runs)
        ratio = f"   {median / base:7.1f}x bitwise" if base else ""
        budget = ""
        if name in BUDGET and args.mode == "backtracking" and args.n == 12:
            budget = f"   budget {BUDGET[name]:.0f} s: {'met' if median < BUDGET[name] else 'MISSED'}"
        print(f"  {name:<12} median {median:9.4f} s   best {min(runs):9.4f} s{ratio}{budget}")


if __name__ == "__main__":
    main()
