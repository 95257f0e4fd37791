"""``nqueens replay FILE.trace ...``: turn recorded traces into one replay page for the browser."""

import sys

from nqueens.cli.commands._common import epilog
from nqueens.core.errors import NQueensError


def add_parser(sub):
    parser = sub.add_parser(
        "replay",
        help="turn trace files into one replay page (two or three: compared)",
        description="Check trace files written by 'nqueens trace -o' (format, version, completeness, sha256) and "
        "write one self-contained HTML page that replays them offline; two or three traces of one board are "
        "compared in the page.",
        epilog=epilog(
            "nqueens replay fc.trace --html fc.html",
            "nqueens replay none.trace fc.trace ac.trace --html compare.html",
        ),
    )
    parser.add_argument("traces", nargs="+", metavar="FILE.trace", help="one to three trace files")
    parser.add_argument("--html", metavar="FILE", required=True, help="the page to write")
    parser.add_argument("--quiet", action="store_true", help="no summary on stderr")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.replay import page
    from nqueens.analysis.tracefile import read

    if len(args.traces) > 3:
        raise NQueensError(f"a page compares at most three traces; got {len(args.traces)}")
    from nqueens.core.files import check_distinct

    check_distinct(args.html, args.traces)  # before reading: the page must not replace a trace
    traces = [read(path) for path in args.traces]
    if len({t.n for t in traces}) > 1:
        raise NQueensError(
            "traces compared in one page must be of the same board: "
            + ", ".join(f"{p} has n = {t.n}" for p, t in zip(args.traces, traces))
        )
    from nqueens.core.files import replaced

    with replaced(args.html) as f:
        f.write(page(traces))
    if not args.quiet:
        print(
            f"wrote {args.html}: {len(traces)} trace{'s' if len(traces) > 1 else ''}, n = {traces[0].n}",
            file=sys.stderr,
        )
    return 0
