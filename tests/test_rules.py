"""Rules of the N-Queens family checked against OEIS (tests/known.py) and a brute force written here."""

import json
import math
import time
from itertools import permutations

import pytest
from conftest import first_fast
from helpers import run_cli
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
    from nqueens.native.rules_counter import count as counted

    def count_fast(n, rule):
        return counted(n, rule=rule).total

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


# The solver "rules" (nqueens.native.rules_counter) against OEIS values written here and a brute force.
# OEIS A051223 (superqueens), n = 1..16, and A051906 (toroidal queens), n = 1..19.
A051223 = (1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516, 202900)
A051906 = (1, 0, 0, 0, 10, 0, 28, 0, 0, 0, 88, 0, 4524, 0, 0, 0, 140692, 0, 820496)
# OEIS A051224: superqueen solutions up to the 8 symmetries of the square, n = 1..17.
A051224 = (1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 6, 22, 239, 653, 4089, 25411, 166463)
# OEIS A053994: toroidal solutions up to the square's 8 symmetries and the n^2 translations (rotation, reflection
# and torus shift), one term per odd board 1, 3, ..., 19; the even boards have no solution (A051906).
A053994 = (1, 0, 1, 1, 0, 2, 11, 0, 97, 354)
# OEIS A054500 (board), A054501 (orbit size) and A054502 (number of orbits of that size): the classification
# of the toroidal solutions by that group, its terms for the boards up to 19.
A054500 = (1, 5, 7, 11, 13, 13, 13, 13, 17, 17, 17, 17, 17, 19, 19, 19)
A054501 = (1, 10, 28, 44, 26, 52, 338, 676, 34, 68, 578, 1156, 2312, 76, 1444, 2888)
A054502 = (1, 1, 1, 2, 1, 2, 3, 5, 1, 3, 23, 30, 40, 4, 132, 218)


