"""``nqueens runs``: every recorded repeat of the experiments in a store, as a table, CSV or JSON."""

import csv
import io
import json

import pytest
from helpers import run_cli
from known import TOTAL


@pytest.mark.slow
def test_every_repeat_is_listed(tmp_path, capsys):
    path = str(tmp_path / "runs.sqlite")
    assert run_cli(capsys, "compare", "6..7", "--solvers", "bitwise,dlx", "--repeat", "3", "--store", path)[0] == 0
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == 12
    assert sorted((int(r["n"]), r["solver"], int(r["repeat"])) for r in rows) == sorted(
        (n, s, k) for n in (6, 7) for s in ("bitwise", "dlx") for k in (1, 2, 3)
    )
    assert all(r["status"] == "solved" and int(r["total"]) == TOTAL[int(r["n"])] for r in rows)
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--json", "--solver", "dlx")
    runs = json.loads(out)
    assert code == 0 and len(runs) == 6 and {r["solver"] for r in runs} == {"dlx"}
    assert all(r["host"] and r["version"] and r["seconds"] > 0 for r in runs)
    code, out, _ = run_cli(capsys, "runs", "--store", path)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2 + 12 and "None" not in out and "{" not in out


def test_since_filters_and_an_empty_answer_is_said(tmp_path, capsys):
    path = str(tmp_path / "runs.sqlite")
    run_cli(capsys, "compare", "6", "--solvers", "bitwise", "--store", path)
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--since", "2000-01-01", "--json")
    assert code == 0 and len(json.loads(out)) == 1
    code, out, _ = run_cli(capsys, "runs", "--store", path, "--since", "2999-01-01")
    assert code == 0 and out.startswith("no experiment runs since 2999-01-01 in ")
    code, out, err = run_cli(capsys, "runs", "--store", path, "--since", "yesterday")
    assert code == 2 and out == "" and err.startswith("error: --since") and err.count("\n") == 1


def test_a_store_that_is_not_there_is_an_error(tmp_path, capsys):
    code, out, err = run_cli(capsys, "runs", "--store", str(tmp_path / "typo.sqlite"))
    assert code == 2 and out == "" and "does not exist" in err and err.count("\n") == 1
    code, out, err = run_cli(capsys, "runs", "--store", "none")
    assert code == 2 and out == "" and err.count("\n") == 1


def test_help_has_examples(capsys):
    for command in ("runs", "store", "compare", "history"):
        code, out, _ = run_cli(capsys, command, "--help")
        assert code == 0 and "examples:" in out and f"nqueens {command}" in out.split("examples:")[1]
