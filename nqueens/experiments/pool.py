"""Worker processes for experiment runs with limits: started once, reused, ended when a run must stop.

Each worker is ``python -c "from nqueens.experiments.worker import main; main()"`` (see there for its protocol), in a session of its own so
that Ctrl-C on the terminal reaches the runner only: the runner decides what to stop. The clock of a run's
``timeout`` starts when its worker says the solver is warmed up; at the deadline the worker is killed (which stops
a compiled kernel too) and a new one takes its place for the next run. A worker that dies (a segfault, an
abort) is one failed run, with the signal and the last line it wrote on stderr.
"""

import collections
import json
import os
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any

from nqueens.experiments.worker import _failed, execute, warmup

__all__ = ["WorkerPool", "run_isolated"]

_POLL = 0.25  # seconds between checks of the deadlines, so that Ctrl-C is handled promptly
# A solver handed the time limit in its task (an optimiser) stops there with its bound; its process is ended this
# much later.
_GRACE = 0.5
_MEMORY_WORDS = ("MemoryError", "bad_alloc", "Cannot allocate memory", "out of memory")


def run_isolated(task, timeout=None, memory=None):
    """The outcome of one run, in a worker process of its own when limits are given (a cluster's task).

    Examples
    --------
    >>> run_isolated({"solver": "bitwise", "options": {}, "n": 6, "question": "count"})["total"]
    4
    """
    if timeout is None and memory is None:
        warmup(task["solver"])
        outcome = execute(task)
    else:
        with WorkerPool(1) as pool:
            ((_, outcome),) = list(pool.map_unordered([task], lambda t: t, timeout, memory))
    outcome["host"] = socket.gethostname()
    return outcome


class WorkerPool:
    """Up to ``workers`` worker processes (a context manager: leaving it ends them all)."""

    def __init__(self, workers=1):
        self.workers = workers
        self._idle = []
        self._live = set()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """End every worker (those in the middle of a run included)."""
        for worker in list(self._live):
            worker.kill()
        self._live.clear()
        self._idle.clear()

    def map_unordered(self, items, task_of, timeout=None, memory=None):
        """Yield ``(item, outcome)`` for each item, running ``task_of(item)`` in a worker, as runs finish."""
        pending = collections.deque(items)
        busy: dict[Any, Any] = {}  # worker -> [item, deadline, improvements reported so far]
        while pending or busy:
            while pending and len(busy) < self.workers:
                worker = self._idle.pop() if self._idle else self._start()
                item = pending.popleft()
                worker.send({"task": task_of(item), "memory": memory})
                busy[worker] = [item, None, []]
            now = time.monotonic()
            deadlines = [deadline - now for _, deadline, _ in busy.values() if deadline is not None]
            wait = max(0.0, min([_POLL, *deadlines]))
            ready, _, _ = select.select([w.fd for w in busy], [], [], wait)
            finished = []
            for worker in [w for w in busy if w.fd in ready]:
                for message in worker.receive():
                    if message is None:  # the process died
                        finished.append((worker, worker.death(), False))
                    elif message["event"] == "ready":
                        grace = _GRACE if task_of(busy[worker][0]).get("timeout") is not None else 0.0
                        busy[worker][1] = None if timeout is None else time.monotonic() + timeout + grace
                    elif message["event"] == "improved":  # kept, so that a run stopped at its limit keeps them
                        busy[worker][2].append(message["improvement"])
                    elif message["event"] == "done":
                        outcome = message["outcome"]
                        # A worker out of memory, or left running a repeat that hangs, is not used again.
                        spoiled = outcome.pop("worker_spoiled", False)
                        finished.append((worker, outcome, outcome.get("status") != "memout" and not spoiled))
            now = time.monotonic()
            for worker, (_item, deadline, improvements) in busy.items():
                if deadline is not None and now >= deadline and all(w is not worker for w, _, _ in finished):
                    stopped = _failed("timeout", f"stopped after {timeout:g} s (the time limit)")
                    finished.append((worker, {**stopped, "improvements": improvements}, False))
            for worker, outcome, keep in finished:
                item, _, improvements = busy.pop(worker)
                outcome.setdefault("improvements", improvements)  # a process that died keeps what it reported
                if keep:
                    self._idle.append(worker)
                else:
                    worker.kill()
                    self._live.discard(worker)
                yield item, outcome

    def _start(self):
        worker = _Worker()
        self._live.add(worker)
        return worker


class _Worker:
    def __init__(self):
        self._stderr = tempfile.TemporaryFile()
        self.process: Any = subprocess.Popen(
            [sys.executable, "-c", "from nqueens.experiments.worker import main; main()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            start_new_session=True,
        )
        self.fd = self.process.stdout.fileno()  # type: ignore[union-attr]  # stdout=PIPE
        os.set_blocking(self.fd, False)
        self._buffer = b""

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def receive(self):
        """The complete messages waiting, then ``None`` if the process has closed its end."""
        try:
            chunk = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return []
        if not chunk:
            return [None]
        self._buffer += chunk
        *lines, self._buffer = self._buffer.split(b"\n")
        return [json.loads(line) for line in lines if line.strip()]

    def death(self):
        """The outcome of a run whose process died: the signal, and what it last said."""
        code = self.process.wait()
        how = f"signal {signal.Signals(-code).name}" if code < 0 else f"exit status {code}"
        self._stderr.seek(0)
        said = [line.strip() for line in self._stderr.read().decode(errors="replace").splitlines() if line.strip()]
        last = said[-1][:200] if said else ""
        status = "memout" if any(word in line for line in said[-5:] for word in _MEMORY_WORDS) else "error"
        return _failed(status, f"its process died ({how})" + (f": {last}" if last else ""))

    def kill(self):
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self._stderr):
            try:
                stream.close()
            except OSError:
                pass
