"""The experiment runner: solvers asked one question over a set of problems, every run a record with a status.

An experiment is a grid of *runs*: every column (a solver with its options) on every problem (a board size ``n``
or an instance file), ``repeat`` times, each asked one question:

- ``count``: the number of solutions (and the unique count, where the solver counts it);
- ``enumerate``: every solution, streamed and counted (with ``seconds_to_first``);
- ``first``: one solution, with ``seconds_to_first``;
- ``unique``: the total and the fundamental solutions (solvers that count them, or an enumeration reduced by
  the 8 symmetries inside the timed run).

Each run ends with a **status**: ``solved`` (``count``, ``enumerate``, ``unique``: the whole answer), ``sat`` or
``unsat`` (``first``: a solution, or none exists); ``timeout`` or ``memout`` (it went beyond ``timeout`` seconds or
``memory`` MiB and was stopped); ``error`` (the solver raised, or its process died: the message says how);
``wrong`` (its answer disagrees with the published values, OEIS A000170 and A002562, or with the other runs);
``unsupported`` (the solver cannot answer that question for that problem; the message says why). A failed run
is one record: the others go on. Every record (:class:`nqueens.core.record.RunRecord`) also says ``sat``, ``unsat`` or
``unknown`` in ``result``, and carries its PAR2 score, the parts of its time, the libraries' versions, the
machine, and the instance's path and digest.

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

Examples
--------
>>> result = run(problems_from_range("4..6"), parse_solvers("bitwise,dlx"), store="none")
>>> [(r.n, r.solver, r.status, r.total) for r in result.records][:2]
[(4, 'bitwise', 'solved', 2), (4, 'dlx', 'solved', 2)]
>>> result.agreed, result.failures
(True, 0)
"""

import hashlib
import json
import os
import socket
from dataclasses import dataclass, field
from datetime import UTC
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.protocol import Solver
from nqueens.core.record import ANSWERED, RunRecord
from nqueens.experiments.worker import QUESTIONS

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

STATUSES = ("solved", "sat", "unsat", "timeout", "memout", "error", "wrong", "unsupported")
# Runs that end the experiment with exit status 1. A timeout is what a time limit is there for, not a failure.
FAILURES = ("memout", "error", "wrong")

_NEEDS = {"count": ("count",), "enumerate": ("enumerate",), "first": ("enumerate",), "unique": ("unique", "enumerate")}
_WHY = {
    "count": "it does not count",
    "enumerate": "it only counts",
    "first": "it only counts, it cannot stop at a first solution",
    "unique": "it neither counts fundamental solutions nor enumerates",
}


@dataclass(frozen=True)
class Column:
    """One column of an experiment: a registered solver with options, named as written (``cp:var=input``)."""

    name: str
    solver: str
    options: dict = field(default_factory=dict)  # as given
    full: dict = field(default_factory=dict)  # with the defaults filled in
    # The solver, resolved once where the column is parsed; everything below takes it from here.
    spec: Solver | None = field(default=None, compare=False, repr=False)

    @property
    def seed_option(self):
        """The solver's option that seeds its randomness (``None``: deterministic)."""
        return None if self.spec is None else self.spec.seed_option

    def seeded(self, seeds):
        """The seeds this column runs with under ``--seeds`` (1..seeds), or ``[None]`` (its own, once)."""
        if seeds is None or self.seed_option is None:
            return [None]
        return list(range(1, seeds + 1))


@dataclass(frozen=True)
class Problem:
    """One row of an experiment: a board size, or an instance file (``key`` is ``n`` or the file's name)."""

    key: str
    n: int
    path: str | None = None
    digest: str | None = None
    plain: bool = True
    error: str | None = None  # why the file could not be read: every run of it is an ``error`` row


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
        from nqueens.core.record import records_frame

        return records_frame(self.records)

    to_pandas = to_frame

    def table(self, fmt="markdown"):
        """The cells of the experiment (:func:`nqueens.analysis.compare.format_table`) as text."""
        from nqueens.analysis.compare import format_table

        return format_table(self.records, fmt, notes=self.notes)

    def __repr__(self):
        statuses: dict[Any, Any] = {}
        for r in self.records:
            statuses[r.status] = statuses.get(r.status, 0) + 1
        solvers = list(dict.fromkeys(r.solver for r in self.records))
        problems = list(dict.fromkeys(r.instance or r.n for r in self.records))
        shown = ", ".join(f"{count} {status}" for status, count in statuses.items())
        where = f", store={self.store!r}" if self.store else ""
        limit = f", timeout={self.timeout:g}" if self.timeout is not None else ""
        return (
            f"<Experiment question={self.question!r}: {len(self.records)} runs ({shown}); "
            f"{len(problems)} problems ({_span(problems)}); solvers {', '.join(solvers)}{limit}{where}>"
        )

    def _repr_markdown_(self):
        return self.table("markdown")


