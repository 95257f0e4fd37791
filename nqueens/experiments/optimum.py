"""The question ``optimize``: the optimum of an optimisation problem of the queens family (``domination`` or
``peaceable``, :mod:`nqueens.core.optimization`), from each solver's optimisation hook.

A run reports every improvement as it finds it (a run stopped at its limit keeps the best one); the runner verifies
each with no solver involved (:func:`settle`): the best verified solution is the run's ``solution`` and
``objective``, the improvements its anytime ``curve``. Statuses: ``optimal``, ``feasible`` (a verified solution
without a proof, also at the time limit), ``infeasible``, ``unknown``; a claimed optimum that another run beats or
that differs from OEIS (A075458, A250000) is ``wrong`` (:func:`judge_optima`).
"""

import time
from typing import Any

from nqueens.core.optimization import (
    CLAIMS,
    KNOWN,
    MAX_N,
    OEIS,
    PROBLEMS,
    SENSE,
    better,
    bound_of,
    hook_options,
    improves,
    objective_of,
    verify,
)
from nqueens.experiments.question import SPAN, Question, Refusal, jsonable, wrong

__all__ = ["OPTIMIZE"]


def answer(task, problem, spec, options, made, report=None):
    """The optimisation hook of ``spec`` on the task's problem: every improvement it reports, timed and sent to the
    runner at once (``report``), and what it claims at the end. Nothing is judged here: the runner verifies every
    solution (:func:`settle`)."""
    hook = spec.optimizer()
    taken = hook_options(hook)
    improvements: list[Any] = []
    start = time.perf_counter()

    def hook_in_span(*args, **kwargs):
        # The improvements' clock starts inside the span, in its thread: a moment of the run is never after its end.
        nonlocal start
        start = time.perf_counter()
        return hook(*args, **kwargs)

    best: list[Any] = [None, False]  # the best size kept, and whether a report that cannot be right was kept

    def improved(solution, objective=None):
        if best[1]:
            return  # the run is wrong already: nothing after it is kept
        keep, size = improves(task["problem"], solution, objective, best[0])
        if not keep:
            return  # improves nothing: neither kept nor checked
        if size is None or (objective is not None and objective != size):
            best[1] = True
        else:
            best[0] = size
        entry = {"seconds": time.perf_counter() - start, "solution": _plain(solution), "objective": objective}
        improvements.append(entry)
        if report is not None:
            report({"event": "improved", "improvement": entry})

    from nqueens.core import background

    chosen = {key: value for key, value in options.items() if key in taken}
    # In the job thread that the span measures, as every question's solver call is.
    said, span = background.timed(
        hook_in_span, task["problem"], int(task["n"]), timeout=task.get("timeout"), improved=improved, **chosen
    )
    said = {"status": said} if isinstance(said, str) or said is None else dict(said)
    stats = dict(said.get("stats") or {})
    span.child(stats.pop("child_peak_memory", None))  # a child process the optimiser measured itself (MiniZinc)
    return {
        "claim": said.get("status"),
        "bound": said.get("bound"),
        "improvements": improvements,
        "stats": jsonable(stats),
        **{key: getattr(span, key) for key in SPAN},
    }


def _plain(solution):
    """A solution as JSON-able lists of ints (squares ``[row, column]``, or a pair of such lists)."""
    if isinstance(solution, dict | str | bytes):
        return solution  # not a solution: the runner says why
    try:
        return [_plain(x) for x in solution]
    except TypeError:
        return int(solution) if hasattr(solution, "__index__") else solution


def _checked(problem, n, solution):
    try:
        return verify(problem, n, solution)
    except (TypeError, ValueError, IndexError) as exc:
        return False, f"it is not a list of squares ({exc})"


