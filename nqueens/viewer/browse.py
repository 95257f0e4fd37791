"""What the viewer steps through, without a window: solutions by index, and the search by event.

:class:`SolutionBrowser` walks the solutions of one solver for one ``n`` (all of them, or only the fundamental
ones with their orbit sizes) by index: first, next, previous, last, "k of total". It never holds the solution
set: it keeps the solver's stream and the last few chunks it produced. Going back past those chunks restarts
the stream and skips forward (the solvers stream whole numpy chunks, so skipping is cheap), and "last" needs no
full pass when the solver enumerates in lexicographic order: reflecting the board left to right (column ``c`` to
``n - 1 - c``) reverses that order, so the ``k``-th solution from the end is the mirror image of the ``k``-th
from the start. For ``n = 16`` (14,772,512 solutions) every step costs at most half a pass.

:class:`TracePlayer` walks the events of :func:`nqueens.analysis.trace.events` the same way, with a bounded
history for stepping back.

Examples
--------
>>> b = SolutionBrowser(6, counts=(4, 1))
>>> b.next(), b.index, b.solution
(True, 0, (1, 3, 5, 0, 2, 4))
>>> b.last(), b.index, b.solution
(True, 3, (4, 2, 0, 5, 3, 1))
>>> b.label()
'4 of 4'
"""

from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from nqueens.analysis.search_trace import SEARCHES, events
from nqueens.analysis.symmetry import fundamental_batches, orbit_size
from nqueens.api import DEFAULT_ENUMERATOR, DEFAULT_INSTANCE_SOLVER, batches, solutions
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.rules import get_rule, images, need_square_group
from nqueens.registry import REGISTRY, get_solver

__all__ = ["SolutionBrowser", "TracePlayer", "TreeNode", "default_enumerator", "SCAN_LIMIT", "TRACE_LIMIT"]

# "last" may stream through every solution when there are at most this many (n <= 14).
SCAN_LIMIT = 400_000
# "last" in the search mode runs the whole search only up to this n (n = 10: 384,413 events).
TRACE_LIMIT = 10
# Chunks kept for stepping back without restarting the stream.
_KEEP = 4


