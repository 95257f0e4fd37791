"""The borders of an experiment store: every field a stored run holds is checked from its record's declaration
(:meth:`nqueens.core.record.RunRecord.kinds`), so any value outside its kind or range is named by ``runs --check``
and refused by ``report`` in one line; numbers in JSON are finite; a refused file is left as it was found; a report
never reads a store against itself or counts a run made again twice; stored optimisation solutions are verified
again.

The property-based tests draw a field and a bad value from the declaration itself (Hypothesis): a bounded number
of examples (150; the fast tier takes each field's declared bad values instead), the slow tier a longer profile
(500), the heavy tier (make test-heavy) many more (3,000). The consistent values are OEIS A000170/A002562 for
n = 7 and 8 (40 and 92 solutions; 6 and 12 fundamental) and A075458 for the domination of the 5 x 5 board (3 queens).
"""

import contextlib
import io
import json
import math
import os
import sqlite3

import pytest
from helpers import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nqueens.core.errors import NQueensError
from nqueens.core.record import CountResult, RunRecord

KINDS = RunRecord.kinds()

# For each kind of nqueens.core.fields, values that are not of it: the property-based tests draw from these, and
# add their own hostile draws filtered through the kind's own test.
BAD_VALUES = {
    "count": [-1, 1.5, "7", [1, 2], True, float("nan")],
    "size": [-8, 2.5, "8", [8], False],
    "positive": [0, -3, 2.0, "1", [1]],
    "integer": ["abc", 1.5, [1], {}, True],
    "seconds": [-0.5, float("nan"), float("inf"), "1", [1, 2], True],
    "memory": [-100.0, float("nan"), float("-inf"), "5 MiB", [1]],
    "number": [float("nan"), float("inf"), -1.0, "x", [1, 2], False],
    "text": [5, {}, ["a"], 1.5, True],
    "time": [12, "yesterday", [], "2025-13-45"],
    "flag": [1, "yes", [], 0.0],
    "mapping": [5, "a", [1, 2], 1.5],
    "effort": [[1, 2], {"nodes": float("nan")}, {"nodes": -1}, {"nodes": "7"}, 5],
    "options": [5, [1], {"rule": 5}, {"rule": "bishop"}],
    "classes": [{"0": 1}, {"8": -1}, [1, 2], "x", {"8": 1.5}],
    "profile": [[1, -2], "x", [1.5], 5, {"a": 1}],
    "solution": [5, "x", {"a": 1}, 1.5],
    "curve": [[[0.1]], [[float("nan"), 3]], "x", 5, [["a", 1]]],
    "status": ["bogus", 5, [], "SOLVED"],
}


def _strict(text):
    def refuse(name):
        raise AssertionError(f"{name} in the JSON")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module")
def sound(tmp_path_factory):
    """A store of two honest runs (bitwise, unique, n = 7 and 8), and its records as the store gives them."""
    from nqueens.experiments import run
    from nqueens.runtime.store import ResultStore

    path = str(tmp_path_factory.mktemp("sound") / "runs.sqlite")
    run([7, 8], "bitwise", question="unique", store=path)
    with ResultStore(path, write=False, create=False) as store:
        records = store.experiment_runs()
    assert [(r["n"], r["total"], r["unique"]) for r in records] == [(7, 40, 6), (8, 92, 12)]
    return path, records


def _tamper(path, n, change):
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        run_id, text = next(
            (i, r) for i, r in db.execute("SELECT id, record FROM experiment_runs") if json.loads(r)["n"] == n
        )
        db.execute("UPDATE experiment_runs SET record = ? WHERE id = ?", (json.dumps(change(json.loads(text))), run_id))
    return run_id


def _check(records, path="s.sqlite"):
    """``runs --check --json`` of ``records`` in this process: the runs it names, and why."""
    from nqueens.cli.commands.runs import _check

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = _check(records, path, "json")
    found = _strict(out.getvalue())
    assert code == (1 if found else 0)
    return {row["id"]: row["why"] for row in found}


def _refused(records, path="s.sqlite"):
    """What ``report`` says of ``records``: its one-line refusal."""
    from nqueens.cli.commands.report import check_records

    with pytest.raises(NQueensError) as caught:
        check_records(records, path)
    message = str(caught.value)
    assert "\n" not in message
    return message


