"""The experiment runner: solvers asked one question over a set of problems, every run a record with a status.

An experiment is a grid of *runs*: every column (a solver with its options) on every problem (a board size ``n``
or an instance file), ``repeat`` times, each asked one question of
:data:`nqueens.experiments.questions.QUESTIONS` (``count``, ``enumerate``, ``first``, ``unique``, ``optimize``:
each declared in its module with how a run answers it, is settled and judged).

Each run ends with a **status** (:mod:`nqueens.core.status`): an answer (``solved``; ``sat`` or ``unsat`` for
``first``; ``optimal``, ``feasible``, ``infeasible``, ``unknown`` for ``optimize``), or ``timeout``, ``memout``,
``error``, ``wrong`` (against the published values, :mod:`nqueens.core.published`, or the other runs) or
``unsupported`` (the message says why). A failed run is one record: the others go on. Every record
(:class:`nqueens.core.record.RunRecord`) also says ``sat``, ``unsat`` or ``unknown`` in ``result``, and carries its
PAR2 score, the parts of its time, the libraries' versions, the machine, and the instance's path and digest.

Without limits the runs are made in this process, one after another, as a plain count would be. With a
``timeout`` or ``memory`` limit, or ``workers > 1``, they are made in worker processes
(:mod:`nqueens.experiments.worker`), each started once and reused until a run has to be stopped: a stopped run
is stopped by ending its process. With a Dask ``scheduler`` each run is one task on the cluster (a worker process
of its own there when limits are given).

Every finished run goes to the **result store** (:class:`nqueens.runtime.store.ResultStore`, its own table), in its own
transaction, with the solver's version, options, host, limits and statistics. Running the same experiment again
with the same store takes the runs already there (``reused``) and makes only the missing ones, so an interrupted
experiment resumes; ``fresh=True`` makes every run again. The store is the one named, else
``$NQUEENS_STORE``; without either an experiment keeps nothing.

:func:`run` ties the parts together: the columns and problems (:mod:`nqueens.experiments.columns`), the grid of
runs (:mod:`nqueens.experiments.plan`), the runs kept and reused (:mod:`nqueens.experiments.stored`), making them
(:mod:`nqueens.experiments.execute`) and judging them (:mod:`nqueens.experiments.judge`). The public names of
those modules are importable from here too.

Examples
--------
>>> result = run(problems_from_range("4..6"), parse_solvers("bitwise,dlx"), store="none")
>>> [(r.n, r.solver, r.status, r.total) for r in result.records][:2]
[(4, 'bitwise', 'solved', 2), (4, 'dlx', 'solved', 2)]
>>> result.agreed, result.failures
(True, 0)
"""

from collections import Counter
from dataclasses import dataclass
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.fields import positive
from nqueens.core.record import CountResult, records_frame
from nqueens.experiments.columns import (
    Column,
    Problem,
    _columns,
    _problems,
    default_columns,
    parse_solvers,
    problems_from_instances,
    problems_from_range,
    with_rule,
)
from nqueens.experiments.execute import HARNESSES as HARNESSES
from nqueens.experiments.execute import _cap_workers, _execute, _harness
from nqueens.experiments.judge import (
    FAILURES,
    STATUSES,
    _judge_alone,
    check,
    damage,
    judge,
    tree_disagreements,
)
from nqueens.experiments.parameters import Parameters
from nqueens.experiments.parameters import check as check_parameters
from nqueens.experiments.plan import _left_out_notes, _plan, _seed_notes, _stamp
from nqueens.experiments.questions import QUESTIONS, asking, get_question
from nqueens.experiments.stored import _key, _open_store, _reused

__all__ = [
    "STATUSES",
    "FAILURES",
    "QUESTIONS",
    "Column",
    "Problem",
    "Experiment",
    "parse_solvers",
    "default_columns",
    "with_rule",
    "problems_from_range",
    "problems_from_instances",
    "run",
    "judge",
    "tree_disagreements",
    "check",
    "damage",
    "compare",
]


