"""Table 1 of the sieve paper (seed 002) beside ours: layouts and seconds, backtracking against the sieve.

    python scripts/seed002_table.py [--max-n 15] [--repeat 3]

Counts every n from 10 to ``--max-n`` with ``backtrack`` (seed 000's plain backtracking, standing in for the
paper's classic backtracking program, which it cites but does not print) and ``sieve`` through the comparison
runner (fastest of ``--repeat`` runs; a disagreement is an error), checks the totals against the paper's layout
counts, and prints per n: the layouts, the paper's seconds and ours for each algorithm, and the speed-up of
the sieve over backtracking in the paper and here. The paper's figures are from a Pentium at 2.7 GHz with
VC++ under Windows 7; it publishes n = 9 .. 18 (n = 9 in too few milliseconds to give a ratio).
"""

import argparse
import sys

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.published import SEED_002_TABLE
from nqueens.experiments.runner import compare

__all__ = ["PAPER", "measure", "format_table", "main"]

# Seed 002, table 1: N -> (layouts, backtracking seconds, sieve seconds).
PAPER = SEED_002_TABLE

FIRST_N = 10


def measure(ns, repeat=3):
    """``{n: (total, backtrack seconds, sieve seconds)}``, each the fastest of ``repeat`` runs.

    Raises
    ------
    NQueensError
        If the two disagree, or their total differs from the paper's layout count.
    """
    records = {(r.solver, r.n): r for r in compare(ns, ["backtrack", "sieve"], repeat=repeat)}
    table = {}
    for n in ns:
        total = records["sieve", n].total
        if n in PAPER and PAPER[n][0] != total:
            raise NQueensError(f"n = {n}: we count {total} layouts, the paper {PAPER[n][0]}")
        table[n] = (total, records["backtrack", n].seconds, records["sieve", n].seconds)
    return table


def format_table(ours):
    """A Markdown table with the paper's figures beside ours (``-`` where the paper has none)."""
    header = ["n", "layouts", "backtracking: paper s", "ours s", "sieve: paper s", "ours s", "speed-up: paper", "ours"]
    rows = []
    for n, (total, backtrack, sieve) in ours.items():
        paper = PAPER.get(n)
        rows.append(
            [
                str(n),
                f"{total:,}",
                f"{paper[1]:.3f}" if paper else "-",
                f"{backtrack:.4f}",
                f"{paper[2]:.3f}" if paper else "-",
                f"{sieve:.4f}",
                f"{paper[1] / paper[2]:.1f}x" if paper and paper[2] else "-",
                f"{backtrack / sieve:.1f}x",
            ]
        )
    from nqueens.core.table import render

    return render(header, rows, right=lambda column: True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=15, help="the last n (default 15; the paper goes to 18)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per algorithm and n; the fastest counts")
    args = parser.parse_args(argv)
    try:
        last = check_n(args.max_n, what="--max-n")
        repeat = check_n(args.repeat, what="--repeat")
        if last < FIRST_N:
            raise NQueensError(f"--max-n must be at least {FIRST_N}; got {last}")
        ours = measure(range(FIRST_N, last + 1), repeat)
    except NQueensError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"Seed 002, table 1: backtracking against the sieve, the paper's seconds beside ours (fastest of {repeat})\n")
    print(format_table(ours), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
