"""The conformance checks, as a public tool: is a solver right before its numbers are trusted?

Every solver, built-in or outside, goes through the checks its capabilities call for: totals against OEIS
A000170, solutions valid, pairwise distinct and equal as a set to an independent oracle, ``limit`` honoured,
counting and enumeration in agreement, unique solutions and orbit classes against OEIS A002562, a sane node
profile, instances respected, options validated, and an interrupt that stops it. ``nqueens check-solver SPEC``
prints the table; :func:`check_solver` returns it; :func:`parametrize_with_checks` feeds the same checks to
pytest (as scikit-learn's ``parametrize_with_checks`` does for estimators). The toolkit's own conformance suite
is these checks over its registry.

Each check is a function ``check_*(solver)`` that yields one :class:`CheckResult` per board size it tried and
stops at the first failure, whose ``detail`` says exactly what differed (which ``n``, which solution, expected
and got).

Examples
--------
>>> import nqueens
>>> results = check_solver("bitwise", checks=["check_count_totals"])
>>> all(r.passed for r in results), results[-1].n
(True, 10)
"""

import contextvars
import itertools
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

import nqueens
from nqueens.core import published
from nqueens.core.errors import NQueensError
from nqueens.core.status import FAILURES
from nqueens.registry import get_solver

__all__ = [
    "TOTAL",
    "UNIQUE",
    "CheckResult",
    "CHECKS",
    "checks_for",
    "check_solver",
    "parametrize_with_checks",
    "assert_check",
    "oracle",
]

# OEIS A000170 and A002562 ({n: value}): data from outside the toolkit, the yardstick of every check.
TOTAL = published.TOTAL
UNIQUE = published.UNIQUE

COUNT_MAX_N = 10  # totals are checked up to min(reach, this)
ORACLE_MAX_N = 8  # enumerations are compared with the oracle up to min(reach, this)
INTERRUPT_WITHIN = 2.0  # seconds between SIGINT and the exit


@dataclass(frozen=True)
class CheckResult:
    """One line of the table: ``passed`` is ``None`` for a check that could not run here (``detail`` says why)."""

    check: str
    n: int | None
    passed: bool | None
    detail: str = ""

    @property
    def status(self):
        return {True: "passed", False: "FAILED", None: "skipped"}[self.passed]


class _Failed(Exception):
    def __init__(self, n, detail):
        super().__init__(f"n = {n}: {detail}")
        self.n, self.detail = n, detail


class _TimedOut(_Failed):
    """A call to the solver gave no answer within the time limit (the checks after it are not run)."""


# The solver options and the time limit of one check_solver run: every call a check makes goes through them.
_RUN: contextvars.ContextVar[tuple[dict, float | None]] = contextvars.ContextVar(
    "nqueens_check_run", default=({}, None)
)


def oracle(n, instance=None):
    """Every solution of ``n`` (optionally of ``instance``) by brute force over permutations: slow, obvious, and
    independent of every solver. A set of tuples; for ``n <= 9``."""
    allowed = instance.allowed() if instance is not None else [(1 << n) - 1] * n
    return {
        q for q in itertools.permutations(range(n)) if _valid(q, n) and all(allowed[r] >> q[r] & 1 for r in range(n))
    }


def _valid(q, n):
    return (
        len(q) == n
        and sorted(q) == list(range(n))
        and len({q[r] + r for r in range(n)}) == n
        and len({q[r] - r for r in range(n)}) == n
    )


def _ns(solver, top):
    if solver.fixed_n is not None:  # a model that sets n itself: its board, if this check goes that far
        return range(solver.fixed_n, solver.fixed_n + 1) if solver.fixed_n <= top else range(0)
    top = min(solver.reach, top)
    if solver.max_n is not None:
        top = min(top, solver.max_n)
    return range(1, max(top, 1) + 1)


def _one(solver, top):
    """The board size of a check that needs one: the largest up to ``top``, or the solver's fixed one."""
    return solver.fixed_n if solver.fixed_n is not None else max(_ns(solver, top))


