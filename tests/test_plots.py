"""Figures: files written, axes labelled, numbers drawn equal to the numbers given; boards in notebooks."""

import os
import platform
import sys
import xml.etree.ElementTree as ET

import pytest
from helpers import one_error_line, run_cli
from known import KNUTH_PROFILE_8, TOTAL, UNIQUE
from nqueens.analysis.plots import plot_profiles, plot_timings, plot_tree_sizes, plot_unique_vs_total
from nqueens.analysis.render import Board
from nqueens.analysis.trees import tree_size

import nqueens

PNG = b"\x89PNG\r\n\x1a\n"


def check_labels(fig):
    assert fig.axes[0].get_xlabel()
    for ax in fig.axes:
        if ax.get_lines():
            assert ax.get_ylabel()  # a twin axis shares its x label
    titles = [fig.get_suptitle()] + [ax.get_title() for ax in fig.axes]
    assert any(platform.node() in title for title in titles)
    assert any(ax.get_legend() is not None for ax in fig.axes)


def lines_by_label(fig):
    return {line.get_label(): line for ax in fig.axes for line in ax.get_lines()}


def test_timings(tmp_path):
    records = [nqueens.count(n, s) for n in range(4, 9) for s in ("bitwise", "bitmask-recursive")]
    fig = plot_timings(records, tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:8] == PNG
    check_labels(fig)
    ax = fig.axes[0]
    assert ax.get_yscale() == "log" and "seconds" in ax.get_ylabel()
    lines = lines_by_label(fig)
    assert set(lines) == {"bitwise", "bitmask-recursive"}
    for solver, line in lines.items():
        mine = [r for r in records if r.solver == solver]
        assert list(line.get_xdata()) == [r.n for r in mine]
        assert list(line.get_ydata()) == [max(r.seconds, 1e-7) for r in mine]


@pytest.mark.slow
def test_tree_sizes(tmp_path):
    rows = [
        {
            "model": "mary",
            "n": n,
            "tree_size": tree_size(n, "mary"),
            "measured": nqueens.count(n, "bitwise", nodes=True).nodes,
            "estimate": None,
        }
        for n in range(4, 9)
    ]
    fig = plot_tree_sizes(rows, tmp_path / "trees.svg")
    ET.parse(tmp_path / "trees.svg")  # well-formed SVG
    check_labels(fig)
    lines = lines_by_label(fig)
    closed = lines["mary (closed form)"].get_ydata()
    assert [round(10**y) for y in closed] == [tree_size(n, "mary") for n in range(4, 9)]
    assert lines["mary: feasible (measured)"].get_ydata()[-1] == sum(KNUTH_PROFILE_8)
    assert fig.axes[1].get_yscale() == "log"
    huge = plot_tree_sizes([{"model": "subset", "n": 40, "tree_size": tree_size(40, "subset")}], tmp_path / "huge.png")
    assert lines_by_label(huge)["subset (closed form)"].get_ydata()[0] == pytest.approx((40 * 40 + 1) * 0.30103, 1e-4)


def test_profiles(tmp_path):
    feasible = list(KNUTH_PROFILE_8)
    fig = plot_profiles(
        8, {"mary": {"feasible": feasible, "generated": [1] + [8 * f for f in feasible[:-1]]}}, tmp_path / "p.png"
    )
    assert (tmp_path / "p.png").read_bytes()[:8] == PNG
    check_labels(fig)
    assert list(lines_by_label(fig)["mary: feasible"].get_ydata()) == feasible


def test_profiles_put_cell_depths_on_the_row_scale():
    cells = [1] * (3 * 3 + 1)
    fig = plot_profiles(3, {"subset": {"feasible": cells}})
    assert list(lines_by_label(fig)["subset: feasible"].get_xdata()) == [k / 3 for k in range(10)]