class SolutionBrowser:
    """Step through the solutions of ``solver`` for ``n``, by index, in the solver's own order.

    Parameters
    ----------
    n : int
    solver : str, optional
        A registered solver that enumerates; the default enumerator if omitted.
    fundamental : bool
        Only the fundamental (canonical) solutions, each with its orbit size.
    counts : (int, int or None), optional
        The number of solutions and of fundamental solutions, if known (they may also be given later with
        :meth:`set_counts`; the viewer counts them in the background). Without them, "k of total" and "last"
        wait, except that the total becomes known when the stream ends.
    rule : str
        The attack rule (:mod:`nqueens.core.rules`); another than the queen's needs a solver that takes it (the
        solver ``rules`` by default). Orbit sizes are under the rule's group; on a torus, whose group is larger
        than the square's, the fundamental solutions are not offered.

    Attributes
    ----------
    index : int
        0-based index of the current solution, -1 before the first.
    solution : tuple or None
    orbit : int or None
        The orbit size of the current solution (1, 2, 4 or 8; up to 8 n^2 on a torus).
    """

    def __init__(self, n, solver=None, *, fundamental=False, counts=None, rule="queen", instance=None):
        self.rule = get_rule(rule).name
        plain = self.rule == "queen"
        self.instance = None if instance is None or instance.is_plain else instance
        spec = get_solver(solver or default_enumerator(n, self.rule, self.instance))
        if "enumerate" not in spec.can:
            raise NQueensError(f"solver {spec.name!r} does not enumerate; the viewer needs one that does")
        self._options: dict[str, Any] = {} if plain else {"rule": self.rule}
        spec.check_options(self._options)
        if fundamental:
            need_square_group("a view of fundamental solutions", rule, self.instance)
        self.n = spec.check_n(n)
        self.solver = spec.key  # an outside solver is found again by its spec (FILE.py:ATTR), not its name
        self.fundamental = bool(fundamental)
        self.index = -1
        self.solution = None
        self.orbit = None
        self._all = self._unique = None
        self._scanned_all = False
        self._mirror = not self.fundamental and self.instance is None and _lexicographic(self.solver)
        self._restart()
        if counts is not None:
            self.set_counts(*counts)

    # -- counts --------------------------------------------------------------------------------------------

    def set_counts(self, total, unique=None):
        """Record the number of solutions and, if known, of fundamental solutions."""
        self._all = int(total)
        if unique is not None:
            self._unique = int(unique)

    @property
    def total(self):
        """How many items this browser steps through, or ``None`` while unknown."""
        return self._unique if self.fundamental else self._all

    def label(self):
        """``"k of total"`` (``"k of ..."`` while the total is unknown; ``"0 of total"`` before the first)."""
        total = self.total
        return f"{self.index + 1:,} of {'...' if total is None else f'{total:,}'}"

    # -- stepping ------------------------------------------------------------------------------------------

    def first(self):
        """Go to the first solution; ``False`` if there is none."""
        return self.goto(0)

    def next(self):
        """Go to the next solution; ``False`` (staying put) at the end."""
        return self.goto(self.index + 1)

    def previous(self):
        """Go to the previous solution; ``False`` (staying put) at the first."""
        return self.index > 0 and self.goto(self.index - 1)

    def last(self):
        """Go to the last solution.

        Raises
        ------
        NQueensError
            When it cannot be reached without a full pass that is too long (:meth:`last_unavailable` says why).
        """
        reason = self.last_unavailable()
        if reason:
            raise NQueensError(reason)
        if self.total is None:
            self._forward(float("inf"))  # one pass to the end, chunk by chunk; it sets the total
        return self.goto(self.total - 1)

    def last_unavailable(self):
        """Why :meth:`last` cannot run now, or ``""`` if it can."""
        if self._mirror and self._all is not None:
            return ""
        if self.total is not None and self._scanned_all:
            return ""
        if self._all is None:
            return "last: waiting for the number of solutions"
        if self._all <= SCAN_LIMIT:
            return ""
        why = (
            "fundamental solutions come in no order that reverses"
            if self.fundamental
            else (f"{self.solver} does not enumerate in lexicographic order")
        )
        return (
            f"last: unavailable for n = {self.n} ({why}, and a pass through {self._all:,} solutions is too long);"
            " step forward instead"
        )

    def goto(self, k):
        """Go to solution ``k`` (0-based); ``False`` (staying put) if there is no such solution."""
        if k < 0 or (self.total is not None and k >= self.total):
            return False
        found = self._get(k)
        if found is None:
            return False
        self.index = k
        self.solution, self.orbit = found
        return True

    # -- the stream ----------------------------------------------------------------------------------------

    def _restart(self):
        stream = batches(self.instance or self.n, self.solver, **self._options)
        if self.fundamental:
            self._source = iter(fundamental_batches(stream))
        else:
            self._source = ((rows, None) for rows in stream)
        self._start = 0  # index of the first row the source yields next
        self._chunks: deque = deque(maxlen=_KEEP)
        self._previous_row = None

    def _get(self, k):
        if self._mirror and self._all is not None and k >= (self._all + 1) // 2:
            found = self._forward(self._all - 1 - k)
            if found is None:
                return None
            q, size = found
            return tuple(self.n - 1 - c for c in q), size
        return self._forward(k)

    def _forward(self, k):
        for start, rows, sizes in self._chunks:
            if start <= k < start + len(rows):
                return self._item(rows, sizes, k - start)
        if k < self._start:
            self._restart()
        for rows, sizes in self._source:
            if not len(rows):
                continue
            start = self._start
            self._start += len(rows)
            self._watch_order(rows)
            self._chunks.append((start, rows, sizes))
            if k < self._start:
                return self._item(rows, sizes, k - start)
        # The stream has ended: now the total is known.
        self._scanned_all = True
        if self.fundamental:
            self._unique = self._start
        else:
            self._all = self._start
        return None

    def _item(self, rows, sizes, i):
        q = tuple(rows[i].tolist())
        if sizes is not None:
            return q, int(sizes[i])
        return q, orbit_size(q) if self.rule == "queen" else len(images(q, self.rule))

    def _watch_order(self, rows):
        # The mirror rule needs lexicographic order: check every chunk that goes by, and stop using it if not.
        if not self._mirror:
            return
        chain = rows if self._previous_row is None else np.vstack([self._previous_row[None, :], rows])
        if len(chain) > 1 and not _increasing(chain):
            self._mirror = False
        self._previous_row = rows[-1].copy()


