"""The solver protocol: what a solver declares (:class:`Solver`, :class:`Option`) and how its code is called.

This is vocabulary: the registry's built-ins and every outside solver (a package's plugin, a file, a CPMpy or
MiniZinc model) are :class:`Solver` values, and the facade treats them alike. The protocol itself is stated in
:mod:`nqueens.registry`'s docstring and in the documentation's page "Compare your own model".
"""

import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.record import Tally

__all__ = ["Option", "Solver", "CAPABILITIES", "FAMILIES", "solver"]

MASK_REASON = "64-bit masks"

CAPABILITIES = ("count", "enumerate", "unique", "nodes", "instance")
FAMILIES = ("native", "model", "engine")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_CHUNK = 4096  # solutions per batch when a solver yields them one at a time


@dataclass(frozen=True)
class Option:
    """A solver-specific keyword (``nqueens count ... --option NAME=VALUE``).

    ``kind`` is ``bool``, ``int``, ``float`` or ``str``; ``choices`` lists the allowed values (empty: any of
    the kind); ``partial`` the values with which the solver finds some solutions (one), not all; ``unique`` the
    values with which its count also gives the unique solutions and their orbit classes. An option named ``rule``
    states another problem (an attack rule of :mod:`nqueens.core.rules`): the checks compare its totals with the
    rule's own counts, not the queen's.
    """

    name: str
    kind: type
    default: object
    help: str
    choices: tuple = ()
    partial: tuple = ()  # values with which the solver finds some solutions (one), not all: no count, no orbits
    unique: tuple = ()  # values with which the solver's count also gives unique solutions and orbit classes

    def parse(self, value):
        """Convert ``value`` (a string from the CLI, or a Python value) to this option's type, or raise."""
        if self.kind is bool and isinstance(value, str):
            lowered = value.strip().lower()
            if lowered not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                raise NQueensError(f"option {self.name} takes true or false, got {value!r}")
            value = lowered in ("1", "true", "yes", "on")
        elif self.kind is int and isinstance(value, str):
            if not value.strip().lstrip("+-").isdigit():
                raise NQueensError(f"option {self.name} takes an integer, got {value!r}")
            value = int(value)
        elif self.kind is float and isinstance(value, str | int) and not isinstance(value, bool):
            try:
                value = float(value)
            except ValueError:
                raise NQueensError(f"option {self.name} takes a number, got {value!r}") from None
        elif value is not None and not isinstance(value, self.kind):
            raise NQueensError(f"option {self.name} takes a {self.kind.__name__}, got {value!r}")
        if self.choices and value not in self.choices:
            raise NQueensError(f"option {self.name} must be one of {', '.join(map(str, self.choices))}; got {value!r}")
        return value


