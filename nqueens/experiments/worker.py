"""One run of an experiment, and the worker process that runs them one after another.

:func:`execute` is the measurement itself: one solver asked one question (``count``, ``enumerate``, ``first``,
``unique``) about one problem, timed inside the process after the solver's kernels are compiled or loaded. It
returns a JSON-able *outcome* (``status`` ``solved``, ``memout`` or ``error``, the answer, ``seconds``, the
solver's own statistics); judging the answer (``wrong``) and the limits (``timeout``) is the runner's job
(:mod:`nqueens.experiments.runner`).

``python -m nqueens.experiments.worker`` is the child process the runner uses when runs have limits: it reads one
task per line (JSON) on stdin and answers on stdout, first ``{"event": "ready"}`` once the solver is warmed up
(the runner's clock for ``--timeout`` starts there), then ``{"event": "done", "outcome": ...}``. A run that must
be stopped is stopped by ending the process, which stops a compiled kernel that never returns to Python too.
``--memory`` becomes ``RLIMIT_AS`` for the duration of each run: the address space the run may add to the
worker (the interpreter, numba and the solver libraries already loaded are not charged). The worker leaves when
stdin closes or its parent goes away.

The runner starts it as ``python -c "from nqueens.experiments.worker import main; main()"``, so that the loop
calls this module's :func:`execute` (the fault tests replace it in their child processes, from
``tests/faults/sitecustomize.py``; nothing of them ships with the package).
"""

import json
import os
import signal
import sys
import threading
import time
from typing import Any

__all__ = ["QUESTIONS", "execute", "warmup", "main"]

QUESTIONS = ("count", "enumerate", "first", "unique", "optimize")

# Where a run that optimises sends each improvement as it finds it (set by :func:`main` to the runner's channel), so
# that a run stopped at its limit keeps the best solution it found.
_report: Any = None


def warmup(solver):
    """Compile or load the kernels of ``solver`` (a registry name, or the resolved :class:`~nqueens.Solver`), so
    that the run measures the search alone."""
    from nqueens.core.protocol import Solver
    from nqueens.registry import get_solver

    module = (solver if isinstance(solver, Solver) else get_solver(solver)).load()
    if hasattr(module, "warmup"):
        module.warmup()


def execute(task, spec=None):
    """Run one task and return its outcome (a JSON-able dict).

    Parameters
    ----------
    task : dict
        ``solver`` (registry name), ``options`` (checked, defaults filled), ``n``, ``instance`` (a file path or
        ``None``), ``question`` (one of :data:`QUESTIONS`) and ``nodes`` (use the instrumented count).

    Returns
    -------
    dict
        ``status`` (``solved``, ``memout`` or ``error``), ``message``, ``total``, ``unique``, ``classes``
        (orbit size as a string -> number: the outcome is a JSON message), ``nodes``, ``profile``, ``tree``,
        ``seconds``, ``seconds_to_first``, ``solution`` (for ``first``), ``stats``, and the parts of the time:
        ``time_read`` (reading the instance file), ``time_model`` and ``time_solve`` (where the solver reports
        them in its ``stats``, under those keys); what the solver call cost, over the one span that gives
        ``seconds``, taken in the thread that runs it (:class:`nqueens.core.measure.Span`): ``cpu_time``,
        ``wall_time`` (the same span), ``peak_memory``, ``memory_added``, ``memory_note``, ``harness``; for a run
        shorter than :data:`nqueens.experiments.resources.SHORT_RUN`, ``inner_time`` and ``inner_loops``;
        ``effort`` (the statistics in the names of :data:`nqueens.core.effort.QUANTITIES`; for a first solution,
        the search up to it) and ``search_tree`` (the tree its ``nodes`` belong to).

    With ``spec``, the solver the runner resolved for this task's column in this process, the task's options
    are trusted as parsed there; without it (a task that entered a new process) they are checked again here.

    Examples
    --------
    >>> out = execute({"solver": "bitwise", "options": {}, "n": 8, "question": "unique"})
    >>> out["status"], out["total"], out["unique"], out["classes"]
    ('solved', 92, 12, {'4': 1, '8': 11})
    """
    try:
        start = time.perf_counter()
        problem = _problem(task)
        read = time.perf_counter() - start if task.get("instance") is not None else None
        trusted = spec is not None
        if spec is None:
            from nqueens.registry import get_solver

            spec = get_solver(task["solver"])
        made: dict[str, Any] = {}
        outcome = _answer(task, problem, spec, trusted, made)
        outcome.update(wall_time=outcome["seconds"], harness="process")  # one span: the solver call's
        outcome["time_read"] = read
        _split_times(outcome)
        _effort(task, outcome, spec)
        _time_again(task, problem, outcome, spec, made)
    except MemoryError:
        return _failed("memout", "the run ran out of memory (the --memory limit)")
    except KeyboardInterrupt:
        raise
    except RuntimeError as exc:
        if _address_space.active and "can't start new thread" in str(exc):  # no room for the thread's stack
            return _failed("memout", "the run ran out of memory (the --memory limit): no room to start a thread")
        return _failed("error", f"{type(exc).__name__}: {exc}".rstrip(": "))
    except Exception as exc:  # a solver that raises is one failed run, not a failed experiment
        return _failed("error", f"{type(exc).__name__}: {exc}".rstrip(": "))
    outcome.setdefault("status", "solved")
    return outcome


