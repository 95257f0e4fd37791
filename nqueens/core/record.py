"""The result records every solver returns through the facade, and the record of one experiment run.

A solver module returns a :class:`Tally` (what it counted); the facade adds the solver's name, ``n`` and the
wall-clock time of the computation and hands back a frozen :class:`CountResult`, whose :meth:`~CountResult.to_dict`
is the ``--json`` document of ``nqueens count``. An experiment (:mod:`nqueens.experiments.runner`) makes one
:class:`RunRecord` per run.

``classes`` (orbit size -> number of fundamental solutions) is keyed by ``int`` in every Python object; JSON
can only key by strings, so :func:`classes_to_json` and :func:`classes_from_json` are the one conversion, used
wherever a record becomes JSON text or is read back from it.
"""

import json
from dataclasses import dataclass, field, fields

from nqueens.core import fields as kind
from nqueens.core import status as _status
from nqueens.core.fields import finite

__all__ = [
    "Tally",
    "CountResult",
    "Subproblem",
    "RunRecord",
    "ANSWERED",
    "CSV_COLUMNS",
    "declared",
    "classes_to_json",
    "classes_from_json",
]


def classes_to_json(classes):
    """``{4: 1, 8: 11}`` -> ``{"4": 1, "8": 11}`` (sorted by orbit size), ``None`` stays ``None``.

    Examples
    --------
    >>> classes_to_json({8: 11, 4: 1})
    {'4': 1, '8': 11}
    """
    return None if classes is None else {str(k): v for k, v in classes_from_json(classes).items()}


def classes_from_json(classes):
    """``{"4": 1, "8": 11}`` -> ``{4: 1, 8: 11}``; ``None`` stays ``None``.

    Examples
    --------
    >>> classes_from_json({"8": 11, "4": 1})
    {4: 1, 8: 11}
    """
    return None if classes is None else {int(k): int(v) for k, v in sorted(classes.items(), key=lambda i: int(i[0]))}


@dataclass(frozen=True)
class Tally:
    """What a solver module counted, before the facade stamps it.

    ``profile`` is the number of feasible nodes per depth (depth 0 is the root and counts 1), so
    ``nodes == sum(profile)``; ``classes`` maps orbit size to the number of fundamental solutions with it.
    """

    total: int
    unique: int | None = None
    classes: dict | None = None
    nodes: int | None = None
    profile: tuple | None = None
    stats: dict = field(default_factory=dict)


@dataclass(frozen=True)
class CountResult:
    """One count: the record of docs/design.md, shared by the API, the CLI, the comparison runner and the store.

    Attributes
    ----------
    n, solver : int, str
    total : int
        Number of solutions.
    unique : int or None
        Number of fundamental solutions (one per orbit of the 8 board symmetries), when the solver knows it.
    classes : dict or None
        ``{orbit size: number of fundamental solutions with that orbit size}``; ``total == sum(s * c)``.
    nodes : int or None
        Feasible nodes of the search, root included (docs/design.md, node accounting), when counted.
    profile : tuple or None
        Feasible nodes per depth, ``profile[0] == 1`` for the root; ``sum(profile) == nodes``.
    seconds : float
        Wall-clock time of the solver call itself, taken in the thread that makes it, after kernels are compiled
        or loaded from cache (:mod:`nqueens.core.measure`).
    stats : dict
        The solver's own effort measures (CP-SAT branches, constraint checks, ...).
    cpu_time, peak_memory, memory_added, memory_note : float, float, float, str or None
        Over the same span: the process's CPU seconds (every thread, and children waited for), its peak resident
        memory (MiB), that peak above the resident size just before the call (MiB: the solver's own), and why a
        memory field is ``None`` where it cannot be measured.
    """

    n: int
    solver: str
    total: int
    unique: int | None = None
    classes: dict | None = None
    nodes: int | None = None
    profile: tuple | None = None
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    cpu_time: float | None = None
    peak_memory: float | None = None
    memory_added: float | None = None
    memory_note: str | None = None

    def to_dict(self):
        """The ``--json`` shape: every field, orbit-size keys of ``classes`` strings, ``profile`` a list, numbers
        finite (a NaN or an infinity is ``null``)."""
        return _json_form(self)

    def to_frame(self):
        """A one-row :class:`pandas.DataFrame` of :meth:`to_dict` (pandas is needed: ``pip install pandas``)."""
        return _pandas().DataFrame([self.to_dict()])

    to_pandas = to_frame

    def _repr_html_(self):
        return _html(self.to_dict())


