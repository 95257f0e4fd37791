"""``nqueens compare``: the table (status, median/min/max, notes, agreement), bad input, plots, output errors."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from helpers import run_cli
from known import TOTAL, UNIQUE
from nqueens.analysis.compare import cells, format_table
from nqueens.analysis.trees import tree_size

import nqueens
from nqueens.experiments import runner as experiment

ENUMERATORS = [s.name for s in nqueens.solvers() if "enumerate" in s.can]
NQUEENS = [sys.executable, "-m", "nqueens"]


def one_error_line(code, out, err, *fragments):
    assert code == 2 and out == "", (code, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert all(fragment in err for fragment in fragments), err


@pytest.mark.slow
def test_every_enumerator_answers_unique_from_its_timed_enumeration():
    result = experiment.run(
        experiment.problems_from_range("1..8"),
        experiment.parse_solvers(",".join(ENUMERATORS)),
        question="unique",
        store="none",
    )
    assert {r["solver"] for r in result.records} == set(ENUMERATORS)
    for r in result.records:
        assert r["status"] == "solved", r
        assert (r["total"], r["unique"]) == (TOTAL[r["n"]], UNIQUE[r["n"]]), (r["solver"], r["n"])
        sizes = {int(k): v for k, v in r["classes"].items()}
        assert sum(sizes.values()) == r["unique"] and sum(k * v for k, v in sizes.items()) == r["total"]
        assert r["seconds"] > 0


@pytest.mark.slow
def test_node_columns_only_when_asked_and_filled():
    with_trees = [s.name for s in nqueens.solvers() if hasattr(s.load(), "tree_size") and "nodes" in s.can]
    result = experiment.run(
        experiment.problems_from_range("4..8"),
        experiment.parse_solvers(",".join(["bitwise", *with_trees])),
        nodes=True,
        store="none",
    )
    lines = format_table(result.records, "csv").splitlines()
    header = lines[0].split(",")
    assert header[:4] == ["n", "solver", "status", "total"] and "nodes" in header
    rows = [dict(zip(header, line.split(","))) for line in lines[1:]]
    for row, record in zip(rows, result.records):
        assert int(row["nodes"]) == record["nodes"] and row["status"] == "solved"
        if record["solver"] in with_trees:
            assert int(row["tree"]) == tree_size(record["n"], record["solver"])
            assert int(row["generated"]) == record["stats"]["generated"]
    assert {r["solver"]: r["nodes"] for r in result.records if r["n"] == 8}["bitwise"] == 2057  # Knuth's tree
    plain = experiment.run(experiment.problems_from_range("8"), experiment.parse_solvers("bitwise"), store="none")
    assert "nodes" not in format_table(plain.records, "csv").splitlines()[0].split(",")


@pytest.mark.slow
def test_markdown_shows_huge_trees_readably():
    result = experiment.run(experiment.problems_from_range("9"), experiment.parse_solvers("subset"), store="none")
    digits = str(tree_size(9, "subset"))
    assert f"{digits[0]}.{digits[1:4]}e+{len(digits) - 1}" in format_table(result.records, "markdown")
    csv_row = dict(zip(*[line.split(",") for line in format_table(result.records, "csv").splitlines()]))
    assert csv_row["tree"] == digits


def test_repeats_give_median_min_max_and_the_number_of_runs(capsys):
    code, out, _ = run_cli(
        capsys,
        "compare",
        "6..7",
        "--solvers",
        "bitwise,dlx",
        "--repeat",
        "3",
        "--json",
        "--aggregate",
        "--store",
        "none",
    )
    table = json.loads(out)
    assert code == 0 and len(table) == 4
    for cell in table:
        # a run timed again over repetitions is summarised by its inner_time (docs/effort.md)
        times = sorted(r["inner_time"] if r["inner_time"] is not None else r["seconds"] for r in cell["repeats"])
        assert [r["repeat"] for r in cell["repeats"]] == [1, 2, 3] and cell["runs"] == 3
        assert (cell["seconds_min"], cell["seconds"], cell["seconds_max"]) == tuple(times)
        assert cell["status"] == "solved" and cell["total"] == TOTAL[cell["n"]]


@pytest.mark.slow
def test_an_option_sweep_makes_one_column_per_setting(capsys):
    code, out, _ = run_cli(
        capsys,
        "compare",
        "8",
        "--solvers",
        "dlx:choose=first,dlx:choose=min-size",
        "--nodes",
        "--format",
        "json",
        "--store",
        "none",
    )
    table = {cell["solver"]: cell for cell in json.loads(out)}
    assert code == 0 and list(table) == ["dlx:choose=first", "dlx:choose=min-size"]
    assert table["dlx:choose=first"]["nodes"] == 2057 > table["dlx:choose=min-size"]["nodes"]  # Knuth's tree
    assert table["dlx:choose=first"]["options"] == {"choose": "first", "rule": "queen"}


@pytest.mark.slow
def test_the_table_says_who_was_left_out_and_whether_all_agreed(capsys):
    code, out, _ = run_cli(capsys, "compare", "11", "--store", "none")
    assert code == 0
    table, _, footer = out.partition("\n\n")
    solvers = {line.split("|")[2].strip() for line in table.splitlines()[2:]}
    assert {"bitwise", "fast", "dlx"} <= solvers and not {"cpsat", "csp", "bitmask-recursive"} & solvers
    assert "not run: bitmask-recursive, cp, cpsat, csp, sat for n > 10" in footer and "--solvers" in footer
    assert out.rstrip().splitlines()[-1].startswith(f"all {len(solvers)} solvers agreed")


def test_unsupported_cells_are_rows_with_the_reason(capsys):
    code, out, _ = run_cli(
        capsys,
        "compare",
        "6..7",
        "--solvers",
        "bitwise,fast",
        "--question",
        "first",
        "--format",
        "json",
        "--store",
        "none",
    )
    table = json.loads(out)
    assert code == 0 and [(c["n"], c["solver"], c["status"]) for c in table] == [
        (6, "bitwise", "sat"),
        (6, "fast", "unsupported"),
        (7, "bitwise", "sat"),
        (7, "fast", "unsupported"),
    ]
    assert "only counts" in table[1]["message"] and table[0]["seconds_to_first"] is not None


@pytest.mark.slow
def test_the_markdown_table_summarises_unsupported_cells_instead_of_listing_them(capsys):
    """A range far beyond a solver's limit gives one footer line per solver and range, not a row per n (the JSON
    keeps every cell)."""
    code, out, _ = run_cli(
        capsys, "compare", "62..90", "--solvers", "bitwise", "--question", "first", "--timeout", "1", "--store", "none"
    )
    assert code == 0
    table, _, footer = out.partition("\n\n")
    assert [line.split("|")[1].strip() for line in table.splitlines()[2:]] == ["62", "63"]
    assert "- bitwise, n = 64..90: unsupported: bitwise takes n <= 63" in footer
    code, out, _ = run_cli(
        capsys,
        "compare",
        "62..90",
        "--solvers",
        "bitwise",
        "--question",
        "first",
        "--timeout",
        "1",
        "--format",
        "json",
        "--store",
        "none",
    )
    assert sum(cell["status"] == "unsupported" for cell in json.loads(out)) == 90 - 64 + 1


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["64..70", "--solvers", "bitwise"], "bitwise takes n <= 63"),
        (["32..33", "--solvers", "fast"], "fast takes n <= 31"),
        (["17..20"], "beyond"),
        (["4", "--solvers", ""], "--solvers"),
        (["4", "--solvers", "bitwise,dlx,bitwise"], "'bitwise' is named twice"),
        (["4", "--solvers", "dlx,dlx:choose=min-size"], "runs the same as"),
        (["4", "--solvers", "bitwise,"], "empty entry"),
        (["4", "--solvers", "nope"], "known solvers: "),
        (["4", "--solvers", "dlx:chose=first"], "its options: choose"),
        (["4", "--solvers", "dlx:choose"], "NAME:OPT=VAL"),
        (["4", "--plot", ""], "--plot"),
        (["4", "--timeout", "0"], "--timeout"),
        (["4", "--plot", "x.png", "--plot-kind", "scatter", "--solvers", "bitwise"], "two solvers"),
    ],
)
def test_bad_or_empty_comparisons_are_one_error_line(capsys, argv, fragment):
    one_error_line(*run_cli(capsys, "compare", *argv), fragment)


@pytest.mark.parametrize("path", ["timing.pdf", "missing-folder/timing.png"])
def test_a_bad_plot_path_fails_before_running(tmp_path, capsys, monkeypatch, path):
    monkeypatch.setattr(experiment, "_execute", lambda *a, **k: pytest.fail("ran before checking the path"))
    one_error_line(*run_cli(capsys, "compare", "4..5", "--plot", str(tmp_path / path)))


@pytest.mark.parametrize(
    "kind", [pytest.param("cactus", marks=pytest.mark.slow), "time", pytest.param("scatter", marks=pytest.mark.slow)]
)
def test_plots(tmp_path, capsys, kind):
    out = tmp_path / f"{kind}.png"
    code, stdout, stderr = run_cli(
        capsys,
        "compare",
        "4..7",
        "--solvers",
        "bitwise,bitmask-recursive",
        "--json",
        "--plot",
        str(out),
        "--plot-kind",
        kind,
        "--store",
        "none",
    )
    assert code == 0 and len(json.loads(stdout)) == 8 and "wrote" in stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cactus_and_scatter_figures_hold_the_runs():
    from nqueens.analysis.plots import plot_cactus, plot_scatter

    result = experiment.run(
        experiment.problems_from_range("5..8"),
        experiment.parse_solvers("bitwise,dlx,fast"),
        question="first",
        store="none",
    )
    fig = plot_cactus(result.records)
    lines = {line.get_label(): line for line in fig.axes[0].get_lines()}
    assert set(lines) == {"bitwise (4 of 4 solved)", "dlx (4 of 4 solved)"}  # fast cannot answer first
    bitwise = sorted(r["seconds"] for r in result.records if r["solver"] == "bitwise")
    assert lines["bitwise (4 of 4 solved)"].get_ydata().tolist() == bitwise
    fig = plot_scatter(result.records, "bitwise", "dlx")
    assert len(fig.axes[0].collections[0].get_offsets()) == 4


@pytest.mark.slow
def test_a_full_disk_is_one_error_line_and_a_closed_pipe_is_quiet():
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*NQUEENS, "compare", "4..5", "--solvers", "bitwise", "--store", "none"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert done.returncode != 0 and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    # The reader leaves before the table is written (as `| head -1` does once it has its line).
    command = "compare 4..9 --solvers bitwise,dlx --json --store none".split()
    reader = subprocess.Popen([*NQUEENS, *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    reader.stdout.close()
    assert reader.wait(timeout=120) == 0 and reader.stderr.read() == ""


@pytest.mark.slow
def test_ctrl_c_says_interrupted_and_prints_no_table(tmp_path):
    env = dict(os.environ, NQUEENS_STORE=str(tmp_path / "s.sqlite"), NQUEENS_WORKER_FAULT="hang@bitwise:9")
    process = subprocess.Popen(
        [*NQUEENS, "compare", "8..9", "--solvers", "bitwise", "--timeout", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    _wait_for_runs(tmp_path / "s.sqlite", 1)
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130 and out == "" and err.strip().endswith("interrupted"), (process.returncode, err)


def test_cells_reduce_repeats():
    runs = [
        {"n": 8, "solver": "a", "repeat": 1, "status": "solved", "total": 92, "seconds": 0.3},
        {"n": 8, "solver": "a", "repeat": 2, "status": "timeout", "seconds": None, "message": "stopped"},
        {"n": 8, "solver": "a", "repeat": 3, "status": "solved", "total": 92, "seconds": 0.1},
    ]
    (cell,) = cells(runs)
    assert (cell["status"], cell["runs"], cell["seconds"], cell["seconds_min"], cell["seconds_max"]) == (
        "timeout",
        2,
        0.2,
        0.1,
        0.3,
    )


def _wait_for_runs(path, count, deadline=120):
    import sqlite3

    stop = time.monotonic() + deadline
    while time.monotonic() < stop:
        if path.exists():
            try:
                with sqlite3.connect(path) as db:
                    if db.execute("SELECT COUNT(*) FROM experiment_runs").fetchone()[0] >= count:
                        return
            except sqlite3.OperationalError:
                pass
        time.sleep(0.1)
    pytest.fail(f"fewer than {count} runs stored in {deadline} s")


@pytest.mark.slow
def test_a_memory_limit_too_small_to_start_a_thread_is_a_memout(capsys):
    """``--memory 1`` leaves no room for a thread's stack: the run is out of memory, not an error."""
    _, out, _ = run_cli(capsys, "compare", "10", "--solvers", "bitwise", "--memory", "1", "--format", "json")
    (cell,) = json.loads(out)
    assert cell["status"] == "memout" and "--memory" in cell["message"]


