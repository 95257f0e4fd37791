"""What made a run: the command line it was asked by, and a digest of the toolkit's code that made it.

``nqueens`` sets the command for as long as one command runs (:func:`invoked`); the experiment layer stamps it on
every run it plans (``RunRecord.command``), with :func:`code_digest`. A run made through the Python API has no
command (``None``).
"""

import contextlib
import contextvars
import functools
import hashlib
import shlex
from pathlib import Path

__all__ = ["code_digest", "command", "invoked"]

_COMMAND: contextvars.ContextVar[str | None] = contextvars.ContextVar("nqueens_command", default=None)


@functools.cache
def code_digest() -> str:
    """The first 16 hex digits of the sha256 of every Python source file of the installed ``nqueens`` package,
    its ``models``, ``native`` and ``analysis`` subpackages included wherever they are installed from (each file's
    path inside the package, then its bytes, in path order): two runs with the same digest ran the same code. Read
    once per process (a few milliseconds; nothing is imported)."""
    import importlib.util

    root = Path(__file__).resolve().parent.parent
    roots = {"": root}
    for name in _SEPARATE:  # an editable install maps these to folders beside the package
        spec = importlib.util.find_spec(f"nqueens.{name}")
        for location in (spec.submodule_search_locations or []) if spec else []:
            folder = Path(location).resolve()
            if not folder.is_relative_to(root):
                roots[name] = folder
    files = {}
    for prefix, folder in roots.items():
        for path in folder.rglob("*.py"):
            if "__pycache__" not in path.parts:
                files[Path(prefix, path.relative_to(folder)).as_posix()] = path
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name].read_bytes() + b"\0")
    return digest.hexdigest()[:16]


_SEPARATE = ("models", "native", "analysis")


def command() -> str | None:
    """The command line being run (``nqueens compare 4..8 --store a.sqlite``, shell-quoted), or ``None`` outside
    one (the Python API)."""
    return _COMMAND.get()


@contextlib.contextmanager
def invoked(argv):
    """Within the block, :func:`command` is ``nqueens`` followed by ``argv`` (the arguments as given after
    ``nqueens``), each quoted for a POSIX shell."""
    token = _COMMAND.set(shlex.join(["nqueens", *map(str, argv)]))
    try:
        yield
    finally:
        _COMMAND.reset(token)
