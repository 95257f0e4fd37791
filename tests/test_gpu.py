"""The GPU counter on a machine without a GPU: its kernel under numba's CUDA simulator, its items on the CPU.

The simulator must be switched on before numba is imported (``NUMBA_ENABLE_CUDASIM=1``), so those tests run in a
subprocess. The published values come from tests/known.py (OEIS A000170, A002562); the fast counter is the
second, independent check of the orbit classes.
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from conftest import first_fast
from known import TOTAL, UNIQUE
from nqueens.native import engine, gpu, gpu_kernels

import nqueens

pytest.importorskip("numba.cuda", reason="the 'gpu' extra (numba-cuda) is not installed")

TIMEOUT = 300


def _simulated(code, *args):
    """Run ``code`` in a Python subprocess under the CUDA simulator; return its JSON on stdout."""
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    done = subprocess.run(
        [sys.executable, "-c", code, *map(str, args)], env=env, capture_output=True, text=True, timeout=TIMEOUT
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_simulated_counts_match_oeis_and_fast():
    """n = 1..12 through the whole count (runner, warmup, kernel under the simulator): totals, unique and orbit
    classes against OEIS and the fast counter; and no solver library is imported on the way."""
    code = (
        "import json, sys, nqueens\n"
        "out = {}\n"
        "for n in range(1, 13):\n"
        "    r = nqueens.count(n, 'gpu', store='none')\n"
        "    out[n] = [r.total, r.unique, {str(k): v for k, v in sorted(r.classes.items())}]\n"
        "heavy = [m for m in ('ortools', 'pysat', 'cpmpy', 'constraint') if m in sys.modules]\n"
        "print(json.dumps({'counts': out, 'heavy': heavy}))\n"
    )
    doc = _simulated(code)
    assert doc["heavy"] == []
    for n in range(1, 13):
        total, unique, classes = doc["counts"][str(n)]
        assert (total, unique) == (TOTAL[n], UNIQUE[n]), n
        fast = nqueens.count(n, "fast", store="none")
        assert classes == {str(k): v for k, v in sorted(fast.classes.items()) if v}, n


@pytest.mark.slow  # the simulator runs every thread in Python; the small cases above are in the fast tier
def test_simulated_kernel_on_many_items():
    """The kernel with few rows of its own (many items, deep CPU splits), n = 9, 10, 11."""
    code = (
        "import json\n"
        "from nqueens.native import engine, gpu\n"
        "out = {}\n"
        "for n, g in ((9, 3), (10, 3), (11, 4)):\n"
        "    out[n] = gpu.solve(n, engine.start_constellations(n), device=True, g=g)\n"
        "print(json.dumps(out))\n"
    )
    doc = _simulated(code)
    for n in (9, 10, 11):
        assert doc[str(n)] == TOTAL[n]


@pytest.mark.slow
def test_simulated_count_resumes_exact(tmp_path):
    """A count of n = 11 in 18 subproblems (8 of constellations, 10 of rotation-fixed solutions) fails after 3
    have been stored; the rerun computes only the other 15."""
    code = (
        "import json, sys\n"
        "from nqueens.native import gpu\n"
        "from nqueens.runtime import run\n"
        "gpu._SPLIT_FROM = 10  # n = 11: 8 subproblems\n"
        "store = sys.argv[1]\n"
        "task, calls = gpu.task, []\n"
        "def failing(n, index, payload):\n"
        "    calls.append(index)\n"
        "    if len(calls) > 3:\n"
        "        raise RuntimeError('the device went away')\n"
        "    return task(n, index, payload)\n"
        "gpu.task = failing\n"
        "try:\n"
        "    run.count(gpu, 11, store=store, workers=1)\n"
        "    failed = False\n"
        "except RuntimeError:\n"
        "    failed = True\n"
        "gpu.task = task\n"
        "t = run.count(gpu, 11, store=store, workers=1)\n"
        "print(json.dumps([failed, t.total, t.unique, t.stats['subproblems'], t.stats['reused'], t.stats['computed']]))\n"
    )
    failed, total, unique, subproblems, reused, computed = _simulated(code, tmp_path / "store.sqlite")
    assert failed
    assert (total, unique) == (TOTAL[11], UNIQUE[11])
    assert (subproblems, reused, computed) == (18, 3, 15)


@pytest.mark.slow
@pytest.mark.skipif(gpu.device_present(), reason="this machine has a GPU")
def test_no_device_is_one_line():
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    done = subprocess.run(
        [sys.executable, "-m", "nqueens", "count", "12", "--solver", "gpu"],
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: no CUDA device"), done.stderr
    assert "NUMBA_ENABLE_CUDASIM=1" in lines[0]


@pytest.mark.skipif(gpu.device_present(), reason="this machine has a GPU")
def test_default_counter_without_gpu_imports_no_cuda():
    code = (
        "import sys, nqueens\n"
        "from nqueens.api import default_counter\n"
        "print(default_counter(20), 'numba.cuda' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=TIMEOUT, check=True)
    assert done.stdout.split() == ["quadrants", "False"]


@pytest.mark.parametrize(("n", "g"), first_fast([(7, 3), (13, 4), (12, 3), (13, 6), (14, 5), (16, 8)], keep=2))
def test_items_and_kernel_bookkeeping_on_the_cpu(n, g):
    """The items of every ordinary constellation, finished by the kernel's search (its 32-bit masks and stack
    words, here compiled for the CPU), add up to the fast counter's 8-orbit classes."""
    table = engine.start_constellations(n)
    plain = np.ascontiguousarray(table[table[:, 4] == 1])
    rows, items = gpu_kernels.build_items(n, plain, g)
    assert items.shape[1] == gpu_kernels.ITEM_FIELDS and len(items) > len(plain)
    out = np.zeros(len(items), np.int64)
    gpu_kernels.reference_counts(n, g, rows, items, out)
    assert int(out.sum()) == engine.solve(n, plain)["classes"][8]


