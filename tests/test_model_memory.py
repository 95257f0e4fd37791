"""Model builders state their memory before they build: a formula in n and the options (declared with the solver,
calibrated by measuring a few n), refused beyond what fits with one line that names the bytes and the options."""

import os
import resource
import subprocess
import sys

import pytest

from nqueens.api import request
from nqueens.core import memory
from nqueens.core.errors import NQueensError

GIB = 1 << 30


@pytest.fixture
def one_gib(monkeypatch):
    monkeypatch.setattr(memory, "room", lambda: (GIB, "a budget of 1 GiB"))


def test_cpsat_states_its_measured_size(one_gib):
    # CP-SAT's model of n = 800 took 1.0 GB (first=true, one worker): n = 1000 does not fit in 1 GiB
    with pytest.raises(NQueensError, match=r"'cpsat' on n = 1000 with workers=1, symmetry=none needs 1\.6e\+09 bytes"):
        request(1000, "cpsat", question="enumerate", first=True)
    request(600, "cpsat", question="enumerate", first=True)


def test_cpsat_workers_multiply_its_size_and_are_named(one_gib):
    request(500, "cpsat", question="enumerate", first=True)
    with pytest.raises(NQueensError, match=r"with workers=4, symmetry=none needs .* bytes \(1\.49 GiB\)"):
        request(500, "cpsat", question="enumerate", first=True, workers=4)


def test_sat_size_follows_the_encoding(one_gib):
    with pytest.raises(NQueensError, match=r"'sat' on n = 300 with encoding=pairwise needs 7\.2e\+09 bytes"):
        request(300, "sat")
    request(300, "sat", encoding="seqcounter")  # O(n) auxiliaries per line, not the n^3 / 3 pairs


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (2 * GIB, 2 * GIB))


@pytest.mark.parametrize(
    "argv, said",
    [
        (["solve", "2000", "--solver", "cpsat", "--option", "first=true", "--option", "workers=8"], "workers=8"),
        (["solve", "3000", "--solver", "sat", "--limit", "1"], "encoding=pairwise"),
        (["export", "3000", "--model", "mip", "-o", "x.lp"], "of memory to build it"),
    ],
)
def test_a_refusal_under_an_address_space_limit_is_one_line(argv, said, tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", *argv],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=dict(os.environ, NQUEENS_STORE=str(tmp_path / "s.sqlite")),
        preexec_fn=_limited,
        timeout=120,
    )
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and done.stdout == "" and len(lines) == 1, done.stderr[-2000:]
    assert lines[0].startswith("error: ") and "GiB" in lines[0] and said in lines[0], lines[0]
    assert list(tmp_path.iterdir()) in ([], [tmp_path / "s.sqlite"])
