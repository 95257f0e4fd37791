"""The conformance suite: the public checks of :mod:`nqueens.testing` over the registry, plus Knuth's tree.

``solver_checks()`` yields ``(solver, check)`` pairs that ``test_conformance.py`` feeds to
``pytest.mark.parametrize`` with ids like ``bitwise-check_enumerate_valid``, so ``pytest -k "sieve and
enumerate"`` works. A check a solver is known to fail is named in :data:`KNOWN_FAILURES` with the reason
(test data, not the registry's), and is reported as an expected failure; no check looks at a solver's name.
"""

from known import KNUTH_PROFILE_8

import nqueens
from nqueens.testing import checks_for

# {solver: {check: why it is expected to fail}}: solvers that search another tree than Knuth's.
KNOWN_FAILURES = {
    "avail": {
        "check_nodes_knuth": "it searches the left half of the first row only, about half of Knuth's tree",
    },
    "dlx": {
        "check_nodes_knuth": "it branches on the column with the fewest rows, not row by row, so its tree is smaller than Knuth's 2057 nodes (option choose=first gives that tree)",
    },
    "generate-test": {
        "check_nodes_knuth": "it tests only full boards, so it stands on all n!/(n-k)! arrangements of distinct columns",
    },
    "lines": {
        "check_nodes_knuth": "it branches on the most constrained row or column, not row by row, and prunes on empty lines, so its tree is far smaller than Knuth's",
    },
    "marks": {
        "check_nodes_knuth": "it searches the left half of the first row only, about half of Knuth's tree",
    },
    "mirror": {
        "check_nodes_knuth": "it searches the left half of the first row only, about half of Knuth's tree",
    },
    "sieve": {
        "check_nodes_knuth": "it places row 0, then rows n-1 .. 1, for one corner pair in four: not Knuth's tree",
    },
    "subset": {
        "check_nodes_knuth": "its depths are cells (n*n + 1 of them), not rows; at the row boundaries (depths 0, 8, ..., 64) its profile is Knuth's",
    },
}


def check_nodes_knuth(spec):
    """A plain backtracking search over rows stands on exactly Knuth's 2057 nodes for n = 8 (TAOCP 7.2.2)."""
    assert tuple(nqueens.count(8, spec.name, nodes=True).profile) == KNUTH_PROFILE_8
    return ()


def solver_checks():
    """Yield ``(solver spec, check)`` for every built-in solver and every check its capabilities call for."""
    for spec in nqueens.solvers(plugins=False):
        for check in checks_for(spec):
            yield spec, check
        if "nodes" in spec.can:
            yield spec, check_nodes_knuth
