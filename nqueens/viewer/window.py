"""The tkinter window of ``nqueens view``: the board, the controls, and nothing of the search itself.

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

Canvas items carry tags a test can find: ``square``, ``label``, ``queen`` (with ``row<r>`` and ``col<c>``),
``attacked``, ``removed``, ``pruned``, ``attack-line``, ``lifted``, ``failed``, ``wiped``, ``choice``,
``blocked``, ``excluded``, ``given``; on the tree canvas ``node`` (with ``branch``, ``failure`` or ``solution``),
``edge`` and ``path``.
"""

import threading
import time
import tkinter as tk
from tkinter import ttk
from typing import Any

import nqueens
from nqueens.analysis.search_trace import SEARCHES, attack_masks
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.rules import get_rule
from nqueens.viewer.browse import SolutionBrowser, TracePlayer, default_enumerator

__all__ = ["MIN_N", "MAX_N", "COUNT_LIMIT", "MODES", "SEARCHES", "Viewer", "check_view_n", "open_viewer"]

MIN_N, MAX_N = 4, 32
# The solutions are counted in the background up to this n (17: 95,815,104 solutions, seconds here).
COUNT_LIMIT = 17
MODES = ("solutions", "search")

_LIGHT, _DARK = "#f0d9b5", "#b58863"
_QUEEN, _SOLVED, _OUTLINE = "#1f2a44", "#c0392b", "#f8f8f8"
_SHADE, _PRUNE, _REMOVED = "#d9534f", "#c0392b", "#3b6fb6"
_BLOCKED, _GIVEN, _CHOICE = "#555555", "#1f77b4", "#2e8b57"
_TREE = {"branch": "#2f6fdf", "failure": "#d62728", "solution": "#2ca02c"}
_PATH = "#f0a020"
_SLOT = 6  # pixels between two leaves of the search tree
_POLL_MS = 100
_SEEK_SECONDS = 0.1  # one slice of a long run to the next solution, between two turns of the event loop
_SEEK_PAUSE_MS = 20
# Above this n a step through the solutions runs on a worker thread, polled every _BUSY_MS.
THREAD_FROM = 16
_BUSY_MS = 20


