"""``nqueens solve N``: stream the solutions in one of the board formats."""

import itertools
import sys

from nqueens import board
from nqueens.api import batches, count
from nqueens.commands._common import add_solver_options, board_size, positive
from nqueens.errors import NQueensError


def add_parser(sub):
    parser = sub.add_parser("solve", help="print the solutions for one N")
    parser.add_argument("n", type=board_size, metavar="N", help="board size, an integer >= 1")
    parser.add_argument("--solver", help="a registered solver that enumerates (default: bitwise)")
    parser.add_argument("--limit", type=positive("limit"), metavar="K", help="stop after K solutions")
    parser.add_argument(
        "--fundamental",
        action="store_true",
        help="only the fundamental solutions (one per orbit of the 8 board symmetries), with orbit sizes in json",
    )
    parser.add_argument("--format", choices=board.FORMATS, default="boards", help="output format (default: boards)")
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    add_solver_options(parser)
    parser.set_defaults(run=run)


def run(args):
    fmt = "json" if args.json else args.format
    options = dict(args.options)
    orbits = None
    if args.fundamental:
        from nqueens.analysis.symmetry import fundamental

        # The limit counts fundamental solutions, so it applies after the reduction; stopping the generator
        # stops the search. The orbit sizes are collected while the solutions stream, for the json format,
        # which writes them after the solutions.
        orbits = []
        reduced = fundamental(batches(args.n, args.solver, **options))
        rows = _record_orbits(itertools.islice(reduced, args.limit), orbits)
    else:
        stream = batches(args.n, args.solver, limit=args.limit, **options)
        rows = (row for batch in stream for row in batch.tolist())
    if fmt == "boards":
        pieces = board.format_boards(rows)
    elif fmt == "json":
        pieces = board.format_json(args.n, rows, orbits)
    else:
        # The text format starts with the number of solutions that follow. With --limit the caller bounded the
        # output, so hold those rows and say exactly how many there are (this also serves solvers that find one
        # solution, not all); without it, count first and stream (no list is built).
        if args.limit is not None:
            rows = list(rows)
            total = len(rows)
        elif args.fundamental:
            total = _unique(args.n, args.solver, options)
        else:
            try:
                total = count(args.n, args.solver, **options).total
            except NQueensError as exc:
                raise NQueensError(f"{exc} (the text format starts with the count: add --limit K)") from None
        pieces = board.format_text(rows, total)
    write = sys.stdout.write
    for piece in pieces:
        write(piece)
    return 0


def _record_orbits(pairs, orbits):
    for q, size in pairs:
        orbits.append(size)
        yield q


def _unique(n, solver, options):
    """The number of fundamental solutions: from the solver if it knows it, else one streaming pass."""
    unique = count(n, solver, **options).unique
    if unique is None:
        from nqueens.analysis.symmetry import fundamental_batches

        unique = sum(len(rows) for rows, _ in fundamental_batches(batches(n, solver, **options)))
    return unique
