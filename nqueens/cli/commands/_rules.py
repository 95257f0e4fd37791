"""``--rules NAME`` for ``count`` and ``solve``: the attack rule, as a shorthand for the solver option ``rule``.

Without ``--solver`` it picks the first registered solver whose option ``rule`` offers NAME (today ``rules``);
with ``--solver`` it passes ``rule=NAME`` to that solver, which refuses it with the registry's one-line error if
it does not take the rule. Giving both ``--rules`` and ``--option rule=...`` is refused as a repeated option.
"""

from nqueens.core.errors import NQueensError
from nqueens.core.rules import RULES


def add_rules_option(parser, what="picks a solver that takes it unless --solver is given"):
    parser.add_argument(
        "--rules",
        choices=tuple(RULES),
        metavar="NAME",
        help=f"attack rule: {', '.join(RULES)} ({what})",
    )


def _takes_a_rule(solver):
    return any(o.name == "rule" for o in solver.options)


def rule_option(args):
    """``[("rule", NAME)]`` for the solver options, or nothing: ``--rules queen`` is every solver's own rule, so it
    is passed only to a solver that takes a rule (any solver answers it, and the default one is kept)."""
    if args.rules is None:
        return []
    if args.rules == "queen":
        from nqueens.registry import REGISTRY

        named = REGISTRY.get(args.solver) if args.solver else None
        if named is None or not _takes_a_rule(named):
            return []
    return [("rule", args.rules)]


def solver_for(args):
    """The solver to request: ``args.solver``, else one whose option ``rule`` offers ``args.rules``, else None
    (the default solver: no rule, or the queen's)."""
    if args.solver or not args.rules or args.rules == "queen":
        return args.solver
    from nqueens.registry import REGISTRY

    for solver in REGISTRY.values():
        if any(o.name == "rule" and args.rules in o.choices for o in solver.options):
            return solver.name
    raise NQueensError(f"no registered solver takes the rule {args.rules!r}")
