"""``nqueens runs``: the experiment runs recorded in the result store (``nqueens compare --store``); with
``--check``, whether their statuses hold up together; with ``--compare A B``, two configurations side by side."""

import sys
from datetime import UTC

from nqueens.cli.commands._output import write_out
from nqueens.core.errors import NQueensError

EPILOG = """\
--check judges every stored run again, all together, across solvers, runs and experiments: a count against the
published values (OEIS A000170, A002562) and the other runs of the same problem, every first solution against the
board or instance, and an unsat beside a run that found a solution is wrong. It lists the runs whose status does
not hold (and those recorded wrong); exit status 1 if there is one.

--compare A B sets two configurations side by side, problem by problem (status, median seconds, ratio, PAR2,
problems answered by one only): A and B are each a column of the store (as named in --solvers) or the path of
another store file (all its runs, or those of --solver).

examples:
  nqueens runs --store runs.sqlite
  nqueens runs --store runs.sqlite --format csv --solver bitwise --since 2025-01-31
  nqueens runs --store runs.sqlite --check
  nqueens runs --store runs.sqlite --compare cp:var=input cp:var=first-fail
  nqueens runs --compare monday.sqlite tuesday.sqlite --solver cpsat
"""


def add_parser(sub):
    parser = sub.add_parser(
        "runs",
        help="list the experiment runs recorded in the result store",
        description="List the experiment runs (nqueens compare) recorded in the result store, every repeat.",
        epilog=EPILOG,
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
    parser.add_argument(
        "--check",
        action="store_true",
        help="judge the stored runs together: list those whose status does not hold (exit 1 if any)",
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar=("A", "B"),
        help="two configurations side by side: each a column of the store or another store file",
    )
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.compare import format_runs
    from nqueens.runtime.store import ResultStore

    since = None if args.since is None else _since(args.since)
    fmt = "json" if args.json else args.format
    if args.check and args.compare:
        raise NQueensError("--check and --compare do different things: give one of them")
    if args.compare:
        return _compare(args, since, fmt)
    with ResultStore(args.store, create=False, write=False) as store:
        records = store.experiment_runs(solver=args.solver, since=since)
        repeated = store.repeated_runs() if args.check else {}
    if args.check:
        return _check(records, store.path, fmt, repeated)
    _refuse_damaged(records, store.path)
    if not records and fmt == "table":
        which = f" of {args.solver}" if args.solver else ""
        when = f" since {args.since}" if args.since else ""
        write_out(f"no experiment runs{which}{when} in {store.path}\n")
        return 0
    write_out(format_runs(records, fmt))
    if fmt == "table":
        from nqueens.analysis.busy import busy_notes

        for note in busy_notes(records):
            print(f"note: {note}", file=sys.stderr)
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


def _refuse_damaged(records, path):
    """One line for the first stored run that cannot be a run (``runs --check`` lists them all)."""
    from nqueens.experiments.runner import damage

    for record in records:
        why = damage({key: value for key, value in record.items() if key != "id"})
        if why is not None:
            raise NQueensError(
                f"result store {path}: run {record['id']} is damaged: {why}; `nqueens runs --check` lists every run "
                "that does not hold up"
            )


def _check(records, path, fmt, repeated=None):
    from nqueens.analysis.compare import format_check
    from nqueens.core.record import RunRecord
    from nqueens.experiments.runner import check, damage

    damaged, sound = [], []
    for record in records:
        why = damage({key: value for key, value in record.items() if key != "id"})
        if why is None:
            sound.append(record)
        else:
            damaged.append((_shown(record, RunRecord), f"damaged record: {why}"))
    again = [
        (
            _shown(record, RunRecord),
            f"the same run as run {repeated[record['id']]}, stored again (made again with "
            "--fresh, or written by two experiments at once): a median over the runs counts it twice",
        )
        for record in records
        if record.get("id") in (repeated or {})
    ]
    found = sorted(damaged + again + check(sound), key=lambda pair: pair[0].id or 0)
    if fmt == "json":
        write_out(format_check(found, "json"))
    elif found:
        write_out(format_check(found))
        write_out(f"{len(found)} of {len(records)} runs in {path} do not hold up\n")
    else:
        write_out(f"all {len(records)} runs in {path} are consistent\n")
    return 1 if found else 0


def _shown(record, kind):
    """A damaged record as far as it can be shown: each field of its declared kind, else empty."""
    kinds = kind.kinds()
    sound = {key: record.get(key) for key in ("n", "solver", "question", "repeat", "status", "instance")}
    sound = {key: value for key, value in sound.items() if value is not None and kinds[key].why(value) is None}
    return kind(**{"n": None, "solver": "?", "question": "?", "repeat": None, **sound}, id=record.get("id"))


def _compare(args, since, fmt):
    import os

    from nqueens.analysis.compare import compare_configurations, format_comparison
    from nqueens.runtime.store import ResultStore

    first, second = args.compare
    same = first == second or (os.path.isfile(first) and os.path.isfile(second) and os.path.samefile(first, second))
    if same:
        raise NQueensError(f"--compare sets {first} against itself: give two columns, or two store files")
    sides = []
    for name in args.compare:
        column = not os.path.isfile(name)  # else a store file: all its runs, or those of --solver
        if column and args.solver is not None:
            raise NQueensError(f"--solver picks the runs of a store file; {name!r} is a column (or no such file)")
        with ResultStore(args.store if column else name, create=False, write=False) as store:
            runs = store.experiment_runs(solver=name if column else args.solver, since=since)
        if column and not runs:
            raise NQueensError(
                f"{name!r} is neither a store file nor a column with runs in {store.path} "
                "(see nqueens runs for the columns)"
            )
        _refuse_damaged(runs, store.path)
        sides.append(runs)
    result = compare_configurations(*sides)
    if not result["rows"]:
        raise NQueensError(f"{args.compare[0]} and {args.compare[1]} have no problem in common")
    write_out(format_comparison(result, args.compare, "table" if fmt == "table" else fmt))
    return 0
