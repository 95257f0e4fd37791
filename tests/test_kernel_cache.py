"""The kernel cache is keyed by each kernel module's own sources: an edit outside the kernels compiles nothing.

Each test works on a copy of the package (laid out as an installed wheel, ``nqueens/native`` and the others inside
``nqueens/``) with its own cache folder, and reads numba's own account of each kernel: ``stats.cache_hits`` and
``stats.cache_misses`` of the dispatchers of the modules it ran.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import copy_package

ROOT = Path(__file__).resolve().parent.parent

# Count with two kernel modules, then report numba's cache hits and misses for each of their kernels.
RUN = """
import json, nqueens
from nqueens.native import bitwise, backtrack
assert nqueens.count(8, "bitwise").total == 92 and nqueens.count(8, "backtrack").total == 92
stats = {}
for module in (bitwise, backtrack):
    for name, kernel in sorted(vars(module).items()):
        if hasattr(kernel, "stats") and kernel.signatures:
            stats[f"{module.__name__}.{name}"] = [sum(kernel.stats.cache_hits.values()), sum(kernel.stats.cache_misses.values())]
print(json.dumps(stats))
"""


@pytest.fixture
def copy(tmp_path):
    package = copy_package(tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(tmp_path / "site"), NUMBA_DISABLE_JIT="0")

    def run():
        done = subprocess.run(
            [sys.executable, "-c", RUN], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=280
        )
        assert done.returncode == 0, done.stderr
        return {name: tuple(counts) for name, counts in json.loads(done.stdout).items()}

    return package, run


def _cached(stats):
    return {name for name, (hits, misses) in stats.items() if hits and not misses}


def _compiled(stats):
    return {name for name, (hits, misses) in stats.items() if misses}


def _touch(path):
    path.write_text(path.read_text() + "\n# an edit\n")


@pytest.mark.slow
def test_an_edit_outside_the_kernels_compiles_no_kernel(copy):
    package, run = copy
    first = run()
    assert first and _compiled(first) == set(first), "a cold cache compiles every kernel it runs"
    _touch(package / "cli" / "commands" / "count.py")
    _touch(package / "api.py")
    _touch(package / "native" / "engine.py")  # a kernel module that neither counter imports
    again = run()
    # The kernels the counts call load from the cache (the ones they call in turn come inside their code).
    assert again and set(again) <= set(first) and _cached(again) == set(again), again


@pytest.mark.slow
def test_an_edit_of_a_kernel_compiles_that_module_only(copy):
    package, run = copy
    first = run()
    assert _compiled(first) == set(first)
    _touch(package / "native" / "bitwise.py")
    again = run()
    assert _compiled(again) == {name for name in again if name.startswith("nqueens.native.bitwise.")}, again
    assert _cached(again) == {name for name in again if name.startswith("nqueens.native.backtrack.")}, again
    last = run()
    assert last and _cached(last) == set(last), "the recompiled kernels are cached in their turn"


def test_the_cache_folder_is_stable_and_a_chosen_one_is_kept(tmp_path):
    code = "import nqueens.core.cache as c; print(c.folder())"
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert first.startswith(str(tmp_path / "nqueens" / "numba"))
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert again == first
    env["NUMBA_CACHE_DIR"] = str(tmp_path / "mine")
    chosen = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert chosen.strip() == str(tmp_path / "mine")


# Import the toolkit, run one of its kernels and a function of the user's own, both cached by numba; print what the
# environment lost or gained and where each function's cache went.
MINE = """
import json, os, sys
before = dict(os.environ)
import nqueens
imported = dict(os.environ)
from numba import njit

@njit(cache=True)
def mine(x):
    return x + 1

