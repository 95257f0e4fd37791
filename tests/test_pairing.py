"""One pairing of two columns' runs, and the paired statistics made of it: ``runs --compare``, the report and the
library pair the same problems (same question, optimisation problem, rule and instance or n; both answered by the
status table), so they print the same ratios and the same p.

The expected numbers are worked out here by hand or by scipy on the medians the test writes into the store, never
read from the code under test: six problems where one column is twice as fast give six ratios of 0.5 and the exact
two-sided Wilcoxon p = 2 / 2^6 = 0.03125 (seven would give 0.0156).
"""

import json
import math
import re

import pytest
from helpers import run_cli

from nqueens.runtime.store import ResultStore

TIMES = {n: float(n - 3) for n in range(4, 11)}  # column x: 1 .. 7 s on n = 4 .. 10


def _strict(text):
    """JSON that holds no NaN or infinity (a strict reader's view)."""

    def refuse(name):
        raise AssertionError(f"{name} in the JSON")

    return json.loads(text, parse_constant=refuse)


def _store(path, runs):
    with ResultStore(path) as store:
        for i, run in enumerate(runs):
            doc = {"question": "count", "repeat": 1, "finished": "2025-01-01T00:00:00+00:00", **run}
            store.record_experiment_run(f"k{i}", doc)
    return str(path)


def _partial_store(tmp_path):
    """x answers n = 4..10 twice; y answers each twice twice as fast, but at n = 10 one of its two runs timed out:
    its cell there is a timeout (answered 6 of 7), though its other run has a time."""
    runs = []
    for n, t in TIMES.items():
        for repeat in (1, 2):
            runs.append({"n": n, "solver": "x", "repeat": repeat, "status": "solved", "total": 1, "seconds": t})
            late = n == 10 and repeat == 2
            runs.append(
                {
                    "n": n,
                    "solver": "y",
                    "repeat": repeat,
                    "status": "timeout" if late else "solved",
                    "total": None if late else 1,
                    "seconds": None if late else t / 2,
                    "timeout": 60.0,
                }
            )
    return _store(tmp_path / "partial.sqlite", runs)


def _page(capsys, tmp_path, *stores, extra=()):
    out = tmp_path / "page.html"
    argv = ["report", *[part for s in stores for part in ("--store", s)], "-o", out, "--quiet", *extra]
    code, _, err = run_cli(capsys, *argv)
    assert code == 0, err
    html = out.read_text()
    payload = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S).group(1)
    return html, _strict(payload)


@pytest.mark.slow
def test_runs_compare_and_the_report_pair_the_same_six_problems(capsys, tmp_path):
    store = _partial_store(tmp_path)
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "x", "y", "--json")
    assert code == 0, err
    doc = _strict(out)
    stats = doc["paired"]["count"]
    assert stats["problems"] == [str(n) for n in range(4, 10)]  # n = 10: y's cell is a timeout, not answered
    assert stats["ratios"] == [0.5] * 6
    assert stats["wilcoxon"]["p"] == pytest.approx(2 / 2**6)
    assert doc["summary"]["b"]["answered"] == 6 and doc["summary"]["a"]["answered"] == 7

    code, text, err = run_cli(capsys, "runs", "--store", store, "--compare", "x", "y")
    assert "answered 6 of 7" in text and "paired over the 6 problems both answered" in text
    assert "p = 0.0312" in text

    _, data = _page(capsys, tmp_path, store)
    seconds = next(p for p in data["sides"][0]["paired"] if p["column"] == "seconds")
    assert (seconds["a"], seconds["b"]) == ("x", "y")
    assert seconds["pairs"] == stats["problems"] and seconds["ratios"] == stats["ratios"]
    assert seconds["wilcoxon"]["p"] == stats["wilcoxon"]["p"]
    assert seconds["geomean"] == pytest.approx(0.5)


def test_a_feasible_optimisation_run_is_not_paired_as_answered(tmp_path, capsys):
    runs = []
    for n in (5, 6, 7):
        for solver, status in (("x", "optimal"), ("y", "feasible" if n == 7 else "optimal")):
            runs.append(
                {"n": n, "solver": solver, "question": "optimize", "problem": "domination", "status": status}
                | {"seconds": float(n) if solver == "x" else n / 4, "objective": 3, "timeout": 10.0}
            )
    store = _store(tmp_path / "opt.sqlite", runs)
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "x", "y", "--json")
    assert code == 0, err
    doc = _strict(out)
    assert doc["paired"]["optimize domination"]["problems"] == ["5", "6"]
    assert [r["change"] for r in doc["rows"]] == ["same", "same", "a only"]


