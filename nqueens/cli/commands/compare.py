"""``nqueens compare``: the experiment runner (see :mod:`nqueens.experiments.runner`): solvers over board sizes or
instance files, every run a record with a status, limits per run, every repeat stored and resumable."""

import sys
from typing import Any

from nqueens.cli.commands._common import mebibytes, positive, positive_float
from nqueens.cli.commands._output import write_out
from nqueens.cli.commands._rules import add_rules_option

EPILOG = """\
solvers: NAME or NAME:OPT=VAL:OPT2=VAL2, comma-separated; a solver with options is a column of its own, named as
written (see `nqueens solvers` for the names and options). Duplicates are refused.

statuses: solved (count, enumerate, unique), sat or unsat (first), timeout, memout, error, wrong (disagrees
with the published values or the other solvers, or says unsat beside a solution), unsupported (the solver cannot
answer that question there). Exit status 1 if a run ended in memout, error or wrong (a timeout is what --timeout
is for), 2 for bad input, 130 after Ctrl-C (the finished runs are stored).

output: markdown is one row per cell (solver x problem, the repeats' median, min, max); csv and json are one
row per run with every field (status, result sat/unsat/unknown, split times, PAR2, versions, machine, instance
path and digest; see docs/experiments.md); --aggregate makes them one row per cell too.

store: --store PATH, else $NQUEENS_STORE if set; without either, nothing is kept. The same experiment run again
with the same store takes the finished runs from it (marked reused) and makes only the missing ones.

optimisation: --problem domination or peaceable (--question optimize) asks each solver's optimisation model for
the optimum, with the same runner, limits, store, --repeat and --seeds: statuses optimal, feasible (a verified
solution without a proof: a run stopped at --timeout keeps its best), infeasible, unknown, timeout, memout, error,
wrong (a solution that fails the check, or a claimed optimum another run beats or that differs from OEIS A075458 or
A250000); --solvers from cpsat, cp, mip, sat, cpmpy (default: all) with their options (cpsat:symmetry=true,
cpmpy:backend=exact, cp:var=random), or your own optimiser (FILE.py:ATTR, MODEL.mzn with solve minimize/maximize);
--plot draws the anytime curves, --plot-kind profile the performance profile, proof the cactus of time to proof.

examples:
  nqueens compare 4..12
  nqueens compare 10..12 --solvers bitwise,generate-test --repeat 2 --timeout 3 --store runs.sqlite
  nqueens compare 8..20 --solvers bitwise,cpsat,dlx --question first --timeout 10 --plot cactus.png
  nqueens compare 10..12 --solvers dlx:choose=min-size,dlx:choose=first --repeat 3
  nqueens compare --instances tests/data --solvers cpsat,dlx,bitwise --timeout 30
  nqueens compare 10..13 --solvers backtrack,mirror,marks,avail,bitwise --plot seed000.png --plot-kind time
  nqueens compare 4..10 --problem domination --solvers cpsat,mip,sat,cp --timeout 60 --plot anytime.png
  nqueens compare 4..10 --problem peaceable --solvers cpsat,sat,mip,cp:var=random --timeout 20 --seeds 3 --store opt.sqlite
"""