def _torus_unique(n):
    return A053994[(n - 1) // 2] if n % 2 else 0


def _torus_classes(n):
    return {size: k for board, size, k in zip(A054500, A054501, A054502) if board == n}


def _count(n, rule, **kw):
    from nqueens.api import count, request

    return count(request(n, "rules", rule=rule, **kw))


def _enumerate(n, rule):
    from nqueens.api import batches, request

    return [
        tuple(int(c) for c in row) for b in batches(request(n, "rules", question="enumerate", rule=rule)) for row in b
    ]


@pytest.mark.parametrize("n", range(1, 17))
def test_solver_superqueen_totals(n):
    assert _count(n, "superqueen").total == A051223[n - 1]


@pytest.mark.parametrize("n", first_fast(range(1, 20), keep=14))
def test_solver_toroidal_totals(n):
    assert _count(n, "toroidal").total == A051906[n - 1]


@pytest.mark.parametrize("rule", sorted(RULES))
@pytest.mark.parametrize("n", range(1, 9))
def test_solver_enumerates_the_brute_force_solutions(rule, n):
    sols = _enumerate(n, rule)
    assert len(sols) == len(set(sols)) == brute(n, rule) == _count(n, rule).total
    assert all(RULES[rule].is_solution(q, n) for q in sols)


@pytest.mark.parametrize("rule", ["superqueen", "toroidal"])
@pytest.mark.parametrize("n", [10, 11, 12, 13])
def test_solver_enumeration_is_checked(rule, n):
    sols = _enumerate(n, rule)
    assert len(sols) == len(set(sols)) == _count(n, rule).total
    assert all(RULES[rule].is_solution(q, n) for q in sols)


@pytest.mark.parametrize("n", range(1, 17))
def test_solver_unique_superqueens(n):
    r = _count(n, "superqueen")
    assert r.unique == A051224[n - 1]
    assert sum(size * k for size, k in r.classes.items()) == r.total


def test_solver_toroidal_orbits_use_the_torus_group():
    # the 10 toroidal solutions of n = 5 are c = 2i + b and c = 3i + b (mod 5): one orbit of the 8 n^2 maps
    r = _count(5, "toroidal")
    assert (r.unique, r.classes) == (1, {10: 1})
    r = _count(13, "toroidal")
    assert sum(size * k for size, k in r.classes.items()) == 4524
    assert all(size % 13 == 0 and (8 * 169) % size == 0 for size in r.classes)  # orbit sizes divide 8 n^2


@pytest.mark.parametrize("n", range(1, 19))
def test_solver_toroidal_unique_and_classes_are_published(n):
    # 0 and no classes where there is no solution (n = 15, 16, 18), never None
    r = _count(n, "toroidal")
    assert (r.unique, r.classes) == (_torus_unique(n), _torus_classes(n))


@pytest.mark.slow
def test_solver_toroidal_unique_19():
    # OEIS A054500's worked example: 354 = 4 + 132 + 218 classes of sizes 76, 1444 and 2888
    r = _count(19, "toroidal")
    assert (r.total, r.unique, r.classes) == (820496, 354, {76: 4, 1444: 132, 2888: 218})
    assert (r.unique, r.classes) == (_torus_unique(19), _torus_classes(19))


@pytest.mark.parametrize(
    "rule", [pytest.param(rule, marks=pytest.mark.slow) if rule == "toroidal" else rule for rule in sorted(RULES)]
)
def test_group_maps_solutions_to_solutions(rule):
    r = RULES[rule]
    n = 10 if rule == "superqueen" else 7  # the smallest n with superqueen solutions is 10 (OEIS A051223)
    sols = set(_enumerate(n, rule))
    assert len(sols) == {"queen": TOTAL, "superqueen": SUPERQUEEN, "toroidal": TOROIDAL}[rule][n] > 0
    assert all(g(q) in sols for q in sols for g in r.group(n))
    assert len(r.group(n)) == r.group_order(n)


def test_solver_node_profile_is_the_brute_force_tree():
    # feasible partial placements per depth, counted over permutation prefixes in the test
    from itertools import permutations

    n = 7
    rule = RULES["superqueen"]
    ok = lambda p: not any(rule.attacks(n, (i, p[i]), (j, p[j])) for i in range(len(p)) for j in range(i))  # noqa: E731
    want = [sum(1 for p in permutations(range(n), d) if ok(p)) for d in range(n + 1)]
    assert list(_count(n, "superqueen", nodes=True).profile) == want


def test_attacked_method():
    r = RULES["toroidal"]
    assert (4, 1) in r.attacked(5, 0, 0) and (0, 0) not in r.attacked(5, 0, 0)
    assert r.attacked(5, 2, 2) == attacked_squares(5, (2, 2), "toroidal")


def test_cli_rules_shorthand(capsys):
    from nqueens.cli import main

    assert main(["count", "12", "--rules", "superqueen", "--json"]) == 0
    assert '"total": 156' in capsys.readouterr().out
    assert main(["count", "8", "--rules", "toroidal", "--option", "rule=queen"]) == 2
    assert main(["count", "8", "--rules", "toroidal", "--solver", "bitwise"]) == 2
    assert "knows only the queen's attack rule" in capsys.readouterr().err


# n = 18 superqueens (A051223(18) = 8,924,976, ~10 s) and n = 23 toroidal queens (A051906(23) = 128,850,048,
# ~15 min) are measured by benchmarks/bench_rules.py; the suite stops a step or more below.
@pytest.mark.slow
def test_superqueen_17():
    assert _count(17, "superqueen").total == 1330622  # A051223(17)


@pytest.mark.slow
def test_toroidal_19():
    assert _count(19, "toroidal").total == 820496  # A051906(19)


def test_toroidal_gap_reduction_agrees_with_the_plain_search():
    # the least-gap reduction against the kernel's plain search from column 0 (times n), and OEIS A051906(17)
    import numpy as np
    from nqueens.native import rules_counter as rc

    rule = RULES["toroidal"]
    for n in (5, 7, 11, 13, 17):
        plain = n * rc._run(n, rule, 1, np.zeros((0, n), np.int64), np.zeros(n + 1, np.int64))
        assert rc.toroidal_total(n) == plain == A051906[n - 1], n


def test_every_reduction_by_the_squares_symmetries_refuses_in_one_wording(capsys):
    """The viewer's fundamental solutions, ``solve --fundamental`` and CP-SAT's ``symmetry=true`` keep one solution
    per orbit of the square's 8 symmetries: on a torus (a larger group) or an instance (which keeps fewer) each
    refuses, in the same words."""
    from nqueens import Instance, count
    from nqueens.cli import main
    from nqueens.viewer.browse import SolutionBrowser

    torus = "needs the square's 8 symmetries, and the rule 'toroidal' has a larger group"
    blocked = "needs the square's 8 symmetries, which an instance does not keep"
    with pytest.raises(NQueensError, match=f"^a view of fundamental solutions {torus}"):
        SolutionBrowser(5, fundamental=True, rule="toroidal")
    with pytest.raises(NQueensError, match=f"^a view of fundamental solutions {blocked}$"):
        SolutionBrowser(5, fundamental=True, instance=Instance(5, blocked=((0, 0),)))
    with pytest.raises(NQueensError, match=f"^symmetry=lex {torus}"):
        count(5, "cpsat", symmetry=True, rule="toroidal")
    with pytest.raises(NQueensError, match=f"^symmetry=lex {blocked}$"):
        count(Instance(5, blocked=((0, 0),)), "cpsat", symmetry=True)
    assert main(["solve", "5", "--rules", "toroidal", "--fundamental"]) == 2
    assert capsys.readouterr().err.startswith(f"error: --fundamental {torus}")


def test_rules_queen_is_every_solvers_rule(cli):
    """``--rules queen`` names the problem every solver solves: the named (or default) solver answers it, with
    OEIS A000170's 92 for n = 8."""
    for argv in (["count", "8", "--rules", "queen", "--solver", "bitwise"], ["count", "8", "--rules", "queen"]):
        result = cli(*argv)
        assert result.returncode == 0, result.stderr
        assert ": 92 solutions" in result.stdout


# -- a torus has no solution unless gcd(n, 6) = 1 ----------------------------------------------------------


@pytest.mark.parametrize("n", [40, 60, 62, 9, 10])
def test_a_torus_without_solutions_answers_zero_at_once_with_the_reason(capsys, n):
    assert math.gcd(n, 6) != 1
    code, out, err = run_cli(capsys, "count", str(n), "--rules", "toroidal", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["total"] == 0 and "gcd" in json.dumps(doc["stats"]) and "lya" in json.dumps(doc["stats"])
    start = time.monotonic()  # the kernels are loaded now: what is left is the answer itself
    code, out, err = run_cli(capsys, "count", str(n), "--rules", "toroidal")
    assert code == 0 and out.startswith(f"n = {n}, solver rules: 0 solutions") and "gcd" in out
    assert time.monotonic() - start < 3 and "warning" not in err
