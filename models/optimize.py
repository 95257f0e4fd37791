"""Queens domination and peaceable queens as optimisation models, one per solver family: CP-SAT, OR-tools' CP
solver, SCIP (MIP) and SAT (pysat).

The models (``x[r][c]``, ``w[r][c]``, ``b[r][c]`` are 0-1; a *line* is a row, a column, a diagonal or an
anti-diagonal):

- **domination**: minimise ``sum x`` such that every square is occupied or shares a line with a queen:
  ``sum(x[s] for s in N[t]) >= 1`` for every square ``t``, ``N[t]`` being ``t`` and the squares on its four lines.
- **peaceable**: maximise ``sum w`` with ``sum w = sum b``; a square holds at most one queen, and no line holds
  queens of both colours. The line form (``lw[L]``, ``lb[L]``: line ``L`` holds a white, a black queen;
  ``w[s] <= lw[L]``, ``b[s] <= lb[L]``, ``lw[L] + lb[L] <= 1``) has ``O(n^2)`` constraints where the pairwise
  form (``w[s] + b[t] <= 1`` for attacking ``s, t``) has ``O(n^3)``; the line form is also the stronger LP.

Symmetry breaking (option ``symmetry``) keeps one of every orbit under the reflections that preserve the
quantities compared: the queens in the top half are at least those in the bottom half (the horizontal mirror
swaps the two and keeps the left and right halves), those in the left half at least those in the right half
(the vertical mirror); for ``peaceable``, counted over both armies, and then the white queens in the top half
at least the black ones there (swapping the colours keeps the first two). Every solution has an image that
satisfies them, so the optimum is unchanged; the diagonal symmetries are left alone, since a condition for them
would not be compatible with these in every case.

How each solver optimises:

- ``cpsat``: CP-SAT's own optimisation; a solution callback records each improvement (the anytime curve) and
  ``BestObjectiveBound`` the bound.
- ``cp``: the classic CP solver with an objective monitor (``Minimize``/``Maximize``) and a time limit; every
  solution it returns is an improvement; optimal when the search ends before the limit.
- ``mip``: SCIP through ``pywraplp`` with a time limit; its final solution and ``BestBound``.
- ``sat``: a sequence of decision problems on one incremental solver (Glucose 4 through pysat, which can be
  interrupted at a time limit): a totalizer over
  the objective's variables (``pysat.card.ITotalizer``) whose outputs, passed as assumptions, bound the count;
  each satisfying model tightens the bound by one below (above) its own value, until the solver proves that
  none is better. Incremental solving keeps the learnt clauses from one bound to the next, which is why this is
  preferred here to MaxSAT (RC2): RC2's core-guided search works from the lower bound up and reports no
  solution before the optimum, so it gives no anytime curve, while the linear search gives one.

Every run returns an :class:`~nqueens.core.optimization.OptResult`; its solution is checked by
:func:`nqueens.core.optimization.verify` before it is reported (a failing one makes the run ``wrong``).
"""

import threading
import time
from typing import Any

from nqueens.models.cpmpy_spec import OPTIMIZE_BACKENDS

from nqueens.core import background
from nqueens.core.errors import NQueensError
from nqueens.core.optimization import SENSE, OptResult, check_problem, objective, verify

__all__ = ["SOLVERS", "solve", "lines", "neighbourhood"]

# The CPMpy backends that optimise, as CPMpy's declaration states them.
CPMPY_BACKENDS = OPTIMIZE_BACKENDS


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


