"""The borders, third list: what an outside solver returns is checked before it is counted, no output replaces
an input, what a command reads is bounded before it is read, and a search too big to trace is refused at once.

Numbers asserted come from outside the code under test: OEIS A000170 (``known``) and brute force written here.
"""

import gzip
import json
import os
import sys
from pathlib import Path

import pytest
from helpers import run_cli
from known import TOTAL

ROOT = Path(__file__).resolve().parent.parent


def _one_error_line(err):
    lines = err.strip().splitlines()
    assert lines and lines[0].startswith("error: ") and "Traceback" not in err, err
    return lines[0]


def _plugin(tmp_path, name, body):
    path = tmp_path / f"{name.replace('-', '_')}.py"
    path.write_text("from nqueens import Solver, Tally\n" + body)
    return str(path)


def _solutions(n):
    # brute force, written here: every permutation with no two queens on a diagonal
    from itertools import permutations

    return [
        q for q in permutations(range(n)) if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n
    ]


SHIFTED = """
from itertools import permutations

def shifted(n, **options):
    for q in permutations(range(n)):
        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:
            yield [c + n for c in q]

solver = Solver(name="shifted", solutions=shifted)
"""

LONGER = """
from itertools import permutations

def longer(n, **options):
    for q in permutations(range(n)):
        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:
            yield [*q, 0]

solver = Solver(name="longer", solutions=longer)
"""

NEGATIVE = """
def negative(n, *, nodes=False, **options):
    return Tally(total={total}, nodes=-5, profile=(1, -3, 2))

solver = Solver(name="negative", count=negative, can=("count", "nodes"))
"""

UNSUMMED = """
def unsummed(n, *, nodes=False, **options):
    return Tally(total={total}, nodes=10**40, profile=(1, 2, 3))

solver = Solver(name="unsummed", count=unsummed, can=("count", "nodes"))
"""

INFINITE = """
def infinite(n, *, nodes=False, **options):
    return Tally(total={total}, stats={{"speed": float("inf")}})

solver = Solver(name="infinite", count=infinite)
"""


def test_the_brute_force_here_agrees_with_oeis():
    assert [len(_solutions(n)) for n in range(1, 8)] == [TOTAL[n] for n in range(1, 8)]


@pytest.mark.parametrize("name, body", [("shifted", SHIFTED), ("longer", LONGER)])
def test_count_refuses_a_plugin_whose_boards_are_off_the_board_or_of_another_length(capsys, tmp_path, name, body):
    spec = _plugin(tmp_path, name, body)
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec)
    assert code == 1 and out == "", (out, err)
    assert f"solver {name!r} gave a board that is not a solution of n = 6" in err and "Traceback" not in err


@pytest.mark.parametrize("body, said", [(NEGATIVE, "a negative number of nodes"), (UNSUMMED, "fewer than")])
def test_count_refuses_a_tally_whose_nodes_cannot_be_true(capsys, tmp_path, body, said):
    spec = _plugin(tmp_path, "bad-tally", body.format(total=TOTAL[6]))
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec, "--nodes")
    assert code == 1 and out == "", (out, err)
    assert "count returned a Tally whose" in err


def test_a_profile_that_does_not_sum_to_the_nodes_is_refused(capsys, tmp_path):
    body = UNSUMMED.replace("10**40", "10**6")
    spec = _plugin(tmp_path, "unsummed", body.format(total=TOTAL[6]))
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec, "--nodes")
    assert code == 1 and "profile sums to 6, not to its nodes 1,000,000" in err, err


def test_a_statistic_that_is_not_finite_is_refused_so_json_never_prints_infinity(capsys, tmp_path):
    spec = _plugin(tmp_path, "infinite", INFINITE.format(total=TOTAL[6]))
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec, "--json")
    assert code == 1 and "Infinity" not in out and "statistic 'speed' is inf" in err, (out, err)


