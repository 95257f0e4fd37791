"""The questions about the solutions of the n queens: ``count``, ``enumerate``, ``first`` and ``unique``.

Each is a :class:`~nqueens.experiments.question.Question`: how a run answers it (a count, or a stream of solutions
read to its end, to its first solution, or reduced by the 8 symmetries inside the timed run), how it is settled
and how it is judged: against the published values of its attack rule (:data:`nqueens.core.published.BY_RULE`:
OEIS A000170 and A002562 for the queen's), every first solution against the board or the instance, and the runs
of one problem against each other (the minority is ``wrong``, every side without a majority).
"""

import os
import time
from typing import Any

from nqueens.core.published import BY_RULE
from nqueens.core.rules import get_rule, square_group_refusal
from nqueens.experiments.question import (
    SPAN,
    Question,
    Refusal,
    jsonable,
    judge_claims,
    problem_of,
    rule_of,
    settle_limit,
    wrong,
)

__all__ = ["COUNT", "ENUMERATE", "FIRST", "UNIQUE"]


# -- answering ----------------------------------------------------------------------------------------------------


def count(task, problem, spec, options, made, report=None):
    """The solver's count (instrumented when the task asks for nodes)."""
    from nqueens import api

    if "request" not in made:
        made["request"] = api.request(problem, spec, nodes=bool(task.get("nodes")), options=options, checked=True)
    record = api.count(made["request"])
    tree_size = getattr(spec.load(), "tree_size", None)
    return {
        "total": record.total,
        "unique": record.unique,
        "classes": _classes(record.classes),
        "nodes": record.nodes,
        "profile": None if record.profile is None else list(record.profile),
        "tree": tree_size(record.n) if tree_size is not None and task.get("instance") is None else None,
        "seconds": record.seconds,
        "stats": jsonable(record.stats),
        **{key: getattr(record, key) for key in SPAN},
    }


def stream(problem, spec, options, made, read, limit=None):
    """The solver's stream of solutions read by ``read`` (in one job, so that the span is the solver's, not the
    hand-offs of its chunks)."""
    from nqueens import api
    from nqueens.core import background

    stats: dict[Any, Any] = {}  # filled by the solvers that report on a stream (cpsat: time_model once built)
    if "request" not in made:
        made["request"] = api.request(problem, spec, question="enumerate", limit=limit, options=options, checked=True)
    out, span = background.timed(read, api.batches(made["request"], stats=stats))
    span.child(stats.pop("child_peak_memory", None))  # a child process the solver measured itself
    out.update(stats=jsonable(stats), **{key: getattr(span, key) for key in SPAN})
    return out


class _Reading:
    """The batches of a stream as they are read: the rows, the time to the first solution, the first solution."""

    def __init__(self, batches):
        self.batches, self.rows, self.first, self.solution = batches, 0, None, None
        self.start = time.perf_counter()

    def __iter__(self):
        try:
            for batch in self.batches:
                if self.first is None and len(batch):
                    self.first = time.perf_counter() - self.start
                    self.solution = [int(c) for c in batch[0]]
                self.rows += len(batch)
                yield batch
        finally:
            self.batches.close()

    def through(self):
        for _ in self:
            pass
        return self


def _every(batches):
    reading = _Reading(batches).through()
    return {"total": reading.rows, "seconds_to_first": reading.first}


def _one(batches):
    reading = _Reading(batches).through()
    return {"total": None, "solution": reading.solution, "seconds_to_first": reading.first}


def _fundamental(batches):
    from nqueens.analysis.symmetry import classes

    reading = _Reading(batches)
    try:
        found = classes(reading)
    finally:
        batches.close()
    orbits = sum(size * number for size, number in found.items())
    if orbits != reading.rows:
        raise RuntimeError(f"enumerated {reading.rows} solutions whose orbits hold {orbits}")
    return {
        "total": reading.rows,
        "unique": sum(found.values()),
        "classes": _classes(found),
        "seconds_to_first": reading.first,
    }


def enumerate_all(task, problem, spec, options, made, report=None):
    return stream(problem, spec, options, made, _every)


def first(task, problem, spec, options, made, report=None):
    return stream(problem, spec, options, made, _one, limit=1)


def unique(task, problem, spec, options, made, report=None):
    """The solver's unique count where it counts them, else its stream reduced by the 8 symmetries."""
    if not spec.counts_unique(options):
        return stream(problem, spec, options, made, _fundamental)
    out = count(task, problem, spec, options, made)
    if out["unique"] is None:
        raise RuntimeError(f"solver {spec.name} counted no unique solutions")
    return out


def _classes(classes):
    from nqueens.core.record import classes_to_json

    return classes_to_json(classes)


# -- settling and judging -----------------------------------------------------------------------------------------


def certify_count(record, folder):
    """A solved count of the SAT model written with its boards and the DRAT proof that there are no others."""
    if record.status != "solved":
        return f"not certified: the run ended {record.status}"
    from nqueens.certify import produce
    from nqueens.core.instance_io import read_instance

    instance = None if record.instance_path is None else read_instance(record.instance_path)
    options = {key: record.options[key] for key in ("encoding", "rule", "satsolver", "counter")}
    produce.forecast_line(record.n, options["rule"], instance)
    produce.count(record.n, folder, instance=instance, **options)
    return None


