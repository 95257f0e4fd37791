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
from nqueens.core.instance import Instance
from nqueens.core.protocol import Solver
from nqueens.core.record import RunRecord
from nqueens.experiments.question import LEFT_OUT
from nqueens.registry import REGISTRY, get_solver

__all__: list[str] = []


@dataclass
class _Planned:
    """One run to make: its record (what the user gets) and its task (what the worker is sent)."""

    record: RunRecord
    task: dict
    code: str | None = None  # the digest of the solver's code: a stored run is reused only for the same code
    harness: str = "process"  # what measures it
    spec: Solver | None = None  # the column's solver, resolved once


def _plan(problems, columns, question, repeat, explicit, seeds=None, objective=None):
    """The runs of every cell (``question`` a :class:`~nqueens.experiments.question.Question`, which checks each
    cell), and the default columns left out beyond their reach."""
    plan: list[Any] = []
    left_out: dict[Any, Any] = {}
    specs = [column.spec or get_solver(column.solver) for column in columns]
    for problem in problems:
        for column, spec in zip(columns, specs):
            status: str | None
            message: str | None
            if problem.error is not None:
                status, message = "error", problem.error
            else:
                status, message = question.cell(question, spec, column, problem, explicit) or (None, None)
            if (status, message) == LEFT_OUT:  # a default column stops at its reach, without rows
                left_out.setdefault(spec.name, spec.reach)
                continue
            seeded = column.seeded(seeds) if status is None and question.seeded(spec, column) else [None]
            runs = [(seed, r) for seed in seeded for r in range(1, repeat + 1 if status is None else 2)]
            for index, (seed, _) in enumerate(runs, start=1):
                options = dict(column.full) if seed is None else {**column.full, column.seed_option: seed}
                record = RunRecord(
                    n=problem.n,
                    solver=column.name,
                    question=question.name,
                    repeat=index,
                    status=status,
                    message=message,
                    instance=None if problem.path is None else problem.key,
                    instance_path=problem.path,
                    instance_digest=problem.digest or Instance(problem.n).digest,
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
                    "question": question.name,
                    **({"problem": objective} if objective is not None else {}),
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
    from nqueens.runtime.environment import machine, versions
    from nqueens.runtime.provenance import code_digest as toolkit_digest
    from nqueens.runtime.provenance import command

    host, digest, asked = socket.gethostname(), toolkit_digest(), command()
    for item in plan:
        spec = item.spec
        item.task["nodes"] = bool(nodes and question.instrumented and "nodes" in spec.can)
        if question.own_limit:
            item.task["timeout"] = timeout  # the solver stops itself there, with what it found
        item.code = code_digest(spec)
        item.harness = harness
        record = item.record
        record.version, record.host, record.timeout, record.memory = __version__, host, timeout, memory
        record.versions, record.machine = versions([*REGISTRY.values(), spec]), dict(machine())
        record.code_digest, record.command = digest, asked


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
