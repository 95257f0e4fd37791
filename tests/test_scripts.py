"""The research scripts: each writes its Markdown table and figures, and its numbers are the library's."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from known import KNUTH_PROFILE_8, TOTAL, UNIQUE
from nqueens.analysis.estimate import estimate
from nqueens.analysis.symmetry import classes
from nqueens.analysis.trees import tree_size

import nqueens

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
PNG = b"\x89PNG\r\n\x1a\n"


def load(name):
    sys.path.insert(0, str(SCRIPTS))
    try:
        spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(SCRIPTS))
    return module


def tables(text):
    """Every Markdown table in ``text`` as a list of dicts (numbers parsed, ``-`` as None)."""
    found, current, header = [], None, None
    for line in text.splitlines() + [""]:
        if not line.startswith("|"):
            if current is not None:
                found.append(current)
            current = header = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header, current = cells, []
        elif not set("".join(cells)) <= set("-:"):
            current.append(dict(zip(header, map(_value, cells))))
    return found


def _value(cell):
    if cell == "-":
        return None
    if cell in ("yes", "**no**"):
        return cell == "yes"
    try:
        number = float(cell.replace(",", ""))
    except ValueError:
        return cell
    return int(number) if number.is_integer() and "e" not in cell and "." not in cell else number


@pytest.mark.slow
def test_unique_vs_total(tmp_path, capsys):
    assert load("unique_vs_total").main([str(tmp_path), "--max-n", "10"]) == 0
    assert (tmp_path / "unique_vs_total.png").read_bytes()[:8] == PNG
    (rows,) = tables((tmp_path / "unique_vs_total.md").read_text())
    assert [r["n"] for r in rows] == list(range(1, 11))
    for r in rows:
        n = r["n"]
        assert r["total"] == r["OEIS A000170"] == TOTAL[n] and r["unique"] == r["OEIS A002562"] == UNIQUE[n]
        found = classes(nqueens.batches(n))
        assert [r[f"orbits of {k}"] for k in (1, 2, 4, 8)] == [found.get(k, 0) for k in (1, 2, 4, 8)]
        assert r["matches OEIS"] is True
    assert "wrote" in capsys.readouterr().out


def test_unique_vs_total_by_enumeration(tmp_path):
    assert load("unique_vs_total").main([str(tmp_path), "--max-n", "8", "--solver", "bitwise"]) == 0
    text = (tmp_path / "unique_vs_total.md").read_text()
    assert "enumerated by `bitwise`" in text
    (rows,) = tables(text)
    assert [r["unique"] for r in rows] == [UNIQUE[n] for n in range(1, 9)]


@pytest.mark.slow
def test_tree_sizes(tmp_path):
    assert load("tree_sizes").main([str(tmp_path), "--from", "4", "--to", "7", "--profile-n", "5"]) == 0
    for figure in ("tree_sizes.png", "profile_5.png"):
        assert (tmp_path / figure).read_bytes()[:8] == PNG
    sizes, depths = tables((tmp_path / "tree_sizes.md").read_text())
    for r in sizes:
        n = r["n"]
        for model in ("permutation", "mary", "subset"):
            if model in ("permutation", "mary") or tree_size(n, model) < 10**15:
                assert r[f"{model} tree"] == tree_size(n, model)
            record = nqueens.count(n, model, nodes=True)
            assert r[f"{model} nodes"] == record.nodes and r[f"{model} generated"] == record.stats["generated"]
        assert r["solutions"] == TOTAL[n]
    assert [r["feasible"] for r in depths if r["model"] == "mary"] == list(
        nqueens.count(5, "bitwise", nodes=True).profile
    )


@pytest.mark.slow
def test_estimator(tmp_path):
    argv = [str(tmp_path), "--from", "6", "--to", "8", "--large", "14,20", "--probes", "3000", "--seed", "2"]
    assert load("estimator").main(argv) == 0
    assert (tmp_path / "estimator.png").read_bytes()[:8] == PNG
    exact, large = tables((tmp_path / "estimator.md").read_text())
    assert len(exact) == 3 * 3 and len(large) == 3 * 2
    for r in exact:
        assert r["exact nodes"] == nqueens.count(r["n"], r["model"], nodes=True).nodes
        guess = estimate(r["n"], r["model"], probes=3000, seed=2)
        assert r["estimate"] == pytest.approx(guess.estimate, rel=1e-3)
        assert r["within 3 s.e."] is True
    for r in large:
        assert r["estimate"] == pytest.approx(estimate(r["n"], r["model"], probes=3000, seed=2).estimate, rel=1e-3)


@pytest.mark.slow
def test_documented_command_and_bad_arguments(tmp_path):
    """`python scripts/NAME.py OUT ...` as the README says; bad input is one error line and exit status 2."""
    ok = subprocess.run(
        [sys.executable, str(SCRIPTS / "unique_vs_total.py"), str(tmp_path), "--max-n", "6"],
        capture_output=True,
        text=True,
    )
    assert ok.returncode == 0 and (tmp_path / "unique_vs_total.md").exists(), ok.stderr
    bad = subprocess.run(
        [sys.executable, str(SCRIPTS / "estimator.py"), str(tmp_path), "--from", "9", "--to", "5"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr


# -- every figure the README and the scripts make, small, with the defects they once had checked -------------


def _figure_of(monkeypatch, script):
    """Run ``script.main`` and keep the Figure it saves (the plot functions return it; the script does not)."""
    from nqueens.analysis import plots

    kept = []
    real = plots.save

    def keep(fig, path):
        kept.append(fig)
        return real(fig, path)

    monkeypatch.setattr(plots, "save", keep)
    monkeypatch.setattr(script, "save", keep, raising=False)
    return kept


def test_a_profile_figure_shows_every_series_of_equal_values():
    from nqueens.analysis.plots import plot_profiles

    knuth = {"feasible": list(KNUTH_PROFILE_8)}  # Knuth's, one measured and an estimate: equal values
    fig = plot_profiles(8, {"Knuth": knuth, "measured": dict(knuth), "estimate": dict(knuth)})
    lines = [line for line in fig.axes[0].get_lines() if line.get_label().endswith("feasible")]
    assert len(lines) == 3  # Knuth's, one measured, the estimate: equal values, so drawn side by side
    starts = {round(float(line.get_xdata()[0]), 3) for line in lines}
    assert len(starts) == 3 and len({line.get_linestyle() for line in lines}) == 3


def test_the_estimator_figure_shows_both_row_trees(tmp_path, monkeypatch):
    script = load("estimator")
    kept = _figure_of(monkeypatch, script)
    argv = [str(tmp_path), "--from", "5", "--to", "6", "--large", "9", "--probes", "300", "--seed", "1"]
    assert script.main(argv) == 0
    right = kept[-1].axes[1]
    measured = {line.get_label(): line for line in right.get_lines() if "(measured)" in line.get_label()}
    xs = {label.split(":")[0]: tuple(line.get_xdata()) for label, line in measured.items()}
    assert xs["permutation"] != xs["mary"]  # same nodes, not drawn on top of each other


def test_unique_vs_total_draws_the_n_without_solutions(tmp_path, monkeypatch):
    script = load("unique_vs_total")
    kept = _figure_of(monkeypatch, script)
    assert script.main([str(tmp_path), "--max-n", "6"]) == 0
    ax = kept[-1].axes[0]
    total = next(line for line in ax.get_lines() if line.get_label().startswith("total"))
    assert ax.get_yscale() == "symlog"
    assert list(total.get_xdata()) == [1, 2, 3, 4, 5, 6] and list(total.get_ydata()) == [TOTAL[n] for n in range(1, 7)]
    assert any("n = 2, 3" in text.get_text() for text in ax.texts)


@pytest.mark.slow
def test_the_search_strategies_figure_tells_its_series_apart(tmp_path, monkeypatch):
    script = load("search_strategies")
    kept = _figure_of(monkeypatch, script)
    assert script.main([str(tmp_path), "--ns", "8,10", "--seeds", "1", "--max-failures", "500"]) == 0
    lines = [line for line in kept[-1].axes[0].get_lines() if not line.get_label().startswith("_")]
    looks = {(str(line.get_color()), line.get_marker(), line.get_linestyle()) for line in lines}
    assert len(lines) >= 11 and len(looks) == len(lines)


@pytest.mark.slow
def test_the_readme_seed000_figure_has_a_line_per_method(tmp_path, monkeypatch):
    from nqueens.analysis import plots

    from nqueens.cli import main

    kept = []
    real = plots.plot_timings
    monkeypatch.setattr(plots, "plot_timings", lambda *a, **k: kept.append(real(*a, **k)) or kept[-1])
    methods = "backtrack,mirror,marks,avail,bitwise"
    argv = ["compare", "6..9", "--solvers", methods, "--plot", str(tmp_path / "s.png"), "--plot-kind", "time"]
    assert main([*argv, "--quiet", "--store", "none"]) == 0
    lines = {line.get_label(): line for line in kept[0].axes[0].get_lines()}
    assert set(lines) == set(methods.split(","))
    assert all(list(line.get_xdata()) == [6, 7, 8, 9] for line in lines.values())
    assert (tmp_path / "s.png").read_bytes()[:8] == PNG
