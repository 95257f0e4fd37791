"""``nqueens solve N``: stream the solutions in one of the board formats."""

import itertools
import json
import sys
from dataclasses import replace
from typing import Any

from nqueens.cli.commands._common import (
    add_instance_option,
    add_solver_options,
    board_size,
    collect_options,
    epilog,
    positive,
    positive_float,
    problem,
)
from nqueens.cli.commands._rules import add_rules_option
from nqueens.core import board
from nqueens.core.errors import NQueensError, SolverError


def add_parser(sub):
    parser = sub.add_parser(
        "solve",
        help="print the solutions for one N (or one instance file)",
        description="Stream the solutions of N queens (q[row] = column) in the solver's own order; nothing is held "
        "in memory but the solver's current chunk.",
        epilog=epilog(
            "nqueens solve 4                                   # LeetCode 51 boards",
            "nqueens solve 8 --limit 3 --json",
            "nqueens solve 8 --fundamental --format text       # the 12 fundamental solutions",
            "nqueens solve --instance completion.json --limit 1 --json",
            "nqueens solve 8 --problem domination --solver sat   # 5 queens that cover the board, proven optimal",
        ),
    )
    parser.add_argument("n", type=board_size, metavar="N", nargs="?", help="board size, an integer >= 1")
    parser.add_argument(
        "--solver", help="a registered solver that enumerates (default: bitwise; lines for an instance)"
    )
    parser.add_argument("--limit", type=positive("limit"), metavar="K", help="stop after K solutions")
    add_instance_option(parser)
    parser.add_argument(
        "--fundamental",
        action="store_true",
        help="only the fundamental solutions (one per orbit of the 8 board symmetries), with orbit sizes in json",
    )
    parser.add_argument(
        "--format", choices=board.FORMATS, help=f"output format: {', '.join(board.FORMATS)} (default boards)"
    )
    parser.add_argument("--json", action="store_true", help="the same as --format json")
    parser.add_argument("--quiet", action="store_true", help="no warnings")
    add_solver_options(parser)
    add_rules_option(parser)
    parser.add_argument(
        "--problem",
        choices=("nqueens", "domination", "peaceable"),
        default="nqueens",
        help="nqueens: n non-attacking queens (default); domination, peaceable: an optimum, with --solver from "
        "cpsat, cp, mip, sat, cpmpy (see 'nqueens optimize')",
    )
    parser.add_argument(
        "--timeout",
        type=positive_float("--timeout"),
        metavar="SECONDS",
        help="with --problem domination or peaceable: stop there and give the best found (feasible) and its bound",
    )
    parser.add_argument(
        "--symmetry", action="store_true", help="with --problem domination or peaceable: break the symmetries"
    )
    parser.set_defaults(run=run)


def _optimize(args):
    """``--problem domination|peaceable``: the optimum on one board (``nqueens optimize N``)."""
    from nqueens.cli.commands._common import collect_options
    from nqueens.cli.commands._optimization import run_optimization

    # What a placement of n queens is asked for, and an optimum is not (the solver's options and rule are its own).
    for value, flag in ((args.limit, "--limit"), (args.fundamental, "--fundamental"), (args.instance, "--instance")):
        if value:
            raise NQueensError(f"{flag} does not apply to --problem {args.problem}: it asks for one optimum on N")
    options = collect_options(args.options or (), [("rule", args.rules)])
    if args.n is None:
        raise NQueensError(f"--problem {args.problem} needs a board size N")
    if args.json and args.format not in (None, "json"):
        raise NQueensError(f"--json means --format json; it conflicts with --format {args.format}")
    fmt = "json" if args.json or args.format == "json" else "markdown"
    if args.format in ("text",):
        raise NQueensError("--format text is for placements of n queens; an optimum prints as boards or json")
    solver = ":".join([args.solver or "cpsat", *(f"{key}={value}" for key, value in options.items())])
    return run_optimization(
        args.problem, str(args.n), solver, timeout=args.timeout, symmetry=args.symmetry, fmt=fmt, quiet=args.quiet
    )


