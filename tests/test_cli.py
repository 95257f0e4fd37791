"""The command line: shapes of its output and its one-line errors (exit status 2)."""

import json
import subprocess
import sys

import pytest
from helpers import run_cli
from helpers import run_cli as run
from known import LEETCODE_4, SEED_004_6, TOTAL

from nqueens.cli import main
from nqueens.core.board import is_solution


def run_exit(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_count_8_json(capsys):
    code, out, err = run(capsys, "count", "8", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["total"] == 92 and doc["n"] == 8
    assert set(doc) == {"n", "solver", "total", "unique", "classes", "nodes", "profile", "seconds", "stats"} | {
        "cpu_time",
        "peak_memory",
        "memory_added",
        "memory_note",
    }


def test_count_nodes_json(capsys):
    code, out, _ = run(capsys, "count", "8", "--solver", "bitwise", "--nodes", "--json")
    doc = json.loads(out)
    assert doc["nodes"] == 2057 and doc["profile"][-1] == 92


def test_solve_4_boards(capsys):
    code, out, _ = run(capsys, "solve", "4", "--format", "boards")
    assert code == 0
    assert out == "\n".join("\n".join(b) + "\n" for b in LEETCODE_4)


def test_solve_6_text(capsys):
    code, out, _ = run(capsys, "solve", "6", "--format", "text")
    assert code == 0 and out == SEED_004_6


def test_solve_json_and_limit(capsys):
    code, out, _ = run(capsys, "solve", "8", "--json", "--limit", "3")
    doc = json.loads(out)
    assert doc["n"] == 8 and len(doc["solutions"]) == 3


def test_solve_text_with_limit_declares_what_follows(capsys):
    code, out, _ = run(capsys, "solve", "8", "--format", "text", "--limit", "5")
    lines = out.splitlines()
    assert lines[0] == "5" and len(lines) == 6


def test_solvers_json(capsys):
    code, out, _ = run(capsys, "solvers", "--json")
    doc = json.loads(out)
    assert {"bitwise", "bitmask-recursive"} <= {d["name"] for d in doc}
    assert all(set(d) == {"name", "family", "origin", "can", "source"} for d in doc)
    assert {d["source"] for d in doc if d["name"] == "bitwise"} == {"built-in"}


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["count", "0"], "integer >= 1"),
        (["count", "-2"], "integer >= 1"),
        (["count", "abc"], "integer >= 1"),
        (["count", "1e3"], "integer >= 1"),
        (["count", "8.5"], "integer >= 1"),
        (["count", "8", "--solver", "nope"], "known solvers: "),
        (["count", "64", "--solver", "bitwise"], "n <= 63"),
        (["count", "8", "--option", "depth=3"], "no option 'depth'"),
        (["count", "8", "--option", "depth"], "NAME=VALUE"),
        (["solve", "4", "--limit", "0"], "limit must be an integer >= 1"),
        (["solve", "4", "--format", "xml"], "invalid choice"),
        (["compare", "9..4"], "A <= B"),
        (["compare", "x..4"], "range"),
        (["nosuchcommand"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, fragment):
    code, out, err = run_exit(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], err


def test_unknown_solver_lists_the_known_ones(capsys):
    _, _, err = run_exit(capsys, "count", "8", "--solver", "nope")
    assert "bitwise" in err and "bitmask-recursive" in err


def test_python_dash_m_and_console_script_agree():
    """`python -m nqueens` runs the same CLI as a separate process, with the real exit code."""
    ok = subprocess.run([sys.executable, "-m", "nqueens", "count", "6", "--json"], capture_output=True, text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["total"] == TOTAL[6]
    bad = subprocess.run([sys.executable, "-m", "nqueens", "count", "abc"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr


def test_compare_markdown_agrees(capsys):
    argv = ["compare", "4..6", "--solvers", "bitwise,bitmask-recursive", "--format", "csv", "--aggregate"]
    code, out, _ = run(capsys, *argv)
    lines = out.strip().splitlines()
    assert lines[0] == "n,solver,status,total,seconds,min,max,cpu,MiB added,runs" and len(lines) == 1 + 3 * 2
    totals = {(int(l.split(",")[0]), l.split(",")[1]): int(l.split(",")[3]) for l in lines[1:]}
    assert all(totals[(n, s)] == TOTAL[n] for n, s in totals)


def test_solve_text_for_a_solver_that_finds_one_solution(capsys):
    """CP-SAT's first-solution mode cannot count; with --limit the text format still declares what follows."""
    code, out, _ = run(
        capsys, "solve", "30", "--solver", "cpsat", "--option", "first=true", "--format", "text", "--limit", "1"
    )
    lines = out.splitlines()
    assert code == 0 and lines[0] == "1" and len(lines) == 2
    q = tuple(int(c) - 1 for c in lines[1].split(","))
    assert len(q) == 30 and is_solution(q)
    code, out, err = run(capsys, "solve", "30", "--solver", "cpsat", "--option", "first=true", "--format", "text")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "1" and len(lines) == 2  # it finds one, and says so


def test_solve_json_carries_the_solver_statistics(capsys):
    code, out, _ = run(
        capsys,
        "solve",
        "10",
        "--solver",
        "cp",
        "--option",
        "var=input",
        "--option",
        "value=min",
        "--limit",
        "1",
        "--json",
    )
    doc = json.loads(out)
    assert code == 0 and len(doc["solutions"]) == 1 and is_solution(tuple(doc["solutions"][0]))
    assert doc["stats"]["failures"] == 22  # the MiniZinc handbook's failures to the first solution, n = 10


def test_the_first_run_of_a_version_says_it_compiles_at_a_terminal(tmp_path):
    """With an empty kernel cache and stderr a terminal, a note before the count; the second run has none."""
    import os
    import pty
    import subprocess
    import sys

    def run():
        master, slave = pty.openpty()
        try:
            done = subprocess.run(
                [sys.executable, "-m", "nqueens", "count", "8", "--solver", "bitwise"],
                stdout=subprocess.PIPE,
                stderr=slave,
                text=True,
                env={**os.environ, "XDG_CACHE_HOME": str(tmp_path), "NUMBA_CACHE_DIR": ""},
                timeout=600,
            )
        finally:
            os.close(slave)
        try:
            err = os.read(master, 65536).decode()
        except OSError:  # nothing was written to the terminal
            err = ""
        os.close(master)
        assert done.returncode == 0 and "92 solutions" in done.stdout
        return err

    first, second = run(), run()
    assert first.startswith("note: the first run of this version compiles its kernels") and str(tmp_path) in first
    assert second == ""


def test_o_taken_for_an_output_file_in_count_says_what_it_is(capsys):
    from helpers import run_cli

    code, out, err = run_cli(capsys, "count", "8", "-o", "out.txt")
    assert code == 2 and out == ""
    assert "-o is --option here, not an output file: redirect the output with > FILE" in err


def test_count_takes_options_after_the_solvers_name_as_compare_does(capsys):
    code, out, err = run_cli(capsys, "count", "8", "--solver", "cp:var=first-fail")
    assert code == 0 and out.startswith(f"n = 8, solver cp:var=first-fail (cp): {TOTAL[8]} solutions")
    code, out, err = run_cli(capsys, "count", "8", "--solver", "cp:var=first-fail", "--option", "var=input")
    assert code == 2 and "option var is given twice" in err
