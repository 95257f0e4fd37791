"""The quadrant counter against OEIS and against the fast counter."""

import os
import subprocess
import sys

import numpy as np
import pytest
from known import TOTAL, UNIQUE
from nqueens.native import quadrants
from nqueens.native import quadrants_kernels as kernels

import nqueens
from nqueens.core.errors import NQueensError

# OEIS A032522, solutions fixed by the half turn ("point symmetric"), n = 1..20 (offset 1).
A032522 = (1, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80, 136, 420, 1240, 3000, 8152, 18104, 44184, 144620)
# OEIS A033148, solutions fixed by the quarter turn ("rotationally symmetric"), n = 1..20 (offset 1).
A033148 = (1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0, 64, 128, 0, 0, 480)


@pytest.mark.parametrize("n", range(1, 15))
def test_against_oeis_and_fast(n):
    r = quadrants.count(n)
    fast = nqueens.count(n, "fast", store="none")
    assert r.total == TOTAL[n] == fast.total
    assert r.unique == UNIQUE[n] == fast.unique
    assert r.classes == {size: number for size, number in fast.classes.items() if number}


@pytest.mark.parametrize("n", range(1, 21))
def test_rotation_fixed_counts(n):
    assert kernels.symmetric_count(n, 2, 0, n)[0] == A032522[n - 1]
    if n <= 17:
        assert kernels.symmetric_count(n, 1, 0, n)[0] == A033148[n - 1]


@pytest.mark.slow
@pytest.mark.parametrize("n", [15, 16])
def test_slow_exact(n):
    r = quadrants.count(n, workers=2)
    assert (r.total, r.unique) == (TOTAL[n], UNIQUE[n])
    assert r.stats["fixed_180"] == A032522[n - 1] and r.stats["fixed_90"] == A033148[n - 1]


def test_quadrant_table_sizes():
    for h in range(8):
        offsets, pieces = kernels.quadrant_table(h)
        assert len(pieces) == offsets[-1] == quadrants.QUADRANT_PLACEMENTS[h]


def test_memory_refusal_names_bytes():
    with pytest.raises(NQueensError, match=r"needs about \d+ bytes"):
        quadrants.plan(24)
    with pytest.raises(NQueensError, match=r"needs about \d+ bytes"):
        quadrants.count(12, memory_budget=1000)
    with pytest.raises(NQueensError, match="limit"):
        quadrants.plan(quadrants.MAX_N + 1)


def test_plan_deterministic_and_task_pure():
    a, b = quadrants.plan(13), quadrants.plan(13)
    assert [s.digest for s in a] == [s.digest for s in b] and len({s.key for s in a}) == len(a)
    assert all(np.array_equal(x.payload[1], y.payload[1]) for x, y in zip(a, b) if x.payload[0] == quadrants.JOIN)
    s = a[3]
    assert quadrants.task(s.n, s.index, s.payload) == quadrants.task(s.n, s.index, s.payload)
    results = [quadrants.task(s.n, s.index, s.payload) for s in a]
    assert quadrants.combine(13, results[::-1])["total"] == TOTAL[13]


def test_bad_options():
    with pytest.raises(NQueensError):
        quadrants.count(8, workers=0)


def test_through_the_facade():
    r = nqueens.count(13, "quadrants", workers=2, store="none")
    fast = nqueens.count(13, "fast", store="none")
    assert (r.total, r.unique, r.classes) == (TOTAL[13], UNIQUE[13], fast.classes)
    assert r.stats["subproblems"] == len(quadrants.plan(13))


def test_python_source_without_jit():
    """The same kernels as plain Python (NUMBA_DISABLE_JIT=1), n <= 8."""
    code = (
        "from nqueens.native import quadrants\n"
        "print([(quadrants.count(n).total, quadrants.count(n).unique) for n in range(1, 9)])\n"
    )
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str([(TOTAL[n], UNIQUE[n]) for n in range(1, 9)])
