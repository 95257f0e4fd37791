"""``runs --compare`` pairs like with like: a cell is one question, one rule, one problem, one column; two stores
pair every column; the paired test says what it is, and says so when it cannot reach significance."""

import json
import statistics

import pytest
from helpers import run_cli
from nqueens.analysis.compare import cells, compare_configurations, format_comparison
from nqueens.analysis.statistics import paired, unpaired

from nqueens.core.errors import NQueensError
from nqueens.core.record import RunRecord
from nqueens.runtime.store import ResultStore


def _time(run):
    """docs/effort.md's time of a run: its inner_time when it was timed again over repetitions, else seconds."""
    return run["inner_time"] if run.get("inner_time") is not None else run["seconds"]


def _medians(store, solver, question):
    runs = [r for r in ResultStore(store).experiment_runs() if r["solver"] == solver and r["question"] == question]
    return {r["n"]: statistics.median(_time(x) for x in runs if x["n"] == r["n"]) for r in runs}


@pytest.mark.slow
def test_count_and_first_runs_of_one_store_are_compared_apart(capsys, tmp_path):
    store = str(tmp_path / "s.sqlite")
    for question in ("count", "first"):
        argv = ["compare", "8..10", "--solvers", "cpsat,dlx", "--question", question, "--store", store, "--quiet"]
        code, _, err = run_cli(capsys, *argv)
        assert code == 0, err
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "cpsat", "dlx", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert sorted((r["question"], r["problem"]) for r in doc["rows"]) == sorted(
        (q, str(n)) for q in ("count", "first") for n in (8, 9, 10)
    )
    for question in ("count", "first"):
        # Each row's seconds are the medians of that question's runs in the store, read here apart from the code.
        a, b = _medians(store, "cpsat", question), _medians(store, "dlx", question)
        for row in (r for r in doc["rows"] if r["question"] == question):
            assert row["a_seconds"] == pytest.approx(a[int(row["problem"])])
            assert row["b_seconds"] == pytest.approx(b[int(row["problem"])])
        assert doc["paired"][question]["problems"] == ["8", "9", "10"]
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "cpsat", "dlx")
    assert code == 0 and "| question |" in out and "count: paired over the 3 problems" in out
    assert "first: paired over the 3 problems" in out
    # Three pairs cannot give p < 0.05 (the smallest two-sided p is 2 / 2^3): said, no p printed.
    assert "cannot reach p < 0.05" in out and "p = " not in out


