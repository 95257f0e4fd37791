"""Queens domination and peaceable queens as models: the pieces every solver's model shares, and the exports.

The models (``x[r][c]``, ``w[r][c]``, ``b[r][c]`` are 0-1; a *line* is a row, a column, a diagonal or an
anti-diagonal):

- **domination**: minimise ``sum x`` such that every square is occupied or shares a line with a queen:
  ``sum(x[s] for s in N[t]) >= 1`` for every square ``t``, ``N[t]`` being ``t`` and the squares on its four lines.
- **peaceable**: maximise ``sum w`` with ``sum w = sum b``; a square holds at most one queen, and no line holds
  queens of both colours. The line form (``lw[L]``, ``lb[L]``: line ``L`` holds a white, a black queen;
  ``w[s] <= lw[L]``, ``b[s] <= lb[L]``, ``lw[L] + lb[L] <= 1``) has ``O(n^2)`` constraints where the pairwise
  form (``w[s] + b[t] <= 1`` for attacking ``s, t``) has ``O(n^3)``; the line form is also the stronger LP.

Symmetry breaking (option ``symmetry``, :func:`symmetry`) keeps one of every orbit under the reflections that
preserve the quantities compared: the queens in the top half are at least those in the bottom half (the
horizontal mirror swaps the two and keeps the left and right halves), those in the left half at least those in the
right half (the vertical mirror); for ``peaceable``, counted over both armies, and then the white queens in the top
half at least the black ones there (swapping the colours keeps the first two). Every solution has an image that
satisfies them, so the optimum is unchanged; the diagonal symmetries are left alone, since a condition for them
would not be compatible with these in every case.

Each solver's optimisation hook (``optimize``, see :meth:`nqueens.core.protocol.Solver.optimizer`) lives in its own
module beside its other code: ``cpsat`` (CP-SAT's own optimisation, every improvement from a solution callback),
``cp`` (the classic CP solver with an objective monitor), ``mip`` (SCIP through ``pywraplp``, on :func:`mip_model`),
``sat`` (a linear search over bounds on one incremental SAT solver, :func:`sat_model`) and ``cpmpy`` (the line
model on a CPMpy backend). The experiment runner verifies every solution they report.
"""

from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.optimization import check_problem

__all__ = ["lines", "neighbourhood", "squares", "line_model", "solution_of", "symmetry", "sat_model", "export"]


def lines(n):
    """The lines of the board (rows, columns, diagonals, anti-diagonals), each a list of squares."""
    out = [[(r, c) for c in range(n)] for r in range(n)]
    out += [[(r, c) for r in range(n)] for c in range(n)]
    out += [[(r, r - d) for r in range(n) if 0 <= r - d < n] for d in range(-(n - 1), n)]
    out += [[(r, s - r) for r in range(n) if 0 <= s - r < n] for s in range(2 * n - 1)]
    return out


def neighbourhood(n, square):
    """The square and every square on one of its four lines (what a queen there dominates)."""
    r0, c0 = square
    return [(r, c) for r in range(n) for c in range(n) if r == r0 or c == c0 or r - c == r0 - c0 or r + c == r0 + c0]


def squares(n):
    """Every square of the n x n board, row by row."""
    return [(r, c) for r in range(n) for c in range(n)]