@dataclass(repr=False)
class Experiment:
    """What an experiment found: one :class:`~nqueens.core.record.RunRecord` per run and the notes for the reader.

    In a notebook it shows as its table; :meth:`to_pandas` gives the runs as a DataFrame.
    """

    records: list
    notes: list
    question: str
    timeout: float | None = None
    store: str | None = None
    # With certify: per run, the checker's verdict, the Rejected of a refused certificate, or why there is none.
    certificates: list | None = None

    @property
    def failures(self):
        """The number of runs whose status is in :data:`FAILURES`."""
        return sum(r.status in FAILURES for r in self.records)

    @property
    def agreed(self):
        """True when no run is ``wrong``."""
        return not any(r.status == "wrong" for r in self.records)

    def to_frame(self):
        """The runs as a :class:`pandas.DataFrame`, one row per run, the columns of the per-run CSV
        (:data:`nqueens.core.record.CSV_COLUMNS`); needs pandas."""
        return records_frame(self.records)

    to_pandas = to_frame

    def table(self, fmt="markdown"):
        """The cells of the experiment (:func:`nqueens.analysis.compare.format_table`) as text."""
        from nqueens.analysis.compare import format_table

        return format_table(self.records, fmt, notes=self.notes)

    def compare(self, a, b):
        """Two columns of the experiment side by side, paired as ``nqueens runs --compare`` and the report pair
        them (:func:`nqueens.analysis.compare.compare_configurations`): per problem the statuses, times and ratio,
        and the paired statistics over the problems both answered."""
        from nqueens.analysis.compare import compare_configurations

        sides = [[r for r in self.records if r.solver == name] for name in (a, b)]
        for name, side in zip((a, b), sides):
            if not side:
                raise NQueensError(f"{name!r} is not a column of this experiment: {', '.join(self._columns)}")
        return compare_configurations(*sides)

    def plot(self, path, kind=None):
        """Draw the runs to ``path`` (``.png`` or ``.svg``; needs matplotlib): ``kind`` one of the question's
        figures (:attr:`~nqueens.experiments.question.Question.plots`, its first by default): ``cactus`` (runs
        answered against time), ``time`` (seconds against n), ``scatter`` (the first two columns, one point per
        problem), ``ecdf`` (the runtime distribution); ``anytime`` (the best objective over time), ``profile``
        (the performance profile), ``proof`` (the cactus of the time to proof)."""
        from nqueens.analysis import plots

        question, problem = get_question(self.question), next((r.problem for r in self.records), None)
        kind = kind or question.plots[0]
        check_parameters(Parameters(question, problem, plot=path, plot_kind=kind, columns=self._columns))
        records, timeout = self.records, self.timeout
        limited = dict(
            anytime=plots.plot_anytime, cactus=plots.plot_cactus, proof=plots.plot_cactus, ecdf=plots.plot_ecdf
        )
        if kind in limited:  # the figures drawn against the time limit
            limited[kind](records, path, timeout=timeout)
        elif kind == "scatter":
            plots.plot_scatter(records, *self._columns[:2], path, timeout=timeout)
        else:
            (plots.plot_profile if kind == "profile" else plots.plot_timings)(records, path)

    @property
    def _columns(self):
        return list(dict.fromkeys(r.solver for r in self.records))

    def __repr__(self):
        statuses = Counter(r.status for r in self.records)  # in the order of the runs
        problems = list(dict.fromkeys(r.instance or r.n for r in self.records))
        shown = ", ".join(f"{count} {status}" for status, count in statuses.items())
        where = f", store={self.store!r}" if self.store else ""
        limit = f", timeout={self.timeout:g}" if self.timeout is not None else ""
        return (
            f"<Experiment question={self.question!r}: {len(self.records)} runs ({shown}); "
            f"{len(problems)} problems ({_span(problems)}); solvers {', '.join(self._columns)}{limit}{where}>"
        )

    def _repr_markdown_(self):
        return self.table("markdown")


