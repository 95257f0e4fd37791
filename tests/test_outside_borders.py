"""Outside solvers and optimisers at the border, and the exits around them: a wrong number is never published, a
solver's exit or hang is one line, a measurement holds the run alone. Each test is one way outside code could
get a wrong verdict, a silent exit or a traceback; the numbers they assert come from OEIS (A000170, A075458,
A250000) and from the rules of the board, checked here with no solver."""

import json
import os
import stat
import sys
import textwrap
import threading
import time

import pytest

FILES = {
    # Squares that int() would turn into an optimal domination of n = 5 ((0, 0), (0, 2), (3, 2)), and are not ints.
    "fractional.py": """
        def optimize(problem, n, *, timeout=None, improved):
            if problem != "domination":
                raise NotImplementedError("domination only")
            improved([(r + 0.9, c + 0.5) for r, c in [(0, 0), (0, 2), (3, 2)]] if n == 5 else [(0.5, 0.5)] * n)
            return "optimal"
        """,
    "texts.py": """
        def optimize(problem, n, *, timeout=None, improved):
            improved([(" 0", "0\\n"), ("0", "2"), ("3", "2")])
            return "optimal"
        """,
    "twice.py": """
        import itertools

        def solutions(n, *, instance=None):
            for q in itertools.permutations(range(n)):
                if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)}):
                    yield q
                    yield q
        """,
    "plain.py": """
        import itertools

        def solutions(n, *, instance=None):
            for q in itertools.permutations(range(n)):
                if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)}):
                    yield q
        """,
    "leaves.py": """
        import os
        os._exit(0)

        def solutions(n, *, instance=None):
            yield from ()
        """,
    "exits.py": """
        import sys
        sys.exit(3)

        def solutions(n, *, instance=None):
            yield from ()
        """,
    "loops.py": """
        while True:
            pass

        def solutions(n, *, instance=None):
            yield from ()
        """,
    "unknown.py": """
        def optimize(problem, n, *, timeout=None, improved):
            return "unknown"
        """,
    "everything.py": """
        def optimize(problem, n, *, timeout=None, improved):
            if problem == "domination":
                improved([(r, c) for r in range(n) for c in range(n)])
            else:
                improved(([], []))
            return "feasible"
        """,
    "again.py": """
        from nqueens import solver as declare

        calls = []

        @declare("answers-otherwise")
        def solver(n):
            calls.append(n)
            return 92 if len(calls) == 1 else 93
        """,
    "hangs_again.py": """
        import time
        from nqueens import solver as declare

        calls = []

        @declare("hangs-again")
        def solver(n):
            calls.append(n)
            while len(calls) > 1:
                time.sleep(0.05)
            return 92
        """,
    "huge_bound.py": """
        def optimize(problem, n, *, timeout=None, improved):
            return {"status": "unknown", "bound": 10**400}
        """,
    "memory_raises.py": """
        from nqueens import Solver

        def _memory(n, workers, options):
            raise ZeroDivisionError("no estimate")

        solver = Solver("memory-raises", count=lambda n, **options: 4, memory=_memory)
        """,
    "memory_junk.py": """
        from nqueens import Solver

        solver = Solver("memory-junk", count=lambda n, **options: 4, memory=lambda n, workers, options: 12345)
        """,
    "late_import.py": """
        import itertools

        def solutions(n, *, instance=None):
            import scipy.optimize  # a library loaded only when the search runs

            for q in itertools.permutations(range(n)):
                if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)}):
                    yield q
        """,
    "improves_nothing.py": """
        def optimize(problem, n, *, timeout=None, improved):
            every = [(r, c) for r in range(n) for c in range(n)]
            for _ in range(200_000):
                improved(every)
            return "feasible"
        """,
    "hangs.py": """
        import os
        import time

        def optimize(problem, n, *, timeout=None, improved):
            with open(os.path.join(os.path.dirname(__file__), "calls"), "a") as calls:
                calls.write(f"{problem} {n}\\n")
            while True:
                time.sleep(0.05)
        """,
    "stalls.py": """
        import time

        def optimize(problem, n, *, timeout=None, improved):
            improved([(r, c) for r in range(n) for c in range(n)])
            while True:
                time.sleep(0.05)
        """,
}


