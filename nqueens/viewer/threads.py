"""The viewer's work off Tk's thread: the solution counts, and a slow step through the solutions.

Tk runs on one thread and draws only between callbacks, so nothing that can take seconds runs inside one. The
number of solutions (``n = 16``: 14,772,512, counted in seconds) and, above :data:`THREAD_FROM`, a step to the
next solution (a solver's next chunk: 4 s to the first 32-queens solutions of ``bitwise``) run on daemon threads
(:func:`nqueens.core.background.start`), and the window polls them from its event loop with ``after``. A daemon
thread neither holds up the next one nor keeps the program alive when the window closes; what is still running
then is left to finish on its own.

- :class:`Counts`: one count per (n, fundamental, rule, instance), started once, handed over when it is done;
- :class:`SlowStep`: one step through a :class:`~nqueens.viewer.browse.SolutionBrowser` on a thread;
- :func:`count_solutions`: what such a count computes.
"""

import nqueens
from nqueens.core import background
from nqueens.viewer.browse import default_enumerator

__all__ = ["COUNT_LIMIT", "THREAD_FROM", "Counts", "SlowStep", "count_solutions"]

# The solutions are counted in the background up to this n (17: 95,815,104 solutions, seconds here).
COUNT_LIMIT = 17
# Above this n a step through the solutions runs on a worker thread, polled every _BUSY_MS.
THREAD_FROM = 16
_POLL_MS = 100
_BUSY_MS = 20


class Counts:
    """The numbers of solutions the window shows, each counted once on a daemon thread and polled from Tk.

    Parameters
    ----------
    master : tkinter widget
        Whose ``after`` runs the polls.
    wanted : callable
        ``wanted()``: the key whose count the window waits for now, or ``None`` when it waits for none.
    deliver : callable
        ``deliver(pending)``: called from Tk's event loop with the :class:`~nqueens.core.background.Pending`
        count of the wanted key once it is done (its value ``(total, unique)``, or its error).
    """

    def __init__(self, master, wanted, deliver):
        self.master = master
        self._wanted = wanted
        self._deliver = deliver
        self._pending: dict = {}  # key -> Pending, kept: a key asked for again is not counted again
        self._poll = None

    def request(self, key):
        """Start counting ``key`` (``(n, fundamental, rule, instance)``) unless it was, and poll until the wanted
        key's count is done."""
        if key not in self._pending:
            self._pending[key] = background.start(count_solutions, *key, name=f"nqueens-view-count-{key[0]}")
        if self._poll is None:
            self._poll = self.master.after(0, self._collect)

    def cancel(self):
        """Stop polling (the counts go on on their threads)."""
        if self._poll is not None:
            self.master.after_cancel(self._poll)
            self._poll = None

    def _collect(self):
        self._poll = None
        key = self._wanted()
        pending = None if key is None else self._pending.get(key)
        if pending is None:
            return
        if not pending.done:
            self._poll = self.master.after(_POLL_MS, self._collect)
            return
        self._deliver(pending)


class SlowStep:
    """``move(browser)`` on a daemon thread, polled every few milliseconds from Tk until it is done.

    Parameters
    ----------
    master : tkinter widget
    move : callable
        ``move(browser)``: the step (``browser.next()``, ...).
    browser : SolutionBrowser
    waiting : callable
        ``waiting(step)``: called at each poll while the step runs.
    done : callable
        ``done(step)``: called once it has ended; then :attr:`moved` and :attr:`error` say how.
    """

    def __init__(self, master, move, browser, *, waiting, done):
        self.master = master
        self.browser = browser
        self._waiting = waiting
        self._done = done
        self._pending = background.start(move, browser, name="nqueens-view-step")
        self._after = master.after(_BUSY_MS, self._collect)

    @property
    def error(self):
        """The exception the step raised, or ``None``."""
        return self._pending.error

    @property
    def moved(self):
        """What the step returned (``False``: it stayed put)."""
        return self._pending.result()

    def cancel(self):
        """Stop polling; the step is left to finish on its thread, and nothing is called."""
        self.master.after_cancel(self._after)

    def _collect(self):
        if not self._pending.done:
            self._after = self.master.after(_BUSY_MS, self._collect)
            self._waiting(self)
            return
        self._done(self)


def count_solutions(n, fundamental, rule="queen", instance=None):
    """``(total, unique)``; ``unique`` only when asked, from a solver that knows it or else by reducing the
    enumeration to fundamental solutions. Under another rule, the counter ``rules`` gives both; an instance is
    counted by the default counter for instances."""
    if instance is not None:
        return nqueens.count(instance, default_enumerator(n, rule, instance), **_rule(rule)).total, None
    if rule != "queen":
        result = nqueens.count(n, "rules", rule=rule)
        return result.total, result.unique
    result = nqueens.count(n)
    unique = result.unique
    if fundamental and unique is None:
        able = [s.name for s in nqueens.solvers() if "unique" in s.can]
        if able:
            unique = nqueens.count(n, able[0]).unique
        else:
            from nqueens.analysis.symmetry import classes

            unique = sum(classes(nqueens.batches(n)).values())
    return result.total, unique


def _rule(rule):
    return {} if rule == "queen" else {"rule": rule}
