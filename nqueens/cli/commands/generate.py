"""``nqueens generate blocked|completion|excluded N K``: a seeded random instance file.

The generators are :mod:`nqueens.native.instances` (after the ones published with CSPLib problems 079 and
080); the file formats are :mod:`nqueens.core.instance_io`. The same arguments give the same file.
"""

import sys

from nqueens.cli.commands._common import board_size, whole

_EPILOG = """examples:

  nqueens generate excluded 21 19 --seed 7 -o diag-21-19-7.param
  #   the paper's excluded diagonals: the first 19 of seed 7's list, every row and column keeping 4 squares
  nqueens generate blocked 28 300 --format json
  #   300 blocked squares on a 28 x 28 board (as in the ASP competition), printed as JSON
  nqueens generate completion 12 4 --method random --seed 3
  #   4 queens dropped at random on a 12 x 12 board (prob079's generator); --method solution (the default)
  #   takes them from a random solution, so the instance has one
"""


def add_parser(sub):
    from nqueens.core.instance_io import FORMATS

    parser = sub.add_parser(
        "generate",
        help="write a seeded random instance (blocked squares, placed queens, excluded diagonals)",
        epilog=_EPILOG,
    )
    parser.add_argument("kind", choices=("blocked", "completion", "excluded"), help="what K counts")
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    parser.add_argument("k", type=whole("K"), metavar="K", help="blocked squares, placed queens or excluded diagonals")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0): the same seed, the same file")
    parser.add_argument(
        "--method",
        choices=("solution", "random"),
        default="solution",
        help="completion: queens from a random solution (default) or dropped at random as in prob079",
    )
    parser.add_argument(
        "--min-free",
        type=whole("K"),
        default=4,
        metavar="F",
        help="blocked, excluded: every row and column keeps at least F open squares (default 4, the paper's)",
    )
    parser.add_argument(
        "--format", choices=FORMATS, default=None, help="param (Essence', default) or json; by default from -o's suffix"
    )
    parser.add_argument("-o", "--output", metavar="FILE", help="write FILE instead of printing")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.core.background import call
    from nqueens.core.instance_io import format_instance, write_instance
    from nqueens.tools import random_instance

    # Off the main thread: a completion instance runs the instance solver, which Ctrl-C must not wait for.
    inst = call(random_instance, args.kind, args.n, args.k, seed=args.seed, method=args.method, min_free=args.min_free)
    if args.output:
        write_instance(inst, args.output, args.format)
        return 0
    text = format_instance(inst, args.format or "param")
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
