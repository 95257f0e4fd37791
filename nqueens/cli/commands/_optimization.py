"""The optimisation runs as the commands show them: ``nqueens optimize``, ``nqueens compare --question optimize`` and
``nqueens solve --problem domination|peaceable`` all reach :mod:`nqueens.optimize` through :func:`run_optimization`
(checked, made, printed and drawn)."""

import json
import sys

from nqueens.cli.commands._output import write_out
from nqueens.core.errors import NQueensError


def run_optimization(
    problem, range_text, solvers, *, timeout, symmetry, workers, fmt, plot, plot_profile, quiet, both=False
):
    """The runs of ``nqueens optimize`` and of ``nqueens compare --question optimize``: checked, made, printed and
    drawn; the exit status (1 if a run is ``wrong`` or failed)."""
    from nqueens.analysis.compare import parse_range
    from nqueens.core.optimization import check_problem
    from nqueens.optimize import compare, parse_solvers

    check_problem(problem)
    if both:
        raise NQueensError("give --solver or --solvers, not both")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise NQueensError(f"--workers must be an integer >= 1; got {workers!r}")
    columns = parse_solvers(solvers or "cpsat", symmetry=symmetry)
    ns = parse_range(range_text)
    for path in (plot, plot_profile):
        if path is not None:
            if not path.strip():
                raise NQueensError("the plot file is empty: give a .png or .svg file to draw to")
            from nqueens.analysis.plots import check_path

            check_path(path)
    show = None
    if not quiet and fmt == "markdown" and sys.stderr.isatty():

        def show(r):
            print(f"  n = {r.n}, {r.name}: {r.status} {_value(r.objective)}", file=sys.stderr)

    results = compare(
        problem, ns, [c[0] for c in columns], timeout=timeout, symmetry=symmetry, workers=workers, progress=show
    )
    if fmt == "json":
        write_out(json.dumps([r.to_dict() for r in results], indent=2, default=list) + "\n")
    elif fmt == "csv":
        write_out(_csv(results))
    elif len(results) == 1:
        write_out(_one(results[0]))
    else:
        write_out(_table(results))
    if plot:
        from nqueens.analysis.plots import plot_anytime

        plot_anytime(results, plot, timeout=timeout)
        if not quiet:
            print(f"wrote {plot}", file=sys.stderr)
    if plot_profile:
        from nqueens.analysis.plots import plot_profile as draw_profile

        draw_profile(results, plot_profile)
        if not quiet:
            print(f"wrote {plot_profile}", file=sys.stderr)
    return 1 if any(r.status in ("wrong", "error") for r in results) else 0


_CSV_FIELDS = (
    "problem",
    "n",
    "solver",
    "label",
    "status",
    "objective",
    "bound",
    "time_first",
    "time_best",
    "seconds",
    "time_model",
    "known",
    "message",
)


def _csv(results):
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_FIELDS)
    for r in results:
        doc = r.to_dict()
        writer.writerow(["" if doc[k] is None else doc[k] for k in _CSV_FIELDS])
    return out.getvalue()


def _value(x, digits=3):
    if x is None:
        return "-"
    return f"{x:.{digits}f}" if isinstance(x, float) else str(x)


def _count(x):
    """A bound as a number of queens: an integer as one (``5``, not ``5.0``), a fractional one to a tenth."""
    if x is None:
        return "-"
    if isinstance(x, float) and (x != x or abs(x) == float("inf")):
        return "-"
    if isinstance(x, float) and not x.is_integer():
        return f"{x:,.1f}"
    return f"{int(x):,}"


def _one(r):
    lines = [f"{r.problem} n = {r.n}, solver {r.name}: {r.status}"]
    if r.objective is not None:
        what = "queens" if r.problem == "domination" else "queens of each colour"
        lines.append(f"  objective: {r.objective} {what}")
    lines.append(f"  bound: {_count(r.bound)}")
    if r.known is not None:
        lines.append(f"  published (OEIS): {r.known}")
    for name in ("time_first", "time_best", "time_model", "seconds"):
        if getattr(r, name) is not None:
            lines.append(f"  {name.replace('_', ' ')}: {getattr(r, name):.3f}")
    if r.message:
        lines.append(f"  {r.message}")
    if r.solution is not None:
        lines.append("")
        lines += _board(r)
    return "\n".join(lines) + "\n"


def _board(r):
    n = r.n
    grid = [["."] * n for _ in range(n)]
    if r.problem == "domination":
        for row, col in r.solution:
            grid[row][col] = "Q"
    else:
        for mark, squares in zip("WB", r.solution):
            for row, col in squares:
                grid[row][col] = mark
    return ["".join(line) for line in grid]


def _table(results):
    head = ("n", "solver", "status", "objective", "bound", "first", "best", "seconds", "published")
    rows = [
        (
            str(r.n),
            r.name,
            r.status,
            _value(r.objective),
            _value(r.bound, 1),
            _value(r.time_first),
            _value(r.time_best),
            _value(r.seconds),
            _value(r.known),
        )
        for r in results
    ]
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]
    right = {0, 3, 4, 5, 6, 7, 8}

    def line(cells):
        return (
            "| "
            + " | ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))
            + " |"
        )

    out = [
        line(head),
        "|" + "|".join(("-" * (w + 1) + ":") if i in right else "-" * (w + 2) for i, w in enumerate(widths)) + "|",
    ]
    out += [line(row) for row in rows]
    notes = [f"- n = {r.n}, {r.name}: {r.status}: {r.message}" for r in results if r.message]
    timeouts = [r for r in results if r.status in ("feasible", "timeout")]
    if timeouts:
        notes.append(f"- {len(timeouts)} run(s) stopped at the time limit: feasible shows the best found and its bound")
    wrong = [r for r in results if r.status == "wrong"]
    verdict = (
        f"{len(wrong)} run(s) wrong"
        if wrong
        else "every solution verified; every proven optimum agrees with the others and OEIS"
    )
    return "\n".join(out) + "\n" + ("\n" + "\n".join(notes) + "\n" if notes else "") + "\n" + verdict + "\n"
