"""The command line's output and signals: a closed or full stdout (--help and --version included), every
command's help, SIGTERM and SIGHUP. Real subprocesses where the operating system is part of the case."""

import os
import re
import resource
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from conftest import first_fast, in_turn
from helpers import one_error_line, run_cli
from known import TOTAL, UNIQUE

from nqueens.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent

NQUEENS = [sys.executable, "-m", "nqueens"]


def _closed_stdout(*argv):
    return subprocess.run(
        [*NQUEENS, *argv], stderr=subprocess.PIPE, text=True, preexec_fn=lambda: os.close(1), timeout=300
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["count", "8"],
        ["solvers"],
        ["solve", "6"],
        ["construct", "20"],
        ["tree", "6", "--model", "mary"],
        ["export", "6", "--model", "sat"],
    ],
)
def test_a_closed_stdout_is_one_error_line_and_exit_1(argv):
    done = _closed_stdout(*argv)
    assert done.returncode == 1
    assert done.stderr == "error: cannot write the output: standard output is closed\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["--version"],
        ["count", "--help"],
        pytest.param(["compare", "4..5", "--solvers", "bitwise"], marks=pytest.mark.slow),
        ["solvers"],
    ],
)
def test_a_full_disk_is_one_error_line_and_exit_1(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run([*NQUEENS, *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == ["error: cannot write the output: No space left on device"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_says_what_it_does_in_its_help(capsys, command):
    code, out, _ = run_cli(capsys, command, "--help")
    assert code == 0
    description = out.split("\n\n")[1]
    assert description.strip() and not description.lstrip().startswith(("positional", "options"))


# The fast tier: each command once, the two signals in turn; the whole suite every pair.
@pytest.mark.parametrize(
    "argv, sig, word",
    in_turn(
        {
            "count": (["count", "17", "--solver", "bitwise", "--json"],),
            "compare": (["compare", "9..14", "--solvers", "bitwise,csp", "--timeout", "60"],),
            "solve": (["solve", "30", "--solver", "csp", "--format", "json"],),
        },
        {"SIGTERM": (signal.SIGTERM, "terminated"), "SIGHUP": (signal.SIGHUP, "hangup")},
    ),
)
def test_sigterm_and_sighup_say_so_keep_what_finished_and_exit_128_plus_the_signal(command, tmp_path, argv, sig, word):
    store = tmp_path / "s.sqlite"
    extra = ["--store", str(store)] if argv[0] == "compare" else []
    code, out, err, took = command.interrupt([*argv, *extra], sig)
    assert took < 5
    assert code == 128 + sig and err.strip().splitlines()[-1] == word
    assert "Traceback" not in err
    assert out == ""  # nothing that looks like a result: a JSON document is written whole or not at all


# -- the text format's header is the number of rows that follow --------------------------------------------


def test_the_text_header_counts_the_rows_of_a_stream_of_fundamental_solutions(capsys):
    code, out, err = run_cli(capsys, "solve", "8", "--solver", "cpsat", "--option", "symmetry=true", "--format", "text")
    assert code == 0, err
    header, *rows = out.splitlines()
    assert int(header) == len(rows) == UNIQUE[8]
    boards = {tuple(int(c) - 1 for c in row.split(",")) for row in rows}
    assert len(boards) == UNIQUE[8]
    assert all(len({q[r] + r for r in range(8)}) == 8 == len({q[r] - r for r in range(8)}) for q in boards)


# -- an interrupted or failed writer leaves no truncated file ----------------------------------------------


def _small_files():
    """Child processes may write files of at most 2,000 bytes (RLIMIT_FSIZE): a disk that fills up."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["construct", "5000", "--output", "OUT"], marks=pytest.mark.slow),
        pytest.param(["construct", "5000", "--output", "OUT", "--format", "json"], marks=pytest.mark.slow),
        ["generate", "blocked", "200", "3000", "-o", "OUT"],
        ["export", "30", "--model", "sat", "-o", "OUT.cnf"],
        pytest.param(["tree", "6", "--model", "mary", "--export", "OUT.graphml"], marks=pytest.mark.slow),
    ],
    ids=["construct-text", "construct-json", "generate", "export", "tree-export"],
)
def test_a_write_that_fails_leaves_no_file_behind(tmp_path, argv):
    target = tmp_path / "result"
    argv = [a.replace("OUT", str(target)) for a in argv]
    # Under make coverage, a child limited to 2,000-byte files could not write its coverage data: it is not measured.
    env = {k: v for k, v in os.environ.items() if k != "COVERAGE_PROCESS_CONFIG"}
    done = subprocess.run(
        [*NQUEENS, *argv], capture_output=True, text=True, preexec_fn=_small_files, timeout=300, cwd=tmp_path, env=env
    )
    assert done.returncode in (1, 2), done.stderr
    assert "cannot write" in one_error_line(done.stderr, alone=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "a failed write left a file"


def test_an_interrupted_construct_leaves_no_file(command, tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    argv = ["construct", "3000000", "--method", "min-conflicts", "--output", folder / "q.txt"]
    code, _, err, _ = command.interrupt(argv, cwd=folder)
    assert code == 130, err
    assert list(folder.iterdir()) == []


# Files that are no one's output: runexec's task and outcome in its own temporary folder, /proc/self/clear_refs.
_NOT_OUTPUT = {"nqueens/experiments/runexec.py", "nqueens/core/measure.py"}


def test_every_writer_goes_through_the_one_replacing_helper():
    """The toolkit's file writers open their target only through ``nqueens.core.files``."""
    import re

    offenders = []
    for folder in ("nqueens", "models", "native", "analysis"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text()
            if path.name == "files.py":
                continue
            if str(path.relative_to(ROOT)) in _NOT_OUTPUT:
                continue
            for pattern in (r"open\([^)]*['\"]w", r"\.savefig\(", r"write_graphml\(", r"\.write_text\("):
                for match in re.finditer(pattern, text):
                    if "replaced_path(" in text[max(0, match.start() - 120) : match.start()]:
                        continue  # a library writing to the temporary name the helper gives
                    line = text[: match.start()].count("\n") + 1
                    offenders.append(f"{path.relative_to(ROOT)}:{line}")
    assert offenders == []


# -- every command that may run for more than a minute says so first ---------------------------------------


def _first_words(argv, wait=240):
    """Start ``nqueens ARGV``, wait for its first line on stderr, stop it with Ctrl-C: (that line, exit code)."""
    process = subprocess.Popen([*NQUEENS, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        box = []
        reader = threading.Thread(target=lambda: box.append(process.stderr.readline()), daemon=True)
        reader.start()
        reader.join(wait)
        line = box[0] if box else ""
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
        return line, process.returncode, out
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    "argv",
    [
        pytest.param(["count", "40", "--rules", "superqueen"], marks=pytest.mark.slow),
        *first_fast(
            [
                ["solve", "1000", "--limit", "1", "--solver", "cp"],
                ["count", "25", "--rules", "toroidal"],
                ["solve", "200", "--limit", "1", "--solver", "lines"],
                ["solve", "1000", "--limit", "1", "--solver", "cpsat", "--option", "first=true"],
            ],
        ),
    ],
    ids=["superqueen", "cp-first", "toroidal", "lines-first", "cpsat-first"],
)
def test_a_long_run_says_so_first_with_how_to_stop_it(argv):
    line, code, out = _first_words(argv)
    assert line.startswith("warning: ") and "Ctrl-C" in line, line
    assert code == 130 and out == ""


def test_count_of_a_cpmpy_model_is_a_count_under_the_name_typed(capsys):
    pytest.importorskip("cpmpy")
    spec = str(ROOT / "examples" / "my_model.py") + ":model"
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec)
    assert code == 0 and f"{TOTAL[6]} solutions" in out and "OPTIMAL" not in out + err, (out, err)


def test_count_prints_numbers_with_separators_and_the_solver_as_typed(capsys, tmp_path):
    code, out, err = run_cli(capsys, "count", "12")
    assert code == 0 and out.startswith(f"n = 12, solver fast: {TOTAL[12]:,} solutions\n  unique: 1,787\n")
    solver = tmp_path / "rows_here.py"
    solver.write_text(
        "from itertools import permutations\n\n"
        "def solutions(n, **options):\n"
        "    for q in permutations(range(n)):\n"
        "        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:\n"
        "            yield q\n"
    )
    code, out, err = run_cli(capsys, "count", "7", "--solver", f"{solver}:solutions")
    assert code == 0 and out.startswith(f"n = 7, solver {solver}:solutions (solutions): {TOTAL[7]} solutions"), out


@pytest.mark.slow
def test_non_table_lines_print_integers_as_integers_with_separators(capsys):
    code, out, err = run_cli(capsys, "optimize", "domination", "5", "--solver", "sat")
    # OEIS A075458: 3 queens dominate the 5 x 5 board
    assert code == 0 and "  objective: 3 queens\n  bound: 3\n" in out, out
    code, out, err = run_cli(capsys, "estimate", "30", "--model", "mary")
    assert code == 0 and "10,000 probes" in out and re.search(r"about \d\.\d{3}e\+22 nodes", out), out


def test_json_never_holds_infinity(capsys):
    from nqueens.cli.commands._common import print_json

    print_json({"seconds": float("inf"), "stats": {"rate": float("nan")}, "profile": [1, 2]})
    out = capsys.readouterr().out
    assert "Infinity" not in out and "NaN" not in out
    assert __import__("json").loads(out) == {"seconds": None, "stats": {"rate": None}, "profile": [1, 2]}
