"""Construction of one solution for large n: explicit formulas, toroidal products, min-conflicts, the verifier.

Every solution is checked by something other than the code that built it: ``nqueens.core.board.is_solution`` (pairs
of rows, plain Python), an independent numpy check (distinct columns and diagonals), and OEIS A051906 for the
toroidal verifier. No timing is asserted here; see benchmarks/construct_speed.py.
"""

import json
import math

import numpy as np
import pytest
from helpers import run_cli as cli
from hypothesis import given, settings
from hypothesis import strategies as st
from known import TOROIDAL, TOTAL
from nqueens.native import construct as C

import nqueens
from nqueens.cli.commands import construct as command
from nqueens.core import board


def numpy_valid(q):
    """An independent check: columns in range, and no column or diagonal counted twice."""
    q = np.asarray(q, np.int64)
    n = len(q)
    rows = np.arange(n)
    return bool(
        n > 0
        and q.min() >= 0
        and q.max() < n
        and max(np.bincount(q).max(), np.bincount(rows + q).max(), np.bincount(rows - q + n - 1).max()) == 1
    )


def torus_valid(q):
    """Plain-Python toroidal check: columns, (q + i) mod n and (q - i) mod n each distinct."""
    n = len(q)
    return all(
        len({f(i, int(c)) % n for i, c in enumerate(q)}) == n for f in (lambda i, c: c, int.__add__, int.__sub__)
    )


# -- explicit ------------------------------------------------------------------------------------------------


def test_explicit_every_n_up_to_200():
    for n in [1, *range(4, 201)]:
        q = C.explicit(n)
        assert len(q) == n and q.dtype == board.dtype_for(n)
        assert board.is_solution(q.tolist()) and C.verify(q), n


@pytest.mark.parametrize("n", [100_000 + r for r in range(6)] + [65_536, 65_537])
def test_explicit_large_n_every_residue_mod_6(n):
    q = C.explicit(n)
    assert q.dtype == board.dtype_for(n) and numpy_valid(q) and C.verify(q)


@pytest.mark.parametrize("n", [2, 3])
def test_explicit_refuses_2_and_3(n):
    with pytest.raises(nqueens.NQueensError, match=f"no solution exists for n = {n}"):
        C.explicit(n)
    assert TOTAL[n] == 0


# -- the verifier --------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.permutations(range(n))))
def test_verify_agrees_with_board_on_permutations(q):
    assert C.verify(q) == board.is_solution(q) == C.verify(np.array(q, np.uint8))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-3, 12), min_size=0, max_size=10))
def test_verify_agrees_with_board_on_any_list(q):
    assert C.verify(q) == board.is_solution(q)


def test_verify_catches_one_broken_row_in_a_large_solution():
    q = C.explicit(100_000).astype(np.int64)
    for row, col in ((0, q[1]), (99_999, q[0]), (50_000, 100_000), (3, -1)):
        broken = q.copy()
        broken[row] = col
        assert not C.verify(broken) and not numpy_valid(broken)
    for i, j in ((10, 11), (0, 99_999), (40_000, 60_000)):
        swapped = q.copy()
        swapped[[i, j]] = swapped[[j, i]]
        assert C.verify(swapped) == numpy_valid(swapped)


def test_verify_refuses_what_is_not_a_solution_vector():
    assert not C.verify([]) and not C.verify("0") and not C.verify([0.0]) and not C.verify([True])
    assert not C.verify([2**70]) and not C.verify(np.zeros((1, 1), np.int64))


# -- toroidal ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(TOROIDAL))
def test_is_toroidal_counts_oeis_a051906(n):
    """Among all solutions of n (A000170), exactly A051906(n) are toroidal."""
    found = 0
    for batch in nqueens.batches(n):
        found += sum(C.is_toroidal(q) for q in batch)
    assert found == TOROIDAL[n]


def test_linear_is_toroidal_exactly_when_the_gcd_rule_says():
    for n in range(1, 40):
        for k in range(-2, n + 2):
            q = [(k * i) % n for i in range(n)]
            if torus_valid(q):
                assert C.linear(n, k).tolist() == q and C.is_toroidal(C.linear(n, k)), (n, k)
            else:
                with pytest.raises(nqueens.NQueensError, match="coprime to n"):
                    C.linear(n, k)


def _toroidal_solutions(n):
    return [tuple(q) for q in nqueens.solutions(n) if torus_valid(q)]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(_toroidal_solutions(5) + _toroidal_solutions(7) + [tuple(C.linear(11, 4)), (0,)]),
    st.sampled_from(_toroidal_solutions(5) + _toroidal_solutions(7) + [tuple(C.linear(13, 5)), (0,)]),
)
def test_product_of_toroidal_solutions_is_toroidal(a, b):
    q = C.product(a, b)
    assert len(q) == len(a) * len(b)
    assert torus_valid(q.tolist()) and board.is_solution(q.tolist())


