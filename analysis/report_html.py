"""One self-contained HTML page of an experiment: what was run, the verdict, the tables, the figures, the paired
statistics, and two result stores side by side.

:func:`report_data` reduces the runs of one or two stores to the page's data with the functions behind
``nqueens runs`` (:func:`nqueens.analysis.compare.format_runs` for the records, :func:`~nqueens.analysis.compare.cells`
for the per-problem table, :func:`~nqueens.analysis.compare.agreement` for the verdict,
:func:`~nqueens.analysis.compare.compare_configurations` for two stores, :func:`nqueens.analysis.statistics.paired`
for pairs of solvers); :func:`render` turns that data into one HTML file: inline CSS, the data as JSON inside a
``<script type="application/json">`` (with ``<``, ``>`` and ``&`` escaped, so a label such as ``</script>`` cannot end
it), and a small inline script that draws the sortable, filterable table and the SVG figures (cactus, ECDF, a
scatter of two columns chosen on the page) with ``textContent``, never ``innerHTML``. The page asks for nothing
over the network. :func:`write_report` writes it atomically (a temporary file renamed into place).

A report holds every run up to :data:`MAX_RUNS` runs per store; a larger store is summarised (the cells and the
per-solver figures, without the runs one by one), and the page says so.

Examples
--------
>>> from nqueens.core.record import RunRecord
>>> runs = [RunRecord(8, "a", status="solved", total=92, seconds=0.2, timeout=5.0),
...         RunRecord(8, "b", status="timeout", timeout=5.0)]
>>> data = report_data([("s.sqlite", runs)])
>>> [(s["solver"], s["solved"], s["timeouts"], s["par2"]) for s in data["sides"][0]["solvers"]]
[('a', 1, 0, 0.2), ('b', 0, 1, 10.0)]
>>> "<script>" in render(report_data([("<script>", runs)])).split("</head>")[1].split("<script")[0]
False
"""

import html
import json
import math
import os
import statistics
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Any

from nqueens.analysis import compare
from nqueens.analysis.busy import busy_notes

from nqueens.core.errors import NQueensError
from nqueens.core.fields import finite
from nqueens.core.rules import rule_of
from nqueens.core.status import ANSWERED, FAILURES, ran

__all__ = ["MAX_RUNS", "PAR_FACTOR", "report_data", "solver_summary", "render", "check_output", "write_report"]

# Every run of a store is in the page up to this many (under 4 MiB and a page drawn in under a second per 10,000,
# see docs/report.md); beyond it the page holds the cells and the summaries and says so.
MAX_RUNS = 20_000
PAR_FACTOR = 2  # PAR2: a run that did not answer counts as twice its time limit
# The paired statistics are made for every two of the first this many solvers of a store (105 pairs);
# `nqueens runs --compare A B` pairs any two.
PAIRED_SOLVERS = 15
# The verdict lists this many runs wrong, in error or out of memory with their records, then says how many more.
PROBLEMS_LISTED = 200

_ASSETS = Path(__file__).with_name("report_assets")
_PROBLEM_STATUSES = FAILURES
# The statuses a solver's summary counts in a column of their own, by the column's name (any other status that did
# not answer has a column named after it), and the columns of counts in the order of the page.
_COUNTED = {"timeout": "timeouts", "memout": "memouts", "error": "errors", "wrong": "wrong"}
_COUNTS = ("runs", "solved", *_COUNTED.values())


