"""Markdown tables hold what a cell says, whatever it says: a ``|`` or a line break in a label or a message is
escaped, so that every row keeps its columns (:func:`nqueens.core.table.render`, the one renderer of every table)."""

import re

from nqueens.analysis.compare import format_runs, format_table

from nqueens.core.record import RunRecord
from nqueens.core.table import render


def _cells(line):
    """The cells of one Markdown table row: split on the pipes that are not escaped."""
    return re.split(r"(?<!\\)\|", line.strip())[1:-1]


def test_a_pipe_or_a_line_break_in_a_cell_keeps_the_row_whole():
    text = render(["solver", "message"], [["a|b", "line one\nline | two"], ["c", None]])
    lines = text.splitlines()
    assert len(lines) == 4 and all(len(_cells(line)) == 2 for line in lines)
    assert [cell.strip() for cell in _cells(lines[2])] == [r"a\|b", r"line one line \| two"]
    compact = render(["x|y"], [["1\n2"]], style="compact").splitlines()
    assert compact == [r"| x\|y |", "|---|", "| 1 2 |"]


def test_a_hostile_column_name_and_message_keep_the_experiment_tables_whole():
    runs = [
        RunRecord(8, "evil|col\nx", status="error", message="boom | bang\nsecond line", timeout=5.0),
        RunRecord(8, "fine", status="solved", total=92, seconds=0.5, timeout=5.0),
    ]
    for text in (format_table(runs), format_runs(runs)):
        rows = [line for line in text.splitlines() if line.startswith("|")]
        assert len(rows) == 4 and len({len(_cells(line)) for line in rows}) == 1, text
