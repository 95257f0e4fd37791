"""Tables of experiment runs: the cells of a comparison (median, min, max, status), and the runs one by one.

These functions take the run records an experiment produced (:func:`nqueens.experiments.runner.run`, or
``nqueens runs --format json``): dicts with ``n``, ``instance``, ``solver``, ``question``, ``repeat``,
``status``, ``message``, ``total``, ``unique``, ``classes``, ``nodes``, ``tree``, ``seconds``,
``seconds_to_first``, ``solution``, ``stats``, ``reused`` and ``timeout``. They run nothing.

A *cell* is one solver (column) on one problem (row): its repeats reduced to the median time with the minimum
and maximum, over the solved runs, and one status, the worst of its runs (``wrong``, ``error``, ``memout``,
``timeout``, ``unsupported``, else ``solved``).

Examples
--------
>>> runs = [
...     {"n": 8, "solver": "a", "repeat": 1, "status": "solved", "total": 92, "seconds": 0.3},
...     {"n": 8, "solver": "a", "repeat": 2, "status": "solved", "total": 92, "seconds": 0.1},
...     {"n": 8, "solver": "b", "repeat": 1, "status": "timeout", "seconds": None, "timeout": 2.0},
... ]
>>> [(c["solver"], c["status"], c["seconds"], c["runs"]) for c in cells(runs)]
[('a', 'solved', 0.2, 2), ('b', 'timeout', None, 0)]
>>> print(format_table(runs, "csv"), end="")
n,solver,status,total,seconds,min,max,runs
8,a,solved,92,0.2,0.1,0.3,2/2
8,b,timeout,,,,,0/1
>>> print(format_table(runs).splitlines()[3])
| 8 | b      | timeout |     - |       >2 |        - |        - |  0/1 |
"""

import csv
import io
import json
import statistics

from nqueens.core.errors import NQueensError

__all__ = ["parse_range", "SEVERITY", "cells", "agreement", "format_table", "format_runs", "RUN_COLUMNS"]

# The status of a cell is the first of these that one of its runs has.
SEVERITY = ("wrong", "error", "memout", "timeout", "unsupported", "solved")

# Columns of a comparison; those in _OPTIONAL appear only when some cell has a value there.
_COLUMNS = (
    "n",
    "instance",
    "solver",
    "status",
    "total",
    "unique",
    "tree",
    "generated",
    "nodes",
    "checks",
    "first",
    "seconds",
    "min",
    "max",
    "runs",
    "reused",
)
_OPTIONAL = ("instance", "total", "unique", "tree", "generated", "nodes", "checks", "first", "reused")

# Columns of ``nqueens runs``.
RUN_COLUMNS = (
    "id",
    "finished",
    "n",
    "instance",
    "solver",
    "question",
    "repeat",
    "status",
    "total",
    "unique",
    "seconds",
    "seconds_to_first",
    "timeout",
    "memory",
    "host",
    "version",
    "message",
)


def parse_range(text):
    """``"4..12"`` -> ``range(4, 13)``; a single ``"8"`` -> ``range(8, 9)``.

    Raises
    ------
    NQueensError
        Unless the text is ``A..B`` (or ``A``) with integers ``1 <= A <= B``.

    Examples
    --------
    >>> parse_range("4..6")
    range(4, 7)
    """
    from nqueens.core.board import check_n

    first, sep, last = str(text).partition("..")
    try:
        a = check_n(first, what="the range start")
        b = check_n(last, what="the range end") if sep else a
    except NQueensError as exc:
        raise NQueensError(f"a range is A..B with integers 1 <= A <= B: {exc}") from None
    if b < a:
        raise NQueensError(f"a range is A..B with A <= B, got {text!r}")
    return range(a, b + 1)