def _halves(n):
    top = [(r, c) for r in range(n // 2) for c in range(n)]
    bottom = [(n - 1 - r, c) for r, c in top]
    left = [(r, c) for r in range(n) for c in range(n // 2)]
    right = [(r, n - 1 - c) for r, c in left]
    return top, bottom, left, right


def solve(problem, n, solver, *, timeout=None, symmetry=False, workers=1, backend="ortools"):
    """Optimise ``problem`` on the n x n board with ``solver``; an :class:`OptResult`, its solution verified.

    The arguments are checked by :func:`nqueens.optimize.optimize`, which is the entry for users.
    """
    check_problem(problem)
    if solver not in SOLVERS:
        raise NQueensError(f"solver must be one of {', '.join(SOLVERS)} for optimisation; got {solver!r}")
    run: Any = _RUNS[solver]
    extra = {"backend": backend} if solver == "cpmpy" else {}
    start = time.perf_counter()
    result = run(problem, n, timeout=timeout, symmetry=symmetry, workers=workers, **extra)
    result.seconds = time.perf_counter() - start
    parallel = solver == "cpsat" or (solver == "cpmpy" and backend == "ortools")
    result.options = {"symmetry": symmetry} | ({"workers": workers} if parallel else {}) | extra
    if result.solution is not None:
        ok, why = verify(problem, n, result.solution)
        if not ok:
            result.status, result.message = "wrong", f"its solution fails the check: {why}"
        elif result.objective != objective(problem, result.solution):
            result.status, result.message = "wrong", "its objective is not its solution's"
    return result


def _squares(n):
    return [(r, c) for r in range(n) for c in range(n)]


def _solution(problem, value, x=None, w=None, b=None, n=0):
    """The solution read from 0-1 values, ``value(var) -> bool``."""
    if problem == "domination":
        return [s for s in _squares(n) if value(x[s])]
    return [s for s in _squares(n) if value(w[s])], [s for s in _squares(n) if value(b[s])]


# -- CP-SAT ----------------------------------------------------------------------------------------------------


def _cpsat(problem, n, *, timeout, symmetry, workers):
    from ortools.sat.python import cp_model

    built = time.perf_counter()
    m: Any = cp_model.CpModel()  # the CamelCase API, which the stubs leave out
    x: Any = None
    w: Any = None
    b: Any = None
    if problem == "domination":
        x = {s: m.NewBoolVar(f"x{s}") for s in _squares(n)}
        for t in _squares(n):
            m.AddBoolOr([x[s] for s in neighbourhood(n, t)])
        goal = sum(x.values())
        m.Minimize(goal)
        counted = x
    else:
        w = {s: m.NewBoolVar(f"w{s}") for s in _squares(n)}
        b = {s: m.NewBoolVar(f"b{s}") for s in _squares(n)}
        for s in _squares(n):
            m.AddBoolOr([w[s].Not(), b[s].Not()])
        for k, line in enumerate(lines(n)):
            lw, lb = m.NewBoolVar(f"lw{k}"), m.NewBoolVar(f"lb{k}")
            for s in line:
                m.AddImplication(w[s], lw)
                m.AddImplication(b[s], lb)
            m.AddBoolOr([lw.Not(), lb.Not()])
        goal = sum(w.values())
        m.Add(goal == sum(b.values()))
        m.Maximize(goal)
        counted = None
    if symmetry:
        top, bottom, left, right = _halves(n)

        def total(squares):
            if counted is not None:
                return sum(counted[s] for s in squares)
            return sum(w[s] + b[s] for s in squares)

        m.Add(total(top) >= total(bottom))
        m.Add(total(left) >= total(right))
        if problem == "peaceable":
            m.Add(sum(w[s] for s in top) >= sum(b[s] for s in top))
    time_model = time.perf_counter() - built

    curve: list[Any] = []
    best: dict[str, Any] = {}
    start = time.perf_counter()

    class Improvements(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            curve.append((time.perf_counter() - start, int(self.ObjectiveValue())))
            vars_ = (
                x
                if problem == "domination"
                else {**{("w", s): v for s, v in w.items()}, **{("b", s): v for s, v in b.items()}}
            )
            best["values"] = {k: self.BooleanValue(v) for k, v in vars_.items()}

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.catch_sigint_signal = False  # Ctrl-C is the caller's (see nqueens.core.background)
    if timeout is not None:
        solver.parameters.max_time_in_seconds = float(timeout)
    callback = Improvements()
    done = threading.Event()

    def work(stopped):
        try:
            return solver.Solve(m, callback)
        finally:
            done.set()

    def stop():  # a stop asked before the search has begun is lost: ask until the worker is done
        while not done.is_set():
            solver.StopSearch()
            done.wait(0.05)

    status = background.run(work, stop=stop, name="nqueens-optimize-cpsat")
    result = OptResult(problem, n, "cpsat", "timeout", time_model=time_model, curve=curve)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE) and best:
        values = best["values"]
        if problem == "domination":
            result.solution = [s for s in _squares(n) if values[s]]
        else:
            result.solution = (
                [s for s in _squares(n) if values[("w", s)]],
                [s for s in _squares(n) if values[("b", s)]],
            )
        result.objective = objective(problem, result.solution)
        result.status = "optimal" if status == cp_model.OPTIMAL else "feasible"
    elif status == cp_model.INFEASIBLE:
        result.status = "infeasible"
    result.bound = float(solver.BestObjectiveBound()) if status != cp_model.INFEASIBLE else None
    if result.status == "optimal":
        result.bound = float(result.objective)  # type: ignore[arg-type]  # an optimum has its objective
    _times(result)
    result.stats = {
        "branches": solver.NumBranches(),
        "conflicts": solver.NumConflicts(),
        "workers": solver.parameters.num_workers,
    }
    return result


def _times(result):
    if result.curve:
        result.time_first = result.curve[0][0]
        result.time_best = result.curve[-1][0]


# -- OR-tools CP solver ----------------------------------------------------------------------------------------


def _cp(problem, n, *, timeout, symmetry, workers):
    from ortools.constraint_solver import pywrapcp

    built = time.perf_counter()
    solver = pywrapcp.Solver("nqueens-optimize")
    if problem == "domination":
        x = {s: solver.BoolVar(f"x{s}") for s in _squares(n)}
        for t in _squares(n):
            solver.Add(solver.Sum([x[s] for s in neighbourhood(n, t)]) >= 1)
        goal = solver.Sum(list(x.values()))
        decision = list(x.values())
        amount = {s: x[s] for s in x}
    else:
        w = {s: solver.BoolVar(f"w{s}") for s in _squares(n)}
        b = {s: solver.BoolVar(f"b{s}") for s in _squares(n)}
        for s in _squares(n):
            solver.Add(w[s] + b[s] <= 1)
        for k, line in enumerate(lines(n)):
            lw, lb = solver.BoolVar(f"lw{k}"), solver.BoolVar(f"lb{k}")
            for s in line:
                solver.Add(w[s] <= lw)
                solver.Add(b[s] <= lb)
            solver.Add(lw + lb <= 1)
        goal = solver.Sum(list(w.values()))
        solver.Add(goal == solver.Sum(list(b.values())))
        decision = [v for s in _squares(n) for v in (w[s], b[s])]
        amount = {s: w[s] + b[s] for s in w}
    if symmetry:
        top, bottom, left, right = _halves(n)
        solver.Add(solver.Sum([amount[s] for s in top]) >= solver.Sum([amount[s] for s in bottom]))
        solver.Add(solver.Sum([amount[s] for s in left]) >= solver.Sum([amount[s] for s in right]))
        if problem == "peaceable":
            solver.Add(solver.Sum([w[s] for s in top]) >= solver.Sum([b[s] for s in top]))
    minimise = SENSE[problem] == "min"
    goal_var = goal.Var()
    watch = solver.Minimize(goal_var, 1) if minimise else solver.Maximize(goal_var, 1)
    value = solver.ASSIGN_MIN_VALUE if minimise else solver.ASSIGN_MAX_VALUE
    phase = solver.Phase(decision, solver.CHOOSE_FIRST_UNBOUND, value)
    halt = threading.Event()
    # The search runs in C++ holding the interpreter; a limit in Python, asked at every node, lets the waiting
    # thread take a Ctrl-C and ends the search at once when it is set.
    monitors = [watch, solver.CustomLimit(halt.is_set)]
    limit = None
    if timeout is not None:
        limit = solver.TimeLimit(int(float(timeout) * 1000))
        monitors.append(limit)
    time_model = time.perf_counter() - built
    curve: list[Any] = []
    best: dict[str, Any] = {}
    start = time.perf_counter()

    def work(stopped):
        solver.NewSearch(phase, monitors)
        try:
            while not halt.is_set() and solver.NextSolution():
                curve.append((time.perf_counter() - start, int(goal_var.Value())))
                if problem == "domination":
                    best["solution"] = [s for s in _squares(n) if x[s].Value()]
                else:
                    best["solution"] = (
                        [s for s in _squares(n) if w[s].Value()],
                        [s for s in _squares(n) if b[s].Value()],
                    )
        finally:
            solver.EndSearch()
        # The limit's own Crossed() is not wrapped for Python: a search that ran to the limit was cut by it.
        return timeout is not None and time.perf_counter() - start >= 0.99 * float(timeout)

    crossed = background.run(work, stop=halt.set, name="nqueens-optimize-cp")
    result = OptResult(problem, n, "cp", "timeout", time_model=time_model, curve=curve)
    if best:
        result.solution = best["solution"]
        result.objective = objective(problem, result.solution)
        result.status = "feasible" if crossed else "optimal"
        if result.status == "optimal":
            result.bound = float(result.objective)
    elif not crossed:
        result.status = "infeasible"
    _times(result)
    result.stats = {"branches": solver.Branches(), "failures": solver.Failures()}
    return result


# -- MIP (SCIP) ------------------------------------------------------------------------------------------------


def _mip_build(problem, n, symmetry):
    """The 0-1 program on SCIP through ``pywraplp``: ``(solver, x, w, b)`` (``None`` for the other problem's)."""
    from ortools.linear_solver import pywraplp

    x: Any = None
    w: Any = None
    b: Any = None
    solver = pywraplp.Solver.CreateSolver("SCIP")
    if solver is None:
        raise NQueensError("OR-tools was built without SCIP here: the mip model needs it")
    solver.SetSolverSpecificParametersAsString("misc/catchctrlc = FALSE\nlp/threads = 1\n")
    if problem == "domination":
        x = {s: solver.BoolVar(f"x_{s[0]}_{s[1]}") for s in _squares(n)}
        for t in _squares(n):
            solver.Add(solver.Sum([x[s] for s in neighbourhood(n, t)]) >= 1)
        goal = solver.Sum(list(x.values()))
        solver.Minimize(goal)
        amount = x
    else:
        w = {s: solver.BoolVar(f"w_{s[0]}_{s[1]}") for s in _squares(n)}
        b = {s: solver.BoolVar(f"b_{s[0]}_{s[1]}") for s in _squares(n)}
        for s in _squares(n):
            solver.Add(w[s] + b[s] <= 1)
        for k, line in enumerate(lines(n)):
            lw, lb = solver.BoolVar(f"lw_{k}"), solver.BoolVar(f"lb_{k}")
            for s in line:
                solver.Add(w[s] <= lw)
                solver.Add(b[s] <= lb)
            solver.Add(lw + lb <= 1)
        goal = solver.Sum(list(w.values()))
        solver.Add(goal == solver.Sum(list(b.values())))
        solver.Maximize(goal)
        amount = {s: w[s] + b[s] for s in w}
    if symmetry:
        top, bottom, left, right = _halves(n)
        solver.Add(solver.Sum([amount[s] for s in top]) >= solver.Sum([amount[s] for s in bottom]))
        solver.Add(solver.Sum([amount[s] for s in left]) >= solver.Sum([amount[s] for s in right]))
        if problem == "peaceable":
            solver.Add(solver.Sum([w[s] for s in top]) >= solver.Sum([b[s] for s in top]))
    return solver, x, w, b


def _mip(problem, n, *, timeout, symmetry, workers):
    from ortools.linear_solver import pywraplp

    built = time.perf_counter()
    solver, x, w, b = _mip_build(problem, n, symmetry)
    if timeout is not None:
        solver.SetTimeLimit(int(float(timeout) * 1000))
    time_model = time.perf_counter() - built
    start = time.perf_counter()
    status = background.run(lambda stopped: solver.Solve(), stop=solver.InterruptSolve, name="nqueens-optimize-mip")
    found = time.perf_counter() - start
    result = OptResult(problem, n, "mip", "timeout", time_model=time_model)
    if status in (pywraplp.Solver.OPTIMAL, pywraplp.Solver.FEASIBLE):
        if problem == "domination":
            result.solution = [s for s in _squares(n) if x[s].solution_value() > 0.5]
        else:
            result.solution = (
                [s for s in _squares(n) if w[s].solution_value() > 0.5],
                [s for s in _squares(n) if b[s].solution_value() > 0.5],
            )
        result.objective = objective(problem, result.solution)
        result.status = "optimal" if status == pywraplp.Solver.OPTIMAL else "feasible"
        result.bound = float(solver.Objective().BestBound())
        result.curve = [(found, result.objective)]  # SCIP through pywraplp reports only its final solution
    elif status == pywraplp.Solver.INFEASIBLE:
        result.status = "infeasible"
    if result.status == "optimal":
        result.bound = float(result.objective)  # type: ignore[arg-type]  # an optimum has its objective
    result.stats = {"nodes": solver.nodes(), "iterations": solver.iterations()}
    return result


# -- SAT (a sequence of bounded decision problems) ----------------------------------------------------------


def _sat_build(problem, n, symmetry, bounds=True):
    """The clauses and the variables of the SAT model: a dict with ``clauses``, ``top`` (the largest variable),
    ``x`` or ``w`` and ``b`` (square -> variable), and the bounds: ``goal`` (assume ``-goal[k]``: at most k
    queens) or ``armies(m)`` (assumptions for at least m of each colour); without ``bounds``, neither (and none
    of their clauses)."""
    from pysat.card import ITotalizer

    squares = _squares(n)
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
        x = {s: var(("x", s)) for s in squares}
        clauses += [[x[s] for s in neighbourhood(n, t)] for t in squares]
        amount = {s: [x[s]] for s in squares}
    else:
        w = {s: var(("w", s)) for s in squares}
        b = {s: var(("b", s)) for s in squares}
        clauses += [[-w[s], -b[s]] for s in squares]
        for k, line in enumerate(lines(n)):
            lw, lb = var(("lw", k)), var(("lb", k))
            clauses += [[-w[s], lw] for s in line] + [[-b[s], lb] for s in line] + [[-lw, -lb]]
        amount = {s: [w[s], b[s]] for s in squares}
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

    size = len(squares)
    if not bounds:
        pass
    elif problem == "domination":
        goal = outputs([x[s] for s in squares])  # assume -goal[k]: at most k queens
    else:
        down_w, down_b = outputs([-w[s] for s in squares]), outputs([-b[s] for s in squares])

        def armies(m):  # at least m of each colour: at most size - m of each left empty of it
            return [] if m == 0 else [-down_w[size - m], -down_b[size - m]]

    if symmetry and n > 1:
        upper, lower, left, right = _halves(n)
        at_least([v for s in upper for v in amount[s]], [v for s in lower for v in amount[s]])
        at_least([v for s in left for v in amount[s]], [v for s in right for v in amount[s]])
        if problem == "peaceable":
            at_least([w[s] for s in upper], [b[s] for s in upper])
    return {"clauses": clauses, "top": top[0], "x": x, "w": w, "b": b, "goal": goal, "armies": armies}


def _sat(problem, n, *, timeout, symmetry, workers):
    from pysat.solvers import Solver

    built = time.perf_counter()
    squares = _squares(n)
    model_ = _sat_build(problem, n, symmetry)
    clauses, x, w, b = model_["clauses"], model_["x"], model_["w"], model_["b"]
    goal, armies = model_["goal"], model_["armies"]
    size = len(squares)
    time_model = time.perf_counter() - built

    sat = Solver(name="glucose4", bootstrap_with=clauses)
    curve: list[Any] = []
    best: dict[str, Any] = {}
    start = time.perf_counter()
    minimise = SENSE[problem] == "min"
    deadline = None if timeout is None else start + float(timeout)

    def work(stopped):
        assumptions: list[Any] = []
        while not stopped.is_set():
            left_ = None if deadline is None else deadline - time.perf_counter()
            if left_ is not None and left_ <= 0:
                return "timeout"
            timer = None
            if left_ is not None:
                import threading

                timer = threading.Timer(left_, sat.interrupt)
                timer.start()
            try:
                answer = sat.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                if timer is not None:
                    timer.cancel()
            sat.clear_interrupt()
            if answer is None:
                return "timeout"
            if answer is False:
                return "proven"
            model = set(v for v in sat.get_model() if v > 0)
            if problem == "domination":
                solution: Any = [s for s in squares if x[s] in model]
            else:
                solution = ([s for s in squares if w[s] in model], [s for s in squares if b[s] in model])
                m_ = min(len(solution[0]), len(solution[1]))
                solution = (solution[0][:m_], solution[1][:m_])  # equal armies: drop the extra queens
            value = objective(problem, solution)
            best["solution"] = solution
            curve.append((time.perf_counter() - start, value))
            if minimise:
                if value == 0:
                    return "proven"
                assumptions = [-goal[value - 1]]  # at most value - 1 queens
            else:
                if 2 * (value + 1) > size:
                    return "proven"
                assumptions = armies(value + 1)
        return "stopped"

    try:
        outcome = background.run(work, stop=sat.interrupt, name="nqueens-optimize-sat", join_timeout=2)
    finally:
        sat.delete()
    result = OptResult(problem, n, "sat", "timeout", time_model=time_model, curve=curve)
    if best:
        result.solution = best["solution"]
        result.objective = objective(problem, result.solution)
        result.status = "optimal" if outcome == "proven" else "feasible"
        if result.status == "optimal":
            result.bound = float(result.objective)
    elif outcome == "proven":
        result.status = "infeasible"
    _times(result)
    return result


# -- CPMpy ---------------------------------------------------------------------------------------------------


def _cpmpy(problem, n, *, timeout, symmetry, workers, backend):
    """The line model in CPMpy, solved by one of its backends (:data:`CPMPY_BACKENDS`); CPMpy reports only the
    final solution, so the anytime curve is one point, and no bound but the optimum's."""
    from nqueens.models import cpmpy_model

    if backend not in CPMPY_BACKENDS:
        raise NQueensError(f"backend must be one of {', '.join(CPMPY_BACKENDS)} for optimisation; got {backend!r}")
    cp = cpmpy_model._cpmpy()
    if not cpmpy_model._available(cp, backend):
        raise NQueensError(
            f"backend={backend} needs {cpmpy_model.BACKENDS[backend]}: pip install 'nqueens[solvers]' (the solvers extra)"
        )
    built = time.perf_counter()
    squares = _squares(n)
    m = cp.Model()
    if problem == "domination":
        x = cp.boolvar(shape=(n, n), name="x")
        for t in squares:
            m += cp.any([x[s] for s in neighbourhood(n, t)])
        amount = {s: x[s] for s in squares}
        m.minimize(cp.sum(list(x.flat)))
    else:
        w, b = cp.boolvar(shape=(n, n), name="w"), cp.boolvar(shape=(n, n), name="b")
        lw, lb = cp.boolvar(shape=len(lines(n)), name="lw"), cp.boolvar(shape=len(lines(n)), name="lb")
        m += [~(w[s] & b[s]) for s in squares]
        for k, line in enumerate(lines(n)):
            m += [w[s].implies(lw[k]) for s in line] + [b[s].implies(lb[k]) for s in line]
            m += ~(lw[k] & lb[k])
        m += cp.sum(list(w.flat)) == cp.sum(list(b.flat))
        amount = {s: w[s] + b[s] for s in squares}
        m.maximize(cp.sum(list(w.flat)))
    if symmetry and n > 1:
        top, bottom, left, right = _halves(n)
        m += cp.sum([amount[s] for s in top]) >= cp.sum([amount[s] for s in bottom])
        m += cp.sum([amount[s] for s in left]) >= cp.sum([amount[s] for s in right])
        if problem == "peaceable":
            m += cp.sum([w[s] for s in top]) >= cp.sum([b[s] for s in top])
    solver = cp.SolverLookup.get(backend, m)
    if backend == "z3":
        import z3

        z3.set_param("ctrl_c", False)
    time_model = time.perf_counter() - built
    params = dict(cpmpy_model._QUIET_SIGINT.get(backend, {}))
    if backend == "ortools":
        params["num_workers"] = workers
    if timeout is not None:
        params["time_limit"] = float(timeout)
    start = time.perf_counter()
    with cpmpy_model._interrupts():
        background.run(
            lambda stopped: solver.solve(**params),
            stop=cpmpy_model._stopper(solver, backend),
            name="nqueens-optimize-cpmpy",
            join_timeout=cpmpy_model._JOIN,
        )
    found = time.perf_counter() - start
    status = solver.status().exitstatus.name
    result = OptResult(problem, n, "cpmpy", "timeout", time_model=time_model)
    if status in ("OPTIMAL", "FEASIBLE"):
        if problem == "domination":
            result.solution = [s for s in squares if x[s].value()]
        else:
            result.solution = ([s for s in squares if w[s].value()], [s for s in squares if b[s].value()])
        result.objective = objective(problem, result.solution)
        result.status = "optimal" if status == "OPTIMAL" else "feasible"
        result.curve = [(found, result.objective)]  # the final solution only: no first or best times
        if result.status == "optimal":
            result.bound = float(result.objective)
    elif status == "UNSATISFIABLE":
        result.status = "infeasible"
    if backend == "ortools":
        result.stats = {"workers": workers}
    return result


# -- export ------------------------------------------------------------------------------------------------------

# The one dispatch: a solver's name -> its optimisation model. The registry's solvers with the ``optimize``
# capability are these (a test holds them equal).
_RUNS = {"cpsat": _cpsat, "cp": _cp, "mip": _mip, "sat": _sat, "cpmpy": _cpmpy}
SOLVERS = tuple(_RUNS)

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
        solver, *_ = _mip_build(problem, n, symmetry)
        return solver.ExportModelAsLpFormat(False) if fmt == "lp" else solver.ExportModelAsMpsFormat(False, False)
    if fmt == "wcnf":
        return _wcnf(problem, n, symmetry)
    return _mzn(problem, n, symmetry)


def _wcnf(problem, n, symmetry):
    from pysat.card import CardEnc, EncType
    from pysat.formula import WCNF

    built = _sat_build(problem, n, symmetry, bounds=False)
    squares = _squares(n)
    hard = list(built["clauses"])
    if problem == "domination":
        board = {"x": built["x"]}
        soft = [[-built["x"][s]] for s in squares]
    else:
        w, b = built["w"], built["b"]
        board = {"w": w, "b": b}
        equal = CardEnc.equals(
            lits=[w[s] for s in squares] + [-b[s] for s in squares],
            bound=len(squares),
            top_id=built["top"],
            encoding=EncType.totalizer,
        )
        hard += equal.clauses
        soft = [[w[s]] for s in squares]
    formula = WCNF()
    for clause in hard:
        formula.append(clause)
    for clause in soft:
        formula.append(clause, weight=1)
    sense = "minimise the queens" if problem == "domination" else f"maximise the white queens: cost = {n * n} - m"
    comments = [f"c nqueens {problem} n = {n}{', symmetry breaking' if symmetry else ''}: {sense}"]
    for name, variables in board.items():
        comments.append(
            f"c {name}[r][c] for r, c = 0..{n - 1} row by row: " + " ".join(str(variables[s]) for s in squares)
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