@pytest.mark.parametrize("name, body", [("shifted", SHIFTED), ("negative", NEGATIVE)])
def test_compare_marks_a_lying_plugin_error_not_agreed(capsys, tmp_path, name, body):
    spec = _plugin(tmp_path, name, body.format(total=TOTAL[6]) if "{total}" in body else body)
    argv = ["compare", "6..7", "--solvers", f"bitwise,{spec}", "--format", "json", "--store", "none"]
    code, out, err = run_cli(capsys, *(argv + (["--nodes"] if name == "negative" else [])))
    runs = json.loads(out)
    theirs = [r for r in runs if r["solver"] != "bitwise"]
    assert code == 1 and theirs and all(r["status"] == "error" for r in theirs), (runs, err)
    assert all(r["total"] == TOTAL[r["n"]] for r in runs if r["solver"] == "bitwise")
    assert "agreed" not in err.replace("disagreed", "")


# -- no output replaces an input ------------------------------------------------------------------------------


def test_replay_refuses_to_write_its_page_over_the_trace_it_reads(capsys, tmp_path):
    trace = tmp_path / "keep.trace"
    assert run_cli(capsys, "trace", "5", "--solver", "mary", "-o", str(trace), "--quiet")[0] == 0
    before = trace.read_bytes()
    code, out, err = run_cli(capsys, "replay", str(trace), "--html", str(tmp_path / "." / "keep.trace"))
    assert code == 2 and "would be overwritten" in _one_error_line(err)
    assert trace.read_bytes() == before


def test_trace_refuses_one_file_for_both_the_trace_and_the_page(capsys, tmp_path):
    same = tmp_path / "same.x"
    code, out, err = run_cli(capsys, "trace", "5", "--solver", "mary", "-o", str(same), "--html", str(same))
    assert code == 2 and "would be overwritten" in _one_error_line(err) and not same.exists()


# -- what replay reads is bounded -----------------------------------------------------------------------------


def test_replay_refuses_a_gzip_bomb_at_its_bound(capsys, tmp_path):
    from nqueens.analysis.tracefile import MAX_BYTES

    bomb = tmp_path / "bomb.trace"
    with gzip.open(bomb, "wb", compresslevel=9) as f:
        block = b"\0" * (1 << 20)
        for _ in range((MAX_BYTES >> 20) + 8):
            f.write(block)
    assert bomb.stat().st_size < MAX_BYTES // 100
    code, out, err = run_cli(capsys, "replay", str(bomb), "--html", str(tmp_path / "b.html"))
    assert code == 2 and "more than a trace holds" in _one_error_line(err)


def test_replay_refuses_a_device_before_reading_it(capsys, tmp_path):
    code, out, err = run_cli(capsys, "replay", "/dev/zero", "--html", str(tmp_path / "z.html"))
    assert code == 2 and "a character device" in _one_error_line(err)


def _forged(n, lines):
    import hashlib

    body = "\n".join(lines) + "\n"
    header = {
        "format": "nqueens-trace",
        "version": 1,
        "n": n,
        "solver": "forged",
        "options": {},
        "events": len(lines),
        "nodes": 1,
        "solutions": 0,
        "sha256": hashlib.sha256(body.encode()).hexdigest(),
        "expected": None,
    }
    return gzip.compress((json.dumps(header) + "\n" + body).encode())


def test_a_header_with_an_enormous_n_is_one_line_not_an_overflow(capsys, tmp_path):
    path = tmp_path / "huge.trace"
    path.write_bytes(_forged(10**30, ["E"]))
    code, out, err = run_cli(capsys, "replay", str(path), "--html", str(tmp_path / "h.html"))
    assert code == 2 and "not a board size" in _one_error_line(err)


def test_a_trace_above_the_node_bound_is_refused(capsys, tmp_path):
    from nqueens.analysis.tracefile import MAX_NODES

    # a single row of n squares each tried and refused, repeated: every X line is one generated node
    n = 4
    lines = [*("X 0 0 -1" for _ in range(MAX_NODES + 1)), "E"]
    path = tmp_path / "big.trace"
    path.write_bytes(_forged(n, lines))
    code, out, err = run_cli(capsys, "replay", str(path), "--html", str(tmp_path / "big.html"))
    assert code == 2 and f"more than {MAX_NODES:,} nodes" in _one_error_line(err)
    assert not (tmp_path / "big.html").exists()


