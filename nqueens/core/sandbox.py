"""The outside-solver sandbox: how the toolkit calls code it did not write, and what it accepts back.

An outside solver (a package's plugin, a file, a module; see :mod:`nqueens.core.protocol` for what it declares) is
held at a border: its standard output goes to stderr (:func:`stdout_aside`), so that the toolkit's own JSON stays
whole; an exception it raises, a ``sys.exit`` or an ``os._exit`` it calls becomes one
:class:`~nqueens.core.errors.SolverError` naming the solver, the ``n``, what it was asked and the user's own line;
every board it gives is checked against the problem asked (the attack rule, the instance) and given once, and every
count and statistic it returns is checked to be possible before anyone sees it (:func:`implementation`).
"""

import contextlib
import functools
import math
import numbers
import os
import sys
import threading
from dataclasses import replace
from types import SimpleNamespace

from nqueens.core.board import check_solution, dtype_for
from nqueens.core.errors import NQueensError, SolverError
from nqueens.core.record import Tally
from nqueens.core.rules import get_rule  # a rule other than the queen's is checked with it

__all__ = ["stdout_aside", "stdout_back", "held_aside", "implementation", "Aside", "importing"]

_CHUNK = 4096  # solutions per batch when a solver yields them one at a time


@contextlib.contextmanager
def stdout_aside():
    """While the block runs, what it prints goes to stderr: Python's ``print`` and writes to file descriptor 1
    (a C library's, a subprocess's). An outside solver's code runs inside it, so the toolkit's own output (a JSON
    document on stdout) stays whole whatever the solver prints."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:  # no standard output at all: nothing to protect
        saved = None
    if saved is not None:
        os.dup2(2, 1)
    entry = (saved, sys.stdout)
    _open.append(entry)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        _open.remove(entry)
        if saved is not None:
            os.dup2(saved, 1)
            os.close(saved)


_open: list = []  # (the saved file descriptor, sys.stdout) of each stdout_aside block now open, in order


def stdout_back():
    """Give the standard output back to the toolkit while an abandoned call of outside code (a repeat that
    hangs, left running on its thread) still holds it aside: what the command prints next goes to its stdout."""
    if _open:
        saved, stream = _open[0]
        if saved is not None:
            with contextlib.suppress(OSError):
                os.dup2(saved, 1)
        sys.stdout = stream


@contextlib.contextmanager
def importing(where):
    """While outside code is imported (a solver file, a module, a package's entry point): what it prints goes to
    stderr, and what would end the import but a result becomes one :class:`~nqueens.core.errors.NQueensError`
    naming ``where``: an exception, a ``sys.exit`` and an ``os._exit`` (which would end the command with no word)."""
    _held.enter()
    try:
        with stdout_aside():
            yield
    except _Exited as exc:
        raise NQueensError(f"{where} called os._exit({exc.code!r}) while it was imported") from None
    except SystemExit as exc:
        said = f"sys.exit({exc.code!r})" if exc.code is not None else "sys.exit()"
        raise NQueensError(f"{where} called {said} while it was imported") from None
    except (NQueensError, KeyboardInterrupt, MemoryError):
        raise
    except Exception as exc:
        text = f"{type(exc).__name__}: {exc}".strip().splitlines()
        raise NQueensError(f"{where} failed to import: {text[0] if text else type(exc).__name__}") from None
    finally:
        _held.leave()


def _aside_steps(stream):
    """The items of ``stream``, each computed inside :func:`stdout_aside`."""
    try:
        while True:
            with stdout_aside():
                try:
                    item = next(stream)
                except StopIteration:
                    return
            yield item
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            with stdout_aside():
                close()


def held_aside(function):
    """``function`` called inside :func:`stdout_aside` (its name and signature kept)."""

    @functools.wraps(function)
    def aside(*args, **kwargs):
        with stdout_aside():
            return function(*args, **kwargs)

    return aside


class Aside:
    """An outside solver's module whose ``count``, ``batches`` and ``warmup`` run inside :func:`stdout_aside`."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        value = getattr(self._module, name)
        if name in ("count", "warmup") and callable(value):
            return held_aside(value)
        if name == "batches" and callable(value):
            return lambda *args, **kwargs: _aside_steps(value(*args, **kwargs))
        return value


def implementation(spec):
    """The callables of an outside solver as a module-like namespace (count, batches, warmup).

    The outside code is held at the border: an exception it raises (but ``NQueensError``, ``MemoryError`` and
    Ctrl-C) or a ``sys.exit`` it calls becomes one :class:`~nqueens.core.errors.SolverError` that names the
    solver, the ``n``, what it was asked and the last line of the user's own code; every board it gives is
    checked before anyone sees it."""

    def batches(n, *, limit=None, **keywords):
        with _border(spec, n, "enumerate"):
            once = _Once(spec, n)
            if spec.batches is not None:
                stream = _aside_steps(spec.batches(n, limit=limit, **keywords))
                try:
                    for batch in stream:
                        yield once(_checked(spec, n, batch, keywords))
                finally:
                    stream.close()
                return
            chunk = []
            stream = _aside_steps(spec.solutions(n, **keywords))
            try:
                for q in stream:
                    chunk.append(tuple(q))
                    if len(chunk) == _CHUNK or (limit is not None and len(chunk) >= limit):
                        yield once(_checked(spec, n, chunk, keywords))
                        if limit is not None:
                            limit -= len(chunk)
                            if limit <= 0:
                                return
                        chunk = []
                if chunk:
                    yield once(_checked(spec, n, chunk, keywords))
            finally:
                stream.close()

    def count(n, *, nodes=False, **keywords):
        with _border(spec, n, "count"):
            if spec.count is not None:
                keywords = {"nodes": nodes, **keywords} if nodes else keywords
                with stdout_aside():
                    tally = spec.count(n, **keywords)
                if not isinstance(tally, Tally):
                    tally = Tally(total=_checked_count(spec, n, tally, "count returned"))
                total = _checked_count(spec, n, tally.total, "count returned a Tally whose total is")
                unique = tally.unique
                if unique is not None:
                    unique = _checked_count(spec, n, unique, "count returned a Tally whose unique is")
                    if unique > total:
                        raise NQueensError(
                            f"solver {spec.name!r}: count returned unique {unique} above its total {total} (the "
                            "protocol)"
                        )
                effort = _check_effort(spec, n, tally, total)  # as plain ints and JSON
                return replace(tally, total=total, unique=unique, **effort)
        # Counted through the checked batches: a board off the board or of another length is refused, not counted.
        return Tally(total=sum(len(batch) for batch in batches(n, **keywords)))

    def warmup():
        if spec.warmup is not None:
            with _border(spec, None, "warmup"), stdout_aside():
                spec.warmup()
        _prime()

    return SimpleNamespace(count=count, batches=batches, warmup=warmup, events=spec.events)


class _Once:
    """The boards a stream has given so far: a board given twice is the solver's error (each solution once), not
    two solutions. It keeps one key of ``n`` bytes a board given, as long as the stream lasts."""

    def __init__(self, spec, n):
        self.spec, self.n, self.seen = spec, n, set()

    def __call__(self, batch):
        size = len(self.seen)
        for row in batch:
            self.seen.add(row.tobytes())
            size += 1
            if len(self.seen) != size:
                q = tuple(int(c) for c in row)
                raise SolverError(
                    f"solver {self.spec.name!r} gave the board {q} twice on n = {self.n} (the protocol: each "
                    "solution once)",
                    self.n,
                )
        return batch


def _prime():
    """Load what the checks of an outside solver's boards use (numpy, the board and rule checks), so that a run's
    time and memory, measured after the warm-up, hold the solver's search and not the checker's first imports."""
    _Once(SimpleNamespace(name="warm-up"), 4)(_checked(SimpleNamespace(name="warm-up"), 4, [(1, 3, 0, 2)], {}))


def _checked_count(spec, n, value, what):
    """``value`` as an ``int`` if it can be a number of solutions of ``n`` pieces (0 to n!, the permutations that
    hold one piece a row and a column), else the error that names what the outside solver returned."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = int(value)
        if value < 0:
            raise NQueensError(f"solver {spec.name!r}: {what} {value}, a negative number of solutions (the protocol)")
        # n! bounds every count: at most one piece a row and a column (lgamma keeps a large n cheap).
        if value > 1 and (math.log(value) > math.lgamma(n + 1) + 1e-9 if n > 20 else value > math.factorial(n)):
            raise NQueensError(
                f"solver {spec.name!r}: {what} {value}, more than the {n}! ways to place one piece a row and a "
                "column (the protocol)"
            )
        return value
    shown = repr(value) if isinstance(value, bool | float | str) else type(value).__name__
    raise NQueensError(f"solver {spec.name!r}: {what} {shown}, not a Tally or an int >= 0 (the protocol)")


def _check_effort(spec, n, tally, total):
    """Refuse a Tally whose effort cannot be true: nodes not an int >= the solutions, a profile that is not
    ``n + 1`` or fewer counts >= 0 from the root (1) summing to ``nodes``, or statistics that are not finite
    numbers or texts; else its ``nodes``, ``profile`` and ``stats`` as plain Python values."""

    def wrong(why):
        return SolverError(f"solver {spec.name!r}: count returned a Tally whose {why} on n = {n} (the protocol)", n)

    nodes, profile = tally.nodes, tally.profile
    if nodes is not None:
        if not isinstance(nodes, numbers.Integral) or isinstance(nodes, bool):
            raise wrong(f"nodes is {nodes!r}, not an int")
        if nodes < 0:
            raise wrong(f"nodes is {nodes}, a negative number of nodes")
        if nodes < total:
            raise wrong(f"nodes is {nodes:,}, fewer than its {total:,} solutions (each is a node)")
        nodes = int(nodes)
    if profile is not None:
        try:
            if isinstance(profile, str | bytes | dict):
                raise TypeError(profile)
            items = list(profile)
        except TypeError:
            raise wrong(f"profile is a {type(profile).__name__}, not a sequence of ints") from None
        if not all(isinstance(c, numbers.Integral) and not isinstance(c, bool) and int(c) >= 0 for c in items):
            raise wrong(f"profile {tuple(items)!r} is not a sequence of ints >= 0")
        depths = [int(c) for c in items]
        if len(depths) > n + 1 or (depths and depths[0] != 1):
            raise wrong(f"profile has {len(depths)} depths starting with {depths[:1]} (at most {n + 1}, root 1)")
        if nodes is not None and sum(depths) != nodes:
            raise wrong(f"profile sums to {sum(depths):,}, not to its nodes {nodes:,}")
        profile = tuple(depths)
    stats = tally.stats or {}
    if not isinstance(stats, dict):
        raise wrong(f"stats is a {type(stats).__name__}, not a dict of statistics")
    clean = {}
    for key, value in stats.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise wrong(f"statistic {key!r} is {value} (not a finite number)")
        try:
            clean[key] = _plain(value)
        except ValueError:  # it goes into JSON documents and the store as it is
            shown = repr(value) if len(repr(value)) <= 40 else f"a {type(value).__name__}"
            raise wrong(f"statistic {key!r} is {shown} (not a finite number or a text)") from None
    return {"nodes": nodes, "profile": profile, "stats": clean}


def _plain(value, depth=0):
    """A statistic as plain JSON: a number (numpy's too), a text, a truth value, None, or lists and dicts of them;
    ``ValueError`` for anything else."""
    if value is None or isinstance(value, str | bool):
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and math.isfinite(float(value)):
        return float(value)
    if depth < 4 and isinstance(value, list | tuple):
        return [_plain(v, depth + 1) for v in value]
    if depth < 4 and isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _plain(v, depth + 1) for k, v in value.items()}
    raise ValueError(value)


class _border:
    """Turn what outside code raises into one :class:`~nqueens.core.errors.SolverError` (see
    :func:`implementation`); the toolkit's own errors, memory errors, Ctrl-C and a closed generator pass."""

    def __init__(self, spec, n, what):
        self.spec, self.n, self.what = spec, n, what

    def __enter__(self):
        _held.enter()
        return self

    def __exit__(self, kind, exc, tb):
        _held.leave()
        if exc is None or isinstance(exc, (NQueensError, MemoryError, GeneratorExit)):
            return False
        # Ctrl-C reaches the main thread only: a KeyboardInterrupt on another is the outside code's own raise.
        if isinstance(exc, KeyboardInterrupt) and threading.current_thread() is threading.main_thread():
            return False
        where = f" on n = {self.n}" if self.n is not None else ""
        if isinstance(exc, _Exited):
            said = f"called os._exit({exc.code!r})"
        elif isinstance(exc, SystemExit):
            said = f"called sys.exit({exc.code!r})" if exc.code is not None else "called sys.exit()"
        else:
            said = f"raised {type(exc).__name__}" + (f": {_first_line(exc)}" if str(exc).strip() else "")
        frame = _user_frame(self.spec, exc.__traceback__)
        message = f"solver {self.spec.name!r} {said}{where} (asked to {self.what})"
        if frame:
            message += f"\n  {frame}"
        raise SolverError(message, self.n) from exc


class _Exited(SystemExit):
    """``os._exit`` called by outside code: it would end the process with no word and no result."""


class _Held:
    """While outside code runs on a thread, ``os._exit`` called on that thread raises :class:`_Exited` instead of
    ending the process (a solver that leaves must not let ``check-solver`` or ``count`` exit 0 with nothing
    said); every other thread, the toolkit's own exit included, gets the real one."""

    def __init__(self):
        self._lock = threading.Lock()
        self._threads: dict[int, int] = {}
        self._real = os._exit
        self._stand_in = self._exit  # one bound method, so that `is` finds it in place

    def enter(self):
        with self._lock:
            ident = threading.get_ident()
            self._threads[ident] = self._threads.get(ident, 0) + 1
            if os._exit is not self._stand_in:
                self._real = os._exit
                os._exit = self._stand_in

    def leave(self):
        with self._lock:
            ident = threading.get_ident()
            left = self._threads.get(ident, 1) - 1
            if left:
                self._threads[ident] = left
            else:
                self._threads.pop(ident, None)
            if not self._threads and os._exit is self._stand_in:
                os._exit = self._real

    def _exit(self, code):
        if threading.get_ident() in self._threads:
            raise _Exited(code)
        self._real(code)


_held = _Held()


def _first_line(exc):
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else ""


def _user_frame(spec, tb):
    """``File "PATH", line L, in FUNCTION: CODE`` of the last traceback frame in the user's own file (the solver
    file, or its module's file), else of the last frame outside the toolkit; ``None`` without a traceback."""
    import linecache
    import traceback

    frames = traceback.extract_tb(tb)
    if not frames:
        return None
    kind, _, where = (spec.source or "").partition(" ")
    mine = None
    if kind == "file":
        mine = os.path.realpath(where)
    elif kind == "module":
        mine = getattr(sys.modules.get(where), "__file__", None)
        mine = os.path.realpath(mine) if mine else None
    toolkit = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    chosen = None
    for frame in frames:
        path = os.path.realpath(frame.filename)
        if mine is not None and path == mine:
            chosen = frame
    if chosen is None:
        outside = [f for f in frames if not os.path.realpath(f.filename).startswith(toolkit + os.sep)]
        chosen = outside[-1] if outside else frames[-1]
    code = (chosen.line or linecache.getline(chosen.filename, chosen.lineno or 0)).strip()
    return f'File "{chosen.filename}", line {chosen.lineno}, in {chosen.name}' + (f": {code}" if code else "")


def _checked(spec, n, rows, keywords):
    """``rows`` (solutions of ``n`` from an outside solver) as an ``(m, n)`` array, each one checked: a board that
    is not a solution of the problem asked (the attack rule of the option ``rule``, the instance) is a
    :class:`~nqueens.core.errors.SolverError` naming it and the broken rule."""
    import numpy as np

    def wrong(why):
        return SolverError(f"solver {spec.name!r} gave a board that is not a solution of n = {n}: {why}", n)

    try:
        batch = np.asarray(rows)
    except (TypeError, ValueError) as exc:
        raise wrong(f"its rows are not lists of {n} integers ({exc})") from None
    if batch.ndim >= 1 and len(batch) == 0:  # no board (an empty row is a board of no columns, refused below)
        return np.empty((0, n), dtype=dtype_for(n))
    if batch.ndim != 2 or batch.shape[1] != n or not np.issubdtype(batch.dtype, np.integer):
        first = batch[0].tolist() if batch.ndim >= 1 and len(batch) else batch.tolist()
        raise wrong(f"{first} is not {n} integer columns (shape {batch.shape}, {batch.dtype})")
    rule = keywords.get("rule", "queen")
    instance = keywords.get("instance")
    if rule == "queen":
        rows_at = np.arange(n)
        bad = (
            (batch.min(axis=1) < 0)
            | (batch.max(axis=1) >= n)
            | _repeats(batch)
            | _repeats(batch + rows_at)
            | _repeats(batch - rows_at)
        )
        if bad.any():
            q = tuple(int(c) for c in batch[int(np.argmax(bad))])
            try:
                check_solution(q)
            except NQueensError as exc:
                raise wrong(f"{q}: {str(exc).removeprefix('not a solution: ')}") from None
    else:
        rule_of = get_rule(rule)
        for row in batch.tolist():
            if not rule_of.is_solution(row, n):
                raise wrong(f"{tuple(row)}: two pieces attack each other under the rule {rule!r}")
    if instance is not None:
        for row in batch.tolist():
            if not instance.admits(row):
                raise wrong(f"{tuple(row)} does not respect the instance ({instance.describe()})")
    return batch.astype(dtype_for(n), copy=False)


def _repeats(values):
    """Per row: whether some value appears twice."""
    import numpy as np

    ordered = np.sort(values, axis=1)
    return (np.diff(ordered, axis=1) == 0).any(axis=1)
