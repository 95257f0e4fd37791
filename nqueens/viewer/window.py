"""The tkinter window of ``nqueens view``: :func:`open_viewer` opens it and runs it until it is closed.

Seed 004 shows its solutions in a tkinter window, ``N`` from 4 to 11, one after another or playing in a loop.
This window does the same for ``n = 4 .. 32`` (the squares shrink; rows and columns are numbered from 0, as in
``q[row] = column``), any registered solver that enumerates and a problem instance, with two modes:

``Solutions``
    first / previous / next / last / play through the solver's solutions, "k of total", the orbit size of each
    (optionally only the fundamental ones). :class:`~nqueens.viewer.browse.SolutionBrowser` does the stepping.
``Search``
    the backtracking search, event by event (:mod:`nqueens.analysis.trace`): queens placed, the squares they
    attack shaded, each pruned square crossed out with a line to the queen that attacks it, lifted queens
    drawn hollow, and the node counters. The search is plain backtracking, forward checking or arc consistency
    (the ``mary`` tree's own propagation: the squares taken from the domains are shaded, a queen that empties a
    row's domain fails) or dancing links (the item it branches on outlined) (:mod:`nqueens.analysis.search_trace`).
    Beside the board, the search tree grows as the search visits it: blue nodes stood on, red failures, green
    solutions, the current path drawn thick. It scrolls to the right as it grows and keeps only what is in view.

An instance (``instance=``) is drawn on the board: blocked squares dark with a cross, excluded diagonals as dashed
red lines, pre-placed queens on a blue ring; the solutions and the search keep to it.

The number of solutions (and of fundamental ones) is counted on a worker thread, so the window stays live while
``n = 16`` is counted; until then the status reads ``k of ...``. Above ``n = 17`` nothing is counted.

The window is put together from the modules beside this one: :class:`~nqueens.viewer.controller.Viewer` (the
state and what each control does), :mod:`~nqueens.viewer.widgets` (the controls, laid out),
:mod:`~nqueens.viewer.board` and :mod:`~nqueens.viewer.tree` (the drawing, with the canvas tags a test finds),
:mod:`~nqueens.viewer.captions` (the status lines), :mod:`~nqueens.viewer.threads` (the counts and slow steps off
Tk's thread) and :mod:`~nqueens.viewer.choices` (what the viewer can be asked to show); the names a caller
needs (the viewer, its limits, modes and searches) are importable from here.
"""

import tkinter as tk

from nqueens.core.errors import NQueensError
from nqueens.viewer.choices import (
    MAX_N,
    MIN_N,
    MODES,
    SEARCHES,
    check_instance,
    check_search,
    check_solver,
    check_view_n,
)
from nqueens.viewer.controller import Viewer
from nqueens.viewer.threads import COUNT_LIMIT, THREAD_FROM

__all__ = [
    "MIN_N",
    "MAX_N",
    "COUNT_LIMIT",
    "THREAD_FROM",
    "MODES",
    "SEARCHES",
    "Viewer",
    "check_view_n",
    "open_viewer",
]


def open_viewer(n=8, solver=None, *, mode="solutions", rule="queen", search="none", instance=None):
    """Open the window and run it until it is closed.

    Raises
    ------
    NQueensError
        For an ``n`` outside 4 .. 32, a solver that does not enumerate (or take the rule or the instance), an
        instance the rule cannot take, or when no window can be opened (no display).
    """
    if instance is not None:
        n = instance.n
    n = check_view_n(n)
    instance = check_instance(instance, rule)
    check_solver(solver, rule, instance, n)
    check_search(search)
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        raise NQueensError(f"cannot open a window: {exc} (the viewer needs a display, e.g. $DISPLAY)") from None
    viewer = Viewer(root, n, solver, mode=mode, rule=rule, search=search, instance=instance)
    stop = _stop_on_signals(root)
    try:
        root.mainloop()
    finally:
        viewer.shutdown()
    if stop:
        raise stop[0]


# How often the event loop hands control to Python, so that Ctrl-C (or SIGTERM) is seen while the window idles.
_SIGNAL_POLL_MS = 100


def _stop_on_signals(root):
    """Let a signal end the event loop: Tk waits in C and runs Python only inside callbacks, so a heartbeat
    callback gives Python's signal handlers their turn, and the ``KeyboardInterrupt`` they raise inside a callback
    (which tkinter would print and swallow) is kept and the loop quit. Returns the list the exception goes in."""
    caught = []
    report = root.report_callback_exception

    def on_exception(kind, value, traceback):
        if isinstance(value, KeyboardInterrupt):
            caught.append(value)
            root.quit()
        else:
            report(kind, value, traceback)

    def heartbeat():
        root.after(_SIGNAL_POLL_MS, heartbeat)

    root.report_callback_exception = on_exception
    root.after(_SIGNAL_POLL_MS, heartbeat)
    return caught
