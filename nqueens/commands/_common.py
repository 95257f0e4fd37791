"""Argument types and output helpers shared by the subcommands."""

import argparse
import json
import sys

from nqueens.board import check_n
from nqueens.errors import NQueensError

__all__ = ["board_size", "positive", "key_value", "print_json", "add_solver_options"]


def board_size(text):
    """argparse type for ``N``: an integer >= 1, with the library's message otherwise."""
    try:
        return check_n(text, what="N")
    except NQueensError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def positive(what):
    """argparse type for a count such as ``--limit``: an integer >= 1."""

    def parse(text):
        try:
            return check_n(text, what=what)
        except NQueensError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = what
    return parse


def key_value(text):
    """argparse type for ``--option NAME=VALUE``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"--option takes NAME=VALUE, got {text!r}")
    return name.strip().replace("-", "_"), value.strip()


def add_solver_options(parser):
    """``--option NAME=VALUE`` (repeatable): a solver-specific keyword."""
    parser.add_argument(
        "-o",
        "--option",
        dest="options",
        action="append",
        type=key_value,
        default=[],
        metavar="NAME=VALUE",
        help="a solver-specific option (see `nqueens solvers`); repeatable",
    )


def print_json(doc):
    json.dump(doc, sys.stdout, indent=2)
    sys.stdout.write("\n")