def main():
    """The worker loop (see the module docstring)."""
    # The protocol has stdout to itself: whatever a solver prints goes to stderr.
    channel = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the runner decides when to stop, and stops us
    _watch_parent(os.getppid())
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        task, memory = message["task"], message.get("memory")
        try:
            warmup(task["solver"])
        except Exception as exc:
            outcome = _failed("error", f"{type(exc).__name__}: {exc}")
            channel.write(json.dumps({"event": "done", "outcome": outcome}) + "\n")
            continue
        channel.write(json.dumps({"event": "ready"}) + "\n")
        global _report
        _report = lambda event: channel.write(json.dumps(event, default=str) + "\n")  # noqa: E731
        with _address_space(memory):
            outcome = execute(task)
        channel.write(json.dumps({"event": "done", "outcome": outcome}, default=str) + "\n")


# -- the questions --------------------------------------------------------------------------------------------


def _answer(task, problem, spec, trusted, made):
    """The task's question put to ``spec``; its options parsed here unless ``trusted`` (parsed by the runner).
    ``made`` keeps the run's request: a run timed again (:func:`_time_again`) asks the same one."""
    from nqueens import api

    if "options" not in made:
        options = dict(task.get("options") or {})
        made["options"] = options if trusted else spec.check_options(options)  # where the task enters this process
    options = made["options"]
    question = task.get("question", "count")
    if question == "optimize":
        return _optimize(task, spec, options)
    if question == "count" or (question == "unique" and spec.counts_unique(options)):
        if "request" not in made:
            made["request"] = api.request(problem, spec, nodes=bool(task.get("nodes")), options=options, checked=True)
        record = api.count(made["request"])
        tree_size = getattr(spec.load(), "tree_size", None)
        out = {
            "total": record.total,
            "unique": record.unique,
            "classes": _classes(record.classes),
            "nodes": record.nodes,
            "profile": None if record.profile is None else list(record.profile),
            "tree": tree_size(record.n) if tree_size is not None and task.get("instance") is None else None,
            "seconds": record.seconds,
            "stats": _jsonable(record.stats),
            **{key: getattr(record, key) for key in _SPAN},
        }
        if question == "unique" and record.unique is None:
            raise RuntimeError(f"solver {spec.name} counted no unique solutions")
        return out
    stats: dict[Any, Any] = {}  # filled by the solvers that report on a stream (cpsat: time_model once built)
    if "request" not in made:
        limit = 1 if question == "first" else None
        made["request"] = api.request(problem, spec, question="enumerate", limit=limit, options=options, checked=True)
    from nqueens.core import background

    # The stream is read inside one job, so that the span is the solver's, not the hand-offs of its chunks.
    out, span = background.timed(_read_stream, api.batches(made["request"], stats=stats), question)
    span.child(stats.pop("child_peak_memory", None))  # a child process the solver measured itself
    out.update(stats=_jsonable(stats), **{key: getattr(span, key) for key in _SPAN})
    return out


_SPAN = ("seconds", "cpu_time", "peak_memory", "memory_added", "memory_note")


def _read_stream(stream, question):
    """The answer of ``question`` (``enumerate``, ``first``, ``unique``) read from a stream of batches."""
    start = time.perf_counter()
    rows = 0
    first = None
    solution = None
    found: dict[int, int] | None = None

    def counted(batches):
        nonlocal rows, first, solution
        for batch in batches:
            if first is None and len(batch):
                first = time.perf_counter() - start
                solution = [int(c) for c in batch[0]]
            rows += len(batch)
            yield batch

    try:
        if question == "unique":
            from nqueens.analysis.symmetry import classes

            found = classes(counted(stream))
        else:
            for _ in counted(stream):
                pass
    finally:
        stream.close()
    if found is not None:
        orbits = sum(size * number for size, number in found.items())
        if orbits != rows:
            raise RuntimeError(f"enumerated {rows} solutions whose orbits hold {orbits}")
        return {"total": rows, "unique": sum(found.values()), "classes": _classes(found), "seconds_to_first": first}
    if question == "first":
        return {"total": None, "solution": solution, "seconds_to_first": first}
    return {"total": rows, "seconds_to_first": first}


