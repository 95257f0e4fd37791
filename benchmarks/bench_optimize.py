"""How far each optimisation solver proves queens domination and peaceable queens: per solver and symmetry
option, the largest n proven optimal within each time limit, and the best found on the first board beyond,
beside the published values (OEIS A075458, A250000).

python benchmarks/bench_optimize.py                      # limits 60 s and 600 s, every solver: hours
python benchmarks/bench_optimize.py --limits 10 --problems peaceable --solvers sat,cp

Every column climbs n = 1, 2, ... with the largest limit as the time limit of each run, and stops at the first
board it does not prove within it; a proof within a smaller limit counts for that limit too. Runs are one after
another, one thread each (CP-SAT with --workers), so the figures are comparable.
"""

import argparse
import sys


def climb(problem, solver, symmetry, limits, *, workers, top):
    from nqueens.optimize import optimize

    largest = dict.fromkeys(limits, 0)
    beyond = None
    for n in range(1, top + 1):
        r = optimize(problem, n, solver, timeout=max(limits), symmetry=symmetry, workers=workers)
        if r.status == "wrong":
            raise SystemExit(f"{problem} n = {n}, {solver}: wrong: {r.message}")
        if r.status != "optimal":
            beyond = r
            break
        for limit in limits:
            if r.seconds <= limit:
                largest[limit] = n
        print(
            f"  {problem} {solver}{':symmetry' if symmetry else ''} n = {n}: {r.objective} in {r.seconds:.1f} s",
            file=sys.stderr,
            flush=True,
        )
    return largest, beyond


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limits", default="60,600", help="time limits in seconds, comma-separated (60,600)")
    parser.add_argument("--problems", default="domination,peaceable")
    parser.add_argument("--solvers", default="cpsat,cp,mip,sat")
    parser.add_argument("--symmetry", choices=("both", "yes", "no"), default="both")
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT's search workers (1)")
    parser.add_argument("--top", type=int, default=30, help="the largest n tried (30)")
    args = parser.parse_args(argv)
    from nqueens.core.optimization import KNOWN

    try:
        limits = sorted(float(x) for x in args.limits.split(","))
    except ValueError:
        parser.error("--limits: numbers of seconds, comma-separated")
    if not limits or limits[0] <= 0:
        parser.error("--limits: positive numbers of seconds")
    flags = {"both": (False, True), "yes": (True,), "no": (False,)}[args.symmetry]
    head = [
        "problem",
        "solver",
        "symmetry",
        *(f"proven within {x:g} s" for x in limits),
        "beyond: n",
        "best found",
        "bound",
        "published",
    ]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---" for _ in head) + "|")
    for problem in args.problems.split(","):
        for solver in args.solvers.split(","):
            for symmetry in flags:
                largest, r = climb(problem, solver, symmetry, limits, workers=args.workers, top=args.top)
                if r is None:
                    beyond = ["-", "-", "-", "-"]
                else:
                    bound = "-" if r.bound is None else f"{r.bound:g}"
                    known = KNOWN[problem].get(r.n)
                    found = "-" if r.objective is None else str(r.objective)
                    beyond = [str(r.n), found, bound, "-" if known is None else str(known)]
                cells = [problem, solver, "yes" if symmetry else "no", *(str(largest[x]) for x in limits), *beyond]
                print("| " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