def test_two_problems_of_one_n_are_two_cells_and_two_pairs(tmp_path, capsys):
    from nqueens.analysis.compare import cells, compare_configurations

    runs = []
    for problem, t in (("domination", 1.0), ("peaceable", 8.0)):
        for solver, factor in (("x", 1.0), ("y", 0.5)):
            runs.append(
                {"n": 6, "solver": solver, "question": "optimize", "problem": problem, "status": "optimal"}
                | {"seconds": t * factor, "objective": 3}
            )
    assert [(c["problem"], c["seconds"]) for c in cells(runs) if c["solver"] == "x"] == [
        ("domination", 1.0),
        ("peaceable", 8.0),
    ]
    result = compare_configurations([r for r in runs if r["solver"] == "x"], [r for r in runs if r["solver"] == "y"])
    assert [(r["question"], r["a_seconds"], r["ratio"]) for r in result["rows"]] == [
        ("optimize domination", 1.0, 0.5),
        ("optimize peaceable", 8.0, 0.5),
    ]
    assert set(result["paired"]) == {"optimize domination", "optimize peaceable"}

    store = _store(tmp_path / "both.sqlite", runs)
    code, _, err = run_cli(capsys, "report", "--store", store, "-o", tmp_path / "p.html")
    assert code == 2 and err.count("\n") == 1 and "--problem" in err, err
    html, data = _page(capsys, tmp_path, store, extra=("--question", "optimize", "--problem", "peaceable"))
    assert [c["seconds"] for c in data["sides"][0]["cells"]] == [8.0, 4.0]
    assert "--question optimize --problem peaceable" in data["command"]


def test_identical_zero_times_are_ties_and_the_json_is_finite(tmp_path, capsys):
    from nqueens.analysis.statistics import paired

    zeros = {str(n): 0.0 for n in range(8)}
    out = paired(zeros, dict(zeros))
    assert (out["wins"], out["ties"], out["losses"], out["median_ratio"]) == (0, 8, 0, 1.0)

    runs = [{"n": n, "solver": s, "status": "solved", "total": 1, "seconds": 0.0} for n in range(4, 12) for s in "xy"]
    store = _store(tmp_path / "zeros.sqlite", runs)
    code, out, err = run_cli(capsys, "runs", "--store", store, "--compare", "x", "y", "--json")
    assert code == 0, err
    assert all(r["ratio"] == 1.0 for r in _strict(out)["rows"])
    code, text, err = run_cli(capsys, "runs", "--store", store, "--compare", "x", "y")
    assert "0 wins, 8 ties, 0 losses" in text and "inf" not in text, text


@pytest.mark.parametrize(
    "differences",
    [
        # tied magnitudes: scipy's exact conditional (permutation) p
        pytest.param([1, 1, 1, -1, 2, 2, -2, 3], marks=pytest.mark.slow),
        [0.5, -1, 2, 3, 4, 5.5, 6, 7.25],  # no ties: the exact distribution
        [1, 2, 2, 3, 3, 3, 4, 4, -4, 5, 5, 6, 6, 7, 8, 9, 10],  # ties beyond 13 pairs: the normal approximation
    ],
    ids=["ties", "distinct", "many-ties"],
)
def test_the_wilcoxon_p_is_scipys_default(differences):
    from nqueens.analysis.statistics import paired
    from scipy.stats import wilcoxon

    a = {str(i): 10.0 for i in range(len(differences))}
    b = {key: 10.0 + d for key, d in zip(a, differences)}
    test = paired(a, b)["wilcoxon"]
    expected = wilcoxon([b[k] - a[k] for k in a])  # scipy's default method, independent of the code's choice
    assert test["p"] == pytest.approx(float(expected.pvalue))
    assert test["statistic"] == pytest.approx(float(expected.statistic))


def test_tied_magnitudes_do_not_get_the_normal_approximation():
    """The issue's case: p 0.206 by the normal approximation, where the exact conditional test gives more."""
    from nqueens.analysis.statistics import paired

    differences = [1, 1, 1, -1, 2, 2, -2, 3]
    a = {str(i): 10.0 for i in range(8)}
    out = paired(a, {k: 10.0 + d for k, d in zip(a, differences)})["wilcoxon"]
    # By hand: the 2^8 sign patterns of the ranks (2.5, 2.5, 2.5, 2.5, 6, 6, 6, 8), the two-sided tail of
    # W+ = 8.5 counted over them.
    ranks = [2.5, 2.5, 2.5, 2.5, 6.0, 6.0, 6.0, 8.0]
    total = sum(ranks)
    observed = min(8.5, total - 8.5)
    tail = sum(
        1
        for mask in range(256)
        if min(w := sum(r for i, r in enumerate(ranks) if mask >> i & 1), total - w) <= observed + 1e-9
    )
    assert out["method"] == "exact conditional" and math.isclose(out["p"], tail / 256)


def test_the_notebook_pairs_as_runs_compare_does(tmp_path, capsys):
    from nqueens.experiments import run

    path = str(tmp_path / "s.sqlite")
    experiment = run(range(4, 8), "bitwise,dlx", store=path)
    mine = experiment.compare("bitwise", "dlx")
    code, out, err = run_cli(capsys, "runs", "--store", path, "--compare", "bitwise", "dlx", "--json")
    assert code == 0, err
    theirs = _strict(out)
    assert mine["paired"]["count"]["problems"] == theirs["paired"]["count"]["problems"] == ["4", "5", "6", "7"]
    assert mine["paired"]["count"]["ratios"] == pytest.approx(theirs["paired"]["count"]["ratios"])
    with pytest.raises(Exception, match="not a column"):
        experiment.compare("bitwise", "cpsat")
