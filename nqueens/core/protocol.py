"""The solver protocol: what a solver declares (:class:`Solver`, :class:`Option`) and how its code is called.

This is vocabulary: the registry's built-ins and every outside solver (a package's plugin, a file, a CPMpy or
MiniZinc model) are :class:`Solver` values, and the facade treats them alike (the documentation's pages "Adding a
solver" and "Compare your own model" show it at work).

The protocol
------------
A :class:`Solver` says what a solver is (name, family, origin, capabilities, limits, options) and where its code
is: ``module``, a module imported on first use (the built-ins: importing :mod:`nqueens` compiles no kernel and
imports neither OR-tools nor python-constraint), or the callables ``count``, ``batches``, ``solutions`` and
``warmup`` given directly (an outside solver). Either way the code provides:

``count(n, *, nodes=False, instance=None, **options) -> Tally``
    Count the solutions; with ``nodes=True`` (only if ``"nodes"`` is in ``can``) also the feasible nodes per
    depth, from an instrumented variant so the plain count stays fast. An ``int`` is taken as the total.
``batches(n, *, limit=None, instance=None, **options) -> Iterator[numpy.ndarray]``
    Only if ``"enumerate"`` is in ``can``: the solutions, streamed as ``(m, n)`` arrays in the solver's own
    order; ``limit`` is a hint (the facade cuts the stream anyway) so a search can stop early. Closing the
    iterator stops the search.
``solutions(n, *, instance=None, **options) -> Iterator[Sequence[int]]``
    The simplest way in: a generator of solutions (``q[row] = column``, 0-based). The toolkit derives
    ``batches`` from it, and ``count`` when none is given.
``warmup() -> None``
    Optional: compile or load the kernels, so that timings measure the computation alone.

The facade checks everything once before a solver runs: ``n`` against ``max_n`` and ``memory``, the options
against ``options`` (each an :class:`Option`, defaults filled in, so the code receives every option), an instance
against the capability ``instance``. The code runs on a worker thread and may be abandoned on Ctrl-C (the process
then exits), so it keeps no state that outlives a call. ``Tally.stats`` carries the solver's own effort measures
(failures, branches, ``time_model`` / ``time_solve`` in seconds when the solver can tell them apart); they land in
the same columns as the built-ins'.

Problem instances (:mod:`nqueens.core.instance`): a solver with ``"instance"`` in ``can`` also takes the keyword
``instance``: an :class:`~nqueens.core.instance.Instance` of the same ``n``, already validated, never the plain
problem (the facade passes ``instance`` only when there are blocked squares, pre-placed queens or excluded
diagonals). Its solutions must respect it; an inconsistent instance counts 0. Solvers without the capability
are refused an instance by the facade, with the reason in ``no_instance``.

An outside solver's code is called through :mod:`nqueens.core.sandbox`, which holds it at the border (its prints,
its exceptions and exits, every board and count it returns checked).

Engines (family ``engine``) are not called through ``count``: they provide ``plan``, ``task``, ``combine`` and
``warmup`` and :mod:`nqueens.runtime.run` runs their subproblems (threads, Dask, the result store).
"""

import importlib
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.fields import is_integer
from nqueens.core.sandbox import Aside, held_aside, implementation, stdout_aside

__all__ = ["Option", "Solver", "CAPABILITIES", "FAMILIES", "solver"]

MASK_REASON = "64-bit masks"

