"""What the toolkit says of compiling its kernels, and what an experiment's forecast counts of it: a note per
kernel module that compiles, said once, before it is loaded where the command knows its solvers; none when quiet or
not at a terminal; the forecast counts the modules the cache lacks.

Numbers asserted come from outside the code under test: the kernel modules of the solvers as their sources declare
them (``@njit``), read here.
"""

import re
import sys
from pathlib import Path

import pytest
from helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
NOTE = "note: compiling the kernels of {} (once for this version: the cache keeps them)"


def _kernel_modules():
    # every module of the checkout with a compiled kernel, from its source
    found = set()
    for folder, package in (("native", "nqueens.native"), ("models", "nqueens.models")):
        for path in (ROOT / folder).glob("*.py"):
            if re.search(r"^\s*@(numba\.)?n?jit\b", path.read_text(), re.M):
                found.add(f"{package}.{path.stem}")
    return found


def test_a_kernel_module_that_compiles_says_so_once(monkeypatch):
    import nqueens.native.bitwise  # noqa: F401  (its kernels bring numba's compile listener)
    import numba

    from nqueens.core import cache

    said = []
    cache.say_compiling(said.append)
    try:

        def twice(x):
            return 2 * x

        twice.__module__ = "nqueens.native.made_here"
        kernel = numba.njit(twice)
        assert kernel(2) == 4 and kernel(2.5) == 5.0  # two compilations of one module
        other = numba.njit(lambda x: x + 1)  # not the toolkit's: nothing said
        assert other(1) == 2
    finally:
        cache.say_compiling(None)
    assert said == [NOTE.format("nqueens.native.made_here")]


def test_the_kernels_an_empty_cache_lacks_are_those_the_sources_declare(monkeypatch, tmp_path):
    from nqueens.core.cache import uncompiled

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert set(uncompiled(["nqueens.models.mary"])) == {"nqueens.models.mary", "nqueens.models.rows"} | (
        {"nqueens.models.walk", "nqueens.models.symmetry"} & _kernel_modules()  # the modules mary imports
    )
    assert set(uncompiled(["nqueens.native.bitwise"])) == {"nqueens.native.bitwise"}


def test_trace_says_which_kernels_it_compiles_before_it_loads_them(capsys, monkeypatch, tmp_path):
    import nqueens.core.cache as cache

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # the cache holds nothing: every kernel compiles
    monkeypatch.setattr(cache, "_SAID", set())
    # A worker that started on an empty cache would say the first run's note first (tests/test_cli.py tests it)
    monkeypatch.setattr(cache, "FRESH", False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    try:
        code, out, err = run_cli(capsys, "trace", "5", "--solver", "mary", "--html", str(tmp_path / "t.html"))
    finally:
        cache.say_compiling(None)
    assert code == 0
    lines = err.splitlines()
    assert lines[0] == NOTE.format("nqueens.models.mary"), err
    assert NOTE.format("nqueens.models.rows") in lines


def test_quiet_or_not_a_terminal_says_nothing_of_compiling(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    code, out, err = run_cli(capsys, "trace", "5", "--solver", "mary", "--html", str(tmp_path / "t.html"))
    assert code == 0 and "compiling" not in err


# -- the experiment's forecast ----------------------------------------------------------------------------------


def test_an_experiments_forecast_counts_the_kernels_to_compile(monkeypatch, tmp_path):
    from nqueens.registry import get_solver
    from nqueens.runtime import forecast

    runs = [(get_solver(name), {}, n) for name in ("bitwise", "mary", "cpsat") for n in range(4, 11)]
    warm = forecast.experiment_forecast(runs, 120)
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    cold = forecast.experiment_forecast(runs, 120)
    modules = {"nqueens.native.bitwise", "nqueens.models.mary", "nqueens.models.rows"} | (
        {"nqueens.models.walk", "nqueens.models.symmetry"} & _kernel_modules()
    )
    assert cold[2] == len(modules)
    assert cold[0] == pytest.approx(warm[0] + forecast.COMPILE_SECONDS * (len(modules) - warm[2]))
    assert cold[1] is None  # no run comes near two minutes: the worst case does not matter here


@pytest.mark.slow
def test_compares_first_line_is_the_forecast(capsys, monkeypatch):
    import nqueens.cli.commands.compare as compare

    monkeypatch.setattr(compare, "LONG_EXPERIMENT_SECONDS", 0.0)
    code, out, err = run_cli(capsys, "compare", "4..6", "--solvers", "bitwise", "--timeout", "60")
    first = err.splitlines()[0]
    assert code == 0 and first.startswith("note: 3 runs of at most 60 s each: this experiment is forecast to take")
    assert "at worst" not in first and "6.0 hours" not in first
