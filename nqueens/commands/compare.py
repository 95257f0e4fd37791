"""``nqueens compare A..B``: run solvers over a range and check that they agree."""

import sys

from nqueens.analysis.compare import compare, format_table, parse_range
from nqueens.commands._common import positive


def add_parser(sub):
    parser = sub.add_parser("compare", help="run solvers over a range of N and check that they agree")
    parser.add_argument("range", type=str, metavar="A..B", help="the range of N, e.g. 4..12")
    parser.add_argument("--solvers", help="comma-separated solver names (default: every counter, each up to its reach)")
    parser.add_argument("--repeat", type=positive("repeat"), default=1, metavar="K", help="runs each, keep the fastest")
    parser.add_argument("--nodes", action="store_true", help="fill the node columns (instrumented variants)")
    parser.add_argument("--format", choices=("markdown", "csv", "json"), default="markdown")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument(
        "--plot", metavar="FILE", help="also draw seconds against N per solver (seed 000's figure) to FILE.png or .svg"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    parser.set_defaults(run=run)


def run(args):
    ns = parse_range(args.range)
    if args.plot:
        from nqueens.analysis.plots import check_path

        check_path(args.plot)  # before the runs, not after them
    names = [s.strip() for s in args.solvers.split(",") if s.strip()] if args.solvers else None
    show = None
    if not args.quiet and sys.stderr.isatty():
        def show(n, solver):
            sys.stderr.write(f"\r\033[Kn = {n}: {solver}")
            sys.stderr.flush()
    records = compare(ns, names, repeat=args.repeat, nodes=args.nodes, progress=show)
    if show is not None:
        sys.stderr.write("\r\033[K")
    sys.stdout.write(format_table(records, "json" if args.json else args.format))
    if args.plot:
        from nqueens.analysis.plots import plot_timings

        plot_timings(records, args.plot)
        if not args.quiet:
            print(f"wrote {args.plot}", file=sys.stderr)
    return 0
