"""The command line at its borders: a closed or full stdout, --help and --version included, a column option given
twice, the words people read. Real subprocesses where the operating system is part of the case."""

import os
import signal
import subprocess
import sys

import pytest
from conftest import in_turn
from helpers import run_cli

from nqueens.cli import COMMANDS

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
    "argv", [["--help"], ["--version"], ["count", "--help"], ["compare", "4..5", "--solvers", "bitwise"], ["solvers"]]
)
def test_a_full_disk_is_one_error_line_and_exit_1(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run([*NQUEENS, *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines() == ["error: cannot write the output: No space left on device"]


def test_a_column_option_given_twice_is_refused(capsys):
    code, out, err = run_cli(capsys, "compare", "5..5", "--solvers", "dlx:choose=first:choose=min-size")
    assert code == 2 and out == ""
    assert (
        err.strip()
        == "error: solver option 'choose' is given twice in 'dlx:choose=first:choose=min-size'; give it once"
    )


def test_one_placed_queen_is_a_queen(capsys, tmp_path):
    path = tmp_path / "one.json"
    path.write_text('{"n": 4, "queens": [[0, 1]], "blocked": [[3, 3], [2, 2]]}')
    code, out, _ = run_cli(capsys, "count", "--instance", str(path))
    assert code == 0 and out.splitlines()[0].startswith("n = 4 with 2 blocked, 1 queen, solver")


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


def test_an_instance_nested_too_deep_is_one_error_line(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    code, out, err = run_cli(capsys, "count", "--instance", str(path))
    assert code == 2 and out == "" and err.startswith("error: ") and "nested too deeply" in err
    assert len(err.strip().splitlines()) == 1


def test_cpsat_with_symmetry_answers_the_unique_question(capsys):
    """Its count gives unique solutions and classes (option symmetry=true): asked `unique`, it answers them."""
    from known import TOTAL, UNIQUE

    code, out, err = run_cli(
        capsys, "compare", "6..8", "--solvers", "cpsat:symmetry=true,bitwise", "--question", "unique", "--json"
    )
    assert code == 0, err
    import json

    runs = json.loads(out)
    assert {(r["solver"], r["n"]): (r["status"], r["total"], r["unique"]) for r in runs} == {
        (s, n): ("solved", TOTAL[n], UNIQUE[n]) for s in ("cpsat:symmetry=true", "bitwise") for n in (6, 7, 8)
    }


@pytest.mark.parametrize(("fmt", "name"), [("param", "x.json"), ("json", "x.param")])
def test_a_generated_file_reads_back_whatever_its_name(capsys, tmp_path, fmt, name):
    path = tmp_path / name
    code, _, err = run_cli(capsys, "generate", "blocked", "8", "5", "--seed", "1", "--format", fmt, "-o", str(path))
    assert code == 0, err
    code, out, err = run_cli(capsys, "count", "--instance", str(path), "--json")
    assert code == 0, err
    import json

    from nqueens.core.instance_io import read_instance

    blocked = read_instance(path).blocked
    assert len(blocked) == 5
    import itertools

    brute = sum(
        1
        for q in itertools.permutations(range(8))
        if len({q[r] + r for r in range(8)}) == 8 == len({q[r] - r for r in range(8)})
        and not any((r, q[r]) in blocked for r in range(8))
    )
    assert json.loads(out)["total"] == brute


@pytest.mark.parametrize("kind", ["blocked", "completion", "excluded"])
@pytest.mark.parametrize("n", [10**9, 2**70])  # a smaller board is sampled, not built: test_borders_second
def test_generate_refuses_a_board_that_would_not_fit_naming_the_bytes(capsys, kind, n):
    code, out, err = run_cli(capsys, "generate", kind, str(n), "5")
    assert code == 2 and out == ""
    assert err.startswith(f"error: a random {kind} instance of n = {n} needs ") and "bytes" in err


def test_nothing_of_the_fault_injection_ships_with_the_package():
    """The worker faults live in tests/faults (a sitecustomize the tests put on PYTHONPATH), not in nqueens."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    shipped = [p for folder in ("nqueens", "models", "native", "analysis") for p in (root / folder).rglob("*.py")]
    assert shipped
    offenders = [str(p) for p in shipped if "NQUEENS_WORKER_FAULT" in p.read_text() or "_inject(" in p.read_text()]
    assert offenders == []