def report_data(sides, *, command=None):
    """The page's data: one entry per side ``(label, records)`` (one store, or two to set side by side).

    Parameters
    ----------
    sides : list of (str, list)
        A label (the store's path) and its run records (dicts as the store holds them, or
        :class:`~nqueens.core.record.RunRecord`), one or two sides.
    command : str, optional
        The command that regenerates the page (shown on it).

    Returns
    -------
    dict
        ``sides`` (per side its ``label``, ``question``, ``agreement``, ``experiment``, ``solvers``
        (:func:`solver_summary`), ``cells``, ``runs`` or ``None`` past :data:`MAX_RUNS`, ``common`` (the fields
        every run shares, kept once), ``problems`` (the runs wrong, in error or out of memory), ``paired``),
        ``comparison`` (two sides: per problem and solver, changes first), ``code_change`` (two sides: whether the
        same code made them, :func:`code_change`), ``fields``, ``command``, ``limits``.

    Raises
    ------
    NQueensError
        If a side has no runs, mixes questions, or the two sides ask different questions.
    """
    if not 1 <= len(sides) <= 2:
        raise NQueensError(f"a report is of one store or two side by side, got {len(sides)}")
    out: dict[str, Any] = {
        "sides": [],
        "command": command,
        "limits": {"runs": MAX_RUNS, "par": PAR_FACTOR, "paired": PAIRED_SOLVERS},
        "answered": list(ANSWERED),
    }
    every = []
    for label, records in sides:
        docs = json.loads(compare.format_runs(list(records), "json"))
        every.append(docs)
        if not docs:
            raise NQueensError(
                f"{label} holds no experiment runs: nothing to report (nqueens compare --store makes some)"
            )
        questions = sorted({compare._question(d) for d in docs})
        if len(questions) > 1:
            raise NQueensError(
                f"{label} mixes questions ({', '.join(questions)}): a report is of one experiment; "
                "pick one with --question (and --problem for an optimisation problem)"
            )
        table = compare.cells(docs)
        common, varying = _factor(docs)
        out["fields"] = list(docs[0])
        out["sides"].append(
            {
                "label": str(label),
                "question": questions[0],
                "count": len(docs),
                "agreement": compare.agreement(docs),
                "experiment": _experiment(docs, label),
                "solvers": solver_summary(docs),
                "cells": [_cell(c) for c in table],
                "runs": varying if len(docs) <= MAX_RUNS else None,
                "common": common,
                "problems": [d for d in docs if d["status"] in _PROBLEM_STATUSES][:PROBLEMS_LISTED],
                "problem_count": sum(d["status"] in _PROBLEM_STATUSES for d in docs),
                "paired": _pairs(table),
            }
        )
    if len(sides) == 2:
        first, second = out["sides"]
        if first["question"] != second["question"]:
            raise NQueensError(
                f"{first['label']} asks {first['question']} and {second['label']} {second['question']}: "
                "two stores side by side must ask the same question"
            )
        out["comparison"] = _comparison(*every)
    out["code_change"] = code_change(out["sides"])
    return out


def solver_summary(records):
    """Per solver (in the order of its first run): ``runs`` asked (not ``unsupported``), ``solved``,
    ``timeouts``, ``memouts``, ``errors``, ``wrong``, ``par2`` (the penalised average runtime: the mean over its
    runs of the time of a run that answered and :data:`PAR_FACTOR` times the limit of one that did not; ``None``
    when a run that did not answer had no limit), ``geomean`` (geometric mean of the answered runs' seconds),
    ``effort`` (per quantity, the sum over the answered runs, with ``search_tree``: the tree its nodes count).

    Examples
    --------
    >>> s = solver_summary([{"solver": "a", "status": "solved", "seconds": 1.0, "timeout": 4.0, "par2": 1.0},
    ...                     {"solver": "a", "status": "timeout", "seconds": None, "timeout": 4.0, "par2": 8.0}])
    >>> s[0]["par2"], s[0]["geomean"], s[0]["timeouts"]
    (4.5, 1.0, 1)
    """
    out: dict[str, dict] = {}
    for r in records:
        if not ran(r["status"]):
            continue
        s = out.setdefault(
            r["solver"],
            {
                "solver": r["solver"],
                **dict.fromkeys(_COUNTS, 0),
                "other": {},
                "par2": 0.0,
                "geomean": None,
                "effort": {},
                "search_tree": None,
                "_times": [],
            },
        )
        s["runs"] += 1
        status = r["status"]
        if status in ANSWERED:
            s["solved"] += 1
            if compare.run_time(r) is not None:
                s["_times"].append(max(compare.run_time(r), 1e-9))
            for name, value in (r.get("effort") or {}).items():
                if isinstance(value, int | float) and not isinstance(value, bool):
                    s["effort"][name] = s["effort"].get(name, 0) + value
            s["search_tree"] = s["search_tree"] or r.get("search_tree")
        else:
            key = _COUNTED.get(status)
            if key:
                s[key] += 1
            else:  # feasible, unknown, ...: a status of its own column
                s["other"][status] = s["other"].get(status, 0) + 1
        par2 = r.get("par2")
        s["par2"] = None if par2 is None or s["par2"] is None else s["par2"] + par2
    for s in out.values():
        times = s.pop("_times")
        s["par2"] = None if s["par2"] is None else s["par2"] / s["runs"]
        s["geomean"] = math.exp(statistics.fmean(math.log(t) for t in times)) if times else None
    return list(out.values())


