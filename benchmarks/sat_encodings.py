"""The seven cardinality encodings of the SAT model side by side: size, counting time, first-solution time.

    python benchmarks/sat_encodings.py --count 8 9 10 --first 50 100 --repeat 3

For every encoding (pysat's ``CardEnc``): the formula's variables and clauses at each n, the seconds to count
n = 8..10 by blocking clauses over the board, and the seconds to find one solution at n = 50 and 100, with the
default SAT solver (CaDiCaL 1.9.5); the times include building the formula. The runs alternate between the
encodings, so load from other processes falls on all of them alike; each figure is the median of ``--repeat``
runs. The last lines rank the encodings by the geometric mean, over the tasks, of each median's ratio to the
task's best median (every task weighs the same, however long it takes), and show the plain sum beside it. The
first of that ranking is the model's default.
"""

import argparse
import statistics
import time

from nqueens.models import sat


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, nargs="*", default=[8, 9, 10])
    parser.add_argument("--first", type=int, nargs="*", default=[50, 100])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--satsolver", default="cadical195")
    args = parser.parse_args(argv)
    tasks = [("count", n) for n in args.count] + [("first", n) for n in args.first]
    times = {(e, task): [] for e in sat.ENCODINGS for task in tasks}
    for _ in range(args.repeat):
        for task in tasks:
            for encoding in sat.ENCODINGS:
                times[(encoding, task)].append(_run(task, encoding, args.satsolver))
    sizes = {(e, n): sat.clauses(n, encoding=e) for e in sat.ENCODINGS for _, n in tasks}
    head = "| encoding | " + " | ".join(f"{kind} n={n}" for kind, n in tasks) + " |"
    print(f"SAT solver {args.satsolver}; seconds are medians of {args.repeat}\n")
    print("variables / clauses\n")
    print(head.replace(" count n=", " n=").replace(" first n=", " n="))
    print("|---" * (len(tasks) + 1) + "|")
    for e in sat.ENCODINGS:
        cells = [f"{sizes[(e, n)][1]} / {len(sizes[(e, n)][0])}" for _, n in tasks]
        print(f"| {e} | " + " | ".join(cells) + " |")
    print("\nseconds (count: every solution by blocking clauses; first: one solution)\n")
    print(head)
    print("|---" * (len(tasks) + 1) + "|")
    medians = {key: statistics.median(value) for key, value in times.items()}
    for e in sat.ENCODINGS:
        print(f"| {e} | " + " | ".join(f"{medians[(e, task)]:.3f}" for task in tasks) + " |")
    totals = {e: sum(medians[(e, task)] for task in tasks) for e in sat.ENCODINGS}
    best_of = {task: min(medians[(e, task)] for e in sat.ENCODINGS) for task in tasks}
    ratio = {
        e: statistics.geometric_mean([medians[(e, task)] / best_of[task] for task in tasks]) for e in sat.ENCODINGS
    }
    print("\ngeometric mean of the ratios to each task's best; sum of medians:")
    for e in sorted(ratio, key=ratio.get):
        print(f"  {e:11s} {ratio[e]:5.2f}x  {totals[e]:8.3f} s")
    print(f"fastest: {min(ratio, key=ratio.get)}")


def _run(task, encoding, satsolver):
    kind, n = task
    start = time.perf_counter()
    if kind == "count":
        sat.count(n, encoding=encoding, satsolver=satsolver)
    else:
        stream = sat.batches(n, limit=1, encoding=encoding, satsolver=satsolver)
        next(stream)
        stream.close()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
