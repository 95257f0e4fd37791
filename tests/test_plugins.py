"""Outside solvers on the same footing as the built-ins: files, modules, installed plugins, CPMpy and MiniZinc models.

The totals asserted are OEIS A000170 (``known.TOTAL``) or a brute force written here; the example files are the
ones the documentation shows (``examples/``), run as a user runs them: through the command line, in subprocesses.
"""

import itertools
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import copy_package
from known import TOTAL

import nqueens

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
FIRST_6 = (1, 3, 5, 0, 2, 4)  # the lexicographically first 6-queens solution: the bug below drops it


def _brute(n, allowed):
    return {
        q
        for q in itertools.permutations(range(n))
        if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)})
        and all((r, q[r]) in allowed for r in range(n))
    }


@pytest.fixture
def solver_file(tmp_path):
    path = tmp_path / "my_solver.py"
    shutil.copy(EXAMPLES / "my_solver.py", path)
    return path


@pytest.mark.slow
def test_a_solver_file_is_compared_beside_the_builtins(cli, solver_file):
    done = cli("compare", "4..9", "--solvers", "bitwise,cpsat,./my_solver.py:solver", cwd=solver_file.parent)
    assert done.returncode == 0, done.stderr
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in done.stdout.splitlines()]
    mine = {int(row[0]): row for row in rows if len(row) > 3 and row[1] == "./my_solver.py:solver"}
    assert {n: (row[2], row[3]) for n, row in mine.items()} == {n: ("solved", str(TOTAL[n])) for n in range(4, 10)}
    assert "agreed" in done.stdout


