"""The one clock of a run: seconds, CPU time and the solver's own memory, taken in the thread that runs it, the
same in ``count --json``, ``solve --json`` and every experiment record."""

import json
import textwrap

import pytest
from helpers import one_error_line, run_cli

import nqueens
import nqueens.experiments
from nqueens.core import background
from nqueens.core.measure import Span

MIB = 2**20
# OEIS A000170.
TOTAL = {6: 4, 8: 92, 10: 724}


def _plugins(tmp_path, stem):
    path = tmp_path / f"{stem}.py"
    path.write_text(
        textwrap.dedent(
            """
            import time

            import nqueens
            from nqueens import Tally

            SPAN = SPAN_PATH

            def _hungry(n, *, nodes=False, instance=None):
                block = b"\\x01" * (64 * 2**20)  # 64 MiB, every page written
                return Tally(total=nqueens.count(n, "bitwise").total + 0 * len(block))


            def _busy(n, *, nodes=False, instance=None):
                start, cpu = time.perf_counter(), time.thread_time()
                while time.thread_time() - cpu < 0.2:
                    pass
                total = nqueens.count(n, "bitwise").total
                with open(SPAN, "w") as out:  # the solver's own measure of its call
                    out.write(repr(time.perf_counter() - start))
                return Tally(total=total)


            def _parent(n, *, nodes=False, instance=None):
                import subprocess
                import sys

                subprocess.run([sys.executable, "-c", "x = bytearray(32 * 2**20)"], check=True)
                return Tally(total=nqueens.count(n, "bitwise").total)


            hungry = nqueens.Solver(name="hungry", count=_hungry, can=("count",))
            parent = nqueens.Solver(name="parent", count=_parent, can=("count",))
            busy = nqueens.Solver(name="busy", count=_busy, can=("count",))
            """
        ).replace("SPAN_PATH", repr(str(tmp_path / "span")))
    )
    return str(path)


def test_memory_added_is_what_the_solver_allocated_and_does_not_climb(tmp_path):
    path = _plugins(tmp_path, "measured_memory")
    nqueens.count(8, "bitwise")  # the kernels the plugin calls are loaded before its run
    hungry = nqueens.count(8, f"{path}:hungry")
    assert hungry.total == TOTAL[8]
    # 64 MiB written by the solver (a page or two of slack either side), not the interpreter's size.
    assert 63 <= hungry.memory_added <= 68, hungry
    assert hungry.peak_memory >= hungry.memory_added + 10  # the interpreter and numpy were there before
    after = nqueens.count(8, "bitwise")  # the same process, after a hungry run: its own memory only
    assert after.memory_added < 4, after
    assert after.memory_note is None and after.cpu_time is not None


def test_cpu_time_and_seconds_cover_the_solver_call(tmp_path):
    path = _plugins(tmp_path, "measured_cpu")
    nqueens.count(6, "bitwise")
    record = nqueens.count(6, f"{path}:busy")
    inner = float((tmp_path / "span").read_text())
    assert record.total == TOTAL[6]
    assert record.seconds >= inner  # the span encloses the call ...
    assert record.cpu_time >= 0.2  # ... and the CPU time the solver spent in its thread


def test_span_in_the_job_thread():
    def where():
        import threading

        return threading.get_ident()

    ident, span = background.timed(where)
    import threading

    assert ident != threading.get_ident()  # the call ran as a job, the span around it there
    assert span.seconds >= 0 and span.cpu_time >= 0
    with Span() as outer:
        pass
    assert set(outer.to_dict()) == {"seconds", "cpu_time", "peak_memory", "memory_added", "memory_note"}


@pytest.mark.parametrize(
    "argv",
    [["count", "10", "--solver", "bitwise", "--json"], ["solve", "8", "--solver", "cpsat", "--limit", "1", "--json"]],
    ids=["count", "solve"],
)
def test_json_documents_carry_cpu_and_memory(capsys, argv):
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    doc = json.loads(out)
    if isinstance(doc, list):
        doc = doc[-1]
    for key in ("cpu_time", "peak_memory", "memory_added"):
        assert isinstance(doc[key], float) and doc[key] >= 0, (key, doc)
    assert doc["memory_note"] is None


@pytest.mark.parametrize("question", ["count", "first", "enumerate"])
def test_every_record_has_one_span(question):
    result = nqueens.experiments.run([8], ["bitwise", "cpsat"], question=question, store="none")
    for r in result.records:
        assert r.status in ("solved", "sat"), r
        assert r.wall_time == r.seconds  # one span, the solver call's
        assert r.cpu_time is not None and r.peak_memory is not None and r.memory_added is not None
        assert r.peak_memory > r.memory_added


def test_optimize_json_carries_cpu_and_memory(capsys):
    code, out, err = run_cli(capsys, "optimize", "domination", "4", "--solver", "cpsat", "--json")
    assert code == 0, err
    (doc,) = json.loads(out)
    assert doc["status"] == "optimal" and doc["objective"] == 2  # OEIS A075458: 2 queens dominate the 4 x 4 board
    for key in ("cpu_time", "peak_memory", "memory_added"):
        assert isinstance(doc[key], float) and doc[key] >= 0, (key, doc)


def test_a_child_nobody_measured_leaves_memory_null_with_a_note(tmp_path):
    path = _plugins(tmp_path, "measured_child")
    nqueens.count(8, "bitwise")
    record = nqueens.count(8, f"{path}:parent")
    assert record.total == TOTAL[8]
    assert record.memory_added is None and "child process" in record.memory_note
    assert record.peak_memory is not None  # this process's own peak is still known


@pytest.mark.parametrize("extra", [["--scheduler", "tcp://127.0.0.1:9"], ["--workers", "2"]])
def test_runexec_refuses_a_scheduler_or_workers_it_would_ignore(capsys, extra):
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--harness", "runexec", *extra)
    assert code == 2 and "--harness runexec" in one_error_line(err) and out == ""