class TracePlayer:
    """Step through the search events for ``n``, with a bounded history for stepping back.

    Parameters
    ----------
    n : int
    history : int
        Events kept for stepping back without replaying the search.
    rule : str
        The attack rule.
    search : str
        ``none`` (backtracking), ``forward-checking``, ``arc-consistency`` or ``dlx``
        (:data:`nqueens.analysis.search_trace.SEARCHES`).
    instance : Instance, optional
        The search keeps to its blocked squares, pre-placed queens and excluded diagonals.

    Attributes
    ----------
    event : Event or None
        The current event (``None`` before the first).
    drawn : TreeNode or None
        Where the current event's node stands in the search tree's layout (:class:`TreeNode`).

    Examples
    --------
    >>> p = TracePlayer(4)
    >>> p.next_solution(), p.event.queens, p.event.nodes
    (True, (1, 3, 0, 2), 9)
    >>> p.previous(), p.event.kind
    (True, 'place')
    """

    def __init__(self, n, *, history=10_000, rule="queen", search="none", instance=None):
        self.n = check_n(n)
        self.rule = get_rule(rule).name
        if search not in SEARCHES:
            raise NQueensError(f"search must be one of {', '.join(SEARCHES)}; got {search!r}")
        self.search = search
        self.instance = instance
        self._history = history
        self.first()

    @property
    def event(self):
        return None if self._now is None else self._now[0]

    @property
    def drawn(self):
        return None if self._now is None else self._now[1]

    def first(self):
        """Back to the empty board before the first event."""
        self._events = _laid_out(events(self.n, self.search, self.instance, self.rule))
        self._past: deque = deque(maxlen=self._history)  # (event, node) before the current one, the latest last
        self._ahead = []  # events stepped back over, the next one last
        self._now = None
        self.index = -1
        return True

    def next(self):
        """One event forward; ``False`` once the search is done."""
        if self.event is not None and self.event.kind == "done":
            return False
        following = self._ahead.pop() if self._ahead else next(self._events)
        if self._now is not None:
            self._past.append(self._now)
        self._now = following
        self.index += 1
        return True

    def previous(self):
        """One event back: from the history, or, past it, by replaying the search from the start."""
        if self.index < 0:
            return False
        if self._past:
            self._ahead.append(self._now)
            self._now = self._past.pop()
            self.index -= 1
            return True
        back = self.index - 1
        self.first()
        while self.index < back:
            self.next()
        return True

    def recent(self):
        """The tree nodes of the events in the history and the current one, oldest first (for redrawing)."""
        found = [node for _, node in self._past]
        if self._now is not None:
            found.append(self._now[1])
        return found

    def next_solution(self):
        """Forward to the next solution event; ``False`` if the search ends first."""
        while self.next():
            if self.event.kind == "solution":
                return True
        return False

    def last_unavailable(self):
        """Why :meth:`last` cannot run, or ``""``."""
        if self.n <= TRACE_LIMIT:
            return ""
        return f"last: the whole search runs only for n <= {TRACE_LIMIT}; step or play instead"

    def last(self):
        """To the end of the search (``done``), for ``n <= TRACE_LIMIT``."""
        reason = self.last_unavailable()
        if reason:
            raise NQueensError(reason)
        while self.next():
            pass
        return True


