"""Run a solver's search in a worker thread, so that Ctrl-C reaches Python while the solver's C code runs.

SAT, MIP and CP libraries solve in C or C++ and hold the calling thread until they return; some of them also
swallow or block SIGINT. A search run here happens in a daemon thread while the calling thread waits on a queue
with a short timeout, so a ``KeyboardInterrupt`` arrives at once; the caller's ``stop`` callback (the library's
own interrupt: ``solver.interrupt()``, a terminate flag, ...) then ends the search and the worker is joined
before the exception goes on (or, for a library that cannot be interrupted, after ``join_timeout`` seconds the
daemon thread is left to finish on its own). Nothing partial is returned: a search that was stopped raises.

Two shapes serve the solver protocol:

- :func:`run`: a function that returns one value (a count), called with a ``stopped`` event it should poll
  between solver calls;
- :func:`stream`: a producer that hands chunks to ``emit`` (which returns ``False`` once the reader has gone)
  and returns when its search is over; the caller gets the chunks as a generator, and closing it stops the
  search.
"""

import queue
import threading

__all__ = ["run", "stream", "Stopped"]

_POLL = 0.05  # seconds between checks for a pending signal while waiting on the worker
_QUEUE = 4  # chunks the worker may run ahead of the reader


class Stopped(Exception):
    """Raised inside a worker whose search was stopped; never reaches the caller."""


def run(work, *, stop, name, join_timeout=None):
    """``work(stopped)`` in a worker thread; its return value, or its exception, in the calling thread.

    Parameters
    ----------
    work : callable
        Called with a :class:`threading.Event` that is set when the caller gives up (Ctrl-C).
    stop : callable
        Ends a search in progress (the library's interrupt); called from the calling thread.
    name : str
        The worker thread's name.
    join_timeout : float, optional
        After a Ctrl-C, wait at most this long for the worker (``None``: until it ends).

    Examples
    --------
    >>> run(lambda stopped: 6 * 7, stop=lambda: None, name="example")
    42
    """
    box = queue.Queue()
    stopped = threading.Event()

    def target():
        try:
            box.put((True, work(stopped)))
        except BaseException as exc:  # handed to the calling thread
            box.put((False, exc))

    worker = threading.Thread(target=target, name=name, daemon=True)
    worker.start()
    try:
        while True:
            try:
                ok, value = box.get(timeout=_POLL)
                break
            except queue.Empty:
                continue
    except BaseException:
        stopped.set()
        stop()
        worker.join(join_timeout)
        raise
    worker.join()
    if not ok:
        raise value
    return value


def stream(produce, *, stop, name, join_timeout=None):
    """Yield the chunks that ``produce(emit, stopped)`` emits in a worker thread; closing stops the search.

    ``emit(chunk)`` blocks while the reader is behind and returns ``False`` once it has gone (then ``produce``
    should return). An exception in ``produce`` is raised in the reader's thread. ``stop`` and ``join_timeout``
    as for :func:`run`.

    Examples
    --------
    >>> def produce(emit, stopped):
    ...     for k in range(3):
    ...         if not emit(k):
    ...             return
    >>> list(stream(produce, stop=lambda: None, name="example"))
    [0, 1, 2]
    """
    box = queue.Queue(maxsize=_QUEUE)
    stopped = threading.Event()
    done = object()

    def emit(item):
        while not stopped.is_set():
            try:
                box.put(item, timeout=_POLL)
                return True
            except queue.Full:
                continue
        return False

    def target():
        try:
            produce(emit, stopped)
            emit(done)
        except Stopped:
            pass
        except BaseException as exc:  # handed to the reader's thread
            emit(exc)

    worker = threading.Thread(target=target, name=name, daemon=True)
    worker.start()
    try:
        while True:
            try:
                item = box.get(timeout=_POLL)
            except queue.Empty:
                continue
            if item is done:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stopped.set()
        if worker.is_alive():
            stop()
        worker.join(join_timeout)
