"""``nqueens store``: look after the result store: its runs (finished and unfinished), deleting, vacuuming."""

import json

from nqueens.cli.commands._output import write_out

EPILOG = """\
examples:
  nqueens store list --store runs.sqlite       # file, size, schema; finished and unfinished counting runs
  nqueens store show 3 --store runs.sqlite     # one run, everything it recorded
  nqueens store delete 3 --store runs.sqlite   # a counting run and its subproblems
  nqueens store delete --experiment-runs --solver generate-test
  nqueens store vacuum --store runs.sqlite     # give the space of deleted rows back
"""


def add_parser(sub):
    parser = sub.add_parser(
        "store",
        help="list, show, delete runs of the result store; vacuum it",
        description="Look after the result store: its counting runs (finished, and unfinished with their "
        "progress), its experiment runs, the file's size and schema.",
        epilog=EPILOG,
    )
    parser.add_argument("action", choices=("list", "show", "delete", "vacuum"))
    parser.add_argument("ids", nargs="*", type=int, metavar="ID", help="run ids (show, delete), from `store list`")
    parser.add_argument(
        "--store", metavar="PATH", help="the result store file (default: $NQUEENS_STORE, else the cache dir)"
    )
    parser.add_argument(
        "--experiment-runs",
        action="store_true",
        help="delete: the experiment runs (of --solver only, if given) instead of counting runs",
    )
    parser.add_argument("--solver", metavar="S", help="with --experiment-runs: only this column's runs")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.core.errors import NQueensError
    from nqueens.runtime.store import ResultStore

    if args.action in ("show", "delete") and not args.ids and not args.experiment_runs:
        raise NQueensError(f"store {args.action} needs the id of a run (see `nqueens store list`)")
    if args.ids and args.action in ("list", "vacuum"):
        raise NQueensError(f"store {args.action} takes no run id")
    if (args.experiment_runs or args.solver) and args.action != "delete":
        raise NQueensError("--experiment-runs and --solver go with store delete (`nqueens runs` lists them)")
    with ResultStore(args.store, create=False, write=args.action in ("delete", "vacuum")) as store:
        return _ACTIONS[args.action](store, args)


def _list(store, args):
    info = store.info()
    unfinished = store.unfinished()
    finished = _finished(store)
    if args.json:
        write_out(json.dumps({**info, "unfinished_runs": unfinished, "finished_runs": finished}, indent=2) + "\n")
        return 0
    lines = [
        f"{info['path']}: {_size(info['size'])}, schema {info['schema']}, {info['finished']} finished and "
        f"{info['unfinished']} unfinished counting runs, {info['experiment_runs']} experiment runs"
    ]
    if unfinished:
        lines.append("")
        lines.append("unfinished (run the same count again to resume; `store delete ID` to drop):")
        done = [{**u, "done": f"{u['done']}/{u['subproblems']} subproblems"} for u in unfinished]
        lines += _table(("id", "n", "solver", "version", "done", "started"), done)
    if finished:
        lines.append("")
        lines.append("finished:")
        lines += _table(("id", "n", "solver", "version", "total", "unique", "seconds", "finished"), finished)
        lines += [f"run {f['id']}: {f['problem']}" for f in finished if f.get("problem")]
    write_out("\n".join(lines) + "\n")
    return 0


def _show(store, args):
    from nqueens.core.errors import NQueensError

    every = {entry["id"]: entry for entry in _finished(store)}
    every.update({u["id"]: u for u in store.unfinished()})
    shown = []
    for run_id in args.ids:
        if run_id not in every:
            raise NQueensError(f"result store {store.path} has no run {run_id}; `nqueens store list` shows the ids")
        shown.append(every[run_id])
    if args.json:
        write_out(json.dumps(shown, indent=2, default=str) + "\n")
        return 0
    blocks = []
    for entry in shown:
        width = max(len(k) for k in entry)
        blocks.append("\n".join(f"{key.ljust(width)}  {_human(value)}" for key, value in entry.items()))
    write_out("\n\n".join(blocks) + "\n")
    return 0


def _delete(store, args):
    if args.experiment_runs:
        gone = store.delete_experiment_runs(args.solver)
        write_out(
            f"deleted {gone} experiment run{'s' if gone != 1 else ''}"
            + (f" of {args.solver}" if args.solver else "")
            + f" from {store.path}\n"
        )
        return 0
    for run_id in args.ids:
        store.delete_run(run_id)
    write_out(f"deleted run{'s' if len(args.ids) > 1 else ''} {', '.join(map(str, args.ids))} from {store.path}\n")
    return 0


def _vacuum(store, args):
    before = store.info()["size"]
    store.vacuum()
    after = store.info()["size"]
    write_out(f"{store.path}: {_size(before)} -> {_size(after)}\n")
    return 0


_ACTIONS = {"list": _list, "show": _show, "delete": _delete, "vacuum": _vacuum}


def _finished(store):
    """The finished runs; one that does not add up is listed with its problem (so that it can be deleted)."""
    return [
        {k: v for k, v in row.items() if k != "result"} | {"classes": row["result"].get("classes")}
        for row in store.history(check=False)
    ]


def _table(header, entries):
    """The ``header`` keys of each entry, one aligned row each (the ids and sizes as stored, the rest for people)."""
    from nqueens.core.table import render

    rows = [[str(e[key]) if key in ("id", "n") else _human(e[key]) for key in header] for e in entries]
    return render(header, rows, style="aligned", right=lambda column: False).splitlines()


def _human(value):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "-"
    return str(value)


def _size(size):
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
