"""``nqueens check-solver``: the conformance checks on one solver, built-in or outside (see :mod:`nqueens.testing`)."""

import sys

from nqueens.cli.commands._common import add_solver_options, collect_options, epilog, positive_float, print_json


def add_parser(sub):
    parser = sub.add_parser(
        "check-solver",
        help="check a solver (yours or a built-in) against OEIS, an oracle and the protocol",
        description="Runs every check the solver's capabilities call for: totals against OEIS A000170, solutions "
        "valid, distinct and equal to a brute-force oracle's, --limit honoured, unique solutions and orbit classes, "
        "the node profile, instances, options, and Ctrl-C. Prints one line per check; a failure says which n and "
        "what differed. Exit status 0 only when every check passes (a check that cannot run here is 'skipped').",
        epilog=epilog(
            "nqueens check-solver ./my_solver.py:solver",
            "nqueens check-solver mypkg.models:queens",
            "nqueens check-solver examples/queens.mzn",
            "nqueens check-solver queens.mzn --option array=queens --option flags='-G std' --timeout 60",
            "nqueens check-solver bitwise --no-interrupt",
        ),
    )
    parser.add_argument("solver", metavar="SPEC", help="a solver name, FILE.py:ATTR, package.module:ATTR or MODEL.mzn")
    parser.add_argument("--check", action="append", metavar="NAME", help="only this check (repeatable)")
    parser.add_argument("--no-interrupt", action="store_true", help="leave out the Ctrl-C check (a subprocess)")
    add_solver_options(parser, help="a solver option every check runs with (see `nqueens solvers`); repeatable")
    parser.add_argument(
        "--timeout",
        type=positive_float("--timeout"),
        metavar="SECONDS",
        help="the longest any one call to the solver may take; beyond it the check fails and the rest are not run",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document: a list of rows")
    parser.set_defaults(run=run)


def run(args):
    import os

    from nqueens.testing import check_solver

    # A solver abandoned at its timeout still runs, with stdout set aside for it (to stderr): the table goes to the
    # standard output the command started with.
    saved, stdout = os.dup(1), sys.stdout
    try:
        table = check_solver(
            args.solver,
            checks=args.check,
            interrupt=not args.no_interrupt,
            options=collect_options(args.options),
            timeout=args.timeout,
        )
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
        sys.stdout = stdout
    failed = [row for row in table if row.passed is False]
    if args.json:
        print_json([{"check": r.check, "n": r.n, "status": r.status, "detail": r.detail} for r in table])
        return 1 if failed else 0
    order = list(dict.fromkeys(row.check for row in table))
    width = max(map(len, order), default=5)
    lines = []
    for check in order:
        rows = [r for r in table if r.check == check]
        ns = sorted({r.n for r in rows if r.n is not None and r.passed})
        if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
            span = f"n = {ns[0]}..{ns[-1]}"
        else:
            span = f"n = {', '.join(map(str, ns))}" if ns else ""
        bad = next((r for r in rows if r.passed is False), None)
        if bad is not None:
            where = f"n = {bad.n}: " if bad.n is not None else ""
            lines.append(f"{check:<{width}}  FAILED   {where}{bad.detail}")
        elif all(r.passed is None for r in rows):
            lines.append(f"{check:<{width}}  skipped  {rows[0].detail}")
        else:
            skipped = [r.detail for r in rows if r.passed is None]
            note = f" ({len(skipped)} skipped: {skipped[0]})" if skipped else ""
            lines.append(f"{check:<{width}}  passed   {span}{note}")
    print("\n".join(line.rstrip() for line in lines))
    idle = sum(all(r.passed is None for r in table if r.check == check) for check in order)  # could not run here
    if failed:
        verdict = f"{len({r.check for r in failed})} of {len(order)} checks failed"
    elif idle:
        verdict = f"{len(order) - idle} checks passed, {idle} skipped"
    else:
        verdict = f"all {len(order)} checks passed"
    print(verdict, file=sys.stderr if failed else sys.stdout)
    return 1 if failed else 0