@pytest.fixture
def files(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


def _runs(done):
    assert "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout)


def _one_line(done, *needles, code=2):
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
    err = done.stderr.strip()
    assert err.startswith("error: ") and len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert all(needle in err for needle in needles), (needles, err)


# -- wrong numbers -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["fractional.py", "texts.py"])
def test_a_square_that_is_not_two_integers_makes_the_run_wrong(cli, files, name):
    spec = f"./{name}:optimize"
    runs = _runs(cli("compare", "5..5", "--problem", "domination", "--solvers", f"cpsat,{spec}", "--json", cwd=files))
    status = {r["solver"]: r["status"] for r in runs}
    assert status == {"cpsat": "optimal", spec: "wrong"}, runs
    assert "not two integers" in next(r["message"] for r in runs if r["solver"] == spec)
    shown = cli("optimize", "domination", "5", "--solver", spec, cwd=files)  # the board is not drawn from it
    assert shown.returncode == 1 and ": wrong" in shown.stdout and "Traceback" not in shown.stderr, shown
    checked = cli("check-solver", spec, cwd=files)
    assert checked.returncode == 1 and "check_optimize     FAILED" in checked.stdout, checked


def test_an_outside_stream_that_gives_a_board_twice_is_refused_by_count(cli, files):
    done = cli("count", "6", "--solver", "./twice.py:solutions", cwd=files)
    assert done.returncode == 1 and "8 solutions" not in done.stdout, done
    assert done.stderr.startswith("error: ") and "twice" in done.stderr and "(1, 3, 5, 0, 2, 4)" in done.stderr


def test_an_outside_stream_is_measured_without_the_board_checker_s_first_imports(cli, files):
    """A process of its own, where nothing has loaded numpy's sorting or the rules before the run: the memory the
    run adds is the search's (a generator of permutations), not the checker's imports (12.8-18 MiB before)."""
    done = cli.process("count", "6", "--solver", "./plain.py:solutions", "--json", cwd=files)
    doc = json.loads(done.stdout)
    assert doc["total"] == 4  # OEIS A000170
    assert doc["memory_added"] is not None and doc["memory_added"] < 4.0, doc


@pytest.mark.slow
def test_cp_sat_s_one_time_set_up_is_not_in_the_first_run_s_memory(cli, files):
    done = cli.process("compare", "4..4", "--solvers", "cpsat", "--repeat", "2", "--store", "none", "--json", cwd=files)
    first = next(r for r in json.loads(done.stdout) if r["repeat"] == 1)
    assert first["total"] == 2 and first["memory_added"] < 3.0, first  # OEIS A000170: 2; 6.6-7 MiB before


def test_cp_sat_refusing_its_parameters_is_an_error_not_unknown(cli):
    done = cli("optimize", "peaceable", "5", "--workers", "100000", "--json")
    (run,) = json.loads(done.stdout)
    assert done.returncode == 1 and run["status"] == "error" and "num_workers" in run["message"], run
    assert run["bound"] is None


def test_a_bound_beyond_any_number_is_wrong_and_the_next_compare_runs_too(cli, files):
    argv = ("compare", "5..5", "--problem", "domination", "--solvers", "cpsat,./huge_bound.py:optimize", "--json")
    for _ in range(2):  # the second time too: nothing stored breaks it
        runs = _runs(cli(*argv, "--store", str(files / "s.sqlite"), cwd=files))
        plugin = next(r for r in runs if r["solver"] != "cpsat")
        assert plugin["status"] == "wrong" and "bound" in plugin["message"] and plugin["bound"] is None, plugin


@pytest.mark.parametrize(("name", "needle"), [("memory_raises", "raised ZeroDivisionError"), ("memory_junk", "12345")])
def test_a_memory_function_that_raises_or_returns_junk_is_one_line(cli, files, name, needle):
    _one_line(cli("count", "6", "--solver", f"./{name}.py:solver", cwd=files), "memory function", needle)


def test_a_run_timed_again_trusts_no_other_answer(cli, files):
    done = cli.process("compare", "8..8", "--solvers", "./again.py:solver", "--store", "none", "--json", cwd=files)
    (run,) = json.loads(done.stdout)
    assert run["status"] == "error" and "93" in run["message"] and "92" in run["message"], run


@pytest.mark.slow  # a repeat left to hang for its 2 s
def test_a_run_timed_again_keeps_its_answer_when_a_repeat_hangs(cli, files):
    for limit in ((), ("--timeout", "30")):
        done = cli.process(
            "compare", "8..8", "--solvers", "./hangs_again.py:solver", "--store", "none", "--json", *limit, cwd=files
        )
        assert done.returncode == 0, (limit, done.stderr)
        (run,) = json.loads(done.stdout)
        assert run["status"] == "solved" and run["total"] == 92 and run["inner_time"] is None, run  # OEIS: 92
        assert "no answer" in run["message"]


def test_the_summaries_take_inner_time():
    from nqueens.analysis.compare import cells

    runs = [
        {"n": 8, "solver": "a", "repeat": k, "status": "solved", "total": 92, "seconds": s, "inner_time": i}
        for k, s, i in ((1, 0.0009, 0.0001), (2, 0.0008, 0.0002), (3, 0.0007, 0.0003))
    ]
    assert cells(runs)[0]["seconds"] == 0.0002  # the median of inner_time, not of the noisy one-call seconds


# -- silent or wrong exits --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "said"), [("leaves", "os._exit(0)"), ("exits", "sys.exit(3)")])
@pytest.mark.parametrize(
    "command",
    [
        ("count", "6", "--solver"),
        ("check-solver",),
        ("compare", "5..5", "--solvers"),
        ("optimize", "domination", "5", "--solver"),
    ],
)
def test_a_solver_file_that_exits_while_imported_is_one_error_line(cli, files, name, said, command):
    _one_line(cli(*command, f"./{name}.py:solutions", cwd=files), "while it was imported", said)


@pytest.mark.slow
@pytest.mark.parametrize("command", [("check-solver",), ("compare", "5..5", "--solvers")])
def test_an_import_that_never_ends_is_bounded_by_the_timeout(cli, files, command):
    start = time.monotonic()
    done = cli.process(*command, "./loops.py:solutions", "--timeout", "2", cwd=files, timeout=120)
    _one_line(done, "did not finish importing within 2 s")
    assert time.monotonic() - start < 100


@pytest.mark.parametrize("name", ["unknown.py", "everything.py"])
def test_check_solver_fails_an_optimiser_that_reaches_no_optimum(cli, files, name):
    done = cli("check-solver", f"./{name}:optimize", cwd=files)
    assert done.returncode == 1 and "check_optimize     FAILED" in done.stdout, done
    assert "nothing to check" in done.stdout


@pytest.mark.slow
def test_check_solver_stops_a_hanging_optimiser_after_one_board(cli, files):
    done = cli("check-solver", "./hangs.py:optimize", "--timeout", "1", cwd=files)
    assert done.returncode == 1 and "no answer within 1 s" in done.stdout, done
    assert (files / "calls").read_text().splitlines() == ["domination 1"]  # six boards were asked before


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS and the loader's mmap are Linux's")
def test_a_library_that_cannot_load_under_memory_is_memout(cli, files):
    pytest.importorskip("scipy")
    done = cli("compare", "6..6", "--solvers", "./late_import.py:solutions", "--memory", "20M", "--store", "none",
               "--json", cwd=files)  # fmt: skip
    (run,) = _runs(done)
    assert run["status"] == "memout", run


def test_improvements_that_improve_nothing_are_not_kept(cli, files):
    import resource

    from nqueens.experiments.runner import parse_solvers, run

    before = resource.getrusage(resource.RUSAGE_SELF)
    (record,) = run(
        [5], parse_solvers(str(files / "improves_nothing.py") + ":optimize"), question="optimize",
        problem="domination", store="none",
    ).records  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_SELF)
    assert record.status == "feasible" and record.objective == 25 and len(record.curve) == 1, record
    # Each of 200,000 reports verified on the 25 squares took about 16 s; kept once, the run is the calls alone.
    assert after.ru_utime - before.ru_utime < 8.0