@pytest.mark.slow
def test_check_solver_passes_a_right_solver_and_names_the_bug_of_a_wrong_one(cli, solver_file):
    done = cli("check-solver", "./my_solver.py:solver", cwd=solver_file.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "check_enumerate_matches_oracle" in done.stdout and "FAILED" not in done.stdout

    buggy = solver_file.with_name("buggy.py")
    source = solver_file.read_text().replace(
        "    yield from search(n, [0] * (n + 1))",
        f"    yield from (q for q in search(n, [0] * (n + 1)) if q != {FIRST_6})",
    )
    assert source != solver_file.read_text()
    buggy.write_text(source)
    done = cli("check-solver", "./buggy.py:solver", "--no-interrupt", cwd=solver_file.parent)
    assert done.returncode == 1
    oracle_line = next(line for line in done.stdout.splitlines() if line.startswith("check_enumerate_matches_oracle"))
    assert "FAILED" in oracle_line and "n = 6" in oracle_line and f"missing 1: {FIRST_6}" in oracle_line


def test_outside_solvers_that_break_the_rules_are_one_error_line(cli, tmp_path):
    (tmp_path / "clash.py").write_text(
        "import nqueens\nsolver = nqueens.Solver(name='bitwise', solutions=lambda n: iter(()))\n"
    )
    (tmp_path / "notone.py").write_text("solver = 42\n")
    (tmp_path / "raises.py").write_text("raise RuntimeError('broken on import')\n")
    (tmp_path / "liar.py").write_text("import nqueens\nsolver = nqueens.Solver(name='liar', can=('count',))\n")
    cases = {
        "./clash.py:solver": "which is a built-in solver",
        "./notone.py:solver": "is a int, not a solver",
        "./raises.py:solver": "failed to import: RuntimeError: broken on import",
        "./liar.py:solver": "breaks the solver protocol",
        "./missing.py:solver": "does not exist",
        "nomodule_xyz:solver": "failed to import",
        "no-such-solver": "unknown solver 'no-such-solver'",
    }
    for spec, message in cases.items():
        done = cli("count", "6", "--solver", spec, cwd=tmp_path)
        assert done.returncode == 2, (spec, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], (spec, lines)


def _install_example(site):
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--target", site]
        + [str(EXAMPLES / "plugin")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_an_installed_plugin_is_listed_checked_and_gone_when_removed(cli, tmp_path):
    site = tmp_path / "site"
    _install_example(site)
    env = {"PYTHONPATH": str(site)}
    listed = cli("solvers", env=env)
    assert listed.returncode == 0 and listed.stderr == ""
    line = next(line for line in listed.stdout.splitlines() if line.startswith("rows-plugin"))
    assert "[package queens-rows 0.1.0]" in line
    doc = json.loads(cli("solvers", "--json", env=env).stdout)
    assert {"name": "rows-plugin", "source": "package queens-rows 0.1.0"}.items() <= doc[-1].items()
    checked = cli("check-solver", "rows-plugin", env=env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    counted = cli("count", "9", "--solver", "rows-plugin", "--nodes", "--json", env=env)
    assert json.loads(counted.stdout)["total"] == TOTAL[9]

    shutil.rmtree(site)
    site.mkdir()
    assert "rows-plugin" not in cli("solvers", env=env).stdout
    gone = cli("count", "8", "--solver", "rows-plugin", env=env)
    assert gone.returncode == 2 and "unknown solver 'rows-plugin'" in gone.stderr


@pytest.mark.slow
def test_a_broken_plugin_is_named_and_the_builtins_still_work(cli, tmp_path):
    site = tmp_path / "site"
    info = site / "broken_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[nqueens.solvers]\nbroken = broken_mod:solver\n")
    (site / "broken_mod.py").write_text("raise ImportError('no module named helpers')\n")
    env = {"PYTHONPATH": str(site)}
    listed = cli("solvers", env=env)
    assert listed.returncode == 0
    errors = listed.stderr.strip().splitlines()
    assert errors == [
        "error: plugin 'broken' (package broken-plugin 0.1) failed to import: ImportError: no module named helpers"
    ]
    assert "bitwise" in listed.stdout
    assert cli("count", "8", "--solver", "bitwise", "--json", env=env).returncode == 0
    compared = cli("compare", "5..6", "--solvers", "bitwise,dlx", env=env)
    assert compared.returncode == 0 and "Traceback" not in compared.stderr


@pytest.mark.parametrize("backend", ["ortools", "exact", pytest.param("pysat", marks=pytest.mark.slow)])
def test_a_cpmpy_model_function_counts_on_three_backends(backend):
    spec = str(EXAMPLES / "my_model.py") + ":model"
    assert nqueens.count(8, spec, backend=backend).total == TOTAL[8]


def test_a_cpmpy_model_function_respects_an_instance():
    instance = nqueens.Instance(7, blocked=((0, 0), (3, 3)), queens=((1, 4),))
    allowed = {(r, c) for r in range(7) for c in range(7) if instance.allowed()[r] >> c & 1}
    got = set(nqueens.solutions(instance, str(EXAMPLES / "my_model.py") + ":model"))
    assert got == _brute(7, allowed)


minizinc = pytest.mark.skipif(shutil.which("minizinc") is None, reason="no minizinc binary (apt-get install minizinc)")


@minizinc
def test_a_minizinc_model_counts_and_enumerates():
    spec = str(EXAMPLES / "queens.mzn")
    assert nqueens.count(8, spec).total == TOTAL[8]
    got = list(nqueens.solutions(6, spec))
    assert set(got) == _brute(6, {(r, c) for r in range(6) for c in range(6)}) and len(got) == TOTAL[6]


@minizinc
def test_the_exported_minizinc_model_runs_with_instances(cli, tmp_path):
    done = cli("export", "8", "--model", "minizinc", "-o", tmp_path / "q.mzn")
    assert done.returncode == 0, done.stderr
    spec = str(tmp_path / "q.mzn")
    assert nqueens.count(8, spec, library="std").total == TOTAL[8]
    instance = nqueens.Instance(8, blocked=((0, 0), (1, 2)), queens=((3, 1),), excluded_sum=(9,))
    allowed = {(r, c) for r in range(8) for c in range(8) if instance.allowed()[r] >> c & 1}
    assert nqueens.count(instance, spec, library="std").total == len(_brute(8, allowed))


@pytest.mark.slow
def test_a_changed_solver_file_is_computed_again_not_reused(cli, solver_file):
    store = solver_file.parent / "runs.sqlite"
    args = ("compare", "5..6", "--solvers", "./my_solver.py:solver,bitwise", "--store", store, "--format", "json")

    def reused():  # a command each time: one process reads a solver file once
        done = cli.process(*args, cwd=solver_file.parent)
        assert done.returncode == 0, done.stderr
        return {(r["solver"], r["n"]): r["reused"] for r in json.loads(done.stdout)}

    assert not any(reused().values())
    assert all(reused().values())
    solver_file.write_text(solver_file.read_text() + "\n# a changed comment is a changed solver\n")
    after = reused()
    assert after == {(s, n): s == "bitwise" for s in ("./my_solver.py:solver", "bitwise") for n in (5, 6)}


@pytest.mark.slow
def test_a_resumed_count_never_mixes_subproblems_of_two_code_versions(cli, tmp_path):
    package = copy_package(tmp_path / "copy")
    env = {"PYTHONPATH": str(tmp_path / "copy"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    store = tmp_path / "s.sqlite"
    command = [
        sys.executable,
        "-m",
        "nqueens",
        "count",
        "16",
        "--solver",
        "fast",
        "--workers",
        "1",
        "--store",
        str(store),
        "--json",
    ]
    import os
    import sqlite3

    def finished():
        if not store.exists():
            return 0
        try:
            with sqlite3.connect(f"file:{store}?mode=ro", uri=True, timeout=5) as db:
                return db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
        except sqlite3.OperationalError:
            return 0

    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **env}, cwd=tmp_path
    )
    deadline = time.monotonic() + 300
    while finished() < 3:
        assert process.poll() is None, process.stderr.read()
        assert time.monotonic() < deadline
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert finished() >= 3
    # The control: the same code resumes (reuses what the killed run finished) ...
    control = tmp_path / "control.sqlite"
    for suffix in ("", "-wal", "-shm"):  # the killed writer's last transactions may still be in the WAL
        if Path(f"{store}{suffix}").exists():
            shutil.copy(f"{store}{suffix}", f"{control}{suffix}")
    again = subprocess.run(
        command[:-2] + [str(control), "--json"], capture_output=True, text=True, env={**os.environ, **env}, cwd=tmp_path
    )
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["stats"]["reused"] >= 3
    # ... and when the engine's kernel module changes (here a comment; a fix, in life), nothing stored is reused.
    kernels = package / "native" / "engine_kernels.py"
    kernels.write_text(kernels.read_text() + "\n# changed\n")
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env}, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["total"] == TOTAL[16] and result["stats"]["reused"] == 0


def test_a_solver_file_is_the_one_where_it_is_named_and_as_it_is_now(tmp_path, monkeypatch):
    """The same relative path from another folder is another file, and an edited file is read again: a process
    (a notebook, a script that changes folder) never counts with a solver read before under the same name."""
    from nqueens import plugins

    monkeypatch.setattr(plugins, "_RESOLVED", {})
    right, wrong = tmp_path / "right", tmp_path / "wrong"
    for folder in (right, wrong):
        folder.mkdir()
        shutil.copy(EXAMPLES / "my_solver.py", folder / "solver.py")
    liar = wrong / "solver.py"
    liar.write_text(liar.read_text().replace("total = sum(1 for", "total = 1 + sum(1 for"))
    spec = "./solver.py:solver"
    monkeypatch.chdir(right)
    assert nqueens.count(6, spec).total == TOTAL[6]
    monkeypatch.chdir(wrong)
    assert nqueens.count(6, spec).total == TOTAL[6] + 1  # the other folder's file, not the one read first
    liar.write_text((right / "solver.py").read_text() + "\n# mended\n")
    assert nqueens.count(6, spec).total == TOTAL[6]  # the file as it is now


def test_a_solver_spec_too_long_for_a_file_name_is_one_short_line(cli):
    for spec in ("a" * 5000 + ".py", "a" * 5000 + ":solver", "a" * 300 + ".py", "a" * 300 + ".mzn"):
        done = cli("count", "6", "--solver", spec)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1 and len(done.stderr) < 250, spec
