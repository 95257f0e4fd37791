"""Knuth's estimator against exact node counts; the forecast, the count warning and `nqueens estimate`."""

import importlib
import json

import pytest
from known import KNUTH_PROFILE_8, TOTAL
from nqueens.analysis.estimate import MODELS, estimate
from nqueens.analysis.trees import tree_size

import nqueens
from nqueens.api import request
from nqueens.cli import main
from nqueens.runtime import forecast as forecast_module
from nqueens.runtime.forecast import forecast, long_run_warning


def exact_rows(n):
    """Feasible and generated nodes of the permutation and m-ary trees, from bitwise's per-depth profile."""
    profile = nqueens.count(n, "bitwise", nodes=True).profile
    nodes = sum(profile)
    return {
        "permutation": (nodes, 1 + sum(profile[k] * (n - k) for k in range(n))),
        "mary": (nodes, 1 + sum(profile[k] * n for k in range(n))),
    }


def exact_subset(n):
    """Feasible and generated nodes of the cell tree, by a plain walk over the row placements.

    Between two row boundaries, a placement P of rows 0..r-1 stands on one node per prefix of row r: empty
    (n - 1 prefixes, the full empty row being refused) or holding its queen on a free column c (n - 1 - c
    prefixes end before the row does). Every node but the leaves generates two children.
    """
    full = (1 << n) - 1
    nodes = 0

    def walk(r, cols, left, right):
        nonlocal nodes
        nodes += 1
        if r == n:
            return
        free = ~(cols | left | right) & full
        nodes += (n - 1) + sum(n - 1 - c for c in range(n) if free >> c & 1)
        while free:
            p = free & -free
            free ^= p
            walk(r + 1, cols | p, ((left | p) << 1) & full, (right | p) >> 1)

    walk(0, 0, 0, 0)
    return nodes, 1 + 2 * (nodes - TOTAL[n])


def brute_subset(n):
    """The cell tree walked cell by cell (tiny n): each check written out."""
    count = 0

    def walk(cell, queens):
        nonlocal count
        count += 1
        if cell == n * n:
            return
        r, c = divmod(cell, n)
        row_done = any(qr == r for qr, _ in queens)
        if not row_done and all(qc != c and abs(qr - r) != abs(qc - c) for qr, qc in queens):
            walk(cell + 1, queens + [(r, c)])
        if row_done or c < n - 1:
            walk(cell + 1, queens)

    walk(0, [])
    return count


def within(est, exact, value="estimate", err="stderr"):
    mean, se = getattr(est, value), getattr(est, err)
    return abs(mean - exact) <= 3 * se if se else mean == exact


# a second or more each (the first compiles the kernels, with a cold cache): the whole suite runs them
_ROW_SLOW = {("permutation", 8), ("permutation", 10)}


def test_the_subset_reference_walks_agree():
    assert [exact_subset(n)[0] for n in range(1, 7)] == [brute_subset(n) for n in range(1, 7)]


@pytest.mark.parametrize(
    ("n", "model"),
    [
        pytest.param(n, model, id=f"{model}-{n}", marks=pytest.mark.slow if (model, n) in _ROW_SLOW else ())
        for model in ("permutation", "mary")
        for n in range(8, 13)
    ],
)
def test_unbiased_on_the_row_trees(n, model):
    nodes, generated = exact_rows(n)[model]
    est = estimate(n, model, probes=10000, seed=n)
    assert within(est, nodes), (est, nodes)
    assert within(est, generated, "generated", "generated_stderr"), (est, generated)
    assert est.stderr < 0.05 * nodes  # a useful estimate, not just an unbiased one


@pytest.mark.parametrize("n", [pytest.param(n, marks=pytest.mark.slow) if n in (6, 7, 9) else n for n in range(6, 11)])
def test_unbiased_on_the_cell_tree(n):
    nodes, generated = exact_subset(n)
    est = estimate(n, "subset", probes=10000, seed=n)
    assert within(est, nodes), (est, nodes)
    assert within(est, generated, "generated", "generated_stderr"), (est, generated)
    assert est.stderr < 0.05 * nodes