# -- the eleven single-field edits a hostile trial made --------------------------------------------------------

EDITS = {
    "effort a list": (lambda r: {**r, "effort": [1, 2]}, "effort"),
    "code_digest a list": (lambda r: {**r, "code_digest": ["a"]}, "code_digest"),
    "finished a number": (lambda r: {**r, "finished": 12}, "finished"),
    "rule a number": (lambda r: {**r, "options": {**r["options"], "rule": 5}}, "options"),
    "an unknown rule": (lambda r: {**r, "options": {**r["options"], "rule": "bishop"}}, "options"),
    "seed a text": (lambda r: {**r, "seed": "abc"}, "seed"),
    "harness a number": (lambda r: {**r, "harness": 5}, "harness"),
    "host a mapping": (lambda r: {**r, "host": {}}, "host"),
    "command a list": (lambda r: {**r, "command": ["nqueens", "compare"]}, "command"),
    "bound a text": (lambda r: {**r, "bound": "x"}, "bound"),
    "memory added negative": (lambda r: {**r, "memory_added": -100}, "memory_added"),
}


@pytest.mark.parametrize("case", list(EDITS))
def test_each_single_field_edit_is_named_by_check_and_refused_by_report(sound, tmp_path, capsys, case):
    import shutil

    change, name = EDITS[case]
    path = str(tmp_path / "s.sqlite")
    shutil.copy(sound[0], path)
    run_id = _tamper(path, 8, change)

    code, out, err = run_cli(capsys, "runs", "--store", path, "--check")
    assert code == 1 and "Traceback" not in err, (out, err)
    lines = [line for line in out.splitlines() if line.startswith("run ")]
    assert len(lines) == 1 and lines[0].startswith(f"run {run_id}:") and f"{name} " in lines[0], out

    for argv in (["report", "--store", path, "-o", tmp_path / "r.html"], ["runs", "--store", path, "--json"]):
        code, out, err = run_cli(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: "), (argv, out, err)
        assert f"run {run_id} is damaged: {name}" in err, err
    assert not (tmp_path / "r.html").exists()


# -- every field, every kind of bad value: property-based ----------------------------------------------------


def _not_of(kind):
    """Values that the kind refuses: its declared bad values, and hostile draws filtered through its own test."""
    hostile = st.one_of(
        st.sampled_from(BAD_VALUES[kind.name]),
        st.floats(allow_nan=True, allow_infinity=True).filter(lambda x: not math.isfinite(x) or x < 0),
        st.integers(max_value=-1),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.booleans(),
    )
    return hostile.filter(lambda value: kind.why(value) is not None)


@st.composite
def _edits(draw):
    name = draw(st.sampled_from(sorted(set(KINDS) - {"id"})))  # id is the store's row, not the record's
    return name, draw(_not_of(KINDS[name]))


def _property(sound, edit):
    name, value = edit
    records = [dict(r) for r in sound[1]]
    records[1][name] = value
    bad = records[1]["id"]
    found = _check(records)
    assert bad in found and found[bad].startswith(f"damaged record: {name}"), (name, value, found)
    assert _refused(records).startswith(f"result store s.sqlite: run {bad} is damaged: {name}")
    # Whatever a record holds, its JSON form is strict JSON (where a record can be built of it at all).
    try:
        record = RunRecord.from_dict({**records[0], name: value})
    except (TypeError, ValueError, AttributeError):
        return
    _strict(json.dumps(record.to_dict(), default=str))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edit=_edits())
def test_any_field_outside_its_kind_is_named_and_refused(sound, edit):
    _property(sound, edit)


@pytest.mark.slow
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edit=_edits())
def test_any_field_outside_its_kind_is_named_and_refused_longer(sound, edit):
    _property(sound, edit)


@pytest.mark.slow
@pytest.mark.heavy
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edit=_edits())
def test_any_field_outside_its_kind_is_named_and_refused_at_length(sound, edit):
    _property(sound, edit)


