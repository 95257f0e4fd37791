"""Total and fundamental (unique) solutions for n = 1..16 with their orbit classes, beside OEIS.

For every n: the number of solutions, the number of fundamental solutions (one per orbit of the 8 symmetries
of the board) and how many fundamental solutions have an orbit of 2, 4 or 8 members, next to OEIS A000170
(total) and A002562 (unique). The counts come from a registered solver that counts fundamental solutions
(the fast counter), or else from enumerating every solution and reducing it with
``nqueens.analysis.symmetry.classes``. Writes ``unique_vs_total.md`` and ``unique_vs_total.png``.

Usage::

    python scripts/unique_vs_total.py OUT [--max-n 16] [--solver NAME]
"""

import time

from _common import parser, published, report_header, run
from nqueens.analysis.plots import plot_unique_vs_total
from nqueens.analysis.symmetry import classes

import nqueens
from nqueens.core.errors import NQueensError
from nqueens.core.table import figures


def main(argv=None):
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--max-n", type=int, default=16, help="the largest n (default 16)")
    p.add_argument("--solver", help="a solver that counts unique solutions or enumerates (default: the fast one)")
    args = p.parse_args(argv)
    known = published()
    top = nqueens.core.board.check_n(args.max_n, what="--max-n")
    solver = args.solver or _default_solver()
    spec = nqueens.get_solver(solver)
    if "unique" not in spec.can and "enumerate" not in spec.can:
        raise NQueensError(f"solver {solver!r} neither counts unique solutions nor enumerates")
    rows = []
    for n in range(1, top + 1):
        start = time.perf_counter()
        if "unique" in spec.can:
            record = nqueens.count(n, solver)
            total, found = record.total, {k: v for k, v in record.classes.items() if v}
        else:
            found = classes(nqueens.batches(n, solver))
            total = sum(size * number for size, number in found.items())
        seconds = time.perf_counter() - start
        rows.append({"n": n, "total": total, "unique": sum(found.values()), "classes": found, "seconds": seconds})

    orbits = (1, 2, 4, 8)  # the sizes an orbit under the 8 symmetries of the board may have
    table = figures(
        ["n", "total", "OEIS A000170", "unique", "OEIS A002562", *(f"orbits of {size}" for size in orbits)]
        + ["total / unique", "matches OEIS"],
        [
            [r["n"], r["total"], known.TOTAL.get(r["n"]), r["unique"], known.UNIQUE.get(r["n"])]
            + [r["classes"].get(size, 0) for size in orbits]
            + [
                r["total"] / r["unique"] if r["unique"] else None,
                r["total"] == known.TOTAL.get(r["n"]) and r["unique"] == known.UNIQUE.get(r["n"]),
            ]
            for r in rows
        ],
    )
    how = (
        "counted by `" + solver + "`"
        if "unique" in spec.can
        else "enumerated by `" + solver + "` and reduced to fundamental solutions"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    report = args.out / "unique_vs_total.md"
    figure = args.out / "unique_vs_total.png"
    report.write_text(
        report_header("Total vs fundamental solutions", "unique_vs_total.py", argv)
        + f"Solutions {how}, in {sum(r['seconds'] for r in rows):.2f} s. A fundamental solution is the "
        "lexicographically smallest of the 8 images of its orbit under the rotations and reflections of the "
        "board; `total = orbits of 1 + 2 * orbits of 2 + 4 * orbits of 4 + 8 * orbits of 8` (every symmetry "
        "fixes the single queen of n = 1).\n\n" + table
    )
    plot_unique_vs_total(rows, figure, title=f"Total vs fundamental solutions ({how.replace('`', '')})")
    print(f"wrote {report}\nwrote {figure}")
    return 0


def _default_solver():
    counters = [s.name for s in nqueens.solvers() if "unique" in s.can]
    return counters[0] if counters else nqueens.api.DEFAULT_ENUMERATOR


if __name__ == "__main__":
    raise SystemExit(run(main))
