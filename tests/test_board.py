"""The solution vocabulary: validation, conversions and parsers (nqueens.core.board)."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from known import LEETCODE_4, SEED_004_6

import nqueens
from nqueens.core import board
from nqueens.core.errors import NQueensError

permutations = st.integers(1, 12).flatmap(lambda n: st.permutations(range(n)))
solution_lists = st.integers(1, 9).flatmap(
    lambda n: st.lists(st.permutations(range(n)).map(tuple), min_size=0, max_size=6)
)


def test_is_solution():
    assert board.is_solution((1, 3, 0, 2))
    assert board.is_solution((0,))
    assert not board.is_solution((0, 1, 2, 3))
    assert not board.is_solution((0, 0))
    assert not board.is_solution((0, 5))  # column outside the board
    assert not board.is_solution(())


@pytest.mark.parametrize(
    ("q", "pair"),
    [
        ((0, 0, 3, 1), (0, 1, "column")),
        ((0, 2, 1, 3), (0, 3, "diagonal")),
        ((3, 1, 2, 0), (0, 3, "anti-diagonal")),
        ((2, 0, 3, 1, 4), None),
        ((1, 3, 0, 2), None),
    ],
)
def test_find_conflict_names_the_first_pair(q, pair):
    assert board.find_conflict(q) == pair


def test_check_solution_message_names_rows_and_columns():
    with pytest.raises(NQueensError, match=r"rows 0 and 1 \(columns 0 and 0\) share a column"):
        board.check_solution((0, 0, 3, 1))


@given(permutations)
def test_is_solution_agrees_with_pairwise_definition(q):
    n = len(q)
    pairwise = all(q[i] != q[j] and abs(q[i] - q[j]) != j - i for i in range(n) for j in range(i + 1, n))
    assert board.is_solution(q) == pairwise


def test_boards_of_n4_are_leetcodes():
    assert [board.to_board(q) for q in nqueens.solutions(4)] == LEETCODE_4


def test_text_of_n6_is_seed_004_format():
    n, sols = board.parse_text(SEED_004_6)
    assert n == 6 and sols == list(nqueens.solutions(6))
    assert "".join(board.format_text(sols, len(sols))) == SEED_004_6


@given(solution_lists)
def test_round_trip_boards(sols):
    assert board.parse_boards("".join(board.format_boards(sols))) == sols


@given(solution_lists)
def test_round_trip_text(sols):
    n, back = board.parse_text("".join(board.format_text(sols, len(sols))))
    assert back == sols


@given(solution_lists, st.booleans())
def test_round_trip_json(sols, with_orbits):
    n = len(sols[0]) if sols else 4
    orbits = [8] * len(sols) if with_orbits else None
    text = "".join(board.format_json(n, sols, orbits))
    assert json.loads(text) == board.to_json(n, sols, orbits)
    assert board.parse_json(text) == (n, sols, orbits)


@given(solution_lists)
def test_round_trip_array(sols):
    n = len(sols[0]) if sols else 3
    arr = board.to_array(sols, n)
    assert arr.shape == (len(sols), n) and arr.dtype == np.uint8
    assert [tuple(r) for r in arr.tolist()] == sols


@pytest.mark.parametrize(
    ("parser", "text", "message"),
    [
        (board.parse_boards, ".Q.\nQQ.\n", "exactly one 'Q'"),
        (board.parse_boards, ".Q\nQ.\n.Q\n", "square"),
        (board.parse_boards, ".X..\n", "exactly one 'Q'"),
        (board.parse_text, "", "empty input"),
        (board.parse_text, "two\n1,2\n", "number of solutions"),
        (board.parse_text, "1\n1;2\n", "separated by commas"),
        (board.parse_text, "1\n1,3\n", r"columns in 1\.\.2"),
        (board.parse_text, "3\n2,4,1,3\n", "says 3 solutions but 1 follow"),
        (board.parse_json, "{", "not JSON"),
        (board.parse_json, "[1, 2]", "expected an object"),
        (board.parse_json, '{"n": 4, "solutions": [[1, 3, 0]]}', "expected 4 columns"),
        (board.parse_json, '{"n": 0, "solutions": []}', "integer >= 1"),
        (board.parse_json, '{"n": 4, "solutions": [[1, 3, 0, 2]], "orbits": [3]}', "orbit size"),
    ],
)
def test_parsers_reject_bad_input(parser, text, message):
    with pytest.raises(NQueensError, match=message):
        parser(text)


@pytest.mark.parametrize("bad", [0, -1, "abc", "1e3", "8.5", 8.0, True, None])
def test_check_n_refuses(bad):
    with pytest.raises(NQueensError, match="integer >= 1"):
        board.check_n(bad)


def test_dtype_grows_with_n():
    assert board.dtype_for(256) == np.uint8
    assert board.dtype_for(257) == np.uint16
    assert board.dtype_for(70000) == np.uint32