def render(data):
    """The HTML page of :func:`report_data`'s ``data``: one string, no outside resource."""
    css = (_ASSETS / "report.css").read_text()
    script = (_ASSETS / "report.js").read_text()
    sides = data["sides"]
    title = "nqueens report: " + " vs ".join(s["label"] for s in sides)
    e = html.escape
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        # Nothing from outside the file: no fetch, no image, no font, no frame (the inline script and style only).
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; "
        "style-src 'unsafe-inline'; img-src data:\">",
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}</title>",
        f"<style>{css}</style></head><body>",
    ]
    body = [f"<header><h1>{e(title)}</h1>", _regenerate(data), "</header>"]
    body.append('<nav class="toc">')
    for anchor, name in _SECTIONS:
        if anchor != "compare" or len(sides) == 2:
            body.append(f'<a href="#{anchor}">{e(name)}</a>')
    body.append("</nav>")
    body.append('<section id="verdict"><h2>Verdict</h2>')
    if len(sides) == 2:
        body.append(_between(data["comparison"], sides))
    for side in sides:
        body.append(_verdict(side, len(sides) > 1))
    body.append("</section>")
    if len(sides) == 2:
        change = data.get("code_change")
        note = f'<p class="note" id="code-change">{e(change)}</p>' if change else ""
        body.append(
            f'<section id="compare"><h2>Two stores side by side</h2>{note}<div id="comparison"></div></section>'
        )
    body.append('<section id="summary"><h2>Per solver</h2>')
    for side in sides:
        body.append(_summary_table(side, len(sides) > 1))
    body.append("</section>")
    body.append(
        '<section id="table"><h2>Per problem</h2><div id="filters" class="noprint"></div>'
        '<p id="shown" class="note"></p><div class="scroll"><table id="cells"></table></div>'
        "<noscript><p>The per-problem table, the figures and the statistics are drawn by the page's script: "
        "allow it to run, or read the same data with <code>nqueens runs --store FILE</code>.</p></noscript>"
        "</section>"
    )
    body.append(
        '<section id="figures"><h2>Figures</h2><div id="figure-controls" class="noprint"></div>'
        '<div id="charts"></div></section>'
    )
    body.append('<section id="stats"><h2>Paired statistics</h2><div id="paired"></div></section>')
    body.append('<section id="experiment"><h2>The experiment</h2>')
    for side in sides:
        body.append(_experiment_html(side, len(sides) > 1))
    body.append("</section>")
    payload = _json_for_script(data)
    tail = [
        f'<script type="application/json" id="report-data">{payload}</script>',
        f"<script>{script}</script>",
        "</body></html>",
    ]
    return "\n".join(head + body + tail) + "\n"


def check_output(path, *, inputs=()):
    """Refuse, before any work, a report path that cannot be written: not ``.html``, in a folder that does not
    exist, or one of the ``inputs`` (a store is never overwritten). Returns the path's folder.

    Raises
    ------
    NQueensError
        With what is wrong and what is allowed.
    """
    target = Path(path)
    if not str(path).strip():
        raise NQueensError("the report path is empty: give the .html file to write")
    for given in inputs:
        if given is None:
            continue
        same = os.path.realpath(given) == os.path.realpath(target)  # a store still to be made by this command too
        if same or (os.path.exists(given) and target.exists() and os.path.samefile(given, target)):
            raise NQueensError(f"{path} is an input store: the report goes to another file")
    if target.suffix.lower() not in (".html", ".htm"):
        raise NQueensError(f"a report is an .html (or .htm) file, got {path}")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise NQueensError(f"cannot write {path}: the folder {folder} does not exist")
    if target.is_dir():
        raise NQueensError(f"cannot write {path}: it is a folder")
    return folder


