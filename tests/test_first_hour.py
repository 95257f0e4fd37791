"""The first hour: what the toolkit says about time and about its own work is true when a newcomer reads it.

Numbers asserted come from outside the code under test: OEIS A000170 (``known``), and the kernel modules of the
solvers as their sources declare them (``@njit``), read here.
"""

import re
import sys
from pathlib import Path

import pytest
from helpers import run_cli
from known import TOTAL

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
        {"nqueens.models.walk"} & _kernel_modules()
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
        {"nqueens.models.walk"} & _kernel_modules()
    )
    assert cold[2] == len(modules)
    assert cold[0] == pytest.approx(warm[0] + forecast.COMPILE_SECONDS * (len(modules) - warm[2]))
    assert cold[1] is None  # no run comes near two minutes: the worst case does not matter here


def test_compares_first_line_is_the_forecast(capsys, monkeypatch):
    import nqueens.cli.commands.compare as compare

    monkeypatch.setattr(compare, "LONG_EXPERIMENT_SECONDS", 0.0)
    code, out, err = run_cli(capsys, "compare", "4..6", "--solvers", "bitwise", "--timeout", "60")
    first = err.splitlines()[0]
    assert code == 0 and first.startswith("note: 3 runs of at most 60 s each: this experiment is forecast to take")
    assert "at worst" not in first and "6.0 hours" not in first


# -- words and numbers ------------------------------------------------------------------------------------------


def test_count_of_a_cpmpy_model_is_a_count_under_the_name_typed(capsys):
    pytest.importorskip("cpmpy")
    spec = str(ROOT / "examples" / "my_model.py") + ":model"
    code, out, err = run_cli(capsys, "count", "6", "--solver", spec)
    assert code == 0 and f"{TOTAL[6]} solutions" in out and "OPTIMAL" not in out + err, (out, err)


def test_count_prints_numbers_with_separators_and_the_solver_as_typed(capsys, tmp_path):
    code, out, err = run_cli(capsys, "count", "12")
    assert code == 0 and out.startswith(f"n = 12, solver fast: {TOTAL[12]:,} solutions\n  unique: 1,787\n")
    solver = tmp_path / "rows_here.py"
    solver.write_text(
        "from itertools import permutations\n\n"
        "def solutions(n, **options):\n"
        "    for q in permutations(range(n)):\n"
        "        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:\n"
        "            yield q\n"
    )
    code, out, err = run_cli(capsys, "count", "7", "--solver", f"{solver}:solutions")
    assert code == 0 and out.startswith(f"n = 7, solver {solver}:solutions (solutions): {TOTAL[7]} solutions"), out


# -- the paper scripts ----------------------------------------------------------------------------------------

PAPERS = ROOT / "examples" / "papers"


def _paper(python, *args):
    import subprocess

    return subprocess.run(
        [python, str(PAPERS / "knuth.py"), "--quick", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("out", ["/proc", "/sys/kernel", "/dev/null"])
def test_a_paper_script_refuses_an_unwritable_out_before_it_computes(out):
    done = _paper(sys.executable, "--out", out)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.startswith(f"error: --out {out}: ") and done.stderr.count("\n") == 1, done.stderr


def test_a_paper_script_under_a_python_without_the_toolkit_says_so(tmp_path):
    import subprocess
    import venv

    bare = tmp_path / "bare"
    venv.create(bare, with_pip=False)
    python = str(bare / "bin" / "python")
    assert subprocess.run([python, "-c", "import nqueens"], capture_output=True).returncode != 0
    done = _paper(python)
    assert done.returncode == 2 and "the toolkit is not installed in this Python" in done.stderr, done.stderr
    assert "pip install 'nqueens[plot]'" not in done.stderr


# -- one name, one number; words that are true ------------------------------------------------------------------


def test_events_are_the_same_number_on_the_command_line_and_in_the_page(capsys, tmp_path):
    import gzip

    trace = tmp_path / "fc.trace"
    code, out, err = run_cli(capsys, "trace", "6", "--solver", "mary:propagation=forward-checking", "-o", str(trace))
    assert code == 0
    said = int(re.search(r"([\d,]+) events", err).group(1).replace(",", ""))
    # the page steps through every line but the domains lines ("M ...": what a node's rows still hold)
    lines = gzip.decompress(trace.read_bytes()).decode().splitlines()[1:]
    assert any(line.startswith("M ") for line in lines)
    assert said == sum(1 for line in lines if not line.startswith("M "))
    page = (ROOT / "analysis" / "replay_assets" / "replay.js").read_text()
    assert 'if (letter === "M") {' in page and "steps: kinds.length" in page


def test_two_solvers_that_agree_are_both(capsys):
    code, out, err = run_cli(capsys, "compare", "5..6", "--solvers", "bitwise,dlx", "--store", "none")
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("both solvers agreed on every answer")


def test_the_help_names_every_export_format(capsys):
    code, out, err = run_cli(capsys, "--help")
    line = next(line for line in out.splitlines() if line.strip().startswith("export"))
    assert "XCSP3" in line and "MiniZinc" in line and "DIMACS" in line


def test_the_install_page_names_the_extras_the_makefile_installs():
    makefile = (ROOT / "Makefile").read_text()
    extras = re.search(r"pip install --quiet -e '\.\[([\w,]+)\]'", makefile).group(1).split(",")
    page = (ROOT / "docs" / "install.md").read_text()
    assert all(f"`{extra}`" in page for extra in extras), extras
    assert f".[{','.join(extras)}]" in page


def test_count_takes_options_after_the_solvers_name_as_compare_does(capsys):
    code, out, err = run_cli(capsys, "count", "8", "--solver", "cp:var=first-fail")
    assert code == 0 and out.startswith(f"n = 8, solver cp:var=first-fail (cp): {TOTAL[8]} solutions")
    code, out, err = run_cli(capsys, "count", "8", "--solver", "cp:var=first-fail", "--option", "var=input")
    assert code == 2 and "option var is given twice" in err


def test_a_solver_file_in_a_folder_named_with_an_equals_sign(capsys, tmp_path):
    folder = tmp_path / "a=b"
    folder.mkdir()
    (folder / "rows.py").write_text(
        "from itertools import permutations\n\n"
        "def solutions(n, **options):\n"
        "    for q in permutations(range(n)):\n"
        "        if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:\n"
        "            yield q\n"
    )
    spec = f"{folder / 'rows.py'}:solutions"
    code, out, err = run_cli(capsys, "compare", "5..6", "--solvers", f"bitwise,{spec}", "--store", "none")
    assert code == 0 and "both solvers agreed" in out, (out, err)


def test_non_table_lines_print_integers_as_integers_with_separators(capsys):
    code, out, err = run_cli(capsys, "optimize", "domination", "5", "--solver", "sat")
    # OEIS A075458: 3 queens dominate the 5 x 5 board
    assert code == 0 and "  objective: 3 queens\n  bound: 3\n" in out, out
    code, out, err = run_cli(capsys, "estimate", "30", "--model", "mary")
    assert code == 0 and "10,000 probes" in out and re.search(r"about \d\.\d{3}e\+22 nodes", out), out


def test_json_never_holds_infinity(capsys):
    from nqueens.cli.commands._common import print_json

    print_json({"seconds": float("inf"), "stats": {"rate": float("nan")}, "profile": [1, 2]})
    out = capsys.readouterr().out
    assert "Infinity" not in out and "NaN" not in out
    assert __import__("json").loads(out) == {"seconds": None, "stats": {"rate": None}, "profile": [1, 2]}