@dataclass(frozen=True, eq=False)
class Subproblem:
    """One independent piece of an engine's count: a pure function of its description.

    Attributes
    ----------
    n : int
    index : int
        Its place in the engine's plan (0-based).
    payload : tuple
        The arguments of the engine's ``task`` after ``n`` and ``index`` (ints and numpy arrays, picklable).
    digest : str
        A hash of the engine, its algorithm version, ``n`` and the payload: the result store keeps a result
        only under the digest it was computed for.
    """

    n: int
    index: int
    payload: tuple
    digest: str

    @property
    def key(self):
        """A name for the subproblem that is unique across counts (used on a cluster)."""
        return f"{self.n}-{self.index}-{self.digest[:16]}"


# The statuses of a run that answered its question (:mod:`nqueens.core.status`, the one table of statuses).
ANSWERED = _status.ANSWERED


def declared(of, *, run=False):
    """A field's metadata: its :class:`~nqueens.core.fields.Kind`; ``run``: the run itself fills it (from the
    worker's outcome), else it is set when the run is planned, or derived. A field declared with ``run`` travels
    from the worker to the record with nothing else to add."""
    return {"kind": of, "from": "run"} if run else {"kind": of}


# Fields left out of the CSV row (``registered`` is in ``solver``, ``machine`` is spread over its keys).
_NOT_IN_CSV = ("registered", "profile", "machine", "id")
# The derived columns (properties) of the CSV row, after the fields, and the machine's keys.
_DERIVED_COLUMNS = ("result", "gap", "time_proof", "par2", "par2_penalised")
_MACHINE = ("cpu", "cores", "python", "platform")


