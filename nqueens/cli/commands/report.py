"""``nqueens report``: one self-contained HTML page of the experiment runs in a result store, or of two stores side
by side (:mod:`nqueens.analysis.report_html`)."""

import sys

from nqueens.core.errors import NQueensError

EPILOG = """\
The page is one file that opens from the file system, offline: the experiment (the command, question, problems,
limits, harness, seeds, machine and versions the runs record), the verdict first (agreement with each other and the
published values; every wrong, error and memout with its record), a per-solver summary (solved, timeouts, PAR2,
geometric mean time, effort), the per-problem table (sortable, filterable by n, solver and status; a status shows
its run records), the figures (cactus, ECDF, a scatter of two columns chosen on the page, anytime curves of
optimisation runs) as SVG with hover values, and the paired statistics of a chosen pair of solvers. With two
--store, the stores side by side: per problem and solver the ratio of the times, the changes of status or answer
first.

A run made again (compare --fresh) counts once, the latest. A store of more than 20,000 runs is summarised: the
page holds its cells and summaries, not every run, and says so. A page is of one question, and of one optimisation
problem (--problem) where a store holds domination and peaceable runs.

examples:
  nqueens report --store runs.sqlite -o report.html
  nqueens report --store runs.sqlite --question first --solver cpsat -o first.html
  nqueens report --store opt.sqlite --question optimize --problem peaceable -o peaceable.html
  nqueens report --store monday.sqlite --store tuesday.sqlite -o changes.html
  nqueens compare 4..12 --store runs.sqlite --report report.html
"""


def add_parser(sub):
    from nqueens.core.optimization import PROBLEMS
    from nqueens.experiments.questions import QUESTIONS

    parser = sub.add_parser(
        "report",
        help="one self-contained HTML page of the experiment runs in a result store (or two side by side)",
        description="Write one offline HTML page of a result store's experiment runs (or two stores side by side).",
        epilog=EPILOG,
    )
    parser.add_argument(
        "--store",
        metavar="PATH",
        action="append",
        help="a result store file; give it twice to set two stores side by side "
        "(default: $NQUEENS_STORE, else the cache dir)",
    )
    parser.add_argument("-o", "--output", metavar="FILE.html", required=True, help="the page to write")
    parser.add_argument("--solver", metavar="S", help="only the runs of this column (as named in --solvers)")
    parser.add_argument(
        "--question",
        choices=tuple(QUESTIONS),
        help="only the runs of this question (a store that holds several experiments)",
    )
    parser.add_argument(
        "--problem",
        choices=PROBLEMS,
        help="only the runs of this optimisation problem (a store that holds both)",
    )
    parser.add_argument("--quiet", action="store_true", help="no line on stderr when the page is written")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.report_html import check_output
    from nqueens.runtime.store import ResultStore

    stores = args.store or [None]
    check_output(args.output, inputs=stores)
    if len(stores) > 2:
        raise NQueensError(f"a report is of one store or two side by side, got {len(stores)} --store")
    sides = []
    for path in stores:
        with ResultStore(path, create=False, write=False) as store:
            records = store.experiment_runs(solver=args.solver)
            superseded = store.superseded_runs()
        asked = {key: getattr(args, key) for key in ("question", "problem") if getattr(args, key) is not None}
        # a run made again counts once: the latest; and only the runs of --question and --problem, where given
        records = [r for r in records if r["id"] not in superseded and all(r.get(k) == v for k, v in asked.items())]
        check_records(records, store.path, args.solver, " ".join(filter(None, (args.question, args.problem))))
        sides.append((str(store.path), records))
    if len(sides) == 2 and _same_file(sides[0][0], sides[1][0]):
        raise NQueensError(f"the two --store are the same file {sides[0][0]}: give two stores to set side by side")
    command = ["nqueens", "report"] + [part for label, _ in sides for part in ("--store", label)]
    if args.solver:
        command += ["--solver", args.solver]
    write(sides, args.output, command + ["-o", args.output], quiet=args.quiet)
    return 0


def _same_file(a, b):
    import os

    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_records(records, path, solver=None, question=None):
    """Refuse an empty store (or column, or question) and a damaged run, in one line each."""
    from nqueens.cli.commands.runs import _refuse_damaged

    if not records:
        which = (f" of {solver}" if solver else "") + (f" of the question {question}" if question else "")
        raise NQueensError(f"result store {path} holds no experiment runs{which}: nothing to report")
    _refuse_damaged(records, path)


def write(sides, output, command, *, quiet=False):
    """Build the page of ``sides`` and write it to ``output`` (atomically; never over an input store)."""
    import shlex

    from nqueens.analysis.report_html import render, report_data, write_report

    if command is not None and "--question" not in command:  # the page is of one question (and problem)
        first = sides[0][1][0] if sides and sides[0][1] else {}
        asked = ["--question", first.get("question") or "count"]
        asked += ["--problem", first["problem"]] if first.get("problem") else []
        command = [*command[:2], *asked, *command[2:]]
    shown = None if command is None else " ".join(shlex.quote(str(part)) for part in command)
    data = report_data(sides, command=shown)
    write_report(output, render(data), inputs=[label for label, _ in sides])
    if not quiet:
        print(f"wrote {output}", file=sys.stderr)