def test_plan_is_the_fast_counters_constellations():
    for n in (12, 19):
        parts = [s.payload[1] for s in gpu.plan(n) if s.payload[0] == gpu.CONSTELLATIONS]
        assert len(parts) == gpu.subproblem_count(n, len(engine.start_constellations(n)))
        merged = np.concatenate(parts)
        assert sorted(map(tuple, merged.tolist())) == sorted(map(tuple, engine.start_constellations(n).tolist()))


def test_rotation_pieces_cover_every_column():
    """The rotation-fixed counts of the plan's pieces agree with the published totals and unique counts: by
    Burnside's lemma ``8 U = T + R180 + 2 R90``."""
    from nqueens.native import quadrants_kernels

    fixed = {gpu.FIXED_180: 0, gpu.FIXED_90: 0}
    for s in gpu.plan(18):
        kind = s.payload[0]
        if kind != gpu.CONSTELLATIONS:
            fixed[kind] += int(
                quadrants_kernels.symmetric_count(18, 2 if kind == gpu.FIXED_180 else 1, *s.payload[1:])[0]
            )
    assert fixed[gpu.FIXED_180] + 2 * fixed[gpu.FIXED_90] == 8 * UNIQUE[18] - TOTAL[18]
    assert fixed[gpu.FIXED_90] == 0  # no solution of n = 4k + 2 is fixed by the quarter turn


def test_combine_by_burnside():
    """Totals and rotation-fixed counts give the published unique counts, and inconsistent ones are refused."""
    results = [{"kind": gpu.CONSTELLATIONS, "count": 14200}, {"kind": gpu.FIXED_180, "count": 80}]
    results.append({"kind": gpu.FIXED_90, "count": 8})
    got = gpu.combine(12, results)
    assert (got["total"], got["unique"], got["classes"]) == (14200, 1787, {2: 4, 4: 18, 8: 1765})
    results[1] = {"kind": gpu.FIXED_180, "count": 81}
    with pytest.raises(nqueens.NQueensError):
        gpu.combine(12, results)


@pytest.mark.slow
def test_kernel_compiles_for_h100():
    """The kernel compiles to PTX for compute capability 9.0 (needs numba-cuda's compiler libraries, not a
    device); a 32-bit search: its inner loop shifts, ands and ors 32-bit words."""
    code = (
        "import json\n"
        "from nqueens.native import gpu_device\n"
        "try:\n"
        "    ptx = gpu_device.ptx((9, 0))\n"
        "except Exception as exc:\n"
        "    print(json.dumps({'skip': f'{type(exc).__name__}: {exc}'[:300]}))\n"
        "else:\n"
        "    print(json.dumps({'ptx': ptx}))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_ENABLE_CUDASIM"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr[-3000:]
    doc = json.loads(done.stdout.strip().splitlines()[-1])
    if "skip" in doc:  # only the compiler libraries' absence (numba-cuda[cu12] or [cu13] brings them)
        assert "nvrtc" in doc["skip"] or "nvvm" in doc["skip"].lower(), doc["skip"]
        pytest.skip(f"no CUDA compiler libraries here: {doc['skip']}")
    ptx = doc["ptx"]
    assert ".target sm_90" in ptx
    assert "popc.b32" in ptx and "atom.global.add.u64" in ptx
    assert "ld.shared.u32" in ptx and "st.shared.u32" in ptx
