"""Planning an experiment: the grid of runs (problem x column x seed x repeat), each a record and a task.

Every cell of the grid is planned before anything runs. A cell the column cannot answer (the question, the
solver's limit, its options, an instance it does not take) is one ``unsupported`` run whose message says why; a
problem whose file could not be read is one ``error`` run; a default column stops at its solver's reach without
rows, and the notes say so. Every other cell is ``repeat`` runs per seed (``--seeds``: the seeds 1..seeds for a
solver with a seed option, once for a deterministic one). Each planned run then carries what identifies it in the
store: the digest of its solver's code, the harness, the limits, the versions and the machine.
"""

from dataclasses import dataclass
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.protocol import Solver
from nqueens.core.record import RunRecord
from nqueens.experiments.columns import _NEEDS

__all__: list[str] = []


# Why a solver that lacks the capabilities of _NEEDS cannot answer each question.
_WHY = {
    "count": "it does not count",
    "enumerate": "it only counts",
    "first": "it only counts, it cannot stop at a first solution",
    "unique": "it neither counts fundamental solutions nor enumerates",
    "optimize": "it has no optimisation model",
}


@dataclass
class _Planned:
    """One run to make: its record (what the user gets) and its task (what the worker is sent)."""

    record: RunRecord
    task: dict
    code: str | None = None  # the digest of the solver's code: a stored run is reused only for the same code
    harness: str = "process"  # what measures it
    spec: Solver | None = None  # the column's solver, resolved once


def _plan(problems, columns, question, repeat, explicit, seeds=None, objective=None):
    from nqueens.registry import get_solver

    plan: list[Any] = []
    left_out: dict[Any, Any] = {}
    specs = [column.spec or get_solver(column.solver) for column in columns]
    for problem in problems:
        for column, spec in zip(columns, specs):
            status, message = None, None
            if problem.error is not None:
                status, message = "error", problem.error
            elif question == "optimize":
                status, message = _cannot_optimize(spec, column, problem)
            elif not explicit and problem.n > spec.reach:  # a default column stops at its reach, without rows
                left_out.setdefault(spec.name, spec.reach)
                continue
            elif not any(need in spec.can for need in _NEEDS[question]):
                status, message = "unsupported", f"{column.name} cannot answer {question}: {_WHY[question]}"
            elif _cannot(spec, column, question) is not None:
                status, message = "unsupported", _cannot(spec, column, question)
            elif spec.fixed_n is not None and problem.n != spec.fixed_n:
                status, message = "unsupported", f"{column.name} answers n = {spec.fixed_n} only ({spec.limit_reason})"
            elif (
                spec.limit(column.full)[0] is not None
                and problem.n > spec.limit(column.full)[0]
                and not spec.answers_at_once(problem.n, column.full)
            ):
                max_n, reason, _ = spec.limit(column.full)
                status, message = "unsupported", f"{column.name} takes n <= {max_n} ({reason})"
            elif not problem.plain and "instance" not in spec.can:
                why = f" ({spec.no_instance})" if spec.no_instance else ""
                status, message = "unsupported", f"{column.name} does not take instances{why}"
            seeded = column.seeded(seeds) if status is None and _seeds_apply(spec, column, question) else [None]
            runs = [(seed, r) for seed in seeded for r in range(1, repeat + 1 if status is None else 2)]
            for index, (seed, _) in enumerate(runs, start=1):
                options = dict(column.full) if seed is None else {**column.full, column.seed_option: seed}
                record = RunRecord(
                    n=problem.n,
                    solver=column.name,
                    question=question,
                    repeat=index,
                    status=status,
                    message=message,
                    instance=None if problem.path is None else problem.key,
                    instance_path=problem.path,
                    instance_digest=problem.digest or _plain_digest(problem.n),
                    registered=column.solver,
                    problem=objective,
                    options=options,
                    seed=options.get("seed") if column.seed_option is None else options[column.seed_option],
                )
                task = {
                    "solver": column.solver,
                    "options": dict(options),
                    "n": problem.n,
                    "instance": problem.path if not problem.plain else None,
                    "question": question,
                    **({"problem": objective} if question == "optimize" else {}),
                }
                plan.append(_Planned(record, task, spec=spec))
    # Repeats outermost in the order of work (see _execute), records in table order here.
    return plan, left_out