@dataclass(frozen=True)
class Solver:
    """One solver: what it is, where it comes from, what it can do, its limits, and where its code is.

    Attributes
    ----------
    name : str
        Short kebab-case name (``nqueens count --solver NAME``).
    family : str
        ``native`` (a seed text's hand-written algorithm), ``model`` (a formulation) or ``engine``.
    origin : str
        The seed text, paper or library it comes from.
    can : tuple
        A subset of :data:`CAPABILITIES`; for an outside solver left empty, it is read off the callables given
        (``count`` and ``enumerate`` from ``solutions``, ``count`` from ``count``, ``enumerate`` from
        ``batches``).
    module : str or None
        The implementing module (imported on first use); ``None`` when the callables are given.
    summary : str
        One line for ``nqueens solvers``.
    max_n : int or None
        The largest ``n`` the solver accepts (bit-mask width), ``None`` for no fixed limit.
    reach : int
        The largest ``n`` it answers in about a second: ``nqueens compare`` runs it up to there unless it is
        named, and the conformance checks check it up to there.
    options : tuple of Option
        Solver-specific keywords.
    limit_reason : str
        Why ``max_n`` is the limit, for the error message.
    no_instance : str
        Why the solver refuses problem instances (when ``"instance"`` is not in ``can``), for the error message.
    memory : tuple
        ``(a, b)``: the solver needs about ``a * n**b`` bytes for a board of ``n`` (its arrays, matrices or
        model); the facade refuses an ``n`` whose memory is not available, naming the bytes.
    row_order : bool
        It places queens row by row in a fixed order, so its first solution of a large board can take hours and
        cannot be forecast (``nqueens solve`` warns from n = 30).
    count, batches, solutions, warmup : callable or None
        An outside solver's code (see the module docstring), instead of ``module``.
    source : str
        Where the solver comes from: ``built-in``, ``package NAME VERSION``, ``file PATH``, ``module NAME``.
    ref : str or None
        How another process finds the solver again (a spec for :func:`get_solver`); the name when ``None``.
    fingerprint : str or None
        What identifies an outside solver's code (a package's version and its source's digest), so a stored
        result is reused only for the same code; built-ins are fingerprinted by their sources.
    claims_tree : tuple or None
        ``(MODEL, {OPTION: VALUE})``: the state-space tree whose feasible nodes its ``nodes=True`` count claims
        to report, a tree formulation (``permutation``, ``mary``, ``subset``) with the options of ``nqueens
        tree`` that shape it (``mode``, ``propagation``, ``order``), e.g. ``("permutation", {"propagation":
        "forward-checking"})``. ``check-solver`` then checks its profile against that tree, depth by depth.

    The option that seeds a solver's randomness is the one named ``seed`` (:attr:`seed_option`); a solver
    without one is deterministic, and ``nqueens compare --seeds`` runs it once.
    """

    name: str
    family: str = "model"
    origin: str = ""
    can: tuple = ()
    module: str | None = None
    summary: str = ""
    max_n: int | None = None
    reach: int = 12
    options: tuple = ()
    limit_reason: str = MASK_REASON
    no_instance: str = ""
    memory: tuple = (64, 1)
    row_order: bool = False
    count: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    batches: Callable[..., Iterator] | None = field(default=None, repr=False, compare=False)
    solutions: Callable[..., Iterator] | None = field(default=None, repr=False, compare=False)
    warmup: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    source: str = "built-in"
    ref: str | None = None
    fingerprint: str | None = None
    claims_tree: tuple | None = None

    def __post_init__(self):
        if not self.can and self.module is None:
            can = []
            if self.count is not None or self.solutions is not None:
                can.append("count")
            if self.batches is not None or self.solutions is not None:
                can.append("enumerate")
            object.__setattr__(self, "can", tuple(can))
        if isinstance(self.can, list | set):
            object.__setattr__(self, "can", tuple(self.can))
        if isinstance(self.options, list):
            object.__setattr__(self, "options", tuple(self.options))

    def problems(self):
        """What is wrong with this declaration (a list of sentences; empty when it keeps the protocol)."""
        wrong = []
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            wrong.append(f"its name {self.name!r} is not kebab-case (lower-case letters, digits and '-')")
        if self.family not in FAMILIES:
            wrong.append(f"family {self.family!r} is not one of {', '.join(FAMILIES)}")
        unknown = [c for c in self.can if c not in CAPABILITIES]
        if unknown:
            wrong.append(f"capability {unknown[0]!r} is not one of {', '.join(CAPABILITIES)}")
        if self.module is None and self.family != "engine":
            for key in ("count", "batches", "solutions", "warmup"):
                value = getattr(self, key)
                if value is not None and not callable(value):
                    wrong.append(f"{key} is not callable")
            if self.count is None and self.solutions is None and "count" in self.can:
                wrong.append("it says it can count but gives neither count nor solutions")
            if self.batches is None and self.solutions is None and "enumerate" in self.can:
                wrong.append("it says it can enumerate but gives neither batches nor solutions")
            if not self.can:
                wrong.append("it gives none of count, batches, solutions")
        for option in self.options:
            if not isinstance(option, Option):
                wrong.append(f"its option {option!r} is not an nqueens.Option")
        if self.max_n is not None and (not isinstance(self.max_n, int) or self.max_n < 1):
            wrong.append(f"max_n {self.max_n!r} is not an integer >= 1")
        return wrong

    def load(self):
        """The solver's code: its module, or a namespace with ``count``, ``batches`` and ``warmup``."""
        if self.module is not None:
            return importlib.import_module(self.module)
        return _implementation(self)

    def check_options(self, options):
        """Validate keyword options against :attr:`options`; return them with defaults filled in."""
        known = {opt.name: opt for opt in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown == ["rule"]:
            raise NQueensError(
                f"solver {self.name!r} knows only the queen's attack rule (its search is written for it); "
                "`nqueens solvers` lists the ones with the option rule"
            )
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            raise NQueensError(f"solver {self.name!r} has no option {unknown[0]!r}; its options: {allowed}")
        return {name: opt.parse(options[name]) if name in options else opt.default for name, opt in known.items()}

    def check_n(self, n):
        """``n`` as an int if this solver accepts it, else an error that names the limit (an ``int`` is trusted
        to be a checked board size, as an :class:`~nqueens.core.instance.Instance` holds one)."""
        if type(n) is not int or n < 1:
            n = check_n(n)
        if self.max_n is not None and n > self.max_n:
            raise NQueensError(
                f"n = {n} is above the limit of solver {self.name!r}, n <= {self.max_n} ({self.limit_reason})"
            )
        return n

    def partial(self, options):
        """The first ``NAME=VALUE`` of the checked ``options`` under which the solver finds only some solutions
        (such as CP-SAT's ``first=true``), or ``None`` when it finds them all."""
        for opt in self.options:
            if opt.partial and options.get(opt.name, opt.default) in opt.partial:
                value = options.get(opt.name, opt.default)
                shown = str(value).lower() if isinstance(value, bool) else value
                return f"{opt.name}={shown}"
        return None

    def counts_unique(self, options):
        """Whether a count with the checked ``options`` gives the unique solutions too (the capability
        ``unique``, or an option such as CP-SAT's ``symmetry=true``)."""
        return "unique" in self.can or any(
            opt.unique and options.get(opt.name, opt.default) in opt.unique for opt in self.options
        )

    def check_memory(self, n):
        """Raise if the memory this solver needs for ``n`` (see :attr:`memory`) is not available."""
        from nqueens.core import memory

        a, b = self.memory
        memory.check(a * n**b, f"solver {self.name!r} on n = {n}")

    @property
    def seed_option(self):
        """The name of the option that seeds the solver's randomness (``seed``), or ``None``: it is deterministic."""
        return next((opt.name for opt in self.options if opt.name == "seed"), None)

    @property
    def key(self):
        """How to name this solver to :func:`get_solver` in any process (its name, or its spec)."""
        return self.ref or self.name

    def to_dict(self):
        return {
            "name": self.name,
            "family": self.family,
            "origin": self.origin,
            "can": list(self.can),
            "source": self.source,
        }


def solver(name=None, **attributes):
    """Declare an outside solver from a function: a decorator.

    A generator function becomes ``solutions`` (the toolkit derives counting and batches from it); a plain
    function becomes ``count`` (it returns a :class:`~nqueens.core.record.Tally` or the total as an ``int``).

    Examples
    --------
    >>> import itertools
    >>> @solver("brute", origin="every permutation, tested")
    ... def brute(n, *, instance=None):
    ...     for q in itertools.permutations(range(n)):
    ...         if len({q[r] + r for r in range(n)}) == len({q[r] - r for r in range(n)}) == n:
    ...             yield q
    >>> brute.name, brute.can
    ('brute', ('count', 'enumerate'))
    """
    import inspect

    def wrap(function):
        role = "solutions" if inspect.isgeneratorfunction(function) else "count"
        attributes.setdefault("summary", (function.__doc__ or "").strip().split("\n")[0])
        return Solver(name=name or function.__name__.replace("_", "-"), **{role: function}, **attributes)

    return wrap


def _implementation(spec):
    """The callables of an outside solver as a module-like namespace (count, batches, warmup)."""
    import numpy as np

    def batches(n, *, limit=None, **keywords):
        if spec.batches is not None:
            yield from spec.batches(n, limit=limit, **keywords)
            return
        chunk = []
        stream = spec.solutions(n, **keywords)
        try:
            for q in stream:
                chunk.append(tuple(q))
                if len(chunk) == _CHUNK or (limit is not None and len(chunk) >= limit):
                    yield np.array(chunk, dtype=np.int16).reshape(len(chunk), n)
                    if limit is not None:
                        limit -= len(chunk)
                        if limit <= 0:
                            return
                    chunk = []
            if chunk:
                yield np.array(chunk, dtype=np.int16).reshape(len(chunk), n)
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()

    def count(n, *, nodes=False, **keywords):
        if spec.count is not None:
            keywords = {"nodes": nodes, **keywords} if nodes else keywords
            tally = spec.count(n, **keywords)
            if isinstance(tally, int) and not isinstance(tally, bool):
                return Tally(total=tally)
            if not isinstance(tally, Tally):
                raise NQueensError(
                    f"solver {spec.name!r}: count returned {type(tally).__name__}, not a Tally or an int (the protocol)"
                )
            return tally
        return Tally(total=sum(1 for _ in spec.solutions(n, **keywords)))

    return SimpleNamespace(count=count, batches=batches, warmup=spec.warmup or (lambda: None))