def add_parser(sub):
    parser = sub.add_parser(
        "compare",
        help="run solvers over a range of N (or instance files) and check that they agree",
        description="Run solvers over a range of N and check that they agree: an experiment, one record per run.",
        epilog=EPILOG,
    )
    from nqueens.experiments.questions import QUESTIONS

    given = parser.add_mutually_exclusive_group(required=True)
    given.add_argument("range", type=str, nargs="?", metavar="A..B", help="the range of N, e.g. 4..12")
    given.add_argument(
        "--instances",
        nargs="+",
        metavar="PATH",
        help="instance files (.json, .param, XCSP3 .xml), or folders of them, instead of a range (rows keyed by file name)",
    )
    parser.add_argument(
        "--solvers",
        metavar="LIST",
        help="columns: NAME[:OPT=VAL...],... (default: every solver that can answer, each up to its default reach)",
    )
    add_rules_option(parser, "every solver that takes it unless --solvers is given")
    parser.add_argument(
        "--problem",
        choices=("nqueens", *(problem for asked in QUESTIONS.values() for problem in asked.problems)),
        default="nqueens",
        help="nqueens: n non-attacking queens (default); domination, peaceable: the optimisation problems "
        "(with --question optimize)",
    )
    parser.add_argument(
        "--question",
        choices=tuple(QUESTIONS),
        default=None,
        help="; ".join(f"{name}: {asked.asks}" for name, asked in QUESTIONS.items())
        + " (default: count, or the question that asks --problem)",
    )
    parser.add_argument(
        "--repeat",
        type=positive("repeat"),
        default=1,
        metavar="K",
        help="runs per cell, every one recorded; the table shows median, min and max",
    )
    parser.add_argument(
        "--seeds",
        type=positive("--seeds"),
        metavar="K",
        help="run each randomised solver with the seeds 1..K (its own seed option; deterministic solvers ignore "
        "it and run once); the table shows the median with its quartiles and a bootstrap 95%% interval",
    )
    parser.add_argument(
        "--harness",
        choices=("process", "runexec"),
        default="process",
        help="what measures each run's CPU time and memory: process (getrusage, the default) or BenchExec's "
        "runexec (where installed and cgroups allow it)",
    )
    parser.add_argument(
        "--timeout",
        type=positive_float("--timeout"),
        metavar="SECONDS",
        help="stop a run after this long (its process is ended) and record it as timeout",
    )
    parser.add_argument(
        "--memory",
        type=mebibytes("--memory"),
        metavar="SIZE",
        help="address space a run may add to its worker process (RLIMIT_AS): MiB, or with a unit (512M, 4G); "
        "beyond it: memout",
    )
    parser.add_argument(
        "--workers",
        type=positive("--workers"),
        default=1,
        metavar="K",
        help="runs at the same time, in worker processes (default 1: parallel runs disturb each other's timings)",
    )
    parser.add_argument("--scheduler", metavar="ADDR", help="make the runs on the Dask cluster at tcp://HOST:PORT")
    parser.add_argument(
        "--store",
        metavar="PATH",
        help="result store file ('none': keep nothing; default: $NQUEENS_STORE, else nothing)",
    )
    parser.add_argument("--fresh", action="store_true", help="make every run again, even those in the store")
    parser.add_argument("--nodes", action="store_true", help="fill the node columns (instrumented variants)")
    parser.add_argument("--format", choices=("markdown", "csv", "json"), default="markdown")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument(
        "--aggregate",
        action="store_true",
        help="csv and json: one row per cell (median, min, max of the repeats) instead of one per run",
    )
    parser.add_argument("--plot", metavar="FILE", help="also draw a figure to FILE.png or FILE.svg (see --plot-kind)")
    parser.add_argument(
        "--plot-kind",
        choices=tuple(dict.fromkeys(kind for asked in QUESTIONS.values() for kind in asked.plots)),
        default=None,
        help="cactus: runs solved against time, per solver (default); time: seconds against N "
        "(seed 000's figure); scatter: the first two solvers' times, one point per problem (log-log, timeouts on "
        "the border); ecdf: the runtime distribution of each solver over every run; "
        "optimisation: anytime (the best objective over time with the seeds' spread, the default there), profile "
        "(performance profile) or proof (cactus of the time to proof)",
    )
    parser.add_argument(
        "--report",
        metavar="FILE.html",
        help="also write the experiment's runs as one offline HTML page (see nqueens report)",
    )
    parser.add_argument(
        "--certify",
        metavar="DIR",
        help="solvers sat: write a certificate of each answered run into a folder of DIR and check it; the "
        "table's certified column says accepted or rejected (docs/certify.md)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output, no notes on stderr")
    parser.set_defaults(run=run)


def _warn_if_long(problems, columns):
    """One ``warning:`` before an experiment whose largest board a named solver is forecast to need hours for
    (without --timeout, which bounds every run)."""
    from nqueens.api import request
    from nqueens.core.errors import NQueensError
    from nqueens.runtime.forecast import long_run_warning

    largest = max((p.n for p in problems if p.plain), default=None)
    if largest is None:
        return
    for column in columns:
        options = {k: v for k, v in column.full.items() if k not in ("progress", "store", "cached", "scheduler")}
        try:  # the column's solver and options as parsed once, trusted
            warning = long_run_warning(request(largest, column.spec, checked=True, **options))
        except NQueensError:  # the run itself reports it
            warning = None
        if warning:
            print(f"{warning} (or give --timeout S)", file=sys.stderr)
            return


# The options that go to nqueens.experiments.runner.run as its keywords of the same names.
_RUN_KEYWORDS: tuple[str, ...] = ("question", "repeat", "timeout", "memory", "workers", "scheduler", "store")
_RUN_KEYWORDS += ("fresh", "nodes", "seeds", "harness", "problem", "plot", "plot_kind", "certify")