def cells(records):
    """The records reduced to one cell per (problem, solver), in the order they first appear.

    Returns
    -------
    list of dict
        The fields of the runs (from the first solved one) plus ``status``, ``message`` (of the run that gave
        the status), ``seconds`` (median of the solved runs), ``seconds_min``, ``seconds_max``,
        ``seconds_to_first`` (median), ``runs`` (solved runs behind the medians), ``reused`` (every run came
        from the store) and ``repeats`` (each run: ``repeat``, ``status``, ``seconds``, ``seconds_to_first``,
        ``reused``, ``message``).
    """
    groups = {}
    for record in records:
        groups.setdefault((record.get("instance"), record["n"], record["solver"]), []).append(record)
    out = []
    for runs in groups.values():
        status = min((r["status"] for r in runs), key=SEVERITY.index)
        solved = [r for r in runs if r["status"] == "solved"]
        base = dict(solved[0] if solved else next(r for r in runs if r["status"] == status))
        times = [r["seconds"] for r in solved if r.get("seconds") is not None]
        firsts = [r["seconds_to_first"] for r in solved if r.get("seconds_to_first") is not None]
        base.update(
            status=status,
            message=next((r.get("message") for r in runs if r["status"] == status), None),
            seconds=statistics.median(times) if times else None,
            seconds_min=min(times) if times else None,
            seconds_max=max(times) if times else None,
            seconds_to_first=statistics.median(firsts) if firsts else None,
            runs=len(solved),
            reused=all(r.get("reused") for r in runs),
            repeats=[
                {key: r.get(key) for key in ("repeat", "status", "seconds", "seconds_to_first", "reused", "message")}
                for r in runs
            ],
        )
        base.pop("repeat", None)
        out.append(base)
    return out


def agreement(records):
    """One line: did every solver agree (and with the published values)?

    Examples
    --------
    >>> agreement([{"n": 8, "solver": "a", "status": "solved", "total": 92, "question": "count"}])
    'one solver answered: nothing to compare it with but the published values, which it matches'
    """
    records = list(records)
    wrong = [r for r in records if r["status"] == "wrong"]
    if wrong:
        where = sorted({_where(r) for r in wrong}, key=str)
        return (
            f"the solvers do not all agree: {len(wrong)} run{'s' if len(wrong) > 1 else ''} wrong ({', '.join(where)})"
        )
    answered = {r["solver"] for r in records if r["status"] == "solved"}
    if not answered:
        return "no solver answered: nothing to compare"
    first = all(r.get("question") == "first" for r in records)
    if not first and all(r.get("instance") for r in records):
        return (
            f"all {len(answered)} solvers agreed on every answer"
            if len(answered) > 1
            else "one solver answered: nothing to compare it with"
        )
    checked = "every first solution found is a solution" if first else "the published values"
    if len(answered) == 1:
        if first:
            return f"one solver answered: {checked}"
        return f"one solver answered: nothing to compare it with but {checked}, which it matches"
    if first:
        return f"all {len(answered)} solvers answered and {checked}"
    return f"all {len(answered)} solvers agreed on every answer, and with {checked} where known"


def format_table(records, fmt="markdown", *, notes=()):
    """The cells of ``records`` as a ``markdown`` table, ``csv``, or a ``json`` list of cells.

    A cell without a solved run shows ``>T`` seconds for a timeout of ``T``. Below the Markdown table come the
    reason of every cell that was not solved, the ``notes``, and the :func:`agreement` line.
    """
    table = cells(records)
    if fmt == "json":
        return json.dumps(table, indent=2, default=str) + "\n"
    rows = [_row(cell, fmt) for cell in table]
    columns = [c for c in _COLUMNS if c not in _OPTIONAL or any(row[c] not in (None, "") for row in rows)]
    if fmt == "csv":
        return _csv(columns, rows)
    if fmt != "markdown":
        raise NQueensError(f"format must be markdown, csv or json, got {fmt!r}")
    lines = _markdown(
        columns,
        [[_show(c, row[c]) for c in columns] for row in rows],
        right=lambda c: c not in ("solver", "status", "instance", "reused"),
    )
    footer = [f"- {line}" for line in _reasons(table)] + [f"- {note}" for note in notes]
    return lines + ("\n" + "\n".join(footer) + "\n" if footer else "") + "\n" + agreement(records) + "\n"


