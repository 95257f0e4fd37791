"""A real Ctrl-C (SIGINT) to a real `nqueens` process running a model solver: `interrupted`, exit 130, no result.

Each command runs far longer than the test waits (counts of n = 13, 14 and enumerations of n = 14, 15 take tens
of seconds to minutes with these solvers), so the signal always lands mid-search. The child starts with SIGINT at
its default disposition, as from a terminal (a shell starts background jobs with SIGINT ignored).
"""

import signal

import pytest
from conftest import representatives

# How long a process may take to stop after SIGINT before the test gives up on it (generous: a shared machine).
STOP_WITHIN = 30

COMMANDS = [
    ["count", "14", "--solver", "cpsat", "--json"],
    ["count", "15", "--solver", "cpsat"],
    ["solve", "15", "--solver", "cpsat", "--json"],
    ["solve", "15", "--solver", "cpsat", "--format", "text"],
    ["solve", "15", "--solver", "cpsat"],
    ["count", "13", "--solver", "cp", "--json"],
    ["solve", "14", "--solver", "cp", "--format", "text"],
    ["solve", "30", "--solver", "cp", "--limit", "1"],  # input order: no solution for a long while
    ["count", "13", "--solver", "csp", "--json"],
    ["solve", "14", "--solver", "csp", "--format", "text"],
    ["solve", "14", "--solver", "csp"],
    # optimisation: peaceable queens on 12 x 12 is proven by none of them within minutes
    ["optimize", "peaceable", "12", "--solver", "cpsat"],
    ["optimize", "peaceable", "12", "--solver", "cp"],
    ["optimize", "peaceable", "12", "--solver", "mip"],
    ["optimize", "peaceable", "12", "--solver", "sat", "--json"],
    ["optimize", "peaceable", "12", "--solver", "cpmpy"],
]

# One worker runs these (make test runs the suite on several): its commands are signalled at set moments, with no other signalled command beside.
pytestmark = pytest.mark.xdist_group("signals")


def interrupt(command, args, after=0.5, signals=1, gap=0.05):
    """Start `nqueens ARGS`, wait until it is searching, send SIGINT; return (returncode, stdout, stderr)."""
    code, out, err, _ = command.interrupt(args, after=after, signals=signals, gap=gap, timeout=STOP_WITHIN)
    return code, out, err


# The fast tier: each solver and each command at least once; the whole suite every line above.
@pytest.mark.parametrize(
    "args",
    representatives(
        [(argv,) for argv in COMMANDS],
        [lambda case: case[0][case[0].index("--solver") + 1], lambda case: case[0][0]],
        ids=lambda case: " ".join(case[0]),
    ),
)
def test_sigint_stops_the_search(command, args):
    code, out, err = interrupt(command, args)
    assert code == 130, (code, err[-500:])
    assert err.strip().splitlines()[-1] == "interrupted", err[-500:]
    assert "terminate called" not in err and "Traceback" not in err
    if args[0] in ("count", "optimize") or "text" in args:
        assert out == ""  # no count (the text format starts with one)
    elif "--json" in args:
        assert not out.rstrip().endswith("}")  # no complete document


@pytest.mark.parametrize("args", [COMMANDS[0], COMMANDS[2], COMMANDS[5]], ids=" ".join)
def test_repeated_sigint_does_not_abort(command, args):
    """More Ctrl-Cs while the search is being stopped: still no abort, no partial result.

    A Ctrl-C that comes once the command has printed `interrupted` finds the interpreter shutting down, which
    then dies of the signal (-SIGINT here, 130 in the shell), as any Python program does.
    """
    code, out, err = interrupt(command, args, signals=3, gap=0.01)
    assert code in (130, -signal.SIGINT), (code, err[-500:])
    assert "interrupted" in err and "terminate called" not in err
    assert "total" not in out
