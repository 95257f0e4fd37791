"""Property-based border tests: what an outside solver or optimiser returns, and what a trace file's header says,
drawn hostile for every field (squares, counts, statistics, bounds, statuses, header fields).

The invariants are the ones the documentation promises: a run is judged by what it holds, so no run is
``solved``, ``optimal`` or agreeing on a wrong answer (the totals of OEIS A000170, the optima of OEIS A075458 and
A250000, each solution checked on the board here, with no solver); nothing ends in a traceback (a command's
error is one ``error:`` line); every JSON document holds only finite numbers; a trace header of the wrong kind
is one error line. A bounded number of cases is drawn first (40 a property; the fast tier runs only the trace
header's, the solvers' take seconds each), the slow tier a longer profile (70 more), the heavy tier (make
test-heavy) many more (200).
"""

import json
import math
import numbers
import textwrap

import hostile
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nqueens.core.optimization import KNOWN, verify
from nqueens.core.published import TOTAL
from nqueens.core.status import NAMES

FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=70, deadline=None, suppress_health_check=list(HealthCheck))
HEAVY = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))

# Optimal solutions from the literature's small boards (checked by verify below, not by a solver).
OPTIMA = {
    ("domination", 4): [(1, 1), (1, 2)],
    ("domination", 5): [(0, 0), (0, 2), (3, 2)],
    ("peaceable", 4): ([(0, 0), (0, 1)], [(1, 3), (3, 2)]),
}
SOLUTIONS_6 = [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2), (4, 2, 0, 5, 3, 1)]  # OEIS A000170: 4

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 8),
    st.integers(-(10**400), 10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.binary(max_size=2),
)
numbers_ = st.one_of(
    st.integers(-3, 30),
    st.integers(-(10**400), 10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.none(),
    st.booleans(),
    st.text(max_size=3),
)
stats = st.dictionaries(st.text(max_size=6), scalars, max_size=3)


def _squares(problem, n):
    """A reported solution: the optimum, one with a coordinate made a float or a string, squares moved or left
    out, or anything at all."""
    best = OPTIMA.get((problem, n))
    junk = st.one_of(scalars, st.lists(st.lists(scalars, max_size=3), max_size=4), st.dictionaries(st.text(), scalars))
    if best is None:
        return junk

    def spoil(pick):
        armies = [best] if problem == "domination" else list(best)
        army, square, how = pick
        armies = [list(a) for a in armies]
        a = armies[army % len(armies)]
        r, c = a[square % len(a)]
        a[square % len(a)] = {
            0: (r + 0.5, c),
            1: (str(r), c),
            2: (r, c + n),
            3: (float(r), float(c)),
            4: (True, c),
            5: (r, -1),
        }[how]
        if how == 6:
            a.pop(square % len(a))
        return a if problem == "domination" else tuple(armies)

    spoilt = st.tuples(st.integers(0, 1), st.integers(0, 3), st.integers(0, 5)).map(spoil)
    every = [(r, c) for r in range(n) for c in range(n)]
    return st.one_of(st.just(best), spoilt, st.just(every if problem == "domination" else ([], [])), junk)


@st.composite
def optimiser_cases(draw):
    problem, n = draw(st.sampled_from(sorted(OPTIMA)))
    improvements = draw(
        st.lists(st.tuples(_squares(problem, n), st.one_of(st.none(), numbers_)), max_size=4),
    )
    status = st.one_of(st.sampled_from(["optimal", "feasible", "infeasible", "unknown", "OPTIMAL", ""]), scalars)
    said = draw(
        st.one_of(
            status,
            st.fixed_dictionaries({"status": status, "bound": numbers_, "stats": stats}),
            st.dictionaries(st.text(max_size=6), scalars, max_size=3),
        )
    )
    return problem, n, {"improvements": improvements, "said": said}


@st.composite
def count_cases(draw):
    if draw(st.booleans()):
        return {"count": draw(st.one_of(numbers_, st.just(4)))}
    tally = draw(
        st.fixed_dictionaries(
            {"total": st.one_of(st.just(4), numbers_)},
            optional={
                "unique": numbers_,
                "nodes": numbers_,
                "profile": st.one_of(scalars, st.lists(numbers_, max_size=8)),
                "stats": stats,
            },
        )
    )
    return {"tally": tally}


rows = st.lists(
    st.one_of(
        st.sampled_from(SOLUTIONS_6),
        st.lists(st.one_of(st.integers(-1, 6), st.floats(allow_nan=True), st.text(max_size=2)), max_size=7),
        scalars,
    ),
    max_size=6,
)


@pytest.fixture
def solver_files(tmp_path):
    for name, text in (("counter.py", hostile.COUNTER), ("stream.py", hostile.STREAM), ("opt.py", hostile.OPTIMISER)):
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def _strict(text):
    """The JSON document ``text``, refusing NaN and infinities (which json.loads would take)."""

    def refuse(constant):
        raise AssertionError(f"a non-finite number in the JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def _finite(value):
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(_finite(v) for v in value)
    return True


def _one_error(done):
    """A command that failed said so in one ``error:`` block, never a traceback."""
    assert "Traceback" not in done.stderr, done.stderr
    if done.returncode != 0:  # exit 1 is also a verdict (a run wrong, an error), printed as a result
        assert done.stderr.startswith("error: ") or done.stdout.strip(), done
    if done.returncode == 2:
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def _check_optimisation_runs(records, problem, n):
    for r in records:
        assert r.status in NAMES, r.status
        doc = r.to_dict()
        json.dumps(doc, allow_nan=False)  # raises on NaN or an infinity
        assert _finite(doc), doc
        if r.status in ("optimal", "feasible"):
            ok, why = verify(problem, n, r.solution)
            assert ok, (r.status, r.solution, why)
            size = len(r.solution) if problem == "domination" else len(r.solution[0])
            assert r.objective == size and all(
                isinstance(x, numbers.Integral) and not isinstance(x, bool)
                for army in ([r.solution] if problem == "domination" else r.solution)
                for square in army
                for x in square
            )
        if r.status == "optimal":
            assert r.objective == KNOWN[problem][n], (r.objective, r.message)
        if r.bound is not None:
            assert math.isfinite(r.bound) and 0 <= r.bound <= n * n


def _optimiser_property(cli, solver_files, case):
    from nqueens.experiments.runner import parse_solvers, run

    problem, n, hostile.CASE = case[0], case[1], case[2]
    spec = str(solver_files / "opt.py") + ":optimize"
    records = run([n], parse_solvers(spec), question="optimize", problem=problem, store="none").records
    _check_optimisation_runs(records, problem, n)
    shown = cli("optimize", problem, str(n), "--solver", spec, cwd=solver_files)  # the board drawn, or the reason
    _one_error(shown)
    assert shown.returncode in (0, 1, 2), shown
    as_json = cli("optimize", problem, str(n), "--solver", spec, "--json", cwd=solver_files)
    _one_error(as_json)
    if as_json.returncode in (0, 1) and as_json.stdout.strip():
        docs = _strict(as_json.stdout)
        for doc in docs if isinstance(docs, list) else [docs]:
            assert doc["status"] != "optimal" or doc["objective"] == KNOWN[problem][n]


def _count_property(cli, solver_files, case):
    from nqueens.experiments.runner import parse_solvers, run

    hostile.CASE = case
    spec = str(solver_files / "counter.py") + ":solver"
    for r in run([6], parse_solvers(spec), store="none").records:
        assert r.status in NAMES
        json.dumps(r.to_dict(), allow_nan=False)
        if r.status == "solved":
            assert r.total == TOTAL[6], (r.total, case)  # OEIS A000170: 4
    done = cli("count", "6", "--solver", spec, "--json", cwd=solver_files)
    _one_error(done)
    if done.returncode == 0:
        assert _strict(done.stdout)["total"] is not None


def _stream_property(cli, solver_files, case):
    from nqueens.experiments.runner import parse_solvers, run

    hostile.CASE = {"rows": case}
    spec = str(solver_files / "stream.py") + ":solutions"
    for question in ("count", "enumerate"):
        for r in run([6], parse_solvers(spec), question=question, store="none").records:
            json.dumps(r.to_dict(), allow_nan=False)
            if r.status == "solved":
                assert r.total == TOTAL[6], (question, r.total, case)
    # count trusts a solver's stream (it has no oracle) but takes each board once and only a solution: a stream of
    # distinct solutions is counted, any other is refused.
    valid = [
        isinstance(row, list | tuple)
        and all(isinstance(c, int) and not isinstance(c, bool) for c in row)
        and tuple(row) in SOLUTIONS_6
        for row in case
    ]
    honest = all(valid) and len({tuple(row) for row in case}) == len(case)
    for command in (("count", "6"), ("solve", "6")):
        done = cli(*command, "--solver", spec, cwd=solver_files)
        _one_error(done)
        assert (done.returncode == 0) == honest, (command, done, case)
        if honest and command[0] == "count":
            assert f": {len(case)} solution" in done.stdout, (done.stdout, case)
        if honest and command[0] == "solve":
            assert done.stdout.count("Q") == 6 * len(case), (done.stdout, case)


@pytest.mark.slow
@FAST
@given(case=optimiser_cases())
def test_an_outside_optimiser_never_gets_a_verdict_its_answer_does_not_hold(cli, solver_files, case):
    _optimiser_property(cli, solver_files, case)


@pytest.mark.slow
@SLOW
@given(case=optimiser_cases())
def test_an_outside_optimiser_never_gets_a_verdict_its_answer_does_not_hold_longer(cli, solver_files, case):
    _optimiser_property(cli, solver_files, case)


@pytest.mark.slow
@pytest.mark.heavy
@HEAVY
@given(case=optimiser_cases())
def test_an_outside_optimiser_never_gets_a_verdict_its_answer_does_not_hold_many(cli, solver_files, case):
    _optimiser_property(cli, solver_files, case)


@pytest.mark.slow
@FAST
@given(case=count_cases())
@example(case={"tally": {"total": 4, "stats": {"": b""}}})  # found by the slow tier: bytes in --json
@example(case={"tally": {"total": 4, "profile": b""}})  # found by the slow tier: bytes as the profile
def test_an_outside_counter_is_solved_only_with_the_published_total(cli, solver_files, case):
    _count_property(cli, solver_files, case)


@pytest.mark.slow
@SLOW
@given(case=count_cases())
def test_an_outside_counter_is_solved_only_with_the_published_total_longer(cli, solver_files, case):
    _count_property(cli, solver_files, case)


@pytest.mark.slow
@pytest.mark.heavy
@HEAVY
@given(case=count_cases())
def test_an_outside_counter_is_solved_only_with_the_published_total_many(cli, solver_files, case):
    _count_property(cli, solver_files, case)


@pytest.mark.slow
@FAST
@given(case=rows)
@example(case=[[]])  # found by the fast tier: an empty row was dropped, not refused
@example(case=[SOLUTIONS_6[0], SOLUTIONS_6[0]])  # a board twice
def test_an_outside_stream_counts_each_solution_once_or_is_refused(cli, solver_files, case):
    _stream_property(cli, solver_files, case)


@pytest.mark.slow
@SLOW
@given(case=rows)
def test_an_outside_stream_counts_each_solution_once_or_is_refused_longer(cli, solver_files, case):
    _stream_property(cli, solver_files, case)


@pytest.mark.slow
@pytest.mark.heavy
@HEAVY
@given(case=rows)
def test_an_outside_stream_counts_each_solution_once_or_is_refused_many(cli, solver_files, case):
    _stream_property(cli, solver_files, case)


# -- the trace file's header ------------------------------------------------------------------------------------

HEADER_FIELDS = ("n", "solver", "options", "events", "sha256", "expected", "toolkit")
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 300),
    st.integers(-(10**400), 10**400),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
)
header_values = st.one_of(
    json_scalars,
    st.lists(json_scalars, max_size=3),
    st.dictionaries(st.text(max_size=4), st.one_of(json_scalars, st.lists(json_scalars, max_size=2)), max_size=3),
)