def settle(record, outcome, timeout):
    """Fill an optimisation run's ``record`` from its ``outcome`` (the worker's, or the runner's for a stopped run).

    Every improvement the optimiser reported is verified here, in the runner, with no solver involved: one that
    fails the check, or whose stated objective is not its size, makes the run ``wrong``. The best verified one is
    the run's ``solution`` and ``objective``; the improvements make the anytime ``curve``. A run stopped at the
    time limit with a solution is ``feasible`` (never a claimed optimum); a claim of ``optimal`` needs a solution,
    ``infeasible`` needs none, and a bound that its own solution beats is ``wrong``.
    """
    problem, n = record.problem, record.n
    if record.status == "timeout" and record.seconds is None and timeout is not None:
        # Ended by the runner at the limit: it ran that long, as a solver that stops itself there records.
        record.seconds = float(timeout)
    curve, best, failed = [], None, None
    for entry in outcome.get("improvements") or []:
        solution = entry.get("solution")
        ok, why = _checked(problem, n, solution)
        if not ok:
            failed = f"a solution it reported fails the check: {why}"
            break
        value = objective_of(problem, solution)
        if entry.get("objective") is not None and entry["objective"] != value:
            failed = f"it reported objective {entry['objective']} for a solution of {value}"
            break
        if best is None or better(problem, value, best[1]):
            best = (solution, value)
            curve.append([float(entry.get("seconds") or 0.0), value])
    if best is not None:
        record.solution, record.objective = best
        record.curve = curve
        record.seconds_to_first, record.time_best = curve[0][0], curve[-1][0]
    record.bound, why = bound_of(n, outcome.get("bound"))
    if why is not None and failed is None:
        failed = why
    claim = outcome.get("claim")
    limit = f"{timeout:g} s" if timeout is not None else "its limit"
    if failed is not None:
        wrong(record, failed)
    elif record.status == "timeout" and best is not None:
        record.status = "feasible"
        record.message = f"stopped at the time limit of {limit}: the best verified solution, not proven optimal"
    elif record.status != "solved":
        return  # timeout, memout or error, as the runner said
    elif claim not in CLAIMS and claim is not None:
        record.status = "error"
        record.message = f"the optimiser said {claim!r} at the end; it may say one of {', '.join(CLAIMS)}"
    elif claim == "optimal" and best is None:
        wrong(record, "it claims an optimum but reported no solution")
    elif claim == "infeasible" and best is not None:
        wrong(record, "it claims there is no solution but reported one")
    elif claim in ("optimal", "infeasible"):
        record.status = claim
    elif best is not None:
        record.status = "feasible"
    else:
        ran_out = timeout is not None and (record.seconds or 0.0) >= 0.95 * timeout
        record.status = "timeout" if ran_out else "unknown"
        record.message = "no solution and no proof" + (f" within {limit}" if ran_out else "")
    if record.status == "optimal" and timeout is not None and (record.seconds or 0.0) > timeout:
        record.status = "feasible"
        record.message = f"proved optimal in {record.seconds:.3f} s, beyond the limit of {limit}"
    if record.status == "optimal":
        record.bound = float(record.objective)
    elif record.bound is not None and best is not None:
        beyond = record.bound - best[1] if SENSE[problem] == "min" else best[1] - record.bound
        if beyond > 1e-6:  # a bound is a float from some solvers: rounding is not a contradiction
            wrong(record, f"its bound {record.bound:g} contradicts its own solution of {best[1]}")


def judge_optima(records):
    """Optimisation runs against each other and the published optima (OEIS A075458, A250000): a claimed optimum
    that another run's verified solution beats, or that differs from the published value, is ``wrong``; so is a
    bound beyond the published optimum, or a claim of no solution beside a solution. Returns the runs changed."""
    changed = []
    groups: dict[Any, Any] = {}
    for record in records:
        if record.problem in KNOWN:
            groups.setdefault((record.problem, record.n), []).append(record)
    for (problem, n), runs in groups.items():
        for r in runs:  # each stored solution verified again: a run is judged by what it holds, not what it says
            why = _unverified(r, KNOWN[problem].get(n))
            if why is not None and r.status != "wrong":
                wrong(r, why)
                changed.append(r)
        found = [r for r in runs if r.status in ("optimal", "feasible") and r.objective is not None]
        best = (min if SENSE[problem] == "min" else max)(found, key=lambda r: r.objective, default=None)  # the first
        known = KNOWN[problem].get(n)
        for r in runs:
            why = None
            if r.status == "optimal" and best is not None and better(problem, best.objective, r.objective):
                why = f"claims {r.objective} optimal, but {best.solver} found {best.objective}"
            elif r.status == "optimal" and known is not None and r.objective != known:
                why = f"claims {r.objective} optimal; OEIS {OEIS[problem]} has {known} for n = {n}"
            elif r.status == "infeasible" and best is not None:
                why = f"claims there is no solution, but {best.solver} found one of {best.objective}"
            elif r.status == "feasible" and r.bound is not None and known is not None:
                beyond = r.bound - known if SENSE[problem] == "min" else known - r.bound
                if beyond > 1e-6:
                    why = f"its bound {r.bound:g} is beyond the optimum {known} (OEIS {OEIS[problem]}, n = {n})"
            if why is not None:
                wrong(r, why)
                changed.append(r)
    return changed


