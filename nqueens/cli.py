"""The ``nqueens`` command line: a thin layer over the library (like CPython's ``json.tool``).

Each subcommand lives in :mod:`nqueens.commands` as a module with ``add_parser(subparsers)`` and
``run(args) -> int``. Library errors (:class:`~nqueens.errors.NQueensError`) and bad arguments become one line
``error: ...`` on stderr and exit status 2; Ctrl-C exits 130 after the library has saved what it finished.
"""

import argparse
import importlib
import sys

from nqueens.errors import NQueensError

__all__ = ["main", "COMMANDS"]

# The subcommands, in the order `nqueens --help` lists them.
COMMANDS = ("solvers", "count", "solve", "tree", "compare", "runs", "estimate", "construct", "view", "history", "store")


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one ``error:`` line (no usage block) and exit status 2."""

    def error(self, message):
        self.exit(2, f"error: {message} (see '{self.prog} --help')\n")


def build_parser():
    from nqueens import __version__

    parser = _Parser(
        prog="nqueens",
        description="Compare constraint models of the N-Queens problem: count, enumerate, measure.",
    )
    parser.add_argument("--version", action="version", version=f"nqueens {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"nqueens.commands.{name}").add_parser(sub)
    return parser


def main(argv=None):
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except NQueensError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `nqueens solve 12 | head`: the reader left; not an error of ours.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
