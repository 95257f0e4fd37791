"""Judging the runs of an experiment: against the published values and against each other.

A run that answered is ``wrong`` when its total or unique count contradicts the published values of its attack
rule (:data:`nqueens.core.published.BY_RULE`: OEIS A000170 and A002562 for the queen's), when its first solution
is not a solution (or it found none where there are some), when it says ``unsat`` beside a run that found a
solution, or when it disagrees with the other runs of the same problem (the minority, every side without a
majority). :func:`check` judges stored runs again (``nqueens runs --check``); :func:`damage` says what makes a
stored run impossible to read as a run.
"""

from typing import Any

from nqueens.core.fields import is_integer
from nqueens.core.record import RunRecord
from nqueens.core.status import ANSWERED, FAILURES
from nqueens.core.status import NAMES as STATUSES
from nqueens.experiments.question import judge_claims, problem_of
from nqueens.experiments.questions import QUESTIONS, get_question

__all__ = ["STATUSES", "FAILURES", "judge", "tree_disagreements", "check", "damage"]


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
    by_question: dict[Any, list] = {}
    for record in records:
        by_question.setdefault(record.question, []).append(record)
    for asked, mine in by_question.items():
        changed += [record for record in get_question(asked).judge_together(mine) if record not in changed]
    changed += [record for record in judge_claims(records) if record not in changed]
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
            key = (problem_of(record), tree, record.question)  # a first solution's nodes are the search up to it
            groups.setdefault(key, {}).setdefault(record.solver, record.nodes)
            where[key] = record.instance or f"n = {record.n}"
    lines = []
    for key, counts in groups.items():
        if len(set(counts.values())) > 1:
            names, said = list(counts), ", ".join(f"{name} {value:,}" for name, value in counts.items())
            lines.append(
                f"{where[key]}: {', '.join(names[:-1])} and {names[-1]} claim the {key[1]} tree and disagree on "
                f"its nodes: {said}"
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
            said = copy.message or "no reason stored"
            found.append((copy, f"recorded wrong: {said}" if was else said))
    return found


def damage(doc, kind=RunRecord):
    """What makes a stored run record (its JSON form) impossible, in words, or ``None`` when it reads as a run.

    Every field must be of the kind its record declares (:meth:`RunRecord.kinds`, :mod:`nqueens.core.fields`:
    ``n`` a board size, counts integers >= 0, times and memory finite numbers >= 0, ``status`` in the status
    table, ...), ``question`` one of :data:`~nqueens.experiments.questions.QUESTIONS`, and its pieces must agree:
    the orbit classes make the total and the unique count (what the store checks of a finished count, ``nqueens
    history``), the node profile makes ``nodes``, a first solution has ``n`` columns. Fields a record lacks (a
    store written by an earlier version) are not held against it; ``n`` and ``solver`` it must have.

    Examples
    --------
    >>> damage({"n": 8, "solver": "bitwise", "status": "solved", "total": 92}) is None
    True
    >>> damage({"n": 8, "solver": "bitwise", "status": "solved", "total": "92"})
    "total '92' is not an integer >= 0"
    """
    if not isinstance(doc, dict) or not doc:
        return "the record is empty: no n, no solver"
    for name in ("n", "solver"):
        if doc.get(name) is None:
            return f"the record has no {name}"
    for name, of in kind.kinds().items():
        why = of.why(doc.get(name))
        if why is not None:
            return f"{name}{of.sep}{doc[name]!r} {why}"
    n = doc["n"]
    if n == 0 and not (doc.get("instance") and doc.get("status") == "error"):
        return f"n = {n!r} is not a board size"
    if not doc["solver"]:
        return "solver '' is not a solver's name"
    if doc.get("question") is not None and doc["question"] not in QUESTIONS:
        return f"question {doc['question']!r} is not one of {', '.join(QUESTIONS)}"
    classes = doc.get("classes")
    if classes is not None:
        made = sum(int(s) * c for s, c in classes.items())
        if doc.get("total") is not None and made != doc["total"]:
            return f"its classes make a total of {made}, but it says total {doc['total']}"
        if doc.get("unique") is not None and sum(classes.values()) != doc["unique"]:
            return f"its classes make {sum(classes.values())} unique solutions, but it says unique {doc['unique']}"
    profile = doc.get("profile")
    if profile is not None and doc.get("nodes") is not None and sum(profile) != doc["nodes"]:
        return f"its profile adds up to {sum(profile)} nodes, but it says nodes {doc['nodes']}"
    solution = doc.get("solution")
    if solution is not None and get_question(doc.get("question") or "count").board:
        if len(solution) != n or not all(is_integer(c, 0) and c < n for c in solution):
            return f"solution {solution!r} is not {n} columns"
    return None


def _judge_alone(record):
    """A run judged alone, as its question judges it (the published values, its own check)."""
    get_question(record.question).judge_alone(record)
