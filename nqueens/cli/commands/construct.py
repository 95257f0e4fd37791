"""``nqueens construct N``: one verified solution for a large board, without enumerating.

The solution itself is printed only when asked (``--show``) or written to a file (``--output``), in pieces, so
``n = 10**7`` never becomes one giant string. The file formats are those of :mod:`nqueens.core.board` (``text``: the
count ``1``, then the 1-based columns; ``json``: ``{"n": ..., "solutions": [[...]]}``), byte for byte.
"""

import json
import sys

from nqueens.cli.commands._common import board_size, epilog, natural, print_json
from nqueens.core.errors import NQueensError

_METHODS = ("explicit", "toroidal", "min-conflicts")  # nqueens.native.construct.METHODS, without importing numba
_CHUNK = 1 << 16


def add_parser(sub):
    parser = sub.add_parser(
        "construct",
        help="one verified solution for a large N (explicit formula, toroidal product, min-conflicts)",
        epilog=epilog(
            "nqueens construct 10000000 --json",
            "nqueens construct 625 --method toroidal --show",
            "nqueens construct 1000000 --method min-conflicts --seed 7 --output q.txt",
        ),
    )
    parser.add_argument("n", type=board_size, metavar="N", help="board size: 1 or >= 4")
    parser.add_argument("--method", choices=_METHODS, default="explicit", help="how to build it (default: explicit)")
    parser.add_argument(
        "--seed", type=natural("seed"), metavar="S", help="min-conflicts only: the random seed (default 0)"
    )
    parser.add_argument(
        "--max-steps",
        type=natural("max-steps"),
        metavar="K",
        help="min-conflicts only: give up after K moves (default 10000)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--show", action="store_true", help="also print the solution (0-based columns)")
    parser.add_argument("--output", metavar="FILE", help="write the solution to FILE")
    parser.add_argument("--format", choices=("text", "json"), help="the format of --output FILE (default: text)")
    parser.set_defaults(run=run)


def run(args):
    if args.format is not None and args.output is None:
        raise NQueensError("--format is the format of --output FILE; give --output too")
    from nqueens.core.background import call
    from nqueens.tools import construct

    result = call(construct, args.n, args.method, seed=args.seed, max_steps=args.max_steps)
    if args.output is not None:
        _write_file(args.output, result.solution, args.format or "text")
    write = sys.stdout.write
    if args.json:
        if not args.show:
            print_json(result.to_dict())
        else:
            head = json.dumps(result.to_dict(), indent=2)[: -len("\n}")]
            write(head + ',\n  "solution": [')
            sys.stdout.writelines(_columns(result.solution, 0, ", "))
            write("]\n}\n")
        return 0 if result.valid else 1
    verdict = "valid" if result.valid else "NOT VALID"
    print(f"n = {result.n}, method {result.method}: {verdict} (verified in O(n))")
    for key, value in result.stats.items():
        print(f"  {key}: {value}")
    print(f"  seconds: {result.seconds:.6f}")
    if args.output is not None:
        print(f"  written to {args.output} ({args.format or 'text'} format)")
    if args.show:
        write("solution: [")
        sys.stdout.writelines(_columns(result.solution, 0, ", "))
        write("]\n")
    return 0 if result.valid else 1


def _write_file(path, q, fmt):
    """Write ``q`` in the ``text`` or ``json`` format of :mod:`nqueens.core.board`, one chunk at a time, to a
    temporary file renamed onto ``path`` once whole (:func:`nqueens.core.files.replaced`)."""
    from nqueens.core.files import replaced

    try:
        with replaced(path, encoding="ascii") as out:
            if fmt == "text":
                out.write("1\n")
                out.writelines(_columns(q, 1, ","))
                out.write("\n")
            else:
                out.write(f'{{"n": {len(q)}, "solutions": [[')
                out.writelines(_columns(q, 0, ", "))
                out.write("]]}\n")
    except OSError as exc:
        raise NQueensError(f"cannot write {path}: {exc.strerror or exc}") from None


def _columns(q, offset, sep):
    """The columns of ``q`` plus ``offset``, joined by ``sep``, in pieces of at most ``_CHUNK`` columns."""
    for start in range(0, len(q), _CHUNK):
        chunk = q[start : start + _CHUNK].astype("int64") + offset
        yield (sep if start else "") + sep.join(map(str, chunk.tolist()))
