"""``nqueens trace N --solver S``: record a search as a trace file and/or a replay page that opens in a browser."""

import sys

from nqueens.cli.commands._common import board_size, epilog, one_column
from nqueens.core.errors import NQueensError


def add_parser(sub):
    parser = sub.add_parser(
        "trace",
        help="record a search's events: a trace file and a replay page for the browser",
        description="Record the search of a solver that reports its events (mary and permutation with every "
        "propagation and order, dlx, backtrack, an outside solver that gives events) as a trace file (-o) and/or "
        "one self-contained HTML page (--html) that replays it offline; --compare puts two or three searches of "
        "the same board in one page. A trace holds at most 250,000 generated nodes: its size is stated before it "
        "is recorded, and a bigger search is refused.",
        epilog=epilog(
            "nqueens trace 8 --solver mary:propagation=forward-checking --html fc.html",
            "nqueens trace 8 --solver mary --compare mary:propagation=forward-checking "
            "mary:propagation=arc-consistency --html compare.html",
            "nqueens trace 8 --solver mary:order=first-fail -o ff.trace   # nqueens replay ff.trace --html ff.html",
            "nqueens trace 6 --solver dlx --html dlx.html",
        ),
    )
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    parser.add_argument(
        "--solver",
        required=True,
        metavar="S",
        help="the solver and its options, NAME[:OPT=VALUE[:OPT=VALUE]] (mary:propagation=arc-consistency)",
    )
    parser.add_argument(
        "--compare",
        nargs="+",
        metavar="S",
        help="one or two more searches of the same board, compared with --solver's in the page",
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write the trace file (gzip; see the replay guide)")
    parser.add_argument("--html", metavar="FILE", help="write the replay page (one file, opens offline)")
    parser.add_argument("--quiet", action="store_true", help="no summary on stderr")
    parser.set_defaults(run=run)


def run(args):
    from nqueens import tracing
    from nqueens.core.background import call

    if not (args.output or args.html):
        raise NQueensError("say where to write the trace: -o FILE.trace and/or --html FILE.html")
    specs = [args.solver, *(args.compare or [])]
    if len(specs) > 3:
        raise NQueensError(f"--compare takes one or two searches besides --solver's; got {len(specs) - 1}")
    if args.output and len(specs) > 1:
        raise NQueensError("-o writes one trace: record each search on its own, or leave -o out with --compare")
    if args.output and args.html:
        from nqueens.core.files import check_distinct

        check_distinct(args.html, [args.output], "the trace file (-o)")
    columns = [one_column(spec, "one solver a value", "mary:propagation=none") for spec in specs]
    _say_compiling(columns)
    say = None if args.quiet else (lambda line: print(line, file=sys.stderr))
    traces = [call(tracing.record, args.n, name, report=say, **options) for name, options in columns]
    if args.output:
        traces[0].write(args.output)
        _said(args, f"wrote {args.output}: {_summary(traces[0])}")
    if args.html:
        from nqueens.analysis.replay import page
        from nqueens.core.files import replaced

        with replaced(args.html) as f:
            f.write(page(traces))
        _said(args, f"wrote {args.html}: " + "; ".join(_summary(t) for t in traces))
    return 0


def _say_compiling(columns):
    """The kernels the searches will compile, said before any is loaded (the compile notes, at a terminal)."""
    from nqueens.core.cache import say_uncompiled
    from nqueens.registry import get_solver

    modules = {get_solver(name).module for name, _ in columns}
    say_uncompiled(sorted(m for m in modules if m is not None))


def _summary(t):
    def many(count, word):
        return f"{count:,} {word}{'s' * (count != 1)}"

    return f"{t.label}, n = {t.n}: {many(t.nodes, 'node')}, {many(t.solutions, 'solution')}, {many(t.steps, 'event')}"


def _said(args, line):
    if not args.quiet:
        print(line, file=sys.stderr)
