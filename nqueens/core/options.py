"""Options several solvers share, declared once: the attack rule.

The rules the models are written for (knight pairs, wrapped diagonals). A rule added to :mod:`nqueens.core.rules`
is offered only by the solvers that declare it: a model that does not know a rule's moves must refuse it, not
count the queen's problem under its name.
"""

from nqueens.core.protocol import Option

__all__ = ["MODELLED_RULES", "RULE"]

MODELLED_RULES = ("queen", "superqueen", "toroidal")
RULE = Option(
    "rule",
    str,
    "queen",
    "attack rule: queen, superqueen (queen + knight) or toroidal (diagonals wrap)",
    choices=MODELLED_RULES,
)
