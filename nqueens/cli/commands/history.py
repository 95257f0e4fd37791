"""``nqueens history``: the finished runs recorded in the result store (see :mod:`nqueens.runtime.store`)."""

from nqueens.cli.commands._common import print_json
from nqueens.cli.commands._output import write_out
from nqueens.runtime.store import ResultStore

# docs/design.md's keys of a history entry, in order.
KEYS = ("n", "solver", "total", "unique", "seconds", "workers", "host", "version", "finished")

EPILOG = """\
examples:

  nqueens history
  nqueens history --store runs.sqlite --json

unfinished counts and deleting runs: nqueens store list; experiment runs: nqueens runs
"""


def add_parser(sub):
    parser = sub.add_parser(
        "history",
        help="list the runs recorded in the result store",
        description="List the finished counts recorded in the result store, and say which are unfinished.",
        epilog=EPILOG,
    )
    parser.add_argument(
        "--store", metavar="PATH", help="the result store file (default: $NQUEENS_STORE, else the cache dir)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(run=run)


def run(args):
    with ResultStore(args.store, create=False, write=False) as store:
        runs = store.history()
        unfinished = store.unfinished()
    if args.json:
        print_json([{key: entry[key] for key in KEYS} for entry in runs])
        return 0
    lines = []
    if not runs:
        lines.append(f"no finished runs in {store.path}")
    else:
        from nqueens.core.table import render

        shown = [{**e, "seconds": f"{e['seconds']:.3f}" + ("*" if e["reused"] else "")} for e in runs]
        rows = [[e[key] for key in KEYS] for e in shown]
        right = {"n", "total", "unique", "seconds", "workers"}
        lines += render(KEYS, rows, style="aligned", right=right.__contains__).splitlines()
        if any(e["reused"] for e in runs):
            lines.append("* resumed: part of the subproblems were finished by an earlier, interrupted run")
    for u in unfinished:
        lines.append(
            f"unfinished: n = {u['n']}, {u['solver']}, {u['done']} of {u['subproblems']} subproblems done "
            f"(started {u['started']}): run the same count again to resume it"
        )
    write_out("\n".join(lines) + "\n")
    return 0