def check_view_n(n):
    """``n`` as an int if the viewer can show it (4 .. 32), else an error that says so.

    Examples
    --------
    >>> check_view_n("8")
    8
    >>> check_view_n(33)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: the viewer shows n = 4 .. 32, got 33
    """
    n = check_n(n)
    if not MIN_N <= n <= MAX_N:
        raise NQueensError(f"the viewer shows n = {MIN_N} .. {MAX_N}, got {n}")
    return n


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
    instance = _check_instance(instance, rule)
    _check_solver(solver, rule, instance, n)
    _check_search(search)
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
        self.instance = _check_instance(instance, self.rule)
        self.n = check_view_n(n if self.instance is None else self.instance.n)
        self.solver = _check_solver(solver, self.rule, self.instance, self.n)
        self.search = _check_search(search)
        if mode not in MODES:
            raise NQueensError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
        self.mode = mode
        self.fundamental = bool(fundamental)
        self.speed = speed
        self.playing = False
        self._after: Any = None
        self._poll: Any = None
        self._seek: Any = None
        self._busy: Any = None  # (result box, browser, poll) while a step runs on a thread
        self._tree_shape: Any = None
        # (n, fundamental) -> {"value": (total, unique)} once counted, or {"error": ...}. One daemon thread per
        # count: a long one (n = 16) neither holds up the next nor keeps the program alive when the window closes.
        self._counts = {}
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
            self.play_button.configure(text="Pause")
            self._tick()

    def set_n(self, n):
        """Show board size ``n`` (4 .. 32); the solver follows the size when it was the default one."""
        if self.instance is not None:
            raise NQueensError(f"the board size is the instance's, n = {self.instance.n}")
        n = check_view_n(n)
        if self.solver == default_enumerator(self.n, self.rule, self.instance):
            self.solver = default_enumerator(n, self.rule, self.instance)
        self.n = n
        self.n_var.set(self.n)
        self.solver_var.set(self.solver)
        self._reset()

    def set_solver(self, solver):
        """Step through the solutions of ``solver``."""
        self.solver = _check_solver(solver, self.rule, self.instance, self.n)
        self.solver_var.set(self.solver)
        self._reset()

    def set_search(self, search):
        """What the search mode animates: one of :data:`SEARCHES`."""
        self.search = _check_search(search)
        self.search_var.set(self.search)
        self._reset()

    def set_mode(self, mode):
        """``"solutions"`` or ``"search"``."""
        if mode not in MODES:
            raise NQueensError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
        self.mode = mode
        self.mode_var.set(mode)
        self._reset()

    def set_fundamental(self, flag):
        """Only the fundamental solutions, or all."""
        self.fundamental = bool(flag)
        self.fundamental_var.set(self.fundamental)
        self._reset()

    def set_speed(self, steps_per_second):
        """Steps per second when playing, 1 .. 60."""
        self.speed = max(1, min(60, int(round(float(steps_per_second)))))
        self.speed_var.set(self.speed)
        self.speed_label.configure(text=f"{self.speed:>2} steps/s")

    def shutdown(self):
        """Stop playing, seeking and polling (a count or a step still running is left to finish on its daemon
        thread)."""
        self._stop()
        self._cancel_busy()
        if self._poll is not None:
            self.master.after_cancel(self._poll)
            self._poll = None

    @property
    def counts_ready(self):
        """True once the solutions mode knows how many solutions it steps through ("k of total")."""
        return self.browser is not None and self.browser.total is not None

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
            self._request_counts()
        rule = "" if self.rule == "queen" else f", {self.rule}"
        given = "" if self.instance is None else ", instance"
        self.master.title(f"nqueens view - n = {self.n}{rule}{given}")
        self._sync_controls()
        self._tree_step: Any = None
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
            self.message.set(f"waiting for {self._busy[1].solver}: its solutions for n = {self.n} take a while")
            return False
        self.message.set("")
        if self.mode == "solutions" and self.n > THREAD_FROM:
            return self._step_on_thread(move)
        try:
            moved = move(self._model())
        except NQueensError as exc:
            self.message.set(str(exc))
            moved = False
        self._draw()
        return moved

    def _step_on_thread(self, move):
        # Above n = 16 a solver's next chunk can take seconds (bitwise: 4 s to its first 32-queens solutions; rules:
        # a minute to its first 32-superqueens one): the step runs on a daemon thread and the window polls it.
        box, browser = {}, self.browser

        def work():
            try:
                box["moved"] = move(browser)
            except Exception as exc:  # shown in the window by _collect_step, never raised into Tk's event loop
                box["error"] = exc

        threading.Thread(target=work, name="nqueens-view-step", daemon=True).start()
        self._busy = (box, browser, self.master.after(_BUSY_MS, self._collect_step))
        return True

    def _collect_step(self):
        box, browser, _ = self._busy
        if not box:
            self._busy = (box, browser, self.master.after(_BUSY_MS, self._collect_step))
            if not self.message.get():
                self.message.set(f"waiting for {browser.solver} ...")
            return
        self._busy = None
        if browser is not self.browser:
            return
        error = box.get("error")
        self.message.set("" if error is None else str(error) if isinstance(error, NQueensError) else f"failed: {error}")
        if error is not None or not box["moved"]:
            self._stop()
        self._draw()

    def _cancel_busy(self):
        if self._busy is not None:
            self.master.after_cancel(self._busy[2])
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
        if hasattr(self, "play_button"):
            self.play_button.configure(text="Play")

    def _request_counts(self):
        if self.n > COUNT_LIMIT:
            return
        key = (self.n, self.fundamental, self.rule, self.instance)
        if key not in self._counts:
            box = self._counts[key] = {}

            def work():
                try:
                    box["value"] = _count(*key)
                except Exception as exc:  # shown in the window by _collect, never raised into Tk's event loop
                    box["error"] = exc

            threading.Thread(target=work, name=f"nqueens-view-count-{key[0]}", daemon=True).start()
        if self._poll is None:
            self._poll = self.master.after(0, self._collect)

    def _collect(self):
        self._poll = None
        box = self._counts.get((self.n, self.fundamental, self.rule, self.instance))
        if self.browser is None or box is None:
            return
        if not box:
            self._poll = self.master.after(_POLL_MS, self._collect)
            return
        if "error" in box:
            self.message.set(f"counting failed: {box['error']}")
        else:
            self.browser.set_counts(*box["value"])
        self._draw()

    # -- widgets -------------------------------------------------------------------------------------------

    def _build(self):
        master = self.master
        self.n_var = tk.IntVar(value=self.n)
        self.solver_var = tk.StringVar(value=self.solver)
        self.search_var = tk.StringVar(value=self.search)
        self.tree_status = tk.StringVar()
        self.mode_var = tk.StringVar(value=self.mode)
        self.fundamental_var = tk.BooleanVar(value=self.fundamental)
        self.speed_var = tk.IntVar(value=self.speed)
        self.status = tk.StringVar()
        self.detail = tk.StringVar()
        self.message = tk.StringVar()

        style = ttk.Style(master)
        if "clam" in style.theme_names():
            style.theme_use("clam")
        master.configure(background=style.lookup("TFrame", "background") or None)

        top = ttk.Frame(master, padding=(8, 8, 8, 0))
        top.pack(fill="x")
        ttk.Label(top, text="n").pack(side="left")
        self.n_spin = ttk.Spinbox(
            top,
            from_=MIN_N,
            to=MAX_N,
            width=3,
            textvariable=self.n_var,
            state="readonly",
            command=lambda: self.set_n(self.n_var.get()),
        )
        self.n_spin.pack(side="left", padx=(4, 16))
        ttk.Label(top, text="solver").pack(side="left")
        self.solver_box = ttk.Combobox(
            top,
            width=18,
            state="readonly",
            textvariable=self.solver_var,
            values=list(dict.fromkeys([*_enumerators(self.rule, self.instance), self.solver])),
        )
        self.solver_box.bind("<<ComboboxSelected>>", lambda _: self.set_solver(self.solver_var.get()))
        self.solver_box.pack(side="left", padx=(4, 16))
        ttk.Label(top, text="search").pack(side="left")
        self.search_box = ttk.Combobox(
            top, width=16, state="readonly", textvariable=self.search_var, values=list(SEARCHES)
        )
        self.search_box.bind("<<ComboboxSelected>>", lambda _: self.set_search(self.search_var.get()))
        self.search_box.pack(side="left", padx=(4, 0))

        modes = ttk.Frame(master, padding=(8, 6, 8, 0))
        modes.pack(fill="x")
        for mode in MODES:
            ttk.Radiobutton(
                modes,
                text=mode.capitalize(),
                value=mode,
                variable=self.mode_var,
                command=lambda: self.set_mode(self.mode_var.get()),
            ).pack(side="left", padx=(0, 8))
        self.fundamental_check = ttk.Checkbutton(
            modes,
            text="fundamental only",
            variable=self.fundamental_var,
            command=lambda: self.set_fundamental(self.fundamental_var.get()),
        )
        self.fundamental_check.pack(side="left", padx=(8, 0))

        boards = ttk.Frame(master)
        boards.pack(fill="x")
        self.canvas = tk.Canvas(boards, width=self.size, height=self.size, highlightthickness=0, background="white")
        self.canvas.pack(side="left", padx=8, pady=8)
        pane = self.tree_pane = ttk.Frame(boards)
        self.tree = tk.Canvas(
            pane, width=self.tree_width, height=self.size - 36, highlightthickness=1, background="white"
        )
        self.tree.pack()
        tk.Label(
            pane,
            textvariable=self.tree_status,
            height=2,
            wraplength=self.tree_width,
            justify="left",
            anchor="nw",
            background=style.lookup("TFrame", "background") or None,  # type: ignore[arg-type]
        ).pack(fill="x")

        # Fixed heights (in lines) and wrapping, so the window keeps its size whatever the text says.
        background = style.lookup("TFrame", "background") or None
        for variable, lines, options in (
            (self.status, 2, {"font": ("TkDefaultFont", 11, "bold")}),
            (self.detail, 2, {}),
            (self.message, 2, {"foreground": _SHADE}),
        ):
            tk.Label(
                master,
                textvariable=variable,
                height=lines,
                wraplength=self.size + self.tree_width,
                justify="left",
                anchor="nw",
                padx=8,
                background=background,  # type: ignore[arg-type]
                **options,
            ).pack(fill="x")

        bar = ttk.Frame(master, padding=(8, 8, 8, 0))
        bar.pack(fill="x")
        self.buttons = {}
        for name, label, action in (
            ("first", "First", self.first),
            ("previous", "Previous", self.previous),
            ("next", "Next", self.next),
            ("last", "Last", self.last),
            ("play", "Play", self.play),
            ("next_solution", "Next solution", self.next_solution),
        ):
            button = ttk.Button(bar, text=label, command=action, width=len(label) + 1)
            button.pack(side="left", padx=(0, 4))
            self.buttons[name] = button
        self.play_button = self.buttons["play"]
        speed = ttk.Frame(master, padding=8)
        speed.pack(fill="x")
        ttk.Label(speed, text="speed").pack(side="left")
        self.speed_scale = ttk.Scale(
            speed,
            from_=1,
            to=60,
            orient="horizontal",
            length=200,
            variable=self.speed_var,
            command=self.set_speed,
        )
        self.speed_scale.pack(side="left", padx=(8, 8))
        self.speed_label = ttk.Label(speed, width=11)
        self.speed_label.pack(side="left")
        self.set_speed(self.speed)

        for key, action in (
            ("<Right>", self.next),
            ("<Left>", self.previous),
            ("<Home>", self.first),
            ("<End>", self.last),
            ("<space>", self.play),
            ("<Escape>", master.destroy),
            ("q", master.destroy),
        ):
            master.bind(key, lambda _, action=action: action())

    def _sync_controls(self):
        search = self.mode == "search"
        self.fundamental_check.state(["disabled"] if search or self.instance is not None else ["!disabled"])
        self.solver_box.state(["disabled"] if search else ["!disabled"])
        self.search_box.state(["!disabled"] if search else ["disabled"])
        self.n_spin.state(["disabled"] if self.instance is not None else ["!disabled", "readonly"])
        # the search tree's pane only in search mode
        if search:
            self.tree_pane.pack(side="left", padx=(0, 8), pady=8, anchor="n")
        else:
            self.tree_pane.pack_forget()
        self.buttons["next_solution"].state(["!disabled"] if search else ["disabled"])

    # -- drawing -------------------------------------------------------------------------------------------

    def _geometry(self):
        # the labels take a margin on the top and the left; the squares share the rest
        n = self.n
        margin = max(12, min(22, self.size // (n + 1)))
        cell = (self.size - margin) // n
        return margin, cell

    def _draw(self, tree=True):
        canvas = self.canvas
        canvas.delete("all")
        n = self.n
        margin, cell = self._geometry()
        self._origin, self._cell = margin, cell
        font = ("TkDefaultFont", max(6, min(10, cell // 2)))
        for r in range(n):
            for c in range(n):
                canvas.create_rectangle(
                    *self._box(r, c),
                    fill=_LIGHT if (r + c) % 2 == 0 else _DARK,
                    outline="",
                    tags=("square",),
                )
        for k in range(n):
            x, y = self._centre(k, k)
            canvas.create_text(x, margin / 2, text=str(k), font=font, fill="#444444", tags=("label", f"col{k}"))
            canvas.create_text(margin / 2, y, text=str(k), font=font, fill="#444444", tags=("label", f"row{k}"))
        self._draw_instance()
        if self.mode == "search":
            self._draw_event(self.player.event)
            if tree:
                self._draw_tree()
            else:
                self.tree_status.set("search tree: drawn again when the run stops")
        else:
            self._draw_solution()
        last = self._model().last_unavailable()
        self.buttons["last"].state(["disabled"] if last else ["!disabled"])

    def _draw_instance(self):
        inst = self.instance
        if inst is None:
            return
        canvas, n = self.canvas, self.n
        for r, c in inst.blocked:
            x0, y0, x1, y1 = self._box(r, c)
            canvas.create_rectangle(x0, y0, x1, y1, fill=_BLOCKED, outline="", tags=("blocked",))
            pad = self._cell * 0.25
            canvas.create_line(x0 + pad, y0 + pad, x1 - pad, y1 - pad, fill="white", width=2, tags=("blocked-x",))
            canvas.create_line(x0 + pad, y1 - pad, x1 - pad, y0 + pad, fill="white", width=2, tags=("blocked-x",))
        for s in inst.excluded_sum:
            ends = [(r, s - r) for r in range(max(0, s - n + 1), min(n - 1, s) + 1)]
            self._diagonal(ends[0], ends[-1])
        for d in inst.excluded_difference:
            ends = [(r, r - d) for r in range(max(0, d), min(n - 1, n - 1 + d) + 1)]
            self._diagonal(ends[0], ends[-1])
        for r, c in inst.queens:
            x0, y0, x1, y1 = self._box(r, c)
            pad = max(1, self._cell // 16)
            canvas.create_oval(
                x0 + pad, y0 + pad, x1 - pad, y1 - pad, outline=_GIVEN, width=max(2, self._cell // 10), tags=("given",)
            )

    def _diagonal(self, a, b):
        self.canvas.create_line(
            *self._centre(*a),
            *self._centre(*b),
            fill=_SHADE,
            width=max(2, self._cell // 10),
            dash=(6, 4),
            tags=("excluded",),
        )

    def _draw_solution(self):
        b = self.browser
        if b.solution is not None:
            for r, c in enumerate(b.solution):
                self._queen(r, c, _QUEEN)
        known = self.n <= COUNT_LIMIT or b.total is not None  # the total, counted or met at the end of the stream
        self.status.set(b.label() if known else f"{b.index + 1:,} (not counted above n = {COUNT_LIMIT})")
        if b.solution is None and b.total == 0:
            self.detail.set(f"no solution  ·  {b.solver}")
        elif b.solution is None:
            self.detail.set("fundamental solutions" if b.fundamental else "press Next or Play")
        else:
            kind = "fundamental solution" if b.fundamental else "solution"
            self.detail.set(f"{kind}, orbit of {b.orbit}  ·  {b.solver}")

    def _shade(self, r, c, colour, tag):
        self.canvas.create_rectangle(*self._box(r, c), fill=colour, stipple="gray25", outline="", tags=(tag,))

    def _draw_event(self, event):
        if event is None:
            self.status.set(f"search ({_SEARCH_NAMES[self.search]}): not started")
            self.detail.set("press Next or Play")
            return
        n = self.n
        blocked = self.instance.allowed() if self.instance is not None else None
        if event.removed is None:
            for r, mask in enumerate(event.attacked):
                for c in range(n):
                    if mask >> c & 1 and (blocked is None or blocked[r] >> c & 1):
                        self._shade(r, c, _SHADE, "attacked")
        else:
            attacks = attack_masks(n, event.squares, self.rule)
            for r, mask in enumerate(event.removed):
                for c in range(n):
                    if not mask >> c & 1 or (blocked is not None and not blocked[r] >> c & 1):
                        continue
                    attacked = attacks[r] >> c & 1
                    self._shade(r, c, _SHADE if attacked else _REMOVED, "attacked" if attacked else "removed")
        colour = _SOLVED if event.kind == "solution" else _QUEEN
        for r, c in event.squares:
            self._queen(r, c, colour)
        if event.kind == "prune":
            self._cross(event.row, event.col)
            by = event.by
            if by >= 0:
                self.canvas.create_line(
                    *self._centre(by, event.queens[by]),
                    *self._centre(event.row, event.col),
                    fill=_PRUNE,
                    width=2,
                    dash=(4, 3),
                    tags=("attack-line",),
                )
        elif event.kind == "backtrack":
            self._queen(event.row, event.col, None, tags=("lifted",))
        elif event.kind == "fail" and event.search != "dlx":
            self._queen(event.row, event.col, None, tags=("failed",), outline=_PRUNE)
            if event.wiped >= 0:
                self._line_box("row", event.wiped, _PRUNE, "wiped")
        elif event.choice is not None:
            what, k, _ = event.choice
            self._line_box(
                what, k, _PRUNE if event.kind == "fail" else _CHOICE, "wiped" if event.kind == "fail" else "choice"
            )
        self.status.set(f"step {event.step + 1:,}: {_describe(event)}")
        if event.search == "dlx":
            counters = (
                f"nodes {event.nodes:,}  ·  dead ends {event.pruned:,}  ·  backtracks {event.backtracks:,}  ·  "
                f"solutions {event.solutions:,}"
            )
        else:
            counters = (
                f"nodes {event.nodes:,}  ·  tried {event.generated:,}  ·  pruned {event.pruned:,}  ·  "
                f"backtracks {event.backtracks:,}  ·  solutions {event.solutions:,}"
            )
            if event.search != "none":
                counters += f"  ·  removed by propagation {event.propagated:,}"
        self.detail.set(counters)

    def _line_box(self, what, k, colour, tag):
        n = self.n
        first, last = ((k, 0), (k, n - 1)) if what == "row" else ((0, k), (n - 1, k))
        x0, y0, _, _ = self._box(*first)
        _, _, x1, y1 = self._box(*last)
        self.canvas.create_rectangle(x0 + 1, y0 + 1, x1 - 1, y1 - 1, outline=colour, width=3, tags=(tag,))

    def _box(self, r, c):
        o, cell = self._origin, self._cell
        return o + c * cell, o + r * cell, o + (c + 1) * cell, o + (r + 1) * cell

    def _centre(self, r, c):
        o, cell = self._origin, self._cell
        return o + (c + 0.5) * cell, o + (r + 0.5) * cell

    def _queen(self, r, c, colour, tags=None, outline=None):
        cell = self._cell
        x, y, _, _ = self._box(r, c)
        # A crown: five points on top, a band below; drawn hollow (lifted) when colour is None.
        u = cell / 10
        points = [
            x + 2 * u,
            y + 8 * u,
            x + 1.5 * u,
            y + 3.5 * u,
            x + 3.5 * u,
            y + 5.5 * u,
            x + 5 * u,
            y + 2.5 * u,
            x + 6.5 * u,
            y + 5.5 * u,
            x + 8.5 * u,
            y + 3.5 * u,
            x + 8 * u,
            y + 8 * u,
        ]
        tags = tags or ("queen", f"row{r}", f"col{c}")
        self.canvas.create_polygon(
            points,
            fill=colour or "",
            outline=outline or (_OUTLINE if colour else _QUEEN),
            width=max(1, cell // 24),
            tags=tags,
        )

    def _cross(self, r, c):
        cell = self._cell
        x0, y0, x1, y1 = self._box(r, c)
        x0, y0, x1, y1 = x0 + cell * 0.25, y0 + cell * 0.25, x1 - cell * 0.25, y1 - cell * 0.25
        width = max(2, cell // 12)
        self.canvas.create_line(x0, y0, x1, y1, fill=_PRUNE, width=width, tags=("pruned",))
        self.canvas.create_line(x0, y1, x1, y0, fill=_PRUNE, width=width, tags=("pruned",))

    # -- the search tree -----------------------------------------------------------------------------------

    def _tree_geometry(self):
        if self._tree_shape is None or self._tree_shape[0] != self.n:
            height = int(self.tree["height"])
            dy = (height - 12) / max(1, self.n)
            self._tree_shape = (self.n, dy, (self.tree_width - 12) // _SLOT)
        return self._tree_shape[1:]

    def _tree_xy(self, x, depth):
        dy, _ = self._tree_geometry()
        return 6 + (x - self._tree_left) * _SLOT, 6 + depth * dy

    def _draw_tree(self):
        """Draw the event's node alone when the search moved one event on; else redraw from the history."""
        player = self.player
        node = player.drawn
        if node is None:
            self._tree_left = 0
            self.tree.delete("all")
            self._tree_step = -1
            self._tree_node(0, 0, -1, "branch")
        elif self._tree_step == player.index - 1 and node.x < self._tree_left + self._tree_geometry()[1]:
            self._tree_add(node)
        else:
            self._tree_redraw()
        self._tree_step = player.index
        self._tree_path(node.path if node is not None else (0,))
        event = player.event
        shown = len(self.tree.find_withtag("node"))
        left = "" if self._tree_left == 0 else f"; the {self._tree_left:,} leftmost columns have scrolled off"
        self.tree_status.set(
            "search tree: blue stood on, red failed, green solutions; "
            f"{0 if event is None else event.nodes:,} nodes, {shown:,} drawn{left}"
        )

    def _tree_add(self, node):
        if node.action == "new":
            self._tree_node(node.x, node.depth, node.parent, node.colour)
        elif node.action == "mark":
            for item in self.tree.find_withtag(f"n{node.x}_{node.depth}"):
                self.tree.itemconfigure(item, fill=_TREE[node.colour], outline=_TREE[node.colour])
                self.tree.dtag(item, "branch")
                self.tree.addtag_withtag(node.colour, item)

    def _tree_redraw(self):
        # the nodes the history still holds, those in view; each drawn in its last colour
        _, visible = self._tree_geometry()
        recent = self.player.recent()
        right = max((n.x for n in recent), default=0)
        self._tree_left = max(0, right - visible * 3 // 4)
        nodes = {}
        for node in recent:
            if node.action == "new":
                nodes[node.x, node.depth] = [node.parent, node.colour]
            elif node.action == "mark":
                nodes.setdefault((node.x, node.depth), [node.parent, node.colour])[1] = node.colour
        self.tree.delete("all")
        if self._tree_left == 0:
            self._tree_node(0, 0, -1, "branch")
        for (x, depth), (parent, colour) in nodes.items():
            self._tree_node(x, depth, parent, colour)

    def _tree_node(self, x, depth, parent, colour):
        _, visible = self._tree_geometry()
        if x >= self._tree_left + visible:
            # scroll: keep the last quarter in view, forget the rest
            shift = x - visible * 3 // 4 - self._tree_left
            self._tree_left += shift
            self.tree.move("all", -shift * _SLOT, 0)
            for item in self.tree.find_overlapping(-(10**6), -(10**6), 0, 10**6):
                if "edge" not in self.tree.gettags(item) or self.tree.coords(item)[2] < 0:
                    self.tree.delete(item)
        if x < self._tree_left:
            return
        cx, cy = self._tree_xy(x, depth)
        if parent >= 0:
            px, py = self._tree_xy(parent, depth - 1)
            self.tree.create_line(px, py, cx, cy, fill="#999999", tags=("edge",))
        radius = max(2, min(_SLOT // 2, int(self._tree_geometry()[0] // 3)))
        fill = _TREE[colour]
        self.tree.create_oval(
            cx - radius,
            cy - radius,
            cx + radius,
            cy + radius,
            fill=fill,
            outline=fill,
            tags=("node", colour, f"n{x}_{depth}"),
        )

    def _tree_path(self, path):
        self.tree.delete("path")
        if len(path) > 1:
            points = [v for depth, x in enumerate(path) for v in self._tree_xy(x, depth)]
            self.tree.create_line(*points, fill=_PATH, width=3, tags=("path",))
            self.tree.tag_lower("path", "node")


_SEARCH_NAMES = {
    "none": "backtracking",
    "forward-checking": "forward checking",
    "arc-consistency": "arc consistency (MAC)",
    "dlx": "dancing links",
}


def _describe(event):
    r, c = event.row, event.col
    if event.kind == "choose":
        what, k, size = event.choice
        return f"dancing links branches on board {what} {k}: {size} option{'s' if size != 1 else ''} left"
    if event.kind == "fail":
        if event.search == "dlx":
            what, k, _ = event.choice
            return f"board {what} {k} has no option left: dead end"
        row = f"row {event.wiped}" if event.wiped >= 0 else "a row"
        return f"a queen on row {r}, column {c} leaves {row} no column: dead end"
    if event.kind == "prune" and event.by < 0:
        return f"row {r}, column {c} is closed by the instance: pruned"
    return {
        "place": f"queen placed on row {r}, column {c}",
        "prune": f"row {r}, column {c} is attacked by the queen of row {event.by}: pruned",
        "backtrack": f"backtrack: queen lifted from row {r}, column {c}",
        "solution": f"solution {event.solutions:,}",
        "done": "search finished",
    }[event.kind]


def _count(n, fundamental, rule="queen", instance=None):
    """Worker thread: ``(total, unique)``; ``unique`` only when asked, from a solver that knows it or else by
    reducing the enumeration to fundamental solutions. Under another rule, the counter ``rules`` gives both; an
    instance is counted by the default counter for instances."""
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


def _enumerators(rule="queen", instance=None):
    return [s.name for s in nqueens.solvers() if _shows(s, rule, instance)]


def _shows(spec, rule, instance):
    """Whether the viewer can step through the solutions of ``spec`` (built-in or outside) under ``rule``."""
    return (
        "enumerate" in spec.can
        and (rule == "queen" or any(o.name == "rule" and rule in o.choices for o in spec.options))
        and (instance is None or "instance" in spec.can)
    )


def _check_solver(solver, rule="queen", instance=None, n=8):
    """The solver's key (its name, or an outside solver's spec such as ``FILE.py:ATTR``), if the viewer can show
    it; else the error that says why."""
    name = solver or default_enumerator(n, rule, instance)
    spec = nqueens.get_solver(name)
    if not _shows(spec, rule, instance):
        able = _enumerators(rule, instance)
        if "enumerate" not in spec.can:
            what = "does not enumerate"
        elif instance is not None and "instance" not in spec.can:
            what = "does not take an instance"
        else:
            what = f"does not take the rule {rule!r}"
        raise NQueensError(f"solver {name!r} {what}; the viewer can show: {', '.join(able)}")
    return spec.key


def _check_search(search):
    if search not in SEARCHES:
        raise NQueensError(f"search must be one of {', '.join(SEARCHES)}; got {search!r}")
    return search


def _check_instance(instance, rule):
    """The instance, or ``None`` for the plain board; refused on a torus when it excludes diagonals."""
    if instance is None or instance.is_plain:
        return None
    if get_rule(rule).wrap and (instance.excluded_sum or instance.excluded_difference):
        raise NQueensError(
            f"the instance excludes diagonals r + c and r - c of the square board; under the rule {rule!r} the "
            "diagonals wrap around, so they are other lines: block the squares instead, or leave --rules out"
        )
    return instance
