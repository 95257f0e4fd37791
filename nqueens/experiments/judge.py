"""Judging the runs of an experiment: against the published values and against each other.

A run that answered is ``wrong`` when its total or unique count contradicts the published values of its attack
rule (:data:`nqueens.core.published.BY_RULE`: OEIS A000170 and A002562 for the queen's), when its first solution
is not a solution (or it found none where there are some), when it says ``unsat`` beside a run that found a
solution, or when it disagrees with the other runs of the same problem (the minority, every side without a
majority). :func:`check` judges stored runs again (``nqueens runs --check``); :func:`damage` says what makes a
stored run impossible to read as a run.
"""

import os
from typing import Any

from nqueens.core.record import ANSWERED, RunRecord
from nqueens.experiments.worker import QUESTIONS

__all__ = ["STATUSES", "FAILURES", "judge", "tree_disagreements", "check", "damage"]


STATUSES = (
    "solved",
    "sat",
    "unsat",
    "optimal",
    "feasible",
    "infeasible",
    "unknown",
    "timeout",
    "memout",
    "error",
    "wrong",
    "unsupported",
)
# Runs that end the experiment with exit status 1. A timeout is what a time limit is there for, not a failure.
FAILURES = ("memout", "error", "wrong")


def judge(records):
    """Mark ``wrong`` the answered runs whose answers are wrong; return the records changed.

    A run is wrong if its total or unique count contradicts the published values of its attack rule, over the
    n they are published for (:data:`nqueens.core.published.BY_RULE`: OEIS A000170 and A002562 for the queen's),
    if its first solution is not a solution (or it found none where there are some), if it says
    ``unsat`` where another run found a solution, or if it disagrees with the other runs on the same problem:
    the minority is wrong, every side without a majority.

    Parameters
    ----------
    records : list of RunRecord
        Changed in place.

    Examples
    --------
    >>> runs = [RunRecord(8, s, "count", status="solved", total=t) for s, t in (("a", 92), ("b", 90))]
    >>> [r.solver for r in judge(runs)], runs[1].message
    (['b'], 'total 90, but OEIS A000170 has 92 for n = 8')
    """
    changed = []
    for record in records:
        before = record.status
        _judge_alone(record)
        if record.status != before:
            changed.append(record)
    for question in dict.fromkeys(record.question for record in records):
        mine = [record for record in records if record.question == question]
        changed += [record for record in _judge_together(mine, question) if record not in changed]
    changed += [record for record in _judge_claims(records) if record not in changed]
    return changed


def tree_disagreements(records):
    """One line per problem where columns that claim the same tree (their runs' ``search_tree``, see
    :mod:`nqueens.experiments.trees`) count different nodes: ``compare --nodes`` flags them below the table.

    Examples
    --------
    >>> runs = [RunRecord(8, s, status="solved", nodes=v, search_tree="permutation") for s, v in (("a", 2057),
    ...         ("b", 2058))]
    >>> tree_disagreements(runs)
    ['n = 8: a and b claim the permutation tree and disagree on its nodes: a 2,057, b 2,058']
    """
    groups: dict[Any, Any] = {}
    where: dict[Any, Any] = {}
    for record in records:
        tree = record.search_tree
        if record.status in ANSWERED and record.nodes is not None and tree and not tree.endswith("'s own"):
            key = (_problem_of(record), tree)
            groups.setdefault(key, {}).setdefault(record.solver, record.nodes)
            where[key] = record.instance or f"n = {record.n}"
    lines = []
    for (problem, tree), counts in groups.items():
        if len(set(counts.values())) > 1:
            names = list(counts)
            said = ", ".join(f"{name} {value:,}" for name, value in counts.items())
            lines.append(
                f"{where[problem, tree]}: {', '.join(names[:-1])} and {names[-1]} claim the {tree} tree and disagree on its nodes: "
                f"{said}"
            )
    return lines


def check(records):
    """The runs whose stored status does not hold up: ``(record, why)`` pairs (``nqueens runs --check``).

    The records are judged again, all together, on copies (:func:`judge`: the published values, every first
    solution checked, ``unsat`` beside a solution, disagreeing counts), across solvers, runs and experiments;
    runs already recorded ``wrong`` are listed too. Runs of different problems never meet: a problem is its
    instance's digest, or its board size.

    Examples
    --------
    >>> runs = [RunRecord(6, "a", "first", status="unsat"), RunRecord(6, "b", "first", status="sat",
    ...         solution=[1, 3, 5, 0, 2, 4])]
    >>> [(r.solver, why) for r, why in check(runs)]
    [('a', 'found no solution, but n = 6 has 4')]
    """
    copies = [RunRecord.from_dict(r.to_dict() if isinstance(r, RunRecord) else r) for r in records]
    already = [r.status == "wrong" for r in copies]
    judge(copies)
    found = []
    for copy, was in zip(copies, already):
        if copy.status == "wrong":
            found.append((copy, f"recorded wrong: {copy.message}" if was else copy.message))
    return found


