"""What the research scripts share: the command line, the output folder, Markdown tables, published values.

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

__all__ = ["parser", "run", "markdown_table", "report_header", "published"]

_ROOT = Path(__file__).resolve().parent.parent


class _Parser(argparse.ArgumentParser):
    """An argument parser that, once the arguments are read, makes sure matplotlib is there for the figures."""

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
    p.add_argument("out", type=Path, help="folder to write the Markdown table and the figure into (created)")
    return p


def run(main, argv=None):
    """Call ``main(argv)`` and turn a library error into one line on stderr and exit status 2."""
    try:
        return main(argv)
    except NQueensError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def markdown_table(columns, rows):
    """A Markdown table; numbers are right-aligned and integers get thousands separators.

    Examples
    --------
    >>> print(markdown_table(["n", "total"], [[8, 92], [12, 14200]]), end="")
    | n | total |
    |--:|--:|
    | 8 | 92 |
    | 12 | 14,200 |
    """

    def cell(value):
        if value is None:
            return "-"
        if isinstance(value, bool):
            return "yes" if value else "**no**"
        if isinstance(value, int):
            return f"{value:,}" if abs(value) < 10**15 else _scientific(value)
        if isinstance(value, float):
            return f"{value:,.0f}" if 1000 <= abs(value) < 10**7 else f"{value:.4g}"
        return str(value)

    from nqueens.core.table import render

    numeric = {
        c: all(isinstance(row[i], (int, float)) or row[i] is None for row in rows) for i, c in enumerate(columns)
    }
    return render(columns, [[cell(v) for v in row] for row in rows], style="compact", right=numeric.get)


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


def _scientific(value):
    digits = str(abs(value))
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
