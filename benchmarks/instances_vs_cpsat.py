"""The instance solver ``lines`` beside CP-SAT on the same instance files: nodes, seconds, ratios.

    python benchmarks/instances_vs_cpsat.py                       # the files in tests/data
    python benchmarks/instances_vs_cpsat.py --hard 16..21 --per-n 4 --cpsat-timeout 120
    python benchmarks/instances_vs_cpsat.py --large 64,100,200,500,1000 --no-files --repeat 3 --cpsat-repeat 3

Each instance is *decided* (one solution found, or none proved) by ``lines`` (kernel time, cache warm, median of
``--repeat`` runs) and by CP-SAT with one worker (the row model: ``q[r]`` over the allowed columns, all-different
on ``q``, ``q + r`` and ``q - r``). ``--hard A..B`` adds the hard tier: for each n, the paper's excluded-diagonal
generator (``nqueens generate excluded``) over ``--seeds`` seeds at the k where about half the instances are
satisfiable, keeping the ``--per-n`` instances ``lines`` needs most nodes for. The table gives both solvers'
answers (which must agree), ``lines``' nodes and seconds, CP-SAT's branches and seconds, and the ratio.

``--large N,N,...`` adds large n-Queens Completion instances (``lines``' multi-word kernel above n = 63), two per
n, generated with ``--seed``: prob079's random placement (``nqueens generate completion N K --method random``,
the paper's generator) leaving ``ceil(sqrt(n / 0.19)) + 5`` rows free, a little above the paper's
satisfiability threshold ``n = 0.19 d^2`` for ``d`` free rows; and 70 % of the queens of a random solution
(``--method solution``, always satisfiable). CP-SAT's figure is the median of ``--cpsat-repeat`` runs (stopped
at the first timeout); it times the Solve call, not building the model.
"""

import argparse
import math
import pathlib
import statistics
import sys
import time

import numpy as np
from nqueens.native import lines
from nqueens.native.instances import random_completion, random_excluded

from nqueens.core.instance_io import read_instance

DATA = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data"

# For each n, the number of excluded diagonals near the satisfiable/unsatisfiable threshold (measured with
# seeds 0..9 and min_free 4: about half satisfiable).
THRESHOLD = {16: 15, 17: 16, 18: 17, 19: 18, 20: 19, 21: 19}


def lines_decide(inst):
    """``(satisfiable, nodes, seconds)``: the kernel run until its first solution or the end."""
    n = inst.n
    start = time.perf_counter()
    m, state, step = lines._searcher(n, inst)
    out = np.empty((1, n), np.int64)
    profile = np.zeros(m + 1, np.int64)
    found = 0
    while state[0] != -2 and not found:
        found = step(out, profile)
    return bool(found), int(profile.sum()), time.perf_counter() - start


def cpsat_decide(inst, *, workers=1, timeout=None):
    """``(satisfiable or None on timeout, branches, seconds)`` by CP-SAT on the row model with the instance."""
    from ortools.sat.python import cp_model

    n = inst.n
    allowed = inst.allowed()
    model = cp_model.CpModel()
    # q[r]: the column of row r's queen, over the columns the instance allows in that row
    q = [
        model.NewIntVarFromDomain(cp_model.Domain.FromValues([c for c in range(n) if allowed[r] >> c & 1]), f"q{r}")
        if allowed[r]
        else model.NewIntVar(0, -1, f"q{r}")
        for r in range(n)
    ]
    model.AddAllDifferent(q)
    model.AddAllDifferent([q[r] + r for r in range(n)])
    model.AddAllDifferent([q[r] - r for r in range(n)])
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = workers
    if timeout:
        solver.parameters.max_time_in_seconds = timeout
    start = time.perf_counter()
    status = solver.Solve(model)
    seconds = time.perf_counter() - start
    answer = {cp_model.OPTIMAL: True, cp_model.FEASIBLE: True, cp_model.INFEASIBLE: False}.get(status)
    return answer, int(solver.NumBranches()), seconds


