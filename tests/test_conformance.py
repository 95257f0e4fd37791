"""Every registered solver through the checks its capabilities call for (see conformance.py)."""

import subprocess
import sys

import pytest
from conformance import KNOWN_FAILURES, check_nodes_knuth, solver_checks
from known import TOTAL

import nqueens
from nqueens.registry import CAPABILITIES
from nqueens.testing import assert_check

# The checks that take a second or more a solver (a process to interrupt, an optimisation): the fast tier runs
# them for one solver of each family, the whole suite for every solver; every other check runs for every solver.
_HEAVY = ("check_interrupt", "check_optimize")
# Cases that take a second or more (most of it a kernel's first compile, with a cold numba cache): the whole suite
# runs them, the fast tier the other checks of their solvers.
_SLOW = {
    "quadrants-check_count_totals",
    "quadrants-check_unique_and_classes",
    "generate-test-check_claimed_tree",
    "lines-check_count_totals",
    "sieve-check_count_totals",
    "sieve-check_enumerate_matches_oracle",
    "sieve-check_nodes_profile",
    "avail-check_count_totals",
    "generate-test-check_count_totals",
    "generate-test-check_enumerate_valid",
    "marks-check_count_totals",
    "marks-check_enumerate_valid",
    "mip-check_count_matches_enumeration",
    "mip-check_instance",
    "subset-check_options",
}


def _params():
    seen = set()
    for spec, check in solver_checks():
        marks = [pytest.mark.slow] if f"{spec.name}-{check.__name__}" in _SLOW else []
        if check.__name__ in _HEAVY:
            if (check.__name__, spec.family) in seen:
                marks.append(pytest.mark.slow)
            seen.add((check.__name__, spec.family))
        reason = KNOWN_FAILURES.get(spec.name, {}).get(check.__name__)
        if reason is not None:
            marks.append(pytest.mark.xfail(reason=reason, strict=True))
        if spec.name == "gpu" and check.__name__ != "check_declaration" and not _gpu_present():
            marks.append(pytest.mark.skip(reason="no CUDA device; test_gpu.py runs its kernel under the simulator"))
        yield pytest.param(spec, check, id=f"{spec.name}-{check.__name__}", marks=marks)


def _gpu_present():
    from nqueens.native._gpu_probe import device_present

    return device_present()


@pytest.mark.parametrize(("spec", "check"), list(_params()))
def test_conformance(spec, check):
    if check is check_nodes_knuth:
        check(spec)
    else:
        assert_check(spec, check)


def test_registry_is_sorted_and_described():
    specs = nqueens.solvers(plugins=False)
    assert specs, "the registry is empty"
    for spec in specs:
        assert spec.family in ("native", "model", "engine")
        assert set(spec.can) <= set(CAPABILITIES) and "count" in spec.can
        assert spec.origin and spec.summary
        assert spec.name == spec.name.lower() and " " not in spec.name
    keys = [(("native", "model", "engine").index(s.family), s.name) for s in specs]
    assert keys == sorted(keys)


@pytest.mark.slow
def test_kernels_run_as_plain_python(jit_free):
    """The compiled solvers' Python source, with NUMBA_DISABLE_JIT=1, gives the same totals for small n."""
    # the GPU counter's kernel is not a CPU kernel: test_gpu.py runs it under the CUDA simulator
    names = [s.name for s in nqueens.solvers() if s.family in ("native", "engine") and s.name != "gpu"]
    want = [TOTAL[n] for n in range(1, 8)]
    assert jit_free() == {name: want for name in names}


def test_import_compiles_nothing():
    """Importing the package and listing solvers imports no compiler and no solver library."""
    code = (
        "import sys, nqueens\n"
        "nqueens.solvers()\n"
        "heavy = [m for m in ('numba', 'ortools', 'constraint', 'dask', 'matplotlib') if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ""


def test_solutions_is_lazy():
    """Taking two solutions of n = 20 returns at once: nothing enumerates all 39 billion."""
    stream = nqueens.solutions(20, "bitwise")
    first = [next(stream), next(stream)]
    assert all(nqueens.core.board.is_solution(q) for q in first)
    stream.close()
