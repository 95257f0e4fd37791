"""The ``nqueens`` command line: a thin layer over the library (like CPython's ``json.tool``).

Each subcommand lives in :mod:`nqueens.cli.commands` as a module with ``add_parser(subparsers)`` and
``run(args) -> int``; a command module imports what it needs inside ``run``, so that ``nqueens --help`` and
``nqueens solvers`` load neither numpy nor numba.

The contract, kept here once for every command:

- Bad input (library errors, bad arguments, an empty value, an option given twice) is one line ``error: ...``
  on stderr and exit status 2, never a traceback.
- An outside solver that fails at its work (it raises, calls ``sys.exit``, or gives a board that breaks the rules)
  is one ``error: ...`` block on stderr: the solver, the ``n``, what it was asked, and the line of the user's own
  code; exit status 1.
- Ctrl-C prints ``interrupted`` on stderr and exits 130 at once, after the library has saved what it finished;
  nothing that looks like a result is printed. Long computations run off the main thread
  (:mod:`nqueens.core.background`), so the interrupt is seen within a fraction of a second.
- Output that cannot be written (a full disk: ``> /dev/full``) is one ``error:`` line and exit status 1; a reader
  that leaves (``| head -1``) ends the command quietly.
"""

import argparse
import importlib
import os
import signal
import sys
import threading
from typing import Any

from nqueens.core.errors import NQueensError, SolverError

__all__ = ["main", "COMMANDS"]

# The subcommands, in the order `nqueens --help` lists them.
COMMANDS = (
    "solvers",
    "check-solver",
    "count",
    "solve",
    "tree",
    "compare",
    "optimize",
    "certify",
    "runs",
    "report",
    "estimate",
    "construct",
    "trace",
    "replay",
    "view",
    "history",
    "store",
    "generate",
    "export",
    "examples",
)

_SINGLE = (argparse._StoreAction, argparse._StoreTrueAction, argparse._StoreFalseAction, argparse._StoreConstAction)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one ``error:`` line (no usage block) and exit status 2.

    It also refuses what argparse lets through silently: an option given twice (argparse keeps the last) and an
    empty or blank value (``--solver ''``), which would otherwise read as "not given".
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message):
        self.exit(2, f"error: {message} (see '{self.prog} --help')\n")

    def _print_message(self, message, file=None):
        # argparse ignores a failed write; --help > /dev/full must say so (main turns OSError into an error line).
        if message:
            file = file or sys.stderr
            file.write(message)
            file.flush()

    def parse_known_args(self, args=None, namespace=None):
        args = sys.argv[1:] if args is None else list(args)
        self._refuse_repeats(args)
        namespace, extras = super().parse_known_args(args, namespace)
        self._refuse_empty(namespace)
        return namespace, extras

    def _refuse_repeats(self, args):
        seen = set()
        for token in args:
            if token == "--":
                return
            if not token.startswith("-") or token.lstrip("-").replace(".", "", 1).isdigit():
                continue
            action = self._option_string_actions.get(token.split("=", 1)[0])
            if action is None or not isinstance(action, _SINGLE):
                continue
            if action.dest in seen:
                self.error(f"{'/'.join(action.option_strings)} is given twice; give it once")
            seen.add(action.dest)

    def _refuse_empty(self, namespace):
        for action in self._actions:
            value = getattr(namespace, action.dest, None)
            values = value if isinstance(value, list) else [value]
            for item in values:
                if isinstance(item, str) and not item.strip():
                    name = "/".join(action.option_strings) or action.metavar or action.dest
                    self.error(f"{name} needs a value, got an empty string")