@dataclass(eq=False)
class RunRecord:
    """One run of an experiment: what was asked, what came back, how long it took, where and with what.

    Read its fields as attributes (``r.status``) or by their JSON names (``r["status"]``, ``r.get("par2")``), so
    that code written against ``nqueens runs --format json`` reads records too. :meth:`to_dict` and
    :meth:`from_dict` are its JSON form (the store keeps that), :meth:`to_row` its CSV row.

    Attributes
    ----------
    n : int
        The board size.
    solver : str
        The column, named as written (``cp:var=input``); ``registered`` is the registry name behind it.
    question : str
        ``count``, ``enumerate``, ``first``, ``unique`` or ``optimize``.
    problem : str or None
        For ``optimize``: ``domination`` or ``peaceable`` (:mod:`nqueens.core.optimization`); ``None`` otherwise.
    repeat : int
        1-based.
    status : str or None
        ``solved``, ``sat`` or ``unsat``, ``optimal`` or ``infeasible`` (:data:`ANSWERED`); ``feasible`` (a verified
        solution without a proof of optimality); ``timeout``, ``memout``, ``error``, ``wrong``, ``unknown``,
        ``unsupported``; ``None`` before the run is made.
    message : str or None
        Why a run that did not answer did not (or why it is wrong).
    instance, instance_path, instance_digest : str or None
        The instance file's name and absolute path (``None`` for a plain board size), and the sha256 of the
        problem (:attr:`nqueens.core.instance.Instance.digest`; a plain board size has one too).
    options : dict
        The column's options with the defaults filled in; ``seed`` is its ``seed`` option, if it has one.
    total, unique, classes, nodes, profile, tree, solution, objective
        The answer: ``classes`` keyed by ``int`` orbit size; ``solution`` the first solution (question
        ``first``) or the best verified one (``optimize``), whose size is ``objective``.
    bound, time_best, curve
        For ``optimize``: the best bound the solver proved (a minimum: no solution has fewer queens; a maximum:
        none more), the seconds to the best solution, and the anytime curve, ``[seconds, objective]`` of every
        verified improvement. ``gap`` and ``time_proof`` are derived from them.
    seconds : float or None
        The computation (building the model and solving), as ``nqueens count`` measures it; ``None`` when the
        run did not finish.
    time_read, time_model, time_solve : float or None
        Reading the instance file; building the model and solving it, where the solver tells them apart
        (its ``stats`` keys ``time_model`` and ``time_solve``), else ``None``.
    time_total : float or None
        ``time_read + seconds``.
    seconds_to_first : float or None
    cpu_time : float or None
        CPU seconds (user + system) of the process that ran the solver over the span of ``seconds`` (every
        thread, and the child processes it waited for), taken in the thread that runs the solver
        (:mod:`nqueens.core.measure`); under ``runexec``, BenchExec's for the whole run.
    wall_time : float or None
        Wall-clock seconds over the same span as ``cpu_time`` (so that the two can be compared).
    load : float or None
        The machine's load (``os.getloadavg()``, the last minute) when the run started: above ``machine["cores"]``,
        runs waited for a core and their wall time says more of the machine than of the solver.
    peak_memory : float or None
        Peak resident memory of that process during the run, MiB (children included where they were larger):
        the interpreter and the libraries loaded before the run included.
    memory_added : float or None
        The solver's own memory: that peak above the resident size just before the run, MiB (a child
        process's whole peak).
    memory_note : str or None
        Why ``peak_memory`` or ``memory_added`` is ``None`` (not measurable here), or what they are instead.
    inner_time, inner_loops : float, int or None
        For a run under a millisecond: the seconds of one run timed over ``inner_loops`` repetitions, as
        :mod:`timeit` does (``None`` for longer runs).
    harness : str or None
        What measured the run: ``process`` (the toolkit's own getrusage) or ``runexec`` (BenchExec).
    effort : dict
        The search effort in the names of :data:`nqueens.core.effort.QUANTITIES` (nodes, branches, conflicts,
        checks, ...), mapped from ``stats``; ``search_tree`` names the tree the ``nodes`` belong to.
    timeout, memory : float, int or None
        The limits the run was made under.
    stats : dict
        The solver's own effort measures.
    version : str
        The toolkit's version; ``versions`` the libraries' (:func:`nqueens.runtime.environment.versions`).
    code_digest : str or None
        A digest of the toolkit's source files that made the run (:func:`nqueens.runtime.provenance.code_digest`):
        runs with different digests ran different code. ``None`` in a store written before it was recorded.
    command : str or None
        The command line that made the run (``nqueens compare 4..8 --store a.sqlite``, shell-quoted); ``None`` for a
        run made through the Python API, or read from a store written before it was recorded.
    host : str
    machine : dict
        ``cpu``, ``cores``, ``python``, ``platform`` of the machine that made the run.
    reused : bool
        Taken from the store rather than made again.
    certified : str or None
        ``accepted`` or ``rejected``: the run's certificate (``compare --certify``, docs/certify.md) as the checker
        judged it; ``None`` without one.
    finished : str or None
        ISO time (UTC) the run finished.
    id : int or None
        Its row in the result store, when read from one.
    """

    n: int = field(metadata=declared(kind.SIZE))
    solver: str = field(metadata=declared(kind.TEXT))
    question: str = field(default="count", metadata=declared(kind.TEXT))
    repeat: int = field(default=1, metadata=declared(kind.POSITIVE))
    status: str | None = field(default=None, metadata=declared(kind.STATUS))
    message: str | None = field(default=None, metadata=declared(kind.TEXT))
    problem: str | None = field(default=None, metadata=declared(kind.TEXT))
    instance: str | None = field(default=None, metadata=declared(kind.TEXT))
    instance_path: str | None = field(default=None, metadata=declared(kind.TEXT))
    instance_digest: str | None = field(default=None, metadata=declared(kind.TEXT))
    registered: str | None = field(default=None, metadata=declared(kind.TEXT))
    options: dict = field(default_factory=dict, metadata=declared(kind.OPTIONS))
    seed: int | None = field(default=None, metadata=declared(kind.INTEGER))
    total: int | None = field(default=None, metadata=declared(kind.COUNT, run=True))
    unique: int | None = field(default=None, metadata=declared(kind.COUNT, run=True))
    classes: dict | None = field(default=None, metadata=declared(kind.CLASSES, run=True))
    nodes: int | None = field(default=None, metadata=declared(kind.COUNT, run=True))
    profile: tuple | None = field(default=None, metadata=declared(kind.PROFILE, run=True))
    tree: int | None = field(default=None, metadata=declared(kind.COUNT, run=True))
    solution: list | None = field(default=None, metadata=declared(kind.SOLUTION, run=True))
    objective: int | None = field(default=None, metadata=declared(kind.COUNT, run=True))
    bound: float | None = field(default=None, metadata=declared(kind.NUMBER, run=True))
    time_best: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    curve: list | None = field(default=None, metadata=declared(kind.CURVE, run=True))
    seconds: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    time_read: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    time_model: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    time_solve: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    time_total: float | None = field(default=None, metadata=declared(kind.SECONDS))
    seconds_to_first: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    cpu_time: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    wall_time: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    load: float | None = field(default=None, metadata=declared(kind.NUMBER, run=True))
    peak_memory: float | None = field(default=None, metadata=declared(kind.MIB, run=True))
    memory_added: float | None = field(default=None, metadata=declared(kind.MIB, run=True))
    memory_note: str | None = field(default=None, metadata=declared(kind.TEXT, run=True))
    inner_time: float | None = field(default=None, metadata=declared(kind.SECONDS, run=True))
    inner_loops: int | None = field(default=None, metadata=declared(kind.POSITIVE, run=True))
    harness: str | None = field(default=None, metadata=declared(kind.TEXT, run=True))
    search_tree: str | None = field(default=None, metadata=declared(kind.TEXT, run=True))
    effort: dict = field(default_factory=dict, metadata=declared(kind.EFFORT))
    timeout: float | None = field(default=None, metadata=declared(kind.SECONDS))
    memory: int | None = field(default=None, metadata=declared(kind.POSITIVE))
    stats: dict = field(default_factory=dict, metadata=declared(kind.MAPPING))
    version: str | None = field(default=None, metadata=declared(kind.TEXT))
    versions: dict = field(default_factory=dict, metadata=declared(kind.MAPPING))
    code_digest: str | None = field(default=None, metadata=declared(kind.TEXT))
    command: str | None = field(default=None, metadata=declared(kind.TEXT))
    host: str | None = field(default=None, metadata=declared(kind.TEXT))
    machine: dict = field(default_factory=dict, metadata=declared(kind.MAPPING))
    reused: bool = field(default=False, metadata=declared(kind.FLAG))
    certified: str | None = field(default=None, metadata=declared(kind.TEXT))
    finished: str | None = field(default=None, metadata=declared(kind.TIME))
    id: int | None = field(default=None, metadata=declared(kind.COUNT))

    @property
    def answered(self):
        """True when the run answered its question (status in :data:`ANSWERED`)."""
        return self.status in ANSWERED

    @property
    def rule(self):
        """The attack rule of the run (:func:`nqueens.core.rules.rule_of` of its options)."""
        from nqueens.core.rules import rule_of

        return rule_of(self.options)

    @property
    def result(self):
        """``sat``, ``unsat`` or ``unknown``: the field's three-valued answer (what CPMpy's and MiniZinc's
        benchmark tools record), for every question: a run that answered has found solutions or shown there
        are none; any other run (timeout, error, wrong, ...) is ``unknown``."""
        said = _status.STATUS[self.status].result if self.status in _status.STATUS else "unknown"
        if said is not None:
            return said
        if self.solution is not None or (self.total or 0) > 0:
            return "sat"
        return "unsat" if self.total == 0 else "unknown"

    @property
    def gap(self):
        """For ``optimize``: how far the best solution may be from the optimum, ``|objective - bound|`` over
        ``objective`` (0 for a proven optimum), or ``None`` without a solution or a bound."""
        if self.objective is None or self.bound is None:
            return None
        return abs(self.objective - self.bound) / max(1, abs(self.objective))

    @property
    def time_proof(self):
        """For ``optimize``: the seconds to the proof (of the optimum, or that there is no solution), or ``None``."""
        return self.seconds if self.status in ("optimal", "infeasible") else None  # an optimum asked, and answered

    @property
    def par2(self):
        """The PAR2 score: ``seconds`` for a run that answered, twice the time limit for one that did not
        (timeout, memout, error, wrong) when there is a limit, else ``None``."""
        if self.answered:
            return self.seconds
        if self.status in _status.PENALISED and self.timeout is not None:
            return 2.0 * self.timeout
        return None

    @property
    def par2_penalised(self):
        """True when :attr:`par2` is the penalty (twice the limit), not a measured time."""
        return not self.answered and self.par2 is not None

    # -- conversions ----------------------------------------------------------------------------------------

    def to_dict(self):
        """The JSON form: every field, ``classes`` keyed by strings, numbers finite (a NaN or an infinity is
        ``null``), plus ``result``, ``par2`` and ``par2_penalised``."""
        doc = _json_form(self)
        doc.update({name: finite(_derived(self, name)) for name in _DERIVED_COLUMNS})
        return doc

    def stored_dict(self):
        """The form a store keeps: :meth:`to_dict` less what the store gives back itself (``id``, ``reused``)
        and the derived columns, which :meth:`from_dict` computes again."""
        doc = _json_form(self)
        for name in ("id", "reused"):
            doc.pop(name, None)
        return doc

    @classmethod
    def from_dict(cls, doc):
        """The record of a JSON form (:meth:`to_dict`, or a store written by an earlier version: missing
        fields are ``None``, the derived ones are computed again)."""
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in doc.items() if key in known}
        values["classes"] = classes_from_json(values.get("classes"))
        if values.get("profile") is not None:
            values["profile"] = tuple(values["profile"])
        for key in ("options", "stats", "effort", "versions", "machine"):
            values[key] = dict(values.get(key) or {})
        return cls(**values)

    @classmethod
    def columns(cls):
        """The columns of the per-run CSV, derived from the fields: every field but those of ``_NOT_IN_CSV``, in
        their order, then the derived ones and the machine's keys. A field added to the class is a column."""
        names = [f.name for f in fields(cls) if f.name not in _NOT_IN_CSV]
        return tuple(names) + _DERIVED_COLUMNS + _MACHINE

    @classmethod
    def kinds(cls):
        """``{field: Kind}``: what each field may hold (:mod:`nqueens.core.fields`), as declared."""
        return _declared(cls)[1]

    @classmethod
    def from_run(cls):
        """The names of the fields a run fills from its outcome (declared with ``declared(kind, run=True)``)."""
        return tuple(f.name for f in fields(cls) if f.metadata.get("from") == "run")

    def to_row(self):
        """The CSV row: :meth:`columns` to scalars (dicts and lists as compact JSON text)."""
        doc = self.to_dict()
        doc.update({key: self.machine.get(key) for key in _MACHINE})
        return {column: _scalar(doc.get(column)) for column in type(self).columns()}

    # -- reading --------------------------------------------------------------------------------------------

    def __getitem__(self, key):
        if key in _DERIVED or key in _declared(type(self))[0]:
            return getattr(self, key)
        raise KeyError(key)

    def get(self, key, default=None):
        """The field ``key`` (a JSON name), or ``default`` if a record has no such field."""
        try:
            return self[key]
        except KeyError:
            return default

    def __repr__(self):
        shown = ["n", "instance", "solver", "question", "repeat", "status", "total", "unique", "seconds"]
        parts = [f"{key}={getattr(self, key)!r}" for key in shown if getattr(self, key) is not None]
        return f"RunRecord({', '.join(parts)})"

    def _repr_html_(self):
        return _html(self.to_dict())


