"""The desktop viewer of seed 004: a tkinter window that steps through solutions and animates the search.

The window (:mod:`nqueens.viewer.window`) only draws; what it steps through lives in
:mod:`nqueens.viewer.browse` (solutions by index, with a bounded cache) and :mod:`nqueens.analysis.trace`
(the search as events). Importing this package opens no window and imports no GUI toolkit.
"""

from nqueens.viewer.browse import SolutionBrowser, TracePlayer

__all__ = ["SolutionBrowser", "TracePlayer"]
