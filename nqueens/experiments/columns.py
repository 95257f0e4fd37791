"""The two axes of an experiment: its columns (solvers with options, from ``--solvers``) and its problems (board
sizes or instance files).

A column is parsed once, where it enters (:func:`parse_solvers`, :func:`default_columns`, :func:`with_rule`): the
solver is looked up and its options checked there, and the :class:`Column` carries the resolved solver
(``Column.spec``) and the options with their defaults to every run; nothing below looks it up again. A problem is a
board size (:func:`problems_from_range`) or an instance file read once (:func:`problems_from_instances`), named by
its digest.

Examples
--------
>>> [(c.name, c.solver) for c in parse_solvers("bitwise,cp:var=input")]
[('bitwise', 'bitwise'), ('cp:var=input', 'cp')]
>>> [p.n for p in problems_from_range("4..6")]
[4, 5, 6]
"""

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.protocol import Solver
from nqueens.experiments.questions import get_question
from nqueens.registry import REGISTRY, get_solver

__all__ = [
    "Column",
    "Problem",
    "parse_solvers",
    "default_columns",
    "with_rule",
    "with_options",
    "problems_from_range",
    "problems_from_instances",
]


_PAIR = re.compile(r"\s*[A-Za-z_][\w-]*\s*=")  # an option of a column: OPT=VALUE


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
        # The options are the trailing OPT=VALUE parts, never the first part: a path may hold '=' too (a=b/s.py).
        split = len(parts)
        while split > 1 and _PAIR.match(parts[split - 1]):
            split -= 1
        if parts[0].strip() in REGISTRY:
            split = 1
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
    attack ``rule`` than the queen's, every such solver that takes the rule, with the option ``rule`` set. A solver
    that cannot run on this machine (:meth:`nqueens.core.protocol.Solver.runs_here`: the GPU counter without a GPU)
    only where it is named."""
    from nqueens.api import solvers

    columns = []
    needs = get_question(question).needs
    for spec in solvers():
        if not any(need in spec.can for need in needs):
            continue
        if not spec.runs_here():  # named in --solvers, it says why it cannot run
            continue
        if rule in (None, "queen"):
            columns.append(Column(spec.name, spec.key, {}, spec.check_options({}), spec))
        elif any(o.name == "rule" and rule in o.choices for o in spec.options):
            columns.append(Column(spec.name, spec.key, {"rule": rule}, spec.check_options({"rule": rule}), spec))
    return columns


def with_rule(columns, rule):
    """The columns with the option ``rule`` set to ``rule`` (a column that names another rule is refused; one
    whose solver knows only the queen's rule is refused with the reason)."""
    out = []
    for column in columns:
        given = column.options.get("rule")
        if given is not None and given != rule:
            raise NQueensError(f"--solvers column {column.name!r} sets rule={given}, and --rules says {rule}")
        options = {**column.options, "rule": rule}
        spec = column.spec or get_solver(column.solver)
        out.append(Column(column.name, column.solver, options, spec.check_options(options), spec))
    return out


def with_options(columns, options):
    """The columns with ``options`` (``{"symmetry": True}``) set on each whose solver's optimisation hook takes them
    and that does not set them itself; an option no column's hook takes is refused."""
    if not options:
        return list(columns)
    out = []
    for column in columns:
        spec = column.spec or get_solver(column.solver)
        declared = _hook_takes(spec)
        given = {**{k: v for k, v in options.items() if k in declared}, **column.options}
        out.append(Column(column.name, column.solver, given, spec.check_options(given), spec))
    for key in options:
        if not any(key in _hook_takes(c.spec or get_solver(c.solver)) for c in columns):
            raise NQueensError(f"no solver among {', '.join(c.name for c in columns)} has the option {key!r}")
    return out


def _hook_takes(spec):
    """The options of ``spec`` its optimisation hook takes (a solver may declare an option, such as ``symmetry``,
    for counting only)."""
    from nqueens.core.optimization import hook_options

    declared = {option.name for option in spec.options}
    try:
        return declared & set(hook_options(spec.optimizer()))
    except NQueensError:  # no hook: the optimisation run refuses the column with its own reason
        return declared


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
        problems.append(Problem(name, instance.n, os.path.abspath(path), instance.digest, instance.is_plain))
    if not problems:
        raise NQueensError("no instance files given")
    return problems


def _problems(problems):
    """What :func:`nqueens.experiments.runner.run` was given as problems, as a list of :class:`Problem`."""
    if isinstance(problems, str | int | range):
        return problems_from_range(problems)
    problems = list(problems)
    if all(isinstance(p, Problem) for p in problems):
        return problems
    return problems_from_range(problems)


def _columns(columns):
    """What :func:`nqueens.experiments.runner.run` was given as columns (``"a,b"``, ``["a", "b:opt=1"]``,
    Columns), as Columns or ``None``."""
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