def format_runs(records, fmt="table"):
    """The runs one by one (``nqueens runs``): a ``table``, ``csv``, or a ``json`` list of records."""
    records = list(records)
    if fmt == "json":
        return json.dumps(records, indent=2, default=str) + "\n"
    rows = [{c: r.get(c) for c in RUN_COLUMNS} for r in records]
    columns = [
        c
        for c in RUN_COLUMNS
        if c not in ("instance", "memory", "timeout", "seconds_to_first") or any(row[c] is not None for row in rows)
    ]
    if fmt == "csv":
        return _csv(columns, rows)
    if fmt != "table":
        raise NQueensError(f"format must be table, csv or json, got {fmt!r}")
    return _markdown(
        columns,
        [[_show(c, row[c]) for c in columns] for row in rows],
        right=lambda c: (
            c in ("id", "n", "repeat", "total", "unique", "seconds", "seconds_to_first", "timeout", "memory")
        ),
    )


# -- helpers --------------------------------------------------------------------------------------------------


def _row(cell, fmt):
    stats = cell.get("stats") or {}
    seconds = cell["seconds"]
    if seconds is None and cell["status"] == "timeout" and cell.get("timeout") is not None and fmt == "markdown":
        seconds = f">{cell['timeout']:g}"
    return {
        "n": cell["n"],
        "instance": cell.get("instance"),
        "solver": cell["solver"],
        "status": cell["status"],
        "total": cell.get("total"),
        "unique": cell.get("unique"),
        "tree": cell.get("tree"),
        "generated": stats.get("generated"),
        "nodes": cell.get("nodes"),
        "checks": stats.get("checks"),
        "first": cell.get("seconds_to_first"),
        "seconds": seconds,
        "min": cell["seconds_min"],
        "max": cell["seconds_max"],
        "runs": f"{cell['runs']}/{len(cell['repeats'])}",
        "reused": "reused" if cell["reused"] and cell["status"] != "unsupported" else "",
    }


def _reasons(table):
    """One line per (solver, status, reason) of the cells not solved, with the problems it applies to."""
    groups = {}
    for cell in table:
        if cell["status"] != "solved" and cell.get("message"):
            groups.setdefault((cell["solver"], cell["status"], cell["message"]), []).append(cell)
    lines = []
    for (solver, status, message), members in groups.items():
        names = [c["instance"] for c in members if c.get("instance")]
        where = ", ".join(names) if names else "n = " + _ranges(sorted({c["n"] for c in members}))
        lines.append(f"{solver}, {where}: {status}: {message}")
    return lines


def _ranges(ns):
    """``[4, 5, 6, 9]`` -> ``'4..6, 9'``."""
    parts, start = [], None
    for i, n in enumerate(ns):
        if start is None:
            start = n
        if i + 1 == len(ns) or ns[i + 1] != n + 1:
            parts.append(str(n) if start == n else f"{start}..{n}")
            start = None
    return ", ".join(parts)


def _where(record):
    return f"{record.get('instance') or 'n = ' + str(record['n'])}, {record['solver']}"


def _show(column, value):
    if value is None or value == "":
        return "-"
    if isinstance(value, float):
        return f"{value:g}" if column in ("timeout", "memory") else f"{value:.6f}"
    if column == "tree" and isinstance(value, int) and value >= 10**15:  # exact in csv and json; readable here
        digits = str(value)
        return f"{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
    if isinstance(value, int) and not isinstance(value, bool) and column not in ("n", "id", "repeat"):
        return f"{value:,}"
    return str(value)


def _csv(columns, rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if row[c] is None else row[c] for c in columns])
    return buffer.getvalue()


def _markdown(columns, body, right):
    table = [list(columns)] + body
    widths = [max(len(line[i]) for line in table) for i in range(len(columns))]
    align = [right(c) for c in columns]

    def line(cells):
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, align)) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if r else ("-" * (w + 2)) for w, r in zip(widths, align)) + "|"
    return "\n".join([line(table[0]), rule] + [line(cells) for cells in table[1:]]) + "\n"