def write_report(path, text, *, inputs=()):
    """Write ``text`` to ``path`` atomically: a temporary file in the same folder, renamed into place, so that a
    reader sees the old page or the new one, never half of one.

    Raises
    ------
    NQueensError
        As :func:`check_output`, or if the file cannot be written.
    """
    from nqueens.core.files import replaced

    check_output(path, inputs=inputs)
    with replaced(path) as out:
        out.write(text)


# -- the data ---------------------------------------------------------------------------------------------------

_SECTIONS = (
    ("verdict", "Verdict"),
    ("compare", "Side by side"),
    ("summary", "Per solver"),
    ("table", "Per problem"),
    ("figures", "Figures"),
    ("stats", "Paired statistics"),
    ("experiment", "The experiment"),
)


def _factor(docs):
    """``(common, varying)``: the fields whose value every run shares (versions, machine, host, limits, ...), once,
    and each run without them (and without its null fields), so that 10,000 runs stay small."""
    common = {}
    for key in docs[0]:
        first = docs[0].get(key)
        if len(docs) > 1 and all(d.get(key) == first for d in docs[1:]):
            common[key] = first
    varying = [{k: v for k, v in d.items() if k not in common and v is not None} for d in docs]
    return common, varying


def _cell(cell):
    """A cell of :func:`nqueens.analysis.compare.cells` as the page shows it."""
    spread = cell.get("spread") or {}
    shown = {
        "problem": cell.get("instance") or str(cell["n"]),
        **{key: cell.get(key) for key in ("n", "instance", "solver", "status")},
        "answer": _answer(cell),
        "seconds": cell.get("seconds"),
        "min": cell.get("seconds_min"),
        "max": cell.get("seconds_max"),
        **{key: spread.get(key) for key in ("q1", "q3", "ci_low", "ci_high")},
        "cpu": cell.get("cpu_time"),
        "added": cell.get("memory_added"),
        "memory": cell.get("peak_memory"),
        "effort": cell.get("effort") or {},
        **{key: cell.get(key) for key in ("nodes", "timeout", "runs")},
        "repeats": len(cell.get("repeats") or []),
        "message": cell.get("message"),
    }
    return {key: value for key, value in shown.items() if value not in (None, {})}


def _answer(cell):
    if cell.get("objective") is not None:
        return str(cell["objective"])
    if cell["status"] in ("sat", "unsat"):  # a first solution's answer is its status
        return cell["status"]
    if cell.get("total") is None:  # a first solution that did not answer has none
        return None
    unique = f" ({cell['unique']} unique)" if cell.get("unique") is not None else ""
    return f"{cell['total']}{unique}"


def _experiment(docs, label):
    """What the store records of how the runs were made: problems, limits, harness, seeds, machine, versions."""
    ns = sorted({d["n"] for d in docs if not d.get("instance")})
    instances = sorted({(d["instance"], d.get("instance_path")) for d in docs if d.get("instance")}, key=str)
    solvers = list(dict.fromkeys(d["solver"] for d in docs))
    rules, repeats, seeds, timeouts, memories, harnesses = _settings(docs)
    finished = sorted(d["finished"] for d in docs if d.get("finished"))
    machines = _distinct(docs, "machine")
    versions = _distinct(docs, "versions")
    toolkit = sorted({d["version"] for d in docs if d.get("version")})
    hosts = sorted({d["host"] for d in docs if d.get("host")})
    recorded = Counter(d["command"] for d in docs if d.get("command"))
    digests = Counter(d["code_digest"] for d in docs if d.get("code_digest"))
    unrecorded = [d for d in docs if not d.get("command")]
    commands = _rebuilt(unrecorded, label) if unrecorded else []
    return {
        "recorded": [{"command": c, "runs": k} for c, k in recorded.items()],
        "commands": commands,
        "unrecorded": len(unrecorded),
        "digests": [{"digest": c, "runs": k} for c, k in digests.items()],
        "undigested": sum(not d.get("code_digest") for d in docs),
        "question": compare._question(docs[0]),
        "ns": compare._ranges(ns, ",") if ns else None,
        "instances": [{"name": name, "path": path} for name, path in instances],
        "solvers": solvers,
        "rules": rules,
        "repeats": repeats,
        "seeds": seeds,
        "timeouts": timeouts,
        "memories": memories,
        "harness": harnesses,
        "first": finished[0] if finished else None,
        "last": finished[-1] if finished else None,
        "machines": machines,
        "versions": versions,
        "toolkit": toolkit,
        "hosts": hosts,
        "busy": busy_notes(docs),
    }


