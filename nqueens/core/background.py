"""Long calls on a daemon thread, so that Ctrl-C reaches Python at once; the one way the toolkit does it.

Python handles a signal only in the main thread, between bytecodes: while the main thread is inside a numba
kernel or a solver library's C or C++ code (SAT, MIP and CP libraries, some of which also swallow or block
SIGINT) that runs for minutes, Ctrl-C waits for minutes. So a long call runs on a daemon thread, a **job**, while
the calling thread waits for it in short slices and sees the ``KeyboardInterrupt`` at once. The kernels and the
libraries release the GIL, so the waiting costs nothing.

A job runs in one thread, however deep the calls go: :func:`run` called inside a job (the facade runs a model's
``count`` as a job, and the model runs its library's search with :func:`run`) runs its work right there and
registers its ``stop`` with the job. On Ctrl-C the waiting thread sets the job's ``stopped`` event and calls
every ``stop`` registered (the library's own interrupt: ``solver.interrupt()``, a terminate flag, ...), waits
for the job as long as those ask (``join_timeout``), and raises; a job with nothing registered (a numba kernel,
which cannot be stopped) is abandoned at once and ends with the process. Nothing partial is returned.

- :func:`call`: ``function(*args)`` as a job (the facade: solver loads, counts, walks);
- :func:`timed`: the same, measured in the job's thread (:class:`nqueens.core.measure.Span`): the one clock of
  a run, so that the hand-off between the two threads is not part of what it measures;
- :func:`run`: ``work(stopped)``, with the library's ``stop`` (a model's count);
- :func:`stream`: a producer that hands chunks to ``emit`` on its own thread, read as a generator (a model's
  enumeration: the library's callback pushes, the reader pulls); closing it stops the search;
- :func:`iterate`: the items of an iterator, each ``next`` as a job;
- :func:`start`: ``function(*args)`` on a daemon thread that nobody waits for: a :class:`Pending` the caller
  looks at when it likes (a window's event loop polls it, and must never block); every job runs on one.

Examples
--------
>>> call(sum, [1, 2, 3])
6
>>> run(lambda stopped: 6 * 7, stop=lambda: None, name="example")
42
>>> list(iterate(iter(range(3))))
[0, 1, 2]
>>> pending = start(sum, [1, 2, 3], name="example")
>>> pending.thread.join(); pending.done, pending.result()
(True, 6)
"""

import queue
import threading

__all__ = ["call", "timed", "run", "stream", "iterate", "start", "Pending", "Stopped"]

_SLICE = 0.05  # seconds between checks for a pending signal while waiting on a job
_QUEUE = 4  # chunks a stream's producer may run ahead of the reader


class Stopped(Exception):
    """Raised inside a job whose search was stopped; never reaches the caller."""


class _Job:
    """One daemon thread's call: its ``stopped`` event and the ``(stop, join_timeout)`` registered in it."""

    def __init__(self):
        self.stopped = threading.Event()
        self.stops = []


_here = threading.local()  # .job: the job this thread runs, if it runs one


def call(function, *args, **kwargs):
    """``function(*args, **kwargs)`` as a job; its result or its exception, here.

    A ``KeyboardInterrupt`` while waiting propagates at once; a job nothing registered a ``stop`` in is
    abandoned, not stopped.
    """
    if getattr(_here, "job", None) is not None:  # already a job: no thread inside a thread
        return function(*args, **kwargs)
    return _as_job(lambda stopped: function(*args, **kwargs), "nqueens-call")


def timed(function, *args, **kwargs):
    """``(value, span)``: :func:`call` of ``function(*args, **kwargs)`` with a
    :class:`~nqueens.core.measure.Span` opened and closed around it in the thread that runs it.

    Examples
    --------
    >>> value, span = timed(sum, [1, 2, 3])
    >>> value, span.seconds > 0
    (6, True)
    """
    from nqueens.core.measure import Span

    def measured():
        with Span() as span:
            value = function(*args, **kwargs)
        return value, span

    return call(measured)


def run(work, *, stop, name, join_timeout=None):
    """``work(stopped)`` as a job (or inside the job this thread already runs); its value or its exception, here.

    Parameters
    ----------
    work : callable
        Called with a :class:`threading.Event` that is set when the caller gives up (Ctrl-C).
    stop : callable
        Ends a search in progress (the library's interrupt); called from the waiting thread.
    name : str
        The job thread's name.
    join_timeout : float, optional
        After a Ctrl-C, wait at most this long for the job (``None``: until it ends).
    """
    job = getattr(_here, "job", None)
    if job is None:
        return _as_job(work, name, (stop, join_timeout))
    entry = (stop, join_timeout)
    job.stops.append(entry)  # the thread that waits for this job calls it on Ctrl-C
    try:
        return work(job.stopped)
    finally:
        job.stops.remove(entry)


def stream(produce, *, stop, name, join_timeout=None):
    """Yield the chunks that ``produce(emit, stopped)`` emits on its own thread; closing stops the search.

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
    box: queue.Queue = queue.Queue(maxsize=_QUEUE)
    stopped = threading.Event()
    done = object()

    def emit(item):
        while not stopped.is_set():
            try:
                box.put(item, timeout=_SLICE)
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
                item = box.get(timeout=_SLICE)
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


def iterate(iterator):
    """Yield the items of ``iterator``, each one computed by :func:`call`; closing this closes ``iterator``."""
    try:
        while True:
            try:
                item = call(next, iterator)
            except StopIteration:
                return
            yield item
    finally:
        close = getattr(iterator, "close", None)
        if close is not None:
            try:
                close()
            except ValueError:  # "generator already executing": an abandoned call is still inside it
                pass


def start(function, *args, name, **kwargs):
    """``function(*args, **kwargs)`` on a daemon thread, not waited for: a :class:`Pending` that holds its value or
    its exception once it ends. Nothing stops it, and it does not keep the process alive."""
    return Pending(lambda: function(*args, **kwargs), name)


class Pending:
    """A call running on its own daemon thread; :attr:`done` once it has returned or raised.

    Attributes
    ----------
    thread : threading.Thread
        The thread it runs on.
    """

    def __init__(self, work, name, job=None):
        self._box: dict = {}
        # Set when the call has ended. Waiters wait on this, never on Thread.join: a KeyboardInterrupt that lands
        # in join can leave the thread looking finished while it still runs (CPython, gh-90882), and a library
        # whose search is still running must not be freed under it.
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self._target, args=(work, job), name=name, daemon=True)
        self.thread.start()

    def _target(self, work, job):
        _here.job = job
        try:
            self._box["value"] = work()
        except BaseException as exc:  # handed to whoever reads the result, which raises it
            self._box["error"] = exc
        finally:
            self.finished.set()

    @property
    def done(self):
        """True once the call has returned or raised."""
        return self.finished.is_set()

    @property
    def error(self):
        """The exception the call raised, or ``None`` (also while it runs)."""
        return self._box.get("error")

    def result(self):
        """The call's value, or the exception it raised, raised here; only once :attr:`done`."""
        if "error" in self._box:
            raise self._box["error"]
        return self._box["value"]


def _as_job(work, name, registered=None):
    job = _Job()
    if registered is not None:
        job.stops.append(registered)
    pending = Pending(lambda: work(job.stopped), name, job)
    try:
        while not pending.finished.wait(_SLICE):
            pass
    except BaseException:
        job.stopped.set()
        stops = list(job.stops)
        for stop, _ in stops:
            stop()
        if stops:
            timeouts = [timeout for _, timeout in stops]
            pending.finished.wait(None if None in timeouts else max(timeouts))
        raise
    return pending.result()