@dataclass(frozen=True)
class TreeNode:
    """Where an event leaves the search tree, laid out as the search goes (nothing is ever moved).

    Each node has a slot ``x`` and its ``depth``: a node's first child goes straight below it, any later child one
    slot right of everything drawn so far, so the tree grows to the right one leaf at a time and a node's place is
    known when it is visited.

    Attributes
    ----------
    x, depth : int
        The node this event made or marked (for an ``up`` event: the node left).
    parent : int
        The slot of its parent (-1 for the root or when there is no node).
    colour : str
        ``"branch"`` (a node stood on), ``"failure"`` (pruned or a dead end), ``"solution"``, or ``""``.
    action : str
        The event's ``node``: ``"new"``, ``"mark"``, ``"up"`` or ``""``.
    path : tuple of int
        The slots of the current path, root first, after the event.
    step : int
        The event's number.
    """

    x: int
    depth: int
    parent: int
    colour: str
    action: str
    path: tuple
    step: int


_COLOUR = {"place": "branch", "prune": "failure", "fail": "failure", "solution": "solution"}


def _laid_out(stream):
    """Pair each event with its :class:`TreeNode`."""
    path = [0]  # slots of the current path; the root at slot 0
    used = [False]  # per depth of the path: has the node a child drawn yet?
    right = 0
    for event in stream:
        action = event.node
        x, depth, parent, colour = path[-1], len(path) - 1, -1, ""
        if action == "new":
            parent = path[-1]
            depth = len(path)
            if used[-1]:
                right += 1
                x = right
            else:
                x = parent
            used[-1] = True
            colour = _COLOUR[event.kind]
            if colour == "branch":
                path.append(x)
                used.append(False)
        elif action == "mark":
            colour = _COLOUR[event.kind]
            parent = path[-2] if len(path) > 1 else -1
        elif action == "up" and len(path) > 1:
            parent = path[-2]
            path.pop()
            used.pop()
        yield event, TreeNode(x, depth, parent, colour, action, tuple(path), event.step)


def default_enumerator(n, rule="queen", instance=None):
    """The solver the viewer steps through by default: seed 000's bitwise search up to ``n = 16`` (lexicographic,
    so "last" needs no pass), the instance solver ``lines`` for an instance and above 16 (its most constrained line
    first finds the first solutions of ``n = 32`` at once, where the lexicographic search takes seconds), and
    under another attack rule the first solver that takes the rule (and the instance)."""
    if rule != "queen":
        for spec in REGISTRY.values():
            takes = any(o.name == "rule" and rule in o.choices for o in spec.options)
            if takes and "enumerate" in spec.can and (instance is None or "instance" in spec.can):
                return spec.name
        raise NQueensError(
            f"no registered solver enumerates under the rule {rule!r}" + (" with an instance" if instance else "")
        )
    if instance is not None or n > 16:
        return DEFAULT_INSTANCE_SOLVER
    return DEFAULT_ENUMERATOR


@cache
def _lexicographic(solver):
    """Does ``solver`` enumerate in lexicographic order? Checked on its complete enumeration for n = 8."""
    found = list(solutions(8, solver))
    return found == sorted(found) and len(set(found)) == len(found)


def _increasing(rows):
    """True if the rows of a 2-d array are in strictly increasing lexicographic order."""
    a = rows[:-1].astype(np.int64)
    b = rows[1:].astype(np.int64)
    differ = a != b
    if not differ.any(axis=1).all():
        return False
    first = differ.argmax(axis=1)
    at = np.arange(len(first))
    return bool((b[at, first] > a[at, first]).all())