def parse_solvers(text):
    """Columns from ``NAME[:OPT=VAL[:OPT2=VAL2]],...`` (``cp:var=first-fail,cp:var=input,bitwise``).

    Raises
    ------
    NQueensError
        For an empty list or entry, an unknown solver or option (the message lists what is allowed), an option
        without ``=``, or a column named twice (or two that run the same).

    Examples
    --------
    >>> [(c.name, c.solver, c.options) for c in parse_solvers("bitwise,dlx:choose=first")]
    [('bitwise', 'bitwise', {}), ('dlx:choose=first', 'dlx', {'choose': 'first'})]
    """
    from nqueens.registry import REGISTRY, get_solver

    if text is None or not str(text).strip():
        raise NQueensError(
            "--solvers is empty: name at least one solver, e.g. --solvers bitwise,dlx (leave it out to "
            "compare every counter)"
        )
    columns: list[Column] = []
    seen: dict[Any, Any] = {}
    for entry in str(text).split(","):
        entry = entry.strip()
        if not entry:
            raise NQueensError(f"--solvers {text!r} has an empty entry: separate names with single commas")
        parts = entry.split(":")
        # NAME:OPT=VAL for a registered name; an outside solver's spec (FILE.py:ATTR) may hold colons itself.
        split = 1 if parts[0].strip() in REGISTRY else next((i for i, p in enumerate(parts) if "=" in p), len(parts))
        name, pairs = ":".join(parts[:split]), parts[split:]
        spec = get_solver(name.strip())
        if getattr(spec, "claims_tree", None) is not None:
            from nqueens.experiments.trees import check_claim

            check_claim(spec.name, spec.claims_tree)
        options = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise NQueensError(
                    f"solver option {pair!r} in {entry!r} is not OPT=VALUE (syntax: NAME:OPT=VAL:OPT2=VAL2)"
                )
            key = key.strip().replace("-", "_")
            if key in options:
                raise NQueensError(f"solver option {key!r} is given twice in {entry!r}; give it once")
            options[key] = value.strip()
        full = spec.check_options(options)
        same = (spec.key, json.dumps(full, sort_keys=True, default=str))
        if same in seen:
            twice = "is named twice" if seen[same] == entry else f"runs the same as {seen[same]!r}"
            raise NQueensError(f"--solvers: {entry!r} {twice}; name each column once")
        seen[same] = entry
        columns.append(Column(entry, spec.key, {k: full[k] for k in options}, full, spec))
    return columns


def default_columns(question="count", rule=None):
    """A column for every registered solver that can answer ``question``, with its default options; with another
    attack ``rule`` than the queen's, every such solver that takes the rule, with the option ``rule`` set. The GPU
    counter only on a machine with an NVIDIA GPU."""
    from nqueens.api import solvers
    from nqueens.native._gpu_probe import device_present

    columns = []
    for spec in solvers():
        if not any(need in spec.can for need in _NEEDS[_question(question)]):
            continue
        if spec.name == "gpu" and not device_present():  # named in --solvers, it says why it cannot run
            continue
        if rule in (None, "queen"):
            columns.append(Column(spec.name, spec.key, {}, spec.check_options({}), spec))
        elif any(o.name == "rule" and rule in o.choices for o in spec.options):
            columns.append(Column(spec.name, spec.key, {"rule": rule}, spec.check_options({"rule": rule}), spec))
    return columns


