"""The Classic results reproductions (examples/papers/): their quick tables against the published values.

The published values are read from ``examples/papers/published.json``, the file the documentation pages quote
(each value with its source: OEIS A319284 / A319236, the papers' abstracts, CSPLib prob079's results file, ...);
the toolkit's numbers are recomputed here from the tables the scripts print. Where the published value is exact
(Knuth's profiles, the paper's satisfiable instances) the test asks for equality; where it is statistical, for
the tolerance the page states.
"""

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from known import KNUTH_PROFILE_8, TOTAL

ROOT = Path(__file__).resolve().parent.parent
PAPERS = ROOT / "examples" / "papers"
sys.path.insert(0, str(PAPERS))

import gent_jefferson_nightingale as gjn  # noqa: E402
import haralick_elliott  # noqa: E402
import knuth  # noqa: E402
import minton  # noqa: E402
import stone_stone  # noqa: E402
from _papers import LONG  # noqa: E402

PUBLISHED = json.loads((PAPERS / "published.json").read_text())

# One worker runs these (make test runs the suite on several): its module fixture reproduces the quick run once.
pytestmark = pytest.mark.xdist_group("test_papers")


def _column(result, heading, name):
    columns, rows = result.table(heading)
    i = columns.index(name)
    return [row[i] for row in rows]


def _rows(result, heading):
    columns, rows = result.table(heading)
    return [dict(zip(columns, row)) for row in rows]


# -- the published data ---------------------------------------------------------------------------------------


def test_published_values_agree_with_the_suites_data():
    """The file's Knuth row of 8 queens is the suite's (TAOCP 7.2.2), A319236 sums to the quoted 1,141,190,303,
    and the rows of A319284 end in A000170."""
    rows = PUBLISHED["knuth"]["profiles"]["rows"]
    assert tuple(rows["8"]) == KNUTH_PROFILE_8
    assert sum(PUBLISHED["knuth"]["profile_16"]["row"]) == 1_141_190_303
    for n in range(1, 13):
        assert rows[str(n)][-1] == TOTAL[n]
    assert PUBLISHED["knuth"]["profile_16"]["row"][-1] == TOTAL[16]


def test_quoted_numbers_on_the_pages_are_the_files():
    """Every published figure a page's prose quotes is the one in published.json."""
    pages = {p.stem: p.read_text() for p in (ROOT / "docs" / "papers").glob("*.md")}
    assert "2,057" in pages["knuth"] and "1,141,190,303" in pages["knuth"]
    assert sum(PUBLISHED["knuth"]["profiles"]["rows"]["8"]) == 2057
    assert f"about {PUBLISHED['minton']['repairs_1e6']['value']} repairs" in pages["minton"]
    assert str(PUBLISHED["minton"]["initial_conflicts_1e6"]["value"]) in pages["minton"]
    low, high = PUBLISHED["stone_stone"]["abstract"]["n_plus_one_factor"]
    assert f"factor from {low} to {high}" in pages["stone_stone"]
    assert "2b13c59" in pages["gent_jefferson_nightingale"]
    for name in ("knuth", "haralick_elliott", "stone_stone", "minton", "gent_jefferson_nightingale"):
        assert f"examples/papers/{name}.py --quick" in pages[name]
        assert name in pages["index"]


def test_excluded_diagonal_generator_is_the_papers():
    """prob079's own example: queens-diag-gen.py 10 4 1 prints these 14 diagonals (AA-Excluded-Diagonals-Info.md);
    [d, 1] is the sum diagonal d, [d, 0] the difference diagonal d - (n - 1)."""
    from nqueens.native.instances import random_excluded

    diags = [[4, 1], [2, 1], [14, 0], [8, 1], [8, 0], [7, 0], [3, 1], [12, 1], [18, 0], [5, 0], [14, 1], [0, 0],
             [15, 1], [17, 1]]  # fmt: skip
    inst = random_excluded(10, 14, seed=1)
    assert set(inst.excluded_sum) == {d for d, kind in diags if kind == 1}
    assert set(inst.excluded_difference) == {d - 9 for d, kind in diags if kind == 0}
    first6 = random_excluded(10, 6, seed=1)  # the paper's instance with M = 6: the first six of the list
    assert set(first6.excluded_sum) == {4, 2, 8}
    assert set(first6.excluded_difference) == {14 - 9, 8 - 9, 7 - 9}


# -- the quick tables -----------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def knuth_quick():
    return knuth.reproduce("quick")


@pytest.mark.slow
def test_knuth_profiles_are_a319284(knuth_quick):
    rows = PUBLISHED["knuth"]["profiles"]["rows"]
    heading = knuth_quick.tables[0][0]
    for row in _rows(knuth_quick, heading):
        n = row["n"]
        assert row["published nodes"] == sum(rows[str(n)])
        assert row["bitwise nodes"] == sum(rows[str(n)])
        assert row["mary nodes"] == sum(rows[str(n)])
    levels = _rows(knuth_quick, knuth_quick.tables[1][0])
    assert [r["bitwise"] for r in levels] == list(KNUTH_PROFILE_8)


