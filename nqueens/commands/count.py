"""``nqueens count N``: count the solutions with one solver."""

import sys

from nqueens.api import count
from nqueens.commands._common import add_solver_options, board_size, print_json


def add_parser(sub):
    parser = sub.add_parser("count", help="count the solutions for one N")
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    parser.add_argument("--solver", help="a registered solver (default: the fast counter)")
    parser.add_argument("--nodes", action="store_true", help="also count search-tree nodes per depth")
    add_solver_options(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--quiet", action="store_true", help="no progress output")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.analysis.estimate import long_run_warning

    warning = long_run_warning(args.n, args.solver, **dict(args.options))
    if warning:
        print(warning, file=sys.stderr)
    result = count(args.n, args.solver, nodes=args.nodes, **dict(args.options))
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