# What a solver can be asked. ``optimize``: it optimises the problems of the queens family (domination, peaceable
# queens): its module has a function ``optimize``, or its declaration gives one (:meth:`Solver.optimizer`).
CAPABILITIES = ("count", "enumerate", "unique", "nodes", "instance", "optimize")
FAMILIES = ("native", "model", "engine")
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Option:
    """A solver-specific keyword (``nqueens count N --option NAME=VALUE``).

    ``kind`` is ``bool``, ``int``, ``float`` or ``str``; ``choices`` lists the allowed values (empty: any of
    the kind); ``partial`` the values with which the solver finds some solutions (one), not all; ``unique`` the
    values with which its count also gives the unique solutions and their orbit classes; ``reduced`` the values
    with which its stream holds only the fundamental solutions (one per orbit), not all; ``limited`` a triple
    ``(values, max_n, reason)``: with one of those values the solver takes only ``n <= max_n``; ``least`` the
    smallest value an ``int`` option takes, checked where the option is parsed, for every question; ``aliases``
    pairs ``(given, value)``: an older spelling (``true`` of a ``str`` option that was a flag) taken as the value it
    stands for. An option named ``rule``
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
    reduced: tuple = ()  # values with which the solver's stream holds one solution per orbit, not all
    limited: tuple = ()  # (values, max_n, reason): with one of those values the solver takes n <= max_n
    least: int | None = None  # the smallest value of an int option (workers: 1)
    aliases: tuple = ()  # (given, value): an older spelling taken as the value it stands for

    def parse(self, value):
        """Convert ``value`` (a string from the CLI, or a Python value) to this option's type, or raise."""
        for given, meant in self.aliases:
            same = value.strip().lower() == given if isinstance(value, str) else value is given
            if same:
                value = meant
                break
        if self.kind is bool and isinstance(value, str):
            lowered = value.strip().lower()
            if lowered not in ("1", "0", "true", "false", "yes", "no", "on", "off"):
                raise NQueensError(f"option {self.name} takes true or false, got {value!r}")
            value = lowered in ("1", "true", "yes", "on")
        elif self.kind is int and isinstance(value, str):
            if not value.strip().lstrip("+-").isdigit() or not value.isascii():
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
        if self.least is not None and value is not None and value < self.least:
            raise NQueensError(f"{self.name} must be an integer >= {self.least}, got {value!r}")
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
    fixed_n : int or None
        The only ``n`` the solver answers (a model file that sets ``n`` itself), ``None`` for any; the reason is
        ``limit_reason``.
    threads : int or None
        An engine's local threads when the run names none (``None``: every usable core); an engine that feeds
        one device needs few.
    reach : int
        The largest ``n`` it answers in about a second: ``nqueens compare`` runs it up to there unless it is
        named, and the conformance checks check it up to there.
    options : tuple of Option
        Solver-specific keywords.
    limit_reason : str
        Why ``max_n`` is the limit, for the error message.
    at_once : callable or None
        ``at_once(n, options) -> bool``: the solver answers ``n`` without a search (a theorem), so ``max_n``
        does not apply; plain Python, declared beside ``max_n``. Its code refuses a question that would need a
        search above ``max_n`` (a node count).
    no_instance : str
        Why the solver refuses problem instances (when ``"instance"`` is not in ``can``), for the error message.
    memory : tuple or callable
        ``(a, b)``: the solver needs about ``a * n**b`` bytes for a board of ``n`` (its arrays, matrices or
        model); or a function ``memory(n, workers, options) -> (bytes, said)`` of ``n``, the worker threads of the
        run (an engine's; 1 otherwise) and the checked options, ``said`` naming the options the bytes depend on
        (``"encoding=pairwise"``, or ``""``). The facade refuses an ``n`` whose memory is not available before the
        model is built, naming the bytes and those options.
    row_order : bool
        It places queens row by row in a fixed order, so its first solution of a large board can take hours and
        cannot be forecast (``nqueens solve`` warns from n = 30).
    count, batches, solutions, warmup : callable or None
        An outside solver's code (see the module docstring), instead of ``module``.
    events : callable or None
        An outside solver's search as events, ``events(n, **options)`` yielding the tuples of
        :mod:`nqueens.analysis.tracefile` (``nqueens trace`` records them); a module gives a function ``events``.
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
    effort : dict or None
        Its effort in the vocabulary of :data:`nqueens.core.effort.QUANTITIES`: ``{quantity: (statistic, ...)}``,
        the statistics of its own (in ``Tally.stats``) summed into each quantity, ``"nodes": ()`` for the
        record's feasible nodes; e.g. ``{"branches": ("branches",), "failures": ("failures",)}``. The tables and
        records of ``nqueens compare`` show these columns. ``None``: its statistics whose names are already
        quantities.
    libraries : tuple
        The Python distributions its code runs on (``("ortools",)``): a run record keeps the versions of every
        solver's libraries (:func:`nqueens.runtime.environment.versions`).
    supported : callable or None
        ``supported() -> bool``: whether this machine can run it (a device, a driver), asked without importing
        its code (:meth:`runs_here`); ``None`` for a solver that runs wherever it is installed.
    default_from : int or None
        ``nqueens count`` of a plain board picks it from this ``n`` on (up to ``max_n``) where it runs here; of
        several, the one with the largest ``default_from`` (:func:`nqueens.api.default_counter`).

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
    fixed_n: int | None = None
    threads: int | None = None
    reach: int = 12
    options: tuple = ()
    limit_reason: str = MASK_REASON
    at_once: Callable | None = None
    no_instance: str = ""
    memory: tuple | Callable[[int, int, dict], tuple] = (64, 1)
    row_order: bool = False
    count: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    batches: Callable[..., Iterator] | None = field(default=None, repr=False, compare=False)
    solutions: Callable[..., Iterator] | None = field(default=None, repr=False, compare=False)
    warmup: Callable[[], None] | None = field(default=None, repr=False, compare=False)
    events: Callable[..., Iterator] | None = field(default=None, repr=False, compare=False)
    optimize: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    source: str = "built-in"
    ref: str | None = None
    fingerprint: str | None = None
    claims_tree: tuple | None = None
    effort: Mapping[str, tuple] | None = None
    libraries: tuple = ()
    supported: Callable[[], bool] | None = field(default=None, repr=False, compare=False)
    default_from: int | None = None

    def __post_init__(self):
        if not self.can and self.module is None:
            can = []
            if self.count is not None or self.solutions is not None:
                can.append("count")
            if self.batches is not None or self.solutions is not None:
                can.append("enumerate")
            if self.optimize is not None:
                can.append("optimize")
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
        if "optimize" in self.can and self.module is None and self.optimize is None:
            wrong.append("it says it can optimise but gives no optimize function")
        if self.module is None and self.family != "engine":
            for key in ("count", "batches", "solutions", "warmup", "events", "optimize"):
                value = getattr(self, key)
                if value is not None and not callable(value):
                    wrong.append(f"{key} is not callable")
            if self.count is None and self.solutions is None and "count" in self.can:
                wrong.append("it says it can count but gives neither count nor solutions")
            if self.batches is None and self.solutions is None and "enumerate" in self.can:
                wrong.append("it says it can enumerate but gives neither batches nor solutions")
            if not self.can:
                wrong.append("it gives none of count, batches, solutions, optimize")
        for option in self.options:
            if not isinstance(option, Option):
                wrong.append(f"its option {option!r} is not an nqueens.Option")
            elif option.choices and option.default is not None and option.default not in option.choices:
                wrong.append(
                    f"option {option.name}'s default {option.default!r} is not one of its choices "
                    f"{', '.join(map(str, option.choices))}"
                )
        for key in ("max_n", "fixed_n"):
            if getattr(self, key) is not None and not is_integer(getattr(self, key), 1):
                wrong.append(f"{key} {getattr(self, key)!r} is not an integer >= 1")
        if not is_integer(self.reach, 1):
            wrong.append(f"reach {self.reach!r} is not an integer >= 1")
        elif isinstance(self.max_n, int) and self.max_n >= 1 and self.reach > self.max_n:
            wrong.append(f"reach {self.reach} is above its max_n {self.max_n} (compare runs it up to its reach)")
        if not callable(self.memory):
            pair = self.memory if isinstance(self.memory, tuple | list) else ()
            if len(pair) != 2 or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in pair):
                wrong.append(f"memory {self.memory!r} is not (a, b) for a * n**b bytes, nor a function")
            elif pair[0] < 0 or pair[1] < 0:
                wrong.append(f"memory {tuple(pair)!r} states a negative number of bytes (a and b are >= 0)")
        if self.effort is not None:
            from nqueens.core.effort import QUANTITIES

            for quantity, stats in dict(self.effort).items():
                if quantity not in QUANTITIES:
                    wrong.append(f"its effort names {quantity!r}, not one of {', '.join(QUANTITIES)}")
                elif not isinstance(stats, tuple) or not all(isinstance(s, str) for s in stats):
                    wrong.append(f"its effort {quantity!r} is not a tuple of statistic names")
        return wrong

    def runs_here(self):
        """Whether this machine can run the solver: its own test (:attr:`supported`), True when it declares none."""
        return self.supported is None or bool(self.supported())

    def load(self):
        """The solver's code: its module, or a namespace with ``count``, ``batches`` and ``warmup``. An outside
        solver's code runs with its standard output sent to stderr (:func:`stdout_aside`)."""
        if self.module is not None:
            if self.source == "built-in":
                return importlib.import_module(self.module)
            with stdout_aside():
                return Aside(importlib.import_module(self.module))
        return implementation(self)

    def optimizer(self):
        """The solver's optimisation hook: ``optimize(problem, n, *, timeout, improved, **options)``, given in the
        declaration or defined in its module beside its other code. It calls ``improved(solution)`` with each
        better solution as it finds it (squares ``(row, column)``, for peaceable queens a pair ``(white, black)``
        of such lists; ``objective=`` may say its value, which is then checked) and returns what it proved:
        ``"optimal"``, ``"feasible"``, ``"infeasible"``, ``"unknown"``, or a dict with ``status``, ``bound`` (the
        best bound it proved) and ``stats``. The keyword options it takes are the options it runs with."""
        hook = self.optimize
        if hook is None and "optimize" in self.can:
            hook = getattr(self.load(), "optimize", None)
        if hook is None:
            raise NQueensError(f"solver {self.name!r} cannot optimise (it has no optimize function)")
        # an outside optimiser's prints go to stderr, not into a JSON document; its signature is its options
        return hook if self.source == "built-in" else held_aside(hook)

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

    def check_n(self, n, options=None):
        """``n`` as an int if this solver accepts it (with the checked ``options``, when given), else an error
        that names the limit (an ``int`` is trusted to be a checked board size, as an
        :class:`~nqueens.core.instance.Instance` holds one)."""
        if type(n) is not int or n < 1:
            n = check_n(n)
        if self.fixed_n is not None and n != self.fixed_n:
            raise NQueensError(
                f"solver {self.name!r} answers n = {self.fixed_n} only ({self.limit_reason}), not n = {n}"
            )
        max_n, reason, under = self.limit(options or {})
        if max_n is not None and n > max_n and not self.answers_at_once(n, options):
            with_ = f" with {under}" if under else ""
            raise NQueensError(f"n = {n} is above the limit of solver {self.name!r}{with_}, n <= {max_n} ({reason})")
        return n

    def answers_at_once(self, n, options=None):
        """Whether the solver answers ``n`` with the checked ``options`` without a search (:attr:`at_once`), so
        that no limit of its search applies."""
        if self.at_once is None:
            return False
        known = {opt.name: opt.default for opt in self.options}
        return bool(self.at_once(n, {**known, **(options or {})}))

    def limit(self, options):
        """``(max_n, reason, NAME=VALUE)``: the largest ``n`` the solver takes with the checked ``options`` (an
        option's value may lower :attr:`max_n`), why, and the option that sets it (``None`` for the solver's own);
        ``max_n`` is ``None`` when nothing limits ``n``."""
        found = (self.max_n, self.limit_reason, None)
        for opt in self.options:
            if opt.limited:
                values, max_n, reason = opt.limited
                value = options.get(opt.name, opt.default)
                if value in values and (found[0] is None or max_n < found[0]):
                    found = (max_n, reason, _shown(opt.name, value))
        return found

    def partial(self, options):
        """The first ``NAME=VALUE`` of the checked ``options`` under which the solver finds only some solutions
        (such as CP-SAT's ``first=true``), or ``None`` when it finds them all."""
        return self._first("partial", options)

    def reduced(self, options):
        """The first ``NAME=VALUE`` of the checked ``options`` under which the solver's stream holds only the
        fundamental solutions, one per orbit (such as CP-SAT's ``symmetry=true``), or ``None``."""
        return self._first("reduced", options)

    def _first(self, trait, options):
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if getattr(opt, trait) and value in getattr(opt, trait):
                return _shown(opt.name, value)
        return None

    def counts_unique(self, options):
        """Whether a count with the checked ``options`` gives the unique solutions too (the capability
        ``unique``, or an option such as CP-SAT's ``symmetry=true``)."""
        return "unique" in self.can or any(
            opt.unique and options.get(opt.name, opt.default) in opt.unique for opt in self.options
        )

    def memory_needed(self, n, options=None, workers=1):
        """``(bytes, said)``: what :attr:`memory` states for ``n`` on ``workers`` threads under the checked
        ``options`` (defaults when ``None``), and the options that set it (``""`` when none do)."""
        if callable(self.memory):
            full = self.check_options({}) if options is None else options
            try:
                got = self.memory(n, workers, full)
            except NQueensError:
                raise
            except Exception as exc:  # an outside declaration's function: its failure is one line
                said = f"{type(exc).__name__}: {exc}".strip().splitlines()
                raise NQueensError(
                    f"solver {self.name!r}: its memory function raised {said[0] if said else type(exc).__name__} "
                    f"on n = {n} (the protocol: memory(n, workers, options) -> (bytes, said))"
                ) from None
            if not (
                isinstance(got, tuple)
                and len(got) == 2
                and isinstance(got[0], int | float)
                and not isinstance(got[0], bool)
                and 0 <= got[0] < float("inf")
                and isinstance(got[1], str)
            ):
                shown = repr(got) if len(repr(got)) <= 80 else f"a {type(got).__name__}"
                raise NQueensError(
                    f"solver {self.name!r}: its memory function returned {shown} on n = {n}, not (bytes >= 0, "
                    "said) (the protocol)"
                )
            return got
        a, b = self.memory
        try:
            return a * n**b, ""
        except OverflowError:  # a float b on a large board: more bytes than any machine has
            return float("inf"), ""

    def check_memory(self, n, options=None, workers=1):
        """Raise if the memory this solver needs for ``n`` on ``workers`` threads under ``options`` (see
        :attr:`memory`) is not available; the message names the bytes and what they depend on."""
        from nqueens.core import memory

        if self.answers_at_once(n, options):  # a theorem's answer allocates nothing
            return
        need, said = self.memory_needed(n, options, workers)
        if callable(self.memory) and self.family == "engine":
            said = ", ".join(filter(None, [f"{workers} worker{'s' * (workers != 1)}", said]))
        try:
            memory.check(need, f"solver {self.name!r} on n = {n}" + (f" with {said}" if said else ""))
        except NQueensError as exc:
            if not any(option.name == "memory" for option in self.options):
                raise
            raise NQueensError(
                f"{exc}; use fewer --workers, or if the subproblems run on larger machines set the budget with "
                "--option memory=SIZE"
            ) from None

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


def _shown(name, value):
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"


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
