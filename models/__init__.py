"""Formulations of the N-Queens problem: state-space trees, CP, CP-SAT, python-constraint CSP, exact cover, SAT, MIP.

The names every part shares are stated here, once, and importing this package loads nothing else (so the
command line can offer them as choices without loading numba).
"""

__all__ = [
    "MODELS",
    "MODES",
    "PROPAGATIONS",
    "ORDERS",
    "SYMMETRIES",
    "DOMAIN_MAX_N",
    "EXPORT_MAX_N",
    "EXPORT_MAX_NODES",
]

MODELS = ("permutation", "mary", "subset")  # the state-space tree formulations
MODES = ("backtracking", "generate-and-test")
PROPAGATIONS = ("none", "forward-checking", "arc-consistency")
ORDERS = ("static", "first-fail")
# symmetry broken during the search (nqueens.models.symmetry): none, the partial half, then the full ways
SYMMETRIES = ("none", "half", "lex", "sbds", "sbdd")
# propagation and first-fail keep each row's domain in a 64-bit mask (nqueens.models.rows)
DOMAIN_MAX_N = 63
EXPORT_MAX_N = 8  # the largest board whose explored tree is exported
EXPORT_MAX_NODES = 250_000
