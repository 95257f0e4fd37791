"""The desktop viewer of seed 004: a tkinter window that steps through solutions and animates the search.

What it steps through needs no window: :mod:`nqueens.viewer.browse` (solutions by index, with a bounded cache;
the search's events with their place in the tree) over :mod:`nqueens.analysis.search_trace`. The window is cut by
job:

- :mod:`~nqueens.viewer.window`: :func:`~nqueens.viewer.window.open_viewer`, the event loop and its signals;
- :mod:`~nqueens.viewer.controller`: :class:`~nqueens.viewer.controller.Viewer`, the state and what each
  control does (stepping, playing, running the search forward in slices);
- :mod:`~nqueens.viewer.widgets`: the controls, canvases and status lines, laid out;
- :mod:`~nqueens.viewer.board` and :mod:`~nqueens.viewer.tree`: the board and the search tree, drawn on a
  canvas they are given; :mod:`~nqueens.viewer.captions`: what the status lines say;
- :mod:`~nqueens.viewer.threads`: the counts and the slow steps, on daemon threads polled from Tk;
- :mod:`~nqueens.viewer.choices`: what the viewer can be asked to show, checked.

Importing this package opens no window and imports no GUI toolkit.
"""

from nqueens.viewer.browse import SolutionBrowser, TracePlayer

__all__ = ["SolutionBrowser", "TracePlayer"]
