"""The viewer's controller: its state, what each control does, and how it steps through the solutions or the search.

:class:`Viewer` holds what the window shows (``n``, the solver, the mode, the rule, the search, the instance) and
the model it steps through: a :class:`~nqueens.viewer.browse.SolutionBrowser` in the solutions mode, a
:class:`~nqueens.viewer.browse.TracePlayer` in the search mode. Every control and key calls one of its methods,
which moves the model and draws again: the board with :class:`~nqueens.viewer.board.Board`, the search tree with
:class:`~nqueens.viewer.tree.SearchTree`, the status lines from :mod:`nqueens.viewer.captions`. The widgets are
:class:`~nqueens.viewer.widgets.Widgets`; the counts and the slow steps run off Tk's thread
(:mod:`nqueens.viewer.threads`).

Playing steps on a Tk timer. "Next solution" and "Last" in the search mode run the search forward in slices of a
tenth of a second between which the window handles its events, so a long way (``n = 20``: hundreds of thousands
of events) never freezes it; any other control stops the run.
"""

import time
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.rules import get_rule
from nqueens.viewer import captions
from nqueens.viewer.board import Board
from nqueens.viewer.browse import SolutionBrowser, TracePlayer, default_enumerator
from nqueens.viewer.choices import (
    check_instance,
    check_mode,
    check_search,
    check_solver,
    check_view_n,
    enumerators,
)
from nqueens.viewer.threads import COUNT_LIMIT, THREAD_FROM, Counts, SlowStep
from nqueens.viewer.tree import SearchTree
from nqueens.viewer.widgets import Widgets

__all__ = ["Viewer"]

_SEEK_SECONDS = 0.1  # one slice of a long run to the next solution, between two turns of the event loop
_SEEK_PAUSE_MS = 20


