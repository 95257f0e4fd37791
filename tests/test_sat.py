"""The SAT model: every encoding and solver counts right, counting is projected on the board (the trap of
counting auxiliary variables is shown), Ganak agrees with enumeration, large first solutions, Ctrl-C."""

import json
import signal
import subprocess
import sys
import time

import pytest
from conftest import first_fast
from known import TOTAL
from nqueens.models import sat

import nqueens
from nqueens.cli import main
from nqueens.core.board import is_solution

ENCODINGS = ("pairwise", "seqcounter", "ladder", "totalizer", "sortnetwrk", "cardnetwrk", "bitwise")


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_encoding_counts_8_queens_with_statistics(encoding, capsys):
    assert main(["count", "8", "--solver", "sat", "--option", f"encoding={encoding}", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == 92
    stats = doc["stats"]
    assert stats["encoding"] == encoding and stats["clauses"] > 0
    assert stats["conflicts"] > 0 and stats["decisions"] > 0 and stats["propagations"] > 0
    # pairwise needs only the 64 board variables; every other encoding adds auxiliary ones.
    assert (stats["variables"] == 64) == (encoding == "pairwise") and stats["variables"] >= 64


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_every_encoding_enumerates_the_oracle_solutions(encoding):
    for n in (1, 2, 3, 4, 6, 7):
        got = list(nqueens.solutions(n, "sat", encoding=encoding))
        assert len(got) == len(set(got)) == TOTAL[n]
        assert set(got) == set(nqueens.solutions(n, "bitmask-recursive"))


@pytest.mark.parametrize("satsolver", sat.SAT_SOLVERS)
def test_every_offered_sat_solver_counts(satsolver):
    assert nqueens.count(7, "sat", satsolver=satsolver).total == 40


def _models_over(cnf, variables):
    """Enumerate the models of ``cnf`` with pysat, blocking each over ``variables``: an outside count."""
    from pysat.solvers import Solver

    found = 0
    with Solver(name="minisat22", bootstrap_with=cnf) as solver:
        while solver.solve():
            model = solver.get_model()
            found += 1
            solver.add_clause([-lit for lit in model if abs(lit) in variables])
    return found


@pytest.mark.slow
def test_counting_over_all_variables_overcounts_boards():
    """The trap: the sequential counter's auxiliary variables are not all fixed by the board, so counting every
    model of the formula counts some boards many times; projected on the board it is A000170."""
    n = 5
    cnf, top = sat.clauses(n, encoding="seqcounter")
    everything = _models_over(cnf, set(range(1, top + 1)))
    board = _models_over(cnf, set(range(1, n * n + 1)))
    assert board == TOTAL[n] == 10
    assert everything > 10 * board
    assert nqueens.count(n, "sat", encoding="seqcounter").total == TOTAL[n]


@pytest.mark.parametrize("encoding", ["seqcounter", "totalizer", "pairwise"])
def test_ganak_projected_count_agrees_with_enumeration(encoding):
    for n in (1, 3, 4, 6):
        ganak = nqueens.count(n, "sat", encoding=encoding, counter="ganak")
        assert ganak.total == nqueens.count(n, "sat", encoding=encoding).total == TOTAL[n], n
        assert ganak.stats["counter"] == "ganak"


def test_ganak_without_projection_counts_the_auxiliary_variables():
    """Ganak over all variables (no sampling set) is the overcount that the projection avoids."""
    import pyganak

    n = 5
    cnf, top = sat.clauses(n, encoding="seqcounter")
    counter = pyganak.Counter()
    counter.new_vars(top)
    counter.add_clauses(cnf)
    assert counter.count() > 10 * TOTAL[n]


def test_ganak_is_count_only():
    with pytest.raises(nqueens.NQueensError, match="counts without enumerating"):
        list(nqueens.solutions(6, "sat", counter="ganak"))


@pytest.mark.parametrize("n", first_fast([50, 100]))
def test_first_solution_for_large_boards(n):
    (q,) = nqueens.solutions(n, "sat", limit=1)
    assert len(q) == n and is_solution(q)


def test_bad_option_is_one_line(capsys):
    assert main(["count", "8", "--solver", "sat", "--option", "encoding=binary"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "seqcounter" in err and len(err.strip().splitlines()) == 1


def _interrupt(argv, after):
    proc = subprocess.Popen(
        [sys.executable, "-m", "nqueens", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        time.sleep(after)
        assert proc.poll() is None, f"{argv} ended before the interrupt: {proc.communicate()}"
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        return proc.returncode, out, err, time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


PROMPT = 3.0  # seconds an interrupted command may take to stop (the machine is shared and slow)

INTERRUPTED = {
    "sat count": ["count", "13", "--solver", "sat"],
    "sat enumeration": ["solve", "13", "--solver", "sat", "--format", "json"],
    "ganak count": ["count", "11", "--solver", "sat", "--option", "counter=ganak"],
}


@pytest.mark.slow
@pytest.mark.parametrize("argv", INTERRUPTED.values(), ids=INTERRUPTED.keys())
def test_ctrl_c_stops_at_once_with_no_result(argv):
    code, out, err, seconds = _interrupt(argv, after=2.5)
    assert code == 130 and err.endswith("interrupted\n"), (code, err[-500:])
    assert "Traceback" not in err and seconds < PROMPT, seconds
    if argv[0] == "count":
        assert out == ""
