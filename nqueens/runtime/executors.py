"""Where independent subproblems run: a pool of local threads, or a Dask distributed cluster.

Both executors take a function and a list of ``(key, args)`` tasks, run ``function(*args)`` for each, and yield
``(key, result)`` as the tasks finish, in whatever order they finish. The function must be pure and importable
(a module-level function): a cluster may run a task twice, for instance when a worker is lost, and the result
is the same.

:class:`LocalThreads` runs the tasks on ``K`` threads of this process. The numba kernels release the GIL, so
``K`` threads keep ``K`` cores busy. The threads are daemons: Ctrl-C in the main thread returns at once,
and the tasks still running are abandoned (their subproblems are computed again by the next run).

:class:`DaskCluster` sends the tasks to the scheduler of an existing Dask distributed cluster (the ``dist``
extra). The scheduler reassigns the tasks of a worker that dies to the others.

Examples
--------
>>> with executor(workers=2) as pool:
...     sorted(pool.map_unordered(pow, [("a", (2, 3)), ("b", (3, 2))]))
[('a', 8), ('b', 9)]
"""

import math
import os
import queue
import socket
import sys
import threading

from nqueens.core.errors import NQueensError
from nqueens.core.fields import positive

__all__ = ["CONNECT_TIMEOUT", "default_workers", "executor", "check_workers", "LocalThreads", "DaskCluster"]

CONNECT_TIMEOUT = 10.0  # seconds a Dask scheduler has to answer
FAILED_CLOSE_TIMEOUT = 1.0  # seconds a client closing after a failure waits for the cluster's goodbye
WORKER_WAIT = 30.0  # seconds to wait for a first worker at a scheduler that has none
_NO_DASK = "--scheduler needs dask distributed, which is not installed: pip install 'nqueens[dist]'"


def default_workers():
    """The number of cores this process may keep busy: the cores it may run on (all, unless it is pinned to fewer:
    ``taskset``, ``os.sched_setaffinity``), and no more than its control group's CPU quota (``cpu.max`` of cgroup
    v2, ``cpu.cfs_quota_us`` of v1: a container given 2 CPUs of 64), rounded up. The one count of cores the
    executors, the forecasts and the experiment runner use.

    Examples
    --------
    >>> default_workers() >= 1
    True
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:
        cores = os.cpu_count() or 1
    quota = _cgroup_quota()
    if quota is not None:
        cores = min(cores, quota)
    return max(1, cores)


def _cgroup_quota(root="/sys/fs/cgroup"):
    """The control group's CPU quota in whole CPUs (rounded up), or ``None`` when it has none."""
    for path, split in ((f"{root}/cpu.max", False), (f"{root}/cpu/cpu.cfs_quota_us", True)):
        try:
            with open(path, encoding="ascii") as fh:
                text = fh.read().split()
            if split:  # cgroup v1: the quota and the period in two files
                with open(f"{root}/cpu/cpu.cfs_period_us", encoding="ascii") as fh:
                    text += fh.read().split()
        except OSError:
            continue
        try:
            quota, period = text[0], int(text[1])
            if quota in ("max", "-1") or period <= 0:
                return None
            return max(1, math.ceil(int(quota) / period))
        except (IndexError, ValueError):
            return None
    return None


def executor(workers=None, scheduler=None):
    """The executor for ``workers`` local threads, or for the Dask cluster at ``scheduler``.

    Parameters
    ----------
    workers : int, optional
        Threads, at least 1; all cores by default. Not with ``scheduler``.
    scheduler : str, optional
        The address of a Dask scheduler, such as ``tcp://10.0.0.5:8786``.

    Returns
    -------
    LocalThreads or DaskCluster
        A context manager; leaving it stops what is still running.

    Raises
    ------
    NQueensError
        For ``workers < 1``, both arguments at once, dask not installed, or a scheduler that does not answer
        within :data:`CONNECT_TIMEOUT` seconds.
    """
    check_workers(workers, scheduler)
    if scheduler is not None:
        return DaskCluster(scheduler)
    return LocalThreads(default_workers() if workers is None else workers)


def check_workers(workers, scheduler=None):
    """Refuse ``workers`` (``None``: not given) that is not an integer >= 1, or that is given beside ``scheduler``."""
    if workers is not None:
        positive(workers, "workers")
        if scheduler is not None:
            raise NQueensError(
                "--workers sets local threads; with --scheduler the cluster's own workers run the subproblems, "
                "so give one or the other"
            )


