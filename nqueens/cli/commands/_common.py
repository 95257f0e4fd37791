"""Argument types and output helpers shared by the subcommands."""

import argparse
import json
import sys

from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError

__all__ = [
    "board_size",
    "positive",
    "key_value",
    "print_json",
    "add_solver_options",
    "add_instance_option",
    "collect_options",
    "problem",
    "epilog",
]


def epilog(*examples):
    """The ``--help`` epilog: a few example command lines."""
    return "examples:\n\n" + "\n".join(f"  {line}" for line in examples)


def add_instance_option(parser):
    """``--instance FILE``: solve a problem instance (Essence' parameter file or JSON) instead of the plain board."""
    parser.add_argument(
        "--instance",
        metavar="FILE",
        help="a problem instance file (Essence' .param, .json or XCSP3 .xml: blocked squares, placed queens, "
        "excluded diagonals); N then must be left out or equal the file's n",
    )
    parser.add_argument(
        "--diagonals",
        "--numdiags",
        type=whole("--diagonals"),
        metavar="M",
        help="with an excluded-diagonals --instance (CSPLib prob079's diags list): exclude only its first M "
        "diagonals, the JAIR 2017 paper's instance with M diagonals (numdiags of queens-diag-transform.py)",
    )


def problem(args):
    """The problem of a command: ``args.n``, or the instance of ``--instance FILE`` (whose n must agree); a file
    that states its attack rule (an XCSP3 model of the torus) sets ``args.rules``."""
    path = getattr(args, "instance", None)
    diagonals = getattr(args, "diagonals", None)
    if path is None:
        if diagonals is not None:
            raise NQueensError("--diagonals M takes the first M diagonals of an --instance FILE; give the file")
        if args.n is None:
            raise NQueensError("give N (the board size) or --instance FILE")
        return args.n
    from nqueens.core.instance_io import read_instance

    instance, rule = read_instance(path, diagonals=diagonals, rule=True)
    if rule != "queen":  # the file's own rule (an XCSP3 model of the torus), as --rules would say it
        if not hasattr(args, "rules"):
            raise NQueensError(f"{path} states the {rule} rule; this command solves only the queen's")
        if args.rules not in (None, rule):
            raise NQueensError(f"--rules {args.rules} but the instance {path} states the {rule} rule")
        args.rules = rule
    if args.n is not None and args.n != instance.n:
        raise NQueensError(f"N = {args.n} but the instance {path} has n = {instance.n}; leave N out or make them agree")
    return instance


def one_column(spec, one, example):
    """``--solver NAME:OPT=VALUE...`` as ``(solver, options)``, read as compare reads a column; a list is refused
    (``one`` says what the option takes, ``example`` shows it)."""
    from nqueens.experiments.columns import parse_solvers

    if "," in spec:
        raise NQueensError(f"--solver {spec!r}: {one}, options after colons ({example})")
    column = parse_solvers(spec)[0]
    return column.solver, column.options


def collect_options(pairs, flags=()):
    """``--option NAME=VALUE`` pairs (and ``(name, value)`` command-line flags that map to solver options) as a
    dict; a name given twice is refused, even with the same value."""
    options = {}
    for name, value in list(pairs) + [(name, value) for name, value in flags if value is not None]:
        if name in options:
            raise NQueensError(
                f"the solver option {name!r} is given twice (a flag and --option, or two --option); give it once"
            )
        options[name] = value
    return options


def positive(what):
    """argparse type for a count such as ``--limit``: an integer >= 1, with the library's message otherwise."""

    def parse(text):
        try:
            return check_n(text, what=what)
        except NQueensError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = what
    return parse


board_size = positive("N")  # argparse type for ``N``, the board size


def whole(what):
    """argparse type for a count that may be 0 (``--diagonals``, ``K``): what ``int`` reads, >= 0."""

    def parse(text):
        try:
            value = int(text)
        except ValueError:
            value = -1
        if value < 0:
            raise argparse.ArgumentTypeError(f"{what} must be an integer >= 0, got {text!r}")
        return value

    parse.__name__ = what
    return parse


def natural(what):
    """argparse type for a seed or a step count: ASCII digits only (no sign), >= 0."""

    def parse(text):
        if not text.strip().isdigit() or not text.isascii():
            raise argparse.ArgumentTypeError(f"{what} must be an integer >= 0, got {text!r}")
        return int(text)

    parse.__name__ = what
    return parse


def mebibytes(what):
    """argparse type for a memory limit such as ``--memory``: MiB as an integer, or a size with a unit (``512M``,
    ``4G``, ``4GiB``; powers of 1024), in whole MiB."""
    import re

    units = {"K": 1 / 1024, "M": 1, "G": 1024, "T": 1024 * 1024}

    def parse(text):
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:([KMGT])(?:i?B)?)?\s*", str(text), re.IGNORECASE)
        value = None if found is None else float(found[1]) * units[(found[2] or "M").upper()]
        if value is None or value < 1:
            raise argparse.ArgumentTypeError(
                f"{what} must be a size of at least 1 MiB: MiB as an integer, or with a unit (512M, 4G), got {text!r}"
            )
        return int(value)

    parse.__name__ = what
    return parse


def positive_float(what):
    """argparse type for a quantity such as ``--timeout``: a finite number > 0."""

    def parse(text):
        try:
            value = float(text)
        except ValueError:
            value = None
        if value is None or not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"{what} must be a positive number, got {text!r}")
        return value

    parse.__name__ = what
    return parse


def key_value(text):
    """argparse type for ``--option NAME=VALUE``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        hint = " (-o is --option here, not an output file: redirect the output with > FILE)" if not sep else ""
        raise argparse.ArgumentTypeError(f"--option takes NAME=VALUE, got {text!r}{hint}")
    if not value.strip():
        raise argparse.ArgumentTypeError(f"--option {name.strip()}= needs a value after '=', got {text!r}")
    return name.strip().replace("-", "_"), value.strip()


def add_solver_options(parser, *, short=True, help="a solver-specific option (see `nqueens solvers`); repeatable"):
    """``--option NAME=VALUE`` (repeatable): a solver-specific keyword; ``-o`` too unless ``short`` is false (for
    commands whose ``-o`` is the output file)."""
    parser.add_argument(
        *(("-o", "--option") if short else ("--option",)),
        dest="options",
        action="append",
        type=key_value,
        default=[],
        metavar="NAME=VALUE",
        help=help,
    )


def about(x):
    """An estimate for people, in the one format of the command line: a whole number with thousands separators
    (``43,797``) up to 10**15, beyond that four significant digits (``4.380e+22``).

    Examples
    --------
    >>> about(2056.6), about(4.3797e22), about(float("inf"))
    ('2,057', '4.380e+22', 'inf')
    """
    if x != x or abs(x) == float("inf"):
        return str(x)
    return f"{x:,.0f}" if abs(x) < 1e15 else f"{x:.3e}"


def print_json(doc):
    """One JSON document on stdout: strict JSON, so a number that is not finite is null (JSON has no Infinity
    or NaN, and strict readers refuse them)."""
    from nqueens.core.fields import finite

    json.dump(finite(doc), sys.stdout, indent=2, allow_nan=False)
    sys.stdout.write("\n")
