"""A signal that a library swallows still ends the command as that signal.

The command line raises ``KeyboardInterrupt`` (or its SIGTERM twin) in the main thread; a library with a bare
``except:`` around that point may catch it and fail later with an unrelated error (CPMpy's OR-tools interface,
interrupted while importing, then raised ``NameError: name 'ort' is not defined``), or go on and finish. Either
way the command says ``interrupted`` (``terminated``) and exits 130 (143), with no traceback and no result.
"""

import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import representatives

# The count command's run replaced by one that swallows the interrupt, as such a library does, then either fails
# with an unrelated error or returns a result as if nothing had happened.
_CHILD = """
import sys, time
from nqueens.cli import main
from nqueens.cli.commands import count

def run(args):
    try:
        for _ in range(300):
            time.sleep(0.1)
    except BaseException:
        pass
    if sys.argv[1] == "fail":
        return undefined_name  # noqa: F821
    print("n = 8, solver fast: 92 solutions")
    return 0

count.run = run
mode = sys.argv[1]
sys.argv = ["nqueens", "count", "8"]
sys.exit(main())
"""

# One worker runs these (make test runs the suite on several): its commands are signalled at set moments, with no other signalled command beside.
pytestmark = pytest.mark.xdist_group("signals")


# The fast tier: each mode and each signal once; the whole suite all four pairs.
@pytest.mark.parametrize(
    "mode, signum, code, said",
    representatives(
        [
            ("fail", signal.SIGINT, 130, "interrupted"),
            ("finish", signal.SIGTERM, 143, "terminated"),
            ("finish", signal.SIGINT, 130, "interrupted"),
            ("fail", signal.SIGTERM, 143, "terminated"),
        ],
        [lambda case: case[0], lambda case: case[1]],
        ids=lambda case: f"{case[1]}-{case[2]}-{case[3]}-{case[0]}",
    ),
)
def test_a_swallowed_signal_still_ends_the_command(mode, signum, code, said):
    proc = subprocess.Popen(
        [sys.executable, "-c", _CHILD, mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"},  # stdout buffered, as for users
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(1.5)
    assert proc.poll() is None
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == code, err
    assert err.strip().splitlines()[-1] == said
    assert "Traceback" not in err
    assert out == ""
