"""The models as text in the formats other tools read: DIMACS CNF, LP and MPS, MiniZinc.

Each writer returns strings and writes no file, so that users can run our models in the tools they already have:
a SAT solver or a model counter (:func:`dimacs`), a MIP solver (:func:`lp`, :func:`mps`), MiniZinc
(:func:`minizinc`). All take an :class:`~nqueens.core.instance.Instance` (or an int for the plain problem) and write
its constraints as the corresponding model does: unit clauses, fixed variables, ``q[r] != c``.

- DIMACS: the clauses of :func:`nqueens.models.sat.clauses`; board variable ``r * n + c + 1``. The board
  variables are the projection set a model counter must count over, since the encoding's auxiliary variables are
  not part of a solution; the file says so twice: ``c t pmc`` and ``c p show ... 0`` (the model counting
  competition's format since 2024, read by current Ganak, d4 and SharpSAT-TD) and ``c ind ... 0`` (the older
  convention of ApproxMC and earlier Ganak).
- LP (CPLEX LP format) and MPS (free MPS): the 0-1 program of :mod:`nqueens.models.mip`, variables ``x_r_c``, no
  objective, written by OR-tools' own writers from the very model ``mip`` solves (``ExportModelAsLpFormat``,
  ``ExportModelAsMpsFormat``), so the model exists once.
- MiniZinc: the CP model (``q[i]`` the column of row ``i``, three ``all_different``), 1-based as MiniZinc
  models are; the data file gives ``n`` and the instance.

- XCSP3: the CP model as an XCSP3 instance (XML, 0-based), written by pycsp3, for any XCSP3 solver (ACE,
  Choco, Picat, CPMpy's reader): ``q[i]`` the column of row ``i``, three ``allDifferent``, the instance's squares
  as ``ne``/``eq`` constraints.

Every writer takes an attack ``rule`` (:mod:`nqueens.core.rules`): the rule's diagonals (wrapped on a torus,
``mod n`` in MiniZinc) and, for ``superqueen``, a clause, a row or a constraint per pair of squares a knight apart.

Examples
--------
>>> text = dimacs(4, encoding="pairwise")
>>> text.splitlines()[1:4]
['c t pmc', 'c ind 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 0', 'p cnf 16 84']
>>> [line for line in lp(2).splitlines() if line.startswith(" row_0")]
[' row_0: +1 x_0_0 +1 x_0_1  = 1']
"""

import threading

from nqueens.core.errors import NQueensError
from nqueens.core.instance import as_instance
from nqueens.core.rules import KNIGHT_STEPS, get_rule

__all__ = ["dimacs", "lp", "mps", "minizinc", "xcsp3"]


def dimacs(problem, *, encoding="pairwise", rule="queen"):
    """The SAT model in DIMACS CNF, projected on the ``n * n`` board variables (``c p show`` and ``c ind``)."""
    from nqueens.models.sat import clauses

    inst = as_instance(problem)
    n = inst.n
    cnf, top = clauses(n, encoding=encoding, instance=None if inst.is_plain else inst, rule=rule)
    lines = [
        f"c nqueens {_describe(inst, rule)}: variable r*{n}+c+1 is a queen on square (r, c), 0-based; "
        f"encoding {encoding}",
        "c t pmc",
        "c ind " + " ".join(str(v) for v in range(1, n * n + 1)) + " 0",
        f"p cnf {top} {len(cnf)}",
        "c p show " + " ".join(str(v) for v in range(1, n * n + 1)) + " 0",
    ]
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in cnf)
    return "\n".join(lines) + "\n"


def lp(problem, *, rule="queen"):
    """The 0-1 integer program of :func:`nqueens.models.mip.model` in CPLEX LP format, written by OR-tools."""
    return _mip_text(problem, rule, "\\", lambda solver: solver.ExportModelAsLpFormat(False))  # names kept


def mps(problem, *, rule="queen"):
    """The 0-1 integer program of :func:`nqueens.models.mip.model` in free MPS format, written by OR-tools."""
    # free format, names kept
    return _mip_text(problem, rule, "*", lambda solver: solver.ExportModelAsMpsFormat(False, False))


# Bytes per n^2 that building the LP or MPS text takes (OR-tools' model, its proto and the text, outside Python's
# own allocations, so :func:`estimate` does not see them): measured 113 MB at n = 400, 420 MB at n = 800.
MIP_MEMORY = 800


