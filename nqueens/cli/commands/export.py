"""``nqueens export N --model M``: the model as DIMACS CNF, LP or MPS, or MiniZinc, for the tools people have.

The writers are :mod:`nqueens.models.export`; this command picks one by ``--model`` (and, for ``mip``, by the
suffix of ``-o``), checks the options and writes the file(s). ``-o -`` or no ``-o`` writes to stdout; MiniZinc
goes to ``FILE.mzn`` and ``FILE.dzn``, or to stdout as one self-contained model (the data items appended).
"""

import os
import sys

from nqueens.cli.commands._common import add_instance_option, add_solver_options, board_size
from nqueens.cli.commands._common import problem as problem_of
from nqueens.cli.commands._rules import add_rules_option
from nqueens.core.errors import NQueensError

_EPILOG = """examples:

  nqueens export 8 --model sat -o q8.cnf                      # DIMACS projected on the board, for SAT solvers and counters
  nqueens export 8 --model sat --option encoding=seqcounter   # another cardinality encoding (auxiliary variables), on stdout
  nqueens export 40 --model mip -o q40.mps                    # the 0-1 program as MPS (.lp for LP format)
  nqueens export 12 --model minizinc -o q12.mzn               # q12.mzn and q12.dzn, for `minizinc q12.mzn q12.dzn`
  nqueens export 11 --rules toroidal --model sat -o t11.cnf  # another attack rule (superqueen, toroidal)
  nqueens export 8 --model xcsp3 -o q8.xml                    # XCSP3, for ACE, Choco, Picat or CPMpy's reader
  nqueens export --instance tests/data/block-10-40-3.param --model sat -o b10.cnf   # a problem instance
  nqueens export 10 --problem domination --model mip -o d10.mps           # the optimisation models too
  nqueens export 8 --problem peaceable --model sat --option symmetry=yes -o p8.wcnf   # weighted MaxSAT
"""

# --problem domination|peaceable: model -> (formats by suffix, the default for stdout)
_OPT_MODELS = {
    "mip": ((".lp", ".mps"), ".lp"),
    "sat": ((".wcnf",), ".wcnf"),
    "minizinc": ((".mzn",), ".mzn"),
    "cp": ((".mzn",), ".mzn"),
}

# model -> (formats by suffix, the default format for stdout, the options it takes)
_MODELS = {
    "sat": ((".cnf", ".dimacs"), ".cnf", ("encoding",)),
    "mip": ((".lp", ".mps"), ".lp", ()),
    "cp": ((".mzn",), ".mzn", ()),
    "cpmpy": ((".mzn",), ".mzn", ()),
    "minizinc": ((".mzn",), ".mzn", ()),
    "xcsp3": ((".xml",), ".xml", ()),
}


def add_parser(sub):
    parser = sub.add_parser(
        "export",
        help="write a model as DIMACS CNF, LP/MPS, MiniZinc or XCSP3",
        description="Write the n-queens model of one formulation in a format other tools read: sat as DIMACS CNF "
        "(with a 'c ind' projection line on the board variables), mip as LP or MPS (by the suffix of -o), "
        "cp, cpmpy and minizinc as a MiniZinc model and data file, xcsp3 as an XCSP3 instance (pycsp3). "
        "--instance FILE writes the model of a problem instance.",
        epilog=_EPILOG,
    )
    parser.add_argument("n", type=board_size, metavar="N", nargs="?", help="board size, an integer >= 1")
    add_instance_option(parser)
    parser.add_argument("--model", required=True, metavar="M", help=f"one of {', '.join(_MODELS)}")
    add_rules_option(parser, "the model written for it")
    add_solver_options(parser, short=False, help="a model option (sat: encoding=...); repeatable")
    parser.add_argument("-o", "--output", metavar="FILE", help="the file to write ('-' or none: stdout)")
    parser.add_argument(
        "--problem",
        choices=("nqueens", "domination", "peaceable"),
        default="nqueens",
        help="nqueens (default), or an optimisation problem: domination or peaceable, as mip (LP, MPS), sat "
        "(weighted MaxSAT, .wcnf) or minizinc (.mzn); --option symmetry=yes adds symmetry breaking",
    )
    parser.set_defaults(run=run)