def with_rule(columns, rule):
    """The columns with the option ``rule`` set to ``rule`` (a column that names another rule is refused; one
    whose solver knows only the queen's rule is refused with the reason)."""
    from nqueens.registry import get_solver

    out = []
    for column in columns:
        given = column.options.get("rule")
        if given is not None and given != rule:
            raise NQueensError(f"--solvers column {column.name!r} sets rule={given}, and --rules says {rule}")
        options = {**column.options, "rule": rule}
        spec = column.spec or get_solver(column.solver)
        out.append(Column(column.name, column.solver, options, spec.check_options(options), spec))
    return out


def problems_from_range(text):
    """The problems of ``"A..B"``, ``"A..B..STEP"``, ``"A,B,C"`` or ``"N"`` (one per board size), or of board
    sizes given as Python values: an ``int``, a ``range`` or a list of ints.

    Examples
    --------
    >>> [p.key for p in problems_from_range("4..6")], [p.n for p in problems_from_range(range(4, 9, 2))]
    (['4', '5', '6'], [4, 6, 8])
    """
    from nqueens.core.board import check_n

    if isinstance(text, str):
        from nqueens.analysis.compare import parse_range

        return [Problem(str(n), n) for n in parse_range(text)]
    sizes = [text] if isinstance(text, int) else list(text)
    problems = []
    for n in sizes:
        if isinstance(n, Problem):
            problems.append(n)
            continue
        if isinstance(n, bool) or not isinstance(n, int):
            raise NQueensError(f"board sizes are integers >= 1 (or Problem values), got {n!r}")
        n = check_n(n)
        problems.append(Problem(str(n), n))
    return problems


def _problems(problems):
    """What :func:`run` was given as problems, as a list of :class:`Problem`."""
    if isinstance(problems, str | int | range):
        return problems_from_range(problems)
    problems = list(problems)
    if all(isinstance(p, Problem) for p in problems):
        return problems
    return problems_from_range(problems)


def _columns(columns):
    """What :func:`run` was given as columns (``"a,b"``, ``["a", "b:opt=1"]``, Columns), as Columns or ``None``."""
    if columns is None:
        return None
    if isinstance(columns, str):
        return parse_solvers(columns)
    columns = list(columns)
    if all(isinstance(c, Column) for c in columns):
        return columns
    if all(isinstance(c, str) for c in columns):
        return parse_solvers(",".join(columns))
    raise NQueensError(
        "solvers are a string 'a,b:opt=v', a list of such names, or Columns from parse_solvers, got "
        f"{[type(c).__name__ for c in columns]}"
    )


def problems_from_instances(paths, skipped=None):
    """The problems of instance files: files, or folders whose ``.json``, ``.param`` and XCSP3 ``.xml`` files
    (:data:`~nqueens.core.instance_io.SUFFIXES`) are taken (hidden
    files, such as the ``._*`` files of macOS archives, left out).

    A file that cannot be read or is not an instance is a problem whose runs are ``error`` rows naming the file
    and the line; the others run. In a folder, what is not a regular file (a named pipe, a device, a socket:
    reading it could wait for ever) is left out, and ``skipped``, a list, receives a sentence for each.

    Raises
    ------
    NQueensError
        For a missing path, an empty folder, or two files of the same name.
    """
    from nqueens.core.files import not_regular
    from nqueens.core.instance_io import SUFFIXES, read_instance

    files = []
    for path in paths:
        if os.path.isdir(path):
            found = []
            for name in sorted(os.listdir(path)):
                if os.path.splitext(name)[1].lower() not in SUFFIXES or name.startswith("."):
                    continue
                kind = not_regular(os.path.join(path, name))
                if kind is None:
                    found.append(os.path.join(path, name))
                elif skipped is not None:
                    skipped.append(f"skipped {os.path.join(path, name)}: not a regular file ({kind})")
            if not found:
                raise NQueensError(f"folder {path} holds no instance files ({', '.join(sorted(SUFFIXES))})")
            files.extend(found)
        elif os.path.exists(path):
            files.append(path)
        else:
            raise NQueensError(f"instance file {path} does not exist")
    problems, names = [], set()
    for path in files:
        name = os.path.basename(path)
        if name in names:
            raise NQueensError(f"two instance files are called {name}: rows are keyed by file name")
        names.add(name)
        try:
            instance = read_instance(path)
        except NQueensError as exc:
            problems.append(Problem(name, 0, os.path.abspath(path), None, False, error=str(exc)))
            continue
        problems.append(Problem(name, instance.n, os.path.abspath(path), _digest(instance), instance.is_plain))
    if not problems:
        raise NQueensError("no instance files given")
    return problems