# -- tracebacks and refused input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "script",
    ["tree_sizes.py", *(pytest.param(s, marks=pytest.mark.slow) for s in ("unique_vs_total.py", "estimator.py"))],
)
def test_a_figure_script_refuses_an_output_it_cannot_write_at_once(tmp_path, script):
    import subprocess

    from conftest import ROOT

    (tmp_path / "file").write_text("")
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / script), str(tmp_path / "file" / "out")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    _one_line(done, "cannot write into")


def _trace(tmp_path, **header):
    import gzip

    from nqueens.analysis import search_trace
    from nqueens.analysis.tracefile import Trace, events_of

    trace = Trace.from_events(4, "mary", {}, events_of(search_trace.events(4, "none", model="mary", order="static")))
    first, _, body = gzip.decompress(trace.dumps()).decode().partition("\n")
    doc = {**json.loads(first), **header}
    path = tmp_path / "edited.trace"
    path.write_bytes(gzip.compress((json.dumps(doc) + "\n" + body).encode()))
    return path, doc


@pytest.mark.parametrize(
    ("header", "needle"),
    [({"options": ["a"]}, "options is ['a']"), ({"events": "9"}, "events is '9'"), ({"solver": 5}, "solver is 5")],
)
def test_replay_refuses_a_header_field_of_the_wrong_kind(cli, tmp_path, header, needle):
    path, _ = _trace(tmp_path, **header)
    _one_line(cli("replay", path, "--html", tmp_path / "page.html"), needle)