def _count(solver, n, *, nodes=False, options=None):
    given, _ = _RUN.get()
    return _bounded(lambda: nqueens.count(n, solver, nodes=nodes, options={**given, **(options or {})}), n)


def _solutions(solver, n, *, limit=None):
    """The solutions, as a list (made within the time limit, if there is one)."""
    given, _ = _RUN.get()
    return _bounded(lambda: list(nqueens.solutions(n, solver, limit=limit, options=given)), n)


def _bounded(function, n):
    """``function()``, or :class:`_TimedOut` once the time limit passes (the call is left to a daemon thread,
    which ends with the process)."""
    _, timeout = _RUN.get()
    if timeout is None:
        return function()
    from nqueens.core import background

    pending = background.start(function, name="nqueens-check")
    if not pending.finished.wait(timeout):
        size = n.n if hasattr(n, "n") else n
        raise _TimedOut(size, f"no answer within {timeout:g} s (the time limit)")
    return pending.result()


def _differ(expected, got):
    missing, extra = sorted(expected - got), sorted(got - expected)
    parts = []
    if missing:
        parts.append(f"missing {len(missing)}: {', '.join(map(str, missing[:3]))}{' ...' if len(missing) > 3 else ''}")
    if extra:
        parts.append(f"extra {len(extra)}: {', '.join(map(str, extra[:3]))}{' ...' if len(extra) > 3 else ''}")
    return "; ".join(parts)


# -- the checks -----------------------------------------------------------------------------------------------


def _how_many(count):
    return f"{count:,} solution{'s' * (count != 1)}"


def check_declaration(solver):
    """The declaration keeps the protocol: name, family, capabilities, callables, options with valid defaults."""
    wrong = solver.problems()  # an option's default among its choices too
    if wrong:
        raise _Failed(None, "; ".join(wrong))
    yield CheckResult("check_declaration", None, True)


def check_count_totals(solver):
    """Totals for n = 1..min(reach, 10) equal OEIS A000170."""
    for n in _ns(solver, COUNT_MAX_N):
        got = _count(solver, n).total
        if got != TOTAL[n]:
            raise _Failed(n, f"expected {_how_many(TOTAL[n])} (OEIS A000170), got {got}")
        yield CheckResult("check_count_totals", n, True)


def check_enumerate_valid(solver):
    """Every solution enumerated is valid and none repeats, as many as A000170 says (n up to 10)."""
    for n in _ns(solver, COUNT_MAX_N):
        seen = set()
        for q in _solutions(solver, n):
            if not _valid(q, n):
                raise _Failed(n, f"{q} is not a solution")
            if q in seen:
                raise _Failed(n, f"{q} is enumerated twice")
            seen.add(q)
        if len(seen) != TOTAL[n]:
            raise _Failed(n, f"expected {_how_many(TOTAL[n])} (OEIS A000170), enumerated {len(seen)}")
        yield CheckResult("check_enumerate_valid", n, True)


def check_enumerate_matches_oracle(solver):
    """The same set of solutions as the brute-force oracle, n = 1..min(reach, 8)."""
    for n in _ns(solver, ORACLE_MAX_N):
        got, expected = set(_solutions(solver, n)), oracle(n)
        if got != expected:
            raise _Failed(n, _differ(expected, got))
        yield CheckResult("check_enumerate_matches_oracle", n, True)


def check_enumerate_limit(solver):
    """``limit=k`` gives exactly ``k`` valid solutions (fewer only when there are fewer) and stops the stream."""
    n = _one(solver, 8)
    for limit in (1, 5):
        stream = _solutions(solver, n, limit=limit)
        got = list(stream)
        want = min(limit, TOTAL[n])
        if len(got) != want or not all(_valid(q, n) for q in got):
            raise _Failed(n, f"limit={limit}: expected {want} valid solutions, got {len(got)}: {got[:6]}")
    yield CheckResult("check_enumerate_limit", n, True)