def test_unique_vs_total(tmp_path):
    rows = [{"n": n, "total": TOTAL[n], "unique": UNIQUE[n]} for n in range(1, 13)]
    fig = plot_unique_vs_total(rows, tmp_path / "u.png")
    assert (tmp_path / "u.png").read_bytes()[:8] == PNG
    check_labels(fig)
    total = lines_by_label(fig)["total (all solutions)"].get_ydata()
    assert total[7] == 92 and total[1] == total[2] == 0  # n = 2, 3 drawn at 0 on the symlog axis, not dropped
    assert fig.axes[0].get_yscale() == "symlog" and any("n = 2, 3" in t.get_text() for t in fig.axes[0].texts)


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda p: plot_timings([], p / "x.png"), "no count records"),
        (lambda p: plot_timings([nqueens.count(5)], p / "x.jpg"), ".png or .svg"),
        (lambda p: plot_unique_vs_total([{"n": 2, "total": 0, "unique": 0}], p / "x.png"), "no solution counts"),
    ],
)
def test_bad_input(tmp_path, call, fragment):
    with pytest.raises(nqueens.NQueensError, match=fragment):
        call(tmp_path)


def test_missing_matplotlib_is_a_clear_error(monkeypatch):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # what `import matplotlib` sees when it is not installed
    with pytest.raises(nqueens.NQueensError, match=r"pip install 'nqueens\[plot\]'"):
        plot_timings([nqueens.count(5)])


# --- boards in notebooks ---------------------------------------------------------------------------------------