@pytest.mark.slow
def test_knuth_estimator_is_unbiased_and_narrows(knuth_quick):
    """Over 20 seeds the mean estimate lies within 4 standard errors of the published size (A319284, A319236), and
    with 10,000 probes the 10-90 % band is within 5 % of it (the page's statement)."""
    rows = _rows(knuth_quick, knuth_quick.tables[2][0])
    exact = {8: 2057, 12: sum(PUBLISHED["knuth"]["profiles"]["rows"]["12"]), 16: 1_141_190_303}
    for row in rows:
        assert row["exact nodes"] == exact[row["n"]]
        se = row["s.d."] / math.sqrt(row["seeds"])
        assert abs(row["mean"] - 1) <= 4 * se
        if row["probes k"] == 10000:
            assert 0.95 <= row["10th pct"] <= 1 <= row["90th pct"] <= 1.05
    for n in exact:
        band = {r["probes k"]: r["90th pct"] - r["10th pct"] for r in rows if r["n"] == n}
        assert band[10000] < band[100] / 3


@pytest.mark.slow
def test_haralick_elliott_quick():
    result = haralick_elliott.reproduce("quick")
    rows = PUBLISHED["knuth"]["profiles"]["rows"]
    for row in _rows(result, result.tables[0][0]):
        n = row["n"]
        assert row["BT"] == row["published BT"] == sum(rows[str(n)])
        assert row["A000170"] == TOTAL[n]
        assert row["all find A000170"] is True
        assert row["MAC"] <= row["FC"] <= row["BT"]
        assert row["FC-FF"] <= row["FC"]
    assert "published" not in result.tables[1][1]  # not reachable: said once in a note, not in a cell a row
    assert any(note.startswith("Not available here") for note in result.notes)
    for row in _rows(result, result.tables[1][0]):
        assert row["FC / BT"] < 1


def _first_lexicographic(n):
    """Nodes (root included) a plain row-by-row backtracking stands on up to its first solution: an independent
    pure-Python search."""
    q = []
    nodes = 1

    def place(row):
        nonlocal nodes
        if row == n:
            return True
        for c in range(n):
            if all(c != d and abs(c - d) != row - r for r, d in enumerate(q)):
                nodes += 1
                q.append(c)
                if place(row + 1):
                    return True
                q.pop()
        return False

    place(0)
    return nodes, tuple(q)


@pytest.mark.slow
def test_stone_stone_quick():
    result = stone_stone.reproduce("quick")
    rows = _rows(result, result.tables[0][0])
    by_n = {r["n"]: r for r in rows}
    for n in range(4, 13):
        assert by_n[n]["lexicographic"] == _first_lexicographic(n)[0]
    assert _first_lexicographic(8)[1] == (0, 4, 7, 5, 2, 6, 1, 3)  # Wirth's and Knuth's first solution, 15863724
    claims = PUBLISHED["stone_stone"]["abstract"]
    low, high = claims["n_plus_one_factor"]
    gains = [r["gain"] for r in rows if r["gain"] is not None and r["n"] < claims["n_plus_one_below"]]
    assert sum(low <= g <= high for g in gains) > len(gains) / 2  # "for most even values of N < 30"
    lex = {r["n"]: r["lexicographic"] for r in rows if r["lexicographic"] is not None}
    assert lex[27] > 100 * lex[13]  # exponential growth, with swings between neighbours
    frv = {r["n"]: r["fewest values (FC)"] for r in rows if r["fewest values (FC)"] is not None}
    assert max(frv.values()) < min(lex[n] for n in range(22, 28))  # "very quickly", against lexicographic's cost
    assert "published" not in result.tables[0][1] and any(n.startswith("Not available here") for n in result.notes)


@pytest.mark.slow
def test_minton_quick():
    """The mean repairs at the largest quick n (10^5) within the page's factor of the published ~50 at 10^6; the
    queens in conflict after the greedy start within a factor 2 of the published 12.8 violations."""
    result = minton.reproduce("quick")
    rows = _rows(result, result.tables[0][0])
    published = PUBLISHED["minton"]
    largest = rows[-1]
    assert largest["n"] == 10**5
    repairs = published["repairs_1e6"]["value"]
    assert repairs / minton.TOLERANCE <= largest["mean repairs"] <= repairs * minton.TOLERANCE
    start = published["initial_conflicts_1e6"]["value"]
    assert start / 2 <= largest["mean queens in conflict at start"] <= start * 2
    means = [r["mean repairs"] for r in rows if r["n"] >= 100]
    assert max(means) < 2 * min(means)  # hardly growing with n


