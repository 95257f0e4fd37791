"""What a run was made with: the versions of CPMpy's backends and of MiniZinc and its solver are recorded; the
``runs`` table says which attack rule a run answered.

The versions are read here from outside the toolkit (``importlib.metadata``, ``minizinc --version`` and
``--solvers-json``); superqueen counts are OEIS A051223."""

import json
import re
import shutil
import subprocess
from importlib import metadata
from pathlib import Path

import pytest
from helpers import run_cli

from nqueens.runtime.environment import versions

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("dist", ["z3-solver", "exact", "pychoco"])
def test_cpmpy_s_backends_are_among_the_versions(dist):
    try:
        expected = metadata.version(dist)
    except metadata.PackageNotFoundError:
        pytest.skip(f"{dist} is not installed here")
    from nqueens.registry import get_solver

    assert versions([get_solver("cpmpy")])[dist] == expected  # the libraries the cpmpy solver declares


@pytest.mark.skipif(shutil.which("minizinc") is None, reason="no minizinc binary (apt-get install minizinc)")
def test_a_minizinc_run_records_minizinc_s_and_its_solver_s_versions(cli, tmp_path):
    said = subprocess.run(["minizinc", "--version"], capture_output=True, text=True).stdout
    minizinc = re.search(r"version (\S+)", said).group(1)
    configs = json.loads(subprocess.run(["minizinc", "--solvers-json"], capture_output=True, text=True).stdout)
    gecode = next(c["version"] for c in configs if c["id"] == "org.gecode.gecode")
    done = cli("compare", "6", "--solvers", ROOT / "examples" / "queens.mzn", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (run,) = json.loads(done.stdout)
    assert run["versions"]["minizinc"] == minizinc and run["versions"]["gecode"] == gecode


def test_the_runs_table_has_a_rule_column(tmp_path, capsys):
    path = str(tmp_path / "runs.sqlite")
    code, _, err = run_cli(capsys, "compare", "10", "--solvers", "rules:rule=superqueen,bitwise", "--store", path)
    assert code == 0, err
    code, out, _ = run_cli(capsys, "runs", "--store", path)
    header, _, *rows = out.splitlines()
    cells = [[cell.strip() for cell in line.strip("|").split("|")] for line in (header, *rows)]
    rule, total = cells[0].index("rule"), cells[0].index("total")
    assert sorted((row[rule], row[total]) for row in cells[1:]) == [("queen", "724"), ("superqueen", "4")]