def test_product_refuses_ordinary_solutions():
    assert not torus_valid((1, 3, 0, 2))
    with pytest.raises(nqueens.NQueensError, match="first factor is not a toroidal solution"):
        C.product((1, 3, 0, 2), (0, 2, 4, 1, 3))
    with pytest.raises(nqueens.NQueensError, match="second factor"):
        C.product((0, 2, 4, 1, 3), (2, 4, 1, 3, 0, 5))
    with pytest.raises(nqueens.NQueensError, match="sequence of integer columns"):
        C.product("abc", (0,))


@pytest.mark.parametrize("n", [5, 25, 125, 625])
def test_toroidal_powers_of_five_are_seed_004_blocks(n):
    """5 -> 25 -> 125 -> 625 as seed 004 draws it: cut into 5 x 5 blocks, each block row holds its queens in one
    block, the blocks form a toroidal 5-queens solution, and inside every block is the same toroidal solution."""
    q = C.toroidal(n).astype(np.int64)
    assert torus_valid(q.tolist()) and board.is_solution(q.tolist()) and C.verify(q)
    if n > 5:
        t = n // 5
        blocks = q.reshape(5, t)
        outer = (blocks // t)[:, 0]
        assert (blocks // t == outer[:, None]).all(), "each block row uses one block column"
        assert torus_valid(outer.tolist()), "the blocks themselves form a toroidal 5-queens solution"
        inner = blocks % t
        assert (inner == inner[0]).all() and torus_valid(inner[0].tolist())


def test_toroidal_every_n_coprime_to_6_below_500():
    for n in range(1, 500):
        if math.gcd(n, 6) == 1:
            q = C.toroidal(n)
            assert len(q) == n and torus_valid(q.tolist()) and C.verify(q), n


@pytest.mark.parametrize(("n", "p"), [(8, 2), (9, 3), (6, 2), (2, 2), (3, 3), (100_002, 2), (15, 3)])
def test_toroidal_refuses_n_divisible_by_2_or_3(n, p):
    with pytest.raises(nqueens.NQueensError) as info:
        C.toroidal(n)
    message = str(info.value)
    assert f"divisible by {p}" in message and "Pólya" in message and "explicit" in message
    assert "\n" not in message


# -- min-conflicts -------------------------------------------------------------------------------------------


def test_min_conflicts_small_boards_every_seed_valid():
    for n in [1, *range(4, 41)]:
        for seed in range(4):
            q = C.min_conflicts(n, seed=seed)
            assert board.is_solution(q.tolist()), (n, seed)


def test_min_conflicts_large():
    for n in (100_000, 1_000_000):
        c = C.construct(n, "min-conflicts", seed=11)
        assert c.valid and numpy_valid(c.solution)
        assert c.stats["seed"] == 11 and c.stats["steps"] >= 0


def test_min_conflicts_is_reproducible():
    a = C.min_conflicts(2000, seed=5)
    assert np.array_equal(a, C.min_conflicts(2000, seed=5))
    assert not np.array_equal(a, C.min_conflicts(2000, seed=6))


def test_min_conflicts_step_cap():
    """With exactly the moves it needs it succeeds, with one fewer it stops with a clear error."""
    free = C.construct(300, "min-conflicts", seed=2)
    steps = free.stats["steps"]
    assert steps > 0 and free.stats["start_conflicts"] > 0
    again = C.construct(300, "min-conflicts", seed=2, max_steps=steps)
    assert np.array_equal(again.solution, free.solution)
    with pytest.raises(nqueens.NQueensError, match=f"within {steps - 1} steps \\(seed 2\\); try another seed"):
        C.construct(300, "min-conflicts", seed=2, max_steps=steps - 1)


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"seed": -1}, "seed must be an integer"),
        ({"seed": 1.5}, "seed must be an integer"),
        ({"seed": 2**62}, "seed must be an integer"),
        ({"max_steps": -1}, "max_steps must be an integer >= 0"),
        ({"max_steps": "9"}, "max_steps must be an integer >= 0"),
    ],
)
def test_min_conflicts_bad_options(kwargs, fragment):
    with pytest.raises(nqueens.NQueensError, match=fragment):
        C.min_conflicts(10, **kwargs)


# -- construct() and the pure-Python source --------------------------------------------------------------------


def test_construct_record():
    c = C.construct(1000)
    assert c.n == 1000 and c.method == "explicit" and c.valid and c.seconds >= 0 and c.stats == {}
    assert c.to_dict() == {"n": 1000, "method": "explicit", "valid": True, "seconds": c.seconds}
    assert c.to_dict(solution=True)["solution"] == c.solution.tolist()