@pytest.mark.slow
def test_workers_are_cut_to_the_cores(capsys):
    """--workers 1000 on a small machine starts no more processes than it has cores, and says so."""
    code, out, err = run_cli(capsys, "compare", "5", "--solvers", "bitwise,dlx", "--workers", "1000", "--store", "none")
    cores = os.cpu_count()
    assert code == 0 and f"--workers 1000 cut to {cores}: this machine has {cores} cores" in out + err


def test_a_column_option_given_twice_is_refused(capsys):
    code, out, err = run_cli(capsys, "compare", "5..5", "--solvers", "dlx:choose=first:choose=min-size")
    assert code == 2 and out == ""
    assert (
        err.strip()
        == "error: solver option 'choose' is given twice in 'dlx:choose=first:choose=min-size'; give it once"
    )


# -- a column that cannot answer the question as asked is unsupported, with the reason, before it runs -----


@pytest.mark.parametrize(
    ("column", "question", "because"),
    [
        ("cpsat:symmetry=true", "enumerate", "symmetry=lex"),
        ("csp:algorithm=min-conflicts", "count", "algorithm=min-conflicts"),
        ("csp:algorithm=min-conflicts", "enumerate", "algorithm=min-conflicts"),
        ("cpsat:first=true", "unique", "first=true"),
    ],
)
def test_a_column_that_cannot_answer_as_asked_is_unsupported_before_it_runs(capsys, column, question, because):
    code, out, err = run_cli(
        capsys, "compare", "6..7", "--solvers", f"{column},bitwise", "--question", question, "--json", "--store", "none"
    )
    assert code == 0, err
    runs = json.loads(out)
    mine = [r for r in runs if r["solver"] == column]
    assert [r["n"] for r in mine] == [6, 7]
    for r in mine:
        assert r["status"] == "unsupported" and because in r["message"] and r["seconds"] is None, r
    theirs = {r["n"]: r["total"] for r in runs if r["solver"] == "bitwise"}
    assert theirs == {6: TOTAL[6], 7: TOTAL[7]}