def run(
    problems,
    columns=None,
    *,
    question=None,
    repeat=1,
    timeout=None,
    memory=None,
    workers=1,
    scheduler=None,
    store=None,
    fresh=False,
    nodes=False,
    progress=None,
    rule=None,
    seeds=None,
    harness="process",
    announce=None,
    problem=None,
    plot=None,
    plot_kind=None,
    certify=None,
):
    """Run every column on every problem ``repeat`` times, asking ``question``; an :class:`Experiment`.

    Parameters
    ----------
    problems : list of Problem, range, list of int, int or str
        From :func:`problems_from_range` or :func:`problems_from_instances`, or board sizes (``range(4, 9)``,
        ``[20, 25]``, ``"4..8"``).
    columns : list of Column, list of str or str, optional
        From :func:`parse_solvers`, or what it takes (``["bitwise", "cpsat"]``, ``"cp:var=first-fail,dlx"``); by
        default every solver that can answer ``question``, each only up to the
        ``n`` its conformance suite reaches (the notes say which cells were left out, and how to include them).
    question : str, optional
        One of :data:`QUESTIONS`; by default ``count``, or the question that asks ``problem``.
    repeat : int
        Runs per cell, every one recorded.
    timeout : float, optional
        Seconds per run (the search alone, after the kernels are loaded); a run beyond it is stopped.
    memory : int, optional
        MiB of address space a run may add to its worker process; a run beyond it is stopped.
    workers : int
        Runs made at the same time, in worker processes (parallel runs disturb each other's timings).
    scheduler : str, optional
        A Dask scheduler's address: make the runs on that cluster.
    store : str, optional
        The result store file; ``"none"`` keeps nothing; by default ``$NQUEENS_STORE`` if set, else nothing.
    fresh : bool
        Make every run again, even those in the store.
    nodes : bool
        Count nodes too, with the instrumented variants of the solvers that have one (question ``count``).
    progress : callable, optional
        Called with ``(done, total, record)`` after each run.
    announce : callable, optional
        Called once before the first run is made with the number of runs to make (those not taken from the
        store) and those runs as ``(solver, options, n)`` triples, so that a caller can say how long the
        experiment may take (:func:`nqueens.runtime.forecast.experiment_forecast`).
    rule : str, optional
        An attack rule (:mod:`nqueens.core.rules`) for every column: by default every solver that takes it. Runs
        are held to the rule's published counts.
    seeds : int, optional
        Run every column whose solver has a seed option (:attr:`~nqueens.core.protocol.Solver.seed_option`)
        with the seeds 1..``seeds``, ``repeat`` times each; a deterministic solver runs once per repeat (the notes
        say which ignore the seeds). The cells' summaries then show quartiles and a bootstrap confidence interval
        of the median (:func:`nqueens.analysis.statistics.summary`).
    problem : str, optional
        For ``question="optimize"``: ``domination`` or ``peaceable`` (:mod:`nqueens.core.optimization`). Each run
        keeps its best verified solution (``objective``), its ``bound``, the anytime ``curve``; statuses
        ``optimal``, ``feasible`` (a verified solution without a proof, also at the time limit), ``infeasible``,
        ``unknown``; a claimed optimum that another run beats or that differs from OEIS is ``wrong``.
    plot : str, optional
        Draw a figure of the runs to this ``.png`` or ``.svg`` file (checked before any run is made).
    plot_kind : str, optional
        Which figure (:meth:`Experiment.plot`): one of the question's
        (:attr:`~nqueens.experiments.question.Question.plots`), its first by default.
    certify : str, optional
        A folder: write a certificate of each answered run of the SAT model (its proof by CaDiCaL) into a folder of
        it and check it (:mod:`nqueens.experiments.certificates`); each record's ``certified`` says ``accepted``
        or ``rejected``, kept in the store too.
    harness : str
        What measures each run: ``process`` (getrusage in the process that runs it) or ``runexec`` (BenchExec's
        ``runexec``, where it is installed and cgroups allow it; every run then in a process of its own).

    Returns
    -------
    Experiment
        ``records``: one :class:`~nqueens.core.record.RunRecord` per run, problems in order, then columns, then
        repeats.

    Raises
    ------
    NQueensError
        For bad arguments, a combination of them that makes no experiment (the rules of
        :mod:`nqueens.experiments.parameters`, the command line's too, in its words), or an experiment with nothing
        to run (every cell out of reach): the message says why.
    KeyboardInterrupt
        After Ctrl-C: the runs finished so far are in the store.
    """
    question = get_question(asking(problem) if question is None else question)
    repeat = positive(repeat, "repeat")
    seeds = None if seeds is None else positive(seeds, "seeds")
    harness = _harness(harness)
    workers = positive(workers, "workers")
    timeout = _limit(timeout, "timeout", float)
    memory = _limit(memory, "memory", int)
    columns = _columns(columns)
    check_parameters(
        Parameters(question, problem, rule, nodes, plot, plot_kind, columns, workers, scheduler, harness, certify)
    )
    problem = None if problem == "nqueens" else problem
    explicit = columns is not None
    columns = list(columns) if explicit else default_columns(question.name, rule)
    seed_notes = _seed_notes(columns, seeds)
    if rule not in (None, "queen"):
        if not columns:
            raise NQueensError(f"no registered solver takes the rule {rule!r} and answers {question.name}")
        columns = with_rule(columns, rule)
    problems = _problems(problems)
    if not problems:
        raise NQueensError("an experiment needs at least one problem")
    plan, left_out = _plan(problems, columns, question, repeat, explicit, seeds, problem)
    _stamp(plan, question, nodes, harness, timeout, memory)
    runnable = [item for item in plan if item.record.status is None]
    notes = _left_out_notes(left_out) + seed_notes
    if rule not in (None, "queen"):
        from nqueens.core.rules import get_rule

        notes.insert(0, f"rule: {rule}, {get_rule(rule).description}")
    workers, capped = _cap_workers(workers, memory)
    if capped:
        notes.append(capped)
    if not runnable:
        reasons = sorted({item.record.message for item in plan if item.record.message} | set(notes))
        raise NQueensError("nothing to compare: " + "; ".join(reasons))

    results = _open_store(store)
    try:
        todo = _reused(results, runnable, fresh)
        done = len(runnable) - len(todo)
        if announce is not None and todo:
            announce(len(todo), [(item.spec, item.task["options"], item.record.n) for item in todo])
        for item in _execute(todo, timeout, memory, workers, scheduler, harness):
            _judge_alone(item.record)
            if results is not None:
                results.record_experiment_run(_key(item), item.record.stored_dict())
            done += 1
            if progress is not None:
                progress(done, len(runnable), item.record)
        records = [item.record for item in plan]
        if nodes:
            notes.extend(tree_disagreements(records))
        changed = {id(record) for record in question.judge_together(records)}
        certificates = None
        if certify is not None:
            from nqueens.experiments.certificates import certify_runs

            certificates = certify_runs(records, certify)
            changed |= {id(record) for record in records if record.certified is not None}
        if results is not None:
            for item in plan:
                if id(item.record) in changed:
                    results.record_experiment_run(_key(item), item.record.stored_dict(), replace=True)
        path = None if results is None else str(results.path)
    finally:
        if results is not None:
            results.close()
    result = Experiment(records, notes, question.name, timeout, path, certificates)
    if plot is not None:
        result.plot(plot, plot_kind)
    return result


