"""The tkinter window of ``nqueens view``: the board, the controls, and nothing of the search itself.

Seed 004 shows its solutions in a tkinter window, ``N`` from 4 to 11, one after another or playing in a loop.
This window does the same for ``n = 4 .. 16`` and any registered solver that enumerates, with two modes:

``Solutions``
    first / previous / next / last / play through the solver's solutions, "k of total", the orbit size of each
    (optionally only the fundamental ones). :class:`~nqueens.viewer.browse.SolutionBrowser` does the stepping.
``Search``
    the backtracking search, event by event (:mod:`nqueens.analysis.trace`): queens placed, the squares they
    attack shaded, each pruned square crossed out with a line to the queen that attacks it, lifted queens
    drawn hollow, and the node counters.

The number of solutions (and of fundamental ones) is counted on a worker thread, so the window stays live while
``n = 16`` is counted; until then the status reads ``k of ...``.

Canvas items carry tags a test can find: ``square``, ``queen`` (with ``row<r>`` and ``col<c>``), ``attacked``,
``pruned``, ``attack-line``, ``lifted``.
"""

import threading
import tkinter as tk
from tkinter import ttk

import nqueens
from nqueens.api import DEFAULT_ENUMERATOR
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.rules import get_rule
from nqueens.viewer.browse import SolutionBrowser, TracePlayer

__all__ = ["MIN_N", "MAX_N", "MODES", "Viewer", "check_view_n", "open_viewer"]

MIN_N, MAX_N = 4, 16
MODES = ("solutions", "search")

_LIGHT, _DARK = "#f0d9b5", "#b58863"
_QUEEN, _SOLVED, _OUTLINE = "#1f2a44", "#c0392b", "#f8f8f8"
_SHADE, _PRUNE = "#d9534f", "#c0392b"
_POLL_MS = 100


def check_view_n(n):
    """``n`` as an int if the viewer can show it (4 .. 16), else an error that says so.

    Examples
    --------
    >>> check_view_n("8")
    8
    >>> check_view_n(20)
    Traceback (most recent call last):
    ...
    nqueens.core.errors.NQueensError: the viewer shows n = 4 .. 16, got 20
    """
    n = check_n(n)
    if not MIN_N <= n <= MAX_N:
        raise NQueensError(f"the viewer shows n = {MIN_N} .. {MAX_N}, got {n}")
    return n


