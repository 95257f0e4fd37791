"""Published model files run as published: MiniZinc models in ``compare``, CSPLib's prob054 models and CPMpy's
prob054 example, unchanged (``tests/data/published-models``, their sources and licences in its README).

Totals are OEIS A000170 (``known.TOTAL``); the solutions are held to a brute force written here.
"""

import itertools
import json
import shutil
from pathlib import Path

import pytest
from known import TOTAL

import nqueens

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "tests" / "data" / "published-models"
QUEENS_MZN = ROOT / "examples" / "queens.mzn"

minizinc = pytest.mark.skipif(shutil.which("minizinc") is None, reason="no minizinc binary (apt-get install minizinc)")


def _brute(n):
    return {
        q
        for q in itertools.permutations(range(n))
        if len({q[r] + r for r in range(n)}) == n == len({q[r] - r for r in range(n)})
    }


def _rows(done):
    return {(r["n"], r["solver"]): r for r in json.loads(done.stdout)}


@minizinc
def test_compare_runs_a_minizinc_column_beside_a_builtin(cli):
    done = cli("compare", "6..8", "--solvers", f"bitwise,{QUEENS_MZN}", "--json")
    assert done.returncode == 0, done.stderr
    rows = _rows(done)
    for n in (6, 7, 8):
        assert rows[(n, str(QUEENS_MZN))]["status"] == "solved", rows[(n, str(QUEENS_MZN))]
        assert rows[(n, str(QUEENS_MZN))]["total"] == rows[(n, "bitwise")]["total"] == TOTAL[n]


@minizinc
def test_a_minizinc_option_named_like_an_api_argument_is_an_option():
    assert nqueens.count(6, str(QUEENS_MZN), solver="gecode").total == TOTAL[6]
    assert nqueens.count(6, str(QUEENS_MZN), options={"solver": "gecode"}).total == TOTAL[6]
    assert len(list(nqueens.solutions(6, str(QUEENS_MZN), solver="gecode"))) == TOTAL[6]


def test_solver_as_a_keyword_still_names_the_solver():
    assert nqueens.count(6, solver="bitwise").total == TOTAL[6]
    assert next(nqueens.solutions(4, solver="bitwise")) == (1, 3, 0, 2)


@minizinc
@pytest.mark.parametrize("name", ["queens3.mzn", "queens5.mzn"])
def test_a_csplib_model_runs_unchanged_at_its_own_n(cli, name):
    path = MODELS / name
    assert "n = 8;" in path.read_text() and "queens" in path.read_text()
    assert nqueens.count(8, str(path)).total == TOTAL[8]
    assert set(nqueens.solutions(8, str(path))) == _brute(8)
    done = cli("count", "6", "--solver", path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "n = 8" in lines[0] and "n = 6" in lines[0], lines


@pytest.mark.slow
@minizinc
def test_compare_with_the_csplib_models_agrees_with_the_builtins(cli):
    specs = [str(MODELS / "queens3.mzn"), str(MODELS / "queens5.mzn")]
    done = cli("compare", "6..8", "--solvers", ",".join(["bitwise", *specs]), "--json")
    assert done.returncode == 0, done.stderr
    rows = _rows(done)
    for spec in specs:
        assert rows[(8, spec)]["status"] == "solved" and rows[(8, spec)]["total"] == TOTAL[8]
        for n in (6, 7):  # the model fixes n = 8
            assert rows[(n, spec)]["status"] == "unsupported" and "n = 8" in rows[(n, spec)]["message"]


@minizinc
def test_the_array_is_named_by_an_option_and_flags_pass_through(tmp_path):
    model = tmp_path / "two.mzn"
    model.write_text(
        'include "alldifferent.mzn";\nint: n;\narray[1..n] of var 1..n: rows;\narray[1..n] of var 1..n: copy;\n'
        "constraint alldifferent(rows);\nconstraint alldifferent([rows[i] + i | i in 1..n]);\n"
        "constraint alldifferent([rows[i] - i | i in 1..n]);\nconstraint forall(i in 1..n)(copy[i] = n + 1 - rows[i]);\n"
        "solve satisfy;\n"
    )
    with pytest.raises(nqueens.NQueensError, match="array=NAME"):
        nqueens.count(6, str(model))
    assert nqueens.count(6, str(model), array="rows").total == TOTAL[6]
    assert set(nqueens.solutions(6, str(model), array="copy")) == _brute(6)
    assert nqueens.count(7, str(model), array="rows", flags="-G std").total == TOTAL[7]


@pytest.mark.slow
@minizinc
@pytest.mark.parametrize("name", ["queens3.mzn", "queens5.mzn"])
def test_check_solver_passes_a_csplib_model(cli, name):
    done = cli("check-solver", MODELS / name, "--no-interrupt", "--timeout", "120")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "check_count_totals" in done.stdout and "n = 8" in done.stdout


@pytest.mark.slow
@minizinc
def test_check_solver_takes_options(cli):
    done = cli(
        "check-solver", QUEENS_MZN, "--no-interrupt", "--option", "flags=-G std", "--check", "check_count_totals"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    bad = cli("check-solver", QUEENS_MZN, "--option", "nosuch=1")
    assert bad.returncode == 2 and "no option 'nosuch'" in bad.stderr


def test_cpmpy_s_published_example_runs_unchanged(cli):
    spec = f"{MODELS / 'prob054_n_queens.py'}:n_queens"
    assert nqueens.count(8, spec).total == TOTAL[8]
    assert set(nqueens.solutions(6, spec)) == _brute(6)
    done = cli("compare", "4..7", "--solvers", f"bitwise,{spec}", "--json")
    assert done.returncode == 0, done.stderr
    rows = _rows(done)
    assert all(rows[(n, spec)]["total"] == TOTAL[n] for n in range(4, 8))


def test_a_cpmpy_model_s_array_is_found_or_named(tmp_path):
    (tmp_path / "bare.py").write_text(
        "import cpmpy as cp\n\n"
        "def model(n):\n"
        "    rows = cp.intvar(0, n - 1, shape=n, name='rows')\n"
        "    mirror = cp.intvar(0, n - 1, shape=n, name='mirror')\n"
        "    return cp.Model(cp.AllDifferent(rows), cp.AllDifferent(rows + range(n)),\n"
        "                    cp.AllDifferent(rows - range(n)), [mirror[i] == n - 1 - rows[i] for i in range(n)])\n"
    )
    spec = f"{tmp_path / 'bare.py'}:model"
    with pytest.raises(nqueens.NQueensError, match="array=NAME"):
        nqueens.count(6, spec)
    assert nqueens.count(6, spec, array="rows").total == TOTAL[6]
    assert set(nqueens.solutions(6, spec, array="mirror")) == _brute(6)