def check_count_matches_enumeration(solver):
    """``count`` and the enumeration agree, n up to min(reach, 8)."""
    for n in _ns(solver, ORACLE_MAX_N):
        counted, listed = _count(solver, n).total, sum(1 for _ in _solutions(solver, n))
        if counted != listed:
            raise _Failed(n, f"count says {counted}, the enumeration gives {listed}")
        yield CheckResult("check_count_matches_enumeration", n, True)


def check_unique_and_classes(solver):
    """Unique counts equal OEIS A002562; orbit classes add up to both the unique and the total count."""
    for n in _ns(solver, COUNT_MAX_N):
        r = _count(solver, n)
        if r.unique != UNIQUE[n]:
            raise _Failed(n, f"expected {UNIQUE[n]} unique solutions (OEIS A002562), got {r.unique}")
        classes = r.classes or {}
        if not set(classes) <= {1, 2, 4, 8} or sum(classes.values()) != r.unique:
            raise _Failed(n, f"orbit classes {classes} do not add up to {r.unique} unique solutions")
        if sum(size * number for size, number in classes.items()) != r.total or r.total != TOTAL[n]:
            raise _Failed(n, f"orbit classes {classes} give {sum(s * c for s, c in classes.items())}, not {TOTAL[n]}")
        yield CheckResult("check_unique_and_classes", n, True)


def check_nodes_profile(solver):
    """A sane node profile: ``nodes == sum(profile)``, the root counts 1, no level negative, at least as many
    feasible nodes as solutions, and the total right (n up to 8)."""
    for n in _ns(solver, ORACLE_MAX_N):
        r = _count(solver, n, nodes=True)
        profile = r.profile
        if profile is None or r.nodes is None:
            raise _Failed(n, "nodes=True gave no profile")
        if r.nodes != sum(profile) or profile[0] != 1 or min(profile) < 0:
            raise _Failed(n, f"profile {list(profile)} (nodes {r.nodes}): the root must count 1 and nodes = sum")
        if r.total != TOTAL[n]:
            raise _Failed(n, f"with nodes=True: expected {_how_many(TOTAL[n])} (OEIS A000170), got {r.total}")
        if r.nodes < r.total:
            raise _Failed(n, f"nodes {r.nodes} < {r.total} solutions: every solution is a feasible node")
        yield CheckResult("check_nodes_profile", n, True)


def check_claimed_tree(solver):
    """The node profile is the claimed tree's (:mod:`nqueens.experiments.trees`): for a solver that claims a tree
    formulation's tree (``claims_tree``, or a built-in that stands on one), its feasible nodes per depth equal
    those the toolkit's tree formulation counts, depth by depth (n up to 8); a failure names the first depth that
    differs."""
    from nqueens.core.effort import tree_name
    from nqueens.experiments.trees import claimed_tree, profile_mismatch

    claim = claimed_tree(solver, solver.check_options({}))
    if claim is None or (solver.source == "built-in" and solver.name == claim[0]):
        yield CheckResult("check_claimed_tree", None, None, "it claims no tree formulation's tree")
        return
    model, options = claim
    for n in _ns(solver, ORACLE_MAX_N):
        r = _count(solver, n, nodes=True)
        mismatch = profile_mismatch(r.profile, model, options, n)
        if mismatch is not None:
            raise _Failed(n, f"its node profile is not the {tree_name(model, options)} tree it claims: {mismatch}")
        yield CheckResult("check_claimed_tree", n, True)


def _instances():
    from nqueens.core.instance import Instance

    yield Instance(6, blocked=((0, 1), (2, 3)))
    yield Instance(7, queens=((0, 2),))
    yield Instance(8, excluded_sum=(7,), excluded_difference=(0,))
    yield Instance(8, blocked=((0, 0),), queens=((3, 1),))
    yield Instance(5, queens=((0, 0), (1, 1)))  # attacking queens: no solution


