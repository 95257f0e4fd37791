"""``nqueens view [N]``: the desktop viewer of seed 004 (a tkinter window; needs a display)."""

from nqueens.cli.commands._common import board_size, epilog
from nqueens.cli.commands._rules import add_rules_option


def add_parser(sub):
    parser = sub.add_parser(
        "view",
        help="open the viewer: step through solutions, watch the search (n = 4..16)",
        epilog=epilog(
            "nqueens view 8",
            "nqueens view 10 --mode search",
            "nqueens view 10 --rules superqueen --mode search   # knight squares shaded too",
            "xvfb-run nqueens view   # on a headless machine",
        ),
    )
    parser.add_argument("n", nargs="?", default=8, type=board_size, metavar="N", help="board size, 4..16 (default 8)")
    parser.add_argument("--solver", help="a registered solver that enumerates (default: bitwise)")
    parser.add_argument(
        "--mode",
        choices=("solutions", "search"),
        default="solutions",
        help="start stepping through the solutions (default) or watching the backtracking search",
    )
    add_rules_option(parser, "the solutions of a solver that takes it; the search shades its attacks")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.viewer.window import open_viewer

    open_viewer(args.n, args.solver, mode=args.mode, rule=args.rules or "queen")
    return 0
