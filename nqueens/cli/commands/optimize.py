"""``nqueens optimize PROBLEM N|A..B``: queens domination or peaceable queens, optimised by one or several solvers.

The one-run shortcut of ``nqueens compare --question optimize``, on the same runner: one board and one solver
prints the run and its board; a range or several solvers prints the experiment's table, judged together: a claimed
optimum that another solver beats, or that differs from the published value, is ``wrong`` (exit 1). ``--plot``
draws the anytime curves, ``--plot-profile`` the performance profile.
"""

from nqueens.cli.commands._common import positive, positive_float
from nqueens.cli.commands._optimization import run_optimization

_EPILOG = """examples:

  nqueens optimize domination 8                                  # the fewest queens that cover the board (5)
  nqueens optimize peaceable 6 --solver cpsat --symmetry         # 5 white and 5 black queens in peace
  nqueens optimize domination 4..10 --solvers cpsat,mip,sat,cp --timeout 60 --plot anytime.png
"""


def add_parser(sub):
    parser = sub.add_parser(
        "optimize",
        help="queens domination or peaceable queens, optimised and checked",
        description="Optimise a problem of the queens family: domination (the fewest queens that attack or "
        "occupy every square, OEIS A075458) or peaceable (the largest equal white and black armies with no "
        "queen attacking one of the other colour, OEIS A250000). Every solution is verified; runs are judged "
        "against each other and the published values.",
        epilog=_EPILOG,
    )
    parser.add_argument("problem", metavar="PROBLEM", help="domination or peaceable")
    parser.add_argument("range", metavar="N|A..B", help="a board size, or a range of them")
    parser.add_argument("--solver", metavar="S", help="one solver: cpsat (default), cp, mip, sat or cpmpy")
    parser.add_argument(
        "--solvers",
        metavar="S,S",
        help="several solvers, compared, with their options as in nqueens compare (e.g. "
        "cpsat,cpsat:symmetry=true,sat,cp:var=random,cpmpy:backend=exact), or your own optimiser",
    )
    parser.add_argument(
        "--timeout", type=positive_float("--timeout"), metavar="T", help="seconds per run (default: none)"
    )
    parser.add_argument(
        "--symmetry", action="store_true", help="symmetry=true for every solver that has the option (cpsat)"
    )
    parser.add_argument(
        "--workers",
        type=positive("--workers"),
        metavar="K",
        help="workers=K for every solver that has the option: CP-SAT's search workers (default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the runs as JSON")
    parser.add_argument("--plot", metavar="FILE", help="draw the anytime curves to a .png or .svg file")
    parser.add_argument("--plot-profile", metavar="FILE", help="draw the performance profile to a .png or .svg")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument(
        "--certify",
        metavar="DIR",
        help="solver sat: write a certificate of each optimum (the placement and a DRAT proof that none is "
        "better) to DIR and check it (docs/certify.md)",
    )
    parser.set_defaults(run=run)


def run(args):
    from nqueens.core.errors import NQueensError

    if args.solver is not None and args.solvers is not None:
        raise NQueensError("give --solver or --solvers, not both")
    fmt = "json" if args.json else "markdown"
    given = {key: getattr(args, key) for key in ("timeout", "symmetry", "workers", "plot", "plot_profile", "quiet")}
    solvers = args.solvers if args.solvers is not None else args.solver
    return run_optimization(args.problem, args.range, solvers, fmt=fmt, certify=args.certify, **given)
