"""The options of the state-space tree formulations (``mary``, ``permutation``, ``subset``), declared once from the
names :mod:`nqueens.models` states."""

from nqueens.models import DOMAIN_MAX_N, MODES, ORDERS, PROPAGATIONS, SYMMETRIES

from nqueens.core.protocol import Option

__all__ = ["TREE_MODE", "TREE_PROPAGATION", "TREE_ORDER", "TREE_PROGRESS", "TREE_SYMMETRY"]

TREE_MODE = Option(
    "mode",
    str,
    MODES[0],
    "check the implicit constraints at every node, or only on complete candidates (seed 004)",
    MODES,
)
TREE_PROGRESS = Option("progress", bool, False, "progress bar on stderr (explored nodes)")
TREE_PROPAGATION = Option(
    "propagation",
    str,
    PROPAGATIONS[0],
    "backtracking mode: none (check each candidate), forward-checking (prune the rows below), or "
    "arc-consistency (MAC over every pair of remaining rows); n <= 63 with propagation",
    PROPAGATIONS,
    limited=(PROPAGATIONS[1:], DOMAIN_MAX_N, "each row's domain is a 64-bit mask"),
)
TREE_ORDER = Option(
    "order",
    str,
    ORDERS[0],
    "backtracking mode: the next row in order (static) or the row with the fewest values left (first-fail)",
    ORDERS,
    limited=(ORDERS[1:], DOMAIN_MAX_N, "each row's domain is a 64-bit mask"),
)
TREE_SYMMETRY = Option(
    "symmetry",
    str,
    SYMMETRIES[0],
    "symmetry broken during a backtracking search (nqueens.models.symmetry): none, half (the first row's queen on "
    "its left half, the middle column included: the exact total), lex (lex-leader checks of each partial "
    "placement), sbds (Gent & Smith's symmetry breaking during search), sbdd (dominance detection); the full ways "
    "lex, sbds and sbdd find one solution per orbit of the rule's group: unique and classes",
    SYMMETRIES,
    unique=SYMMETRIES[2:],
    reduced=SYMMETRIES[2:],
)
