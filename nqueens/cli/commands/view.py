"""``nqueens view [N]``: the desktop viewer of seed 004 (a tkinter window; needs a display)."""

from nqueens.cli.commands._common import add_instance_option, board_size, epilog
from nqueens.cli.commands._rules import add_rules_option


def add_parser(sub):
    from nqueens.tools import PROPAGATIONS

    searches = (*PROPAGATIONS, "dlx")
    parser = sub.add_parser(
        "view",
        help="open the viewer: step through solutions, watch the search and its tree (n = 4..32)",
        epilog=epilog(
            "nqueens view 8",
            "nqueens view 10 --mode search",
            "nqueens view 8 --mode search --search arc-consistency   # domains shaded, the tree beside",
            "nqueens view 8 --mode search --search dlx   # dancing links: the item it branches on",
            "nqueens view --instance blocked.json --mode search",
            "nqueens view 10 --rules superqueen --mode search   # knight squares shaded too",
            "xvfb-run nqueens view   # on a headless machine",
        ),
    )
    parser.add_argument(
        "n", nargs="?", default=None, type=board_size, metavar="N", help="board size, 4..32 (default 8)"
    )
    parser.add_argument(
        "--solver", help="a registered solver that enumerates (default: bitwise; lines for an instance or n > 16)"
    )
    parser.add_argument(
        "--mode",
        choices=("solutions", "search"),
        default="solutions",
        help="start stepping through the solutions (default) or watching the search",
    )
    parser.add_argument(
        "--search",
        choices=searches,
        default="none",
        help="what the search mode animates: backtracking (none), the mary tree's forward-checking or "
        "arc-consistency, or dlx (dancing links); its node counts are those the tree command reports for the "
        "mary model and that propagation, and the dlx solver's",
    )
    add_instance_option(parser)
    add_rules_option(parser, "the solutions of a solver that takes it; the search shades its attacks")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.cli.commands._common import problem
    from nqueens.core.instance import Instance
    from nqueens.viewer.window import open_viewer

    if args.instance is None and args.n is None:
        args.n = 8
    what = problem(args)
    instance = what if isinstance(what, Instance) else None
    n = instance.n if instance is not None else what
    open_viewer(n, args.solver, mode=args.mode, rule=args.rules or "queen", search=args.search, instance=instance)
    return 0
