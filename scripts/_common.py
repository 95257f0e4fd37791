"""What the research scripts share: the command line, the output folder, published values (their Markdown tables
are :func:`nqueens.core.table.figures`).

Every script takes the folder to write into as its first argument, writes one Markdown report and its figures
there, and prints the paths it wrote. Bad arguments are one ``error: ...`` line and exit status 2, as in the
``nqueens`` command line.
"""

import argparse
import datetime
import platform
import sys
from pathlib import Path

import nqueens
from nqueens.core.errors import NQueensError

__all__ = ["parser", "run", "report_header", "published"]

_ROOT = Path(__file__).resolve().parent.parent


class _Parser(argparse.ArgumentParser):
    """An argument parser that, once the arguments are read, makes sure matplotlib is there for the figures."""

    def error(self, message):
        self.exit(2, f"error: {message} (see '{self.prog} --help')\n")

    def parse_args(self, args=None, namespace=None):
        parsed = super().parse_args(args, namespace)
        try:
            import matplotlib  # noqa: F401  (the figures; checked before the computation, not after)
        except ImportError:
            self.exit(2, "error: this script needs matplotlib: pip install 'nqueens[plot]'\n")
        return parsed


def parser(description):
    """An argument parser whose first argument is the output folder (and that needs matplotlib, for the figures)."""
    p = _Parser(description=description)
    p.add_argument("out", type=_folder, help="folder to write the Markdown table and the figure into (created)")
    return p


def run(main, argv=None):
    """Call ``main(argv)`` and turn a library error, or a file that cannot be written, into one line on stderr and
    exit status 2."""
    try:
        return main(argv)
    except NQueensError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the disk filled up, or the folder went away, during the run
        print(f"error: cannot write {exc.filename or 'the report'}: {exc.strerror or exc}", file=sys.stderr)
        return 2


def _folder(text):
    """The output folder, created and tried with a file before any computation: one that cannot be written is
    refused now, not after the run."""
    import tempfile

    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot write into {text!r}: {exc.strerror or exc}") from None
    return path


def report_header(title, script, argv):
    """The first lines of a report: what it is, the command that made it, where and when."""
    argv = sys.argv[1:] if argv is None else argv
    command = " ".join(["python", f"scripts/{script}"] + [str(a) for a in argv])
    stamp = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    return (
        f"# {title}\n\n"
        f"Made by `{command}` with nqueens {nqueens.__version__} on {platform.node() or 'this machine'}, {stamp}.\n\n"
    )


def published():
    """The published values kept as test data in ``tests/known.py`` (OEIS A000170, A002562; Knuth's profile)."""
    sys.path.insert(0, str(_ROOT / "tests"))
    try:
        import known
    finally:
        sys.path.pop(0)
    return known