def check_instance(solver):
    """Instances respected: blocked squares, placed queens, excluded diagonals; an inconsistent one counts 0.
    Counts and solutions equal the oracle's."""
    can_enumerate = "enumerate" in solver.can
    for instance in _instances():
        n = instance.n
        if (solver.max_n is not None and n > solver.max_n) or solver.fixed_n not in (None, n):
            continue
        expected = oracle(n, instance)
        counted = _count(solver, instance).total
        if counted != len(expected):
            raise _Failed(n, f"instance {instance.describe()}: expected {len(expected)} solutions, counted {counted}")
        if can_enumerate:
            got = set(_solutions(solver, instance))
            if got != expected:
                raise _Failed(n, f"instance {instance.describe()}: {_differ(expected, got)}")
        yield CheckResult("check_instance", n, True)


def check_options(solver):
    """Options validated: a value of the wrong kind is refused with a one-line error, and every listed choice
    (but those that find only some solutions) gives the right total for n = 5 (for an attack rule ``rule``, the
    rule's total from :func:`nqueens.core.rules.count`)."""
    n = solver.fixed_n if solver.fixed_n is not None else min(5, max(_ns(solver, 5)))
    for option in solver.options:
        bad = "not-a-choice" if option.choices or option.kind is not str else None
        if bad is not None:
            try:
                solver.check_options({option.name: bad})
            except NQueensError:
                pass
            else:
                raise _Failed(None, f"option {option.name}={bad} is accepted")
        for value in option.choices:
            if value in option.partial or "count" not in solver.can:
                continue
            try:
                got = _count(solver, n, options={option.name: value}).total
            except NQueensError as exc:
                if "pip install" in str(exc) or "needs" in str(exc):  # a backend not installed here
                    yield CheckResult("check_options", n, None, f"{option.name}={value}: {exc}")
                    continue
                raise _Failed(n, f"option {option.name}={value}: {exc}") from None
            want = TOTAL[n]
            if option.name == "rule":  # an attack rule changes the problem: its own count (nqueens.core.rules)
                from nqueens.core.rules import count as rule_count

                want = rule_count(n, value)
            if got != want:
                raise _Failed(n, f"option {option.name}={value}: expected {want} solutions, got {got}")
        yield CheckResult("check_options", n, True, option.name)


def check_interrupt(solver):
    """Ctrl-C stops it: ``nqueens count`` of a large board in a real subprocess, sent SIGINT, says
    ``interrupted`` and exits 130 within two seconds."""
    n = solver.max_n if solver.max_n is not None and solver.max_n < 40 else 40
    n = min(n, max(solver.reach + 8, 14)) if solver.fixed_n is None else solver.fixed_n
    command = [sys.executable, "-m", "nqueens", "count", str(n), "--solver", solver.key, "--quiet"]
    for name, value in _RUN.get()[0].items():
        command += ["--option", f"{name}={str(value).lower() if isinstance(value, bool) else value}"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _wait_until_searching(process)
    if process.poll() is not None:
        out, err = process.communicate()
        yield CheckResult("check_interrupt", n, None, f"finished before the signal (exit {process.returncode})")
        return
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=INTERRUPT_WITHIN + 3)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise _Failed(n, "still running 5 s after SIGINT") from None
    took = time.monotonic() - sent
    if process.returncode != 130 or "interrupted" not in err or "Traceback" in err or out.strip():
        raise _Failed(n, f"after SIGINT: exit {process.returncode}, stderr {err.strip()[-200:]!r}, stdout {out[:80]!r}")
    if took > INTERRUPT_WITHIN:
        raise _Failed(n, f"stopped {took:.1f} s after SIGINT (allowed: {INTERRUPT_WITHIN} s)")
    yield CheckResult("check_interrupt", n, True, f"exit 130 after {took:.2f} s")


def _wait_until_searching(process, patience=60.0):
    """Wait until the command runs its search: a second thread exists (the facade runs solvers off the main
    thread), or ``/proc`` cannot tell and 1.5 s have passed. A signal during the interpreter's own start-up tests
    Python, not the solver."""
    tasks = f"/proc/{process.pid}/task"
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if len(os.listdir(tasks)) >= 2:
                time.sleep(0.5)
                return
        except OSError:
            time.sleep(1.5)
            return
        time.sleep(0.05)