def _unverified(record, known):
    """Why an optimisation run's solution and objective do not hold (checked on the board, with no solver), or
    ``None``: a solution that fails the check, an objective that is not its solution's, an objective better than
    the published optimum ``known``, or an objective without a solution."""
    if record.solution is None:
        if record.objective is not None:
            return f"it holds objective {record.objective} without a solution"
        return None
    ok, why = _checked(record.problem, record.n, record.solution)
    if not ok:
        return f"its stored solution fails the check: {why}"
    value = objective_of(record.problem, record.solution)
    if record.objective != value:
        return f"it holds objective {record.objective} for a solution of {value}"
    if known is not None and better(record.problem, value, known):
        return f"its objective {value} beats the optimum {known} (OEIS {OEIS[record.problem]}, n = {record.n})"
    return None


def certify(record, folder):
    """A proven optimum of the SAT model written with its placement and the DRAT proof that none is better."""
    if record.status != "optimal" or record.solution is None:
        return f"not certified: the run ended {record.status}"
    from nqueens.certify import produce

    solution: list | tuple
    if record.problem == "domination":
        solution = [tuple(s) for s in record.solution]
    else:
        solution = tuple([tuple(s) for s in army] for army in record.solution)
    produce.optimum(record.problem, record.n, solution, folder)
    return None


def cell(question, spec, column, problem, explicit):
    """Why an optimisation cell cannot run (``None`` when it can): a solver without an optimisation hook, an option
    its hook does not take, an instance, a board beyond the models'."""
    if "optimize" not in spec.can:
        return "unsupported", f"{column.name} cannot answer optimize: {question.why_not}"
    if not problem.plain:
        return "unsupported", f"{column.name}: the optimisation problems are posed on a plain board, not an instance"
    if problem.n > MAX_N:
        return "unsupported", f"the optimisation models take n <= {MAX_N} (O(n^2) variables, O(n^3) terms)"
    taken = hook_options(spec.optimizer())
    left = [key for key in column.options if key not in taken]
    if left:
        said = ", ".join(taken) or "none"
        return (
            "unsupported",
            f"{column.name}: option {left[0]} does not apply to optimisation (its options there: {said})",
        )
    return None


def seeded(spec, column):
    """Whether the column's seed option seeds the run (an optimisation hook that does not take it is deterministic)."""
    return column.seed_option is None or column.seed_option in hook_options(spec.optimizer())


OPTIMIZE = Question(
    name="optimize",
    asks="the optimum of an optimisation problem (--problem)",
    needs=("optimize",),
    why_not="it has no optimisation model",
    answer=answer,
    columns=("objective", "bound", "solution", "curve", "seconds_to_first", "time_best"),
    statuses=("optimal", "feasible", "infeasible", "unknown"),
    settle=settle,
    judge_alone=lambda record: judge_optima([record]) and None,
    judge_together=judge_optima,
    cell=cell,
    seeded=seeded,
    problems=PROBLEMS,
    refuse=(
        Refusal(
            "rule",
            lambda p: p.rule not in (None, "queen"),
            lambda p: (
                f"--rules {p.rule} is for the counting questions: --question optimize asks {p.problem}, "
                "which is posed with the queen's moves"
            ),
        ),
        Refusal(
            "nodes",
            lambda p: bool(p.nodes),
            lambda p: (
                "--nodes fills the node columns of the counting questions: --question optimize reports each "
                "solver's own effort"
            ),
        ),
    ),
    plots=("anytime", "profile", "proof"),
    board=False,
    certify=certify,
    retime=False,
    own_limit=True,
)