def test_knuths_eight_queens():
    est = estimate(8, "permutation", probes=10000, seed=1)
    assert within(est, sum(KNUTH_PROFILE_8))


@pytest.mark.parametrize("model", MODELS)
def test_matches_the_formulations_own_accounting(model):
    """The estimate agrees with the formulations' measured trees too."""
    module = importlib.import_module(f"nqueens.models.{model}")
    for n in (7, 9):
        acc = module.accounting(n)
        est = estimate(n, model, probes=10000, seed=100 + n)
        assert within(est, acc.nodes) and within(est, sum(acc.generated), "generated", "generated_stderr"), n


def test_trees_with_a_single_path_are_exact():
    # n = 1: the root and one queen; n = 2: the root and two dead ends.
    assert estimate(1, "permutation", probes=5).estimate == 2 and estimate(1, "permutation", probes=5).stderr == 0
    assert estimate(2, "mary", probes=5).estimate == 3
    assert estimate(1, "subset", probes=5).estimate == exact_subset(1)[0]


def test_seeded_and_reproducible():
    a, b, c = (estimate(14, "mary", probes=500, seed=s) for s in (7, 7, 8))
    assert a == b.__class__(**{**b.__dict__, "seconds": a.seconds})
    assert a.estimate != c.estimate
    # Same seed, same random choices: the two row trees share their feasible nodes, probe by probe.
    assert estimate(14, "permutation", probes=500, seed=7).estimate == a.estimate


def test_large_n_answers_and_is_plausible():
    est = estimate(30, "permutation", probes=10000, seed=1)
    assert est.stderr < 0.1 * est.estimate
    # The backtracking tree holds at least the solutions (A000170 is known to n = 27) and at most the full tree.
    assert TOTAL[27] < estimate(27, "mary", probes=2000, seed=1).estimate < tree_size(27, "permutation")
    big = estimate(40, "subset", probes=1000, seed=1)
    assert big.estimate > estimate(40, "mary", probes=1000, seed=1).estimate


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"n": 0}, "integer >= 1"),
        ({"n": 64}, "n <= 63"),
        ({"n": 8, "model": "cpsat"}, "the models are permutation, mary, subset"),
        ({"n": 8, "probes": 1}, "probes must be an integer >= 2"),
        ({"n": 8, "seed": -3}, "seed must be an integer >= 0"),
        ({"n": 8, "seed": 1.5}, "seed must be an integer >= 0"),
    ],
)
def test_bad_input(kwargs, fragment):
    with pytest.raises(nqueens.NQueensError, match=fragment):
        estimate(**kwargs)


def test_pure_python_kernels(jit_free):
    """The kernels' source runs as plain Python (NUMBA_DISABLE_JIT=1) and is unbiased there too."""
    got = jit_free()
    rows = exact_rows(6)
    rows["subset"] = exact_subset(6)
    assert list(got) == ["permutation", "mary", "subset"], got  # every model answered, none silently missing
    for model, (mean, se, gmean, gse) in got.items():
        nodes, generated = rows[model]
        assert abs(mean - nodes) <= 3 * se and abs(gmean - generated) <= 3 * gse, model


# --- forecasts and the warning of `nqueens count` --------------------------------------------------------------


def test_forecast_scales_the_estimate_by_a_measured_rate():
    f = forecast(request(16, "bitwise"))
    assert f.solver == "bitwise" and 8 <= f.calibration_n < 16
    assert f.rate > 0 and f.seconds == pytest.approx(f.nodes / f.rate)
    assert abs(f.nodes - 1_000_000_000) < 0.5e9  # the n = 16 tree holds about 1.1e9 nodes (bitwise counts them)


