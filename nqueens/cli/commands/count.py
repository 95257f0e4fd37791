"""``nqueens count N``: count the solutions with one solver.

``--workers``, ``--scheduler``, ``--store`` and ``--cached`` are the engines' options (see :mod:`nqueens.runtime.run`);
they are passed on only when given, so a solver without them rejects them with the registry's one-line error.
The progress bar is on for solvers that have one, on a terminal, unless ``--quiet`` or ``--json``.
"""

import sys
from dataclasses import replace

from nqueens.cli.commands._common import (
    add_instance_option,
    add_solver_options,
    board_size,
    collect_options,
    epilog,
    one_column,
    positive,
    print_json,
    problem,
)
from nqueens.cli.commands._rules import add_rules_option
from nqueens.core.errors import NQueensError

# Command-line flags that map one-to-one to solver options of the same name.
_SOLVER_FLAGS = ("workers", "scheduler", "store", "cached")


def add_parser(sub):
    parser = sub.add_parser(
        "count",
        help="count the solutions for one N (or one instance file)",
        description="Count the solutions of N queens with one solver: unless --solver says otherwise, the fast "
        "counter below n = 15 and the quadrant counter from there (for an --instance, the instance solver 'lines').",
        epilog=epilog(
            "nqueens count 12                      # total, unique and orbit classes",
            "nqueens count 12 --solver bitwise --nodes --json",
            "nqueens count 18 --store runs.sqlite  # resumable after Ctrl-C",
            "nqueens count --instance block10.param --solver dlx",
        ),
    )
    parser.add_argument("n", type=board_size, metavar="N", nargs="?", help="board size, an integer >= 1")
    parser.add_argument(
        "--solver", help="a registered solver (default: fast below n = 15, quadrants from there; see `nqueens solvers`)"
    )
    parser.add_argument("--nodes", action="store_true", help="also count search-tree nodes per depth")
    add_instance_option(parser)
    parser.add_argument("--workers", type=positive("workers"), metavar="K", help="local threads (default: all cores)")
    parser.add_argument("--scheduler", metavar="ADDR", help="run on the Dask cluster at ADDR (tcp://HOST:PORT)")
    parser.add_argument(
        "--store",
        metavar="PATH",
        help="result store file ('none' keeps nothing; default: $NQUEENS_STORE, else the cache dir)",
    )
    parser.add_argument(
        "--cached", action="store_true", default=None, help="print the stored answer of a finished run; never compute"
    )
    add_solver_options(parser)
    add_rules_option(parser)
    parser.add_argument(
        "--certify",
        metavar="DIR",
        help="solver sat: write a certificate (the boards and a DRAT proof) to DIR and check it (docs/certify.md)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--quiet", action="store_true", help="no progress output and no warnings")
    parser.set_defaults(run=run)


def run(args):
    from nqueens.api import count, request
    from nqueens.cli.commands._rules import rule_option, solver_for
    from nqueens.core.instance import Instance
    from nqueens.runtime.forecast import long_run_warning

    what = problem(args)
    options = collect_options(args.options, [(name, getattr(args, name)) for name in _SOLVER_FLAGS] + rule_option(args))
    plain = not isinstance(what, Instance) or what.is_plain
    solver = solver_for(args)
    if solver and ":" in solver and "=" in solver:  # NAME:OPT=VALUE, as compare and trace take it
        solver, options = _with_options(solver, options)
    if solver:
        flags = [name for name in _SOLVER_FLAGS if getattr(args, name) is not None]
        solver, options = _engine_flags(solver, options, flags)
    req = request(what, solver, nodes=args.nodes, options=options)
    if "progress" in req.options and "progress" not in options:
        progress = not (args.quiet or args.json) and sys.stderr.isatty()
        req = replace(req, options={**req.options, "progress": progress})
    if args.certify is not None:
        return _certified(req, args, what)
    if plain and not req.options.get("cached") and not args.quiet:
        warning = long_run_warning(req)
        if warning:
            print(warning, file=sys.stderr)
    result = count(req)
    if args.json:
        print_json(result.to_dict())
        return 0
    print(_human(result, what, args.solver))
    return 0