def run(args):
    from nqueens.experiments import runner as experiment
    from nqueens.experiments.questions import asking, get_question

    if args.report is not None:
        from nqueens.analysis.report_html import check_output

        check_output(args.report, inputs=[args.store])
    skipped: list[Any] = []
    problems = (
        experiment.problems_from_range(args.range)
        if args.instances is None
        else experiment.problems_from_instances(args.instances, skipped)
    )
    for sentence in skipped:  # said even with --quiet: a file the user put there is not run
        print(f"note: {sentence}", file=sys.stderr)
    if args.solvers is None:
        columns = None
    else:
        from nqueens.plugins import import_limit

        with import_limit(args.timeout):  # an outside solver's import is bounded as its runs are
            columns = experiment.parse_solvers(args.solvers)
    if columns is not None and args.rules not in (None, "queen"):
        columns = experiment.with_rule(columns, args.rules)
    fmt = "json" if args.json else args.format
    asked = get_question(args.question or asking(args.problem))
    if columns is not None and args.timeout is None and not args.quiet and asked.forecast:
        _warn_if_long(problems, columns)
    show = _progress() if not args.quiet and sys.stderr.isatty() else None
    announce = None if args.quiet else _announcer(args.timeout, asked.one_solution)  # a first solution's forecast
    given = {key: getattr(args, key) for key in _RUN_KEYWORDS}
    try:
        result = experiment.run(problems, columns, progress=show, rule=args.rules, announce=announce, **given)
    finally:
        if show is not None:
            show.close()
    if args.certify is not None and not args.quiet:
        from nqueens.cli.commands.certify import certified_lines

        print(certified_lines(result.certificates), end="", file=sys.stderr)
    from nqueens.analysis.busy import busy_notes
    from nqueens.analysis.compare import agreement, format_runs, format_table

    notes = list(result.notes) + busy_notes(result.records)
    if fmt == "markdown" or args.aggregate:
        write_out(format_table(result.records, fmt, notes=notes))
    else:
        write_out(format_runs(result.records, fmt))
    if fmt != "markdown" and not args.quiet:
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
        print(agreement(result.records), file=sys.stderr)
    if args.plot is not None and not args.quiet:
        print(f"wrote {args.plot}", file=sys.stderr)
    if args.report is not None:
        _report(args, result)
    return 1 if result.failures or any(r.certified == "rejected" for r in result.records) else 0


# An experiment forecast to take longer than this says so, and how long, before it starts (the worst case, every
# run to its time limit, beside it where a run may come near its limit).
LONG_EXPERIMENT_SECONDS = 20.0
MANY_RUNS = 200


def _announcer(timeout, first=False):
    """The ``announce`` of :func:`nqueens.experiments.runner.run`: one ``note:`` line on stderr before a long
    experiment, with the forecast of :func:`nqueens.runtime.forecast.experiment_forecast` (the worst case beside
    it only where a run may reach its limit; ``first``: the runs stop at their first solution, and the runs whose
    first solution cannot be forecast are said), and how to stop it."""

    def announce(count, runs=()):
        from nqueens.runtime.forecast import ExperimentForecast, duration, experiment_forecast

        stop = "Ctrl-C stops it (with --store the finished runs are kept and the same command resumes)"
        said = experiment_forecast(runs, timeout, first=first) if runs else ExperimentForecast(0.0, None, 0)
        seconds, worst, compiling, unknown = said
        what = f"{count:,} runs" + (f" of at most {timeout:g} s each" if timeout is not None else "")
        at_worst = "" if worst is None else f" (at worst {duration(worst)}, every run to its limit)"
        if unknown:
            why = "whose first solution cannot be forecast (random probes found none in their budget)"
            if timeout is not None:
                said = f": about {duration(seconds)}, counting the {unknown:,} {why} at the limit{at_worst}"
            else:
                known = f"about {duration(seconds)} for the others; " if unknown < count else ""
                said = f": {known}{unknown:,} {why}: their length has no bound (--timeout S bounds each)"
        elif seconds > LONG_EXPERIMENT_SECONDS:
            compiles = f", {compiling} kernel modules to compile first" if compiling else ""
            at_worst = "" if worst is None or worst < 1.5 * seconds else at_worst  # no worse to speak of
            said = f": this experiment is forecast to take about {duration(seconds)}{compiles}{at_worst}"
        elif timeout is None and count >= MANY_RUNS:
            said = " without --timeout: their length has no bound (--timeout S bounds each)"
        else:
            return
        print(f"note: {what}{said}; {stop}", file=sys.stderr, flush=True)

    return announce


class _progress:
    """At a terminal, one line that says how far the experiment is: tqdm's bar of the runs, fitted to the terminal's
    width, with the last run beside it; gone once the experiment ends (or is interrupted)."""

    def __init__(self):
        self.bar = None

    def __call__(self, done, total, record):
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit=" runs", file=sys.stderr, leave=False, dynamic_ncols=True)
        where = record.instance or f"n = {record.n}"
        self.bar.set_postfix_str(f"{where}, {record.solver} (repeat {record.repeat}): {record.status}", refresh=False)
        self.bar.update(done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def _report(args, result):
    from nqueens.cli.commands.report import write

    # The page is of this experiment's runs; the store may hold others, which `nqueens report` would add.
    label = result.store or "this experiment (not stored)"
    again = None if result.store is None else ["nqueens", "report", "--store", result.store, "-o", args.report]
    write([(label, result.records)], args.report, again, quiet=args.quiet)