def test_cpsat_with_symmetry_still_counts_the_total(capsys):
    code, out, err = run_cli(
        capsys, "compare", "7..8", "--solvers", "cpsat:symmetry=true", "--question", "count", "--json"
    )
    assert code == 0, err
    assert {r["n"]: (r["status"], r["total"]) for r in json.loads(out)} == {n: ("solved", TOTAL[n]) for n in (7, 8)}


# -- refuse first, forecast only what will run ----------------------------------------------------------------


def test_a_refused_request_is_refused_before_any_forecast(capsys):
    start = time.monotonic()
    code, out, err = run_cli(capsys, "count", "70", "--solver", "mary", "--option", "propagation=forward-checking")
    one_error_line(code, out, err, "n <= 63", "propagation=forward-checking")
    assert time.monotonic() - start < 5


def test_a_column_beyond_the_limit_of_its_options_is_unsupported(capsys):
    code, out, err = run_cli(
        capsys, "compare", "70..70", "--solvers", "mary:order=first-fail", "--question", "first", "--json"
    )
    one_error_line(code, out, err, "n <= 63")


def test_two_solvers_that_agree_are_both(capsys):
    code, out, err = run_cli(capsys, "compare", "5..6", "--solvers", "bitwise,dlx", "--store", "none")
    assert code == 0 and out.rstrip().splitlines()[-1].startswith("both solvers agreed on every answer")