def compare(ns, solvers=None, *, repeat=1, nodes=False):
    """Count every ``n`` with every solver, in this process, and return the fastest run of each as a record.

    The short form used by the research scripts: a list of :class:`~nqueens.core.record.CountResult`, ``n`` then
    solver order, nothing kept in a store.

    Raises
    ------
    NQueensError
        If any run fails or two solvers disagree.

    Examples
    --------
    >>> [(r.n, r.solver, r.total) for r in compare(range(5, 7), ["bitwise"])]
    [(5, 'bitwise', 10), (6, 'bitwise', 4)]
    """
    problems = [Problem(str(n), n) for n in ns]
    columns = None if solvers is None else parse_solvers(",".join(solvers))
    result = run(problems, columns, repeat=repeat, nodes=nodes, store="none")
    bad = [r for r in result.records if r.status not in ("solved", "unsupported")]
    if bad:
        raise NQueensError("; ".join(f"n = {r.n}, {r.solver}: {r.status} {r.message or ''}".strip() for r in bad))
    best: dict[Any, Any] = {}
    for r in result.records:
        if r.status == "solved":
            key = (r.n, r.solver)
            if key not in best or r.seconds < best[key].seconds:
                best[key] = r
    kept = ("n", "solver", "total", "unique", "classes", "nodes", "profile", "seconds", "stats")
    return [CountResult(**{key: getattr(r, key) for key in kept}) for r in best.values()]


def _span(problems):
    ns = [p for p in problems if isinstance(p, int)]
    if len(ns) == len(problems) and ns == list(range(ns[0], ns[0] + len(ns))):
        return f"n = {ns[0]}..{ns[-1]}" if len(ns) > 1 else f"n = {ns[0]}"
    shown = ", ".join(str(p) for p in problems[:3])
    return shown + (", ..." if len(problems) > 3 else "")


def _limit(value, what, kind):
    if value is None:
        return None
    try:
        value = kind(value)
    except (TypeError, ValueError):
        value = None
    if value is None or not value > 0 or value != value or value == float("inf"):
        unit = "seconds" if what == "timeout" else "MiB"
        raise NQueensError(f"{what} must be a positive number of {unit}")
    return value