def test_replay_says_a_trace_with_more_lines_than_its_header_was_changed(cli, tmp_path):
    path, doc = _trace(tmp_path)
    path, _ = _trace(tmp_path, events=doc["events"] - 1)
    _one_line(cli("replay", path, "--html", tmp_path / "page.html"), "more than", "changed after writing")


def test_the_docs_say_what_ctrl_c_does_before_the_command_has_begun():
    from conftest import ROOT

    text = (ROOT / "docs" / "guide" / "cli.md").read_text()
    assert "init_import_site" in text and "interpreter's" in text


@pytest.mark.parametrize("argv", [("count", "6", "--solver", "cpsat"), ("count", "6", "--rules", "superqueen")])
def test_count_with_store_none_and_a_solver_that_keeps_no_store(cli, argv):
    done = cli(*argv, "--store", "none", "--json")
    assert done.returncode == 0, done
    assert json.loads(done.stdout)["total"] == (4 if "cpsat" in argv else 0)  # A000170(6) = 4; A051223(6) = 0


# -- messages -----------------------------------------------------------------------------------------------------


def test_a_repeated_white_square_is_said_in_words():
    from nqueens.core.optimization import verify

    assert verify("peaceable", 4, ([(0, 0), (0, 0)], [(1, 3), (3, 2)])) == (False, "the white queens repeat a square")


def test_one_proven_optimum_is_one(cli):
    done = cli("compare", "5..5", "--problem", "domination", "--solvers", "cpsat", "--store", "none", "--json")
    assert "the one proven optimum agrees with OEIS A075458 (n = 5)" in done.stderr, done.stderr


def test_a_run_stopped_by_a_limit_with_a_solution_is_a_solution_found():
    from nqueens.analysis.compare import agreement

    runs = [{"n": 5, "solver": "x", "problem": "domination", "question": "optimize", "status": "memout",
             "objective": 3, "solution": [[0, 0], [0, 2], [3, 2]]}]  # fmt: skip
    assert "no run found a solution" not in agreement(runs)


def test_a_test_that_was_not_made_names_no_method():
    from nqueens.analysis.compare import _runs_lines
    from nqueens.analysis.statistics import unpaired

    lines = _runs_lines([{"runs_test": unpaired([1.0, 2.0], [3.0, 4.0]), "problem": "8"}], ("a", "b"))
    assert lines and "None" not in lines[0], lines


def test_a_stored_wrong_run_without_a_reason_says_so():
    from nqueens.core.record import RunRecord
    from nqueens.experiments.judge import check

    run = RunRecord(6, "a", "count", status="wrong", total=5)
    assert [why for _, why in check([run])] == ["recorded wrong: no reason stored"]


def test_one_solution_is_one(cli, tmp_path):
    done = cli("trace", "1", "--solver", "mary", "-o", tmp_path / "one.trace")
    assert ", 1 solution," in done.stderr, done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_an_output_onto_a_named_pipe_is_written_into_it(cli, tmp_path):
    path, _ = _trace(tmp_path)
    pipe = tmp_path / "pipe.html"
    os.mkfifo(pipe)
    got = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    done = cli("replay", path, "--html", pipe)
    reader.join(60)
    assert done.returncode == 0 and stat.S_ISFIFO(os.stat(pipe).st_mode), done
    assert got and b"<html" in got[0].lower()


@pytest.mark.parametrize(
    "argv", [("count", "٨"), ("solve", "８"), ("count", "8", "--solver", "cp", "--option", "seed=٢")]
)
def test_digits_of_other_scripts_are_refused(cli, argv):
    _one_line(cli(*argv), "0-9" if argv[1] != "8" else "integer")


# -- what a run records -------------------------------------------------------------------------------------------


def test_a_first_solution_s_nodes_are_recorded(cli):
    runs = _runs(cli("compare", "8..8", "--solvers", "permutation,mary", "--question", "first", "--store", "none",
                     "--json"))  # fmt: skip
    for run in runs:
        assert run["status"] == "sat" and run["nodes"] is not None and run["nodes"] == run["effort"]["nodes"], run


@pytest.mark.slow  # a run held to its 2 s limit
def test_an_optimisation_run_ended_at_its_limit_records_the_limit(cli, files):
    done = cli("compare", "5..5", "--problem", "domination", "--solvers", "./stalls.py:optimize", "--timeout", "2",
               "--store", "none", "--json", cwd=files)  # fmt: skip
    (run,) = _runs(done)
    assert run["status"] == "feasible" and run["seconds"] == 2.0 and run["objective"] == 25, run
