"""The conformance suite: plain ``check_*`` functions, yielded per solver according to what it can do.

``solver_checks()`` yields ``(solver, check)`` pairs that ``test_conformance.py`` feeds to
``pytest.mark.parametrize`` with ids like ``bitwise-check_enumerate_valid``, so ``pytest -k "sieve and
enumerate"`` works. A check a solver is known to fail is named in :data:`KNOWN_FAILURES` with the reason
(test data, not the registry's), and is reported as an expected failure; no check looks at a solver's name.
"""

from known import KNUTH_PROFILE_8, TOTAL, UNIQUE

import nqueens
from nqueens.core.board import is_solution

# Enumeration checks stop at this n (the checks hold every solution in a set).
ENUMERATE_MAX_N = 10

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


def _ns(spec, top=None):
    top = spec.reach if top is None else min(spec.reach, top)
    if spec.max_n is not None:
        top = min(top, spec.max_n)
    return range(1, top + 1)


def check_count_totals(spec):
    """Totals for n = 1..reach equal OEIS A000170."""
    for n in _ns(spec):
        assert nqueens.count(n, spec.name).total == TOTAL[n], n


def check_enumerate_valid(spec):
    """Every solution valid, none repeated, as many as A000170 says."""
    for n in _ns(spec, ENUMERATE_MAX_N):
        seen = set()
        for q in nqueens.solutions(n, spec.name):
            assert len(q) == n and is_solution(q), (n, q)
            assert q not in seen, (n, q)
            seen.add(q)
        assert len(seen) == TOTAL[n], n


def check_enumerate_matches_oracle(spec):
    """The same set of solutions as the plain-Python recursive oracle, n = 1..8."""
    for n in _ns(spec, 8):
        ours = set(nqueens.solutions(n, spec.name))
        assert ours == set(nqueens.solutions(n, "bitmask-recursive")), n


def check_enumerate_limit(spec):
    """``limit`` returns exactly that many valid solutions and stops the stream."""
    n = min(8, max(_ns(spec)))
    want = min(5, TOTAL[n])
    got = list(nqueens.solutions(n, spec.name, limit=5))
    assert len(got) == want and all(is_solution(q) for q in got)


def check_nodes_profile(spec):
    """``nodes == sum(profile)``, the root counts 1, the last level holds the solutions."""
    for n in _ns(spec, 8):
        r = nqueens.count(n, spec.name, nodes=True)
        assert r.profile is not None and r.nodes == sum(r.profile), n
        assert r.profile[0] == 1 and r.total == TOTAL[n], n


def check_nodes_knuth(spec):
    """A plain backtracking search over rows stands on exactly Knuth's 2057 nodes for n = 8."""
    assert tuple(nqueens.count(8, spec.name, nodes=True).profile) == KNUTH_PROFILE_8


def check_unique_and_classes(spec):
    """Unique counts equal OEIS A002562; orbit classes add up to both the unique and the total count."""
    for n in _ns(spec):
        r = nqueens.count(n, spec.name)
        assert r.unique == UNIQUE[n], n
        assert r.classes is not None and set(r.classes) <= {1, 2, 4, 8}, n
        assert sum(r.classes.values()) == r.unique, n
        assert sum(size * number for size, number in r.classes.items()) == r.total == TOTAL[n], n


CHECKS = {
    "count": (check_count_totals,),
    "unique": (check_unique_and_classes,),
    "enumerate": (check_enumerate_valid, check_enumerate_matches_oracle, check_enumerate_limit),
    "nodes": (check_nodes_profile, check_nodes_knuth),
}


def solver_checks():
    """Yield ``(solver spec, check)`` for every registered solver and every check its capabilities call for."""
    for spec in nqueens.solvers():
        for capability in spec.can:
            for check in CHECKS.get(capability, ()):
                yield spec, check