@pytest.mark.parametrize("name", sorted(set(KINDS) - {"id"}))
def test_every_field_with_each_bad_value_of_its_kind_is_named_and_refused(sound, name):
    for value in BAD_VALUES[KINDS[name].name]:
        _property(sound, (name, value))


def test_every_declared_kind_refuses_its_declared_bad_values():
    for name, kind in KINDS.items():
        for value in BAD_VALUES[kind.name]:
            assert kind.why(value) is not None, (name, value)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(
    value=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(), st.none()),
    name=st.sampled_from(sorted(n for n, k in KINDS.items() if k.name in ("seconds", "memory", "number"))),
)
def test_the_json_of_a_record_holds_only_finite_numbers(name, value):
    record = RunRecord(8, "x", status="solved", total=92, **{name: value}, stats={"conflicts": float("nan")})
    doc = _strict(json.dumps(record.to_dict()))
    assert doc[name] is None if isinstance(value, float) and not math.isfinite(value) else doc[name] == value
    assert doc["stats"]["conflicts"] is None
    row = CountResult(8, "x", 92, seconds=value if value is not None else 0.0, stats={"b": float("inf")})
    _strict(json.dumps(row.to_dict()))


# -- refused files, same stores, runs made again ---------------------------------------------------------------


def _other_program(path):
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("CREATE TABLE t (x)")
        db.execute("INSERT INTO t VALUES (1)")
        db.commit()


def _newer(path):
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('application', 'nqueens result store'), ('schema', '999')")
        db.commit()