def open_viewer(n=8, solver=None, *, mode="solutions", rule="queen"):
    """Open the window and run it until it is closed.

    Raises
    ------
    NQueensError
        For an ``n`` outside 4 .. 16, a solver that does not enumerate, or when no window can be opened (no
        display).
    """
    n = check_view_n(n)
    _check_solver(solver, rule)
    try:
        root = tk.Tk()
    except tk.TclError as exc:
        raise NQueensError(f"cannot open a window: {exc} (the viewer needs a display, e.g. $DISPLAY)") from None
    viewer = Viewer(root, n, solver, mode=mode, rule=rule)
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
    :meth:`set_n`, :meth:`set_solver`, :meth:`set_mode`, :meth:`set_fundamental`, :meth:`set_speed`.

    Parameters
    ----------
    master : tkinter widget
    n : int
        4 .. 16.
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
    """

    def __init__(
        self, master, n=8, solver=None, *, mode="solutions", fundamental=False, speed=5, size=480, rule="queen"
    ):
        self.master = master
        self.size = size
        self.n = check_view_n(n)
        self.rule = get_rule(rule).name
        self.solver = _check_solver(solver, self.rule)
        if mode not in MODES:
            raise NQueensError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
        self.mode = mode
        self.fundamental = bool(fundamental)
        self.speed = speed
        self.playing = False
        self._after = None
        self._poll = None
        # (n, fundamental) -> {"value": (total, unique)} once counted, or {"error": ...}. One daemon thread per
        # count: a long one (n = 16) neither holds up the next nor keeps the program alive when the window closes.
        self._counts = {}
        self.browser = None
        self.player = None
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
        self._step(lambda model: model.last())

    def next_solution(self):
        """Search mode: run forward to the next solution."""
        if self.mode == "search":
            self._step(lambda player: player.next_solution())

    def play(self):
        """Start or stop playing (the button toggles)."""
        if self.playing:
            self._stop()
        else:
            self.playing = True
            self.play_button.configure(text="Pause")
            self._tick()

    def set_n(self, n):
        """Show board size ``n`` (4 .. 16)."""
        self.n = check_view_n(n)
        self.n_var.set(self.n)
        self._reset()

    def set_solver(self, solver):
        """Step through the solutions of ``solver``."""
        self.solver = _check_solver(solver, self.rule)
        self.solver_var.set(self.solver)
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
        """Stop playing and polling (a count still running is left to finish on its daemon thread)."""
        self._stop()
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
        self.message.set("")
        if self.mode == "search":
            self.browser = None
            self.player = TracePlayer(self.n, rule=self.rule)
        else:
            self.player = None
            self.browser = SolutionBrowser(self.n, self.solver, fundamental=self.fundamental, rule=self.rule)
            self._request_counts()
        rule = "" if self.rule == "queen" else f", {self.rule}"
        self.master.title(f"nqueens view - n = {self.n}{rule}")
        self._sync_controls()
        self._draw()

    def _step(self, move):
        self.message.set("")
        try:
            moved = move(self._model())
        except NQueensError as exc:
            self.message.set(str(exc))
            moved = False
        self._draw()
        return moved

    def _tick(self):
        self._after = None
        if not self.playing:
            return
        if not self._step(lambda model: model.next()):
            if self.mode == "search" or not self._step(lambda model: model.first()):
                self._stop()
                return
        self._after = self.master.after(max(1, 1000 // self.speed), self._tick)

    def _stop(self):
        self.playing = False
        if self._after is not None:
            self.master.after_cancel(self._after)
            self._after = None
        if hasattr(self, "play_button"):
            self.play_button.configure(text="Play")

    def _request_counts(self):
        key = (self.n, self.fundamental, self.rule)
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
        box = self._counts.get((self.n, self.fundamental, self.rule))
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
            top, width=18, state="readonly", textvariable=self.solver_var, values=_enumerators(self.rule)
        )
        self.solver_box.bind("<<ComboboxSelected>>", lambda _: self.set_solver(self.solver_var.get()))
        self.solver_box.pack(side="left", padx=(4, 0))

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

        self.canvas = tk.Canvas(master, width=self.size, height=self.size, highlightthickness=0, background="white")
        self.canvas.pack(padx=8, pady=8)

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
                wraplength=self.size,
                justify="left",
                anchor="nw",
                padx=8,
                background=background,
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
        self.fundamental_check.state(["disabled"] if search else ["!disabled"])
        self.solver_box.state(["disabled"] if search else ["!disabled"])
        self.buttons["next_solution"].state(["!disabled"] if search else ["disabled"])

    # -- drawing -------------------------------------------------------------------------------------------

    def _draw(self):
        canvas = self.canvas
        canvas.delete("all")
        n = self.n
        cell = self.size // n
        self._cell = cell
        for r in range(n):
            for c in range(n):
                canvas.create_rectangle(
                    c * cell,
                    r * cell,
                    (c + 1) * cell,
                    (r + 1) * cell,
                    fill=_LIGHT if (r + c) % 2 == 0 else _DARK,
                    outline="",
                    tags=("square",),
                )
        if self.mode == "search":
            self._draw_event(self.player.event)
        else:
            self._draw_solution()
        last = self._model().last_unavailable()
        self.buttons["last"].state(["disabled"] if last else ["!disabled"])

    def _draw_solution(self):
        b = self.browser
        if b.solution is not None:
            for r, c in enumerate(b.solution):
                self._queen(r, c, _QUEEN)
        self.status.set(b.label())
        if b.solution is None:
            self.detail.set("fundamental solutions" if b.fundamental else "press Next or Play")
        else:
            kind = "fundamental solution" if b.fundamental else "solution"
            self.detail.set(f"{kind}, orbit of {b.orbit}  ·  {b.solver}")

    def _draw_event(self, event):
        cell = self._cell
        if event is None:
            self.status.set("search: not started")
            self.detail.set("press Next or Play")
            return
        for r, mask in enumerate(event.attacked):
            for c in range(self.n):
                if mask >> c & 1:
                    self.canvas.create_rectangle(
                        c * cell,
                        r * cell,
                        (c + 1) * cell,
                        (r + 1) * cell,
                        fill=_SHADE,
                        stipple="gray25",
                        outline="",
                        tags=("attacked",),
                    )
        colour = _SOLVED if event.kind == "solution" else _QUEEN
        for r, c in enumerate(event.queens):
            self._queen(r, c, colour)
        if event.kind == "prune":
            self._cross(event.row, event.col)
            by = event.by
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
        self.status.set(f"step {event.step + 1:,}: {_describe(event)}")
        self.detail.set(
            f"nodes {event.nodes:,}  ·  tried {event.generated:,}  ·  pruned {event.pruned:,}  ·  "
            f"backtracks {event.backtracks:,}  ·  solutions {event.solutions:,}"
        )

    def _centre(self, r, c):
        cell = self._cell
        return (c + 0.5) * cell, (r + 0.5) * cell

    def _queen(self, r, c, colour, tags=None):
        cell = self._cell
        x, y = c * cell, r * cell
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
            outline=_OUTLINE if colour else _QUEEN,
            width=max(1, cell // 24),
            tags=tags,
        )

    def _cross(self, r, c):
        cell = self._cell
        x0, y0, x1, y1 = (
            c * cell + cell * 0.25,
            r * cell + cell * 0.25,
            (c + 1) * cell - cell * 0.25,
            (r + 1) * cell - cell * 0.25,
        )
        width = max(2, cell // 12)
        self.canvas.create_line(x0, y0, x1, y1, fill=_PRUNE, width=width, tags=("pruned",))
        self.canvas.create_line(x0, y1, x1, y0, fill=_PRUNE, width=width, tags=("pruned",))


def _describe(event):
    r, c = event.row, event.col
    return {
        "place": f"queen placed on row {r}, column {c}",
        "prune": f"row {r}, column {c} is attacked by the queen of row {event.by}: pruned",
        "backtrack": f"backtrack: queen lifted from row {r}, column {c}",
        "solution": f"solution {event.solutions:,}",
        "done": "search finished",
    }[event.kind]


def _count(n, fundamental, rule="queen"):
    """Worker thread: ``(total, unique)``; ``unique`` only when asked, from a solver that knows it or else by
    reducing the enumeration to fundamental solutions. Under another rule, the counter ``rules`` gives both."""
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


def _enumerators(rule="queen"):
    return [
        s.name
        for s in nqueens.solvers()
        if "enumerate" in s.can and (rule == "queen" or any(o.name == "rule" and rule in o.choices for o in s.options))
    ]


def _check_solver(solver, rule="queen"):
    name = solver or (DEFAULT_ENUMERATOR if rule == "queen" else "rules")
    spec = nqueens.get_solver(name)
    if name not in _enumerators(rule):
        what = "does not enumerate" if "enumerate" not in spec.can else f"does not take the rule {rule!r}"
        raise NQueensError(f"solver {name!r} {what}; the viewer can show: {', '.join(_enumerators(rule))}")
    return spec.name