# -- a search too big to trace is refused at once, in words that fit ------------------------------------------


@pytest.mark.parametrize("n", ["400", "1000000", "99999999999999999999"])
@pytest.mark.parametrize("solver", ["mary", "permutation", "backtrack"])
def test_a_board_far_too_big_to_trace_is_refused_by_its_size(capsys, tmp_path, n, solver):
    code, out, err = run_cli(capsys, "trace", n, "--solver", solver, "--html", str(tmp_path / "x.html"))
    line = _one_error_line(err)
    assert code == 2 and "OEIS A000170" in line and "take n <= 13" in line, err


def test_dlx_refused_without_words_of_options_it_lacks(capsys, tmp_path):
    code, out, err = run_cli(capsys, "trace", "5000", "--solver", "dlx", "--html", str(tmp_path / "x.html"))
    line = _one_error_line(err)
    assert code == 2 and "propagation" not in line and "first-fail" not in line, line


@pytest.mark.parametrize("n", ["13", "200"])
def test_a_refused_size_stays_readable(capsys, tmp_path, n):
    code, out, err = run_cli(capsys, "trace", n, "--solver", "permutation", "--html", str(tmp_path / "x.html"))
    line = err.strip().splitlines()[-1]
    assert code == 2 and line.startswith("error: ") and all(len(word) < 24 for word in line.split()), err


def test_an_outside_solvers_trace_does_not_say_it_stopped_when_it_did_not(capsys, tmp_path):
    spec = _plugin(
        tmp_path,
        "eventful",
        """
def events(n, **options):
    yield ("place", 0, 0)
    yield ("backtrack",)

def solutions(n, **options):
    yield from ()

solver = Solver(name="eventful", solutions=solutions, events=events)
""",
    )
    code, out, err = run_cli(capsys, "trace", "4", "--solver", spec, "--html", str(tmp_path / "e.html"))
    assert code == 0, err
    assert "stopped past" not in err


# -- a plot that cannot be drawn is refused before the first run ----------------------------------------------


def test_compare_without_matplotlib_exits_2_before_its_first_run(capsys, tmp_path, monkeypatch):
    import nqueens.experiments.runner as runner

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    ran = []
    monkeypatch.setattr(runner, "_execute", lambda *a, **k: ran.append(a) or iter(()))
    code, out, err = run_cli(capsys, "compare", "4..8", "--plot", str(tmp_path / "c.png"))
    assert code == 2 and "matplotlib" in _one_error_line(err) and ran == [] and out == ""


@pytest.mark.parametrize("where", ["/proc/c.png", "/sys/kernel/c.svg", "/dev/null"])
def test_an_unwritable_plot_path_is_refused_before_the_first_run(capsys, where):
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--plot", where)
    line = _one_error_line(err)
    assert code == 2 and ("cannot write" in line or ".png or .svg" in line) and out == ""


