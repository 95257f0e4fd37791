"""The field's own files, read unchanged, answered as their publishers answered them.

``tests/data/asp``: CSPLib prob080's ASP competition instances with their trailing commas (no answer checked
here beyond two solvers agreeing). ``tests/data/published``: a sample of CSPLib prob079/prob080, the ASP
competition, PyCSP3's data and XCSP3 files; ``tests/published_answers.json`` holds the answer of each, which
``tests/data/published/README.md`` traces to where it is published (CSPLib's results files, OEIS), or says that it
is not and that two independent solvers (``lines``, ``dlx``) agree on it.
"""

import json
import shutil
from pathlib import Path

import pytest
from conftest import first_fast

import nqueens
from nqueens.core.board import is_solution
from nqueens.core.instance_io import read_instance

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "asp"
FILES = sorted(p for p in DATA.glob("*.param") if not p.name.startswith("."))
PUBLISHED = HERE / "data" / "published"
ANSWERS = json.loads((HERE / "published_answers.json").read_text())
SMALL = sorted(name for name, a in ANSWERS.items() if a["n"] <= 63)  # within the default solver lines' n <= 63
LARGE = sorted(name for name, a in ANSWERS.items() if a["n"] > 63)


def test_the_published_files_load_with_their_trailing_commas():
    assert len(FILES) == 3
    for path in FILES:
        assert path.read_text().rstrip().endswith(",\n]") or path.read_text().rstrip().endswith("],\n]")
        instance = read_instance(path)
        assert instance.n == 28 and len(instance.blocked) > 500


@pytest.mark.slow
def test_compare_skips_hidden_files_records_bad_ones_and_two_solvers_agree(cli, tmp_path):
    folder = tmp_path / "instances"
    folder.mkdir()
    for path in DATA.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "truncated.param").write_text("letting n = 8\nletting blocks = [[1,1],\n")
    done = cli("compare", "--instances", folder, "--solvers", "lines,cpsat", "--question", "first", "--json")
    runs = json.loads(done.stdout)
    assert {r["instance"] for r in runs} == {p.name for p in FILES} | {"truncated.param"}  # no ._ file
    bad = [r for r in runs if r["instance"] == "truncated.param"]
    assert {r["status"] for r in bad} == {"error"} and all("truncated.param, line 2" in r["message"] for r in bad)
    for path in FILES:
        answers = {r["solver"]: r for r in runs if r["instance"] == path.name}
        assert answers["lines"]["status"] == answers["cpsat"]["status"] in ("sat", "unsat"), path.name
        blocked = read_instance(path).blocked
        for r in answers.values():
            if r["status"] == "sat":
                q = r["solution"]
                assert is_solution(q) and not any((row, q[row]) in blocked for row in range(len(q)))
    assert done.returncode == 1  # the unreadable file is a failed run


@pytest.mark.slow
def test_every_published_file_is_in_the_sample_and_loads_unchanged():
    files = sorted(p.name for p in PUBLISHED.iterdir() if p.name != "README.md")
    assert files == sorted(ANSWERS)
    assert sum(p.stat().st_size for p in PUBLISHED.iterdir()) < 1 << 20
    for name in files:
        instance = read_instance(PUBLISHED / name)
        assert instance.n == ANSWERS[name]["n"], name
    readme = (PUBLISHED / "README.md").read_text()
    assert all(f"`{name}`" in readme for name in files)


