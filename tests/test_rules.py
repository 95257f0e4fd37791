"""Rules of the N-Queens family checked against OEIS (tests/known.py) and a brute force written here."""

from itertools import permutations

import pytest
from known import SUPERQUEEN, TOROIDAL, TOTAL

from nqueens.core.errors import NQueensError
from nqueens.core.rules import RULES, attacked_squares, count, is_solution


def brute(n, rule):
    """Count permutations with no attacking pair, with the attack test written out here independently."""

    def hit(a, b):
        dr, dc = b[0] - a[0], b[1] - a[1]
        if rule == "toroidal":
            return (dr - dc) % n == 0 or (dr + dc) % n == 0
        diag = abs(dr) == abs(dc)
        return diag or (rule == "superqueen" and {abs(dr), abs(dc)} == {1, 2})

    return sum(
        all(not hit((i, p[i]), (j, p[j])) for i in range(n) for j in range(i + 1, n)) for p in permutations(range(n))
    )


@pytest.mark.parametrize("rule", sorted(RULES))
@pytest.mark.parametrize("n", range(1, 9))
def test_brute_force_agrees(rule, n):
    assert count(n, rule) == brute(n, rule)


@pytest.mark.parametrize("n", range(1, 11))
def test_oeis(n):
    assert count(n, "queen") == TOTAL[n]
    assert count(n, "superqueen") == SUPERQUEEN[n]
    assert count(n, "toroidal") == TOROIDAL[n]


def test_attacked_squares():
    sq = attacked_squares(5, (0, 0), "superqueen")
    assert (1, 2) in sq and (2, 1) in sq and (0, 0) not in sq
    assert (1, 2) not in attacked_squares(5, (0, 0), "queen")
    assert (1, 4) in attacked_squares(5, (0, 0), "toroidal")  # the anti-diagonal wraps
    assert is_solution([0, 2, 4, 1, 3], "toroidal")
    assert not is_solution([1, 3, 0, 2], "toroidal")


def test_bad_rule():
    with pytest.raises(NQueensError, match="allowed: queen, superqueen, toroidal"):
        count(4, "rook")


@pytest.mark.parametrize("rule", sorted(RULES))
def test_fast_counter_agrees_with_oeis(rule):
    from nqueens.native.rules import count_fast

    known = {"queen": TOTAL, "superqueen": SUPERQUEEN, "toroidal": TOROIDAL}[rule]
    for n in range(1, 17 if rule == "superqueen" else 14):
        assert count_fast(n, rule) == known[n], n
    for n in range(1, 8):
        assert count_fast(n, rule) == brute(n, rule), n


@pytest.mark.parametrize("rule", sorted(RULES))
@pytest.mark.parametrize("n", [5, 7, 8, 10])
def test_classes_partition_the_solutions(rule, n):
    from nqueens.core.rules import classes, images, solutions

    sols = set(solutions(n, rule))
    assert len(sols) == count(n, rule)
    reps = classes(n, rule)
    assert sum(len(images(r, rule)) for r in reps) == len(sols)
    assert all(images(r, rule) <= sols for r in reps)


def test_unique_queen_and_superqueen():
    from known import UNIQUE

    from nqueens.core.rules import classes

    for n in range(1, 11):
        assert len(classes(n, "queen")) == UNIQUE[n]
    assert len(classes(10, "superqueen")) == 1  # A051224(10): the 4 solutions form one orbit
    assert len(classes(5, "toroidal")) == 1  # the 10 solutions of n = 5 are c = 2i + b and c = 3i + b


def test_the_rules_solver_and_the_cli_flag_count_against_oeis():
    """The registered solver ``rules`` (option ``rule``) and ``--rules`` on count and solve."""
    import json
    import subprocess
    import sys

    import nqueens

    for n in range(1, 13):
        assert nqueens.count(n, "rules", rule="superqueen").total == SUPERQUEEN[n], n
        assert nqueens.count(n, "rules", rule="toroidal").total == TOROIDAL[n], n
    assert nqueens.count(8, "rules").total == TOTAL[8]
    for q in nqueens.solutions(11, "rules", rule="superqueen"):
        assert is_solution(q, "superqueen")
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "13", "--rules", "superqueen", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == SUPERQUEEN[13]
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "solve", "13", "--rules", "toroidal", "--limit", "1", "--format", "json"],
        capture_output=True,
        text=True,
    )
    (q,) = json.loads(done.stdout)["solutions"]
    assert done.returncode == 0 and len(q) == 13 and is_solution(q, "toroidal")
