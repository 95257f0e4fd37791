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

from nqueens.experiments.questions import get_question
from nqueens.registry import get_solver

__all__ = ["execute", "warmup", "main"]

# Where a run that optimises sends each improvement as it finds it (set by :func:`main` to the runner's channel), so
# that a run stopped at its limit keeps the best solution it found.
_report: Any = None


def warmup(solver):
    """Compile or load the kernels of ``solver`` (a registry name, or the resolved :class:`~nqueens.Solver`), so
    that the run measures the search alone."""
    from nqueens.core.protocol import Solver

    module = (solver if isinstance(solver, Solver) else get_solver(solver)).load()
    if hasattr(module, "warmup"):
        module.warmup()


def execute(task, spec=None):
    """Run one task and return its outcome (a JSON-able dict).

    Parameters
    ----------
    task : dict
        ``solver`` (registry name), ``options`` (checked, defaults filled), ``n``, ``instance`` (a file path or
        ``None``), ``question`` (one of :data:`nqueens.experiments.questions.QUESTIONS`) and ``nodes`` (use the instrumented count).

    Returns
    -------
    dict
        ``status`` (``solved``, ``memout`` or ``error``), ``message``, ``total``, ``unique``, ``classes``
        (orbit size as a string -> number: the outcome is a JSON message), ``nodes``, ``profile``, ``tree``,
        ``seconds``, ``seconds_to_first``, ``solution`` (for ``first``), ``stats``, and the parts of the time:
        ``time_read`` (reading the instance file), ``time_model`` and ``time_solve`` (where the solver reports
        them in its ``stats``, under those keys); what the solver call cost, over the one span that gives
        ``seconds``, taken in the thread that runs it (:class:`nqueens.core.measure.Span`): ``cpu_time``,
        ``wall_time`` (the same span), ``peak_memory``, ``memory_added``, ``memory_note``, ``harness``, ``load`` (the
        machine's load average as the run started); for a run
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
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None  # the machine's, as the run starts
        start = time.perf_counter()
        problem = _problem(task)
        read = time.perf_counter() - start if task.get("instance") is not None else None
        trusted = spec is not None
        if spec is None:
            spec = get_solver(task["solver"])
        made: dict[str, Any] = {}
        outcome = _answer(task, problem, spec, trusted, made)
        outcome.update(wall_time=outcome["seconds"], harness="process", load=load)  # one span: the solver call's
        outcome["time_read"] = read
        _split_times(outcome)
        _effort(task, outcome, spec)
        _time_again(task, problem, outcome, spec, made)
    except MemoryError:
        return _failed("memout", "the run ran out of memory (the --memory limit)")
    except RuntimeError as exc:
        if _address_space.active and "can't start new thread" in str(exc):  # no room for the thread's stack
            return _failed("memout", "the run ran out of memory (the --memory limit): no room to start a thread")
        return _failed("error", f"{type(exc).__name__}: {exc}".rstrip(": "))
    except Exception as exc:  # a solver that raises is one failed run, not a failed experiment
        if _address_space.active and _no_room(exc):
            return _failed("memout", "the run ran out of memory (the --memory limit): a library could not be loaded")
        return _failed("error", f"{type(exc).__name__}: {exc}".rstrip(": "))
    outcome.setdefault("status", "solved")
    return outcome


def _no_room(exc):
    """Whether ``exc``, or an exception it was raised from, is the loader's or the system's "no memory": a shared
    library that cannot be mapped under the address-space limit, or ``ENOMEM``."""
    import errno

    seen = 0
    while exc is not None and seen < 20:
        if isinstance(exc, OSError) and exc.errno == errno.ENOMEM:
            return True
        if isinstance(exc, ImportError | OSError) and (
            "failed to map segment" in str(exc) or "cannot allocate memory" in str(exc).lower()
        ):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


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


# -- the question ---------------------------------------------------------------------------------------------


def _answer(task, problem, spec, trusted, made):
    """The task's question (:data:`nqueens.experiments.questions.QUESTIONS`) put to ``spec``; its options parsed
    here unless ``trusted`` (parsed by the runner). ``made`` keeps the run's request: a run timed again
    (:func:`_time_again`) asks the same one."""
    if "options" not in made:
        options = dict(task.get("options") or {})
        made["options"] = options if trusted else spec.check_options(options)  # where the task enters this process
    question = get_question(task.get("question", "count"))
    return question.answer(task, problem, spec, made["options"], made, _report)


def _problem(task):
    path = task.get("instance")
    if path is None:
        return int(task["n"])
    from nqueens.core.instance_io import read_instance

    return read_instance(path)


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
    from nqueens.core.fields import is_integer
    from nqueens.experiments.trees import search_tree

    options = dict(task.get("options") or {})
    nodes = outcome.get("nodes")
    stats = outcome.get("stats") or {}
    if nodes is None and is_integer(stats.get("nodes"), 0):  # a count of nodes: an integer >= 0
        nodes = outcome["nodes"] = stats["nodes"]  # a stream's tree walked up to where it stopped (a first solution)
    outcome["effort"] = effort(spec.effort, stats, nodes)
    try:
        outcome["search_tree"] = search_tree(spec, options, outcome.get("nodes"))
    except Exception as exc:  # a claim that names no tree: the run stands, the claim is refused elsewhere
        outcome["search_tree"] = f"unknown ({exc})"


def _time_again(task, problem, outcome, spec, made):
    """A run under a millisecond, timed again over repetitions (timeit's autorange): ``inner_time`` per run."""
    from nqueens.experiments.resources import SHORT_RUN, autorange

    seconds = outcome.get("seconds")
    if seconds is None or seconds >= SHORT_RUN or not get_question(task.get("question", "count")).retime:
        return
    _retime(outcome, lambda: _answer(task, problem, spec, True, made), autorange)


# What a run timed again must give again: a repeat that answers otherwise is not a timing of the same run.
_ANSWER = ("total", "unique", "classes")
# Seconds the repeats of a run under a millisecond may take in all (they aim at 0.02 s): a repeat that hangs is
# left behind, and the run keeps its own answer and time.
RETIME_BUDGET = 2.0


def _retime(outcome, again, autorange):
    """``inner_time`` and ``inner_loops`` of ``outcome`` from ``again()`` repeated (``autorange``), on a job of
    its own that is waited for :data:`RETIME_BUDGET` seconds at most. A repeat whose answer differs from the run's
    makes the run an ``error`` (the solver answers otherwise when asked again); a repeat that does not end in time
    leaves ``inner_time`` out and says so, and the worker process is not used again (the repeat still runs in it)."""
    from nqueens.core import background

    first = {key: outcome.get(key) for key in _ANSWER}

    def timed():
        out = again()
        differs = [key for key in _ANSWER if out.get(key) != first[key]]
        if differs:
            key = differs[0]
            raise _Differs(
                f"timed again, the solver answered {key} {out.get(key)!r} where the run answered {first[key]!r}"
            )
        return out["seconds"] or 0.0

    pending = background.start(autorange, timed, name="nqueens-time-again")
    if not pending.finished.wait(RETIME_BUDGET):
        from nqueens.core.sandbox import stdout_back

        stdout_back()  # the repeat left running may hold an outside solver's stdout aside
        outcome["message"] = f"timed again, a repeat gave no answer within {RETIME_BUDGET:g} s: no inner_time"
        outcome["worker_spoiled"] = True
        return
    try:
        outcome["inner_time"], outcome["inner_loops"] = pending.result()
    except _Differs as exc:
        outcome.update(status="error", message=str(exc))
    except Exception as exc:  # a repeat that raises: the run's own answer stands, untimed again
        outcome["message"] = f"timed again, a repeat raised {type(exc).__name__}: no inner_time"


class _Differs(Exception):
    """A repeat of a run answered otherwise than the run."""


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
    import resource

    from nqueens.core.memory import status

    return status("VmSize:") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _watch_parent(parent):
    """Leave when the runner is gone (killed with -9, say): an orphaned run must not go on burning a core."""

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="nqueens-parent-watch", daemon=True).start()


if __name__ == "__main__":
    main()
