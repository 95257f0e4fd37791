"""The C reference of the benchmarks: ``ref.c`` (seed 000's bitwise method, plain and mirrored), built here.

The benchmarks in ``benchmarks/`` import this package (their folder is first on ``sys.path``) and call
:func:`build` once, which compiles ``ref.c`` with ``$CC`` (default ``cc``) ``-O2`` into a cache folder keyed by
the source, the compiler and the flags, and :func:`run` per measurement. Without a C compiler, :func:`build`
raises :class:`Unavailable` with one line that says what is needed; :func:`main` prints it.

    python benchmarks/reference 12 --mirror     # build if needed, then run: prints "12 14200 0.004"

The program prints ``N total seconds``, the seconds being the search alone, timed inside the program.
"""

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["SOURCE", "TOTAL", "Unavailable", "build", "check", "run", "main"]

SOURCE = Path(__file__).resolve().parent / "ref.c"
FLAGS = ("-O2",)

_TESTS = str(SOURCE.parents[2] / "tests")
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)
from known import TOTAL  # noqa: E402  (OEIS A000170: every benchmark checks the program before it times it)


class Unavailable(RuntimeError):
    """The C reference cannot be built here; the message is one line saying what is needed."""


def _compiler():
    """The compiler command as a list (``$CC``, else ``cc``), or raise :class:`Unavailable`."""
    command = shlex.split(os.environ.get("CC") or "cc")
    if not command or shutil.which(command[0]) is None:
        named = f"$CC ({os.environ['CC']})" if os.environ.get("CC") else "cc"
        raise Unavailable(
            f"the C reference ({SOURCE.name}) needs a C compiler and {named} was not found: "
            "install one (e.g. apt install gcc) or set CC"
        )
    return command


def _cache_folder():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "nqueens" / "reference"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return folder
    except OSError:
        folder = Path(tempfile.gettempdir()) / f"nqueens-reference-{os.getuid()}"
        folder.mkdir(parents=True, exist_ok=True)
        return folder


def build():
    """Path of the compiled reference, compiling ``ref.c`` first if this source and compiler have not been.

    Raises :class:`Unavailable` (one line) when there is no compiler or the compilation fails.
    """
    command = _compiler()
    key = hashlib.sha256(SOURCE.read_bytes())
    key.update(repr((command, FLAGS, shutil.which(command[0]))).encode())
    folder = _cache_folder()
    binary = folder / f"ref-{key.hexdigest()[:16]}"
    if binary.exists() and os.access(binary, os.X_OK):
        return binary
    # Compile beside the final name and rename, so that two builds at once never see a half-written file.
    fd, partial = tempfile.mkstemp(prefix="ref-", dir=folder)
    os.close(fd)
    try:
        done = subprocess.run([*command, *FLAGS, "-o", partial, str(SOURCE)], capture_output=True, text=True)
        if done.returncode != 0:
            first = next((line for line in done.stderr.splitlines() if line.strip()), f"exit {done.returncode}")
            raise Unavailable(f"compiling the C reference with {' '.join(command)} failed: {first}")
        os.chmod(partial, 0o755)
        os.replace(partial, binary)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return binary


def run(binary, n, mirror=False):
    """``(total, seconds)`` of ``ref n [--mirror]``; the seconds are the search alone, as the program times it."""
    argv = [str(binary), str(n)] + (["--mirror"] if mirror else [])
    out = subprocess.run(argv, capture_output=True, text=True, check=True).stdout.split()
    return int(out[1]), float(out[2])


def check(binary, ns, mirror=False):
    """Run the reference for every ``n`` in ``ns`` and raise ``SystemExit`` (one line) if a total is not OEIS's."""
    for n in ns:
        total, _ = run(binary, n, mirror)
        if total != TOTAL[n]:
            mode = " --mirror" if mirror else ""
            raise SystemExit(f"error: the C reference counted {total} for ref {n}{mode}; OEIS A000170 has {TOTAL[n]}")


def main(argv=None):
    """``python benchmarks/reference N [--mirror]``: build if needed and run the program once."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        binary = build()
    except Unavailable as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return subprocess.run([str(binary), *argv]).returncode
