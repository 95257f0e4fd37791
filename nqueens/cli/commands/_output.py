"""Writing a command's result to stdout so that a full disk is one error line and a closed pipe is quiet."""

import errno
import os
import sys

from nqueens.core.errors import NQueensError

__all__ = ["write_out", "OutputError"]


class OutputError(NQueensError):
    """Standard output cannot take the result (a full disk, a closed descriptor): exit status 1, not 2."""


def write_out(text):
    """Write ``text`` to stdout and flush it now, while an error can still become a message.

    Raises
    ------
    NQueensError
        If stdout cannot take it (``nqueens compare > /dev/full``). A reader that has gone
        (``| head -1``) raises :class:`BrokenPipeError`, which the command line treats as the end.
    """
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _discard_stdout()
        raise
    except OSError as exc:
        _discard_stdout()
        reason = exc.strerror or (errno.errorcode.get(exc.errno, str(exc)) if exc.errno is not None else str(exc))
        raise OutputError(f"cannot write the output: {reason}") from None


def _discard_stdout():
    # What is still buffered would be flushed again at exit, with a second error: send it nowhere instead.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