@pytest.fixture(scope="module")
def a_trace():
    """The header and body of a real trace (mary's search of n = 5, stepped in Python), to edit field by field."""
    import gzip

    from nqueens.analysis import search_trace
    from nqueens.analysis.tracefile import Trace, events_of

    events = events_of(search_trace.events(5, "none", model="mary", order="static"))
    expected = {"source": "hand", "generated": [1, 5, 25, 60, 70, 60], "feasible": [1, 5, 12, 14, 12, 10]}
    trace = Trace.from_events(5, "mary", {"propagation": "none"}, events, expected=expected)
    first, _, body = gzip.decompress(trace.dumps()).decode().partition("\n")
    return json.loads(first), body


def _header_property(a_trace, edits):
    import gzip

    from nqueens.analysis.replay import page
    from nqueens.analysis.tracefile import loads

    from nqueens.core.errors import NQueensError

    header, body = a_trace
    header = {**header, **edits}
    data = gzip.compress((json.dumps(header) + "\n" + body).encode())
    try:
        trace = loads(data, name="edited.trace")
    except NQueensError as exc:
        assert len(str(exc).splitlines()) == 1 and str(exc).startswith("edited.trace"), str(exc)
        return
    assert isinstance(trace.n, int) and isinstance(trace.solver, str) and isinstance(trace.options, dict)
    assert "<html" in page([trace]).lower()  # the page is made, whatever the header held


@FAST
@given(edits=st.dictionaries(st.sampled_from(HEADER_FIELDS), header_values, min_size=1, max_size=3))
def test_a_trace_header_of_the_wrong_kind_is_one_error_line(a_trace, edits):
    _header_property(a_trace, edits)


@pytest.mark.slow
@SLOW
@given(edits=st.dictionaries(st.sampled_from(HEADER_FIELDS), header_values, min_size=1, max_size=3))
def test_a_trace_header_of_the_wrong_kind_is_one_error_line_longer(a_trace, edits):
    _header_property(a_trace, edits)


@pytest.mark.slow
@pytest.mark.heavy
@HEAVY
@given(edits=st.dictionaries(st.sampled_from(HEADER_FIELDS), header_values, min_size=1, max_size=3))
def test_a_trace_header_of_the_wrong_kind_is_one_error_line_many(a_trace, edits):
    _header_property(a_trace, edits)
