"""Fault injection for the experiment runner's tests, and only for them.

A test puts this folder on ``PYTHONPATH`` (``tests/conftest.py`` does, for every test) and sets
``NQUEENS_WORKER_FAULT=KIND@SOLVER:N`` for the worker processes the runner starts: Python imports this module at
start-up, and in a worker process it replaces :func:`nqueens.experiments.worker.execute` so that the run of
``SOLVER`` on ``n = N`` crashes with ``segv`` (SIGSEGV), ``abort`` (``os.abort``), ``raise`` (an exception),
``memory`` (allocates without end) or ``hang`` (never returns) instead of solving, or answers one solution too
many (``wrong``).

``NQUEENS_SLOW_IMPORT=MODULE:FILE`` makes the import of ``MODULE`` (in any process) write ``FILE`` and then take
a few seconds, so a test can send a signal while the command is provably still starting up; with ``:swallow``
after FILE, what those seconds raise is printed and the import goes on, as an extension's C code may do with the
exception of an import it asked for.

``NQUEENS_STARTED=FILE`` creates FILE at the program's first instant: when the first lines of
``nqueens/__init__.py`` have put its start-up signal handler in place (or, where every signal is ignored, once
the package is imported), so a test can time a signal from there rather than from the interpreter's own start-up
(the standard library's imports, finding and compiling the package), which no program can handle.

``NQUEENS_UNDERWAY=FILE`` creates FILE when the command's work is under way: when it starts its first job on
:mod:`nqueens.core.background` (the search, the construction, the count), so a test interrupts the work itself,
neither the start-up before it nor a result already printed, on a fast machine or a slow one.

Under ``make coverage`` (coverage.py's ``patch = subprocess`` starts coverage in every child before this module
runs), a child's lines are recorded under the test that started it (``PYTEST_CURRENT_TEST``), so that the lines
only a child reaches count for that test's tier (``benchmarks/suite_coverage.py``).

Nothing of this ships with the package.
"""

import os
import sys

FAULT_VAR = "NQUEENS_WORKER_FAULT"


def _install():
    text = os.environ.get(FAULT_VAR)
    if not text or "from nqueens.experiments.worker import main" not in " ".join(
        sys.argv + [getattr(sys, "orig_argv", [""])[-1]]
    ):
        return
    import signal
    import time

    from nqueens.experiments import worker

    kind, _, target = text.partition("@")
    solver, _, n = target.rpartition(":")
    real = worker.execute

    def execute(task):
        if (task["solver"], task.get("n")) != (solver, int(n)):
            return real(task)
        if kind == "wrong":
            outcome = real(task)
            outcome["total"] += 1
            return outcome
        if kind == "segv":
            os.kill(os.getpid(), signal.SIGSEGV)
        elif kind == "abort":
            os.abort()
        elif kind == "memory":
            hoard = []
            try:
                while True:
                    hoard.append(bytearray(64 * 2**20))
            except MemoryError:
                hoard.clear()
                return worker._failed("memout", "the run ran out of memory (the --memory limit)")
        elif kind == "hang":
            while True:
                time.sleep(1)
        return worker._failed("error", f"RuntimeError: injected fault {kind!r}")

    worker.execute = execute


def _slow_import():
    text = os.environ.get("NQUEENS_SLOW_IMPORT")
    if not text:
        return
    import importlib.abc
    import time

    module, _, marker = text.partition(":")
    swallow = marker.endswith(":swallow")
    marker = marker.removesuffix(":swallow")

    class Slow(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == module:
                with open(marker, "w") as out:
                    out.write(name)
                try:
                    time.sleep(5)
                except BaseException:
                    if not swallow:
                        raise
                    # as some libraries' C code does with what an import it asked for raised: print it, go on
                    import traceback

                    traceback.print_exc()
            return None  # the real finders import it

    sys.meta_path.insert(0, Slow())


def _after_import(module_name, then):
    """Call ``then(module)`` once ``module_name`` has been imported (in any process that imports it)."""
    import importlib.abc
    import importlib.util

    class After(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name != module_name:
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            if spec is None or spec.loader is None:
                return spec
            execute = spec.loader.exec_module

            def exec_module(module):
                execute(module)
                then(module)

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, After())


def _mark_underway():
    path = os.environ.get("NQUEENS_UNDERWAY")
    if not path:
        return

    def mark():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o644))

    def patch(background):
        for name in ("_as_job", "stream", "start"):
            real = getattr(background, name)

            def marked(*args, _real=real, **kwargs):
                mark()
                return _real(*args, **kwargs)

            setattr(background, name, marked)

    _after_import("nqueens.core.background", patch)


def _mark_start():
    path = os.environ.get("NQUEENS_STARTED")
    if not path:
        return
    import _signal

    real = _signal.signal

    def mark():
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o644))

    def signal(signum, handler):
        # The program's first signal handler is in place (the first lines of nqueens/__init__.py): its first instant.
        previous = real(signum, handler)
        if _signal.signal is signal:
            _signal.signal = real
            mark()
        return previous

    _signal.signal = signal
    _after_import("nqueens", lambda module: mark())  # a command that puts no handler in place (all ignored)


def _coverage_context():
    test = os.environ.get("PYTEST_CURRENT_TEST")
    if not test or "coverage" not in sys.modules:
        return
    import coverage

    current = coverage.Coverage.current()
    if current is not None:
        current.switch_context(test.rpartition(" (")[0] or test)


_coverage_context()
_install()
_slow_import()
_mark_underway()
_mark_start()
