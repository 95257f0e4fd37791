"""A signal stops the command wherever it lands: SIGTERM and SIGINT at 100 instants spread over the first 3 s of
two commands, from the program's first instant (``NQUEENS_STARTED``, tests/faults/sitecustomize.py) through its
imports, its kernels and its work.

An exception raised by a signal handler can land in any code, among it a ``__del__`` or a weakref callback (one
run by an import's cache), where the interpreter prints "Exception ignored" and goes on: the command must still
end, as the signal, within a second. Each run asserts exit status 143 (130), ``terminated`` (``interrupted``) as
the last line on stderr, no traceback, nothing on stdout; in the first 0.3 s, a run may also have been signalled
before the package's first lines ran (the interpreter's own start-up, which is Python's to handle). The fast tier sends each signal at four of the instants;
the whole suite at all of them.
"""

import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import FAULTS, signal_when_started, stop

WITHIN = 1.0  # seconds from the signal to the exit
# 0.03, 0.06, ..., 3 s after the program's first instant (at 0 the interpreter is still starting the program, and
# what no program can handle yet: the package's own start-up handler is in place a few milliseconds later).
INSTANTS = [3.0 * i / 100 for i in range(1, 101)]
SAMPLE = INSTANTS[::33]  # 0.03, 1.02, 2.01 and 3 s
SAID = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
# Each runs for minutes: the permutation tree of n = 100, CP-SAT counting every solution up to n = 30.
COMMANDS = {
    "tree": ["tree", "100", "--model", "permutation", "--json"],
    "compare": ["compare", "4..30", "--solvers", "cpsat"],
}

# The first instants may fall before the package's first lines run: the interpreter is still finding and loading
# it (tens of milliseconds on a loaded machine), and a signal there is Python's, which no program can handle.
STARTING = 0.3


def _before_the_package(o):
    """Ended by the signal's default action before the package's own start-up handler was in place: killed by
    SIGTERM with nothing said, or Python's ``KeyboardInterrupt`` with no frame of the toolkit's in its traceback."""
    if o["code"] == -signal.SIGTERM:
        return o["err"].strip() == ""
    in_package = re.search(r'File "[^"]*[/\\]nqueens[/\\]', o["err"])  # a frame of the package's own files
    return o["code"] == -signal.SIGINT and "KeyboardInterrupt" in o["err"] and not in_package


# One worker runs these (make test runs the suite on several): their signals are sent at set moments.
pytestmark = pytest.mark.xdist_group("signals")


def _run(argv, sig, after, folder, index):
    started = folder / f"started-{index}"
    env = dict(os.environ, NQUEENS_STARTED=str(started), NQUEENS_STORE=str(folder / f"store-{index}.sqlite"))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [FAULTS, os.environ.get("PYTHONPATH")]))
    process = subprocess.Popen(
        [sys.executable, "-m", "nqueens", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=folder,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        running, sent = signal_when_started(process, started, after, sig)
        try:
            out, err = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            out, err = "", "(still running 30 s after the signal)"
        return dict(
            after=after, running=running, code=process.returncode, seconds=time.monotonic() - sent, out=out, err=err
        )
    finally:
        stop(process)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=lambda sig: signal.Signals(sig).name)
@pytest.mark.parametrize("name", list(COMMANDS))
@pytest.mark.parametrize(
    "instants",
    [pytest.param(SAMPLE, id="sample"), pytest.param(INSTANTS, id="all", marks=[pytest.mark.slow, pytest.mark.heavy])],
)
@pytest.mark.timeout(1800)
def test_a_signal_at_any_instant_ends_the_command_within_a_second(tmp_path, name, sig, instants):
    with ThreadPoolExecutor(max_workers=4) as pool:
        outcomes = list(
            pool.map(lambda item: _run(COMMANDS[name], sig, item[1], tmp_path, item[0]), enumerate(instants))
        )
    # Within a second, longer only by as much as the machine is busier than its cores.
    within = WITHIN * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
    failed = []
    for o in outcomes:
        lines = o["err"].strip().splitlines()
        if o["after"] <= STARTING and _before_the_package(o):
            continue
        if not o["running"]:
            failed.append(f"{o['after']:.2f} s: ended before the signal: {o['err'][-300:]}")
        elif o["code"] != 128 + sig or o["seconds"] > within:
            failed.append(f"{o['after']:.2f} s: exit {o['code']} after {o['seconds']:.2f} s: {o['err'][-600:]}")
        elif "Traceback" in o["err"] or not lines or lines[-1] != SAID[sig] or o["out"]:
            failed.append(f"{o['after']:.2f} s: stdout {o['out'][-200:]!r}, stderr {o['err'][-3000:]}")  # whole
    assert not failed, f"{len(failed)} of {len(outcomes)} (within {within:.1f} s):\n" + "\n".join(failed)
