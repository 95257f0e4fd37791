"""Every command that takes a board size, given 10^4, 10^5, 10^9 and 2^70 under an address-space limit.

Each case is the real program in its own process with ``RLIMIT_AS`` (``ulimit -v``) of :data:`LIMIT`. It must
either refuse in one line (exit status 2, ``error: ...``; a refusal for memory names the bytes) or finish within
:data:`DEADLINE` seconds: never a traceback, an out-of-memory error found while computing, an abort of a C++
library, or a run that goes on. The cases run side by side (most of their time is starting Python).
"""

import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import once, representatives, selected

LIMIT = 2 << 30  # bytes of address space: Python, numpy, numba and OR-tools take about 1 GiB of it
DEADLINE = 120  # seconds a case may take on a loaded machine (most take 1-3)
SIZES = (10**4, 10**5, 10**9, 2**70)

# The commands that take a size, with the solvers and models whose memory grows differently.
COMMANDS = {
    "count": ["count", "N"],
    "count cpsat": ["count", "N", "--solver", "cpsat"],
    "solve": ["solve", "N", "--limit", "1"],
    "solve cpsat first": ["solve", "N", "--solver", "cpsat", "--option", "first=true"],
    "tree permutation": ["tree", "N", "--model", "permutation", "--quiet"],
    "tree subset": ["tree", "N", "--model", "subset", "--quiet"],
    "estimate": ["estimate", "N", "--model", "permutation"],
    "construct": ["construct", "N"],
    "generate blocked": ["generate", "blocked", "N", "5"],
    "generate completion": ["generate", "completion", "N", "5"],
    "generate excluded": ["generate", "excluded", "N", "5"],
    "export sat": ["export", "N", "--model", "sat"],
    "export mip": ["export", "N", "--model", "mip", "-o", "OUT.lp"],
    "export minizinc": ["export", "N", "--model", "minizinc"],
    "compare": ["compare", "N..N"],
    "optimize": ["optimize", "domination", "N"],
    "view": ["view", "N"],
}

CASES = [
    (f"{name} {size if size < 2**70 else '2^70'}", argv, size) for name, argv in COMMANDS.items() for size in SIZES
]

# One worker runs these (make test runs the suite on several): its module fixture runs every case once.
pytestmark = pytest.mark.xdist_group("test_size_matrix")


def _command(case):
    return case[0].rsplit(" ", 1)[0]


def _size(case):
    return case[0].rsplit(" ", 1)[1]


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def _run(case, folder):
    label, argv, size = case
    argv = [a.replace("N", str(size)).replace("OUT", str(folder / label.replace(" ", "-"))) for a in argv]
    env = dict(os.environ, NQUEENS_STORE=str(folder / "store.sqlite"))
    env.pop("DISPLAY", None)
    # make coverage records the child's lines under its own case, not under the test that ran the fixture
    env["PYTEST_CURRENT_TEST"] = (
        f"tests/test_size_matrix.py::test_a_size_is_refused_in_one_line_or_run_within_bounds[{label}]"
    )
    start = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "nqueens", *argv],
            capture_output=True,
            text=True,
            env=env,
            cwd=folder,
            preexec_fn=_limited,
            timeout=DEADLINE,
        )
    except subprocess.TimeoutExpired:
        return label, None, "", f"still running after {DEADLINE} s", DEADLINE
    return label, done.returncode, done.stdout, done.stderr, time.monotonic() - start


@pytest.fixture(scope="session")
def outcomes(request, tmp_path_factory):
    wanted = selected(request, sys.modules[__name__], "label")

    def run_all():
        folder = tmp_path_factory.mktemp("sizes")
        with ThreadPoolExecutor(max_workers=4) as pool:
            cases = [case for case in CASES if case[0] in wanted]
            return {label: rest for label, *rest in pool.map(lambda case: _run(case, folder), cases)}

    return once(tmp_path_factory, "size-matrix", run_all)


# The fast tier: every command once and every size at least once (the first case of each); make test runs all.
@pytest.mark.parametrize("label", representatives([(label,) for label, _, _ in CASES], [_command, _size]))
def test_a_size_is_refused_in_one_line_or_run_within_bounds(outcomes, label):
    code, out, err, seconds = outcomes[label]
    assert code is not None, f"{label}: {err}"
    assert "Traceback" not in err and "out of memory" not in err and "bad_alloc" not in err, f"{label}: {err}"
    if code == 2:
        lines = err.strip().splitlines()
        assert out == "" and len(lines) == 1 and lines[0].startswith("error: "), f"{label}: {err!r}"
        if "memory" in err or "needs" in err:
            assert "bytes" in err or "GiB" in err, f"{label}: a memory refusal names the bytes: {err}"
    else:
        assert code == 0, f"{label}: exit {code}: {err[-2000:]}"
        assert len(out) < 1 << 20, f"{label}: {len(out)} bytes on stdout"
