"""The toroidal rule answers every n with gcd(n, 6) > 1 at once (Pólya 1918: n queens on an n x n torus exist if
and only if gcd(n, 6) = 1), whatever the width of the search's masks; a question that needs a search is refused
in one line above them."""

import json
import math

import pytest
from helpers import run_cli

import nqueens

# OEIS A051906: toroidal n-queens solutions, n = 1..13 (0 unless gcd(n, 6) = 1).
A051906 = {1: 1, 2: 0, 3: 0, 4: 0, 5: 10, 6: 0, 7: 28, 8: 0, 9: 0, 10: 0, 11: 88, 12: 0, 13: 4524}


@pytest.mark.parametrize("n", [64, 66, 1000, 1000002, 3 * 10**9])
def test_no_torus_solution_for_any_n_sharing_a_factor_with_6(capsys, n):
    assert math.gcd(n, 6) > 1
    code, out, err = run_cli(capsys, "count", str(n), "--rules", "toroidal", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert (doc["total"], doc["unique"], doc["classes"]) == (0, 0, {})
    assert "Pólya" in doc["stats"]["reason"]


def test_small_boards_agree_with_oeis():
    for n, total in A051906.items():
        assert nqueens.count(n, "rules", rule="toroidal").total == total, n


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["count", "1000001", "--rules", "toroidal"], "above the limit"),  # gcd = 1: a search would be needed
        (["count", "66", "--rules", "toroidal", "--nodes"], "a node count of n = 66"),
        (["count", "66", "--rules", "superqueen"], "above the limit"),
    ],
)
def test_a_search_beyond_the_masks_is_refused_in_one_line(capsys, argv, words):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err


def test_enumeration_of_a_torus_without_solutions_is_empty(capsys):
    code, out, err = run_cli(capsys, "solve", "1000002", "--rules", "toroidal", "--format", "text")
    assert code == 0 and out == "0\n", err
