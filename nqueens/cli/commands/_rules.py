"""``--rules NAME`` for ``count`` and ``solve``: the attack rule, as a shorthand for the solver option ``rule``.

Without ``--solver`` it picks the first registered solver whose option ``rule`` offers NAME (today ``rules``);
with ``--solver`` it passes ``rule=NAME`` to that solver, which refuses it with the registry's one-line error if
it does not take the rule. Giving both ``--rules`` and ``--option rule=...`` is refused as a repeated option.
"""

from nqueens.core.errors import NQueensError
from nqueens.core.rules import RULES


def add_rules_option(parser):
    parser.add_argument(
        "--rules",
        choices=tuple(RULES),
        metavar="NAME",
        help=f"attack rule: {', '.join(RULES)} (picks a solver that takes it unless --solver is given)",
    )


def solver_for(args):
    """The solver to request: ``args.solver``, else one whose option ``rule`` offers ``args.rules``, else None."""
    if args.solver or not args.rules:
        return args.solver
    from nqueens.registry import REGISTRY

    for solver in REGISTRY.values():
        if any(o.name == "rule" and args.rules in o.choices for o in solver.options):
            return solver.name
    raise NQueensError(f"no registered solver takes the rule {args.rules!r}")
