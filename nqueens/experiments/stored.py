"""The runs of experiments in the result store: their identity, and the reuse of runs already made.

A run's key is a digest of what it is (solver, options, problem, question, repeat, nodes), of the code that made it
(the digest of the solver's code, :func:`nqueens.plugins.code_digest`), and of where and under which limits it ran
(timeout, memory, harness, the toolkit's version, the host): a stored run is reused only when all of these are the
same, and a stored run that does not read as a run (:func:`nqueens.experiments.judge.damage`) is made again.
"""

import hashlib
import json
import os

from nqueens.core.record import RunRecord
from nqueens.experiments.judge import damage

__all__: list[str] = []


def _reused(results, runnable, fresh):
    """The planned runs of ``runnable`` still to make: those the store ``results`` holds under their key (unless
    ``fresh``) take the stored record, marked ``reused``; a damaged stored run is made again."""
    stored = {} if results is None or fresh else results.experiment_runs_by_key([_key(i) for i in runnable])
    todo = []
    for item in runnable:
        earlier = stored.get(_key(item))
        if earlier is not None and damage(earlier) is None:
            item.record = RunRecord.from_dict({**earlier, "reused": True})
        else:
            todo.append(item)
    return todo


def _key(item):
    """The identity of a run in the store: what it is, where it ran and under which limits."""
    task, record = item.task, item.record
    identity = {
        "solver": task["solver"],
        "options": task["options"],
        "problem": record.instance_digest if record.instance is not None else task["n"],
        "question": task["question"],
        "code": item.code,
        "repeat": record.repeat,
        "nodes": task["nodes"],
        "timeout": record.timeout,
        "memory": record.memory,
        "harness": None if item.harness == "process" else item.harness,
        "version": record.version,
        "host": record.host,
    }
    if "problem" in task:  # an optimisation problem (the key of a counting run is as it was)
        identity["optimize"] = task["problem"]
    return hashlib.sha256(json.dumps(identity, sort_keys=True, default=str).encode()).hexdigest()


def _open_store(store):
    from nqueens.runtime.store import ENV_VAR, ResultStore

    if store is None:
        store = os.environ.get(ENV_VAR) or None
        if store is None:
            return None
    if str(store).strip().lower() == "none":
        return None
    return ResultStore(store)
