"""Tables of experiment runs: the cells of a comparison (median, min, max, status), and the runs one by one.

These functions take the run records an experiment produced (:class:`nqueens.core.record.RunRecord`, from
:func:`nqueens.experiments.runner.run`), or their JSON form (``nqueens runs --format json``): dicts with at least ``n``,
``solver`` and ``status``. They run nothing.

A *cell* is one solver (column) on one problem (row): its repeats reduced to the median time with the minimum
and maximum, over the runs that answered, and one status, the worst of its runs (``wrong``, ``error``,
``memout``, ``timeout``, ``unsupported``, then ``unsat``, ``sat``, ``solved``).

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
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.fields import finite
from nqueens.core.record import CSV_COLUMNS, RunRecord
from nqueens.core.rules import rule_of
from nqueens.core.status import ANSWERED, NAMES, answered, ran, timed, worst
from nqueens.core.table import cell as _cell
from nqueens.core.table import render

__all__ = [
    "parse_range",
    "SEVERITY",
    "cells",
    "agreement",
    "format_table",
    "format_runs",
    "format_check",
    "compare_configurations",
    "pair",
    "paired_statistics",
    "problem_key",
    "format_comparison",
    "RUN_COLUMNS",
]

# The status of a cell is the first of these that one of its runs has (the status table, worst first).
SEVERITY = NAMES

# Columns of a comparison; all but those of _ALWAYS appear only when some cell has a value there.
_COLUMNS = (
    *("n", "instance", "question", "rule", "solver", "status", "total", "unique", "objective", "bound", "tree"),
    *("generated", "nodes", "effort", "first", "best", "seconds", "min", "max", "quartiles", "ci95", "cpu"),
    *("MiB added", "runs", "reused", "certified"),
)
_ALWAYS = ("n", "solver", "status", "seconds", "min", "max", "runs")
# The columns of a comparison that show the cell's field of the same name, as it is.
_AS_IS = ("n", "instance", "solver", "status", "total", "unique", "objective", "bound", "tree")
# What a cell keeps of each of its runs (its ``repeats``).
_REPEAT_FIELDS = ("repeat", "seed", "status", "seconds", "inner_time", "seconds_to_first", "reused", "message")

# Columns of ``nqueens runs``; all but those of _RUN_ALWAYS shown only when some run has a value there.
RUN_COLUMNS = (
    *("id", "finished", "n", "instance", "solver", "rule", "question", "problem", "repeat", "seed", "status"),
    *("result", "total", "unique", "objective", "bound", "seconds", "seconds_to_first", "cpu_time", "memory_added"),
    *("effort", "par2", "timeout", "memory", "host", "version", "message"),
)
_RUN_ALWAYS = (
    *("finished", "n", "solver", "rule", "question", "repeat", "status", "result", "seconds", "host", "version"),
    "message",
)


def parse_range(text):
    """The board sizes of ``"A..B"``, a stepped ``"A..B..STEP"``, a list ``"20,25,30"`` (each item a size or a
    range), or a single ``"8"``: a ``range`` for one range, else a list in the order given.

    Raises
    ------
    NQueensError
        Unless every item is ``A``, ``A..B`` or ``A..B..STEP`` with integers ``1 <= A <= B``, ``STEP >= 1``, and
        no size is named twice.

    Examples
    --------
    >>> parse_range("4..6")
    range(4, 7)
    >>> list(parse_range("20..40..5")), parse_range("20,25,30")
    ([20, 25, 30, 35, 40], [20, 25, 30])
    """
    items = [item.strip() for item in str(text).split(",")]
    if len(items) == 1:
        return _parse_one(items[0], text)
    sizes = []
    for item in items:
        if not item:
            raise NQueensError(f"the sizes {text!r} have an empty item: separate them with single commas")
        sizes.extend(_parse_one(item, text))
    twice = sorted({n for n in sizes if sizes.count(n) > 1})
    if twice:
        raise NQueensError(f"the sizes {text!r} name n = {twice[0]} twice")
    return sizes


def _parse_one(item, text):
    from nqueens.core.board import check_n

    parts = item.split("..")
    if len(parts) > 3:
        raise NQueensError(f"a range is A..B or A..B..STEP, got {item!r}")
    try:
        a = check_n(parts[0], what="the range start")
        b = check_n(parts[1], what="the range end") if len(parts) > 1 else a
        step = check_n(parts[2], what="the range step") if len(parts) > 2 else 1
    except NQueensError as exc:
        raise NQueensError(
            f"a range is A..B (or A..B..STEP, or a list A,B,C) with integers 1 <= A <= B: {exc}"
        ) from None
    if b < a:
        raise NQueensError(f"a range is A..B with A <= B, got {text!r}")
    return range(a, b + 1, step)


def cells(records):
    """The records reduced to one cell per question, rule, problem (instance or n) and column, in the order
    they first appear: a count and a first solution of the same column are two cells, never one median.

    Returns
    -------
    list of dict
        The fields of the runs (from the first solved one) plus ``status``, ``message`` (of the run that gave
        the status), ``seconds`` (median of the solved runs), ``seconds_min``, ``seconds_max``,
        ``seconds_to_first`` (median), ``spread`` (quartiles and a bootstrap confidence interval of the median,
        :func:`nqueens.analysis.statistics.summary`, with three solved runs or more), ``effort`` (the median of
        each quantity), ``cpu_time`` (median), ``peak_memory`` and ``memory_added`` (the largest), ``runs``
        (solved runs behind the medians), ``reused`` (every run came from the store) and ``repeats`` (each run:
        ``repeat``, ``seed``,
        ``status``, ``seconds``, ``seconds_to_first``,
        ``reused``, ``message``).
    """
    groups: dict[Any, Any] = {}
    for record in _docs(records):
        groups.setdefault(_cell_key(record), []).append(record)
    out = []
    for runs in groups.values():
        status = worst(r["status"] for r in runs)
        solved = [r for r in runs if timed(r["status"])]
        base = dict(solved[0] if solved else next(r for r in runs if r["status"] == status))
        times = [run_time(r) for r in solved if run_time(r) is not None]
        from nqueens.analysis.statistics import summary

        efforts = [r.get("effort") or {} for r in solved]
        base.update(
            spread=summary(times) if len(times) >= 3 else None,
            effort={
                name: statistics.median(e[name] for e in efforts if name in e)
                for name in dict.fromkeys(k for e in efforts for k in e)
            },
            cpu_time=_reduce(r.get("cpu_time") for r in solved),
            peak_memory=_reduce((r.get("peak_memory") for r in solved), max),
            memory_added=_reduce((r.get("memory_added") for r in solved), max),
            status=status,
            message=next((r.get("message") for r in runs if r["status"] == status), None),
            seconds=_reduce(times),
            seconds_min=_reduce(times, min),
            seconds_max=_reduce(times, max),
            seconds_to_first=_reduce(r.get("seconds_to_first") for r in solved),
            time_best=_reduce(r.get("time_best") for r in solved),
            runs=len(solved),
            reused=all(r.get("reused") for r in runs),
            repeats=[{key: r.get(key) for key in _REPEAT_FIELDS} for r in runs],
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
    records = _docs(records)
    wrong = [r for r in records if r["status"] == "wrong"]
    if not wrong and records and all(r.get("question") == "optimize" for r in records):
        return _optima_agreement(records)
    if wrong:
        where = sorted({_where(r) for r in wrong}, key=str)
        return (
            f"the solvers do not all agree: {len(wrong)} run{'s' if len(wrong) > 1 else ''} wrong ({', '.join(where)})"
        )
    answered = {r["solver"] for r in records if r["status"] in ANSWERED}
    if not answered:
        return "no solver answered: nothing to compare"
    first = all(r.get("question") == "first" for r in records)
    every = "both" if len(answered) == 2 else f"all {len(answered)}"
    if not first and all(r.get("instance") for r in records):
        return (
            f"{every} solvers agreed on every answer"
            if len(answered) > 1
            else "one solver answered: nothing to compare it with"
        )
    checked = "every first solution found is a solution" if first else "the published values"
    if len(answered) == 1:
        if first:
            return f"one solver answered: {checked}"
        return f"one solver answered: nothing to compare it with but {checked}, which it matches"
    if first:
        return f"{every} solvers answered and {checked}"
    return f"{every} solvers agreed on every answer, and with {checked} where known"


def _optima_agreement(records):
    """The last line of an optimisation experiment: the solutions verified, the proven optima checked against each
    other and against OEIS."""
    from nqueens.core.optimization import KNOWN, OEIS

    problem = records[0].get("problem")
    proved = [r for r in records if r["status"] == "optimal"]
    # A run stopped by a limit (memout, timeout) keeps the verified solution it reported before: it counts too.
    found = [r for r in records if r["status"] != "wrong" and r.get("objective") is not None]
    if not found:
        return "no run found a solution: nothing to check"
    known = sorted({r["n"] for r in proved if r["n"] in KNOWN.get(problem, {})})
    said = f"{len(found)} solution{'s' * (len(found) != 1)} verified"
    if not proved:
        return f"{said}; no optimum proved, so none to check against OEIS {OEIS.get(problem, '')}".rstrip()
    against = f" and with OEIS {OEIS[problem]} (n = {_ranges(known)})" if known else ""
    if len(proved) == 1:
        checked = f"agrees with OEIS {OEIS[problem]} (n = {_ranges(known)})" if known else "has no published value"
        return f"{said}; the one proven optimum {checked}"
    return f"{said}; the {len(proved)} proven optima agree with each other{against}"


def format_table(records, fmt="markdown", *, notes=()):
    """The cells of ``records`` as a ``markdown`` table, ``csv``, or a ``json`` list of cells.

    A cell without a solved run shows ``>T`` seconds for a timeout of ``T``. Below the Markdown table come the
    reason of every cell that was not solved (unsupported cells only there, summarised per solver and range of n,
    not as rows), the ``notes``, and the :func:`agreement` line; CSV and JSON keep every cell.
    """
    table = cells(records)
    if fmt == "json":
        return json.dumps(finite(table), indent=2, default=str) + "\n"
    rows = [_row(cell, fmt) for cell in table]
    columns = [c for c in _COLUMNS if c in _ALWAYS or any(row[c] not in (None, "") for row in rows)]
    # A question or rule column only where the cells differ in it (they are apart cells, never one median).
    columns = [c for c in columns if c not in ("question", "rule") or len({row[c] for row in rows}) > 1]
    if fmt == "csv":
        return _csv(columns, rows)
    if fmt != "markdown":
        raise NQueensError(f"format must be markdown, csv or json, got {fmt!r}")
    # The Markdown table is for reading: an unsupported cell is one of the footer's summary lines, not a row.
    shown = [row for row, cell in zip(rows, table) if ran(cell["status"])]
    lines = render(
        columns,
        [[_show(c, row[c]) for c in columns] for row in shown],
        right=lambda c: c not in ("solver", "status", "instance", "question", "rule", "reused", "certified"),
        same={"min": "seconds", "max": "seconds"},  # one run per cell: its min and max are its seconds
    )
    footer = [f"- {line}" for line in _reasons(table)] + [f"- {note}" for note in notes]
    if "effort" in columns:
        footer += [f"- {line}" for line in _units(table)]
    return lines + ("\n" + "\n".join(footer) + "\n" if footer else "") + "\n" + agreement(records) + "\n"


def format_runs(records, fmt="table"):
    """The runs one by one: a ``table`` (the :data:`RUN_COLUMNS` that hold something), ``csv`` (every column of
    :data:`nqueens.core.record.CSV_COLUMNS`, one row per run) or a ``json`` list of records.

    Examples
    --------
    >>> run = RunRecord(2, "bitwise", "first", status="unsat", seconds=0.001, timeout=5.0)
    >>> rows = format_runs([run], "csv").splitlines()
    >>> dict(zip(rows[0].split(","), rows[1].split(",")))["result"]
    'unsat'
    """
    records = [_record(r) for r in records]
    if fmt == "json":
        return json.dumps([r.to_dict() for r in records], indent=2, default=str) + "\n"
    if fmt == "csv":
        return _csv(type(records[0]).columns() if records else CSV_COLUMNS, [r.to_row() for r in records])
    rows = [{c: r.get(c) for c in RUN_COLUMNS} for r in records]
    for row, r in zip(rows, records):
        row["rule"] = r.rule
    columns = [
        c
        for c in RUN_COLUMNS
        if (c in _RUN_ALWAYS or any(row[c] not in (None, {}) for row in rows))
        and (c != "rule" or any(row[c] != "queen" for row in rows))
    ]
    if fmt != "table":
        raise NQueensError(f"format must be table, csv or json, got {fmt!r}")
    kinds = type(records[0]).kinds() if records else RunRecord.kinds()
    return render(
        columns,
        [[_show(c, row[c]) for c in columns] for row in rows],
        right=lambda c: c == "par2" or getattr(kinds.get(c), "numeric", False),  # numbers, as declared
    )


def format_check(found, fmt="table"):
    """The findings of :func:`nqueens.experiments.runner.check` (``nqueens runs --check``): one line per run whose
    status does not hold, or a ``json`` list of ``{"id", "n", "instance", "solver", "question", "repeat",
    "status", "why"}``."""
    fields = ("id", "n", "instance", "solver", "question", "repeat", "status")
    rows = [{**{key: getattr(r, key) for key in fields}, "why": why} for r, why in found]
    if fmt == "json":
        return json.dumps(rows, indent=2) + "\n"
    if not rows:
        return ""
    lines = [
        f"run {row['id']}: {row['instance'] or 'n = ' + str(row['n'])}, {row['solver']} ({row['question']}, "
        f"repeat {row['repeat']}): {row['why']}"
        for row in rows
    ]
    return "\n".join(lines) + "\n"


def compare_configurations(a, b):
    """Two sets of runs side by side, problem by problem: what mzn-bench's ``compare-configurations`` shows.

    Parameters
    ----------
    a, b : iterable of RunRecord or dict
        The runs of two configurations (two columns of one store, or two stores); each reduced to cells
        (:func:`cells`: one question, one rule, one problem, one column), so repeats count once, by their
        median. When each side holds one column, the two columns are paired whatever their names; when a side
        holds several, each column is paired with the column of the same name on the other side (two stores
        of the same experiment), and a column on one side only is left out and named in ``unpaired``.

    Returns
    -------
    dict
        ``rows``: one per cell both were asked (``problem``, ``column`` when columns are paired by name,
        ``question`` and ``rule``, ``a``/``b`` status and seconds, ``ratio`` b / a of the times when both
        answered, ``change``: ``same``, ``a only`` or ``b only`` (solved by one), ``status`` (their statuses
        differ otherwise), ``runs_test``: the two sides' runs of that cell compared by
        :func:`nqueens.analysis.statistics.unpaired` when each has several (seeds or repeats)); ``summary``:
        per side the problems ``answered``, ``par2`` (the PAR2 score: the mean over the rows of each cell's
        median time, or twice its time limit where it did not answer), ``par2_sum`` (the same summed) and
        ``faster`` (problems it answered faster); ``paired``: per question, the paired statistics of the
        problems both answered (:func:`nqueens.analysis.statistics.paired`: speed-up ratios b / a,
        wins/ties/losses for b, the Wilcoxon signed-rank test or why none is given); ``unpaired``.

    Raises
    ------
    NQueensError
        When both sides hold several columns and no name is on both (say which column with ``--solver``).

    Examples
    --------
    >>> a = [RunRecord(n, "x", status="solved", total=1, seconds=1.0, timeout=10.0) for n in (8, 9)]
    >>> b = [RunRecord(8, "y", status="solved", total=1, seconds=0.5, timeout=10.0),
    ...      RunRecord(9, "y", status="timeout", timeout=10.0)]
    >>> out = compare_configurations(a, b)
    >>> [(r["problem"], r["change"], r["ratio"]) for r in out["rows"]], out["summary"]["b"]["par2_sum"]
    ([('8', 'same', 0.5), ('9', 'a only', None)], 20.5)
    """
    left = [c for c in cells(a) if ran(c["status"])]
    right = [c for c in cells(b) if ran(c["status"])]
    names = [list(dict.fromkeys(c["solver"] for c in side)) for side in (left, right)]
    by_name = len(names[0]) > 1 or len(names[1]) > 1
    unpaired: dict[str, list[str]] = {"a": [], "b": []}
    if by_name:
        common = [name for name in names[0] if name in names[1]]
        if not common:
            raise NQueensError(
                f"the two sides hold different columns ({', '.join(names[0])} against {', '.join(names[1])}): "
                "nothing pairs them; pick one column of each with --solver"
            )
        unpaired = {"a": [x for x in names[0] if x not in common], "b": [x for x in names[1] if x not in common]}
    rows = []
    summary: dict[str, dict[str, Any]] = {
        side: {"answered": 0, "par2": None, "par2_sum": 0.0, "faster": 0} for side in ("a", "b")
    }
    matched = pair(left, right, by_name=by_name)
    for x, y in matched:
        done = (answered(x["status"]), answered(y["status"]))
        ratio = _ratio(x["seconds"], y["seconds"]) if all(done) else None
        change = {(True, False): "a only", (False, True): "b only"}.get(done)
        if change is None:
            change = "same" if x["status"] == y["status"] or all(done) else "status"
        row = {
            "problem": x.get("instance") or str(x["n"]),
            "question": _question(x),
            "rule": _rule(x),
            "a_status": x["status"],
            "a_seconds": x["seconds"],
            "b_status": y["status"],
            "b_seconds": y["seconds"],
            "ratio": ratio,
            "change": change,
            "runs_test": _runs_test(x, y) if all(done) else None,
        }
        if by_name:
            row = {"column": x["solver"], **row}
        rows.append(row)
        for side, cell, ok in (("a", x, done[0]), ("b", y, done[1])):
            summary[side]["answered"] += ok
            summary[side]["par2_sum"] += _cell_par2(cell)
        if all(done) and x["seconds"] != y["seconds"]:
            summary["a" if x["seconds"] < y["seconds"] else "b"]["faster"] += 1
    for totals in summary.values():
        totals["par2"] = totals["par2_sum"] / len(rows) if rows else None
    pairs = paired_statistics(matched, by_name=by_name)
    return {"rows": rows, "summary": summary, "paired": pairs or None, "unpaired": unpaired}


def pair(a, b, *, by_name=False):
    """The cells of two configurations that pair: ``[(x, y)]``, in ``a``'s order, one per problem both were asked
    (:func:`problem_key`: the same question, optimisation problem, rule and instance or n; and the same column
    with ``by_name``). ``runs --compare``, the report and :func:`compare_configurations` pair with it.

    Examples
    --------
    >>> a = cells([{"n": 5, "solver": "x", "status": "solved", "question": "optimize", "problem": p}
    ...            for p in ("domination", "peaceable")])
    >>> [x["problem"] for x, _ in pair(a, a)]
    ['domination', 'peaceable']
    """
    theirs = {(*problem_key(c), c["solver"] if by_name else None): c for c in b}
    keys = [(*problem_key(c), c["solver"] if by_name else None) for c in a]
    return [(c, theirs[key]) for c, key in zip(a, keys) if key in theirs]


def paired_statistics(pairs, key="seconds", *, by_name=False):
    """The paired statistics (:func:`nqueens.analysis.statistics.paired`) of :func:`pair`'s pairs, per question
    (``optimize domination`` and ``optimize peaceable`` apart), over the problems both cells answered (the status
    table's ``answered``: a timeout, or an optimisation stopped at its limit, ``feasible``, is not) with a ``key``
    value: ``{question: statistics}``, empty when no problem pairs."""
    from nqueens.analysis.statistics import paired

    groups: dict[str, tuple[dict, dict]] = {}
    for x, y in pairs:
        if answered(x["status"]) and answered(y["status"]) and x.get(key) is not None and y.get(key) is not None:
            label = x.get("instance") or str(x["n"])
            if by_name:
                label = f"{x['solver']}, {x.get('instance') or 'n = ' + str(x['n'])}"
            xs, ys = groups.setdefault(_question(x), ({}, {}))
            xs[label], ys[label] = x[key], y[key]
    return {question: paired(xs, ys) for question, (xs, ys) in groups.items()}


def format_comparison(result, names, fmt="table"):
    """A :func:`compare_configurations` result as a Markdown table with a summary, ``csv`` rows or ``json``."""
    if fmt == "json":
        return json.dumps(finite({"a": names[0], "b": names[1], **result}), indent=2, default=str) + "\n"
    rows = result["rows"]
    varies = [c for c in ("column", "question", "rule") if len({row.get(c) for row in rows}) > 1 or c == "column"]
    varies = [c for c in varies if any(c in row for row in rows)]
    columns = [*varies, "problem", "a_status", "a_seconds", "b_status", "b_seconds", "ratio", "change"]
    if fmt == "csv":
        return _csv(columns, [{**row, "runs_test": None} for row in rows])
    heads = [*varies, "problem", f"{names[0]}", "seconds", f"{names[1]}", "seconds", "ratio b/a", "change"]
    body = [
        [f"{row[c]:.3g}" if c == "ratio" and row[c] is not None else _show(c, row[c]) for c in columns] for row in rows
    ]
    table = render(heads, body, right=lambda c: c in ("seconds", "ratio b/a"))
    k = len(rows)
    lines = [
        f"- {name}: answered {side['answered']} of {k}, PAR2 score {_par2(side)} (mean over the {k} "
        f"problem{'s' if k != 1 else ''} of the median time, twice the limit where unanswered), faster on "
        f"{side['faster']}"
        for name, side in zip(names, (result["summary"]["a"], result["summary"]["b"]))
    ]
    for side, name in zip(("a", "b"), names):
        if result.get("unpaired", {}).get(side):
            lines.append(f"- only in {name}, not compared: {', '.join(result['unpaired'][side])}")
    pairs = result.get("paired") or {}
    if not pairs:
        lines += _paired_lines(None, names, None)
    for question, stats in pairs.items():
        lines += _paired_lines(stats, names, question if len(pairs) > 1 else None)
    lines += _runs_lines(rows, names)
    return table + "\n" + "\n".join(lines) + "\n"


def _paired_lines(pairs, names, question):
    """The paired statistics of :func:`compare_configurations` in words."""
    a, b = names
    if pairs is None:
        return ["- paired: no problem both answered, nothing to pair"]
    k = len(pairs["problems"])
    geomean = "-" if pairs["geomean"] is None else f"{pairs['geomean']:.3g}"
    over = f"{question}: " if question else ""
    lines = [
        f"- {over}paired over the {k} problem{'s' if k != 1 else ''} both answered (each the median of its runs): "
        f"time ratio {b}/{a} geometric mean {geomean}, median {pairs['median_ratio']:.3g} (below 1: {b} is faster)",
        f"- {over}{b} against {a}: {pairs['wins']} wins, {pairs['ties']} ties, {pairs['losses']} losses "
        "(a tie: within 5 %)",
    ]
    test = pairs["wilcoxon"]
    if test is None:
        lines.append(f"- {over}Wilcoxon signed-rank test: not made ({pairs['wilcoxon_note']})")
    else:
        lines.append(
            f"- {over}{test['test']} of the paired times ({test['alternative']}, {test['zeros']}, "
            f"{test['method']} p over {test['pairs']} pairs): statistic {test['statistic']:g}, p = {test['p']:.3g}"
        )
    return lines


def _runs_lines(rows, names):
    """One line on the per-problem comparison of the runs (seeds or repeats), where both sides have several."""
    tested = [row for row in rows if row.get("runs_test")]
    if not tested:
        return []
    first = tested[0]["runs_test"]
    made = [row for row in tested if row["runs_test"]["p"] is not None]
    low = [row for row in made if row["runs_test"]["p"] < 0.05]
    method = next((row["runs_test"]["method"] for row in made if row["runs_test"].get("method")), None)
    how = f"{first['alternative']}, {method} p" if method else first["alternative"]  # no test made: no method
    line = f"- per problem, the runs of each side (seeds or repeats) compared by the {first['test']} ({how}): "
    if made:
        line += f"p < 0.05 on {len(low)} of {len(made)} problems" + (
            f" ({', '.join(_label(r) for r in low)})" if low else ""
        )
    else:
        line += "not made"
    if len(made) < len(tested):
        line += f"; on {len(tested) - len(made)} problem(s) {tested[len(made) - len(tested)]['runs_test']['note']}"
    return [line]


def _label(row):
    parts = [row["problem"] if row["problem"] and not row["problem"].isdigit() else f"n = {row['problem']}"]
    if row.get("column"):
        parts.insert(0, row["column"])
    return ", ".join(parts) if len(parts) > 1 else row["problem"]


def run_time(run):
    """The time of one run in every summary: ``inner_time`` for a run so short that it was timed again over
    repetitions (its one-call ``seconds`` is mostly the clock's noise there), else ``seconds``."""
    inner = run.get("inner_time")
    return inner if inner is not None else run.get("seconds")


def _runs_test(x, y):
    from nqueens.analysis.statistics import unpaired

    times = [
        [run_time(r) for r in cell["repeats"] if answered(r["status"]) and run_time(r) is not None] for cell in (x, y)
    ]
    if min(len(t) for t in times) < 2:
        return None
    return unpaired(*times)


def _par2(side):
    if side["par2"] is None:
        return "-"
    return f"{side['par2']:.4g} s"


# -- helpers --------------------------------------------------------------------------------------------------


def _record(record):
    return record if isinstance(record, RunRecord) else RunRecord.from_dict(record)


def _docs(records):
    """Records as their JSON form (dicts), whichever form they came in."""
    return [r.to_dict() if isinstance(r, RunRecord) else r for r in records]


def _reduce(values, how=statistics.median):
    """``how`` (the median, ``min``, ``max``) of the ``values`` that are not ``None``; ``None`` when none is."""
    values = [v for v in values if v is not None]
    return how(values) if values else None


def problem_key(record):
    """What makes two runs (or cells) the same problem: the question, the optimisation problem (domination and
    peaceable are two problems), the attack rule, and the instance or board size."""
    return (
        record.get("question") or "count",
        record.get("problem"),
        _rule(record),
        record.get("instance"),
        record["n"],
    )


def _cell_key(record):
    """A cell: one problem (:func:`problem_key`), one column."""
    return (*problem_key(record), record["solver"])


def _rule(record):
    return rule_of(record.get("options"))


def _question(record):
    """The question of a run or cell, with its optimisation problem when it has one (``optimize domination``)."""
    question = record.get("question") or "count"
    return f"{question} {record['problem']}" if record.get("problem") else question


def _ratio(a, b):
    """b / a of two times: 1 when they are equal (zero and zero too), ``None`` against a zero time."""
    if a is None or b is None:
        return None
    return 1.0 if a == b else b / a if a > 0 else None


def _cell_par2(cell):
    if answered(cell["status"]):
        return cell["seconds"] or 0.0
    limit = cell.get("timeout")
    return 2.0 * limit if limit is not None else 0.0


def _row(cell, fmt):
    stats = cell.get("stats") or {}
    effort = dict(cell.get("effort") or {})
    walked = effort.pop("nodes", None)  # a column of its own (a first solution's: the tree up to it)
    effort.pop("generated", None)
    spread = cell.get("spread")
    seconds = cell["seconds"]
    if seconds is None and cell["status"] == "timeout" and cell.get("timeout") is not None and fmt == "markdown":
        seconds = f">{cell['timeout']:g}"
    return {
        **{key: cell.get(key) for key in _AS_IS},
        "question": cell.get("question") or "count",
        "rule": _rule(cell),
        "best": cell.get("time_best"),
        "generated": stats.get("generated"),
        "nodes": cell.get("nodes") if cell.get("nodes") is not None else walked,
        "effort": _effort_text(effort, fmt),
        "first": cell.get("seconds_to_first"),
        "seconds": seconds,
        "min": cell["seconds_min"],
        "max": cell["seconds_max"],
        "quartiles": None if spread is None else f"{spread['q1']:.6f}..{spread['q3']:.6f}",
        "ci95": None if spread is None else f"{spread['ci_low']:.6f}..{spread['ci_high']:.6f}",
        "cpu": cell.get("cpu_time"),
        "MiB added": None if cell.get("memory_added") is None else f"{cell['memory_added']:.1f}",
        "runs": f"{cell['runs']}/{len(cell['repeats'])}",
        "reused": "reused" if cell["reused"] and ran(cell["status"]) else "",
        "certified": cell.get("certified"),
    }


def _effort_text(effort, fmt):
    """The effort of a cell: in Markdown the first two quantities (``1,234 branches; 56 failures``), in CSV all
    of them as JSON."""
    if not effort:
        return None
    if fmt == "csv":
        return json.dumps(effort, separators=(",", ":"))
    from nqueens.core.effort import describe

    shown = dict(list(effort.items())[:2])
    return describe({k: int(v) if float(v).is_integer() else v for k, v in shown.items()})


def _units(table):
    """A line under a table whose effort column sets side by side units that cannot be compared: solvers whose
    effort counts different things (``docs/effort.md``, comparable across)."""
    kinds: dict[tuple, list[str]] = {}
    for cell in table:
        shown = tuple(k for k in (cell.get("effort") or {}) if k not in ("nodes", "generated"))[:2]
        if shown:
            kinds.setdefault(shown, []).append(cell["solver"])
    if len(kinds) < 2:
        return []
    return [
        "effort is each solver's own unit ("
        + "; ".join(f"{', '.join(dict.fromkeys(names))}: {' and '.join(units)}" for units, names in kinds.items())
        + "): not comparable across these solvers; nodes are, between runs of the same search tree"
    ]


def _reasons(table):
    """One line per (solver, status, reason) of the cells not solved, with the problems it applies to."""
    groups: dict[Any, Any] = {}
    for cell in table:
        if cell["status"] != "solved" and cell.get("message"):
            groups.setdefault((cell["solver"], cell["status"], cell["message"]), []).append(cell)
    lines = []
    for (solver, status, message), members in groups.items():
        names = [c["instance"] for c in members if c.get("instance")]
        where = ", ".join(names) if names else "n = " + _ranges(sorted({c["n"] for c in members}))
        lines.append(f"{solver}, {where}: {status}: {message}")
    return lines


def _ranges(ns, sep=", "):
    """``[4, 5, 6, 9]`` -> ``'4..6, 9'`` (with ``sep=","``, ``'4..6,9'``: the range syntax of ``nqueens compare``)."""
    parts, start = [], None
    for i, n in enumerate(ns):
        if start is None:
            start = n
        if i + 1 == len(ns) or ns[i + 1] != n + 1:
            parts.append(str(n) if start == n else f"{start}..{n}")
            start = None
    return sep.join(parts)


def _where(record):
    return f"{record.get('instance') or 'n = ' + str(record['n'])}, {record['solver']}"


def _show(column, value):
    if value is None or value == "":
        return "-"
    if column == "effort" and isinstance(value, dict):
        from nqueens.core.effort import describe

        return describe(value) or "-"
    if isinstance(value, float):
        if column in ("timeout", "memory", "gap"):  # a limit as it was given; a fraction
            return f"{value:g}"
        kind = RunRecord.kinds().get(column)
        return kind.show(value) if kind is not None and kind.digits else f"{value:.6f}"
    if column == "tree" and isinstance(value, int) and value >= 10**15:  # exact in csv and json; readable here
        digits = str(value)
        return f"{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
    return _cell(column, value)


def _csv(columns, rows):
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow(["" if row[c] is None else row[c] for c in columns])
    return buffer.getvalue()