def _enumerating(column):
    if column.full.get("counter", "enumerate") != "enumerate":
        return f"--certify counts by enumeration with a proof; {column.name} writes none"
    return None


def settle_first(record, outcome, timeout):
    """A first solution found is ``sat``, none ``unsat``; beyond the time limit, ``timeout``."""
    if record.status == "solved":
        record.status = "sat" if record.solution is not None else "unsat"
    settle_limit(record, outcome, timeout)


def judge_counts(record):
    """An answered run whose total or unique count contradicts the published values of its rule is ``wrong``."""
    if not record.answered or record.instance is not None:
        return
    n = record.n
    # a rule with no published values (one just added) is judged by the runs against each other only
    totals, uniques, (total_name, unique_name) = BY_RULE.get(rule_of(record), ({}, {}, (None, None)))
    if n not in totals:
        return
    if record.total is not None and record.total != totals[n]:
        wrong(record, f"total {record.total:,}, but OEIS {total_name} has {totals[n]:,} for n = {n}")
    elif record.unique is not None and n in uniques and record.unique != uniques[n]:
        wrong(record, f"unique {record.unique:,}, but OEIS {unique_name} has {uniques[n]:,} for n = {n}")


def judge_first(record):
    """A first solution that is not a solution (of the board or the instance), or none where there are some, is
    ``wrong``."""
    if not record.answered:
        return
    n, q, rule = record.n, record.solution, rule_of(record)
    if q is None:
        totals = BY_RULE[rule][0] if rule in BY_RULE else {}
        if record.instance is None and totals.get(n):
            wrong(record, f"found no solution, but n = {n} has {totals[n]:,}")
        return
    if record.instance is None:
        if not get_rule(rule).is_solution(q, n):
            wrong(record, f"its first solution {q} is not a solution")
    elif record.instance_path and os.path.exists(record.instance_path):
        from nqueens.core.instance_io import read_instance

        instance = read_instance(record.instance_path)
        if not (instance.admits(q) and get_rule(rule).is_solution(q, n)):
            wrong(record, f"its first solution {q} is not a solution of {record.instance}")


def judge_votes(records, fields=("total", "unique")):
    """Answered runs of one problem that disagree on ``fields``: the minority is ``wrong`` (all of them, without a
    majority). Returns the runs changed."""
    changed = []
    by_problem: dict[Any, Any] = {}
    for record in records:
        if record.answered:
            by_problem.setdefault(problem_of(record), []).append(record)
    for runs in by_problem.values():
        for fld in fields:
            votes: dict[Any, Any] = {}
            for record in runs:
                if getattr(record, fld) is not None and record.answered:
                    votes.setdefault(getattr(record, fld), []).append(record)
            if len(votes) < 2:
                continue
            ranked = sorted(votes.items(), key=lambda item: -len(item[1]))
            majority = ranked[0][0] if len(ranked[0][1]) > len(ranked[1][1]) else None
            said = "; ".join(_says(rs, v) for v, rs in ranked)
            for value, losers in ranked:
                if value == majority:
                    continue
                for record in losers:
                    wrong(record, f"the solvers disagree on the {fld}: {said}")
                    changed.append(record)
    return changed


def _says(records, value):
    names = sorted({r.solver for r in records})
    return f"{', '.join(names)} {'say' if len(names) > 1 else 'says'} {value:,}"


# -- the declarations ---------------------------------------------------------------------------------------------

COUNT = Question(
    name="count",
    asks="the total",
    needs=("count",),
    why_not="it does not count",
    answer=count,
    columns=("total", "unique", "classes", "nodes", "profile", "tree"),
    judge_alone=judge_counts,
    judge_together=judge_votes,
    instrumented=True,
    forecast=True,
    certify=certify_count,
    certify_column=_enumerating,
)

ENUMERATE = Question(
    name="enumerate",
    asks="every solution",
    needs=("enumerate",),
    why_not="it only counts",
    answer=enumerate_all,
    columns=("total", "seconds_to_first"),
    judge_alone=judge_counts,
    judge_together=judge_votes,
    every_solution=True,
)

FIRST = Question(
    name="first",
    asks="one solution (seconds_to_first)",
    needs=("enumerate",),
    why_not="it only counts, it cannot stop at a first solution",
    answer=first,
    columns=("solution", "seconds_to_first"),
    statuses=("sat", "unsat"),
    settle=settle_first,
    judge_alone=judge_first,
    judge_together=judge_claims,
    one_solution=True,
)

UNIQUE = Question(
    name="unique",
    asks="total and fundamental solutions",
    needs=("unique", "enumerate"),
    why_not="it neither counts fundamental solutions nor enumerates",
    answer=unique,
    columns=("total", "unique", "classes", "seconds_to_first"),
    judge_alone=judge_counts,
    judge_together=judge_votes,
    forecast=True,
    refuse=(
        Refusal(
            "rule",
            lambda p: p.rule == "toroidal",
            lambda p: square_group_refusal("--question unique", p.rule) or "",
        ),
    ),
)