assert mine(1) == 2 and nqueens.count(6, "bitwise").total == 4
from nqueens.native import bitwise
print(json.dumps({
    "changed": sorted(set(before.items()) ^ set(imported.items())),
    "after": sorted(set(before.items()) ^ set(os.environ.items())),
    "mine": mine._cache._cache_path,
    "kernels": sorted({k._cache._cache_path for k in vars(bitwise).values() if hasattr(k, "_cache")}),
}))
"""


def test_importing_the_toolkit_leaves_the_environment_and_a_users_cache_alone(tmp_path):
    """A notebook's own ``@njit(cache=True)`` function is cached where numba puts it without the toolkit (beside
    its file), the toolkit's kernels in their folder per module, and the import changes no environment variable."""
    (tmp_path / "user.py").write_text(MINE)
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    env.update(XDG_CACHE_HOME=str(tmp_path / "cache"), NUMBA_DISABLE_JIT="0")
    done = subprocess.run(
        [sys.executable, "user.py"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=280
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["changed"] == [] and found["after"] == []
    assert found["mine"] == str(tmp_path / "__pycache__")
    toolkit = tmp_path / "cache" / "nqueens" / "numba"
    assert found["kernels"] and all(
        Path(path).parent.parent == toolkit and Path(path).name.startswith("nqueens.native.bitwise-")
        for path in found["kernels"]
    ), found["kernels"]


def test_a_kernel_is_compiled_by_one_process_at_a_time(tmp_path):
    # While one process holds the lock of a kernel's cache index (it is compiling that kernel), another that needs
    # the kernel waits, then compiles it (or loads what the first cached) once the lock is let go.
    (tmp_path / "kern.py").write_text(
        "from nqueens.core.jit import njit\n\n\n@njit(cache=True)\ndef step(x):\n    return x + 1\n"
    )
    import importlib.util

    from nqueens.core.jit import _acquire

    spec = importlib.util.spec_from_file_location("kern", tmp_path / "kern.py")
    kern = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kern)

    held = _acquire(kern.step._cache._cache_file._index_path + ".lock")
    assert held is not None
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    code = "import kern; print(kern.step(41), sum(kern.step.stats.cache_misses.values()))"
    process = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
    try:
        try:
            process.wait(timeout=3)
        except subprocess.TimeoutExpired:
            pass
        assert process.poll() is None, "the second process compiled the kernel while the lock was held"
        os.close(held)
        out, _ = process.communicate(timeout=120)
        assert out.split() == ["42", "1"]
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_the_walkers_and_hooks_of_two_formulations_have_two_names():
    # A function made per formulation and called by its cached kernel is named after what is bound in (the test
    # below shows what one name for two walkers did): different code, different names; the same code, one name.
    from nqueens.models import mary, permutation, subset

    made = {}
    for module in (permutation, mary, subset):
        for name in ("_walk", "_plain_walk", "_walk_probe"):
            if hasattr(module, name):  # the cell tree has one walker
                made[f"{module.__name__}.{name}"] = getattr(module, name).py_func.__qualname__
    assert len(set(made.values())) == len(made), made
    # the hooks: named alike for the two row trees (rows' placed and forbid bound in), apart for the cell tree
    from nqueens.models import rows, symmetry

    rows_hooks = [h.py_func.__qualname__ for h in symmetry.hooks(rows.placed, rows.forbid)]
    again = [h.py_func.__qualname__ for h in symmetry.hooks(rows.placed, rows.forbid)]
    cell_hooks = [h.py_func.__qualname__ for h in symmetry.hooks(subset._placed, subset._forbid)]
    assert rows_hooks == again and not set(rows_hooks) & set(cell_hooks)


@pytest.mark.slow
@pytest.mark.heavy
def test_tree_kernels_compiled_by_two_processes_count_right_in_a_third(tmp_path):
    # Each tree formulation's kernel calls its own walker and symmetry hooks, made by one function for all of them.
    # numba names the code of such a function by its qualified name and a number it counts per process. Once what
    # the two share is cached, a process that compiles permutation's kernel and one that compiles mary's number
    # their walkers alike (here from one number, as two processes that import alike do), and a third loads both
    # kernels: each must run its own walker (under one name, mary's ran permutation's and counted 0 at n = 13).
    from known import TOTAL, UNIQUE

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    compile_one = (
        "import itertools, numba.core.bytecode as b, nqueens\n"
        "b.FunctionIdentity._unique_ids = itertools.count(10**6)\n"
        "assert nqueens.count(6, {!r}).total == 4"
    )
    for model in ("permutation", "permutation", "mary"):
        if model == "permutation" and (tmp_path / "cache").is_dir():  # the first compiled what the two share
            for folder in (tmp_path / "cache").glob("nqueens.models.permutation-*"):
                shutil.rmtree(folder)
        compiled = subprocess.run(
            [sys.executable, "-c", compile_one.format(model)], env=env, capture_output=True, text=True, timeout=600
        )
        assert compiled.returncode == 0, compiled.stderr[-2000:]
    code = (
        "import json, nqueens\n"
        "print(json.dumps([[nqueens.count(n, m).total, nqueens.count(n, m, symmetry='sbds').unique]"
        " for m in ('permutation', 'mary') for n in (8, 10)]))"
    )
    both = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert both.returncode == 0, both.stderr[-2000:]
    assert json.loads(both.stdout) == [[TOTAL[n], UNIQUE[n]] for _ in range(2) for n in (8, 10)]
