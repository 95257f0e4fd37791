"""The field's own files, read unchanged (tests/data/asp: CSPLib prob080's ASP competition instances).

No answers are published beside these files; each is answered by two independent solvers (the bitmask search
``lines`` and CP-SAT) and by a check of the solution against the file's blocked squares.
"""

import json
from pathlib import Path

from nqueens.core.board import is_solution
from nqueens.core.instance_io import read_instance

DATA = Path(__file__).resolve().parent / "data" / "asp"
FILES = sorted(p for p in DATA.glob("*.param") if not p.name.startswith("."))


def test_the_published_files_load_with_their_trailing_commas():
    assert len(FILES) == 3
    for path in FILES:
        assert path.read_text().rstrip().endswith(",\n]") or path.read_text().rstrip().endswith("],\n]")
        instance = read_instance(path)
        assert instance.n == 28 and len(instance.blocked) > 500


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