@pytest.mark.slow
def test_gent_jefferson_nightingale_quick():
    """Instance by instance the paper's answers (the quick seeds of its results file), and over 1,000 seeds its
    fraction satisfiable within sampling error."""
    result = gjn.reproduce("quick")
    assert result.disagreements == 0
    published = {(r["n"], r["m"]): r for r in PUBLISHED["gent_jefferson_nightingale"]["excluded_diagonals"]["rows"]}
    rows = _rows(result, result.tables[0][0])
    seeds = len(gjn.SETTINGS["quick"]["seeds"])
    assert {r["n"] for r in rows} == {10, 12, 14}
    for row in rows:
        p = published[row["n"], row["M"]]
        same_seeds = sum(c == "1" for c in p["sat_1_100"][:seeds]) / seeds
        assert row["lines p(sat)"] == same_seeds
        assert row["published p(sat), 1000 seeds"] == p["p_sat"]
        sigma = math.sqrt(max(p["p_sat"] * (1 - p["p_sat"]), 1 / seeds) / seeds)
        assert abs(row["lines p(sat)"] - p["p_sat"]) <= 4 * sigma
    for n in (10, 12, 14):
        curve = [r for r in rows if r["n"] == n]
        peak = max(curve, key=lambda r: r["lines median nodes"])
        published_peak = max((r for r in published.values() if r["n"] == n), key=lambda r: r["median_nodes"])
        assert abs(peak["M"] - published_peak["m"]) <= 2  # the effort peaks where the paper's does
        assert statistics.median(r["lines median s"] for r in curve) < 0.05
    blocked = next(ax for ax in result.figure().axes if ax.get_title().startswith("Blocked"))
    said = [text.get_text() for text in blocked.get_legend().get_texts()]
    assert said == ["p(sat) (left axis)", "median nodes (right axis)"]  # the right axis has its legend too


# -- the command line -----------------------------------------------------------------------------------------


def _script(name, *args):
    return subprocess.run(
        [sys.executable, str(PAPERS / f"{name}.py"), *args], capture_output=True, text=True, timeout=120
    )


def test_long_full_run_asks_for_full():
    """A reproduction whose full table takes more than ten minutes says how long and asks for --full."""
    assert gjn.FULL_SECONDS > LONG
    done = _script("gent_jefferson_nightingale")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: the full reproduction takes about 2.0 h here; run it with --full")
    assert done.stderr.count("\n") == 1


def test_bad_arguments_are_one_line():
    done = _script("minton", "--quick", "--store", "x.sqlite")
    assert done.returncode == 2
    assert done.stderr.startswith("error: --store keeps the cells of a full run")
    done = _script("minton", "--quick", "--full")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "error: argument --full: not allowed with argument --quick\n"


@pytest.mark.slow
def test_interrupted_full_run_resumes(tmp_path, monkeypatch, capsys):
    """A full run stopped by Ctrl-C after three cells exits 130 with 'interrupted' and no table; started again it
    takes those three from the store and computes the rest; its figure is written beside the store with the
    machine and the versions."""
    from nqueens.native import construct as module

    monkeypatch.setitem(minton.SETTINGS, "full", {"ns": (100, 1000), "seeds": 3})
    real = module.construct
    calls = []

    def stopping(*args, **kwargs):
        calls.append(args)
        if len(calls) == 4:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    store = tmp_path / "runs.sqlite"
    monkeypatch.setattr(module, "construct", stopping)
    assert minton.main(["--full", "--store", str(store)]) == 130
    out, err = capsys.readouterr()
    assert err == "interrupted\n"
    assert out == ""
    monkeypatch.setattr(module, "construct", real)
    assert minton.main(["--full", "--store", str(store)]) == 0
    out, err = capsys.readouterr()
    assert "6 cells, 3 taken from the store" in out
    assert "| 1,000 | 3 |" in out
    about = json.loads(next((tmp_path / "papers").glob("minton-*.json")).read_text())
    assert about["reused"] == 3 and about["cells"] == 6
    assert about["machine"]["cores"] >= 1 and "nqueens" in about["versions"]
    assert next((tmp_path / "papers").glob("minton-*.png")).stat().st_size > 1000


def _paper(python, *args):
    import subprocess

    return subprocess.run(
        [python, str(PAPERS / "knuth.py"), "--quick", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("out", ["/proc", "/sys/kernel", "/dev/null"])
def test_a_paper_script_refuses_an_unwritable_out_before_it_computes(out):
    done = _paper(sys.executable, "--out", out)
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.startswith(f"error: --out {out}: ") and done.stderr.count("\n") == 1, done.stderr


def test_a_paper_script_under_a_python_without_the_toolkit_says_so(tmp_path):
    import subprocess
    import venv

    bare = tmp_path / "bare"
    venv.create(bare, with_pip=False)
    python = str(bare / "bin" / "python")
    # from another folder than the clone's root, whose own nqueens/ a bare Python would import
    assert subprocess.run([python, "-c", "import nqueens"], capture_output=True, cwd=tmp_path).returncode != 0
    done = _paper(python)
    assert done.returncode == 2 and "the toolkit is not installed in this Python" in done.stderr, done.stderr
    assert "pip install 'nqueens[plot]'" not in done.stderr