def _mip_text(problem, rule, comment, write):
    """The model ``mip`` solves (one home for it: :func:`nqueens.models.mip.model`) as ``write`` writes it, after
    a line (a comment, ``comment`` first) that says what it is."""
    from nqueens.models.mip import model

    inst = as_instance(problem)
    solver, _ = model(inst.n, instance=None if inst.is_plain else inst, rule=rule)
    return f"{comment} nqueens {_describe(inst, rule)}: x_r_c = 1 is a queen on square (r, c), 0-based\n{write(solver)}"


def minizinc(problem, *, rule="queen"):
    """The CP model as a MiniZinc model and its data: ``(model text, data text)``.

    The model text alone is the general model for any ``n`` and instance (under ``rule``); the data text gives them.
    """
    inst = as_instance(problem)
    n = inst.n
    model = _MZN_HEAD + _MZN_RULE[get_rule(rule).name] + _MZN_TAIL
    data = "\n".join(
        [
            f"% nqueens {_describe(inst, rule)}",
            f"n = {n};",
            f"blocked = {_pairs(inst.blocked)};",
            f"queens = {_pairs(inst.queens)};",
            f"excluded_sum = {_set(inst.excluded_sum)};",
            f"excluded_difference = {_set(inst.excluded_difference)};",
        ]
    )
    return model, data + "\n"


_MZN_HEAD = """% nqueens: the CP model (q[i] is the column of the queen in row i), 1-based; data: n and the instance.
include "all_different.mzn";

int: n;
% blocked squares and pre-placed queens, one [row, column] pair per line
array[int, 1..2] of int: blocked;
array[int, 1..2] of int: queens;
% diagonals that may hold no queen, by (row - 1) + (column - 1) and (row - 1) - (column - 1)
set of int: excluded_sum;
set of int: excluded_difference;

array[1..n] of var 1..n: q;

constraint all_different(q);
"""
_MZN_RULE = {
    "queen": """constraint all_different([q[i] + i | i in 1..n]);
constraint all_different([q[i] - i | i in 1..n]);
""",
    "superqueen": """constraint all_different([q[i] + i | i in 1..n]);
constraint all_different([q[i] - i | i in 1..n]);
% superqueens: no two a knight's move apart
constraint forall(i in 1..n - 1)(abs(q[i + 1] - q[i]) != 2);
constraint forall(i in 1..n - 2)(abs(q[i + 2] - q[i]) != 1);
""",
    "toroidal": """% toroidal queens: the diagonals wrap around the board
constraint all_different([(q[i] + i) mod n | i in 1..n]);
constraint all_different([(q[i] - i + n) mod n | i in 1..n]);
""",
}
_MZN_TAIL = """
constraint forall(k in index_set_1of2(blocked))(q[blocked[k, 1]] != blocked[k, 2]);
constraint forall(k in index_set_1of2(queens))(q[queens[k, 1]] = queens[k, 2]);
constraint forall(i in 1..n)(not ((i - 1) + (q[i] - 1) in excluded_sum));
constraint forall(i in 1..n)(not ((i - 1) - (q[i] - 1) in excluded_difference));

solve :: int_search(q, first_fail, indomain_min) satisfy;

output [show(q), "\\n"];
"""


_PYCSP3 = threading.Lock()  # pycsp3 builds its model in module-level state: one model at a time