def test_two_stores_of_three_columns_compare_every_column(capsys, tmp_path):
    a, b = str(tmp_path / "a.sqlite"), str(tmp_path / "b.sqlite")
    for store in (a, b):
        argv = ["compare", "6..7", "--solvers", "bitwise,dlx,permutation", "--store", store, "--quiet"]
        assert run_cli(capsys, *argv)[0] == 0
    code, out, err = run_cli(capsys, "runs", "--compare", a, b, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert sorted((r["column"], r["problem"]) for r in doc["rows"]) == [
        (s, str(n)) for s in ("bitwise", "dlx", "permutation") for n in (6, 7)
    ]
    other = str(tmp_path / "other.sqlite")
    assert run_cli(capsys, "compare", "6", "--solvers", "mary,subset", "--store", other, "--quiet")[0] == 0
    code, out, err = run_cli(capsys, "runs", "--compare", a, other)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err


def test_cells_keep_rules_and_questions_apart():
    runs = [
        RunRecord(8, "x", "count", status="solved", total=92, seconds=1.0),
        RunRecord(8, "x", "first", status="sat", seconds=0.01),
        RunRecord(8, "x", "count", status="solved", total=0, seconds=2.0, options={"rule": "toroidal"}),
    ]
    assert sorted(c["seconds"] for c in cells(runs)) == [0.01, 1.0, 2.0]


@pytest.mark.slow
def test_the_paired_test_names_itself_on_eight_problems():
    # Eight problems where b is faster on every one: the exact two-sided signed-rank p is 2 / 2^8.
    a = {str(n): 1.0 + n for n in range(8)}
    b = {str(n): 0.5 + n * 0.9 for n in range(8)}
    test = paired(a, b)["wilcoxon"]
    assert test["p"] == pytest.approx(2 / 2**8)
    assert test["test"] == "Wilcoxon signed-rank test" and test["alternative"] == "two-sided"
    assert test["method"] == "exact" and "dropped" in test["zeros"]
    left = [RunRecord(int(n), "x", status="solved", total=1, seconds=t) for n, t in a.items()]
    right = [RunRecord(int(n), "y", status="solved", total=1, seconds=t) for n, t in b.items()]
    text = format_comparison(compare_configurations(left, right), ("x", "y"))
    assert "Wilcoxon signed-rank test of the paired times (two-sided, zero differences dropped (none here)" in text
    assert "exact p over 8 pairs" in text and "p = 0.00781" in text
    assert "PAR2 score" in text and "mean over the 8 problems" in text


def test_too_few_pairs_say_so():
    out = paired({"8": 1.0, "9": 2.0, "10": 3.0}, {"8": 0.5, "9": 1.0, "10": 1.5})
    assert out["wilcoxon"] is None
    assert "cannot reach p < 0.05" in out["wilcoxon_note"] and "6 pairs are needed" in out["wilcoxon_note"]


def test_runs_over_seeds_are_compared_by_mann_whitney():
    from scipy.stats import mannwhitneyu

    x, y = [1.0, 1.2, 1.1, 1.3, 1.05], [2.0, 2.2, 2.1, 1.9, 2.05]
    out = unpaired(x, y)
    assert out["test"] == "Mann-Whitney U test" and out["alternative"] == "two-sided"
    assert out["p"] == pytest.approx(mannwhitneyu(x, y, alternative="two-sided", method="exact").pvalue)
    assert out["p"] == pytest.approx(2 / 252)  # complete separation of 5 and 5: 2 / C(10, 5)
    left = [RunRecord(8, "x", repeat=k + 1, seed=k, status="solved", total=1, seconds=t) for k, t in enumerate(x)]
    right = [RunRecord(8, "y", repeat=k + 1, seed=k, status="solved", total=1, seconds=t) for k, t in enumerate(y)]
    text = format_comparison(compare_configurations(left, right), ("x", "y"))
    assert "compared by the Mann-Whitney U test (two-sided, exact p): p < 0.05 on 1 of 1" in text


def test_an_ambiguous_pairing_is_refused():
    a = [RunRecord(8, s, status="solved", total=92, seconds=1.0) for s in ("p", "q")]
    b = [RunRecord(8, s, status="solved", total=92, seconds=1.0) for s in ("r", "s")]
    with pytest.raises(NQueensError, match="different columns"):
        compare_configurations(a, b)


def test_zero_differences_are_dropped_and_counted():
    # Seven problems, one where the times are equal: six pairs remain, all of one sign: p = 2 / 2^6.
    a = {str(n): 1.0 + n for n in range(7)}
    b = {key: (value if key == "0" else value * 1.5) for key, value in a.items()}
    test = paired(a, b)["wilcoxon"]
    assert test["pairs"] == 6 and test["zeros"] == "zero differences dropped (1 here)"
    assert test["p"] == pytest.approx(2 / 2**6)


def test_runs_compare_refuses_a_side_set_against_itself(capsys, tmp_path):
    store = tmp_path / "m.sqlite"
    code, _, err = run_cli(capsys, "compare", "6..7", "--solvers", "bitwise,dlx", "--store", store, "--quiet")
    assert code == 0, err
    for sides in (["dlx", "dlx"], [store, store], [store, tmp_path / "." / "m.sqlite"]):
        code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", *sides)
        assert (code, out) == (2, ""), out
        assert err.startswith("error: ") and "itself" in err and len(err.splitlines()) == 1, err
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "bitwise", "dlx")
    assert code == 0 and "dlx against bitwise: " in out, out + err