def _certified(req, args, what):
    """The count with its certificate written to ``--certify DIR`` and checked: the answer, then the line of
    the check (exit 1 if it is rejected)."""
    from nqueens.certify import produce
    from nqueens.certify.check import check, summary
    from nqueens.cli.commands.certify import certificate_of, checked

    if req.solver.name != "sat":
        raise NQueensError(f"--certify is for --solver sat (CaDiCaL writes the proof); got {req.solver.name}")
    options = {key: req.options[key] for key in ("encoding", "rule", "satsolver", "counter")}
    note = produce.forecast_line(req.n, options["rule"], req.instance)  # refuses a proof past the limit
    if note and not args.quiet:
        print(note, file=sys.stderr)
    result = produce.count(req.n, args.certify, instance=req.instance, **options)
    unchecked = produce.unchecked(options["encoding"])
    verdict = None if unchecked else checked(lambda: check(args.certify))
    if args.json:
        said = ("not checked" if unchecked else "rejected") if verdict is None else verdict
        print_json({**result.to_dict(), "certificate": certificate_of(said)})
    else:
        print(_human(result, what, args.solver))
        if verdict is not None:
            print(summary(verdict))
    if unchecked and not args.quiet:
        print(f"note: the certificate in {args.certify} is not checked: {unchecked}", file=sys.stderr)
    return 1 if verdict is None and not unchecked else 0


def _engine_flags(name, options, flags):
    """The solver ``name`` resolved, and ``options`` without ``--store none`` when the solver keeps no result store
    (nothing to keep is what was asked); another engine flag it does not take is a line naming the flag."""
    from nqueens.registry import get_solver

    spec = get_solver(name)
    takes = {option.name for option in spec.options}
    for flag in flags:
        if flag in options and flag not in takes:
            if flag == "store" and str(options[flag]).strip().lower() == "none":
                options = {key: value for key, value in options.items() if key != flag}
                continue
            raise NQueensError(
                f"--{flag} is for the solvers that split a count into stored subproblems (the engines); solver "
                f"{spec.name!r} takes no {flag}"
            )
    return spec, options


def _with_options(spec, options):
    """``NAME:OPT=VALUE...`` as the solver and its options, merged with those of ``--option`` (the same option
    given both ways must agree)."""
    solver, given = one_column(spec, "one solver", "cp:var=first-fail")
    for key, value in given.items():
        if key in options and str(options[key]) != str(value):
            raise NQueensError(
                f"option {key} is given twice, as {value!r} in --solver and {options[key]!r} in --option"
            )
    return solver, {**options, **given}


def _human(result, what, typed=None):
    """The count for people: the total first, then the rest one item a line, no Python reprs; the solver as the
    user named it (an outside solver's own name beside it)."""
    solutions = "solution" if result.total == 1 else "solutions"
    where = f"n = {result.n}" if isinstance(what, int) else str(what)
    named = result.solver if not typed or typed.strip() == result.solver else f"{typed.strip()} ({result.solver})"
    lines = [f"{where}, solver {named}: {result.total:,} {solutions}"]
    if result.unique is not None:
        lines.append(f"  unique: {result.unique:,}")
    if result.classes:
        lines.append(
            "  orbit classes: "
            + ", ".join(f"{number:,} of size {size}" for size, number in sorted(result.classes.items()))
        )
    if result.nodes is not None:
        lines.append(f"  nodes: {result.nodes:,}")
    if result.profile is not None:
        lines.append("  nodes per depth: " + " ".join(f"{x:,}" for x in result.profile))
    for key, value in result.stats.items():
        if value is None or key == "instance":
            continue
        if key == "status" and value in _FINISHED:
            # a solver's word for a search that ended (CP-SAT's and CPMpy's OPTIMAL, INFEASIBLE when there is
            # none): for a count that is every solution, an incomplete count being refused
            lines.append("  search: complete")
            continue
        lines.append(f"  {key.replace('_', ' ')}: {_value(value)}")
    lines.append(f"  seconds: {result.seconds:.6f}")
    return "\n".join(lines)


_FINISHED = ("OPTIMAL", "INFEASIBLE", "UNSATISFIABLE")


def _value(value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(_value(v) for v in value)
    return str(value)