_DERIVED = frozenset(("answered", *_DERIVED_COLUMNS))
# The columns of a per-run CSV (and of :meth:`RunRecord.to_row`), always all of them and in this order.
CSV_COLUMNS = RunRecord.columns()


def records_frame(records):
    """A :class:`pandas.DataFrame` of run records, one row per run: the columns of :meth:`RunRecord.columns` (of the
    records' class), then
    ``effort`` and ``stats`` flattened, one column per name (``effort.nodes``, ``stats.branches``, ...), with
    numbers where the record has numbers."""
    pd = _pandas()
    runs = [r if isinstance(r, RunRecord) else RunRecord.from_dict(r) for r in records]
    rows = [r.to_row() for r in runs]
    flat = {}
    for prefix in ("effort", "stats"):
        for name in dict.fromkeys(key for r in runs for key in getattr(r, prefix)):
            flat[f"{prefix}.{name}"] = [_scalar(getattr(r, prefix).get(name)) for r in runs]
    frame = pd.DataFrame(rows, columns=list(type(runs[0]).columns() if runs else CSV_COLUMNS))
    if flat:
        frame = pd.concat([frame, pd.DataFrame(flat, index=frame.index)], axis=1)
    return frame


_DECLARED: dict[type, tuple] = {}  # per record class: its field names, and its kinds (fields() is slow per read)


