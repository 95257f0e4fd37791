"""The search as events (analysis/trace.py): node counts against Knuth and an independent solver, solutions
against OEIS and the enumerators, every event against the geometry of the board."""

import pytest
from helpers import one_error_line, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.analysis.trace import KINDS, attacked, events

import nqueens
from nqueens.core.board import find_conflict


def profile_of(stream):
    """Feasible nodes per depth, counted from the place events (the root counts 1)."""
    stream = list(stream)
    n = stream[-1].n
    feasible = [1] + [0] * n
    for e in stream:
        if e.kind == "place":
            feasible[e.row + 1] += 1
    return tuple(feasible), stream


def attacks(r0, c0, r, c):
    return c0 == c or abs(c0 - c) == abs(r0 - r)


def test_n8_stands_on_knuths_2057_nodes():
    profile, stream = profile_of(events(8))
    assert profile == KNUTH_PROFILE_8
    done = stream[-1]
    assert done.kind == "done" and done.nodes == 2057 == sum(KNUTH_PROFILE_8) and done.solutions == 92


@pytest.mark.parametrize("n", [*range(1, 9), pytest.param(9, marks=pytest.mark.slow)])
def test_counts_match_an_independent_solver(n):
    profile, stream = profile_of(events(n))
    other = nqueens.count(n, "bitmask-recursive", nodes=True)
    assert profile == other.profile and stream[-1].nodes == other.nodes
    done = stream[-1]
    assert done.solutions == TOTAL[n]
    # Every feasible node short of a full board tries all n squares of the next row.
    assert done.generated == n * sum(profile[:-1])
    assert done.pruned == done.generated - (done.nodes - 1)
    assert done.backtracks == done.nodes - 1, "every queen placed is lifted again"
    assert len(stream) == done.generated + done.backtracks + done.solutions + 1


@pytest.mark.parametrize("n", range(1, 9))
def test_solution_events_are_the_solutions_in_lexicographic_order(n):
    found = [e.queens for e in events(n) if e.kind == "solution"]
    assert found == list(nqueens.solutions(n, "bitmask-recursive")) == sorted(found)
    assert len(found) == TOTAL[n]


def test_every_event_agrees_with_the_board():
    """Places are on free squares, prunes on squares the named queen attacks, backtracks lift the last queen,
    and the counters and steps run in order."""
    before = ()
    previous = None
    for e in events(7):
        assert e.kind in KINDS and e.n == 7
        assert e.step == (0 if previous is None else previous.step + 1)
        if e.kind == "place":
            assert e.queens == before + (e.col,) and e.row == len(before)
            assert not any(attacks(i, c, j, d) for i, c in enumerate(e.queens) for j, d in enumerate(e.queens) if i < j)
            assert not attacked(before, 7)[e.row] >> e.col & 1
        elif e.kind == "prune":
            assert e.queens == before and e.row == len(before)
            assert attacks(e.by, before[e.by], e.row, e.col)
            assert not any(attacks(i, c, e.row, e.col) for i, c in enumerate(before[: e.by]))
            assert attacked(before, 7)[e.row] >> e.col & 1
        elif e.kind == "backtrack":
            assert before[-1] == e.col and e.queens == before[:-1] and e.row == len(before) - 1
        elif e.kind == "solution":
            assert e.queens == before and len(before) == 7 and find_conflict(e.queens) is None
        if previous is not None:
            for key in ("nodes", "generated", "pruned", "backtracks", "solutions"):
                assert getattr(e, key) - getattr(previous, key) in (0, 1), key
        before, previous = e.queens, e
    assert previous.kind == "done" and previous.queens == ()


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n - 1), max_size=n))))
def test_attacked_squares_by_brute_force(case):
    n, queens = case
    masks = attacked(tuple(queens), n)
    for r in range(n):
        for c in range(n):
            want = r >= len(queens) and any(attacks(i, q, r, c) for i, q in enumerate(queens))
            assert bool(masks[r] >> c & 1) == want, (r, c)


def test_event_attacked_is_the_board_state():
    for e in events(5):
        assert e.attacked == attacked(e.queens, 5)


def test_the_stream_is_lazy():
    stream = events(40)
    first = [next(stream) for _ in range(100)]
    assert first[0].kind == "place" and first[0].queens == (0,)
    stream.close()


@pytest.mark.parametrize("n", [0, -1, "x", 2.5])
def test_bad_n(n):
    with pytest.raises(nqueens.NQueensError, match="integer >= 1"):
        next(events(n))


def test_trace_refuses_one_file_for_both_the_trace_and_the_page(capsys, tmp_path):
    same = tmp_path / "same.x"
    code, out, err = run_cli(capsys, "trace", "5", "--solver", "mary", "-o", str(same), "--html", str(same))
    assert code == 2 and "would be overwritten" in one_error_line(err) and not same.exists()


@pytest.mark.parametrize("n", ["400", "1000000", "99999999999999999999"])
@pytest.mark.parametrize("solver", ["mary", "permutation", "backtrack"])
def test_a_board_far_too_big_to_trace_is_refused_by_its_size(capsys, tmp_path, n, solver):
    code, out, err = run_cli(capsys, "trace", n, "--solver", solver, "--html", str(tmp_path / "x.html"))
    line = one_error_line(err)
    assert code == 2 and "OEIS A000170" in line and "take n <= 13" in line, err


def test_dlx_refused_without_words_of_options_it_lacks(capsys, tmp_path):
    code, out, err = run_cli(capsys, "trace", "5000", "--solver", "dlx", "--html", str(tmp_path / "x.html"))
    line = one_error_line(err)
    assert code == 2 and "propagation" not in line and "first-fail" not in line, line


@pytest.mark.parametrize("n", ["13", "200"])
def test_a_refused_size_stays_readable(capsys, tmp_path, n):
    code, out, err = run_cli(capsys, "trace", n, "--solver", "permutation", "--html", str(tmp_path / "x.html"))
    line = err.strip().splitlines()[-1]
    assert code == 2 and line.startswith("error: ") and all(len(word) < 24 for word in line.split()), err


def test_an_outside_solvers_trace_does_not_say_it_stopped_when_it_did_not(capsys, tmp_path):
    path = tmp_path / "eventful.py"
    path.write_text(
        """from nqueens import Solver

def events(n, **options):
    yield ("place", 0, 0)
    yield ("backtrack",)

def solutions(n, **options):
    yield from ()

solver = Solver(name="eventful", solutions=solutions, events=events)
"""
    )
    spec = str(path)
    code, out, err = run_cli(capsys, "trace", "4", "--solver", spec, "--html", str(tmp_path / "e.html"))
    assert code == 0, err
    assert "stopped past" not in err