def hard_tier(ns, seeds, per_n):
    """The hardest generated excluded-diagonal instances (by ``lines`` nodes) near each n's threshold."""
    chosen = []
    for n in ns:
        k = THRESHOLD.get(n, n - 2)
        runs = []
        for seed in range(seeds):
            inst = random_excluded(n, k, seed=seed)
            runs.append((lines_decide(inst)[1], seed, inst))
        runs.sort(key=lambda run: -run[0])
        chosen += [(f"excluded {n} {k} --seed {seed}", inst) for _, seed, inst in runs[:per_n]]
    return chosen


def large_tier(ns, seed):
    """Two completion instances per n: prob079's random placement near the threshold, 70 % of a solution."""
    chosen = []
    for n in ns:
        free = min(n, math.ceil(math.sqrt(n / 0.19)) + 5)
        used, inst = _random(n, n - free, seed)
        chosen.append((f"completion {n} {n - free} --method random --seed {used}", inst))
        k = n * 7 // 10
        inst = random_completion(n, k, seed=seed, method="solution")
        chosen.append((f"completion {n} {k} --seed {seed}", inst))
    return chosen


def _random(n, k, seed):
    """``(seed, instance)``: prob079's random placement; the paper's generator gives up on some seeds, and then
    the next seed that does not is taken."""
    from nqueens.core.errors import NQueensError

    for tried in range(seed, seed + 100):
        try:
            return tried, random_completion(n, k, seed=tried, method="random")
        except NQueensError:
            continue
    raise NQueensError(f"no random placement of {k} queens on n = {n} from seeds {seed} .. {seed + 99}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="instance files (default: tests/data/*.param, *.json)")
    parser.add_argument("--hard", metavar="A..B", help="add the generated hard excluded-diagonal tier for n = A..B")
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--per-n", type=int, default=2)
    parser.add_argument("--large", metavar="N,N,...", help="add large completion instances of these n")
    parser.add_argument("--seed", type=int, default=1, help="seed of the --large instances (default 1)")
    parser.add_argument("--no-files", action="store_true", help="leave the files of tests/data out")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpsat-repeat", type=int, default=1, help="CP-SAT runs per instance (median)")
    parser.add_argument("--cpsat-timeout", type=float, default=300.0)
    parser.add_argument("--no-cpsat", action="store_true", help="time lines only")
    args = parser.parse_args(argv)
    lines.warmup()
    files = args.files or sorted(str(p) for p in DATA.iterdir() if p.suffix in (".param", ".json"))
    cases = [] if args.no_files else [(pathlib.Path(f).name, read_instance(f)) for f in files]
    if args.hard:
        low, _, high = args.hard.partition("..")
        cases += hard_tier(range(int(low), int(high or low) + 1), args.seeds, args.per_n)
    if args.large:
        cases += large_tier([int(n) for n in args.large.split(",")], args.seed)
    print("| instance | n | answer | lines nodes | lines s | cpsat branches | cpsat s | cpsat / lines |")
    print("|---|---|---|---|---|---|---|---|")
    total_lines = total_cpsat = 0.0
    for name, inst in cases:
        runs = [lines_decide(inst) for _ in range(args.repeat)]
        answer, nodes = runs[0][0], runs[0][1]
        seconds = statistics.median(r[2] for r in runs)
        total_lines += seconds
        row = f"| {name} | {inst.n} | {'sat' if answer else 'unsat'} | {nodes:,} | {seconds:.4f} |"
        if args.no_cpsat:
            print(row + " | | |")
            continue
        cp_runs = []
        for _ in range(args.cpsat_repeat):
            cp_runs.append(cpsat_decide(inst, timeout=args.cpsat_timeout))
            if cp_runs[-1][0] is None:
                break
        theirs, branches = cp_runs[-1][0], cp_runs[0][1]
        cp_seconds = statistics.median(r[2] for r in cp_runs) if theirs is not None else cp_runs[-1][2]
        total_cpsat += cp_seconds
        if theirs is None:
            print(row + f" {branches:,} | >{cp_seconds:.1f} (timeout) | >{cp_seconds / seconds:.0f} |")
            continue
        if theirs != answer:
            print(f"DISAGREE on {name}: lines {answer}, cpsat {theirs}", file=sys.stderr)
            return 1
        print(row + f" {branches:,} | {cp_seconds:.3f} | {cp_seconds / seconds:.0f} |")
    print(f"\ntotal: lines {total_lines:.3f} s" + ("" if args.no_cpsat else f", cpsat {total_cpsat:.1f} s"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
