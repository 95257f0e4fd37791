"""The command line's output and signals: a closed or full stdout (--help and --version included), every
command's help, SIGTERM and SIGHUP. Real subprocesses where the operating system is part of the case."""

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
