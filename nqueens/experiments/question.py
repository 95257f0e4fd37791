"""What a question of an experiment declares, the way :class:`~nqueens.core.protocol.Solver` declares a solver.

A :class:`Question` says what it asks, what a solver needs to answer it and why one without that cannot, how a run
is answered (in the process that makes it), how its outcome is settled into a status, how a run is judged alone and
the runs of one question together, its columns, and the parameters it refuses. The questions are declared in
:mod:`nqueens.experiments.solutions` (count, enumerate, first, unique) and :mod:`nqueens.experiments.optimum`
(optimize) and collected in one table, :data:`nqueens.experiments.questions.QUESTIONS`; the command line's choices,
planning, settling, judging and the report read that table, and nothing else branches on a question's name.

The helpers every question shares are here too: the problem a run belongs to, its attack rule, a run marked
``wrong``, the default cell check and settling.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nqueens.core.measure import FIELDS

__all__ = ["Question", "Refusal", "COUNTING_PLOTS"]

# The figures of the questions whose runs answer in a time: runs against time, time against n, two columns, the
# runtime distribution.
COUNTING_PLOTS = ("cactus", "time", "scatter", "ecdf")

# What a run's solver call measured, copied into its outcome for every question.
SPAN = FIELDS

# The answer of :meth:`Question.cell` for a default column beyond its solver's reach: no row, a note.
LEFT_OUT = ("left out", None)


@dataclass(frozen=True)
class Refusal:
    """A parameter a question refuses: ``when(params)`` is true of the parameters it refuses, ``says(params)``
    is the one-line message (the command line's words: the library and the command line refuse alike)."""

    parameter: str
    when: Callable[[Any], bool]
    says: Callable[[Any], str]


def settle_limit(record, outcome, timeout):
    """The default settling: a run that answered beyond its time limit is a ``timeout``."""
    if record.answered and timeout is not None and (record.seconds or 0) > timeout:
        record.status = "timeout"
        record.message = f"finished in {record.seconds:.3f} s, beyond the limit of {timeout:g} s"


def plan_cell(question, spec, column, problem, explicit):
    """The default check of one cell (problem x column) before it runs: ``None`` (it runs), :data:`LEFT_OUT`
    (a default column beyond its solver's reach), or ``("unsupported", why)``: the question's needs, the column's
    options (one solution only, or one per orbit), the solver's fixed ``n`` or limit, an instance it does not take."""
    if not explicit and problem.n > spec.reach:
        return LEFT_OUT
    if not any(need in spec.can for need in question.needs):
        return "unsupported", f"{column.name} cannot answer {question.name}: {question.why_not}"
    partial = spec.partial(column.full)
    if partial is not None and not question.one_solution:
        return (
            "unsupported",
            f"{column.name} cannot answer {question.name}: with {partial} it finds one solution, not all",
        )
    reduced = spec.reduced(column.full)
    if reduced is not None and question.every_solution:
        return "unsupported", (
            f"{column.name} cannot answer {question.name}: with {reduced} it enumerates only the fundamental "
            "solutions (one per orbit of the 8 symmetries); ask --question count or unique"
        )
    if spec.fixed_n is not None and problem.n != spec.fixed_n:
        return "unsupported", f"{column.name} answers n = {spec.fixed_n} only ({spec.limit_reason})"
    max_n, reason, _ = spec.limit(column.full)
    if max_n is not None and problem.n > max_n and not spec.answers_at_once(problem.n, column.full):
        return "unsupported", f"{column.name} takes n <= {max_n} ({reason})"
    if not problem.plain and "instance" not in spec.can:
        why = f" ({spec.no_instance})" if spec.no_instance else ""
        return "unsupported", f"{column.name} does not take instances{why}"
    return None


@dataclass(frozen=True)
class Question:
    """One question an experiment asks of every run: what is asked, who can answer, how a run is answered, settled
    and judged. The callables are called with the records of :class:`~nqueens.core.record.RunRecord`."""

    name: str  # --question NAME, the records' question
    asks: str  # what it asks, in a few words (--question's help)
    needs: tuple[str, ...]  # the capabilities, one of which a solver needs to answer it
    why_not: str  # why a solver without them cannot (an unsupported run's message)
    # answer(task, problem, spec, options, made, report) -> the outcome (JSON-able, with the fields of SPAN), in the
    # process that makes the run; made keeps its request for a run timed again, report sends the runner an event.
    answer: Callable[..., dict]
    columns: tuple[str, ...]  # the record fields its answer fills (a table shows a column where a cell holds one)
    statuses: tuple[str, ...] = ("solved",)  # what a run that answered says
    settle: Callable[..., None] = settle_limit  # settle(record, outcome, timeout): its status from the outcome
    judge_alone: Callable[[Any], None] = lambda record: None  # a run marked wrong on its own
    judge_together: Callable[[list], list] = lambda records: []  # its runs against each other: the runs changed
    cell: Callable[..., Any] = plan_cell  # cell(question, spec, column, problem, explicit): see plan_cell
    seeded: Callable[..., bool] = lambda spec, column: True  # whether a column's seed option seeds its runs
    problems: tuple[str, ...] = ()  # the optimisation problems it is asked of (--problem); none: the n queens
    refuse: tuple[Refusal, ...] = ()  # the parameters it refuses (nqueens.experiments.parameters checks them)
    plots: tuple[str, ...] = COUNTING_PLOTS  # the figures of --plot-kind that draw its runs, the default first
    instrumented: bool = False  # --nodes runs the instrumented counts (the node columns)
    one_solution: bool = False  # one solution answers it (a column that finds one only can answer)
    every_solution: bool = False  # it needs every solution, not one per orbit
    board: bool = True  # a run's solution is a board (n columns, one per row)
    forecast: bool = False  # its runs' length is forecast before the experiment (a count's)
    retime: bool = True  # a run shorter than a millisecond is timed again over repetitions
    own_limit: bool = False  # the solver is handed the time limit and stops there by itself, with what it found
    # certify(record, folder): write an answered run's certificate (nqueens.certify.produce) into folder, or say why
    # there is none; None: its runs have no certificate. certify_column(column): why a column's runs write none.
    certify: Callable[..., str | None] | None = None
    certify_column: Callable[..., str | None] = lambda column: None


# -- what every question's judging shares -------------------------------------------------------------------------


def problem_of(record):
    """The problem a run belongs to (its instance's digest, or its board size) with its attack rule."""
    where = (record.instance_digest or record.instance) if record.instance else record.n
    return where, rule_of(record)


def rule_of(record):
    return record.rule


def wrong(record, message):
    record.status = "wrong"
    record.message = message


def judge_claims(records):
    """An answered run that says there is no solution, beside one whose solution holds (or whose count is
    positive and not itself wrong), is ``wrong``; the runs changed."""
    sat: dict[Any, Any] = {}
    for record in records:
        if record.answered and record.result == "sat":
            sat.setdefault(problem_of(record), record)
    changed = []
    for record in records:
        witness = sat.get(problem_of(record))
        if record.answered and record.result == "unsat" and witness is not None:
            where = record.instance or f"n = {record.n}"
            wrong(record, f"unsat, but {witness.solver} found a solution ({where})")
            changed.append(record)
    return changed


def jsonable(stats):
    return json.loads(json.dumps(dict(stats or {}), default=str))