# Which checks each capability calls for; check_declaration always.
OPTIMIZE_MAX_N = 6


def check_optimize(solver):
    """Domination and peaceable queens on n = 1..6 through the experiment runner, as compare runs them: every
    solution it reports is verified, every optimum it claims equals OEIS A075458 or A250000, and on each board
    it reaches that optimum (proven, or its best solution of that size): an optimiser that says ``unknown``, or
    gives a poor solution as ``feasible``, fails. A problem the optimiser refuses with a one-line error
    (``NQueensError``) is skipped."""
    from nqueens.core.optimization import KNOWN, OEIS, PROBLEMS
    from nqueens.experiments.runner import parse_solvers, run

    given, timeout = _RUN.get()
    column = ":".join([solver.key, *(f"{key}={value}" for key, value in given.items())])
    for problem in PROBLEMS:
        top = OPTIMIZE_MAX_N if solver.fixed_n is None else solver.fixed_n
        # The first board alone, then the rest: an optimiser that hangs is stopped after one time limit, not six.
        parts = [range(1, 2), range(2, top + 1)] if timeout is not None and top > 1 else [range(1, top + 1)]
        records = (
            r
            for part in parts
            for r in run(
                part, parse_solvers(column), question="optimize", problem=problem, store="none", timeout=timeout
            ).records
        )
        for r in records:
            if r.status == "error" and (r.message or "").startswith("NQueensError:"):
                yield CheckResult("check_optimize", r.n, None, f"{problem} refused: {r.message}")
                break
            if r.status in FAILURES:
                raise _Failed(r.n, f"{problem}: {r.status}: {r.message}")
            if r.status == "timeout" and timeout is not None:
                raise _TimedOut(r.n, f"{problem}: no answer within {timeout:g} s (the time limit)")
            known = KNOWN[problem].get(r.n)
            if r.status == "optimal" and r.objective != known and known is not None:
                raise _Failed(r.n, f"{problem}: claims {r.objective} optimal; OEIS {OEIS[problem]} has {known}")
            # Boards this small are solved at once: an optimiser that reaches no optimum on them (it answers
            # unknown, or a poor solution as feasible) gave the check nothing to check.
            if known is not None and r.objective != known:
                if timeout is not None and (r.seconds is None or r.seconds >= 0.95 * timeout):
                    raise _TimedOut(r.n, f"{problem}: no optimum within {timeout:g} s (the time limit)")
                found = "no solution" if r.objective is None else f"a solution of {r.objective}"
                raise _Failed(
                    r.n,
                    f"{problem}: {r.status} with {found}, not the optimum {known} (OEIS {OEIS[problem]}) that a "
                    f"board of n = {r.n} is solved to at once: the check had nothing to check",
                )
            yield CheckResult("check_optimize", r.n, True, f"{problem}: {r.status}")


CHECKS = {
    "": (check_declaration,),
    "count": (check_count_totals, check_options, check_interrupt),
    "enumerate": (
        check_enumerate_valid,
        check_enumerate_matches_oracle,
        check_enumerate_limit,
    ),
    "unique": (check_unique_and_classes,),
    "nodes": (check_nodes_profile, check_claimed_tree),
    "instance": (check_instance,),
    "optimize": (check_optimize,),
}


def checks_for(solver):
    """The checks ``solver``'s capabilities call for, in order."""
    can = set(solver.can)
    found = list(CHECKS[""])
    for capability in ("count", "enumerate", "unique", "nodes", "instance", "optimize"):
        if capability in can:
            found.extend(CHECKS[capability])
    if {"count", "enumerate"} <= can:
        found.append(check_count_matches_enumeration)
    return found