def _rebuilt(docs, label):
    """The ``nqueens compare`` commands that would make ``docs`` again (runs whose store did not record the
    command line that made them)."""
    rules, repeats, seeds, timeouts, memories, harnesses = _settings(docs)
    options = []
    if rules != ["queen"] and len(rules) == 1:
        options += ["--rules", rules[0]]
    if repeats > 1:
        options += ["--repeat", str(repeats)]
    if seeds and seeds == list(range(1, max(seeds) + 1)):  # --seeds K runs the seeds 1..K
        options += ["--seeds", str(max(seeds))]
    if len(timeouts) == 1:
        options += ["--timeout", f"{timeouts[0]:g}"]
    if len(memories) == 1:
        options += ["--memory", str(memories[0])]
    if harnesses and harnesses != ["process"]:
        options += ["--harness", harnesses[0]]
    if docs[0].get("problem"):  # an optimisation problem (domination, peaceable)
        options = ["--problem", docs[0]["problem"], *options]
    # One command per set of problems: a solver run on fewer problems than the others (its default reach) was
    # asked by a command of its own, or was left out by the default one; either way this makes the same runs.
    groups: dict[tuple, list] = {}
    for solver, mine in _by_solver(docs).items():
        asked = (
            tuple(sorted({d["n"] for d in mine if not d.get("instance")})),
            tuple(sorted({d.get("instance_path") or d["instance"] for d in mine if d.get("instance")})),
        )
        groups.setdefault(asked, []).append(solver)
    commands = []
    for (sizes, files), members in groups.items():
        command = ["nqueens", "compare"] + ([compare._ranges(list(sizes), ",")] if sizes else [])
        if files:
            command += ["--instances", *files]
        command += ["--solvers", ",".join(members), "--question", docs[0]["question"], *options]
        commands.append(" ".join(_quote(part) for part in [*command, "--store", str(label)]))
    return commands


def _settings(docs):
    """What the runs were made with: their rules, the most repeats, and the seeds, time and memory limits and
    harnesses, each sorted."""
    return (
        sorted({rule_of(d.get("options")) for d in docs}),
        max(d.get("repeat") or 1 for d in docs),
        *(sorted({d[key] for d in docs if d.get(key) is not None}) for key in ("seed", "timeout", "memory")),
        sorted({d["harness"] for d in docs if d.get("harness")}),
    )


def _distinct(docs, key):
    seen: dict[str, Any] = {}
    for d in docs:
        value = d.get(key) or {}
        seen.setdefault(json.dumps(value, sort_keys=True, default=str), value)
    return [v for v in seen.values() if v]


def _by_solver(items):
    """``{solver: [its runs or cells]}``, in the order of their first."""
    out: dict[str, list] = {}
    for item in items:
        out.setdefault(item["solver"], []).append(item)
    return out


def _pairs(table):
    """The paired statistics of every two solvers that answered a problem in common, paired as ``runs --compare``
    pairs them (:func:`nqueens.analysis.compare.pair`, :func:`~nqueens.analysis.compare.paired_statistics`): per
    pair the seconds and the CPU time, the number of ``problems`` paired, their names (``pairs``) and ``ratios``."""
    by_solver = _by_solver(table)
    out = []
    for a, b in combinations(list(by_solver)[:PAIRED_SOLVERS], 2):
        matched = compare.pair(by_solver[a], by_solver[b])
        for column, key in (("seconds", "seconds"), ("cpu", "cpu_time")):
            for result in compare.paired_statistics(matched, key).values():
                result["pairs"], result["problems"] = result["problems"], len(result["problems"])
                out.append({"a": a, "b": b, "column": column, **result})
    return out