class LocalThreads:
    """``workers`` daemon threads of this process (see the module docstring)."""

    def __init__(self, workers):
        self.workers = positive(workers, "workers")
        self.where = "local"
        self._stop = threading.Event()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Let the threads stop after their current task."""
        self._stop.set()

    def map_unordered(self, function, tasks):
        """Yield ``(key, function(*args))`` for every ``(key, args)`` in ``tasks``, as they finish.

        An exception raised by a task is raised here, after which the other threads stop taking tasks.
        """
        tasks = list(tasks)
        todo: queue.SimpleQueue = queue.SimpleQueue()
        for task in tasks:
            todo.put(task)
        done: queue.SimpleQueue = queue.SimpleQueue()
        stop = threading.Event()

        def work():
            while not (stop.is_set() or self._stop.is_set()):
                try:
                    key, args = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    done.put((key, True, function(*args)))
                except BaseException as exc:  # handed to the main thread, which raises it
                    done.put((key, False, exc))
                    return

        for _ in range(min(self.workers, len(tasks))):
            threading.Thread(target=work, name="nqueens-worker", daemon=True).start()
        try:
            for _ in range(len(tasks)):
                key, ok, value = _get(done)
                if not ok:
                    raise value
                yield key, value
        finally:
            stop.set()


class DaskCluster:
    """A client of the Dask distributed cluster whose scheduler is at ``address``.

    Raises
    ------
    NQueensError
        If dask distributed is not installed or the scheduler does not answer within ``timeout`` seconds.
    """

    def __init__(self, address, timeout=None):
        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        host, port = _parse_address(address)
        if not _dask_installed():  # said first: no probe of the address can help without it
            raise NQueensError(_NO_DASK)
        # A plain connection first: a Client made for an address that does not answer leaves a background close
        # that hangs for 20 s at exit and prints a traceback. No Client is made until something listens.
        try:
            probe = socket.create_connection((host, port), timeout=timeout)
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            raise NQueensError(f"no Dask scheduler answered at {address} within {timeout:g} s ({reason})") from None
        # A scheduler sends its handshake as soon as it accepts; a listener that accepts and says nothing would
        # keep the Client waiting for as long as it lives, and one that says something else (an SSH banner, an
        # HTTP reply) would be read as the length of a message: the Client allocates what that says and fails
        # after its own timeouts.
        with probe:
            greeting = _greeting(probe, timeout)
        if not greeting:
            what = "closed the connection" if greeting == b"" else f"said nothing within {timeout:g} s"
            raise NQueensError(
                f"something listens at {address} but it is not a Dask scheduler: it {what} (a scheduler greets at once)"
            )
        if not _is_dask_handshake(greeting):
            raise NQueensError(
                f"something listens at {address} but it is not a Dask scheduler: it greets with {_shown(greeting)} "
                "(a Dask scheduler's greeting is a short binary handshake)"
            )
        try:
            import distributed
        except ImportError:
            raise NQueensError(_NO_DASK) from None
        self._distributed = distributed
        self.where = address
        # The client logs its failed reconnections as tracebacks (a scheduler killed mid-run); the failure reaches
        # the caller as one NQueensError from map_unordered instead.
        self._quiet = _Quiet("distributed.client", "distributed.comm", "distributed.core", "tornado.application")
        try:
            self._client = distributed.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, distributed.TimeoutError):
            self._quiet.restore()
            raise NQueensError(f"no Dask scheduler answered at {address} within {timeout:g} s") from None
        except ValueError as exc:
            self._quiet.restore()
            raise NQueensError(f"bad scheduler address {address!r}: {exc}") from None
        try:
            self.workers = sum(self._client.nthreads().values())
            if self.workers == 0:
                self._wait_for_workers(address, WORKER_WAIT)
        except BaseException:  # no caller holds this executor yet: close the client here, on every path
            self.close(failed=True)
            raise

    def _wait_for_workers(self, address, wait):
        """A scheduler with no worker would queue the tasks for ever: wait ``wait`` seconds for one, saying so."""
        print(
            f"note: no worker is connected to the Dask scheduler at {address}; waiting up to {wait:g} s for one",
            file=sys.stderr,
            flush=True,
        )
        try:
            self._client.wait_for_workers(1, timeout=wait)
        except (TimeoutError, self._distributed.TimeoutError):
            self.close(failed=True)
            raise NQueensError(
                f"no worker connected to the Dask scheduler at {address} within {wait:g} s: start some with "
                f"`dask worker {address}`"
            ) from None
        self.workers = sum(self._client.nthreads().values())

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        self.close(failed=exc is not None)

    def close(self, failed=False):
        """Cancel what is still queued and disconnect from the scheduler.

        After a failure (``failed``) the cluster may be in no state to answer, and neither may this process: the
        goodbye waits :data:`FAILED_CLOSE_TIMEOUT` seconds, not :data:`CONNECT_TIMEOUT`. A client whose close does
        not finish is left closed all the same, so that nothing waits for it again (``Client.__del__`` at exit
        would, for 20 s, and then print a traceback)."""
        client, self._client = getattr(self, "_client", None), None  # type: ignore[assignment]
        if client is not None:
            try:
                client.close(timeout=FAILED_CLOSE_TIMEOUT if failed else CONNECT_TIMEOUT)
            except BaseException:  # a cluster (or an event loop) in trouble: nothing left to release
                client.status = "closed"
        quiet, self._quiet = getattr(self, "_quiet", None), None  # type: ignore[assignment]
        if quiet is not None:
            quiet.restore()

    def map_unordered(self, function, tasks):
        """Submit every task (``key`` names it on the cluster) and yield ``(key, result)`` as they finish.

        Raises
        ------
        NQueensError
            If the cluster fails a task (for instance, after losing several workers while running it).
        """
        distributed = self._distributed
        futures = {}
        for key, args in tasks:
            future = self._client.submit(function, *args, key=f"nqueens-{key}", pure=False)
            futures[future] = key
        try:
            for future, result in distributed.as_completed(list(futures), loop=self._client.loop, with_results=True):
                if future.status == "cancelled" or isinstance(result, BaseException):
                    # A scheduler that went away cancels every future (the result is then the cancellation).
                    raise NQueensError(
                        f"the cluster at {self.where} failed: lost the scheduler ({type(result).__name__}); the "
                        "finished subproblems are kept: run the same command again to go on"
                    )
                yield futures[future], result
        except (distributed.CancelledError, distributed.TimeoutError, OSError) as exc:
            raise NQueensError(f"the cluster at {self.where} failed: {type(exc).__name__}: {exc}") from None
        except Exception as exc:
            if type(exc).__name__ == "KilledWorker":
                raise NQueensError(
                    f"the cluster at {self.where} lost the workers running a subproblem: {exc}"
                ) from None
            raise
        finally:
            if self._client is not None:
                self._client.cancel(list(futures))


class _Quiet:
    """Raise the named loggers to CRITICAL until :meth:`restore`."""

    def __init__(self, *names):
        import logging

        self._levels = {}
        for name in names:
            logger = logging.getLogger(name)
            self._levels[logger] = logger.level
            logger.setLevel(logging.CRITICAL)

    def restore(self):
        for logger, level in self._levels.items():
            logger.setLevel(level)


# A Dask message starts with its length, 8 bytes little-endian; a scheduler's handshake is about 60 bytes.
_HANDSHAKE_MAX = 1 << 16


def _greeting(probe, timeout):
    """The first bytes a listener sends (8 of them, and what else came with them): ``b""`` if it closed the
    connection first, ``None`` if it sent nothing within ``timeout`` seconds."""
    data = b""
    try:
        probe.settimeout(timeout)
        while len(data) < 8:
            chunk = probe.recv(256)
            if not chunk:
                break
            data += chunk
    except OSError:
        return data or None
    return data


def _is_dask_handshake(greeting):
    return len(greeting) >= 8 and 8 <= int.from_bytes(greeting[:8], "little") <= _HANDSHAKE_MAX


def _shown(greeting):
    """The greeting for people: its first line when it is text, else its first bytes in hex."""
    line = greeting.split(b"\n")[0].strip()
    if line and all(32 <= b < 127 for b in line):
        return repr(line[:80].decode("ascii"))
    return f"the bytes {greeting[:16].hex(' ')}"


def _parse_address(address):
    """``(host, port)`` of a scheduler address ``tcp://HOST:PORT`` (or ``HOST:PORT``), else a one-line error."""
    allowed = "the scheduler address must look like tcp://HOST:PORT (such as tcp://10.0.0.5:8786)"
    if not isinstance(address, str) or not address.strip():
        raise NQueensError(f"{allowed}, got {address!r}")
    scheme, sep, rest = address.strip().partition("://")
    if not sep:
        scheme, rest = "tcp", scheme
    if scheme != "tcp":
        raise NQueensError(f"{allowed}; other protocols ({scheme}://) are not supported, got {address!r}")
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise NQueensError(f"{allowed}, got {address!r}")
    return host, int(port)


def _get(results):
    # A timed wait, so that Ctrl-C reaches the main thread promptly.
    while True:
        try:
            return results.get(timeout=0.25)
        except queue.Empty:
            continue


def _dask_installed():
    """Whether dask distributed can be imported, without importing it (a second of start-up)."""
    import importlib.util

    if "distributed" in sys.modules:
        return sys.modules["distributed"] is not None
    return importlib.util.find_spec("distributed") is not None