def damage(doc):
    """What makes a stored run record (its JSON form) impossible, in words, or ``None`` when it reads as a run.

    The fields a record has must have their kinds (``n`` a board size, counts integers, times numbers, ``status``
    one of :data:`STATUSES`, ``question`` one of :data:`~nqueens.experiments.worker.QUESTIONS`), and its pieces
    must agree: the orbit classes make the total and the unique count (what the store checks of a finished count,
    ``nqueens history``), the node profile makes ``nodes``, a first solution has ``n`` columns. Fields a record
    lacks (a store written by an earlier version) are not held against it; ``n`` and ``solver`` it must have.

    Examples
    --------
    >>> damage({"n": 8, "solver": "bitwise", "status": "solved", "total": 92}) is None
    True
    >>> damage({"n": 8, "solver": "bitwise", "status": "solved", "total": "92"})
    "total '92' is not an integer"
    """
    if not isinstance(doc, dict) or not doc:
        return "the record is empty: no n, no solver"

    def integer(value, least=0):
        return isinstance(value, int) and not isinstance(value, bool) and value >= least

    def number(value):  # finite and >= 0: no NaN, no infinity (which JSON cannot hold)
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value < float("inf")

    n = doc.get("n")
    if "n" not in doc:
        return "the record has no n"
    if not integer(n, 0) or (n == 0 and not (doc.get("instance") and doc.get("status") == "error")):
        return f"n = {n!r} is not a board size"
    if not isinstance(doc.get("solver"), str) or not doc["solver"]:
        return f"solver {doc.get('solver')!r} is not a solver's name"
    if doc.get("status") is not None and doc["status"] not in STATUSES:
        return f"status {doc['status']!r} is not one of {', '.join(STATUSES)}"
    if doc.get("question") is not None and doc["question"] not in QUESTIONS:
        return f"question {doc['question']!r} is not one of {', '.join(QUESTIONS)}"
    if "repeat" in doc and not integer(doc["repeat"], 1):
        return f"repeat {doc['repeat']!r} is not an integer >= 1"
    for key in ("total", "unique", "nodes", "tree"):
        if doc.get(key) is not None and not integer(doc[key]):
            return f"{key} {doc[key]!r} is not an integer"
    for key in ("seconds", "seconds_to_first", "time_read", "time_model", "time_solve", "time_total", "timeout"):
        if doc.get(key) is not None and not number(doc[key]):
            return f"{key} {doc[key]!r} is not a number of seconds"
    for key in ("cpu_time", "wall_time", "inner_time"):
        if doc.get(key) is not None and not number(doc[key]):
            return f"{key} {doc[key]!r} is not a number of seconds"
    for key in ("peak_memory", "memory"):
        if doc.get(key) is not None and not number(doc[key]):
            return f"{key} {doc[key]!r} is not an amount of memory (MiB >= 0)"
    for key in ("options", "stats", "versions", "machine"):
        if doc.get(key) is not None and not isinstance(doc[key], dict):
            return f"{key} {doc[key]!r} is not a mapping"
    classes = doc.get("classes")
    if classes is not None:
        from nqueens.core.record import classes_from_json

        try:
            sizes = classes_from_json(classes)
        except (TypeError, ValueError, AttributeError):
            return f"classes {classes!r} are not orbit sizes with counts"
        if not all(size in (1, 2, 4, 8) and integer(count) for size, count in sizes.items()):
            return f"classes {classes!r} are not orbit sizes (1, 2, 4, 8) with counts"
        made, unique = sum(s * c for s, c in sizes.items()), sum(sizes.values())
        if doc.get("total") is not None and made != doc["total"]:
            return f"its classes make a total of {made}, but it says total {doc['total']}"
        if doc.get("unique") is not None and unique != doc["unique"]:
            return f"its classes make {unique} unique solutions, but it says unique {doc['unique']}"
    profile = doc.get("profile")
    if profile is not None:
        if not isinstance(profile, list) or not all(integer(x) for x in profile):
            return f"profile {profile!r} is not a list of node counts"
        if doc.get("nodes") is not None and sum(profile) != doc["nodes"]:
            return f"its profile adds up to {sum(profile)} nodes, but it says nodes {doc['nodes']}"
    solution = doc.get("solution")
    if (
        solution is not None
        and doc.get("question") != "optimize"
        and (not isinstance(solution, list) or len(solution) != n or not all(integer(c) for c in solution))
    ):
        return f"solution {solution!r} is not {n} columns"
    return None


def _problem_of(record):
    where = (record.instance_digest or record.instance) if record.instance else record.n
    return where, _rule_of(record)


def _rule_of(record):
    return (record.options or {}).get("rule") or "queen"


def _known(rule):
    """The published totals and unique counts of ``rule`` (``{n: value}``) and their OEIS names."""
    from nqueens.core.published import BY_RULE

    return BY_RULE[rule]


