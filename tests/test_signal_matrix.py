"""Every command, stopped by a real signal at every moment of its life: Ctrl-C 0.02, 0.1, 0.5 and 3 s after the
program starts (while it imports, while it compiles or loads its kernels, while it computes) and SIGTERM.

The commands run off a terminal (stdout and stderr are files), with the count command once per solver family.
Each case asserts what ``docs/guide/cli.md`` promises of an interrupted command:

- ``interrupted`` (``terminated``) as the last line on stderr, no traceback, exit status 130 (143), within
  :data:`WITHIN` seconds of the signal, and no process of the command left behind;
- the interrupted output: a count, a JSON document, an instance, a table is printed whole or not at all (stdout
  is empty) and a file is not created half-written; a stream of boards stops at a whole board.

The times count from the program's first instant (``NQUEENS_STARTED``, tests/faults/sitecustomize.py): before it,
the interpreter is still starting itself up, which no program can handle. The cases run side by side; each
command is one that runs for minutes, so it is still running when the last signal comes.
"""

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import FAULTS, once, selected, signal_when_started

from nqueens.core.board import parse_boards

WITHIN = 1.0  # seconds from the signal to the command's exit (the promise: at once)
MOMENTS = [(signal.SIGINT, 0.02), (signal.SIGINT, 0.1), (signal.SIGINT, 0.5), (signal.SIGINT, 3.0)]
MOMENTS += [(signal.SIGTERM, 1.5)]
SAID = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}

# name: argv; each would run for minutes. OUT is a file the command is asked to write.
COMMANDS = {
    "count native": ["count", "18", "--solver", "bitwise", "--json"],
    "count model": ["count", "14", "--solver", "cpsat", "--json"],
    "count engine": ["count", "19", "--workers", "1", "--json"],
    "solve boards": ["solve", "17", "--format", "boards"],
    "solve json": ["solve", "17", "--json"],
    "tree": ["tree", "40", "--model", "subset", "--quiet"],
    "tree json": ["tree", "100", "--model", "mary", "--json"],
    "estimate": ["estimate", "40", "--model", "permutation", "--probes", "1000000000", "--json"],
    "construct": ["construct", "100000000", "--method", "min-conflicts", "--json"],
    "generate": ["generate", "blocked", "2000", "1000000"],
    "export": ["export", "120", "--model", "sat", "-o", "OUT.cnf"],
    "compare": ["compare", "13..13", "--solvers", "csp", "--timeout", "600", "--store", "OUT.sqlite"],
    "view": ["view", "12"],
}

# And later, where a loaded machine may still be loading kernels at 3 s: a walk once it is surely in its kernel.
LATE = [("tree", signal.SIGINT, 10.0)]

CASES = [(name, sig, after) for name in COMMANDS for sig, after in MOMENTS] + LATE
CASES = [(f"{name} {signal.Signals(sig).name} {after}", name, sig, after) for name, sig, after in CASES]

# One worker runs these (make test runs the suite on several): its commands are signalled at set moments, with no other signalled command beside.
pytestmark = pytest.mark.xdist_group("signals")


def _gone(group, grace):
    """True once no process of the session ``group`` is left (within ``grace`` seconds)."""
    deadline = time.monotonic() + grace
    while True:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def _run(case, folder, display):
    label, name, sig, after = case
    slug = label.replace(" ", "-")
    argv = [a.replace("OUT", str(folder / slug)) for a in COMMANDS[name]]
    started = folder / f"{slug}.started"
    env = dict(os.environ, NQUEENS_STARTED=str(started), NQUEENS_STORE=str(folder / f"{slug}.store"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [FAULTS, os.environ.get("PYTHONPATH")]))
    env.pop("DISPLAY", None)
    # make coverage records the child's lines under its own case, not under the test that ran the fixture
    env["PYTEST_CURRENT_TEST"] = (
        f"tests/test_signal_matrix.py::test_a_signal_stops_the_command_at_once_with_whole_output_or_none[{label}]"
    )
    if name == "view":
        env["DISPLAY"] = display
    with open(folder / f"{slug}.out", "w+") as out, open(folder / f"{slug}.err", "w+") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "nqueens", *argv],
            stdout=out,
            stderr=err,
            env=env,
            cwd=folder,
            start_new_session=True,  # its own process group: what it leaves behind can be seen, and cleaned up
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            running, sent = signal_when_started(process, started, after, sig)
            try:
                code = process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                code = None
            seconds = time.monotonic() - sent
            left_behind = not _gone(process.pid, 2.0)
        finally:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
        out.seek(0)
        err.seek(0)
        return label, dict(
            running=running, code=code, seconds=seconds, left=left_behind, out=out.read(), err=err.read(), argv=argv
        )


@pytest.fixture(scope="session")
def outcomes(request, tmp_path_factory, xvfb):
    wanted = selected(request, sys.modules[__name__], "label")

    def run_all():
        folder = tmp_path_factory.mktemp("signals")
        with ThreadPoolExecutor(max_workers=6) as pool:
            return dict(pool.map(lambda case: _run(case, folder, xvfb), [c for c in CASES if c[0] in wanted]))

    return once(tmp_path_factory, "signal-matrix", run_all)


# The fast tier: every command once, at a moment that turns from one command to the next, so every moment is
# met (import, start-up, compiling, computing, SIGTERM) by several commands; make test runs every pair.
# (export's turn is 3 s, well into writing its file, which must not be left half-written.)
_FAST = {(name, *MOMENTS[(index + 3) % len(MOMENTS)]) for index, name in enumerate(COMMANDS)}


@pytest.mark.parametrize(
    ("label", "name", "sig", "after"),
    [pytest.param(*case, id=case[0], marks=() if case[1:] in _FAST else pytest.mark.slow) for case in CASES],
)
def test_a_signal_stops_the_command_at_once_with_whole_output_or_none(outcomes, label, name, sig, after):
    o = outcomes[label]
    assert o["running"], f"{label}: ended before the signal: {o['err'][-500:]}"
    assert o["code"] == 128 + sig, f"{label}: exit {o['code']}: {o['err'][-1500:]}"
    assert "Traceback" not in o["err"] and o["err"].strip().splitlines()[-1] == SAID[sig], o["err"][-1500:]
    # At once: within a second, longer only by as much as the machine is busier than its cores (a parallel run
    # of the suite beside other work); each command would run for minutes otherwise.
    within = WITHIN * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
    assert o["seconds"] < within, f"{label}: exited {o['seconds']:.2f} s after the signal (within {within:.1f} s)"
    assert not o["left"], f"{label}: processes of the command outlived it"
    if name == "solve boards":
        boards = parse_boards(o["out"])  # whole boards only, each a solution of 17 queens
        assert all(len(q) == 17 and len(set(q)) == 17 for q in boards)
    else:
        assert o["out"] == "", f"{label}: {o['out'][-300:]!r}"
    written = [a for a in o["argv"] if a.endswith(".cnf")]
    assert not any(os.path.exists(path) for path in written), "an interrupted export left a file"
