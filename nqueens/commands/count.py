"""``nqueens count N``: count the solutions with one solver.

``--workers``, ``--scheduler``, ``--store`` and ``--cached`` are the fast counter's options (see
:mod:`nqueens.native.engine`); they are passed on only when given, so a solver without them rejects them with
the registry's one-line error. The progress bar is on for solvers that have one, on a terminal, unless
``--quiet`` or ``--json``.
"""

import sys

from nqueens.api import DEFAULT_COUNTER, count
from nqueens.commands._common import add_solver_options, board_size, positive, print_json
from nqueens.registry import get_solver

# Command-line flags that map one-to-one to solver options of the same name.
_SOLVER_FLAGS = ("workers", "scheduler", "store", "cached")


def add_parser(sub):
    parser = sub.add_parser("count", help="count the solutions for one N")
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    parser.add_argument("--solver", help="a registered solver (default: the fast counter)")
    parser.add_argument("--nodes", action="store_true", help="also count search-tree nodes per depth")
    parser.add_argument("--workers", type=positive("workers"), metavar="K", help="local threads (default: all cores)")
    parser.add_argument("--scheduler", metavar="ADDR", help="run on the Dask cluster at ADDR (tcp://HOST:PORT)")
    parser.add_argument(
        "--store", metavar="PATH", help="result store file ('none' keeps nothing; default: $NQUEENS_STORE, else the cache dir)"
    )
    parser.add_argument("--cached", action="store_true", default=None, help="print the stored answer of a finished run")
    add_solver_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.forecast import long_run_warning

    options = dict(args.options)
    for name in _SOLVER_FLAGS:
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    spec = get_solver(args.solver or DEFAULT_COUNTER)
    has = {opt.name for opt in spec.options}
    if "progress" in has:
        options["progress"] = not (args.quiet or args.json) and sys.stderr.isatty()
    if not options.get("cached"):
        # The forecast times a few small counts: they run locally and are not recorded.
        timing = {k: v for k, v in options.items() if k not in _SOLVER_FLAGS and k != "progress"}
        if "store" in has:
            timing["store"] = "none"
        warning = long_run_warning(args.n, args.solver, **timing)
        if warning:
            print(warning, file=sys.stderr)
    result = count(args.n, args.solver, nodes=args.nodes, **options)
    if args.json:
        print_json(result.to_dict())
        return 0
    doc = result.to_dict()
    print(f"n = {result.n}, solver {result.solver}: {result.total} solutions")
    for key in ("unique", "classes", "nodes", "profile"):
        if doc[key] is not None:
            print(f"  {key}: {doc[key]}")
    for key, value in doc["stats"].items():
        print(f"  {key}: {value}")
    print(f"  seconds: {result.seconds:.6f}")
    return 0