def build_parser():
    from nqueens import __version__

    parser = _Parser(
        prog="nqueens",
        description="Compare constraint models of the N-Queens problem: count, enumerate, measure.",
        epilog="examples:\n\n  nqueens count 12\n  nqueens solve 8 --limit 3 --format boards\n  nqueens COMMAND --help",
    )
    parser.add_argument("--version", action="version", version=f"nqueens {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"nqueens.cli.commands.{name.replace('-', '_')}").add_parser(sub)
    for action in sub._choices_actions:  # every command's --help opens with a line that says what it does
        command = sub.choices[action.dest]
        if not command.description and action.help:
            command.description = action.help[0].upper() + action.help[1:] + "."
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, handled as Ctrl-C is (what finished is kept) but said and exited as itself."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


# The signals the command line has received: a library that swallows the KeyboardInterrupt raised in its code
# (a bare ``except:`` in an import, say) fails later with some other error, which is then the signal's doing.
_received: list[Any] = []

# Seconds the command has, after a signal, to reach its exit by the exception the handler raised. The exception can
# be swallowed where it lands: in a ``__del__`` or a weakref callback the interpreter only prints "Exception
# ignored in ..." and goes on; a watcher thread then ends the command as the signal's default action would.
_GRACE = 0.4
# Seconds after which a signal that landed inside an import is delivered again (see _on_signal).
_AGAIN = 0.005
# The watcher's pipe (read end, write end), the process it belongs to (a forked child inherits the handler) and
# its main thread; "again": a signal the watcher is to deliver again.
_watch: dict[str, Any] = {}


def _on_signal(signum, frame):
    _received.append(signum)
    if _watch.get("pid") == os.getpid():
        try:
            os.write(_watch["write"], bytes([int(signum)]))
        except OSError:
            pass
        if _importing(frame):
            # The exception would go back to whoever asked for the module, and an extension's C code that asked
            # may print it and go on: the watcher delivers the signal again in a moment, after the import.
            _watch["again"] = signum
            return
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(signum)


def _importing(frame):
    """True when ``frame`` runs inside an import (a frame of importlib's bootstrap is among its callers)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _unraisable(hook):
    """The interpreter swallowed the exception of a signal (raised in a ``__del__`` or a weakref callback): leave
    now, as the signal's, rather than print it and go on; anything else is printed as always."""
    if isinstance(hook.exc_value, KeyboardInterrupt) and _received:
        _leave(_received[0])
    sys.__unraisablehook__(hook)


def _excepthook(kind, value, traceback):
    """C code printed the exception of a signal with ``PyErr_Print`` rather than pass it on: leave now, as the
    signal's, rather than print it and go on; anything else is printed as always."""
    if isinstance(value, KeyboardInterrupt) and _received:
        _leave(_received[0])
    sys.__excepthook__(kind, value, traceback)


def _start_watcher():
    """Start the thread that ends the command :data:`_GRACE` seconds after the first signal, if it still runs; a
    signal's exception that the interpreter swallows ends the command at once (:func:`_unraisable`,
    :func:`_excepthook`)."""
    sys.unraisablehook = _unraisable
    sys.excepthook = _excepthook
    if _watch.get("pid") == os.getpid():
        return
    read, write = os.pipe()
    os.set_blocking(write, False)
    _watch.update(pid=os.getpid(), read=read, write=write, main=threading.get_ident())
    threading.Thread(target=_watcher, args=(read,), name="nqueens-signal-watcher", daemon=True).start()


def _watcher(read):
    import time

    try:
        signum = os.read(read, 1)[0]
    except (OSError, IndexError):
        return
    deadline = time.monotonic() + _GRACE
    while time.monotonic() < deadline:
        time.sleep(_AGAIN)
        again = _watch.pop("again", None)
        if again is not None and hasattr(signal, "pthread_kill"):
            signal.pthread_kill(_watch["main"], again)
    # Still here: the exception was swallowed (or the way out is stuck). Leave as the main thread would have.
    _leave(signum)


def entry():
    """The console script and ``python -m nqueens``: :func:`main`, then the exit with its status."""
    _exit(main())


def _exit(code):
    """Exit with ``code`` without the interpreter's finalisation, which takes most of a second after a command
    that loaded numba (its modules' teardown) and does nothing a finished command needs: the atexit handlers run
    (logging, multiprocessing, Dask's), the standard streams are flushed, and the process ends. A thread that is
    not a daemon and still runs (a pool nobody shut down) gets the ordinary exit, which waits for it."""
    import atexit
    import threading

    main_thread = threading.main_thread()
    if any(t.is_alive() and not t.daemon and t is not main_thread for t in threading.enumerate()):
        sys.exit(code)
    try:
        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except BaseException:  # a stream that cannot be flushed: the ordinary exit says so as it always has
        sys.exit(code)
    os._exit(code)


def main(argv=None):
    """Run the command line; return the exit status."""
    from nqueens.cli.commands._output import OutputError

    try:
        if argv is None:  # the real command line: SIGTERM and SIGHUP stop it as Ctrl-C does, and say so
            # A signal ignored by whoever started us (nohup, a background job of a script) stays ignored. One that
            # comes while the handlers are put in place is the first handler's: inside this try, as any later one.
            _received.clear()
            _start_watcher()
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):  # SIGINT: after nqueens' start-up handler
                if hasattr(signal, name) and signal.getsignal(getattr(signal, name)) != signal.SIG_IGN:
                    signal.signal(getattr(signal, name), _on_signal)
        if sys.stdout is None:  # `nqueens count 8 >&-`: no result could be shown, so none is computed
            print("error: cannot write the output: standard output is closed", file=sys.stderr)
            return 1
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            _fresh_note(args)
            from nqueens.runtime.provenance import invoked

            try:
                with invoked(sys.argv[1:] if argv is None else argv):  # recorded with the runs it makes
                    code = args.run(args)
            finally:
                _cache_note(args)
            if _received:  # a library swallowed the signal and went on: its result is not shown
                raise KeyboardInterrupt
            sys.stdout.flush()
            return code
        except Exception:
            if _received:  # whatever failed, failed because the signal interrupted it
                raise KeyboardInterrupt from None
            raise
    except OutputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except NQueensError as exc:
        _discard_pending_output()
        print(f"error: {exc}", file=sys.stderr)
        return 1 if isinstance(exc, SolverError) else 2  # an outside solver failed at its work, or bad input
    except KeyboardInterrupt as exc:
        return _interrupted(argv, _received[0] if _received else getattr(exc, "signum", signal.SIGINT))
    except MemoryError:
        # What no declared estimate foresaw (a limit lowered by another process, a library's own table): one line.
        _discard_pending_output()
        print("error: out of memory: the computation needed more than this process could allocate", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `nqueens solve 12 | head`: the reader left; not an error of ours.
        _discard_pending_output()
        return 0
    except OSError as exc:
        if exc.filename is not None:  # a file the command was asked to read or write
            print(f"error: {exc.strerror or exc}: {exc.filename}", file=sys.stderr)
            return 2
        _discard_pending_output()
        print(f"error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        return 1


# The commands that run compiled kernels (the first run of a version compiles them).
_COMPILING = {
    "count",
    "solve",
    "tree",
    "estimate",
    "construct",
    "compare",
    "generate",
    "view",
    "check-solver",
    "trace",
    "optimize",
}


def _fresh_note(args):
    """At a terminal, say before a command compiles the kernels for the first time why it takes longer, and as
    each kernel module starts compiling, which one (whatever else the cache holds)."""
    if getattr(args, "command", None) not in _COMPILING or getattr(args, "quiet", False) or not sys.stderr.isatty():
        return
    from nqueens.core.cache import fresh_note, say_compiling

    note = fresh_note()
    if note and args.command != "compare":  # compare's first line is its forecast, which counts the compiling
        print(note, file=sys.stderr)
    say_compiling(lambda line: print(line, file=sys.stderr, flush=True))


def _cache_note(args):
    """Say once, after a command that compiled kernels, that they could not be cached where they belong."""
    if "numba" not in sys.modules or getattr(args, "quiet", False):
        return
    from nqueens.core.cache import fallback_note

    note = fallback_note()
    if note:
        print(note, file=sys.stderr)


_SAID = {signal.SIGINT: "interrupted", signal.SIGTERM: "terminated"}
_LEAVING = threading.Lock()
if hasattr(signal, "SIGHUP"):
    _SAID[signal.SIGHUP] = "hangup"


def _interrupted(argv, signum=signal.SIGINT):
    """Say ``interrupted`` (``terminated``, ``hangup``) and leave with 128 + the signal's number (130 for Ctrl-C);
    more signals while doing so change nothing."""
    if argv is None:
        try:
            for sig in _SAID:
                signal.signal(sig, signal.SIG_IGN)
        except KeyboardInterrupt:  # a second signal before they were all ignored
            pass
        _leave(signum)
    try:
        _discard_pending_output()
        print(_SAID.get(signum, "interrupted"), file=sys.stderr)
        sys.stderr.flush()
    except KeyboardInterrupt:  # a second signal before it was ignored
        pass
    return 128 + int(signum)


def _leave(signum):
    """The real command line's way out after a signal, taken by the main thread or by the watcher, whichever comes
    first: say it on stderr and leave at once with 128 + the signal's number, without waiting for abandoned
    computations to wind down."""
    in_main = threading.current_thread() is threading.main_thread()
    if not _LEAVING.acquire(blocking=False):  # the other thread is already leaving
        if in_main:
            threading.Event().wait()
        return
    _discard_pending_output()
    said = f"{_SAID.get(signum, 'interrupted')}\n"
    try:
        if in_main:
            sys.stderr.write(said)
            sys.stderr.flush()
        else:  # the main thread may hold the stream's lock
            os.write(2, said.encode())
    except (OSError, ValueError, AttributeError, KeyboardInterrupt):
        pass
    os._exit(128 + int(signum))


def _discard_pending_output():
    """Point stdout at /dev/null, so that nothing half-written is flushed at exit (and no second error).

    File descriptor 1 itself, not ``sys.stdout``: while an outside solver runs, ``sys.stdout`` is stderr (its
    prints are set aside there), and silencing that would swallow the ``interrupted`` line."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


if __name__ == "__main__":
    sys.exit(main())