class Viewer:
    """The viewer inside ``master`` (a ``tk.Tk`` or ``tk.Toplevel``).

    Every control calls one method, so a script (or a test) drives the window exactly as a user does:
    :meth:`first`, :meth:`previous`, :meth:`next`, :meth:`last`, :meth:`play`, :meth:`next_solution`,
    :meth:`set_n`, :meth:`set_solver`, :meth:`set_mode`, :meth:`set_search`, :meth:`set_fundamental`,
    :meth:`set_speed`.

    Parameters
    ----------
    master : tkinter widget
    n : int
        4 .. 32 (the instance's ``n`` when one is given).
    solver : str, optional
        A registered solver that enumerates (default: the default enumerator).
    mode : str
        ``"solutions"`` or ``"search"``.
    fundamental : bool
        Only the fundamental solutions.
    speed : int
        Steps per second when playing, 1 .. 60.
    size : int
        Side of the board in pixels.
    rule : str
        The attack rule (:mod:`nqueens.core.rules`): the solutions of a solver that takes it, and in search mode
        the rule's attacks shaded (knight squares, wrapped diagonals) and its prunes crossed.
    search : str
        What the search mode animates: ``none`` (backtracking), ``forward-checking``, ``arc-consistency`` or
        ``dlx`` (dancing links).
    instance : Instance, optional
        Blocked squares, pre-placed queens, excluded diagonals: drawn, and kept by the solutions and the search.
    tree_width : int
        Width of the search tree's pane in pixels.

    Attributes
    ----------
    browser : SolutionBrowser or None
        The solutions mode's model (``None`` in the search mode).
    player : TracePlayer or None
        The search mode's model (``None`` in the solutions mode).
    widgets : Widgets
        The window's widgets; the board's ``canvas``, the ``tree`` canvas, the ``status``, ``detail``,
        ``message`` and ``tree_status`` lines, the ``buttons`` and the ``n_spin``, ``solver_box``, ``search_box``
        and ``fundamental_check`` controls are also attributes of the viewer.
    """

    def __init__(
        self,
        master,
        n=8,
        solver=None,
        *,
        mode="solutions",
        fundamental=False,
        speed=5,
        size=480,
        rule="queen",
        search="none",
        instance=None,
        tree_width=420,
    ):
        self.master = master
        self.size = size
        self.tree_width = tree_width
        self.rule = get_rule(rule).name
        self.instance = check_instance(instance, self.rule)
        self.n = check_view_n(n if self.instance is None else self.instance.n)
        self.solver = check_solver(solver, self.rule, self.instance, self.n)
        self.search = check_search(search)
        self.mode = check_mode(mode)
        self.fundamental = bool(fundamental)
        self.speed = speed
        self.playing = False
        self._after: Any = None
        self._seek: Any = None
        self._busy: SlowStep | None = None  # a step running on a thread
        self._counts = Counts(master, self._counted_key, self._counted)
        self.browser: Any = None
        self.player: Any = None
        self._build()
        self._reset()

    # -- controls ------------------------------------------------------------------------------------------

    def first(self):
        """Go to the first solution (search mode: back to the empty board)."""
        self._step(lambda model: model.first())

    def previous(self):
        """One solution (search mode: one event) back."""
        self._step(lambda model: model.previous())

    def next(self):
        """One solution (search mode: one event) forward."""
        self._step(lambda model: model.next())

    def last(self):
        """Go to the last solution (search mode: the end of the search), or say why it is unavailable."""
        model = self._model()
        reason = model.last_unavailable()
        if reason:
            self.message.set(reason)
            return
        if self.mode == "search":
            self._start_seek(("done",))
        else:
            self._step(lambda model: model.last())

    def next_solution(self):
        """Search mode: run forward to the next solution.

        The search runs in slices of a tenth of a second between which the window handles its events, so a
        long way to the next solution (n = 20: hundreds of thousands of events) never freezes it; the status
        counts the events, and any other control stops the run.
        """
        if self.mode == "search":
            self._start_seek(("solution", "done"))

    @property
    def seeking(self):
        """True while :meth:`next_solution` or :meth:`last` is still running the search forward, or a solver
        still works on the next solution on its thread."""
        return self._seek is not None or self._busy is not None

    def play(self):
        """Start or stop playing (the button toggles)."""
        if self.playing:
            self._stop()
        else:
            self.playing = True
            self.widgets.show_playing(True)
            self._tick()

    def set_n(self, n):
        """Show board size ``n`` (4 .. 32); the solver follows the size when it was the default one."""
        if self.instance is not None:
            raise NQueensError(f"the board size is the instance's, n = {self.instance.n}")
        n = check_view_n(n)
        if self.solver == default_enumerator(self.n, self.rule, self.instance):
            self.solver = default_enumerator(n, self.rule, self.instance)
        self.n = n
        self.widgets.n_var.set(self.n)
        self.widgets.solver_var.set(self.solver)
        self._reset()

    def set_solver(self, solver):
        """Step through the solutions of ``solver``."""
        self.solver = check_solver(solver, self.rule, self.instance, self.n)
        self.widgets.solver_var.set(self.solver)
        self._reset()

    def set_search(self, search):
        """What the search mode animates: one of :data:`~nqueens.viewer.choices.SEARCHES`."""
        self.search = check_search(search)
        self.widgets.search_var.set(self.search)
        self._reset()

    def set_mode(self, mode):
        """``"solutions"`` or ``"search"``."""
        self.mode = check_mode(mode)
        self.widgets.mode_var.set(mode)
        self._reset()

    def set_fundamental(self, flag):
        """Only the fundamental solutions, or all."""
        self.fundamental = bool(flag)
        self.widgets.fundamental_var.set(self.fundamental)
        self._reset()

    def set_speed(self, steps_per_second):
        """Steps per second when playing, 1 .. 60."""
        self.speed = max(1, min(60, int(round(float(steps_per_second)))))
        self.widgets.show_speed(self.speed)

    def shutdown(self):
        """Stop playing, seeking and polling (a count or a step still running is left to finish on its daemon
        thread)."""
        self._stop()
        self._cancel_busy()
        self._counts.cancel()

    @property
    def counts_ready(self):
        """True once the solutions mode knows how many solutions it steps through ("k of total")."""
        return self.browser is not None and self.browser.total is not None

    # -- the widgets and what draws on them ----------------------------------------------------------------

    def _build(self):
        actions = {
            "first": self.first,
            "previous": self.previous,
            "next": self.next,
            "last": self.last,
            "play": self.play,
            "next_solution": self.next_solution,
            "set_n": self.set_n,
            "set_solver": self.set_solver,
            "set_search": self.set_search,
            "set_mode": self.set_mode,
            "set_fundamental": self.set_fundamental,
            "set_speed": self.set_speed,
        }
        w = self.widgets = Widgets(
            self.master,
            actions,
            n=self.n,
            solver=self.solver,
            solvers=list(dict.fromkeys([*enumerators(self.rule, self.instance), self.solver])),
            search=self.search,
            mode=self.mode,
            fundamental=self.fundamental,
            speed=self.speed,
            size=self.size,
            tree_width=self.tree_width,
        )
        # what a script or a test reads or presses, under the viewer's own names
        self.canvas, self.tree, self.buttons = w.canvas, w.tree, w.buttons
        self.status, self.detail, self.message, self.tree_status = w.status, w.detail, w.message, w.tree_status
        self.n_spin, self.solver_box, self.search_box = w.n_spin, w.solver_box, w.search_box
        self.fundamental_check = w.fundamental_check
        self.board = Board(w.canvas, self.size)
        self.search_tree = SearchTree(w.tree, self.tree_width)
        self.set_speed(self.speed)

    # -- state ---------------------------------------------------------------------------------------------

    def _model(self):
        return self.player if self.mode == "search" else self.browser

    def _reset(self):
        self._stop()
        self._cancel_busy()
        self.message.set("")
        if self.mode == "search":
            self.browser = None
            self.player = TracePlayer(self.n, rule=self.rule, search=self.search, instance=self.instance)
        else:
            self.player = None
            self.browser = SolutionBrowser(
                self.n, self.solver, fundamental=self.fundamental, rule=self.rule, instance=self.instance
            )
            if self.n <= COUNT_LIMIT:
                self._counts.request(self._count_key())
        rule = "" if self.rule == "queen" else f", {self.rule}"
        given = "" if self.instance is None else ", instance"
        self.master.title(f"nqueens view - n = {self.n}{rule}{given}")
        self.widgets.sync(self.mode, self.instance)
        self.search_tree.forget()
        self._draw()

    def _start_seek(self, kinds):
        self._stop()
        self.message.set("")
        self._seek_kinds = kinds
        self._seek_from = self.player.index
        self._seek = True
        self._seek_slice()

    def _seek_slice(self):
        player = self.player
        deadline = time.monotonic() + _SEEK_SECONDS
        found = False
        while time.monotonic() < deadline:
            if not player.next() or player.event.kind in self._seek_kinds:
                found = True
                break
        if found:
            self._seek = None
            self.message.set("")
            self._draw()
            return
        self._draw(tree=False)
        self.message.set(f"running the search: {player.index - self._seek_from:,} events so far (any control stops it)")
        # a pause between slices, so the event loop has its turn (and update() returns) before the next one
        self._seek = self.master.after(_SEEK_PAUSE_MS, self._seek_slice)

    def _cancel_seek(self):
        if self._seek is not None:
            if self._seek is not True:
                self.master.after_cancel(self._seek)
            self._seek = None

    def _step(self, move):
        self._cancel_seek()
        if self._busy is not None:
            self.message.set(f"waiting for {self._busy.browser.solver}: its solutions for n = {self.n} take a while")
            return False
        self.message.set("")
        if self.mode == "solutions" and self.n > THREAD_FROM:
            # Above n = 16 a solver's next chunk can take seconds (bitwise: 4 s to its first 32-queens solutions;
            # rules: a minute to its first 32-superqueens one): the step runs on a thread and the window polls it.
            self._busy = SlowStep(self.master, move, self.browser, waiting=self._waiting, done=self._stepped)
            return True
        try:
            moved = move(self._model())
        except NQueensError as exc:
            self.message.set(str(exc))
            moved = False
        self._draw()
        return moved

    def _waiting(self, step):
        if not self.message.get():
            self.message.set(f"waiting for {step.browser.solver} ...")

    def _stepped(self, step):
        self._busy = None
        if step.browser is not self.browser:
            return
        error = step.error
        self.message.set("" if error is None else str(error) if isinstance(error, NQueensError) else f"failed: {error}")
        if error is not None or not step.moved:
            self._stop()
        self._draw()

    def _cancel_busy(self):
        if self._busy is not None:
            self._busy.cancel()
            self._busy = None

    def _tick(self):
        self._after = None
        if not self.playing:
            return
        if self._busy is not None:
            self._after = self.master.after(max(1, 1000 // self.speed), self._tick)
            return
        if not self._step(lambda model: model.next()):
            if self.mode == "search" or not self._step(lambda model: model.first()):
                self._stop()
                return
        self._after = self.master.after(max(1, 1000 // self.speed), self._tick)

    def _stop(self):
        self._cancel_seek()
        self.playing = False
        if self._after is not None:
            self.master.after_cancel(self._after)
            self._after = None
        self.widgets.show_playing(False)

    def _count_key(self):
        return (self.n, self.fundamental, self.rule, self.instance)

    def _counted_key(self):
        # the count the window waits for: the solutions mode's, for what it shows now
        return None if self.browser is None else self._count_key()

    def _counted(self, pending):
        if pending.error is not None:
            self.message.set(f"counting failed: {pending.error}")
        else:
            self.browser.set_counts(*pending.result())
        self._draw()

    # -- drawing -------------------------------------------------------------------------------------------

    def _draw(self, tree=True):
        self.board.draw(self.n, self.instance)
        if self.mode == "search":
            event = self.player.event
            if event is not None:
                self.board.draw_event(event, self.rule, self.instance)
            status, detail = captions.event_lines(event, self.search)
            if tree:
                self.tree_status.set(self.search_tree.draw(self.player))
            else:
                self.tree_status.set("search tree: drawn again when the run stops")
        else:
            b = self.browser
            if b.solution is not None:
                self.board.draw_solution(b.solution)
            status, detail = captions.solution_lines(b)
        self.status.set(status)
        self.detail.set(detail)
        last = self._model().last_unavailable()
        self.buttons["last"].state(["disabled"] if last else ["!disabled"])