def _declared(cls):
    if cls not in _DECLARED:
        found = fields(cls)
        _DECLARED[cls] = (
            frozenset(f.name for f in found),
            {f.name: f.metadata["kind"] for f in found if "kind" in f.metadata},
        )
    return _DECLARED[cls]


def _derived(record, name):
    """A derived column, or ``None`` where the fields it is made of hold what they should not (a record read from
    a damaged store: :func:`nqueens.experiments.judge.damage` says what)."""
    try:
        return getattr(record, name)
    except (TypeError, ValueError):
        return None


def _json_form(record):
    """Every field of ``record`` as JSON holds it: classes keyed by strings, tuples as lists, mappings copied, and
    only finite numbers."""
    doc = {f.name: getattr(record, f.name) for f in fields(record)}
    doc["classes"] = classes_to_json(doc["classes"])
    return finite(doc)


def _scalar(value):
    return _compact(value) if isinstance(value, dict | list | tuple) else value


def _pandas():
    from nqueens.core.errors import NQueensError

    try:
        import pandas
    except ImportError:
        raise NQueensError("to_pandas() needs pandas: pip install pandas (or the 'test' extra)") from None
    return pandas


def _compact(value):
    return None if value is None else json.dumps(value, separators=(",", ":"), sort_keys=True, default=str)


def _html(doc):
    """A record's fields as an HTML table (a notebook's view), every value escaped, empty ones and the profile left
    out."""
    import html

    rows = "".join(
        f"<tr><th style='text-align:left'>{key}</th><td>{html.escape(str(value))}</td></tr>"
        for key, value in doc.items()
        if value not in (None, {}, []) and key != "profile"
    )
    return f"<table>{rows}</table>"
