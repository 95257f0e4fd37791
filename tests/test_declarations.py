"""A solver is declared once, beside its code: the registry collects the declarations, the code reads its limits
and option lists from them, and the declarations load nothing heavy."""

import subprocess
import sys

import pytest

from nqueens.core.errors import NQueensError
from nqueens.registry import DECLARATIONS, REGISTRY


def test_the_registry_is_the_declarations_in_one_sorted_list():
    assert list(DECLARATIONS) == sorted(DECLARATIONS)
    assert len(REGISTRY) == len(DECLARATIONS)
    for name in DECLARATIONS:
        module = sys.modules[name]
        assert REGISTRY[module.SOLVER.name] is module.SOLVER
        # Named after the solver (its name with '_' for '-'), as its own module or a NAME_spec.py (a numba
        # solver's), beside its code.
        package, stem = name.rsplit(".", 1)
        solver = module.SOLVER.name.replace("-", "_")
        assert stem in (solver, solver + "_spec"), (name, module.SOLVER.name)
        assert module.SOLVER.module.rsplit(".", 1)[0] == package, (name, module.SOLVER.module)


def test_the_declarations_load_no_numpy_or_numba():
    code = "import sys, nqueens.registry; print(sorted({'numpy', 'numba'} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_code_reads_its_limits_and_choices_from_its_declaration():
    from nqueens.models import MODES, csp, dlx, sat
    from nqueens.native import engine, quadrants, rules_counter

    assert engine.MAX_N == REGISTRY["fast"].max_n == 31
    assert quadrants.MAX_N == REGISTRY["quadrants"].max_n == 25
    assert rules_counter.MAX_N == REGISTRY["rules"].max_n == 62
    choices = {o.name: o.choices for o in REGISTRY["sat"].options}
    assert choices["satsolver"] is sat.SAT_SOLVERS and len(sat.SAT_SOLVERS) == 14
    assert choices["encoding"] is sat.ENCODINGS and choices["counter"] is sat.COUNTERS
    assert {o.name: o.choices for o in REGISTRY["dlx"].options}["choose"] is dlx.CHOICES
    assert {o.name: o.choices for o in REGISTRY["csp"].options}["algorithm"] is csp.ALGORITHMS
    for tree in ("mary", "permutation", "subset"):
        assert {o.name: o.choices for o in REGISTRY[tree].options}["mode"] is MODES


def test_the_quadrant_counter_is_checked_for_memory_with_its_real_worker_count(monkeypatch):
    from nqueens.native import quadrants

    from nqueens.api import request
    from nqueens.core import memory

    one, eight = quadrants.memory_needed(20, 1), quadrants.memory_needed(20, 8)
    assert eight > one
    monkeypatch.setattr(memory, "room", lambda: (one + (eight - one) // 2, "the memory available leaves little"))
    assert request(20, "quadrants", workers=1).n == 20
    with pytest.raises(NQueensError, match="solver 'quadrants' on n = 20 with 8 workers needs"):
        request(20, "quadrants", workers=8)
    assert request(20, "quadrants", workers=8, memory="64G").n == 20  # its own budget: checked by its plan


def test_optimisation_is_a_capability_of_the_registered_models():
    """The solvers that optimise are those whose declaration says so, each with its hook in its own module; the GPU
    counter reads its limit from its declaration too."""
    from nqueens.models import cpmpy_spec
    from nqueens.native import gpu_kernels

    able = {name for name, spec in REGISTRY.items() if "optimize" in spec.can}
    assert able == {"cpsat", "cp", "mip", "sat", "cpmpy"}
    for name in able:
        assert REGISTRY[name].optimizer() is REGISTRY[name].load().optimize
    assert set(cpmpy_spec.OPTIMIZE_BACKENDS) < set(cpmpy_spec.BACKENDS)
    assert gpu_kernels.MAX_N == REGISTRY["gpu"].max_n == 27
    with pytest.raises(NQueensError, match="solver 'bitwise' cannot optimise"):
        REGISTRY["bitwise"].optimizer()


def test_an_outside_solver_cannot_claim_to_optimise():
    from nqueens.core.protocol import Solver

    spec = Solver(name="mine", family="model", can=("count", "optimize"), count=lambda n: None)
    assert any("optimise" in line for line in spec.problems())


def test_a_solver_declares_its_libraries_and_where_it_runs(monkeypatch):
    """A run records the versions of the libraries the solvers declare (read as pip reads them), a solver that
    cannot run here is no default column, and the default counter is the one whose declared ``default_from`` is
    the largest at or below n, among the solvers that run here."""
    from dataclasses import replace
    from importlib import metadata
    from pathlib import Path

    from nqueens.api import default_counter
    from nqueens.core.protocol import Solver
    from nqueens.experiments.columns import default_columns
    from nqueens.runtime import environment

    declared = {lib for spec in REGISTRY.values() for lib in spec.libraries}
    assert {"ortools", "python-sat", "cpmpy", "python-constraint2"} <= declared
    source = Path(environment.__file__).read_text()
    assert not any(f'"{lib}"' in source for lib in declared), "environment.py lists a solver's library again"
    found = environment.versions([REGISTRY["cpsat"], REGISTRY["sat"]])
    assert found["ortools"] == metadata.version("ortools") and found["python-sat"] == metadata.version("python-sat")
    assert "cpmpy" not in found

    toy = Solver(name="toy", family="engine", can=("count",), module="nqueens.native.engine", max_n=20, reach=4)
    monkeypatch.setitem(REGISTRY, "toy", replace(toy, default_from=10, supported=lambda: False))
    assert "toy" not in [c.name for c in default_columns()] and default_counter(12) == "fast"
    monkeypatch.setitem(REGISTRY, "toy", replace(toy, default_from=10, supported=lambda: True))
    above = REGISTRY["quadrants"].max_n + 1
    assert [default_counter(n) for n in (9, 12, 16, above)] == ["fast", "toy", "quadrants", "fast"]
