"""``nqueens examples [DIR]``: copy the examples the README and the docs use into a folder of your own."""

import sys

from nqueens.cli.commands._common import epilog


def add_parser(sub):
    parser = sub.add_parser(
        "examples",
        help="copy the examples (your own solver, MiniZinc and CPMpy models, the papers) into a folder",
        description="Copy the examples the README and the docs use into DIR (default: ./examples, so that their "
        "commands run as written): my_solver.py and my_model.py (your own solver and CPMpy model), queens.mzn and "
        "domination.mzn (MiniZinc), papers/ (the classic papers reproduced beside their published tables), "
        "plugin/ (a solver as an installable package) and notebook.ipynb. DIR must not exist or be empty: "
        "nothing is overwritten.",
        epilog=epilog(
            "nqueens examples",
            "nqueens check-solver examples/my_solver.py:solver --no-interrupt",
            "nqueens examples ~/queens-examples",
        ),
    )
    parser.add_argument("folder", nargs="?", default="examples", metavar="DIR", help="where to copy them")
    parser.set_defaults(run=run)


def run(args):
    from importlib.util import find_spec

    from nqueens.tools import copy_examples

    written = copy_examples(args.folder)
    top = sorted({name.split("/")[0] for name in written})
    print(f"wrote {len(written)} files to {args.folder}: {', '.join(top)}", file=sys.stderr)
    papers = "" if find_spec("matplotlib") else " (it draws figures: pip install 'nqueens[plot]' first)"
    print(
        f"try: nqueens check-solver {args.folder}/my_solver.py:solver --no-interrupt, "
        f"or python {args.folder}/papers/knuth.py --quick{papers}",
        file=sys.stderr,
    )
    return 0