def _optimize(task, spec, options):
    """The optimisation hook of ``spec`` on the task's problem: every improvement it reports, timed and sent to the
    runner at once (:data:`_report`), and what it claims at the end. Nothing is judged here: the runner verifies
    every solution (:func:`nqueens.core.optimization.settle`)."""
    from nqueens.core.optimization import hook_options

    hook = spec.optimizer()
    taken = hook_options(hook)
    improvements: list[Any] = []
    start = time.perf_counter()

    def hook_in_span(*args, **kwargs):
        # The improvements' clock starts inside the span, in its thread: a moment of the run is never after its end.
        nonlocal start
        start = time.perf_counter()
        return hook(*args, **kwargs)

    def improved(solution, objective=None):
        entry = {"seconds": time.perf_counter() - start, "solution": _plain(solution), "objective": objective}
        improvements.append(entry)
        if _report is not None:
            _report({"event": "improved", "improvement": entry})

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
        "stats": _jsonable(stats),
        **{key: getattr(span, key) for key in _SPAN},
    }


def _plain(solution):
    """A solution as JSON-able lists of ints (squares ``[row, column]``, or a pair of such lists)."""
    if isinstance(solution, dict | str | bytes):
        return solution  # not a solution: the runner says why
    try:
        return [_plain(x) for x in solution]
    except TypeError:
        return int(solution) if hasattr(solution, "__index__") else solution


def _problem(task):
    path = task.get("instance")
    if path is None:
        return int(task["n"])
    from nqueens.core.instance_io import read_instance

    return read_instance(path)


def _classes(classes):
    from nqueens.core.record import classes_to_json

    return classes_to_json(classes)


def _split_times(outcome):
    """Lift the solver's ``time_model`` and ``time_solve`` out of its statistics (the solver protocol's
    convention for a model that is built, then solved), for every question. A solver that reports only the
    model's time (on a stream that was closed early) solved for the rest of the run's ``seconds``."""
    stats = outcome.get("stats") or {}
    for key in ("time_model", "time_solve"):
        value = stats.get(key)
        outcome[key] = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    if outcome["time_model"] is not None and outcome["time_solve"] is None and outcome.get("seconds") is not None:
        outcome["time_solve"] = max(0.0, outcome["seconds"] - outcome["time_model"])


def _effort(task, outcome, spec):
    """The run's statistics in the effort vocabulary, and the tree its nodes belong to."""
    from nqueens.core.effort import effort
    from nqueens.experiments.trees import search_tree

    options = dict(task.get("options") or {})
    nodes = outcome.get("nodes")
    stats = outcome.get("stats") or {}
    if nodes is None and isinstance(stats.get("nodes"), int):  # a stream's tree walked up to where it stopped
        nodes = stats["nodes"]
    outcome["effort"] = effort(spec.effort, stats, nodes)
    try:
        outcome["search_tree"] = search_tree(spec, options, outcome.get("nodes"))
    except Exception as exc:  # a claim that names no tree: the run stands, the claim is refused elsewhere
        outcome["search_tree"] = f"unknown ({exc})"


def _time_again(task, problem, outcome, spec, made):
    """A run under a millisecond, timed again over repetitions (timeit's autorange): ``inner_time`` per run."""
    from nqueens.experiments.resources import SHORT_RUN, autorange

    seconds = outcome.get("seconds")
    if seconds is None or seconds >= SHORT_RUN or task.get("question") == "optimize":
        return
    outcome["inner_time"], outcome["inner_loops"] = autorange(
        lambda: _answer(task, problem, spec, True, made)["seconds"] or 0.0
    )


def _jsonable(stats):
    return json.loads(json.dumps(dict(stats or {}), default=str))


def _failed(status, message):
    return {"status": status, "message": message, "seconds": None}


# -- the worker's plumbing ------------------------------------------------------------------------------------


class _address_space:
    """``RLIMIT_AS`` of the current address space plus ``memory`` MiB while the run lasts (nothing for ``None``)."""

    active = False  # a limit is in force (a thread that cannot start is then out of memory)

    def __init__(self, memory):
        self.memory = memory

    def __enter__(self):
        if self.memory is None:
            return self
        import resource

        _address_space.active = True

        self.before = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (_address_space_now() + int(self.memory) * 2**20, self.before[1]))
        return self

    def __exit__(self, *exc):
        if self.memory is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, self.before)
            _address_space.active = False


def _address_space_now():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _watch_parent(parent):
    """Leave when the runner is gone (killed with -9, say): an orphaned run must not go on burning a core."""

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="nqueens-parent-watch", daemon=True).start()


if __name__ == "__main__":
    main()
