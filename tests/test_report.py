"""``nqueens report``: the page's data against ``nqueens runs --json`` and the published counts, bad input refused
in one line with nothing written, the output written atomically and never over a store."""

import json
import re
from pathlib import Path

import pytest
from helpers import run_cli
from known import TOTAL
from nqueens.analysis import report_html

from nqueens.core.record import RunRecord
from nqueens.runtime.store import ResultStore


# Its experiment takes seconds (on each xdist worker that asks for it): the tests that use it are in the slow tier.
@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """One small experiment: two built-in solvers, n = 4..7, two repeats each, a time limit."""
    from nqueens.cli import main

    path = tmp_path_factory.mktemp("report") / "a.sqlite"
    argv = ["compare", "4..7", "--solvers", "bitwise,dlx", "--repeat", "2", "--timeout", "30", "--store", str(path)]
    assert main([*argv, "--quiet"]) == 0
    return path


def _data(html):
    """The JSON the page embeds, read back as the page's script reads it."""
    payload = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S).group(1)
    return json.loads(payload)


@pytest.mark.slow
def test_the_page_holds_the_runs_as_runs_json_gives_them(store, tmp_path, capsys):
    code, out, _ = run_cli(capsys, "runs", "--store", store, "--json")
    runs = json.loads(out)
    page = tmp_path / "r.html"
    code, out, err = run_cli(capsys, "report", "--store", store, "-o", page)
    assert code == 0 and out == "" and err == f"wrote {page}\n"
    data = _data(page.read_text())
    side = data["sides"][0]
    rebuilt = [{f: run.get(f, side["common"].get(f)) for f in data["fields"]} for run in side["runs"]]
    assert [r["id"] for r in rebuilt] == [r["id"] for r in runs]
    assert rebuilt == [{f: r.get(f) for f in data["fields"]} for r in runs]
    # published counts (OEIS A000170), not the code's own
    assert {(c["n"], c["solver"]): c["answer"] for c in side["cells"]} == {
        (n, s): str(TOTAL[n]) for n in range(4, 8) for s in ("bitwise", "dlx")
    }
    assert [(s["solver"], s["runs"], s["solved"], s["timeouts"]) for s in side["solvers"]] == [
        ("bitwise", 8, 8, 0),
        ("dlx", 8, 8, 0),
    ]
    assert data["command"] == f"nqueens report --question count --store {store} -o {page}"
    # the command the fixture ran, as recorded with its runs (none left to rebuild)
    assert side["experiment"]["recorded"] == [
        {
            "command": f"nqueens compare 4..7 --solvers bitwise,dlx --repeat 2 --timeout 30 --store {store} --quiet",
            "runs": 16,
        }
    ]
    assert side["experiment"]["commands"] == []


def test_par2_is_the_mean_of_the_runs_scores_with_the_penalty():
    runs = [
        RunRecord(8, "a", status="solved", total=92, seconds=1.0, timeout=3.0),
        RunRecord(9, "a", status="timeout", timeout=3.0),
        RunRecord(10, "a", status="memout", timeout=3.0),
        RunRecord(8, "b", status="solved", total=92, seconds=2.0, timeout=3.0),
        RunRecord(9, "b", status="solved", total=352, seconds=8.0, timeout=3.0),
    ]
    (a, b) = report_html.solver_summary([r.to_dict() for r in runs])
    assert a["par2"] == pytest.approx((1.0 + 6.0 + 6.0) / 3) and (a["timeouts"], a["memouts"]) == (1, 1)
    assert b["geomean"] == pytest.approx(4.0) and b["par2"] == pytest.approx(5.0)


def test_two_stores_list_the_changed_runs_first():
    before = [RunRecord(n, "p", status="solved", total=TOTAL[n], seconds=0.1 * n, timeout=9.0) for n in (4, 5, 6, 7)]
    after = [RunRecord(n, "p", status="solved", total=TOTAL[n], seconds=0.2 * n, timeout=9.0) for n in (4, 5, 7)]
    after.insert(2, RunRecord(6, "p", status="wrong", total=3, seconds=0.6, timeout=9.0, message="total 3"))
    data = report_html.report_data([("before", before), ("after", after)])
    rows = data["comparison"]["rows"]
    assert [(r["problem"], r["a_status"], r["b_status"], r["b_answer"]) for r in rows][0] == (
        "6",
        "solved",
        "wrong",
        "3",
    )
    assert [r["changed"] for r in rows] == [True, False, False, False]
    assert [r["ratio"] for r in rows[1:]] == pytest.approx([2.0, 2.0, 2.0])


def _one_error_line(code, out, err):
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err


def test_a_store_that_is_missing_damaged_or_empty_is_refused(tmp_path, capsys):
    page = tmp_path / "r.html"
    _one_error_line(*run_cli(capsys, "report", "--store", tmp_path / "typo.sqlite", "-o", page))
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(b"SQLite format 3\0" + b"\xff" * 3000)
    _one_error_line(*run_cli(capsys, "report", "--store", damaged, "-o", page))
    empty = tmp_path / "empty.sqlite"
    ResultStore(empty).close()
    code, out, err = run_cli(capsys, "report", "--store", empty, "-o", page)
    _one_error_line(code, out, err)
    assert "no experiment runs" in err
    assert not page.exists() and [p.name for p in tmp_path.iterdir() if p.suffix == ".html"] == []


