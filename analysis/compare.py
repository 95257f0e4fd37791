"""The comparison runner: several solvers over a range of ``n``, checked against each other.

Every solver counts every ``n`` (``repeat`` times, keeping the fastest run); if two solvers disagree on a total,
or on the unique count where both know it, that is an error, not a footnote. The records come back in the
order ``n``, then registry order, ready for :func:`format_table`.
"""

import csv
import io
import json

from nqueens.api import count
from nqueens.errors import NQueensError
from nqueens.registry import REGISTRY, get_solver

__all__ = ["parse_range", "default_solvers", "compare", "format_table", "COLUMNS"]

COLUMNS = ("n", "solver", "total", "unique", "nodes", "checks", "seconds")


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
    from nqueens.board import check_n

    first, sep, last = str(text).partition("..")
    try:
        a = check_n(first, what="the range start")
        b = check_n(last, what="the range end") if sep else a
    except NQueensError as exc:
        raise NQueensError(f"a range is A..B with integers 1 <= A <= B: {exc}") from None
    if b < a:
        raise NQueensError(f"a range is A..B with A <= B, got {text!r}")
    return range(a, b + 1)


def default_solvers():
    """Every registered solver that counts, each run up to the ``n`` its conformance suite reaches."""
    return [s.name for s in REGISTRY.values() if "count" in s.can]


def compare(ns, solvers=None, *, repeat=1, nodes=False, progress=None):
    """Count every ``n`` in ``ns`` with every solver and check that they agree.

    Parameters
    ----------
    ns : iterable of int
    solvers : list of str, optional
        Registered names; by default :func:`default_solvers`, each only up to its ``suite_max_n`` (explicitly
        named solvers run on every ``n``).
    repeat : int
        Runs per (solver, n); the record kept is the fastest.
    nodes : bool
        Use the instrumented variants (for solvers that count nodes) to fill the node columns.
    progress : callable, optional
        Called with ``(n, solver)`` before each run.

    Returns
    -------
    list of CountResult

    Raises
    ------
    NQueensError
        If two solvers disagree, or for an unknown solver or a bad range.
    """
    explicit = solvers is not None
    specs = [get_solver(name) for name in (solvers if explicit else default_solvers())]
    repeat = int(repeat)
    if repeat < 1:
        raise NQueensError(f"repeat must be an integer >= 1, got {repeat}")
    records = []
    for n in ns:
        row = []
        for spec in specs:
            if not explicit and n > spec.suite_max_n:
                continue
            if spec.max_n is not None and n > spec.max_n:
                continue
            if progress is not None:
                progress(n, spec.name)
            runs = [count(n, spec.name, nodes=nodes and "nodes" in spec.can) for _ in range(repeat)]
            row.append(min(runs, key=lambda r: r.seconds))
        _check_agreement(n, row)
        records.extend(row)
    return records


def _check_agreement(n, row):
    for field in ("total", "unique"):
        seen = {}
        for record in row:
            value = getattr(record, field)
            if value is not None:
                seen.setdefault(value, []).append(record.solver)
        if len(seen) > 1:
            detail = "; ".join(f"{', '.join(names)} say {value}" for value, names in seen.items())
            raise NQueensError(f"solvers disagree on the {field} for n = {n}: {detail}")


def _cells(record):
    return {
        "n": record.n,
        "solver": record.solver,
        "total": record.total,
        "unique": record.unique,
        "nodes": record.nodes,
        "checks": record.stats.get("checks"),
        "seconds": record.seconds,
    }


def format_table(records, fmt="markdown"):
    """The records as a ``markdown`` table, ``csv`` or a ``json`` list of count records."""
    if fmt == "json":
        return json.dumps([r.to_dict() for r in records], indent=2) + "\n"
    rows = [_cells(r) for r in records]
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
        return buffer.getvalue()
    if fmt != "markdown":
        raise NQueensError(f"format must be markdown, csv or json, got {fmt!r}")

    def show(key, value):
        if value is None:
            return "-"
        if key == "seconds":
            return f"{value:.6f}"
        return f"{value:,}" if isinstance(value, int) and key not in ("n",) else str(value)

    table = [list(COLUMNS)] + [[show(k, row[k]) for k in COLUMNS] for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(COLUMNS))]
    right = {"n", "total", "unique", "nodes", "checks", "seconds"}

    def line(cells):
        return "| " + " | ".join(
            c.rjust(w) if COLUMNS[i] in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))
        ) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if COLUMNS[i] in right else ("-" * (w + 2)) for i, w in enumerate(widths)) + "|"
    return "\n".join([line(table[0]), rule] + [line(cells) for cells in table[1:]]) + "\n"