def run(args):
    if args.problem != "nqueens":
        return _optimize(args)
    for value, flag in ((args.timeout, "--timeout"), (args.symmetry, "--symmetry")):
        if value:
            raise NQueensError(f"{flag} applies to --problem domination or peaceable")
    from nqueens.api import batches, count, request
    from nqueens.cli.commands._rules import rule_option, solver_for
    from nqueens.core.instance import Instance
    from nqueens.core.rules import need_square_group

    if args.json and args.format not in (None, "json"):
        raise NQueensError(f"--json means --format json; it conflicts with --format {args.format}")
    fmt = "json" if args.json else args.format or "boards"
    what = problem(args)
    plain = not isinstance(what, Instance) or what.is_plain
    options = collect_options(args.options, rule_option(args))
    # With --fundamental the limit counts fundamental solutions: it applies after the reduction, not to the stream.
    req = request(
        what, solver_for(args), question="enumerate", limit=None if args.fundamental else args.limit, options=options
    )
    spec, n = req.solver, req.n
    partial = spec.partial(req.options)
    if partial is not None and args.fundamental:
        raise NQueensError(
            f"--fundamental needs every solution (it keeps one per symmetry class), but {spec.name} with {partial} "
            "finds one; leave one of them out"
        )
    if args.fundamental:
        need_square_group("--fundamental", req.rule, req.instance)
    if not args.quiet:
        _warn_if_long(req, args.limit, plain)
    orbits: list[Any] | None = None
    stats: dict[str, Any] | None = {} if fmt == "json" else None
    if args.fundamental:
        from nqueens.analysis.symmetry import fundamental

        # The limit counts fundamental solutions, so it applies after the reduction; stopping the generator
        # stops the search. The orbit sizes are collected while the solutions stream, for the json format,
        # which writes them after the solutions.
        orbits = []
        reduced = fundamental(batches(req))
        rows = _record_orbits(itertools.islice(reduced, args.limit), orbits)
    else:
        stream = batches(req, stats=stats)
        rows = (row for batch in stream for row in batch.tolist())
    if fmt in board.WRITERS:
        pieces = board.WRITERS[fmt](rows)
    elif fmt == "json":
        # A JSON document is written whole or not at all: an interrupted run leaves no half document behind.
        # Read in one job, so that its span is the solver's (the document held is part of what it measures).
        from nqueens.core import background

        pieces, span = background.timed(_held, board.format_json(n, rows, orbits, stats))
        span.child((stats or {}).get("child_peak_memory"))  # a child process the solver measured itself
        pieces[-1:] = [", " + json.dumps(span.to_dict())[1:-1] + pieces[-1]]
    else:
        # The text format starts with the number of solutions that follow. With --limit the caller bounded the
        # output, so hold those rows and say exactly how many there are (this also serves solvers that find one
        # solution, not all); without it, count first and stream (no list is built).
        if args.limit is not None or partial is not None:
            rows = list(rows)
            total = len(rows)
        elif args.fundamental or spec.reduced(req.options) is not None:
            # A stream of fundamental solutions (cpsat's symmetry=true) has as many rows as the unique count.
            total = _unique(what, spec.name, options)
        else:
            try:
                total = count(what, spec.name, options=options).total
            except SolverError:  # the solver failed at its work, as it would have in the stream: its own error
                raise
            except NQueensError as exc:
                raise NQueensError(f"{exc} (the text format starts with the count: add --limit K)") from None
        pieces = board.format_text(rows, total)
    sys.stdout.writelines(pieces)
    return 0


# Solvers that place queens row by row in a fixed order: their time to a first solution has no forecast and can
# be hours from n = 30 or so (seed 000's and seed 003's searches, the three trees).
_ROW_ORDER_FROM = 30
# Any other search on the plain board: measured here, lines at n = 60, 100 and 200, cp and cpsat:first=true at
# n = 300 and 1000 had found no solution after 2 to 5 minutes; the time to a first solution has no forecast.
_SEARCH_FROM = 60


def _warn_if_long(req, limit, plain):
    """A ``warning:`` on stderr before an enumeration forecast to take more than a minute, or a first-solution
    search on a board large enough for it to take hours."""
    spec, n = req.solver, req.n
    if limit is not None:
        if plain and spec.row_order and n >= _ROW_ORDER_FROM:
            print(
                f"warning: {spec.name} searches row by row in a fixed order; its first solutions of n = {n} can take "
                f"hours and cannot be forecast (`nqueens construct {n}` builds one at once, and `--solver lines` "
                "or `--solver cpsat` find some in seconds); press Ctrl-C to stop",
                file=sys.stderr,
            )
        elif plain and n >= _SEARCH_FROM:
            print(
                f"warning: a search for the first solutions of n = {n} ({spec.name}) can take from seconds to hours "
                f"and cannot be forecast (searches from n = {_SEARCH_FROM} have run for minutes without one here); "
                f"`nqueens construct {n}` builds one at once; press Ctrl-C to stop",
                file=sys.stderr,
            )
        return
    if not plain or spec.partial(req.options) is not None:
        return
    from nqueens.api import request
    from nqueens.runtime.forecast import long_run_warning

    if "count" in spec.can:
        warning = long_run_warning(replace(req, limit=None), action="enumerating")
    else:
        try:
            warning = long_run_warning(request(n), action="enumerating")
        except NQueensError:  # the default counter's limit: no forecast
            warning = None
    if warning:
        print(warning, file=sys.stderr)


def _held(pieces):
    """All of ``pieces``, held until the last one exists; refused once they would take half the free memory."""
    from nqueens.core.memory import available

    held, size, budget = [], 0, None
    for piece in pieces:
        held.append(piece)
        size += len(piece)
        if len(held) % 65536 == 0:
            budget = available() // 2 if budget is None else budget
            if budget is not None and size > budget:
                raise NQueensError(
                    f"the JSON document would take more than {size} bytes, half the memory available, and it is "
                    "written whole; stream with --format text or boards, or bound it with --limit"
                )
    return held


def _record_orbits(pairs, orbits):
    for q, size in pairs:
        orbits.append(size)
        yield q


def _unique(what, solver, options):
    """The number of fundamental solutions: from the solver if it knows it, else one streaming pass."""
    from nqueens.api import batches, count

    unique = count(what, solver, options=options).unique
    if unique is None:
        from nqueens.analysis.symmetry import fundamental_batches

        unique = sum(len(rows) for rows, _ in fundamental_batches(batches(what, solver, options=options)))
    return unique