def test_plot_kind_without_plot_is_refused(capsys):
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--plot-kind", "time")
    assert code == 2 and "--plot FILE" in _one_error_line(err) and out == ""


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_a_read_only_folder_is_refused_for_a_plot(capsys, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--plot", str(folder / "c.png"))
    assert code == 2 and "not writable" in _one_error_line(err)


# -- two writers of one store ---------------------------------------------------------------------------------


def test_two_experiments_writing_one_store_at_once_store_each_run_once(tmp_path):
    import sqlite3

    from nqueens.experiments import run
    from nqueens.runtime.store import ResultStore

    path = tmp_path / "one.sqlite"
    # the second experiment opens the store before the first has written anything, as two processes started
    # together do; then both make every run, and the second writes them after the first
    second = ResultStore(path)
    try:
        run("5..6", "bitwise,mary", repeat=2, store=str(path))
        db = sqlite3.connect(path)
        made = db.execute("SELECT key, record FROM experiment_runs").fetchall()
        db.close()
        told = [second.record_experiment_run(key, json.loads(record)) for key, record in made]
    finally:
        second.close()
    assert len(made) == 8 and told == [False] * 8
    with ResultStore(path, create=False, write=False) as store:
        assert len(store.experiment_runs()) == 8 and store.repeated_runs() == {}


def test_runs_check_names_a_run_stored_twice(capsys, tmp_path):
    path = tmp_path / "m.sqlite"
    argv = ["compare", "5..6", "--solvers", "bitwise", "--store", str(path), "--quiet"]
    assert run_cli(capsys, *argv)[0] == 0
    assert run_cli(capsys, *argv, "--fresh")[0] == 0
    code, out, err = run_cli(capsys, "runs", "--store", str(path), "--check")
    assert code == 1 and out.count("stored again") == 2 and "2 of 4 runs" in out, out


def test_runs_check_refuses_infinite_cpu_time_and_negative_memory(capsys, tmp_path):
    import sqlite3

    path = tmp_path / "m.sqlite"
    assert run_cli(capsys, "compare", "5..6", "--solvers", "bitwise", "--store", str(path), "--quiet")[0] == 0
    db = sqlite3.connect(path)
    (first, record), (second, other) = db.execute("SELECT id, record FROM experiment_runs ORDER BY id").fetchall()
    doc = json.loads(record)
    doc["cpu_time"] = float("inf")  # written by json as Infinity, read back as inf
    db.execute("UPDATE experiment_runs SET record = ? WHERE id = ?", (json.dumps(doc), first))
    doc = json.loads(other)
    doc["peak_memory"] = -1
    db.execute("UPDATE experiment_runs SET record = ? WHERE id = ?", (json.dumps(doc), second))
    db.commit()
    db.close()
    code, out, err = run_cli(capsys, "runs", "--store", str(path), "--check")
    assert code == 1 and "cpu_time inf" in out and "peak_memory -1" in out, out
    code, out, err = run_cli(capsys, "runs", "--store", str(path), "--json")
    assert code == 2 and "Infinity" not in out and out == ""


def test_reading_a_store_leaves_no_wal_or_shm_file_beside_it(capsys, tmp_path):
    path = tmp_path / "m.sqlite"
    assert run_cli(capsys, "compare", "5..5", "--solvers", "bitwise", "--store", str(path), "--quiet")[0] == 0
    for argv in (["runs"], ["runs", "--check"], ["history"]):
        run_cli(capsys, *argv, "--store", str(path))
        assert sorted(p.name for p in tmp_path.iterdir()) == ["m.sqlite"], argv


# -- outside code that leaves the process, or raises Ctrl-C's exception ---------------------------------------

EXITS = """
import os

def exits(n, **options):
    os._exit(0)
    yield ()

solver = Solver(name="exits", solutions=exits)
"""

RAISES = """
def raises(n, **options):
    raise KeyboardInterrupt
    yield ()

solver = Solver(name="raises", solutions=raises)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "6", "--solver", "{spec}"],
        ["check-solver", "{spec}", "--check", "check_count_totals"],
        ["compare", "5..6", "--solvers", "bitwise,{spec}", "--store", "none"],
    ],
    ids=["count", "check-solver", "compare"],
)
def test_a_plugin_calling_os_exit_does_not_pass_for_a_silent_success(tmp_path, argv):
    import subprocess

    spec = _plugin(tmp_path, "exits", EXITS)
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", *(a.format(spec=spec) for a in argv)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode != 0 and "os._exit(0)" in done.stdout + done.stderr, (done.stdout, done.stderr)


def test_a_plugin_raising_keyboard_interrupt_is_its_error_not_the_users_ctrl_c(capsys, tmp_path):
    spec = _plugin(tmp_path, "raises", RAISES)
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec)
    assert code == 1 and "raised KeyboardInterrupt" in err and "interrupted" not in err, err


def test_a_plugin_that_behaves_still_exits_0_with_its_answer(tmp_path):
    import subprocess

    spec = _plugin(tmp_path, "fine", SHIFTED.replace("[c + n for c in q]", "list(q)").replace("shifted", "fine"))
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "6", "--solver", spec], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0 and f"{TOTAL[6]} solutions" in done.stdout and done.stderr == "", done.stderr


# -- declarations are checked once, each fault one line -------------------------------------------------------

DECLARATIONS = {
    'Solver(name="x", solutions=s, max_n="x")': "max_n 'x' is not an integer >= 1",
    'Solver(name="x", family="weird", solutions=s)': "family 'weird' is not one of",
    'Solver(name="x", solutions=s, can=("count", "fly"))': "capability 'fly' is not one of",
    'Solver(name="x", solutions=s, reach=30, max_n=10)': "reach 30 is above its max_n 10",
    'Solver(name="x", solutions=s, memory=(-5, 1))': "negative number of bytes",
    'Solver(name="x", solutions=s, memory=-5)': "memory -5 is not (a, b)",
    'Solver(name="x", solutions=s, max_n=0)': "max_n 0 is not an integer >= 1",
    'Solver(name="x", solutions=s, max_n=-1)': "max_n -1 is not an integer >= 1",
    'Solver(name="x", solutions=s, options=[Option("k", kind=str, default="z", choices=("a", "b"), help="h")])': (
        "option k's default 'z' is not one of its choices a, b"
    ),
    "Solver(solutions=s)": "missing 1 required positional argument: 'name'",
    'Solver(name="bitwise", solutions=s)': "'bitwise'",
}
_DECLARATION = (
    "from nqueens import Option, Solver\n\ndef s(n, **options):\n    yield from ()\n\nSOLVER = {}\nsolver = SOLVER\n"
)


@pytest.mark.parametrize("declaration", list(DECLARATIONS))
def test_a_broken_outside_declaration_is_one_line(capsys, tmp_path, declaration):
    path = tmp_path / "declared.py"
    path.write_text(_DECLARATION.format(declaration))
    code, out, err = run_cli(capsys, "count", "4", "--solver", str(path))
    assert code == 2 and DECLARATIONS[declaration] in _one_error_line(err), err


@pytest.mark.parametrize("declaration", [d for d in DECLARATIONS if "bitwise" not in d])
def test_a_broken_built_in_declaration_is_one_line_naming_its_module(tmp_path, monkeypatch, declaration):
    from nqueens.core.errors import NQueensError
    from nqueens.registry import _declared

    (tmp_path / "declared_here.py").write_text(_DECLARATION.format(declaration))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "declared_here", raising=False)
    with pytest.raises(NQueensError, match="declared_here") as caught:
        _declared(["declared_here"])
    assert DECLARATIONS[declaration] in str(caught.value) and "\n" not in str(caught.value)


def test_two_built_in_declarations_of_one_name_are_refused(tmp_path, monkeypatch):
    from nqueens.core.errors import NQueensError
    from nqueens.registry import _declared

    (tmp_path / "again_bitwise.py").write_text(_DECLARATION.format('Solver(name="bitwise", solutions=s)'))
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(NQueensError, match="names 'bitwise', which another one declares"):
        _declared(["nqueens.native.bitwise_spec", "again_bitwise"])


@pytest.mark.parametrize("extra", [["--scheduler", "tcp://127.0.0.1:9"], ["--workers", "2"]])
def test_runexec_refuses_a_scheduler_or_workers_it_would_ignore(capsys, extra):
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--harness", "runexec", *extra)
    assert code == 2 and "--harness runexec" in _one_error_line(err) and out == ""


def test_a_trace_made_through_the_api_above_the_bound_gets_no_page():
    from nqueens.analysis.replay import page
    from nqueens.analysis.tracefile import MAX_NODES, Trace

    from nqueens.core.errors import NQueensError

    # every square of the first row tried and refused, over and over: one generated node an event
    events = [("prune", 0, 0, -1)] * (MAX_NODES + 1)
    big = Trace.from_events(4, "api", {}, events)
    with pytest.raises(NQueensError, match=f"at most {MAX_NODES:,}"):
        page([big])
