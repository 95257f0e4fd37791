"""``nqueens runs``: the experiment runs recorded in the result store (``nqueens compare --store``)."""

import argparse
from datetime import UTC

from nqueens.cli.commands._output import write_out
from nqueens.core.errors import NQueensError

EPILOG = """\
examples:
  nqueens runs --store runs.sqlite
  nqueens runs --store runs.sqlite --format csv --solver bitwise --since 2025-01-31
"""


def add_parser(sub):
    parser = sub.add_parser(
        "runs",
        help="list the experiment runs recorded in the result store",
        description="List the experiment runs (nqueens compare) recorded in the result store, every repeat.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--store", metavar="PATH", help="the result store file (default: $NQUEENS_STORE, else the cache dir)"
    )
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("--solver", metavar="S", help="only the runs of this column (as named in --solvers)")
    parser.add_argument(
        "--since",
        metavar="WHEN",
        help="only runs finished at or after this UTC date or time (2025-01-31 or 2025-01-31T12:00)",
    )
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.compare import format_runs
    from nqueens.runtime.store import ResultStore

    since = None if args.since is None else _since(args.since)
    with ResultStore(args.store, create=False) as store:
        records = store.experiment_runs(solver=args.solver, since=since)
    fmt = "json" if args.json else args.format
    if not records and fmt == "table":
        which = f" of {args.solver}" if args.solver else ""
        when = f" since {args.since}" if args.since else ""
        write_out(f"no experiment runs{which}{when} in {store.path}\n")
        return 0
    write_out(format_runs(records, fmt))
    return 0


def _since(text):
    from datetime import datetime

    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise NQueensError(
            f"--since takes a date or time such as 2025-01-31 or 2025-01-31T12:00, got {text!r}"
        ) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).isoformat(timespec="seconds")
