"""The comparison runner: several solvers over a range of ``n``, checked against each other.

Every solver counts every ``n`` (``repeat`` times, keeping the fastest run); if two solvers disagree on a total,
or on the unique count where both know it, that is an error, not a footnote. A solver that enumerates but does
not count fundamental solutions gets its ``unique`` and ``classes`` from its own solutions reduced by
:func:`nqueens.analysis.symmetry.classes` (outside the timed count), so every row of the table can say how many
solutions are fundamental and every solver's enumeration is checked against the others. The records come back
in the order ``n``, then registry order, ready for :func:`format_table`.
"""

import csv
import dataclasses
import io
import json

from nqueens.api import batches, count
from nqueens.errors import NQueensError
from nqueens.registry import REGISTRY, get_solver

__all__ = ["parse_range", "default_solvers", "compare", "format_table", "COLUMNS"]

# ``tree`` (the size of the solver's explicit state-space tree, for the formulations that define one) and
# ``generated`` (candidate nodes, from the solver's stats) appear only when some row has them.
COLUMNS = ("n", "solver", "total", "unique", "tree", "generated", "nodes", "checks", "seconds")
_OPTIONAL = ("tree", "generated")


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


def compare(ns, solvers=None, *, repeat=1, nodes=False, unique=True, progress=None):
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
    unique : bool
        Fill ``unique`` and ``classes`` of enumerating solvers that do not count them, by reducing their
        solutions to fundamental ones (one extra enumeration, not included in ``seconds``).
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
            best = min(runs, key=lambda r: r.seconds)
            if unique and best.unique is None and "enumerate" in spec.can:
                best = _with_classes(best)
            row.append(best)
        _check_agreement(n, row)
        records.extend(row)
    return records


def _with_classes(record):
    from nqueens.analysis.symmetry import classes

    rows = 0

    def counted(stream):
        nonlocal rows
        for batch in stream:
            rows += len(batch)
            yield batch

    found = classes(counted(batches(record.n, record.solver)))
    # The orbits of the canonical solutions found must account for every row enumerated, and the rows for the
    # count: a missing, repeated or extra solution breaks one of the two.
    if rows != record.total or sum(size * number for size, number in found.items()) != rows:
        raise NQueensError(
            f"solver {record.solver!r} counts {record.total} solutions for n = {record.n} but enumerates {rows} "
            f"in orbits of {sum(size * number for size, number in found.items())}"
        )
    return dataclasses.replace(record, unique=sum(found.values()), classes=found)


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
    tree_size = getattr(get_solver(record.solver).load(), "tree_size", None)
    return {
        "n": record.n,
        "solver": record.solver,
        "total": record.total,
        "unique": record.unique,
        "tree": tree_size(record.n) if tree_size is not None else None,
        "generated": record.stats.get("generated"),
        "nodes": record.nodes,
        "checks": record.stats.get("checks"),
        "seconds": record.seconds,
    }


def format_table(records, fmt="markdown"):
    """The records as a ``markdown`` table, ``csv`` or a ``json`` list of count records.

    The ``tree`` and ``generated`` columns appear only when some record has them.

    Examples
    --------
    >>> print(format_table(compare(range(4, 6), ["bitwise"]), "csv"), end="")  # doctest: +ELLIPSIS
    n,solver,total,unique,nodes,checks,seconds
    4,bitwise,2,1,,,...
    5,bitwise,10,2,,,...
    """
    if fmt == "json":
        return json.dumps([r.to_dict() for r in records], indent=2) + "\n"
    rows = [_cells(r) for r in records]
    columns = [c for c in COLUMNS if c not in _OPTIONAL or any(row[c] is not None for row in rows)]
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow(["" if row[c] is None else row[c] for c in columns])
        return buffer.getvalue()
    if fmt != "markdown":
        raise NQueensError(f"format must be markdown, csv or json, got {fmt!r}")

    def show(key, value):
        if value is None:
            return "-"
        if key == "seconds":
            return f"{value:.6f}"
        if key == "tree" and value >= 10**15:  # exact in csv and json; readable here
            digits = str(value)
            return f"{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
        return f"{value:,}" if isinstance(value, int) and key != "n" else str(value)

    table = [columns] + [[show(c, row[c]) for c in columns] for row in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(columns))]
    right = [c != "solver" for c in columns]

    def line(cells):
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ":") if r else ("-" * (w + 2)) for w, r in zip(widths, right)) + "|"
    return "\n".join([line(table[0]), rule] + [line(cells) for cells in table[1:]]) + "\n"