def test_a_rate_is_measured_once_per_machine(monkeypatch):
    calls = []
    real = forecast_module._calibrate
    monkeypatch.setattr(forecast_module, "_calibrate", lambda *a: calls.append(a) or real(*a))
    first = forecast(request(15, "backtrack"))
    second = forecast(request(16, "backtrack"))
    assert len(calls) <= 1 and first.rate == second.rate and first.calibration_n == second.calibration_n
    assert forecast_module.rates_path().is_file()


def test_no_warning_for_short_runs():
    assert long_run_warning(request(8)) is None
    assert long_run_warning(request(12, "bitmask-recursive")) is None


def test_warning_for_long_runs():
    text = long_run_warning(request(25, "bitwise"))
    assert text.startswith("warning: counting n = 25 with bitwise") and "Knuth's estimate" in text
    assert long_run_warning(request(13, "bitwise"), threshold=1e-6).startswith("warning: ")
    with pytest.raises(nqueens.NQueensError, match="n <= "):  # the limit is the entry's to report, not a forecast's
        request(99, "bitwise")


def test_count_warns_on_stderr_only(capsys, monkeypatch):
    monkeypatch.setattr(forecast_module, "LONG_RUN_SECONDS", 1e-6)
    code = main(["count", "13", "--solver", "bitwise", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and json.loads(out)["total"] == TOTAL[13]
    assert err.startswith("warning: counting n = 13 with bitwise is forecast to take")


def test_estimate_command(capsys):
    code = main(["estimate", "8", "--model", "permutation", "--probes", "10000", "--seed", "1", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and set(doc) == {"n", "model", "probes", "estimate", "stderr"}
    assert doc["n"] == 8 and doc["probes"] == 10000 and abs(doc["estimate"] - 2057) <= 3 * doc["stderr"]
    code = main(["estimate", "30", "--model", "subset"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("n = 30, model subset: about ") and "10,000 probes, seed 0" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["estimate", "8"], "--model"),
        (["estimate", "8", "--model", "dlx"], "invalid choice"),
        (["estimate", "70", "--model", "mary"], "n <= 63"),
        (["estimate", "8", "--model", "mary", "--probes", "1"], "probes must be an integer >= 2"),
        (["estimate", "8", "--model", "mary", "--seed", "x"], "seed must be an integer >= 0"),
    ],
)
def test_estimate_command_errors(capsys, argv, fragment):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ") and fragment in err and len(err.splitlines()) == 1


def test_the_profile_estimates_each_depth():
    """Knuth's per-level estimates: they add up to the estimate and follow TAOCP's 8-queens profile."""
    est = estimate(8, "mary", probes=20000, seed=3)
    assert len(est.profile) == 9 and sum(est.profile) == pytest.approx(est.estimate)
    for depth, (guess, known) in enumerate(zip(est.profile, KNUTH_PROFILE_8)):
        assert abs(guess - known) < 0.1 * known, depth
    cells = estimate(6, "subset", probes=20000, seed=3)
    assert len(cells.profile) == 37 and sum(cells.profile) == pytest.approx(cells.estimate)
    rows = estimate(6, "permutation", probes=20000, seed=3).profile
    for k in range(7):  # at the row boundaries the cell tree stands on the row tree's nodes
        assert abs(cells.profile[6 * k] - rows[k]) < 0.1 * rows[k] + 1, k


def test_a_rate_is_measured_on_loaded_kernels():
    # The first count of the calibration compiles or loads what the options need beyond the warm-up (with a cold
    # kernel cache, symmetry=lex's orbit counting: seconds); timed, it made the rate some 500 times too low (27,600
    # nodes/s against 15 million without symmetry) and a run of a second was forecast to take 3 minutes. Per node
    # of the same Knuth estimate, the lex search is faster than the plain one (it walks a quarter of the tree), so
    # its rate cannot be ten times lower.
    lex = forecast(request(13, "permutation", symmetry="lex"))
    plain = forecast(request(13, "permutation"))
    assert lex.nodes == plain.nodes and lex.rate > plain.rate / 10
