"""The benchmarks and research scripts in a fresh clone: the C reference is in the repository and is built here.

The C program (``benchmarks/reference/ref.c``) is compiled with the system compiler (the tests that need it are
skipped without one) and its totals are checked against OEIS A000170. The benchmarks that time against it run in
their quickest mode, and every script answers ``--help``, from a copy of the repository's script folders that has
nothing beside it: no ``../shared``.
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from known import TOTAL

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("benchmarks", "scripts")
SCRIPTS = sorted(p for folder in FOLDERS for p in (ROOT / folder).glob("*.py") if not p.name.startswith("_"))

# One worker runs these (make test runs the suite on several): its module fixtures build the reference once.
pytestmark = pytest.mark.xdist_group("test_benchmarks_fresh")


def load_reference():
    spec = importlib.util.spec_from_file_location(
        "reference",
        ROOT / "benchmarks" / "reference" / "__init__.py",
        submodule_search_locations=[str(ROOT / "benchmarks" / "reference")],
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """A private cache folder for the compiled reference (``$XDG_CACHE_HOME`` of the builds below)."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A copy of the script folders (and the published values they read), with no ``../shared`` beside it."""
    top = tmp_path_factory.mktemp("clone")
    repo = top / "nqueens"
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, repo / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (repo / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "known.py", repo / "tests" / "known.py")
    assert not (repo.parent / "shared").exists()
    return repo


@pytest.fixture(scope="module")
def binary(cache):
    """The compiled reference, or a skip when this machine has no C compiler."""
    reference = load_reference()
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(cache)
    try:
        return reference.build()
    except reference.Unavailable as error:
        pytest.skip(str(error))
    finally:
        if before is None:
            del os.environ["XDG_CACHE_HOME"]
        else:
            os.environ["XDG_CACHE_HOME"] = before


def environment(cache, **extra):
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), **extra)
    env.pop("PYTHONPATH", None)
    return env


def script(fresh, cache, name, *args, **env):
    return subprocess.run(
        [sys.executable, str(fresh / "benchmarks" / name), *args],
        cwd=fresh,
        env=environment(cache, **env),
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("mirror", [False, True], ids=["plain", "mirror"])
def test_reference_totals_are_oeis(binary, mirror):
    for n in range(1, 13):
        out = subprocess.run(
            [str(binary), str(n)] + (["--mirror"] if mirror else []), capture_output=True, text=True, check=True
        ).stdout.split()
        assert int(out[0]) == n and int(out[1]) == TOTAL[n], (n, out)
        assert float(out[2]) >= 0


@pytest.mark.parametrize("argv", [[], ["0"], ["32"], ["eight"], ["8", "9"]])
def test_reference_refuses_bad_arguments(binary, argv):
    done = subprocess.run([str(binary), *argv], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("usage: ref N [--mirror]")


@pytest.mark.slow
def test_native_vs_reference_quick(binary, fresh, cache):
    done = script(fresh, cache, "native_vs_reference.py", "--quick")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.count("| program | best (s) | median (s) | best / C | median / C |") == 3
    rows = {line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ")}
    assert {"C ref.c", "bitwise", "backtrack", "mirror", "marks", "avail", "sieve", "generate-test"} <= rows
    for n in (10, 9, 7):
        assert f"(n = {n}, total {TOTAL[n]:,}, 1 round)" in out
    assert "not judged (--quick)" in out


@pytest.mark.slow
def test_engine_vs_reference_quick(binary, fresh, cache):
    done = script(fresh, cache, "engine_vs_reference.py", "--quick")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    header = "| n | C reference | fast, 1 worker | fast, 2 workers | parallel efficiency | CPU, 1 worker / C |"
    row = lines[lines.index(header) + 2]
    assert re.fullmatch(
        r"\| 12 \| [\d.]+ s \| [\d.]+ s \([\d.]+x\) \| [\d.]+ s \([\d.]+x\) \| \d+% \| ([\d.]+x|-) \|", row
    )


@pytest.mark.slow
def test_bitwise_vs_recursive_with_the_reference(binary, fresh, cache):
    done = script(fresh, cache, "bitwise_vs_recursive.py", "--n", "8", "--repeat", "1")
    assert done.returncode == 0, done.stderr
    assert f"n = 8, total {TOTAL[8]}" in done.stdout and "the same method in C (ref.c)" in done.stdout


@pytest.mark.slow
def test_without_a_compiler_one_line(fresh, cache):
    """No compiler: the benchmarks that time against C say so in one line; the one that only adds C runs on."""
    missing = str(fresh / "no-such-compiler")
    for name in ("native_vs_reference.py", "engine_vs_reference.py"):
        done = script(fresh, cache, name, "--quick", CC=missing)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: ")
        assert "C compiler" in done.stderr and "CC" in done.stderr
    done = script(fresh, cache, "bitwise_vs_recursive.py", "--n", "6", "--repeat", "1", CC=missing)
    assert done.returncode == 0
    assert done.stderr.startswith("C reference skipped:") and len(done.stderr.splitlines()) == 1
    assert f"n = 6, total {TOTAL[6]}" in done.stdout and "ref.c" not in done.stdout


@pytest.mark.slow
def test_every_script_answers_help(fresh, cache):
    """Every script starts (its imports resolve) in a copy with nothing beside it; all at once, to save time."""
    running = {
        path.name: subprocess.Popen(
            [sys.executable, str(fresh / path.parent.name / path.name), "--help"],
            cwd=fresh,
            env=environment(cache),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for path in SCRIPTS
    }
    for name, process in running.items():
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0 and out.startswith("usage: "), (name, err)


def test_no_script_reaches_outside_the_repository():
    """Nothing in the script folders names ``../shared`` or another folder beside the repository."""
    pattern = re.compile(r"\.\./shared|[\"']shared[\"']")
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".c", ".md", ".sh"):
                assert not pattern.search(path.read_text()), path