@pytest.mark.parametrize("name", first_fast(SMALL, keep=4))
def test_the_default_solver_gives_the_published_answer(cli, name):
    done = cli("count", "--instance", PUBLISHED / name, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    answer = ANSWERS[name]
    assert result["solver"] == ("fast" if name == "Queens-8.xml" else "lines")  # the plain board: the fast counter
    assert (result["total"] > 0) == answer["satisfiable"]
    assert result["total"] == answer["total"]


# Each translated file takes seconds, the first too: every one in make test, none in the fast tier.
@pytest.mark.slow
@pytest.mark.parametrize("name", LARGE)
def test_the_default_solver_answers_the_translated_files(cli, name):
    done = cli("count", "--instance", PUBLISHED / name, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["total"] == ANSWERS[name]["total"]


@pytest.mark.slow
@pytest.mark.parametrize("name", LARGE)
def test_the_translated_completion_files_keep_the_count_of_their_diagonals(cli, name):
    """queens-diag-transform.py keeps the number of solutions (CSPLib's AA-Excluded-Diagonals-Info.md): the
    n = 2543 and 2547 completion instances count like diag-10-4-1 with its first 6 and 10 diagonals."""
    done = cli("count", "--instance", PUBLISHED / name, "--solver", "cp", "--json")
    assert done.returncode == 0, done.stderr
    total = json.loads(done.stdout)["total"]
    assert total == ANSWERS[name]["total"] and (total > 0) == ANSWERS[name]["satisfiable"]
    m = int(name.rsplit("-", 1)[1].split(".")[0])
    small = nqueens.count(read_instance(PUBLISHED / "diag-10-4-1.param", diagonals=m), "lines").total
    assert small == total


DIAGONALS = [(name, int(m), sat) for name, a in ANSWERS.items() for m, sat in a.get("diagonals", {}).items()]


@pytest.mark.parametrize(("name", "m", "sat"), DIAGONALS, ids=[f"{n}-{m}" for n, m, _ in DIAGONALS])
def test_the_first_m_diagonals_give_the_papers_answer(cli, name, m, sat):
    done = cli("solve", "--instance", PUBLISHED / name, "--diagonals", m, "--limit", "1", "--format", "json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)["solutions"]
    assert bool(found) == sat
    instance = read_instance(PUBLISHED / name, diagonals=m)
    assert len(instance.excluded_sum) + len(instance.excluded_difference) == m
    assert all(is_solution(q) and instance.admits(q) for q in found)


@pytest.mark.slow
@pytest.mark.timeout(1800)  # a fixed amount of work: the suite's 300 s is too short for it on a busy 2-core machine
def test_compare_over_the_published_folder_with_macos_files(cli, tmp_path):
    """Every file answered as published by lines (the translated completion files of n = 2543 and 2547 too),
    the ._ file of a macOS archive left out."""
    folder = tmp_path / "published"
    shutil.copytree(PUBLISHED, folder)
    shutil.copy(DATA / "._blockedqueens.28.1449787988.param", folder)
    done = cli("compare", "--instances", folder, "--solvers", "lines", "--question", "first", "--json")
    runs = json.loads(done.stdout)
    assert {r["instance"] for r in runs} == set(ANSWERS)
    for r in runs:
        answer = ANSWERS[r["instance"]]
        assert r["status"] == ("sat" if answer["satisfiable"] else "unsat"), r
        if r["status"] == "sat":
            instance = read_instance(folder / r["instance"])
            assert is_solution(r["solution"]) and instance.admits(r["solution"])
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
@pytest.mark.timeout(1800)  # as above
def test_compare_answers_the_translated_files_with_cp(cli):
    done = cli(
        "compare",
        "--instances",
        *(PUBLISHED / name for name in LARGE),
        "--solvers",
        "cp",
        "--question",
        "first",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout)
    assert {r["instance"]: r["status"] == "sat" for r in runs} == {n: ANSWERS[n]["satisfiable"] for n in LARGE}


def test_an_xcsp3_model_of_another_problem_is_one_error(cli):
    done = cli("count", "--instance", HERE / "data" / "xcsp3-other" / "QueensKnights-8-5.xml")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1
    assert "QueensKnights-8-5.xml, line " in done.stderr and "nqueens reads XCSP3 instances of the queens family" in (
        done.stderr
    )


def test_solve_takes_xcsp3_and_pycsp3_files(cli):
    for name in ("BlockedQueens-28-1449787894.xml", "Queens-8.xml"):
        done = cli("solve", "--instance", PUBLISHED / name, "--limit", "1", "--format", "json")
        assert done.returncode == 0, done.stderr
        q = json.loads(done.stdout)["solutions"][0]
        assert is_solution(q) and read_instance(PUBLISHED / name).admits(q)
    done = cli("solve", "--instance", PUBLISHED / "28-1449787798.json", "--limit", "1", "--format", "json")
    assert done.returncode == 0 and json.loads(done.stdout)["solutions"] == []