def test_a_store_of_two_questions_is_refused(tmp_path, capsys):
    mixed = tmp_path / "mixed.sqlite"
    with ResultStore(mixed) as store:
        for key, question in (("one", "count"), ("two", "first")):
            doc = RunRecord(6, "bitwise", question, status="solved", total=4, seconds=0.1).to_dict()
            store.record_experiment_run(key, doc)
    page = tmp_path / "r.html"
    code, out, err = run_cli(capsys, "report", "--store", mixed, "-o", page)
    _one_error_line(code, out, err)
    assert "mixes questions (count, first)" in err and "--question" in err and not page.exists()
    assert run_cli(capsys, "report", "--store", mixed, "--question", "first", "-o", page)[0] == 0
    assert [c["solver"] for c in _data(page.read_text())["sides"][0]["cells"]] == ["bitwise"]


@pytest.mark.slow
def test_the_report_never_goes_over_a_store_and_replaces_a_page_whole(store, tmp_path, capsys):
    before = store.read_bytes()
    _one_error_line(*run_cli(capsys, "report", "--store", store, "-o", store))
    _one_error_line(*run_cli(capsys, "report", "--store", store, "-o", tmp_path / "r.txt"))
    _one_error_line(*run_cli(capsys, "report", "--store", store, "-o", tmp_path / "nowhere" / "r.html"))
    _one_error_line(*run_cli(capsys, "report", "--store", store, "--store", store, "-o", tmp_path / "r.html"))
    assert store.read_bytes() == before
    page = tmp_path / "r.html"
    page.write_text("old page")
    assert run_cli(capsys, "report", "--store", store, "-o", page, "--quiet")[0] == 0
    assert page.read_text().startswith("<!DOCTYPE html>") and [p.name for p in tmp_path.iterdir()] == ["r.html"]


def test_compare_writes_the_report_of_its_runs(tmp_path, capsys):
    page, path = tmp_path / "c.html", tmp_path / "c.sqlite"
    code, out, err = run_cli(
        capsys, "compare", "5..6", "--solvers", "bitwise", "--store", path, "--report", page, "--format", "csv"
    )
    assert code == 0 and f"wrote {page}" in err
    data = _data(page.read_text())
    assert [(c["n"], c["answer"]) for c in data["sides"][0]["cells"]] == [(5, "10"), (6, "4")]
    assert data["command"] == f"nqueens report --question count --store {path} -o {page}"
    # a bad --report is refused before any run
    code, out, err = run_cli(capsys, "compare", "7", "--solvers", "bitwise", "--store", path, "--report", path)
    _one_error_line(code, out, err)
    with ResultStore(path, write=False) as kept:
        assert sorted(r["n"] for r in kept.experiment_runs()) == [5, 6]


def test_markup_in_a_label_cannot_end_the_data_or_the_page(tmp_path):
    label = "</script><script>window.ran = 1</script><!--"
    runs = [RunRecord(6, label, status="solved", total=4, seconds=0.1, message="<b>&amp;</b>")]
    html = report_html.render(report_data := report_html.report_data([("<i>store</i>", runs)]))
    assert html.count("<script") == 2 and html.count("</script>") == 2 and "<!--" not in html
    assert "<i>" not in html and "&lt;i&gt;store&lt;/i&gt;" in html
    assert _data(html)["sides"][0]["cells"][0]["solver"] == label == report_data["sides"][0]["cells"][0]["solver"]


@pytest.mark.slow
def test_a_store_past_the_limit_is_summarised_with_a_note(monkeypatch, store, capsys, tmp_path):
    monkeypatch.setattr(report_html, "MAX_RUNS", 10)
    page = tmp_path / "r.html"
    assert run_cli(capsys, "report", "--store", store, "-o", page)[0] == 0
    html = page.read_text()
    side = _data(html)["sides"][0]
    assert side["runs"] is None and side["count"] == 16 and len(side["cells"]) == 8
    assert "This store holds 16 runs, more than the 10 a report holds one by one" in html


def test_help_has_examples(capsys):
    code, out, _ = run_cli(capsys, "report", "--help")
    assert code == 0 and "nqueens report --store" in out.split("examples:")[1]
    assert Path(report_html.__file__).with_name("report_assets").joinpath("report.js").is_file()


@pytest.mark.slow
def test_solver_picks_the_runs_of_one_column(store, tmp_path, capsys):
    page = tmp_path / "dlx.html"
    assert run_cli(capsys, "report", "--store", store, "--solver", "dlx", "-o", page)[0] == 0
    side = _data(page.read_text())["sides"][0]
    assert {c["solver"] for c in side["cells"]} == {"dlx"} and side["count"] == 8
    code, out, err = run_cli(capsys, "report", "--store", store, "--solver", "nope", "-o", tmp_path / "x.html")
    _one_error_line(code, out, err)
    assert "no experiment runs of nope" in err and not (tmp_path / "x.html").exists()


def test_a_status_of_another_question_gets_a_column_of_its_own():
    runs = [
        RunRecord(8, "a", "first", status="sat", seconds=0.1, timeout=5.0),
        RunRecord(9, "a", "first", status="unknown", timeout=5.0),
        RunRecord(10, "a", "first", status="unknown", timeout=5.0),
    ]
    data = report_html.report_data([("s", runs)])
    (a,) = data["sides"][0]["solvers"]
    assert (a["solved"], a["other"]) == (1, {"unknown": 2})
    html = report_html.render(data)
    assert '<span data-total="unknown">2</span> unknown' in html and "<th>unknown</th>" in html
