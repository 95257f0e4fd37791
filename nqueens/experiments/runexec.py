"""BenchExec's ``runexec`` as the harness that measures and limits each run (``nqueens compare --harness runexec``).

BenchExec (Beyer, Löwe and Wendler) runs a command in cgroups of its own and reports the CPU time of every process
in them, the wall time and the peak memory, and enforces time and memory limits reliably: the field's standard
for benchmarking solvers (CPMpy's benchmark runner uses it). Each run is then a process of its own,
``python -c "from nqueens.experiments.runexec import child; child()"`` with the task in a file; the run's
``seconds`` and ``memory_added`` are still measured inside it, after the solver's warm-up, while ``cpu_time``,
``wall_time`` and ``peak_memory`` are BenchExec's, for the whole process (interpreter start, imports and warm-up
included); the record's ``memory_note`` says so.

It needs BenchExec (``pip install benchexec``) and cgroups it may write to; :func:`why_not` says what is missing.

References
----------
D. Beyer, S. Löwe and P. Wendler, "Reliable benchmarking: requirements and solutions", STTT 21 (2019) 1-29.
"""

import json
import os
import sys
import tempfile

__all__ = ["why_not", "run", "child"]


def why_not():
    """``None`` when runexec can measure runs here, else one sentence saying why not."""
    try:
        from benchexec.runexecutor import RunExecutor
    except ImportError:
        return (
            "--harness runexec needs BenchExec's runexec, which is not installed: pip install benchexec "
            "(or use the default harness, process)"
        )
    try:
        _quiet()
        RunExecutor(use_namespaces=False)
    except (Exception, SystemExit) as exc:
        return f"--harness runexec: BenchExec cannot use cgroups here ({_line(exc)}); see BenchExec's INSTALL.md"
    return None


def run(task, timeout=None, memory=None):
    """The outcome of one task run under runexec (the worker's outcome, with BenchExec's measurements)."""
    from benchexec.runexecutor import RunExecutor

    _quiet()
    executor = RunExecutor(use_namespaces=False)
    with tempfile.TemporaryDirectory(prefix="nqueens-runexec-") as folder:
        task_path = os.path.join(folder, "task.json")
        out_path = os.path.join(folder, "outcome.json")
        with open(task_path, "w") as handle:
            json.dump(task, handle)
        command = [sys.executable, "-c", "from nqueens.experiments.runexec import child; child()", task_path, out_path]
        result = executor.execute_run(
            command,
            os.path.join(folder, "output.log"),
            hardtimelimit=None if timeout is None else max(1, int(timeout + 30)),  # warm-up's CPU time on top
            walltimelimit=None if timeout is None else timeout + 60,
            memlimit=None if memory is None else int(memory) * 2**20 + 512 * 2**20,
        )
        outcome = None
        if os.path.exists(out_path):
            with open(out_path) as handle:
                outcome = json.load(handle)
        reason = result.get("terminationreason")
        if outcome is None:
            if reason in ("cputime", "cputime-soft", "walltime"):
                outcome = {"status": "timeout", "message": f"stopped by runexec ({reason} limit)", "seconds": None}
            elif reason == "memory":
                outcome = {"status": "memout", "message": "stopped by runexec (memory limit)", "seconds": None}
            else:
                with open(os.path.join(folder, "output.log"), errors="replace") as log:
                    said = [line.strip() for line in log if line.strip()]
                last = said[-1][:200] if said else ""
                outcome = {"status": "error", "message": f"its process ended ({result.get('exitcode')}): {last}"}
    outcome.update(
        cpu_time=result.get("cputime"),
        wall_time=result.get("walltime"),
        peak_memory=None if result.get("memory") is None else result["memory"] / 2**20,
        harness="runexec",
        memory_note=outcome.get("memory_note")
        or "peak_memory, cpu_time and wall_time are BenchExec's for the whole run (its control group, the "
        "interpreter's start and imports included); memory_added is the solver call's own, measured in the run",
    )
    return outcome


def child():
    """The process runexec starts: warm the solver up, run the task of ``argv[1]``, write the outcome to
    ``argv[2]``."""
    from nqueens.experiments.worker import execute, warmup

    with open(sys.argv[1]) as handle:
        task = json.load(handle)
    warmup(task["solver"])
    outcome = execute(task)
    with open(sys.argv[2], "w") as handle:
        json.dump(outcome, handle, default=str)


def _quiet():
    import logging

    logging.getLogger().setLevel(logging.ERROR)


def _line(exc):
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