@pytest.mark.parametrize(
    ("args", "kwargs", "fragment"),
    [
        ((8, "magic"), {}, "unknown method 'magic'; methods: explicit, toroidal, min-conflicts"),
        ((8, "explicit"), {"seed": 1}, "apply to min-conflicts only"),
        ((7, "toroidal"), {"max_steps": 1}, "apply to min-conflicts only"),
        ((0,), {}, "integer >= 1"),
        ((3, "min-conflicts"), {}, "no solution exists for n = 3"),
        ((12, "toroidal"), {}, "divisible by 2"),
    ],
)
def test_construct_errors(args, kwargs, fragment):
    with pytest.raises(nqueens.NQueensError, match=fragment):
        C.construct(*args, **kwargs)


@pytest.mark.slow
def test_kernels_run_as_plain_python_with_the_same_answers(jit_free):
    """Under NUMBA_DISABLE_JIT=1 the same source gives the same solutions, min-conflicts included (its random
    numbers are computed in plain integer arithmetic, not drawn from numba's or numpy's generator)."""
    from jit_free import construct

    python = jit_free()
    assert construct() == python  # the compiled kernels, in this process
    assert python["verify"] == [True, False, True, False]
    assert all(board.is_solution(q) for group in ("explicit", "toroidal", "min") for q in python[group])


# -- the command line ----------------------------------------------------------------------------------------


def test_cli_json_shape(capsys):
    code, out, err = cli(capsys, "construct", "100000", "--json")
    doc = json.loads(out)
    assert code == 0 and err == ""
    assert set(doc) == {"n", "method", "valid", "seconds"} and doc["valid"] is True and doc["n"] == 100_000


@pytest.mark.parametrize("n", [5, 25, 125, 625])
def test_cli_toroidal_powers_of_five(capsys, n):
    code, out, _ = cli(capsys, "construct", str(n), "--method", "toroidal", "--json", "--show")
    doc = json.loads(out)
    assert code == 0 and doc["valid"] is True and doc["method"] == "toroidal"
    assert torus_valid(doc["solution"]) and board.is_solution(doc["solution"])


def test_cli_min_conflicts_seed_and_text_output(capsys):
    code, out, _ = cli(capsys, "construct", "500", "--method", "min-conflicts", "--seed", "9", "--show")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "n = 500, method min-conflicts: valid (verified in O(n))"
    assert "  seed: 9" in lines
    shown = json.loads(lines[-1].removeprefix("solution: "))
    assert shown == C.min_conflicts(500, seed=9).tolist() and board.is_solution(shown)


def test_cli_prints_no_solution_unless_asked(capsys):
    code, out, _ = cli(capsys, "construct", "70000")
    assert code == 0 and len(out) < 200 and "solution" not in out


@pytest.mark.parametrize("n", [1, 8, 50, 70_001])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_cli_output_file_is_the_board_format(capsys, tmp_path, n, fmt):
    """Written in pieces (70,001 columns cross a chunk boundary), the file equals nqueens.core.board's format."""
    path = tmp_path / f"q.{fmt}"
    code, out, _ = cli(capsys, "construct", str(n), "--output", str(path), "--format", fmt)
    assert code == 0 and str(path) in out
    q = C.explicit(n).tolist()
    text = path.read_text()
    if fmt == "text":
        assert text == "".join(board.format_text([q], 1))
        assert board.parse_text(text) == (n, [tuple(q)])
    else:
        assert text == "".join(board.format_json(n, [q]))
        assert board.parse_json(text) == (n, [tuple(q)], None)


def test_cli_output_defaults_to_text(capsys, tmp_path):
    path = tmp_path / "q"
    cli(capsys, "construct", "6", "--output", str(path))
    assert path.read_text() == "1\n2,4,6,1,3,5\n"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["construct", "2"], "no solution exists for n = 2"),
        (["construct", "3", "--method", "min-conflicts"], "no solution exists for n = 3"),
        (["construct", "8", "--method", "toroidal"], "divisible by 2"),
        (["construct", "9", "--method", "toroidal"], "divisible by 3"),
        (["construct", "8", "--seed", "1"], "apply to min-conflicts only"),
        (["construct", "8", "--method", "min-conflicts", "--seed", "-1"], "seed must be an integer >= 0"),
        (["construct", "8", "--method", "min-conflicts", "--seed", "x"], "seed must be an integer >= 0"),
        (["construct", "8", "--max-steps", "1.5"], "max-steps must be an integer >= 0"),
        (["construct", "8", "--format", "json"], "give --output too"),
        (["construct", "8", "--method", "magic"], "invalid choice"),
        (["construct", "0"], "integer >= 1"),
        (["construct", "8", "--output", "/nonexistent/dir/q.txt"], "cannot write /nonexistent/dir/q.txt"),
        (["construct", "300", "--method", "min-conflicts", "--seed", "2", "--max-steps", "0"], "within 0 steps"),
    ],
)
def test_cli_bad_input_is_one_error_line(capsys, argv, fragment):
    code, out, err = cli(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == 2 and out == ""
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], err


def test_cli_method_names_match_the_library():
    assert command._METHODS == C.METHODS