def _comparison(a, b):
    """Two stores per problem and solver (:func:`nqueens.analysis.compare.compare_configurations` per solver both
    ran; a lone solver on each side is paired whatever its name): the runs whose status or answer changed first."""
    left, right = _by_solver(a), _by_solver(b)
    pairs = [(s, s) for s in left if s in right]
    if not pairs and len(left) == 1 and len(right) == 1:
        pairs = [(next(iter(left)), next(iter(right)))]
    rows = []
    for x, y in pairs:
        answers = [
            {c.get("instance") or str(c["n"]): _answer(c) for c in compare.cells(side)} for side in (left[x], right[y])
        ]
        result = compare.compare_configurations(left[x], right[y])
        for row in result["rows"]:
            changed_answer = answers[0].get(row["problem"]) != answers[1].get(row["problem"])
            rows.append(
                {
                    **row,
                    "solver": x if x == y else f"{x} / {y}",
                    "a_answer": answers[0].get(row["problem"]),
                    "b_answer": answers[1].get(row["problem"]),
                    "changed": row["change"] != "same" or changed_answer,
                }
            )
    rows.sort(key=lambda r: not r["changed"])  # stable: the changes first, each group in the stores' order
    return {
        "rows": rows,
        "solvers": [x if x == y else f"{x} / {y}" for x, y in pairs],
        "only_a": [s for s in left if s not in right and not (len(pairs) == 1 and pairs[0][0] == s)],
        "only_b": [s for s in right if s not in left and not (len(pairs) == 1 and pairs[0][1] == s)],
        "changed": sum(r["changed"] for r in rows),
    }


# -- the static parts of the page --------------------------------------------------------------------------------


def _regenerate(data):
    e = html.escape
    parts = ['<p class="note">']
    if data.get("command"):
        parts.append(f"Regenerate this page: <code>{e(data['command'])}</code>. ")
    parts.append(
        "It is one file: it asks for nothing over the network, and its data is the stores' as "
        "<code>nqueens runs --json</code> gives it.</p>"
    )
    return "".join(parts)


def _verdict(side, named):
    e = html.escape
    problems = side["problems"]
    ok = not problems and not side["agreement"].startswith("the solvers do not")
    out = [f'<div class="verdict {"ok" if ok else "bad"}" data-side="{e(side["label"])}">']
    if named:
        out.append(f"<h3>{e(side['label'])}</h3>")
    out.append(f'<p class="agreement">{e(side["agreement"])}</p>')
    totals: dict[str, int] = {}
    for s in side["solvers"]:
        for key in _COUNTS:
            totals[key] = totals.get(key, 0) + s[key]
        for key, count in s["other"].items():
            totals[key] = totals.get(key, 0) + count
    asked = totals.pop("runs", 0)
    words = ", ".join(f'<span data-total="{k}">{v}</span> {k}' for k, v in totals.items())
    unsupported = side["count"] - asked
    aside = f" ({unsupported} more unsupported: the solver cannot answer there)" if unsupported else ""
    out.append(
        f'<p class="totals"><span data-total="runs">{asked}</span> runs of the question {e(side["question"])}{aside}: '
        f"{words}</p>"
    )
    if side["runs"] is None:
        out.append(
            f'<p class="summarised">This store holds {side["count"]:,} runs, more than the {MAX_RUNS:,} a report holds '
            "one by one: the page has every cell (a solver on a problem, its repeats reduced), the per-solver "
            "summary and the figures of the cells, not each run's record; <code>nqueens runs --store FILE</code> "
            "lists every run.</p>"
        )
    if problems:
        out.append('<ul class="problems">')
        for d in problems:
            where = d.get("instance") or f"n = {d['n']}"
            record = json.dumps(d, indent=1, default=str)
            out.append(
                f'<li class="status-{e(d["status"])}"><details><summary><b>{e(d["status"])}</b> {e(where)}, '
                f"{e(d['solver'])} (repeat {e(str(d.get('repeat')))}, run {e(str(d.get('id')))}): "
                f"{e(d.get('message') or '')}</summary><pre>{e(record)}</pre></details></li>"
            )
        more = side["problem_count"] - len(problems)
        if more:
            out.append(
                f"<li>and {more:,} more runs wrong, in error or out of memory: filter the table below by status</li>"
            )
        out.append("</ul>")
    out.append("</div>")
    return "".join(out)