def _judge_alone(record):
    """An answered run whose answer contradicts the published values, or is not a solution, is ``wrong``."""
    if record.question == "optimize":
        _judge_optima([record])
        return
    if record.status not in ANSWERED:
        return
    n = record.n
    rule = _rule_of(record)
    totals, uniques, (total_name, unique_name) = _known(rule)
    if record.question == "first":
        q = record.solution
        if q is None:
            if record.instance is None and totals.get(n):
                _wrong(record, f"found no solution, but n = {n} has {totals[n]:,}")
            return
        if record.instance is None:
            from nqueens.core.rules import get_rule

            if not get_rule(rule).is_solution(q, n):
                _wrong(record, f"its first solution {q} is not a solution")
        else:
            from nqueens.core.instance_io import read_instance
            from nqueens.core.rules import get_rule

            if record.instance_path and os.path.exists(record.instance_path):
                instance = read_instance(record.instance_path)
                if not (instance.admits(q) and get_rule(rule).is_solution(q, n)):
                    _wrong(record, f"its first solution {q} is not a solution of {record.instance}")
        return
    if record.instance is not None or n not in totals:
        return
    if record.total is not None and record.total != totals[n]:
        _wrong(record, f"total {record.total:,}, but OEIS {total_name} has {totals[n]:,} for n = {n}")
    elif record.unique is not None and n in uniques and record.unique != uniques[n]:
        _wrong(record, f"unique {record.unique:,}, but OEIS {unique_name} has {uniques[n]:,} for n = {n}")


def _judge_together(records, question):
    """Answered runs of one problem that disagree: the minority is ``wrong`` (all of them, without a majority)."""
    if question == "first":
        return _judge_claims(records)
    if question == "optimize":
        return _judge_optima(records)
    changed = []
    by_problem: dict[Any, Any] = {}
    for record in records:
        if record.status in ANSWERED:
            by_problem.setdefault(_problem_of(record), []).append(record)
    for runs in by_problem.values():
        for fld in ("total", "unique"):
            votes: dict[Any, Any] = {}
            for record in runs:
                if getattr(record, fld) is not None and record.status in ANSWERED:
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
                    _wrong(record, f"the solvers disagree on the {fld}: {said}")
                    changed.append(record)
    return changed


def _judge_optima(records):
    """Optimisation runs against each other and the published optima (OEIS A075458, A250000): a claimed optimum
    that another run's verified solution beats, or that differs from the published value, is ``wrong``; so is a
    bound beyond the published optimum, or a claim of no solution beside a solution. Returns the runs changed."""
    from nqueens.core.optimization import KNOWN, OEIS, SENSE, better

    changed = []
    groups: dict[Any, Any] = {}
    for record in records:
        if record.question == "optimize" and record.problem in KNOWN:
            groups.setdefault((record.problem, record.n), []).append(record)
    for (problem, n), runs in groups.items():
        found = [r for r in runs if r.status in ("optimal", "feasible") and r.objective is not None]
        best = None
        for r in found:
            if best is None or better(problem, r.objective, best.objective):
                best = r
        known = KNOWN[problem].get(n)
        for r in runs:
            why = None
            if r.status == "optimal" and best is not None and better(problem, best.objective, r.objective):
                why = f"claims {r.objective} optimal, but {best.solver} found {best.objective}"
            elif r.status == "optimal" and known is not None and r.objective != known:
                why = f"claims {r.objective} optimal; OEIS {OEIS[problem]} has {known} for n = {n}"
            elif r.status == "infeasible" and best is not None:
                why = f"claims there is no solution, but {best.solver} found one of {best.objective}"
            elif r.status == "feasible" and r.bound is not None and known is not None:
                beyond = r.bound - known if SENSE[problem] == "min" else known - r.bound
                if beyond > 1e-6:
                    why = f"its bound {r.bound:g} is beyond the optimum {known} (OEIS {OEIS[problem]}, n = {n})"
            if why is not None:
                _wrong(r, why)
                changed.append(r)
    return changed


def _judge_claims(records):
    """An answered run that says there is no solution, beside one whose solution holds (or whose count is
    positive and not itself wrong), is ``wrong``."""
    sat: dict[Any, Any] = {}
    for record in records:
        if record.status in ANSWERED and record.result == "sat":
            sat.setdefault(_problem_of(record), record)
    changed = []
    for record in records:
        witness = sat.get(_problem_of(record))
        if record.status in ANSWERED and record.result == "unsat" and witness is not None:
            where = record.instance or f"n = {record.n}"
            _wrong(record, f"unsat, but {witness.solver} found a solution ({where})")
            changed.append(record)
    return changed


def _says(records, value):
    names = sorted({r.solver for r in records})
    return f"{', '.join(names)} {'say' if len(names) > 1 else 'says'} {value:,}"


def _wrong(record, message):
    record.status = "wrong"
    record.message = message
