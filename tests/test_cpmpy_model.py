"""One CPMpy model on every backend: counts, enumerations, a missing backend's message, Ctrl-C."""

import json
import signal
import subprocess
import sys
import time

import pytest
from known import TOTAL

import nqueens
from nqueens.cli import main

BACKENDS = ("ortools", "exact", "pysat", "choco", "z3")


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_counts_8_queens(backend, capsys):
    assert main(["count", "8", "--solver", "cpmpy", "--option", f"backend={backend}", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 92 and doc["stats"]["backend"] == backend and doc["stats"]["status"] == "OPTIMAL"


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_backend_enumerates_the_oracle_solutions(backend):
    for n in (1, 2, 4, 6):
        got = list(nqueens.solutions(n, "cpmpy", backend=backend))
        assert len(got) == len(set(got)) == TOTAL[n]
        assert set(got) == set(nqueens.solutions(n, "bitmask-recursive"))
    assert len(list(nqueens.solutions(8, "cpmpy", backend=backend, limit=5))) == 5


@pytest.mark.slow
def test_a_missing_backend_names_the_extra():
    """With z3 made unimportable, backend=z3 is one line that says what to install."""
    code = (
        "import sys\n"
        "sys.modules['z3'] = None\n"
        "from nqueens.cli import main\n"
        "sys.exit(main(['count', '6', '--solver', 'cpmpy', '--option', 'backend=z3']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and "nqueens[solvers]" in done.stderr and "z3-solver" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["ortools", "exact", "pysat", "z3"])
def test_ctrl_c_stops_at_once_with_no_result(backend):
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", "count", "13", "--solver", "cpmpy", "--option", f"backend={backend}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        time.sleep(4.0)
        assert proc.poll() is None
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130 and err.endswith("interrupted\n") and "solutions" not in out, err[-500:]
        assert time.monotonic() - sent < 3.0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