def _export_optimization(args):
    from nqueens.core.optimization import MAX_N
    from nqueens.tools import optimization_export as export

    if args.rules is not None:
        raise NQueensError(f"--rules applies to the n-queens models, not to --problem {args.problem}")
    if args.instance is not None:
        raise NQueensError(f"--instance applies to the n-queens models, not to --problem {args.problem}")
    if args.n is None:
        raise NQueensError("give N (the board size)")
    if args.model not in _OPT_MODELS:
        raise NQueensError(
            f"--problem {args.problem}: --model must be one of {', '.join(_OPT_MODELS)}; got {args.model!r}"
        )
    if args.n > MAX_N:
        raise NQueensError(f"--problem {args.problem} exports boards up to n = {MAX_N}; got {args.n}")
    given = dict(args.options)
    unknown = sorted(set(given) - {"symmetry"})
    if unknown:
        raise NQueensError(f"--problem {args.problem} has no option {unknown[0]!r}; its option: symmetry=yes|no")
    yes = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
    flag = given.get("symmetry", "no").lower()
    if flag not in yes:
        raise NQueensError(f"--option symmetry takes yes or no; got {given['symmetry']!r}")
    suffix, to_stdout = _suffix(args, *_OPT_MODELS[args.model], f"--problem {args.problem} ")
    text = export(args.problem, args.n, suffix[1:], symmetry=yes[flag])
    _write(None if to_stdout else args.output, text)
    return 0


def run(args):
    from nqueens.tools import model_exports

    export = model_exports()

    if args.problem != "nqueens":
        return _export_optimization(args)

    if args.model not in _MODELS:
        raise NQueensError(f"--model must be one of {', '.join(_MODELS)}; got {args.model!r}")
    suffixes, default, allowed = _MODELS[args.model]
    options = _options(args.model, dict(args.options), allowed)  # none but sat's, which only dimacs takes
    suffix, to_stdout = _suffix(args, suffixes, default)
    problem = problem_of(args)
    args.n = problem if isinstance(problem, int) else problem.n
    rule = args.rules or "queen"

    def build(problem):
        if suffix != ".mzn":  # .cnf and .dimacs: DIMACS
            writer = {".lp": export.lp, ".mps": export.mps, ".xml": export.xcsp3}.get(suffix, export.dimacs)
            return [(args.output, writer(problem, **options, rule=rule))]
        model, data = export.minizinc(problem, rule=rule)
        if to_stdout:
            return [(None, model + "\n" + data)]
        return [(args.output, model), (os.path.splitext(args.output)[0] + ".dzn", data)]

    estimate = export.estimate(lambda m: "".join(text for _, text in build(m)), args.n)
    if estimate is not None and suffix in (".lp", ".mps"):  # OR-tools builds the model outside Python's heap
        estimate = (estimate[0], max(estimate[1], export.MIP_MEMORY * args.n**2))
    _check_size(args, estimate, to_stdout)
    files = _interruptible(build, problem)
    for path, text in files:
        _write(None if to_stdout else path, text)
    return 0


def _suffix(args, suffixes, default, problem=""):
    """The suffix of ``-o`` (``default`` for stdout), one of the model's ``suffixes``, and whether to stdout."""
    to_stdout = args.output in (None, "-")
    suffix = default if to_stdout else os.path.splitext(args.output)[1].lower()
    if suffix not in suffixes:
        raise NQueensError(
            f"{problem}--model {args.model} writes {' or '.join(suffixes)} files; got {args.output!r} "
            "(or use -o - for stdout)"
        )
    return suffix, to_stdout


def _check_size(args, estimate, to_stdout):
    """Refuse, with the bytes, an export that would not fit in memory while it is built or on the disk."""
    if estimate is None:
        return
    import shutil

    from nqueens.core.memory import describe, room

    size, peak = estimate
    what = f"export {args.n} --model {args.model} would write about {describe(size)}"
    free, words = room()
    if peak > free:
        raise NQueensError(f"{what} and needs about {describe(peak)} of memory to build it; {words}")
    if not to_stdout:
        folder = os.path.dirname(os.path.abspath(args.output))
        if os.path.isdir(folder) and size > shutil.disk_usage(folder).free:
            raise NQueensError(f"{what}; the disk of {folder} has {describe(shutil.disk_usage(folder).free)} free")


def _interruptible(build, problem):
    """``build(problem)``, with pysat's own report of a Ctrl-C inside its encoder turned into the interrupt."""
    try:
        return build(problem)
    except Exception as exc:
        if "keyboard interrupt" in str(exc).lower():  # pysat's pycard.error('Caught keyboard interrupt')
            raise KeyboardInterrupt from None
        raise


def _options(model, given, allowed):
    """The model's options, checked against the registry's definitions of the same names."""
    unknown = sorted(set(given) - set(allowed))
    if unknown:
        raise NQueensError(f"--model {model} has no option {unknown[0]!r}; its options: {', '.join(allowed) or 'none'}")
    if not given:
        return {}
    from nqueens.registry import get_solver

    spec = {opt.name: opt for opt in get_solver(model).options}
    return {name: spec[name].parse(value) for name, value in given.items()}


def _write(path, text):
    if path is None:
        sys.stdout.write(text)
        return
    # Written beside it and renamed when whole: an interrupted or failed write leaves no file that looks done.
    from nqueens.core.files import replaced

    try:
        with replaced(path) as handle:
            handle.write(text)
    except OSError as exc:
        raise NQueensError(f"cannot write {path}: {exc.strerror}") from None
