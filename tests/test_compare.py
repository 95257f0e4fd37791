"""The comparison runner: unique counts for every enumerator, node columns, agreement checks, --plot."""

import json

import pytest

import nqueens
from nqueens.analysis import compare as compare_module
from nqueens.analysis.compare import compare, format_table
from nqueens.analysis.trees import tree_size
from nqueens.cli import main

from known import TOTAL, UNIQUE

ENUMERATORS = [s.name for s in nqueens.solvers() if "enumerate" in s.can]


def test_every_enumerator_gets_unique_and_classes():
    records = compare(range(1, 9), ENUMERATORS)
    assert {r.solver for r in records} == set(ENUMERATORS)
    for r in records:
        assert r.total == TOTAL[r.n] and r.unique == UNIQUE[r.n], (r.solver, r.n)
        assert sum(r.classes.values()) == r.unique and sum(k * v for k, v in r.classes.items()) == r.total


def test_unique_can_be_left_out():
    records = compare(range(6, 8), ["bitwise"], unique=False)
    assert [r.unique for r in records] == [None, None]


def test_node_columns():
    with_trees = [s.name for s in nqueens.solvers() if hasattr(s.load(), "tree_size") and "nodes" in s.can]
    solvers = ["bitwise"] + with_trees
    records = compare(range(4, 9), solvers, nodes=True)
    lines = format_table(records, "csv").splitlines()
    header = lines[0].split(",")
    assert header[:4] == ["n", "solver", "total", "unique"] and "nodes" in header
    cells = [dict(zip(header, line.split(","))) for line in lines[1:]]
    for row, record in zip(cells, records):
        assert int(row["nodes"]) == record.nodes
        if record.solver in with_trees:
            assert int(row["tree"]) == tree_size(record.n, record.solver)
            assert int(row["generated"]) == record.stats["generated"]
        else:
            assert row.get("tree", "") == ""
    eight = {r.solver: r for r in records if r.n == 8}
    assert eight["bitwise"].nodes == 2057  # Knuth's tree of 8 queens


def test_markdown_shows_huge_trees_readably():
    text = format_table(compare(range(9, 10), ["subset"]), "markdown")
    digits = str(tree_size(9, "subset"))
    assert f"{digits[0]}.{digits[1:4]}e+{len(digits) - 1}" in text
    assert format_table(compare(range(9, 10), ["subset"]), "csv").splitlines()[1].split(",")[4] == digits


def test_an_enumeration_that_disagrees_with_its_count_is_an_error(monkeypatch):
    def short(n, solver=None, **kwargs):
        for batch in nqueens.batches(n, solver, **kwargs):
            yield batch[:-1]

    monkeypatch.setattr(compare_module, "batches", short)
    with pytest.raises(nqueens.NQueensError, match="counts 92 solutions for n = 8 but enumerates"):
        compare(range(8, 9), ["bitwise"])


def test_cli_plot_writes_the_figure(tmp_path, capsys):
    out = tmp_path / "timing.png"
    code = main(["compare", "4..7", "--solvers", "bitwise,bitmask-recursive", "--json", "--plot", str(out)])
    stdout, stderr = capsys.readouterr()
    records = json.loads(stdout)
    assert code == 0 and len(records) == 8 and all(r["unique"] == UNIQUE[r["n"]] for r in records)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "wrote" in stderr
    svg = tmp_path / "timing.svg"
    assert main(["compare", "5", "--solvers", "bitwise", "--quiet", "--plot", str(svg)]) == 0
    assert svg.read_text().lstrip().startswith("<?xml") and "<svg" in svg.read_text()


@pytest.mark.parametrize("path", ["timing.pdf", "missing-folder/timing.png"])
def test_cli_bad_plot_path_fails_before_running(tmp_path, capsys, monkeypatch, path):
    monkeypatch.setattr(compare_module, "count", lambda *a, **k: pytest.fail("ran before checking the path"))
    code = main(["compare", "4..5", "--plot", str(tmp_path / path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.startswith("error: ") and len(err.splitlines()) == 1
