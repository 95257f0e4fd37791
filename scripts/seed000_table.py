"""Seed 000's table beside ours: milliseconds to count the solutions with each of its five methods, n = 10 .. 15.

    python scripts/seed000_table.py [--max-n 15] [--repeat 3]

Counts every n from 10 to ``--max-n`` with ``backtrack``, ``mirror``, ``marks``, ``avail`` and ``bitwise`` (the
five methods of seed 000, in its order) through the comparison runner, which keeps the fastest of ``--repeat``
runs and fails if two methods disagree, and prints one row per method: for each n our milliseconds, the
seed's published milliseconds, and the speed-up (seed / ours). The seed's machine and compiler are not
stated, so the speed-ups say more about each method's implementation than the milliseconds do. The seed
publishes n = 10 .. 18; beyond that its cells are empty.
"""

import argparse
import sys

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.experiments.runner import compare

__all__ = ["METHODS", "SEED_MS", "measure", "format_table", "main"]

METHODS = ("backtrack", "mirror", "marks", "avail", "bitwise")

# Seed 000, section 统计与分析: milliseconds for N = 10 .. 18, rows 回溯法, 对称优化, 标记优化, 可用优化, 位运算
# (its header prints N = 16 as "116").
SEED_MS = {
    "backtrack": dict(zip(range(10, 19), (5, 24, 137, 791, 5193, 35500, 256075, 2005077, 16683871))),
    "mirror": dict(zip(range(10, 19), (3, 13, 75, 469, 3037, 20814, 152299, 1164780, 9376002))),
    "marks": dict(zip(range(10, 19), (0, 4, 24, 135, 809, 5206, 35373, 253702, 1912227))),
    "avail": dict(zip(range(10, 19), (1, 3, 16, 89, 526, 3334, 22420, 158374, 1179343))),
    "bitwise": dict(zip(range(10, 19), (5, 25, 128, 703, 4144, 25866, 177143, 1263102, 9281287))),
}

FIRST_N = 10


def measure(ns, repeat=3):
    """``{(method, n): milliseconds}``, the fastest of ``repeat`` runs, every method checked against the others."""
    return {(r.solver, r.n): r.seconds * 1000 for r in compare(ns, list(METHODS), repeat=repeat)}


def format_table(ours, ns):
    """A Markdown table, one row per method, one column per n: ``ours / seed (speed-up)``."""

    def cell(method, n):
        mine = ours[method, n]
        seed = SEED_MS[method].get(n)
        if seed is None:
            return f"{mine:.1f} / -"
        ratio = f"{seed / mine:.1f}x" if seed and mine else "-"
        return f"{mine:.1f} / {seed} ({ratio})"

    header = ["method"] + [f"n = {n}" for n in ns]
    rows = [[method] + [cell(method, n) for n in ns] for method in METHODS]
    from nqueens.core.table import render

    return render(header, rows, right=lambda column: False)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=15, help="the last n (default 15; the seed goes to 18)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per method and n; the fastest counts")
    args = parser.parse_args(argv)
    try:
        last = check_n(args.max_n, what="--max-n")
        repeat = check_n(args.repeat, what="--repeat")
        if last < FIRST_N:
            raise NQueensError(f"--max-n must be at least {FIRST_N}, where the seed's table starts; got {last}")
        ns = range(FIRST_N, last + 1)
        ours = measure(ns, repeat)
    except NQueensError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"Seed 000's five methods: our milliseconds / the seed's (speed-up), fastest of {repeat} run(s)\n")
    print(format_table(ours, ns), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