def check_solver(spec, *, checks=None, interrupt=True, options=None, timeout=None):
    """Run every check ``spec``'s capabilities call for; return the table (a list of :class:`CheckResult`).

    Parameters
    ----------
    spec : str or Solver
        A registered name, a plugin's name, or an outside solver's spec (``FILE.py:ATTR``, ``module:ATTR``,
        ``MODEL.mzn``).
    checks : list of str, optional
        Only these checks (by function name).
    interrupt : bool
        Include the interrupt check (it starts a subprocess).
    options : dict, optional
        Solver options every call is made with (a model's ``library`` or ``array``, say); a check of an option
        sets that one option over them.
    timeout : float, optional
        Seconds any one call to the solver may take; a call beyond it fails its check, and the checks after it
        are not run (the call is left running on a daemon thread, which ends with the process).

    Raises
    ------
    NQueensError
        If ``spec`` names no solver, its declaration cannot be loaded, an option is unknown or a bad value, or
        ``timeout`` is not a positive number.
    """
    if timeout is not None and not (isinstance(timeout, int | float) and 0 < timeout < float("inf")):
        raise NQueensError(f"timeout must be a positive number of seconds, got {timeout!r}")
    from nqueens.plugins import import_limit

    with import_limit(timeout):  # the import of an outside solver is one of its calls
        solver = get_solver(spec)
    if getattr(solver, "claims_tree", None) is not None:
        from nqueens.experiments.trees import check_claim

        check_claim(solver.name, solver.claims_tree)  # a tree that does not exist is bad input, not a failed check
    options = dict(options or {})
    given = solver.check_options(options)
    options = {name: given[name] for name in options}
    token = _RUN.set((options, timeout))
    try:
        return _run_checks(solver, checks, interrupt, timeout)
    finally:
        _RUN.reset(token)


def _run_checks(solver, checks, interrupt, timeout):
    table: list[Any] = []
    stopped = None
    for check in checks_for(solver):
        if checks is not None and check.__name__ not in checks:
            continue
        if check is check_interrupt and not interrupt:
            continue
        if stopped is not None:
            table.append(CheckResult(check.__name__, None, None, f"not run: {stopped}"))
            continue
        rows = len(table)
        try:
            table.extend(check(solver))
        except _Failed as failure:
            table.append(CheckResult(check.__name__, failure.n, False, failure.detail))
            if isinstance(failure, _TimedOut):
                stopped = f"{check.__name__} gave no answer within {timeout:g} s"
        except NQueensError as exc:
            table.append(CheckResult(check.__name__, getattr(exc, "n", None), False, f"error: {exc}"))
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # a solver that raises fails the check; the table goes on
            table.append(CheckResult(check.__name__, getattr(exc, "n", None), False, f"{type(exc).__name__}: {exc}"))
        if len(table) == rows and solver.fixed_n is not None:
            only = f"the solver answers n = {solver.fixed_n} only"
            table.append(CheckResult(check.__name__, None, None, f"no board to check: {only}"))
    return table


def parametrize_with_checks(solvers, *, known_failures=None):
    """A ``pytest.mark.parametrize`` over ``(solver, check)`` pairs, with ids like ``bitwise-check_count_totals``.

    ``known_failures`` maps a solver name to ``{check name: reason}``: those cases are strict expected failures.
    The test function takes ``solver`` and ``check`` and calls :func:`assert_check`.

    Examples
    --------
    >>> import pytest
    >>> from nqueens.testing import parametrize_with_checks, assert_check
    >>> @parametrize_with_checks(["bitwise"])
    ... def test_my_solver(solver, check):
    ...     assert_check(solver, check)
    """
    import pytest

    known_failures = known_failures or {}
    params = []
    for spec in solvers:
        solver = get_solver(spec)
        for check in checks_for(solver):
            reason = known_failures.get(solver.name, {}).get(check.__name__)
            marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
            params.append(pytest.param(solver, check, id=f"{solver.name}-{check.__name__}", marks=marks))
    return pytest.mark.parametrize(("solver", "check"), params)


def assert_check(solver, check):
    """Run one check; raise ``AssertionError`` with the failure's detail if it fails (for pytest)."""
    try:
        results = list(check(solver))
    except _Failed as failure:
        raise AssertionError(f"{check.__name__}: {failure}") from None
    skipped = [r for r in results if r.passed is None]
    if skipped and not [r for r in results if r.passed]:
        import pytest

        pytest.skip(skipped[0].detail)
