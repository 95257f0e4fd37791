"""The one clock of a run: wall time, CPU time and memory of a solver call, taken in the thread that makes it.

A :class:`Span` is opened and closed in the thread that calls the solver (a :func:`nqueens.core.background` job),
right around the call, so that neither the hand-off between the waiting thread and the job thread nor reading
``/proc`` lands in what it measures:

- ``seconds``: :func:`time.perf_counter` around the call;
- ``cpu_time``: the CPU time (user + system) of the whole process over the same span, every thread of it (a
  library's own worker threads too) and the child processes it waited for (the ``minizinc`` binary), from
  ``getrusage``; the thread that waits for the job sleeps on an event meanwhile and adds next to nothing;
- ``peak_memory``: the process's high-water mark of resident memory during the span, MiB (``VmHWM``, reset to
  the resident size at the start through ``/proc/self/clear_refs``), with a child process's peak added where the
  solver reported it;
- ``memory_added``: that peak **above the resident size just before the call**, MiB: what the solver itself
  took, without the interpreter, numba and the libraries already loaded. A solver run as a child process (a
  MiniZinc model) adds the child's whole peak. ``getrusage`` keeps only the largest child ever and charges a
  child with the resident size of the process that started it (its ``exec`` inherits that as a high-water
  mark), so it cannot say this; a solver that runs a child reads that child's own peak (``VmHWM`` in ``/proc``)
  and reports it in its statistics as ``child_peak_memory``, and the facade folds it in (:meth:`Span.child`).
  Where a child ran and nobody reported its peak, ``memory_added`` is ``None`` with a note.

Where the high-water mark cannot be reset (not Linux, or ``clear_refs`` refused) and has not risen during the
span, the peak of the span cannot be told from an earlier one: the memory fields are ``None`` and ``note`` says
why, never 0.

Examples
--------
>>> with Span() as span:
...     _ = sum(range(10**4))
>>> span.seconds > 0 and span.cpu_time >= 0
True
>>> sorted(span.to_dict())
['cpu_time', 'memory_added', 'memory_note', 'peak_memory', 'seconds']
"""

import time

from nqueens.core.memory import status as _status

__all__ = ["Span", "FIELDS"]

# The fields a span gives a record, in the order records show them.
FIELDS = ("seconds", "cpu_time", "peak_memory", "memory_added", "memory_note")

_MIB = 2**20


class Span:
    """A context manager: ``seconds``, ``cpu_time`` (s), ``peak_memory``, ``memory_added`` (MiB) and
    ``memory_note`` (why a memory field is ``None``) of what ran inside, in this thread."""

    def __init__(self):
        self.seconds = self.cpu_time = self.peak_memory = self.memory_added = None
        self.memory_note = None

    def __enter__(self):
        import resource

        self._reset = _reset_peak()
        self._resident, self._peak_before = _status("VmRSS:"), _status("VmHWM:")
        self._children = resource.getrusage(resource.RUSAGE_CHILDREN)
        self._self = resource.getrusage(resource.RUSAGE_SELF)
        self._start = time.perf_counter()  # last: what follows is the call
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self._start  # first: what precedes is the call
        import resource

        me = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.cpu_time = (
            (me.ru_utime - self._self.ru_utime)
            + (me.ru_stime - self._self.ru_stime)
            + (children.ru_utime - self._children.ru_utime)
            + (children.ru_stime - self._children.ru_stime)
        )
        ran = (children.ru_utime + children.ru_stime > self._children.ru_utime + self._children.ru_stime) or (
            children.ru_maxrss > self._children.ru_maxrss
        )
        self._memory(_status("VmHWM:"), ran)
        return False

    def _memory(self, peak, children_ran):
        if self._resident is None or peak is None:
            self.memory_note = "resident memory cannot be read on this platform (no /proc/self/status)"
            return
        if not self._reset and peak <= (self._peak_before or 0):
            self.memory_note = (
                "the high-water mark of resident memory cannot be reset here (/proc/self/clear_refs) and did "
                "not rise during the run: its peak cannot be told from an earlier one"
            )
            return
        self._own = (peak / _MIB, max(peak - self._resident, 0) / _MIB)
        self.peak_memory = self._own[0]
        if children_ran:
            self.memory_note = (
                "a child process ran and the solver did not report its peak (getrusage charges a child with the "
                "resident size of the process that started it, and keeps only the largest child ever): "
                "memory_added is unknown, peak_memory is this process's alone"
            )
            return
        self.memory_added = self._own[1]

    def child(self, peak):
        """Fold in the peak resident memory (MiB) of the child processes the solver ran and measured itself:
        the run's memory is this process's and theirs together."""
        own = getattr(self, "_own", None)
        if own is None or peak is None:
            return
        self.peak_memory = own[0] + peak
        self.memory_added = own[1] + peak
        self.memory_note = None

    def to_dict(self):
        """The span's fields (:data:`FIELDS`)."""
        return {name: getattr(self, name) for name in FIELDS}


def _reset_peak():
    """Set the high-water mark of resident memory to the resident size (Linux 4.0+: write 5 to clear_refs)."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
        return True
    except OSError:
        return False