def run(
    problems,
    columns=None,
    *,
    question="count",
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
    question : str
        One of :data:`QUESTIONS`.
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
        store), so that a caller can say how long the experiment may take.
    rule : str, optional
        An attack rule (:mod:`nqueens.core.rules`) for every column: by default every solver that takes it. Runs
        are held to the rule's published counts.
    seeds : int, optional
        Run every column whose solver has a seed option (:attr:`~nqueens.core.protocol.Solver.seed_option`)
        with the seeds 1..``seeds``, ``repeat`` times each; a deterministic solver runs once per repeat (the notes
        say which ignore the seeds). The cells' summaries then show quartiles and a bootstrap confidence interval
        of the median (:func:`nqueens.analysis.statistics.summary`).
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
        For bad arguments, or an experiment with nothing to run (every cell out of reach): the message says why.
    KeyboardInterrupt
        After Ctrl-C: the runs finished so far are in the store.
    """
    question = _question(question)
    repeat = _positive(repeat, "repeat")
    seeds = None if seeds is None else _positive(seeds, "seeds")
    harness = _harness(harness)
    workers = _positive(workers, "workers")
    timeout = _limit(timeout, "timeout", float)
    memory = _limit(memory, "memory", int)
    if scheduler is not None and workers != 1:
        raise NQueensError(
            "--workers runs local processes; with --scheduler the cluster's workers make the runs, "
            "so give one or the other"
        )
    columns = _columns(columns)
    explicit = columns is not None
    columns = list(columns) if explicit else default_columns(question, rule)
    seed_notes = _seed_notes(columns, seeds)
    if rule not in (None, "queen"):
        if not columns:
            raise NQueensError(f"no registered solver takes the rule {rule!r} and answers {question}")
        columns = with_rule(columns, rule)
    problems = _problems(problems)
    if not problems:
        raise NQueensError("an experiment needs at least one problem")
    from nqueens import __version__

    host = socket.gethostname()
    plan, left_out = _plan(problems, columns, question, repeat, explicit, seeds)
    from nqueens.plugins import code_digest
    from nqueens.runtime.environment import machine, versions

    for item in plan:
        spec = item.spec
        item.task["nodes"] = bool(nodes and question == "count" and "nodes" in spec.can)
        item.code = code_digest(spec)
        item.harness = harness
        record = item.record
        record.version, record.host, record.timeout, record.memory = __version__, host, timeout, memory
        record.versions, record.machine = dict(versions()), dict(machine())
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
        stored = {} if results is None or fresh else results.experiment_runs_by_key([_key(i) for i in runnable])
        todo = []
        for item in runnable:
            earlier = stored.get(_key(item))
            if earlier is not None and damage(earlier) is None:  # a damaged stored run is made again
                item.record = RunRecord.from_dict({**earlier, "reused": True})
            else:
                todo.append(item)
        done = len(runnable) - len(todo)
        if announce is not None and todo:
            announce(len(todo))
        for item in _execute(todo, timeout, memory, workers, scheduler, question, harness):
            _judge_alone(item.record)
            if results is not None:
                results.record_experiment_run(_key(item), _stored(item.record))
            done += 1
            if progress is not None:
                progress(done, len(runnable), item.record)
        records = [item.record for item in plan]
        if nodes:
            notes.extend(tree_disagreements(records))
        changed = {id(record) for record in _judge_together(records, question)}
        if results is not None:
            for item in plan:
                if id(item.record) in changed:
                    results.record_experiment_run(_key(item), _stored(item.record), replace=True)
        path = None if results is None else str(results.path)
    finally:
        if results is not None:
            results.close()
    return Experiment(records, notes, question, timeout, path)


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
    from nqueens.core.record import CountResult

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
    return [
        CountResult(
            n=r.n,
            solver=r.solver,
            total=r.total,
            unique=r.unique,
            classes=r.classes,
            nodes=r.nodes,
            profile=r.profile,
            seconds=r.seconds,
            stats=r.stats,
        )
        for r in best.values()
    ]


# -- planning -------------------------------------------------------------------------------------------------


@dataclass
class _Planned:
    """One run to make: its record (what the user gets) and its task (what the worker is sent)."""

    record: RunRecord
    task: dict
    code: str | None = None  # the digest of the solver's code: a stored run is reused only for the same code
    harness: str = "process"  # what measures it
    spec: Solver | None = None  # the column's solver, resolved once


def _plan(problems, columns, question, repeat, explicit, seeds=None):
    from nqueens.registry import get_solver

    plan: list[Any] = []
    left_out: dict[Any, Any] = {}
    specs = [column.spec or get_solver(column.solver) for column in columns]
    for problem in problems:
        for column, spec in zip(columns, specs):
            status, message = None, None
            if problem.error is not None:
                status, message = "error", problem.error
            elif not explicit and problem.n > spec.reach:  # a default column stops at its reach, without rows
                left_out.setdefault(spec.name, spec.reach)
                continue
            elif not any(need in spec.can for need in _NEEDS[question]):
                status, message = "unsupported", f"{column.name} cannot answer {question}: {_WHY[question]}"
            elif _cannot(spec, column, question) is not None:
                status, message = "unsupported", _cannot(spec, column, question)
            elif spec.fixed_n is not None and problem.n != spec.fixed_n:
                status, message = "unsupported", f"{column.name} answers n = {spec.fixed_n} only ({spec.limit_reason})"
            elif spec.limit(column.full)[0] is not None and problem.n > spec.limit(column.full)[0]:
                max_n, reason, _ = spec.limit(column.full)
                status, message = "unsupported", f"{column.name} takes n <= {max_n} ({reason})"
            elif not problem.plain and "instance" not in spec.can:
                why = f" ({spec.no_instance})" if spec.no_instance else ""
                status, message = "unsupported", f"{column.name} does not take instances{why}"
            seeded = column.seeded(seeds) if status is None else [None]
            runs = [(seed, r) for seed in seeded for r in range(1, repeat + 1 if status is None else 2)]
            for index, (seed, _) in enumerate(runs, start=1):
                options = dict(column.full) if seed is None else {**column.full, column.seed_option: seed}
                record = RunRecord(
                    n=problem.n,
                    solver=column.name,
                    question=question,
                    repeat=index,
                    status=status,
                    message=message,
                    instance=None if problem.path is None else problem.key,
                    instance_path=problem.path,
                    instance_digest=problem.digest or _plain_digest(problem.n),
                    registered=column.solver,
                    options=options,
                    seed=options.get("seed") if column.seed_option is None else options[column.seed_option],
                )
                task = {
                    "solver": column.solver,
                    "options": dict(options),
                    "n": problem.n,
                    "instance": problem.path if not problem.plain else None,
                    "question": question,
                }
                plan.append(_Planned(record, task, spec=spec))
    # Repeats outermost in the order of work (see _execute), records in table order here.
    return plan, left_out


def _cannot(spec, column, question):
    """Why the column's options keep it from answering ``question`` as asked, or ``None``: a solver that finds
    one solution cannot count or enumerate them all, one whose stream holds one solution per orbit cannot
    enumerate them all."""
    partial = spec.partial(column.full)
    if partial is not None and question != "first":
        return f"{column.name} cannot answer {question}: with {partial} it finds one solution, not all"
    reduced = spec.reduced(column.full)
    if reduced is not None and question == "enumerate":
        return (
            f"{column.name} cannot answer enumerate: with {reduced} it enumerates only the fundamental solutions "
            "(one per orbit of the 8 symmetries); ask --question count or unique"
        )
    return None


def _digest(instance):
    return instance.digest


def _plain_digest(n):
    from nqueens.core.instance import Instance

    return Instance(n).digest


def _left_out_notes(left_out):
    if not left_out:
        return []
    by_reach: dict[Any, Any] = {}
    for name, reach in left_out.items():
        by_reach.setdefault(reach, []).append(name)
    return [
        f"not run: {', '.join(names)} for n > {reach} (beyond {'their' if len(names) > 1 else 'its'} default reach; "
        f"name {'them' if len(names) > 1 else 'it'} in --solvers to run {'them' if len(names) > 1 else 'it'} there)"
        for reach, names in sorted(by_reach.items())
    ]


def _key(item):
    """The identity of a run in the store: what it is, where it ran and under which limits."""
    task, record = item.task, item.record
    identity = {
        "solver": task["solver"],
        "options": task["options"],
        "problem": record.instance_digest if record.instance is not None else task["n"],
        "question": task["question"],
        "code": item.code,
        "repeat": record.repeat,
        "nodes": task["nodes"],
        "timeout": record.timeout,
        "memory": record.memory,
        "harness": None if item.harness == "process" else item.harness,
        "version": record.version,
        "host": record.host,
    }
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()


def _stored(record):
    doc = record.to_dict()
    for derived in ("reused", "id", "result", "par2", "par2_penalised"):
        doc.pop(derived, None)
    return doc


# -- judging --------------------------------------------------------------------------------------------------


def judge(records):
    """Mark ``wrong`` the answered runs whose answers are wrong; return the records changed.

    A run is wrong if its total or unique count contradicts the published values (OEIS A000170 and A002562,
    n <= 27), if its first solution is not a solution (or it found none where there are some), if it says
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
    one of :data:`STATUSES`, ``question`` one of :data:`QUESTIONS`), and its pieces must agree: the orbit classes
    make the total and the unique count (what the store checks of a finished count, ``nqueens history``), the
    node profile makes ``nodes``, a first solution has ``n`` columns. Fields a record lacks (a store written by
    an earlier version) are not held against it; ``n`` and ``solver`` it must have.

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

    def number(value):
        return isinstance(value, int | float) and not isinstance(value, bool) and value == value and value >= 0

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
    if solution is not None and (
        not isinstance(solution, list) or len(solution) != n or not all(integer(c) for c in solution)
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


def _span(problems):
    ns = [p for p in problems if isinstance(p, int)]
    if len(ns) == len(problems) and ns == list(range(ns[0], ns[0] + len(ns))):
        return f"n = {ns[0]}..{ns[-1]}" if len(ns) > 1 else f"n = {ns[0]}"
    shown = ", ".join(str(p) for p in problems[:3])
    return shown + (", ..." if len(problems) > 3 else "")


# -- making the runs ------------------------------------------------------------------------------------------


# What a worker process takes before its run: Python, numpy, numba and a solver's libraries (measured: 150-250 MB).
_WORKER_MEMORY = 256 * 2**20


def _cap_workers(workers, memory):
    """``(workers, note)``: at most one worker process per core, and no more than the memory holds (each worker
    with its ``--memory`` limit or :data:`_WORKER_MEMORY`); the note says so when the request was cut."""
    from nqueens.core.memory import room
    from nqueens.runtime.executors import default_workers

    cores = default_workers()
    each = _WORKER_MEMORY + (memory or 0) * 2**20
    free, words = room()
    fit = max(1, int(free // each))
    allowed = min(cores, fit)
    if workers <= allowed:
        return workers, None
    why = f"this machine has {cores} core{'s' if cores != 1 else ''}" if cores <= fit else words
    return allowed, f"--workers {workers} cut to {allowed}: {why}"


def _execute(todo, timeout, memory, workers, scheduler, question, harness="process"):
    """Yield each planned run of ``todo`` once it is made (in the order runs finish)."""
    if not todo:
        return
    order = sorted(todo, key=lambda item: item.record.repeat)  # a first pass over everything before any repeat
    if harness == "runexec":
        from nqueens.experiments import runexec

        for item in order:
            _settle(item.record, runexec.run(item.task, timeout, memory), timeout)
            yield item
    elif scheduler is not None:
        yield from _on_cluster(order, timeout, memory, scheduler)
    elif timeout is None and memory is None and workers == 1:
        from nqueens.experiments.worker import execute, warmup

        warm = set()
        for item in order:
            if item.task["solver"] not in warm:
                warmup(item.spec)
                warm.add(item.task["solver"])
            _settle(item.record, execute(item.task, item.spec), timeout)
            yield item
    else:
        from nqueens.experiments.pool import WorkerPool

        with WorkerPool(workers) as pool:
            for item, outcome in pool.map_unordered(order, lambda item: item.task, timeout, memory):
                _settle(item.record, outcome, timeout)
                yield item


def _on_cluster(order, timeout, memory, scheduler):
    from nqueens.runtime.executors import executor

    by_index = dict(enumerate(order))
    tasks = [(index, (item.task, timeout, memory)) for index, item in by_index.items()]
    from nqueens.experiments.pool import run_isolated

    with executor(scheduler=scheduler) as pool:
        for index, outcome in pool.map_unordered(run_isolated, tasks):
            item = by_index[index]
            _settle(item.record, outcome, timeout)
            yield item


def _settle(record, outcome, timeout):
    """Fill ``record`` from a worker's outcome (a JSON message: its ``classes`` keyed by strings)."""
    from datetime import datetime

    from nqueens.core.record import classes_from_json

    record.status = outcome.get("status", "solved")
    record.message = outcome.get("message")
    for key in _ANSWER:
        setattr(record, key, outcome.get(key))
    record.classes = classes_from_json(record.classes)
    if record.profile is not None:
        record.profile = tuple(record.profile)
    record.stats = outcome.get("stats") or {}
    if isinstance(record.stats.get("versions"), dict):  # what the solver says it ran on (MiniZinc and its solver)
        record.versions = {**record.versions, **record.stats["versions"]}
    record.effort = outcome.get("effort") or {}
    record.reused = False
    if outcome.get("host"):
        record.host = outcome["host"]
    if record.status == "solved" and record.question == "first":
        record.status = "sat" if record.solution is not None else "unsat"
    if record.status in ANSWERED and timeout is not None and (record.seconds or 0) > timeout:
        record.status = "timeout"
        record.message = f"finished in {record.seconds:.3f} s, beyond the limit of {timeout:g} s"
    if record.seconds is not None:
        record.time_total = (record.time_read or 0.0) + record.seconds
    record.finished = datetime.now(UTC).isoformat(timespec="seconds")


_ANSWER = (
    "total",
    "unique",
    "classes",
    "nodes",
    "profile",
    "tree",
    "seconds",
    "seconds_to_first",
    "solution",
    "time_read",
    "time_model",
    "time_solve",
    "cpu_time",
    "wall_time",
    "peak_memory",
    "inner_time",
    "inner_loops",
    "harness",
    "search_tree",
)


# -- arguments and the store ----------------------------------------------------------------------------------


def _question(question):
    if question not in QUESTIONS:
        raise NQueensError(f"question must be one of {', '.join(QUESTIONS)}; got {question!r}")
    return question


def _seed_notes(columns, seeds):
    """Check ``--seeds`` against the columns; the notes naming the columns that ignore it."""
    if seeds is None:
        return []
    for column in columns:
        if column.seed_option is not None and column.seed_option in column.options:
            raise NQueensError(
                f"--seeds {seeds} runs the seeds 1..{seeds}, and column {column.name!r} sets its own "
                f"{column.seed_option}: give one or the other"
            )
    fixed = [column.name for column in columns if column.seed_option is None]
    if not fixed:
        return []
    return [
        f"--seeds {seeds}: {', '.join(fixed)} {'are' if len(fixed) > 1 else 'is'} deterministic (no seed option) "
        f"and ignore{'' if len(fixed) > 1 else 's'} it: one run per repeat"
    ]


HARNESSES = ("process", "runexec")


def _harness(harness):
    if harness not in HARNESSES:
        raise NQueensError(f"harness must be one of {', '.join(HARNESSES)}; got {harness!r}")
    if harness == "runexec":
        from nqueens.experiments.runexec import why_not

        reason = why_not()
        if reason:
            raise NQueensError(reason)
    return harness


def _positive(value, what):
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise NQueensError(f"{what} must be an integer >= 1, got {value!r}")
    return value


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


def _open_store(store):
    from nqueens.runtime.store import ENV_VAR, ResultStore

    if store is None:
        store = os.environ.get(ENV_VAR) or None
        if store is None:
            return None
    if str(store).strip().lower() == "none":
        return None
    return ResultStore(store)