@pytest.mark.parametrize("kind", ["newer schema", "another program's WAL database", "truncated"])
@pytest.mark.parametrize("command", ["runs", "report", "history", "count"])
def test_a_refused_store_is_left_without_wal_and_shm_files(sound, tmp_path, capsys, kind, command):
    path = tmp_path / "s.sqlite"
    if kind == "newer schema":
        _newer(path)
    elif kind == "truncated":
        data = open(sound[0], "rb").read()
        path.write_bytes(data[: len(data) // 2])
    else:
        _other_program(path)
    before = path.read_bytes()
    argv = {
        "runs": ["runs"],
        "report": ["report", "-o", tmp_path / "r.html"],
        "history": ["history"],
        "count": ["count", "5"],
    }[command]
    code, _, err = run_cli(capsys, *argv, "--store", path)
    assert code == 2 and err.count("\n") == 1, err
    assert sorted(os.listdir(tmp_path)) == ["s.sqlite"] and path.read_bytes() == before


def test_compare_refuses_a_report_onto_its_store_before_running(tmp_path, capsys):
    path = tmp_path / "x.html"
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--store", path, "--report", path)
    assert code == 2 and out == "" and "input store" in err, err
    assert not path.exists()


@pytest.mark.parametrize("how", ["absolute path", "symlink", "hardlink"])
def test_report_refuses_one_store_set_against_itself(sound, tmp_path, capsys, monkeypatch, how):
    monkeypatch.chdir(os.path.dirname(sound[0]))
    first = os.path.basename(sound[0])
    second = {"absolute path": sound[0], "symlink": tmp_path / "link.sqlite", "hardlink": tmp_path / "hard.sqlite"}[how]
    if how == "symlink":
        os.symlink(sound[0], second)
    elif how == "hardlink":
        os.link(sound[0], second)
    code, _, err = run_cli(capsys, "report", "--store", first, "--store", second, "-o", tmp_path / "r.html")
    assert code == 2 and err.count("\n") == 1 and "same file" in err, err


def test_a_run_made_again_with_fresh_counts_once_in_the_report(tmp_path, capsys):
    from nqueens.experiments import run

    path = str(tmp_path / "s.sqlite")
    run([8], "bitwise", store=path)
    run([8], "bitwise", store=path, fresh=True)
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--json")
    assert code == 0 and len(json.loads(out)) == 2  # both are stored
    code, _, err = run_cli(capsys, "report", "--store", path, "-o", tmp_path / "r.html", "--quiet")
    assert code == 0, err
    html = (tmp_path / "r.html").read_text()
    import re

    data = _strict(re.search(r'id="report-data">(.*?)</script>', html, re.S).group(1))
    side = data["sides"][0]
    assert side["count"] == 1 and [c["repeats"] for c in side["cells"]] == [1]
    assert "--question count" in data["command"]


# -- stored optimisation solutions, verified again -------------------------------------------------------------


@pytest.fixture(scope="module")
def optima(tmp_path_factory):
    from nqueens.experiments import run

    path = str(tmp_path_factory.mktemp("optima") / "opt.sqlite")
    run([5], "cpsat", question="optimize", problem="domination", repeat=3, store=path)
    return path


@pytest.mark.parametrize(
    ("change", "word"),
    [
        (lambda s: s[:-1] + [[s[-1][0], (s[-1][1] + 1) % 5]], "fails the check"),  # a queen moved: squares uncovered
        (lambda s: s[:-1] + [[9, 9]], "not on the 5 x 5 board"),
        (lambda s: "abc", "solution"),
    ],
    ids=["infeasible", "off-board", "not-a-list"],
)
def test_runs_check_verifies_stored_optimisation_solutions(optima, tmp_path, capsys, change, word):
    import shutil

    from nqueens.core.optimization import verify

    path = str(tmp_path / "opt.sqlite")
    shutil.copy(optima, path)
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--check")
    assert code == 0, out

    def edit(record):
        assert record["objective"] == 3  # OEIS A075458: 3 queens dominate the 5 x 5 board
        solution = change(record["solution"])
        if word == "fails the check":
            assert not verify("domination", 5, solution)[0]
        return {**record, "solution": solution}

    run_id = _tamper(path, 5, edit)
    code, out, err = run_cli(capsys, "runs", "--store", path, "--check")
    assert code == 1 and "Traceback" not in err
    lines = [line for line in out.splitlines() if line.startswith("run ")]
    assert len(lines) == 1 and lines[0].startswith(f"run {run_id}:") and word in lines[0], out


def test_an_edited_impossible_objective_blames_the_edited_run(optima, tmp_path, capsys):
    import shutil

    path = str(tmp_path / "opt.sqlite")
    shutil.copy(optima, path)
    # A run said to have found 1 queen that dominates the board (OEIS A075458: 3 are needed), stopped at its limit.
    run_id = _tamper(path, 5, lambda r: {**r, "objective": 1, "status": "feasible"})
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--check", "--json")
    assert code == 1
    assert [row["id"] for row in json.loads(out)] == [run_id], out


HOSTILE = '''
def hostile(problem, n, *, timeout=None, improved):
    """The middle row, with statistics no count would hold: a NaN, an infinity, a negative count."""
    improved([(n // 2, c) for c in range(n)])
    return {"status": "feasible", "stats": {"conflicts": float("nan"), "nodes": -5, "branches": float("inf")}}
'''


def test_an_optimisers_impossible_statistics_never_reach_json_or_damage_the_store(tmp_path, capsys):
    from nqueens.experiments import run

    plugin = tmp_path / "hostile.py"
    plugin.write_text(HOSTILE)
    path = str(tmp_path / "s.sqlite")
    (record,) = run([5], f"{plugin}:hostile", question="optimize", problem="domination", store=path).records
    assert record.status == "feasible" and record.objective == 5 and record.effort == {}
    code, out, err = run_cli(capsys, "runs", "--store", path, "--json")
    assert code == 0, err
    doc = _strict(out)[0]
    assert doc["stats"] == {"conflicts": None, "nodes": -5, "branches": None} and doc["effort"] == {}
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--check")
    assert code == 0, out


def test_a_field_a_run_fills_outside_its_kind_makes_the_run_an_error_and_the_store_sound(tmp_path, capsys):
    from nqueens.experiments import run

    plugin = tmp_path / "hostile.py"
    plugin.write_text(HOSTILE.replace('"branches": float("inf")', '"branches": 1, "time_model": -1.0'))
    path = str(tmp_path / "s.sqlite")
    (record,) = run([5], f"{plugin}:hostile", question="optimize", problem="domination", store=path).records
    assert record.status == "error" and record.time_model is None
    assert record.message == "the solver reported time_model -1.0, which is not a number of seconds (finite, >= 0)"
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--check")
    assert code == 0, out
