"""Every experiment run records the command line that made it and a digest of the toolkit's code; ``runs --json``
carries both, the report shows them (each command with its number of runs, the digests, and when different code
made the runs), and a store written before they were recorded still reports, its commands rebuilt and said to be."""

import hashlib
import html
import json
import re
import shlex
import shutil
import sqlite3
from pathlib import Path

import pytest
from helpers import run_cli

from nqueens.experiments import runner


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One small experiment made by ``nqueens compare``: its store and the arguments it was given."""
    from nqueens.cli import main

    path = tmp_path_factory.mktemp("provenance") / "a b.sqlite"  # a space: the recorded command quotes it
    argv = ["compare", "4..6", "--solvers", "bitwise,dlx", "--store", str(path), "--quiet"]
    assert main(argv) == 0
    return path, argv


def _source_digest():
    """sha256 over the package's Python files (path inside the package, bytes), in path order, computed here from
    the imported packages' folders."""
    import nqueens.analysis
    import nqueens.models
    import nqueens.native

    folders = {"": Path(nqueens.__file__).parent}
    for name, package in (("models", nqueens.models), ("native", nqueens.native), ("analysis", nqueens.analysis)):
        folders[name] = Path(list(package.__path__)[0])
    files = {}
    for prefix, folder in folders.items():
        for path in folder.rglob("*.py"):
            if "__pycache__" not in path.parts:
                files[Path(prefix, path.relative_to(folder)).as_posix()] = path.read_bytes()
    assert "analysis/report_html.py" in files and "models/__init__.py" in files
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name] + b"\0")
    return digest.hexdigest()[:16]


def _runs(capsys, store):
    code, out, err = run_cli(capsys, "runs", "--store", store, "--json")
    assert code == 0, err
    return json.loads(out)


def _data(page):
    text = page.read_text()
    payload = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text, re.S).group(1)
    return text, json.loads(payload)


def _strip(store, *fields):
    """Rewrite the store's records as an earlier version wrote them: without ``fields``."""
    paths = ", ".join(f"'$.{f}'" for f in fields)
    with sqlite3.connect(store) as db:
        db.execute(f"UPDATE experiment_runs SET record = json_remove(record, {paths})")
    db.close()


def test_compare_records_its_command_and_the_code_digest(made, capsys):
    store, argv = made
    runs = _runs(capsys, store)
    assert len(runs) == 6  # 2 solvers x n = 4..6
    command = "nqueens " + " ".join(shlex.quote(a) for a in argv)
    assert {r["command"] for r in runs} == {command}
    assert "'" in command  # the path with a space is quoted, so the line runs again as it stands
    assert {r["code_digest"] for r in runs} == {_source_digest()}


def test_the_csv_carries_them_and_a_run_of_the_python_api_has_no_command(made, tmp_path, capsys):
    store, _ = made
    code, out, _ = run_cli(capsys, "runs", "--store", store, "--format", "csv")
    header = out.splitlines()[0].split(",")
    assert code == 0 and "command" in header and "code_digest" in header
    experiment = runner.run([4], ["bitwise"], store=tmp_path / "api.sqlite")
    (record,) = experiment.records
    assert record.command is None and record.code_digest == _source_digest()


def test_the_report_shows_each_command_with_its_runs_and_the_digest(made, tmp_path, capsys):
    store, argv = made
    page = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", "--store", store, "-o", page)
    assert code == 0, err
    text, data = _data(page)
    command = "nqueens " + " ".join(shlex.quote(a) for a in argv)
    experiment = data["sides"][0]["experiment"]
    assert experiment["recorded"] == [{"command": command, "runs": 6}]
    assert experiment["commands"] == [] and experiment["unrecorded"] == 0
    assert experiment["digests"] == [{"digest": _source_digest(), "runs": 6}]
    assert f'<code class="command">{html.escape(command)}</code> (6 runs)' in text
    assert f'<code class="digest">{_source_digest()}</code> (6 runs)' in text
    assert "rebuilt" not in text.split('id="experiment"')[1]


def test_a_store_from_before_still_reports_with_the_command_rebuilt(made, tmp_path, capsys):
    old = tmp_path / "old.sqlite"
    shutil.copy(made[0], old)
    _strip(old, "command", "code_digest")
    runs = _runs(capsys, old)
    assert len(runs) == 6 and all(r["command"] is None and r["code_digest"] is None for r in runs)
    page = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", "--store", old, "-o", page)
    assert code == 0, err
    text, data = _data(page)
    experiment = data["sides"][0]["experiment"]
    assert experiment["recorded"] == [] and experiment["digests"] == [] and experiment["undigested"] == 6
    assert experiment["commands"] == [f"nqueens compare 4..6 --solvers bitwise,dlx --question count --store {old}"]
    assert '<code class="rebuilt">' in text and "rebuilt from the runs" in text
    assert "not recorded for 6 runs" in text


def test_runs_partly_recorded_show_both_and_different_code_is_said(made, tmp_path, capsys):
    mixed = tmp_path / "mixed.sqlite"
    shutil.copy(made[0], mixed)
    with sqlite3.connect(mixed) as db:  # the dlx runs: an earlier toolkit, with a digest of its own
        db.execute(
            "UPDATE experiment_runs SET record = json_set(json_remove(record, '$.command'), '$.code_digest', "
            "'0123456789abcdef') WHERE solver = 'dlx'"
        )
    db.close()
    page = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", "--store", mixed, "-o", page)
    assert code == 0, err
    text, data = _data(page)
    experiment = data["sides"][0]["experiment"]
    assert [c["runs"] for c in experiment["recorded"]] == [3] and experiment["unrecorded"] == 3
    assert experiment["commands"] == [f"nqueens compare 4..6 --solvers dlx --question count --store {mixed}"]
    assert sorted(d["runs"] for d in experiment["digests"]) == [3, 3]
    assert "different code made these runs" in text


def test_two_stores_say_whether_the_same_code_made_them(made, tmp_path, capsys):
    after = tmp_path / "after.sqlite"
    shutil.copy(made[0], after)
    page = tmp_path / "r.html"
    code, _, err = run_cli(capsys, "report", "--store", made[0], "--store", after, "-o", page)
    assert code == 0, err
    _, data = _data(page)
    assert "the same code" in data["code_change"]
    with sqlite3.connect(after) as db:
        db.execute("UPDATE experiment_runs SET record = json_set(record, '$.code_digest', 'fedcba9876543210')")
    db.close()
    code, _, err = run_cli(capsys, "report", "--store", made[0], "--store", after, "-o", page)
    assert code == 0, err
    text, data = _data(page)
    assert "different code" in data["code_change"] and "fedcba9876543210" in data["code_change"]
    assert 'id="code-change"' in text
    _strip(after, "code_digest")  # a side that did not record its digest: nothing is claimed
    code, _, err = run_cli(capsys, "report", "--store", made[0], "--store", after, "-o", page)
    assert code == 0 and _data(page)[1]["code_change"] is None