def _square_of(element, size):
    """The (row, column) a drawn queen stands on: the centre of its crown polygon or its dot."""
    if element.tag.endswith("circle"):
        x, y = float(element.get("cx")), float(element.get("cy"))
    else:
        points = [tuple(map(float, p.split(","))) for p in element.find("{*}polygon").get("points").split()]
        x = (min(p[0] for p in points) + max(p[0] for p in points)) / 2
        y = (min(p[1] for p in points) + max(p[1] for p in points)) / 2
    return int(y // size), int(x // size)


def test_board_renders_as_svg():
    q = next(nqueens.solutions(8))
    board = nqueens.Board(q)
    text = board._repr_svg_()
    svg = ET.fromstring(text)
    queens = [e for e in svg.iter() if e.get("class") == "queen"]
    assert len(queens) == 8 and all(e.get("fill") == "#1a1a1a" for e in queens)
    assert "\u265b" not in text and "<text" not in text  # shapes, not the chess character
    size = int(svg.get("width")) // 8
    assert [_square_of(e, size) for e in queens] == [(row, q[row]) for row in range(8)]
    assert str(board) == "\n".join(nqueens.core.board.to_board(q)) and board.is_solution


def test_an_instance_draws_its_blocks_diagonals_and_queens():
    from nqueens.core.instance import Instance

    instance = Instance.make(6, blocked=[(0, 0), (5, 2)], queens=[(1, 3)], excluded_sum=[4], excluded_difference=[-2])
    svg = ET.fromstring(instance._repr_svg_())
    size = int(svg.get("width")) // 6
    blocked = [e.find("{*}rect") for e in svg.iter() if e.get("class") == "blocked"]
    assert sorted((int(float(r.get("y"))) // size, int(float(r.get("x"))) // size) for r in blocked) == [(0, 0), (5, 2)]
    lines = [e for e in svg.iter() if e.get("class") == "excluded"]
    ends = sorted(
        tuple(int(float(e.get(k)) // size) for k in ("y1", "x1", "y2", "x2")) for e in lines
    )  # r + c = 4 runs from (0, 4) to (4, 0); r - c = -2 from (0, 2) to (3, 5)
    assert ends == [(0, 2, 3, 5), (0, 4, 4, 0)]
    given = [e for e in svg.iter() if e.get("class") == "queen"]
    assert [_square_of(e, size) for e in given] == [(1, 3)]
    solution = next(q for q in nqueens.solutions(6) if q[1] == 3)
    drawn = ET.fromstring(Board(solution, instance=instance)._repr_svg_())
    assert sum(e.get("class") == "queen" for e in drawn.iter()) == 6
    assert sum(e.get("class") == "given" for e in drawn.iter()) == 1
    with pytest.raises(nqueens.NQueensError, match="instance of n = 6"):
        Board((1, 3, 0, 2), instance=instance)


def test_board_marks_attacking_queens():
    board = Board((0, 2, 1, 3))  # rows 1 and 2 share an anti-diagonal; rows 0 and 3 a diagonal
    assert board.conflicts == {0, 1, 2, 3} and not board.is_solution
    assert Board((1, 3, 0, 2)).conflicts == frozenset()
    assert Board((0, 2, 4, 1, 3, 3)).conflicts == {3, 4, 5}  # rows 4, 5 share column 3; rows 3, 5 a diagonal


def test_large_board_draws_queens_only():
    n = 100
    q = [(2 * r) % n for r in range(n)]  # not a solution; the picture must still be small
    svg = Board(q)._repr_svg_()
    ET.fromstring(svg)
    assert svg.count("<rect") == 1 and svg.count('class="queen"') == n  # no checkerboard, one dot per queen


@pytest.mark.parametrize("q", [(), (0, 4), ("a", 1), (-1, 0)])
def test_board_bad_input(q):
    with pytest.raises(nqueens.NQueensError):
        Board(q)


def test_every_plot_takes_what_run_returns(tmp_path):
    from nqueens.analysis.plots import plot_cactus, plot_scatter

    from nqueens.experiments import runner as experiment

    result = experiment.run(
        experiment.problems_from_range("6..8"), experiment.parse_solvers("bitwise,dlx"), repeat=2, store="none"
    )
    fig = plot_timings(result.records)
    lines = lines_by_label(fig)
    assert set(lines) == {"bitwise", "dlx"} and list(lines["dlx"].get_xdata()) == [6, 7, 8]
    fig = plot_timings([r.to_dict() for r in result.records])  # their JSON form (nqueens runs --format json)
    assert set(lines_by_label(fig)) == {"bitwise", "dlx"}
    assert len(plot_cactus(result.records).axes[0].get_lines()) == 2
    fig = plot_scatter(result.records, "bitwise", "dlx", timeout=20.0)
    ax = fig.axes[0]
    times = [r.seconds for r in result.records]
    assert ax.get_xlim() == ax.get_ylim() and ax.get_xlim()[1] <= 2 * max(times) < 20  # not up to the limit
    assert ax.get_aspect() == 1.0 and sorted(t.get_text() for t in ax.texts) == ["n = 6", "n = 7", "n = 8"]


def test_unique_vs_total_takes_the_runs_of_an_experiment():
    from nqueens.experiments import runner as experiment

    result = experiment.run(
        experiment.problems_from_range("1..8"),
        experiment.parse_solvers("fast,bitwise"),
        question="unique",
        store="none",
    )
    fig = plot_unique_vs_total(result.records)
    lines = lines_by_label(fig)
    assert list(lines["total (all solutions)"].get_ydata()) == [TOTAL[n] for n in range(1, 9)]
    assert list(lines["unique (one per orbit of the 8 symmetries)"].get_ydata()) == [UNIQUE[n] for n in range(1, 9)]


def test_compare_without_matplotlib_exits_2_before_its_first_run(capsys, tmp_path, monkeypatch):
    import nqueens.experiments.runner as runner

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    ran = []
    monkeypatch.setattr(runner, "_execute", lambda *a, **k: ran.append(a) or iter(()))
    code, out, err = run_cli(capsys, "compare", "4..8", "--plot", str(tmp_path / "c.png"))
    assert code == 2 and "matplotlib" in one_error_line(err) and ran == [] and out == ""


@pytest.mark.parametrize("where", ["/proc/c.png", "/sys/kernel/c.svg", "/dev/null"])
def test_an_unwritable_plot_path_is_refused_before_the_first_run(capsys, where):
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--plot", where)
    line = one_error_line(err)
    assert code == 2 and ("cannot write" in line or ".png or .svg" in line) and out == ""


def test_plot_kind_without_plot_is_refused(capsys):
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--plot-kind", "time")
    assert code == 2 and "--plot FILE" in one_error_line(err) and out == ""


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_a_read_only_folder_is_refused_for_a_plot(capsys, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    code, out, err = run_cli(capsys, "compare", "4..5", "--solvers", "bitwise", "--plot", str(folder / "c.png"))
    assert code == 2 and "not writable" in one_error_line(err)