def _between(comparison, sides):
    """The verdict of two stores on each other: how many problem and solver pairs changed status or answer."""
    e = html.escape
    changed, pairs = comparison["changed"], len(comparison["rows"])
    a, b = (side["label"] for side in sides)
    if not pairs:
        text = f"{a} and {b} have no solver on a problem in common: nothing to set side by side"
    elif changed:
        text = (
            f"{changed} of {pairs} problem and solver pairs changed their status or answer from {a} to {b}: "
            "they come first in the side-by-side table"
        )
    else:
        text = f"{a} and {b} agree on the status and answer of all {pairs} problem and solver pairs both ran"
    return f'<div class="verdict {"bad" if changed or not pairs else "ok"}" id="between"><p class="agreement">{e(text)}</p></div>'


def _summary_table(side, named):
    e = html.escape
    limit = side["experiment"]["timeouts"]
    if not limit:
        limit_text = "no time limit was set"
    elif len(limit) == 1:
        limit_text = f"{limit[0]:g} s"
    else:
        limit_text = "each run's own"
    others = list(dict.fromkeys(k for s in side["solvers"] for k in s["other"]))
    penalty = f"penalised average runtime: a run that did not answer counts as {PAR_FACTOR} x its time limit"
    head = (
        "<tr>"
        + "".join(f"<th>{e(k)}</th>" for k in ("solver", *_COUNTS, *others))
        + f'<th title="{penalty}">PAR{PAR_FACTOR} (s)</th>'
        "<th>geometric mean time of the solved runs (s)</th><th>effort (sum over solved runs)</th></tr>"
    )
    rows = []
    for s in side["solvers"]:
        effort = "; ".join(f"{_num(v)} {k}" for k, v in s["effort"].items())
        if effort and s["search_tree"]:
            effort += f" ({s['search_tree']} tree)"
        counts = "".join(f"<td>{v}</td>" for v in [s[k] for k in _COUNTS] + [s["other"].get(k, 0) for k in others])
        rows.append(
            f'<tr data-solver="{e(s["solver"])}"><td>{e(s["solver"])}</td>{counts}'
            f"<td>{_seconds(s['par2'])}</td><td>{_seconds(s['geomean'])}</td><td>{e(effort or '-')}</td></tr>"
        )
    caption = (
        f"PAR{PAR_FACTOR} is the penalised average runtime: the mean over a solver's runs of the time of each run "
        f"that answered, and {PAR_FACTOR} x the time limit ({limit_text}) for each that did not (timeout, memout, "
        "error, wrong); '-' where such a run had no limit. Effort counts differ in kind between solvers (nodes of "
        "different trees, branches, checks): compare a quantity only between solvers that report it on the same tree."
    )
    title = f"<h3>{e(side['label'])}</h3>" if named else ""
    return (
        f'{title}<div class="scroll"><table class="summary" data-side="{e(side["label"])}">{head}{"".join(rows)}'
        f'</table></div><p class="note">{e(caption)}</p>'
    )


