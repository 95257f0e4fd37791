"""``nqueens optimize`` and ``nqueens solve --problem domination|peaceable``: the one-run shortcut of an optimisation
experiment, on the same path as ``nqueens compare --question optimize`` (:func:`nqueens.experiments.runner.run`):
one board and one solver prints the run and its board; more print the experiment's table."""

import sys

from nqueens.cli.commands._output import write_out
from nqueens.cli.commands.certify import certified_lines, rejected, with_certificates
from nqueens.core.errors import NQueensError


def run_optimization(
    problem, sizes, solvers, *, timeout, symmetry, fmt, quiet, workers=None, plot=None, plot_profile=None, certify=None
):
    """The runs on ``sizes`` (N or A..B), checked, made, printed and drawn; the exit status (1 if a run is
    ``wrong``, ``error`` or ``memout``)."""
    from nqueens.analysis.compare import format_runs, format_table
    from nqueens.core.optimization import check_problem
    from nqueens.experiments import runner as experiment
    from nqueens.experiments.columns import with_options

    check_problem(problem)
    for path in (plot, plot_profile):
        if path is not None:
            if not path.strip():
                raise NQueensError("the plot file is empty: give a .png or .svg file to draw to")
            from nqueens.analysis.plots import check_path

            check_path(path)
    from nqueens.plugins import import_limit

    with import_limit(timeout):  # an outside optimiser's import is bounded as its runs are
        columns = experiment.parse_solvers(solvers or "cpsat")
    options = {key: value for key, value in (("symmetry", symmetry or None), ("workers", workers)) if value}
    columns = with_options(columns, options)
    result = experiment.run(
        experiment.problems_from_range(sizes),
        columns,
        question="optimize",
        problem=problem,
        timeout=timeout,
        store="none",
        certify=certify,
    )
    records = result.records
    certified = result.certificates
    if fmt == "json":
        text = format_runs(records, "json")
        write_out(text if certified is None else with_certificates(text, certified))
    elif len(records) == 1:
        write_out(_one(records[0]))
    else:
        write_out(format_table(records, notes=result.notes))
    if certified is not None and fmt != "json":
        write_out(certified_lines(certified))
    for kind, path in (("anytime", plot), ("profile", plot_profile)):
        if path:
            result.plot(path, kind)
            if not quiet:
                print(f"wrote {path}", file=sys.stderr)
    return 1 if result.failures or (certified is not None and rejected(certified)) else 0


# Seconds from the run's start: to its first verified solution (seconds_to_first), to its best (time_best), and the
# whole run (seconds: with the proof of optimality, or up to the limit).
_CLOCKS = (
    ("seconds_to_first", "seconds to the first solution"),
    ("time_best", "seconds to the best solution"),
    ("seconds", "seconds in all ({whole})"),
)


def _one(r):
    from nqueens.core.optimization import KNOWN

    lines = [f"{r.problem} n = {r.n}, solver {r.solver}: {r.status}"]
    if r.objective is not None:
        lines.append(f"  objective: {r.objective} {'queens' if r.problem == 'domination' else 'queens of each colour'}")
    lines.append(f"  bound: {'-' if r.bound is None else f'{r.bound:g}'}")
    if KNOWN[r.problem].get(r.n) is not None:
        lines.append(f"  published (OEIS): {KNOWN[r.problem][r.n]}")
    # The run's three clocks, all from its start (the table's columns first, best and seconds).
    whole = "the search and its proof" if r.time_proof is not None else "the whole run"
    for name, said in _CLOCKS:
        if getattr(r, name) is not None:
            lines.append(f"  {said.format(whole=whole)}: {getattr(r, name):.3f}")
    if r.message:
        lines.append(f"  {r.message}")
    if r.solution is not None:
        grid = [["."] * r.n for _ in range(r.n)]
        armies = [("Q", r.solution)] if r.problem == "domination" else list(zip("WB", r.solution))
        for mark, squares in armies:
            for row, col in squares:
                grid[row][col] = mark
        lines += [""] + ["".join(line) for line in grid]
    return "\n".join(lines) + "\n"
