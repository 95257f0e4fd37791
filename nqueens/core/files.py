"""Files the toolkit writes, whole or not at all, and files it reads, regular ones only.

Every writer (``construct --output``, ``generate -o``, ``export -o``, ``tree --export``, the plots, the rates file)
writes to a temporary file in the target's own folder and renames it onto the target only once the writing has
succeeded: an interrupt, a full disk or an error leaves the earlier file (or none) and never a truncated one that
looks done. The rename is atomic on POSIX because both names are in one folder.

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> with replaced(os.path.join(folder, "a.txt")) as out:
...     _ = out.write("whole")
>>> os.listdir(folder)
['a.txt']
"""

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from nqueens.core.errors import NQueensError

__all__ = ["replaced", "replaced_path", "not_regular", "check_distinct"]


def user_cache():
    """The toolkit's folder in the user's cache directory: ``$XDG_CACHE_HOME/nqueens`` (``~/.cache/nqueens`` when
    that is not set); the default result store and the compiled kernels live there."""
    return Path(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")) / "nqueens"


def not_regular(path):
    """What ``path`` is when it is not a regular file (``"a named pipe"``, ``"a directory"``, ...), else ``None``
    (also for a path that does not exist: opening it says so). A named pipe or a device would hold a reader
    until something writes to it, so the readers of files ask first.

    Examples
    --------
    >>> not_regular(os.devnull)
    'a character device'
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    for test, what in (
        (stat.S_ISDIR, "a directory"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return what
    return "not a plain file"


def check_distinct(output, inputs, what="an input"):
    """Raise unless the file ``output`` is none of ``inputs``: no command writes over what it reads (or one of its
    outputs over another). Paths are compared as files (links and ``./`` resolved).

    Examples
    --------
    >>> check_distinct("page.html", ["run.trace"])
    >>> check_distinct("run.trace", ["./run.trace"])
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: run.trace is also an input (./run.trace): it would be overwritten; write to another file
    """
    target = os.path.realpath(os.fspath(output))
    for other in inputs:
        if other is not None and os.path.realpath(os.fspath(other)) == target:
            raise NQueensError(
                f"{os.fspath(output)} is also {what} ({os.fspath(other)}): it would be overwritten; write to another file"
            )


@contextlib.contextmanager
def replaced(path, mode="w", encoding="utf-8"):
    """Open a temporary file beside ``path`` for writing; on success it replaces ``path``, else it is removed.

    Raises
    ------
    NQueensError
        When the file cannot be written (``cannot write PATH: REASON``); an interrupt propagates as it is.
    """
    with replaced_path(path) as partial:
        try:
            handle = open(partial, mode, encoding=None if "b" in mode else encoding)
        except OSError as exc:
            raise NQueensError(f"cannot write {os.fspath(path)}: {exc.strerror or exc}") from None
        with handle:
            yield handle


@contextlib.contextmanager
def replaced_path(path):
    """The name of a temporary file beside ``path`` (same suffix), for a library that writes to a path itself;
    renamed onto ``path`` when the block succeeds, removed otherwise. A named pipe or a device (``-o /dev/stdout``)
    is not a file to replace: its own name is given, and what is written goes into it.

    Raises
    ------
    NQueensError
        When the file cannot be written.
    """
    name = os.fspath(path)
    try:
        mode = os.stat(name).st_mode
    except (OSError, ValueError):
        mode = 0
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):  # a pipe or a device (/dev/stdout) is written into, never replaced
        yield name
        return
    folder, base = os.path.split(name)
    suffix = os.path.splitext(base)[1]
    try:
        fd, partial = tempfile.mkstemp(prefix=f".{base}.", suffix=f".partial{suffix}", dir=folder or ".")
        os.close(fd)
    except OSError as exc:
        raise NQueensError(f"cannot write {name}: {exc.strerror or exc}") from None
    try:
        yield partial
        os.chmod(partial, 0o666 & ~_umask())
        os.replace(partial, name)
    except OSError as exc:
        _remove(partial)
        raise NQueensError(f"cannot write {name}: {exc.strerror or exc}") from None
    except BaseException:
        _remove(partial)
        raise


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove(path):
    with contextlib.suppress(OSError):
        os.unlink(path)
