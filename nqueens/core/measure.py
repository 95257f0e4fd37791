"""The one clock of a run: wall time, CPU time and memory of a solver call, taken in the thread that makes it.

A :class:`Span` is opened and closed in the thread that calls the solver (a :func:`nqueens.core.background` job),
right around the call, so that neither the hand-off between the waiting thread and the job thread nor reading
``/proc`` lands in what it measures:

- ``seconds``: :func:`time.perf_counter` around the call;
- ``cpu_time``: the CPU time (user + system) of the whole process over the same span, every thread of it (a
  library's own worker threads too) and the child processes it waited for (the ``minizinc`` binary), from
  ``getrusage``; the thread that waits for the job sleeps on an event meanwhile and adds next to nothing;
- ``peak_memory``: the process's high-water mark of resident memory during the span, MiB (``VmHWM``, reset to
  the resident size at the start through ``/proc/self/clear_refs``), or a child process's when that was larger;
- ``memory_added``: that peak **above the resident size just before the call**, MiB: what the solver itself
  took, without the interpreter, numba and the libraries already loaded. A solver run as a child process (a
  MiniZinc model) adds the child's whole peak. ``getrusage`` keeps only the largest child ever (and charges a
  child with the resident size of the process that started it, which its ``exec`` inherits as a high-water
  mark), so a solver that runs a child reads that child's own peak (``VmHWM`` in ``/proc``) and reports it in
  its statistics as ``child_peak_memory``; the facade folds it in (:meth:`Span.child`). A child nobody
  reported, smaller than an earlier one, leaves the memory fields ``None`` with a note.

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

import os
import time

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
        risen = children.ru_maxrss > self._children.ru_maxrss
        ran = risen or children.ru_utime + children.ru_stime > self._children.ru_utime + self._children.ru_stime
        self._memory(_status("VmHWM:"), children.ru_maxrss * 1024 if risen else 0, ran and not risen)
        return False

    def _memory(self, peak, child, hidden):
        if self._resident is None or peak is None:
            if child:  # a child larger than any child before: its peak is the run's
                self.peak_memory = self.memory_added = child / _MIB
                return
            self.memory_note = "resident memory cannot be read on this platform (no /proc/self/status)"
            return
        if not self._reset and peak <= (self._peak_before or 0) and child == 0:
            self.memory_note = (
                "the high-water mark of resident memory cannot be reset here (/proc/self/clear_refs) and did "
                "not rise during the run: its peak cannot be told from an earlier one"
            )
            return
        self._own = (peak, max(peak - self._resident, 0))
        if hidden:  # getrusage keeps the largest child ever: this run's was smaller and is not known
            self.memory_note = (
                "a child process ran whose peak getrusage cannot tell from an earlier, larger child's; the solver "
                "did not report it"
            )
            return
        self.peak_memory = max(peak, child) / _MIB
        self.memory_added = max(self._own[1], child) / _MIB

    def child(self, peak):
        """Fold in the peak resident memory (MiB) of a child process the solver ran and measured itself: the
        run's memory is the larger of its own and the child's whole peak."""
        own = getattr(self, "_own", None)
        if own is None or peak is None:
            return
        self.peak_memory = max(own[0] / _MIB, peak)
        self.memory_added = max(own[1] / _MIB, peak)
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


def _status(key):
    """A size in bytes from ``/proc/self/status`` (``VmRSS:``, ``VmHWM:``), or ``None`` where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(key):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    if key == "VmHWM:" and os.name == "posix":
        import resource

        scale = 1 if os.uname().sysname == "Darwin" else 1024  # macOS reports bytes, Linux KiB
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * scale
    return None