def _stamp(plan, question, nodes, harness, timeout, memory):
    """Give every planned run what identifies it in the store and describes where it runs: whether it counts
    nodes, the digest of its solver's code, the harness, the limits, the versions and the machine."""
    import socket

    from nqueens import __version__
    from nqueens.plugins import code_digest
    from nqueens.registry import REGISTRY
    from nqueens.runtime.environment import machine, versions
    from nqueens.runtime.provenance import code_digest as toolkit_digest
    from nqueens.runtime.provenance import command

    host, digest, asked = socket.gethostname(), toolkit_digest(), command()
    for item in plan:
        spec = item.spec
        item.task["nodes"] = bool(nodes and question == "count" and "nodes" in spec.can)
        if question == "optimize":
            item.task["timeout"] = timeout  # an optimiser stops itself there, with its bound
        item.code = code_digest(spec)
        item.harness = harness
        record = item.record
        record.version, record.host, record.timeout, record.memory = __version__, host, timeout, memory
        record.versions, record.machine = versions([*REGISTRY.values(), spec]), dict(machine())
        record.code_digest, record.command = digest, asked


def _cannot(spec, column, question):
    """Why the column's options keep it from answering ``question`` as asked, or ``None``: a solver that finds
    one solution cannot count or enumerate them all, one whose stream holds one solution per orbit cannot
    enumerate them all."""
    partial = spec.partial(column.full)
    if partial is not None and question != "first":
        return f"{column.name} cannot answer {question}: with {partial} it finds one solution, not all"
    reduced = spec.reduced(column.full)
    if reduced is not None and question == "enumerate":
        return (
            f"{column.name} cannot answer enumerate: with {reduced} it enumerates only the fundamental solutions "
            "(one per orbit of the 8 symmetries); ask --question count or unique"
        )
    return None


def _seeds_apply(spec, column, question):
    """Whether the column's seed option seeds the run (an optimisation hook that does not take it is deterministic)."""
    if question != "optimize" or column.seed_option is None:
        return True
    from nqueens.core.optimization import hook_options

    return column.seed_option in hook_options(spec.optimizer())


def _cannot_optimize(spec, column, problem):
    """``(status, message)`` of an optimisation cell the column cannot run (``(None, None)`` when it can): a solver
    without an optimisation hook, an option its hook does not take, an instance, a board beyond the models'."""
    from nqueens.core.optimization import MAX_N, hook_options

    if "optimize" not in spec.can:
        return "unsupported", f"{column.name} cannot answer optimize: {_WHY['optimize']}"
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
    return None, None


def _plain_digest(n):
    from nqueens.core.instance import Instance

    return Instance(n).digest


def _left_out_notes(left_out):
    if not left_out:
        return []
    by_reach: dict[Any, Any] = {}
    for name, reach in left_out.items():
        by_reach.setdefault(reach, []).append(name)
    return [
        f"not run: {', '.join(names)} for n > {reach} (beyond {'their' if len(names) > 1 else 'its'} default reach; "
        f"name {'them' if len(names) > 1 else 'it'} in --solvers to run {'them' if len(names) > 1 else 'it'} there)"
        for reach, names in sorted(by_reach.items())
    ]


def _seed_notes(columns, seeds):
    """Check ``--seeds`` against the columns; the notes naming the columns that ignore it."""
    if seeds is None:
        return []
    for column in columns:
        if column.seed_option is not None and column.seed_option in column.options:
            raise NQueensError(
                f"--seeds {seeds} runs the seeds 1..{seeds}, and column {column.name!r} sets its own "
                f"{column.seed_option}: give one or the other"
            )
    fixed = [column.name for column in columns if column.seed_option is None]
    if not fixed:
        return []
    return [
        f"--seeds {seeds}: {', '.join(fixed)} {'are' if len(fixed) > 1 else 'is'} deterministic (no seed option) "
        f"and ignore{'' if len(fixed) > 1 else 's'} it: one run per repeat"
    ]