def _experiment_html(side, named):
    e = html.escape
    x = side["experiment"]
    rows = [
        ("made by", _made_by(x)),
        ("question", e(x["question"])),
        (
            "problems",
            e(", ".join(filter(None, [f"n = {x['ns']}" if x["ns"] else ""] + [i["name"] for i in x["instances"]]))),
        ),
        ("rules", e(", ".join(x["rules"]))),
        ("solvers", e(", ".join(x["solvers"]))),
        ("repeats", str(x["repeats"])),
        ("seeds", e(_seeds(x["seeds"]))),
        ("time limit", e(", ".join(f"{t:g} s" for t in x["timeouts"]) or "none")),
        ("memory limit", e(", ".join(f"{m} MiB" for m in x["memories"]) or "none")),
        ("harness", e(", ".join(x["harness"]) or "-")),
        ("runs finished", e(f"{x['first']} .. {x['last']}")),
        ("host", e(", ".join(x["hosts"]) or "-")),
        ("toolkit version", e(", ".join(x["toolkit"]) or "-")),
        ("code digest", _digests(x)),
    ]
    for machine in x["machines"]:
        rows.append(("machine", e(", ".join(f"{k} {v}" for k, v in machine.items()))))
    for versions in x["versions"]:
        rows.append(("versions", e(", ".join(f"{k} {v}" for k, v in versions.items()))))
    for instance in x["instances"]:
        rows.append(("instance", e(f"{instance['name']}: {instance['path']}")))
    for note in x.get("busy") or ():
        rows.append(("busy machine", e(note)))
    body = "".join(f"<tr><th>{name}</th><td>{value}</td></tr>" for name, value in rows)
    title = f"<h3>{e(side['label'])}</h3>" if named else ""
    return f'{title}<table class="facts">{body}</table>'


def _made_by(x):
    """The recorded command lines (each with how many runs it made), then the rebuilt ones of the runs whose
    store did not record theirs, labelled as rebuilt."""
    e = html.escape
    lines = [f'<code class="command">{e(c["command"])}</code> ({_runs(c["runs"])})' for c in x.get("recorded") or []]
    if x["commands"]:
        rebuilt = "<br>".join(f'<code class="rebuilt">{e(c)}</code>' for c in x["commands"])
        lines.append(
            f"{rebuilt} (rebuilt from the runs: the store did not record the command line of "
            f"{'these' if lines else 'its'} {_runs(x['unrecorded'])})"
        )
    return "<br>".join(lines) or "-"


def _digests(x):
    """The digests of the toolkit's code that made the runs, each with its number of runs; a note when they
    differ (different code made the runs) or where a store did not record one."""
    e = html.escape
    parts = [f'<code class="digest">{e(d["digest"])}</code> ({_runs(d["runs"])})' for d in x.get("digests") or []]
    if len(parts) > 1:
        parts.append("<strong>different code made these runs</strong>")
    if x.get("undigested"):
        parts.append(f"not recorded for {_runs(x['undigested'])} (a store written before it was)")
    return "<br>".join(parts) or "-"


def _runs(k):
    return f"{k} run" if k == 1 else f"{k} runs"


def code_change(sides):
    """A sentence saying whether the two sides' runs were made by the same code (their code digests), or
    ``None`` for one side or where a side did not record its digest."""
    if len(sides) != 2:
        return None
    found = [{d["digest"] for d in side["experiment"].get("digests") or []} for side in sides]
    if not all(found):
        return None
    first, second = (side["label"] for side in sides)
    if found[0] == found[1]:
        return f"{first} and {second} were made by the same code (digest {', '.join(sorted(found[0]))})."
    return (
        f"{first} and {second} were made by different code: digest {', '.join(sorted(found[0]))} against "
        f"{', '.join(sorted(found[1]))} (a change of the toolkit between them)."
    )


def _seeds(seeds):
    if not seeds:
        return "none (deterministic solvers)"
    if seeds == list(range(1, max(seeds) + 1)):
        return f"1..{max(seeds)} (--seeds {max(seeds)}: each randomised solver run with each)"
    return ", ".join(map(str, seeds)) + " (the randomised solvers' seed option)"


def _json_for_script(data):
    """``data`` as JSON that cannot end its ``<script>`` element or open a comment: ``<``, ``>`` and ``&`` as
    ``\\u`` escapes (JSON.parse reads them back as the same characters)."""
    text = json.dumps(finite(data), separators=(",", ":"), default=str, allow_nan=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def _seconds(value):
    return "-" if value is None else f"{value:.4g}"


def _num(value):
    return f"{int(value):,}" if float(value).is_integer() else f"{value:.4g}"


def _quote(part):
    import shlex

    return shlex.quote(part)