def symmetry(problem, n, board):
    """The symmetry-breaking constraints (see the module docstring) as pairs ``(more, fewer)`` of lists of 0-1
    variables of ``board`` (``{"x": ...}`` or ``{"w": ..., "b": ...}``, square -> variable): ``sum(more) >=
    sum(fewer)``."""
    if n < 2:
        return []
    top = [(r, c) for r in range(n // 2) for c in range(n)]
    bottom = [(n - 1 - r, c) for r, c in top]
    left = [(r, c) for r in range(n) for c in range(n // 2)]
    right = [(r, n - 1 - c) for r, c in left]

    def every(cells):
        return [army[s] for s in cells for army in board.values()]

    pairs = [(every(top), every(bottom)), (every(left), every(right))]
    if problem == "peaceable":
        pairs.append(([board["w"][s] for s in top], [board["b"][s] for s in top]))
    return pairs


def line_model(problem, n, boolvar, add, total=sum, *, symmetric=False):
    """The line model of ``problem`` in any modelling API with 0-1 variables and linear constraints written with
    Python's operators (CP-SAT, OR-tools' CP solver, ``pywraplp``, CPMpy): ``boolvar(name)`` makes a variable,
    ``add(constraint)`` posts one, ``total(list)`` sums. Returns ``(board, goal)``: the board's variables
    (``{"x": {square: var}}``, or ``"w"`` and ``"b"``) and the objective to minimise (domination) or maximise."""
    cells = squares(n)
    if problem == "domination":
        board = {"x": {s: boolvar(f"x_{s[0]}_{s[1]}") for s in cells}}
        x = board["x"]
        for t in cells:
            add(total([x[s] for s in neighbourhood(n, t)]) >= 1)
        goal = total(list(x.values()))
    else:
        board = {army: {s: boolvar(f"{army}_{s[0]}_{s[1]}") for s in cells} for army in ("w", "b")}
        w, b = board["w"], board["b"]
        for s in cells:
            add(w[s] + b[s] <= 1)
        for k, line in enumerate(lines(n)):
            lw, lb = boolvar(f"lw_{k}"), boolvar(f"lb_{k}")
            for s in line:
                add(w[s] <= lw)
                add(b[s] <= lb)
            add(lw + lb <= 1)
        goal = total(list(w.values()))
        add(goal == total(list(b.values())))
    if symmetric:
        for more, fewer in symmetry(problem, n, board):
            add(total(more) >= total(fewer))
    return board, goal


def solution_of(problem, n, board, value):
    """The solution the 0-1 values ``value(var) -> bool`` of ``board``'s variables make."""
    if problem == "domination":
        return [s for s in squares(n) if value(board["x"][s])]
    return [s for s in squares(n) if value(board["w"][s])], [s for s in squares(n) if value(board["b"][s])]


def mip_model(problem, n, symmetric=False):
    """The 0-1 program on SCIP through ``pywraplp``: ``(solver, board)``, the objective set."""
    from ortools.linear_solver import pywraplp

    solver = pywraplp.Solver.CreateSolver("SCIP")
    if solver is None:
        raise NQueensError("OR-tools was built without SCIP here: the mip model needs it")
    solver.SetSolverSpecificParametersAsString("misc/catchctrlc = FALSE\nlp/threads = 1\n")
    board, goal = line_model(problem, n, lambda name: solver.BoolVar(name), solver.Add, solver.Sum, symmetric=symmetric)
    (solver.Minimize if problem == "domination" else solver.Maximize)(goal)
    return solver, board


# -- SAT (a sequence of bounded decision problems) ----------------------------------------------------------


def sat_model(problem, n, symmetric, bounds=True):
    """The clauses and the variables of the SAT model: a dict with ``clauses``, ``top`` (the largest variable),
    ``x`` or ``w`` and ``b`` (square -> variable), and the bounds: ``goal`` (assume ``-goal[k]``: at most k
    queens) or ``armies(m)`` (assumptions for at least m of each colour); without ``bounds``, neither (and none
    of their clauses)."""
    from pysat.card import ITotalizer

    cells = squares(n)
    x: Any = None
    w: Any = None
    b: Any = None
    goal: Any = None
    armies: Any = None
    ids: dict[Any, Any] = {}

    def var(key):
        return ids.setdefault(key, len(ids) + 1)

    clauses = []
    if problem == "domination":
        x = {s: var(("x", s)) for s in cells}
        clauses += [[x[s] for s in neighbourhood(n, t)] for t in cells]
    else:
        w = {s: var(("w", s)) for s in cells}
        b = {s: var(("b", s)) for s in cells}
        clauses += [[-w[s], -b[s]] for s in cells]
        for k, line in enumerate(lines(n)):
            lw, lb = var(("lw", k)), var(("lb", k))
            clauses += [[-w[s], lw] for s in line] + [[-b[s], lb] for s in line] + [[-lw, -lb]]
    top = [len(ids)]

    def outputs(lits):
        """A totalizer's outputs: ``out[k]`` is forced true when at least k + 1 of ``lits`` are (one direction
        only: assuming ``-out[k]`` allows at most k of them)."""
        tot = ITotalizer(lits=lits, ubound=len(lits), top_id=top[0])
        top[0] = tot.top_id
        clauses.extend(tot.cnf.clauses)
        return list(tot.rhs)

    def at_least(lits_a, lits_b):
        """sum(a) >= sum(b): b reaching k + 1 forces at most len(a) - k - 1 of the negated a, i.e. a >= k + 1."""
        up_b, down_a = outputs(lits_b), outputs([-v for v in lits_a])
        for k in range(len(lits_b)):
            j = len(lits_a) - k - 1
            clauses.append([-up_b[k]] if j < 0 else [-up_b[k], -down_a[j]])

    size = len(cells)
    if not bounds:
        pass
    elif problem == "domination":
        goal = outputs([x[s] for s in cells])  # assume -goal[k]: at most k queens
    else:
        down_w, down_b = outputs([-w[s] for s in cells]), outputs([-b[s] for s in cells])

        def armies(m):  # at least m of each colour: at most size - m of each left empty of it
            return [] if m == 0 else [-down_w[size - m], -down_b[size - m]]

    if symmetric:
        for more, fewer in symmetry(problem, n, {"x": x} if problem == "domination" else {"w": w, "b": b}):
            at_least(more, fewer)
    return {"clauses": clauses, "top": top[0], "x": x, "w": w, "b": b, "goal": goal, "armies": armies}


# -- export ------------------------------------------------------------------------------------------------------

EXPORTS = ("lp", "mps", "wcnf", "mzn")


def export(problem, n, fmt, *, symmetry=False):
    """The model as text other tools read: ``lp`` or ``mps`` (the 0-1 program above, as SCIP gets it), ``wcnf``
    (the SAT model as weighted partial MaxSAT, the 2022 MaxSAT Evaluation format: hard clauses ``h``, one soft
    unit clause of weight 1 per square) or ``mzn`` (a self-contained MiniZinc model).

    For peaceable queens the WCNF states the equal armies as ``sum(w) + sum(not b) = n^2`` (a cardinality
    constraint, pysat's ``CardEnc.equals``) and its softs ask for white queens; the MaxSAT optimum cost is
    ``n^2 - m``. For domination the softs ask for empty squares, the cost is the domination number.
    """
    check_problem(problem)
    if fmt not in EXPORTS:
        raise NQueensError(f"format must be one of {', '.join(EXPORTS)}; got {fmt!r}")
    if fmt in ("lp", "mps"):
        solver, _ = mip_model(problem, n, symmetry)
        return solver.ExportModelAsLpFormat(False) if fmt == "lp" else solver.ExportModelAsMpsFormat(False, False)
    if fmt == "wcnf":
        return _wcnf(problem, n, symmetry)
    return _mzn(problem, n, symmetry)


def _wcnf(problem, n, symmetry):
    from pysat.card import CardEnc, EncType
    from pysat.formula import WCNF

    built = sat_model(problem, n, symmetry, bounds=False)
    cells = squares(n)
    hard = list(built["clauses"])
    if problem == "domination":
        board = {"x": built["x"]}
        soft = [[-built["x"][s]] for s in cells]
    else:
        w, b = built["w"], built["b"]
        board = {"w": w, "b": b}
        equal = CardEnc.equals(
            lits=[w[s] for s in cells] + [-b[s] for s in cells],
            bound=len(cells),
            top_id=built["top"],
            encoding=EncType.totalizer,
        )
        hard += equal.clauses
        soft = [[w[s]] for s in cells]
    formula = WCNF()
    for clause in hard:
        formula.append(clause)
    for clause in soft:
        formula.append(clause, weight=1)
    sense = "minimise the queens" if problem == "domination" else f"maximise the white queens: cost = {n * n} - m"
    comments = [f"c nqueens {problem} n = {n}{', symmetry breaking' if symmetry else ''}: {sense}"]
    for name, variables in board.items():
        comments.append(
            f"c {name}[r][c] for r, c = 0..{n - 1} row by row: " + " ".join(str(variables[s]) for s in cells)
        )
    return "\n".join(comments) + "\n" + formula.to_dimacs() + "\n"


def _mzn(problem, n, symmetry):
    attack = "(i == r \\/ j == c \\/ i - j == r - c \\/ i + j == r + c)"
    out = [
        f"% nqueens: {problem} on the {n} x {n} board" + (", with symmetry breaking" if symmetry else ""),
        f"int: n = {n};",
        "set of int: N = 1..n;",
    ]
    half = "n div 2"
    if problem == "domination":
        out += [
            "array[N, N] of var 0..1: x;",
            "% every square is occupied or shares a row, column or diagonal with a queen",
            f"constraint forall(r, c in N)(sum(i, j in N where {attack})(x[i, j]) >= 1);",
        ]
        amount = "x[i, j]"
    else:
        out += [
            "array[N, N] of var 0..1: w;",
            "array[N, N] of var 0..1: b;",
            "constraint forall(r, c in N)(w[r, c] + b[r, c] <= 1);",
            "% no queen attacks one of the other colour",
            f"constraint forall(r, c, i, j in N where (i != r \\/ j != c) /\\ {attack})(w[r, c] + b[i, j] <= 1);",
            "constraint sum(w) = sum(b);",
        ]
        amount = "(w[i, j] + b[i, j])"
    if symmetry:
        out += [
            "% symmetry breaking: top half >= bottom half, left half >= right half",
            f"constraint sum(i in 1..{half}, j in N)({amount}) >= sum(i in n - {half} + 1..n, j in N)({amount});",
            f"constraint sum(i in N, j in 1..{half})({amount}) >= sum(i in N, j in n - {half} + 1..n)({amount});",
        ]
        if problem == "peaceable":
            out.append(f"constraint sum(i in 1..{half}, j in N)(w[i, j]) >= sum(i in 1..{half}, j in N)(b[i, j]);")
    if problem == "domination":
        out += [
            "solve minimize sum(x);",
            'output ["queens: \\(sum(x))\\n"] ++ [if fix(x[r, c]) = 1 then "Q" else "." endif ++ '
            'if c = n then "\\n" else "" endif | r, c in N];',
        ]
    else:
        out += [
            "solve maximize sum(w);",
            'output ["each army: \\(sum(w))\\n"] ++ [if fix(w[r, c]) = 1 then "W" elseif fix(b[r, c]) = 1 '
            'then "B" else "." endif ++ if c = n then "\\n" else "" endif | r, c in N];',
        ]
    return "\n".join(out) + "\n"
