"""The viewer's widgets, laid out in the window: the controls, the two canvases and the status lines.

:class:`Widgets` builds them inside a ``tk.Tk`` (or ``tk.Toplevel``) and wires each control, and each key, to the
function it is handed; it decides nothing itself. From top to bottom: ``n``, the solver and the search; the mode
and "fundamental only"; the board's canvas with the search tree's pane beside it (shown in search mode only);
the status, detail and message lines (fixed heights, wrapped, so the window keeps its size whatever they say);
the buttons; the speed.
"""

import tkinter as tk
from tkinter import ttk

from nqueens.analysis.search_trace import SEARCHES
from nqueens.viewer.board import SHADE
from nqueens.viewer.choices import MAX_N, MIN_N, MODES

__all__ = ["Widgets", "BUTTONS"]

# (name, label) of each button, left to right; each calls the action of the same name.
BUTTONS = (
    ("first", "First"),
    ("previous", "Previous"),
    ("next", "Next"),
    ("last", "Last"),
    ("play", "Play"),
    ("next_solution", "Next solution"),
)
_KEYS = (
    ("<Right>", "next"),
    ("<Left>", "previous"),
    ("<Home>", "first"),
    ("<End>", "last"),
    ("<space>", "play"),
)


class Widgets:
    """The widgets of one viewer inside ``master``.

    Parameters
    ----------
    master : tkinter widget
    actions : mapping
        What each control calls: ``first``, ``previous``, ``next``, ``last``, ``play``, ``next_solution`` (no
        argument), and ``set_n``, ``set_solver``, ``set_search``, ``set_mode``, ``set_fundamental``,
        ``set_speed`` (the control's new value).
    n, solver, search, mode, fundamental, speed
        The values the controls show first.
    solvers : list of str
        The solver box's choices.
    size : int
        Side of the board's canvas in pixels.
    tree_width : int
        Width of the search tree's pane in pixels.

    Attributes
    ----------
    canvas, tree : tkinter.Canvas
        The board's and the search tree's.
    status, detail, message, tree_status : tkinter.StringVar
        The lines under the board, and the one under the tree.
    buttons : dict
        Name (:data:`BUTTONS`) -> ``ttk.Button``.
    """

    def __init__(self, master, actions, *, n, solver, solvers, search, mode, fundamental, speed, size, tree_width):
        self.master = master
        self.n_var = tk.IntVar(value=n)
        self.solver_var = tk.StringVar(value=solver)
        self.search_var = tk.StringVar(value=search)
        self.tree_status = tk.StringVar()
        self.mode_var = tk.StringVar(value=mode)
        self.fundamental_var = tk.BooleanVar(value=fundamental)
        self.speed_var = tk.IntVar(value=speed)
        self.status = tk.StringVar()
        self.detail = tk.StringVar()
        self.message = tk.StringVar()

        style = ttk.Style(master)
        if "clam" in style.theme_names():
            style.theme_use("clam")
        background = style.lookup("TFrame", "background") or None
        master.configure(background=background)

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
            command=lambda: actions["set_n"](self.n_var.get()),
        )
        self.n_spin.pack(side="left", padx=(4, 16))
        ttk.Label(top, text="solver").pack(side="left")
        self.solver_box = ttk.Combobox(top, width=18, state="readonly", textvariable=self.solver_var, values=solvers)
        self.solver_box.bind("<<ComboboxSelected>>", lambda _: actions["set_solver"](self.solver_var.get()))
        self.solver_box.pack(side="left", padx=(4, 16))
        ttk.Label(top, text="search").pack(side="left")
        self.search_box = ttk.Combobox(
            top, width=16, state="readonly", textvariable=self.search_var, values=list(SEARCHES)
        )
        self.search_box.bind("<<ComboboxSelected>>", lambda _: actions["set_search"](self.search_var.get()))
        self.search_box.pack(side="left", padx=(4, 0))

        modes = ttk.Frame(master, padding=(8, 6, 8, 0))
        modes.pack(fill="x")
        for value in MODES:
            ttk.Radiobutton(
                modes,
                text=value.capitalize(),
                value=value,
                variable=self.mode_var,
                command=lambda: actions["set_mode"](self.mode_var.get()),
            ).pack(side="left", padx=(0, 8))
        self.fundamental_check = ttk.Checkbutton(
            modes,
            text="fundamental only",
            variable=self.fundamental_var,
            command=lambda: actions["set_fundamental"](self.fundamental_var.get()),
        )
        self.fundamental_check.pack(side="left", padx=(8, 0))

        boards = ttk.Frame(master)
        boards.pack(fill="x")
        self.canvas = tk.Canvas(boards, width=size, height=size, highlightthickness=0, background="white")
        self.canvas.pack(side="left", padx=8, pady=8)
        pane = self.tree_pane = ttk.Frame(boards)
        self.tree = tk.Canvas(pane, width=tree_width, height=size - 36, highlightthickness=1, background="white")
        self.tree.pack()
        tk.Label(
            pane,
            textvariable=self.tree_status,
            height=2,
            wraplength=tree_width,
            justify="left",
            anchor="nw",
            background=background,  # type: ignore[arg-type]
        ).pack(fill="x")

        for variable, lines, options in (
            (self.status, 2, {"font": ("TkDefaultFont", 11, "bold")}),
            (self.detail, 2, {}),
            (self.message, 2, {"foreground": SHADE}),
        ):
            tk.Label(
                master,
                textvariable=variable,
                height=lines,
                wraplength=size + tree_width,
                justify="left",
                anchor="nw",
                padx=8,
                background=background,  # type: ignore[arg-type]
                **options,
            ).pack(fill="x")

        bar = ttk.Frame(master, padding=(8, 8, 8, 0))
        bar.pack(fill="x")
        self.buttons = {}
        for name, label in BUTTONS:
            button = ttk.Button(bar, text=label, command=actions[name], width=len(label) + 1)
            button.pack(side="left", padx=(0, 4))
            self.buttons[name] = button
        speed_bar = ttk.Frame(master, padding=8)
        speed_bar.pack(fill="x")
        ttk.Label(speed_bar, text="speed").pack(side="left")
        self.speed_scale = ttk.Scale(
            speed_bar,
            from_=1,
            to=60,
            orient="horizontal",
            length=200,
            variable=self.speed_var,
            command=actions["set_speed"],
        )
        self.speed_scale.pack(side="left", padx=(8, 8))
        self.speed_label = ttk.Label(speed_bar, width=11)
        self.speed_label.pack(side="left")

        for key, name in _KEYS:
            master.bind(key, lambda _, action=actions[name]: action())
        for key in ("<Escape>", "q"):
            master.bind(key, lambda _: master.destroy())

    def show_speed(self, speed):
        """The speed scale and its label at ``speed`` steps per second."""
        self.speed_var.set(speed)
        self.speed_label.configure(text=f"{speed:>2} steps/s")

    def show_playing(self, playing):
        """The play button's label: "Pause" while playing."""
        self.buttons["play"].configure(text="Pause" if playing else "Play")

    def sync(self, mode, instance):
        """Enable the controls that apply to ``mode`` (and to the instance, if one is shown); the tree's pane in
        search mode only."""
        search = mode == "search"
        self.fundamental_check.state(["disabled"] if search or instance is not None else ["!disabled"])
        self.solver_box.state(["disabled"] if search else ["!disabled"])
        self.search_box.state(["!disabled"] if search else ["disabled"])
        self.n_spin.state(["disabled"] if instance is not None else ["!disabled", "readonly"])
        if search:
            self.tree_pane.pack(side="left", padx=(0, 8), pady=8, anchor="n")
        else:
            self.tree_pane.pack_forget()
        self.buttons["next_solution"].state(["!disabled"] if search else ["disabled"])