def xcsp3(problem, *, rule="queen"):
    """The CP model as an XCSP3 instance (the XML text), written by pycsp3.

    ``q[i]`` (0-based) is the column of the queen in row ``i``; all different on ``q``, ``q[i] + i`` and
    ``q[i] - i`` (``mod n`` on a torus; ``|q[i + d] - q[i]| != k`` for a superqueen's knight steps); an instance
    adds ``q[r] != c`` for every square no queen may take and ``q[r] = c`` for every placed queen. The toolkit
    reads the file back (:func:`nqueens.core.xcsp3.parse_xcsp3`), the rule of a torus off its wrapped diagonals.
    """
    import contextlib
    import io
    import os
    import sys
    import tempfile

    inst = as_instance(problem)
    n = inst.n
    piece = get_rule(rule)
    with _PYCSP3, contextlib.redirect_stdout(io.StringIO()), tempfile.TemporaryDirectory() as folder:
        # pycsp3 reads sys.argv when it is imported (a script to compile at exit, or a console) and compiles the
        # model at exit unless told it is done: import it as a console, load its options, and mark it done.
        saved = sys.argv
        sys.argv = ["", "-nocompile"]
        try:
            import pycsp3
            from pycsp3.compiler import Compilation
            from pycsp3.tools.curser import OpOverrider
        except ImportError:
            raise NQueensError("the XCSP3 export needs the package pycsp3: pip install 'nqueens[solvers]'") from None
        finally:
            sys.argv = saved
        Compilation.load(console=True)
        pycsp3.clear()
        OpOverrider.enable()  # the operators on variables (another pycsp3 user, e.g. CPMpy's reader, may turn them off)
        try:
            q = pycsp3.VarArray(size=n, dom=range(n), id="q")
            if piece.wrap:
                diagonals_ = [
                    pycsp3.AllDifferent((q[i] + i) % n for i in range(n)),
                    pycsp3.AllDifferent((q[i] - i + n) % n for i in range(n)),
                ]
            else:
                diagonals_ = [
                    pycsp3.AllDifferent(q[i] + i for i in range(n)),
                    pycsp3.AllDifferent(q[i] - i for i in range(n)),
                ]
            knights = [q[i + d] - q[i] != k for d, k in KNIGHT_STEPS for i in range(n - d)] if piece.knight else []
            allowed = inst.allowed()
            placed = dict(inst.queens)
            squares = [q[r] != c for r in range(n) for c in range(n) if not allowed[r] >> c & 1]
            queens = [q[r] == c for r, c in sorted(placed.items())]
            pycsp3.satisfy(pycsp3.AllDifferent(q), *diagonals_, *knights, *squares, *queens)
            path = os.path.join(folder, "model.xml")
            pycsp3.compile(path, verbose=-1)
            with open(path) as handle:
                text = handle.read()
        finally:
            pycsp3.clear()
            Compilation.done = True
    return f"<!-- nqueens {_describe(inst, rule)}: q[r] is the column of the queen in row r, 0-based -->\n{text}"


def _describe(inst, rule="queen"):
    text = str(inst).replace("n = ", "n=", 1)
    return text if get_rule(rule).name == "queen" else f"{text}, rule {get_rule(rule).name}"


def _pairs(squares):
    if not squares:
        return "array2d(1..0, 1..2, [])"
    return "[|" + "|".join(f" {r + 1}, {c + 1}" for r, c in squares) + " |]"


def _set(values):
    return "{" + ", ".join(map(str, values)) + "}"


# The boards the size of an export is measured on, to extrapolate to a larger one.
_PROBES = (24, 48)
# Below this size every writer takes well under a second and a few hundred MiB: not worth the measurement.
_CHECK_FROM = 128


def estimate(write, n):
    """``(bytes, peak)``: about how many bytes ``write(n)`` returns and how much memory building it takes, for a
    board larger than the probes; ``None`` for a small board (nothing to fear).

    Both are measured on two smaller boards (:data:`_PROBES`; the memory with :mod:`tracemalloc`) and extrapolated
    as a power of ``n`` fitted to them, times the growth of the numbers' digits: an estimate for a refusal and a
    message, not an exact figure. ``write`` is any writer of this module with its options bound, so every format
    and encoding is measured the same way.

    Examples
    --------
    >>> size, peak = estimate(lambda m: dimacs(m, encoding="pairwise"), 1000)
    >>> 10**9 < size < 10**11 and peak > size
    True
    """
    if n <= _CHECK_FROM:
        return None
    import math
    import tracemalloc

    write(_PROBES[0])  # once unmeasured: the imports and caches of a first call are not part of the growth
    sizes, peaks = [], []
    for m in _PROBES:
        tracemalloc.start()
        try:
            text = write(m)
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        sizes.append(len(text))
        del text
    digits = math.log10(n * n + 1) / math.log10(_PROBES[-1] ** 2 + 1)  # variable numbers grow in length too

    def extrapolate(small, large):
        power = math.log(large / small) / math.log(_PROBES[1] / _PROBES[0])
        return large * (n / _PROBES[1]) ** power * digits

    size = extrapolate(*sizes)
    return size, max(extrapolate(*peaks), 2 * size)  # the text is held at least twice (its lines, then joined)
