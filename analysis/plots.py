"""Figures for papers and lectures: timings, tree sizes, per-depth profiles, total vs unique solutions.

Each function takes numbers the library already computed (count records, or the rows the research scripts
build), draws one figure and, given a path ending in ``.png`` or ``.svg``, writes it there. Every figure has
labelled axes with units, a legend, and a title that says what was measured and on which host.

matplotlib is the ``plot`` extra (``pip install 'nqueens[plot]'``); it is imported only when a figure is drawn.
Figures are drawn on matplotlib's Agg canvas through the object-oriented API, never through ``pyplot``, so
nothing global changes: in a notebook the returned :class:`~matplotlib.figure.Figure` displays itself once
matplotlib's inline backend is on (``%matplotlib inline``, as in ``examples/notebook.ipynb``). Every function that
draws runs takes what :func:`nqueens.experiments.runner.run` returns (``.records``) as it is.

Examples
--------
>>> import nqueens
>>> from nqueens.analysis.plots import plot_timings
>>> fig = plot_timings([nqueens.count(n, "bitwise") for n in range(4, 9)])
>>> fig.axes[0].get_yscale(), fig.axes[0].get_xlabel()
('log', 'n (board size)')

References
----------
Seed 000, figure 4: solving time of each method against N (a scatter plot of its table).
"""

import math
import os
import platform
import statistics
from typing import Any

from nqueens.core.errors import NQueensError
from nqueens.core.record import ANSWERED

__all__ = [
    "FORMATS",
    "plot_anytime",
    "plot_profile",
    "plot_timings",
    "plot_tree_sizes",
    "plot_profiles",
    "plot_unique_vs_total",
    "plot_strategies",
    "plot_cactus",
    "plot_ecdf",
    "plot_scatter",
    "save",
    "check_path",
    "series_style",
]

FORMATS = (".png", ".svg")

_MODEL_COLORS = {"permutation": "tab:blue", "mary": "tab:orange", "subset": "tab:green"}


def plot_timings(records, path=None, *, title=None):
    """Seconds against ``n``, one series per solver, log scale: the figure of seed 000.

    Parameters
    ----------
    records : iterable of CountResult, RunRecord or dict
        Count records (:func:`nqueens.count`, :func:`nqueens.experiments.runner.compare`), or the run records of an
        experiment (``run(...).records``, or ``nqueens runs --format json``): of those, the runs that answered,
        reduced to the median of the repeats; several solvers and ``n`` mixed.
    path : str or os.PathLike, optional
        Where to write the figure (``.png`` or ``.svg``).
    title : str, optional
        Replaces the default title (which names the host).

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    NQueensError
        If matplotlib is missing, there is nothing to plot, or the path has another extension.
    """
    records = list(records)
    times: dict[Any, Any] = {}
    for record in records:
        if _field(record, "status", "solved") not in ANSWERED or _field(record, "seconds") is None:
            continue
        times.setdefault((_field(record, "solver"), _field(record, "n")), []).append(_field(record, "seconds"))
    if not times:
        raise NQueensError("no count records to plot (no run that answered)")
    fig, ax = _figure(path)
    series: dict[Any, Any] = {}
    for (solver, n), seconds in times.items():
        series.setdefault(solver, []).append((n, max(statistics.median(seconds), 1e-7)))
    for index, (solver, points) in enumerate(series.items()):
        points.sort()
        ax.plot([n for n, _ in points], [s for _, s in points], label=solver, **series_style(index))
    ax.set_yscale("log")
    ax.set_ylabel("wall time of the count (seconds, log scale)")
    ax.set_title(title or f"Time to count all solutions, per solver{_rule_note(records)} — measured on {_host()}")
    _against_n(ax)
    return save(_solver_legend(fig, ax), path)


def plot_tree_sizes(rows, path=None, *, title=None):
    """Tree size and backtracking nodes against ``n`` per formulation, log scale, in two panels.

    The left panel shows the full explicit trees (closed forms) as ``log10`` of their exact sizes (the cell
    tree's ``2 ** (n * n)`` is beyond any float scale from ``n = 32``), the right one the nodes a backtracking
    search stands on, on a log scale: measured (filled markers, lines) and Knuth's estimate (crosses with one standard error). The
    permutation and m-ary trees have the same feasible nodes, so their right-panel series coincide; the
    permutation series is drawn with larger hollow markers to keep both visible.

    Parameters
    ----------
    rows : iterable of dict
        One per ``(model, n)`` with ``model``, ``n``, ``tree_size`` (closed form), and optionally ``measured``
        (feasible nodes a search counted), ``generated`` (candidates it created), ``estimate`` and ``stderr``
        (Knuth's estimator); missing or ``None`` values are left out.
    path, title
        As for :func:`plot_timings`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    rows = list(rows)
    if not rows:
        raise NQueensError("no tree sizes to plot")
    fig, (full_ax, nodes_ax) = _figure(path, width=13, panels=2)
    models = list(dict.fromkeys(row["model"] for row in rows))
    for place, model in enumerate(models):
        # The permutation and m-ary trees stand on the same nodes (and, with one seed, get the same estimates):
        # on the right panel each model's points are shifted a little sideways so that none hides another.
        shift = _dodge(place, len(models))
        mine = sorted((row for row in rows if row["model"] == model), key=lambda row: row["n"])
        color = _MODEL_COLORS.get(model)
        hollow = {"markerfacecolor": "none", "markersize": 9} if model == "permutation" else {}
        # Exact integers as large as 2**(n*n): their logarithm is taken before any float could overflow.
        full = [(row["n"], math.log10(row["tree_size"])) for row in mine if row.get("tree_size") is not None]
        if full:
            full_ax.plot(*zip(*full), color=color, marker=".", label=f"{model} (closed form)")
        measured = [(row["n"] + shift, row["measured"]) for row in mine if row.get("measured") is not None]
        if measured:
            nodes_ax.plot(*zip(*measured), color=color, marker="o", label=f"{model}: feasible (measured)", **hollow)
        generated = [(row["n"] + shift, row["generated"]) for row in mine if row.get("generated") is not None]
        if generated:
            nodes_ax.plot(
                *zip(*generated), color=color, linestyle=":", marker=".", label=f"{model}: generated (measured)"
            )
        estimated = [
            (row["n"] + shift, row["estimate"], row.get("stderr") or 0.0) for row in mine if row.get("estimate")
        ]
        if estimated:
            ns, means, errors = zip(*estimated)
            nodes_ax.errorbar(
                ns,
                means,
                yerr=errors,
                color=color,
                linestyle=("--", ":", "-.")[place % 3],
                marker="x+1"[place % 3],
                markersize=8,
                capsize=3,
                label=f"{model}: feasible (Knuth's estimate ± 1 s.e.)",
            )
    full_ax.set_title("full state-space tree (explicit constraints only)")
    full_ax.set_ylabel("log10 of the nodes, root included (digits - 1)")
    full_ax.set_ylim(bottom=0)
    nodes_ax.set_title("backtracking search (nodes it generated and stood on)")
    nodes_ax.set_ylabel("nodes, root included (log scale)")
    nodes_ax.set_yscale("log")
    nodes_ax.set_ylim(bottom=1)
    for ax in (full_ax, nodes_ax):
        _against_n(ax, fontsize="small")
    if len(models) > 1:
        nodes_ax.set_xlabel("n (board size; each formulation's points shifted a little sideways, to stay visible)")
    shown = [
        what
        for what, key in (("closed forms", "tree_size"), ("measured", "measured"), ("estimated", "estimate"))
        if any(row.get(key) for row in rows)
    ]
    fig.suptitle(title or f"Tree sizes per formulation: {', '.join(shown)} — computed on {_host()}")
    return save(fig, path)


def plot_profiles(n, profiles, path=None, *, title=None):
    """Generated and feasible nodes per depth for one ``n``, every formulation on one axis, log scale.

    The cell tree has ``n * n`` depths; it is drawn at depth / ``n`` (rows decided), so that its row
    boundaries line up with the depths of the row trees.

    Parameters
    ----------
    n : int
    profiles : dict
        ``{model: {"generated": [...], "feasible": [...]}}`` per depth from the root, as the formulations'
        accounting reports them.
    path, title
        As for :func:`plot_timings`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    if not profiles:
        raise NQueensError("no profiles to plot")
    fig, ax = _figure(path)
    others = [model for model in profiles if model not in _MODEL_COLORS]
    for index, (model, profile) in enumerate(profiles.items()):
        for key, style in (("feasible", "-"), ("generated", ":")):
            values = list(profile.get(key) or [])
            if not values:
                continue
            scale = n if len(values) == n * n + 1 and n > 1 else 1
            # Series that may coincide (published, measured, estimated) are shifted a little sideways.
            shift = _dodge(others.index(model), len(others)) if model in others else 0.0
            points = [(depth / scale + shift, v) for depth, v in enumerate(values) if v > 0]
            if model in _MODEL_COLORS:
                look: dict[str, Any] = {"color": _MODEL_COLORS[model], "marker": "." if scale == 1 else None}
                if model == "permutation" and key == "feasible":  # the same as mary's: keep both visible
                    look.update(marker="o", markerfacecolor="none", markersize=8)
            else:
                # Series that may coincide (published, measured, estimated): hollow markers, each line its own dash.
                look = series_style(index)
                look.update(markerfacecolor="none", markersize=8)
                style = ("-", "--", ":", "-.")[others.index(model) % 4] if key == "feasible" else ":"
            look.pop("linestyle", None)
            ax.plot(*zip(*points), linestyle=style, label=f"{model}: {key}", **look)
    ax.set_yscale("log")
    ax.set_xlabel(
        "depth (queens' rows decided; the cell tree's depth / n)"
        + ("; series shifted a little sideways, to stay visible" if len(others) > 1 else "")
    )
    ax.set_ylabel("nodes at that depth (log scale)")
    ax.set_title(title or f"Nodes per depth of each formulation, n = {n} — counted on {_host()}")
    ax.legend(fontsize="small")
    ax.grid(True, which="both", alpha=0.3)
    return save(fig, path)


def plot_unique_vs_total(rows, path=None, *, title=None):
    """Total and fundamental solutions against ``n``, log scale, with their ratio on a second axis.

    Parameters
    ----------
    rows : iterable of dict or RunRecord
        With ``n``, ``total`` and ``unique``: the rows of ``scripts/unique_vs_total.py``, or the run records of an
        experiment asking ``unique`` (the first run that answered for each ``n``). An ``n`` without solutions is
        drawn at 0 (the axis is linear below 1) and named on the figure.
    path, title
        As for :func:`plot_timings`.

    Returns
    -------
    matplotlib.figure.Figure
    """
    by_n: dict[Any, Any] = {}
    for row in rows:
        if row.get("status", "solved") in ANSWERED and row.get("unique") is not None:
            by_n.setdefault(row["n"], row)
    rows = [by_n[n] for n in sorted(by_n)]
    if not any(row["total"] for row in rows):
        raise NQueensError("no solution counts to plot")
    fig, ax = _figure(path)
    ns = [row["n"] for row in rows]
    nan = float("nan")  # n = 2, 3 have no solution: no ratio there, a gap in its line
    # symlog: linear below 1, so that the n without solutions (2 and 3) stand at 0 instead of vanishing.
    ax.plot(ns, [row["total"] for row in rows], marker="o", label="total (all solutions)")
    ax.plot(ns, [row["unique"] for row in rows], marker="s", label="unique (one per orbit of the 8 symmetries)")
    ax.set_yscale("symlog", linthresh=1)
    ax.set_ylim(bottom=0)
    none = [row["n"] for row in rows if not row["total"]]
    ax.set_ylabel("solutions (log scale above 1; 0 drawn at 0)")
    if none:
        ax.annotate(
            f"no solution for n = {', '.join(map(str, none))}",
            (none[-1], 0),
            xytext=(8, 12),
            textcoords="offset points",
            fontsize="small",
        )
    ratio = ax.twinx()
    ratio.plot(
        ns,
        [row["total"] / row["unique"] if row["total"] else nan for row in rows],
        color="tab:gray",
        linestyle="--",
        marker=".",
        label="total / unique (right axis)",
    )
    ratio.axhline(8, color="tab:gray", linewidth=0.5)
    ratio.set_ylabel("total / unique (tends to 8)")
    ratio.set_ylim(0, 9)
    lines = ax.get_legend_handles_labels()
    more = ratio.get_legend_handles_labels()
    ax.legend(lines[0] + more[0], lines[1] + more[1], loc="upper left")
    ax.set_title(title or f"Total vs fundamental solutions — counted on {_host()}")
    _against_n(ax)
    return save(fig, path)


def plot_strategies(rows, path=None, *, title=None):
    """Nodes and consistency checks against ``n``, one series per search strategy, log scale, in two panels.

    Haralick & Elliott's (1980) comparison: plain backtracking, forward checking and arc consistency (MAC), each
    with a static and a first-fail order, over the same tree.

    Parameters
    ----------
    rows : iterable of dict
        One per ``(strategy, n)`` with ``strategy`` (its label, e.g. ``"forward-checking, static"``), ``n``,
        ``nodes`` (feasible nodes, root included) and optionally ``checks`` (consistency checks); missing or
        ``None`` values are left out.
    path, title
        As for :func:`plot_timings`.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> fig = plot_strategies([{"strategy": "backtracking", "n": n, "nodes": 10 * n, "checks": 100 * n}
    ...                        for n in (4, 5, 6)])
    >>> [ax.get_yscale() for ax in fig.axes]
    ['log', 'log']
    """
    rows = list(rows)
    if not rows:
        raise NQueensError("no strategies to plot")
    fig, (nodes_ax, checks_ax) = _figure(path, width=13, panels=2)
    strategies = list(dict.fromkeys(row["strategy"] for row in rows))
    # one colour per propagation (the label's part before the comma); first-fail dashed beside its static twin
    families = list(dict.fromkeys(s.split(",")[0] for s in strategies))
    for strategy in strategies:
        mine = sorted((row for row in rows if row["strategy"] == strategy), key=lambda row: row["n"])
        look = series_style(families.index(strategy.split(",")[0]))
        look.pop("linestyle")
        style = "--" if "first-fail" in strategy else "-"
        for ax, key in ((nodes_ax, "nodes"), (checks_ax, "checks")):
            points = [(row["n"], row[key]) for row in mine if row.get(key)]
            if points:
                ax.plot(*zip(*points), linestyle=style, label=strategy, **look)
    nodes_ax.set_title("nodes the search stands on (feasible, root included)")
    nodes_ax.set_ylabel("nodes (log scale)")
    checks_ax.set_title("consistency checks (pairs of queens tested)")
    checks_ax.set_ylabel("checks (log scale)")
    for ax in (nodes_ax, checks_ax):
        ax.set_yscale("log")
        _against_n(ax, fontsize="small", title="propagation, order")
    fig.suptitle(title or f"Backtracking, forward checking and MAC, static and first-fail — counted on {_host()}")
    return save(fig, path)


def save(fig, path):
    """Write ``fig`` to ``path`` (``.png`` at 150 dpi, or ``.svg``) if a path is given; return the figure.

    Raises
    ------
    NQueensError
        For another extension, or a folder that does not exist.
    """
    if path is None:
        return fig
    path = os.fspath(path)
    check_path(path)
    from nqueens.core.files import replaced_path

    with replaced_path(path) as partial:
        fig.savefig(partial, dpi=150, bbox_inches="tight")
    return fig


def check_path(path):
    """Raise unless a figure can be drawn to ``path``: it ends in ``.png`` or ``.svg``, its folder exists and
    takes a new file, it is not something other than a regular file, and matplotlib is installed (checked
    before long runs, so that none is made for a figure that cannot be drawn)."""
    from nqueens.core.files import not_regular

    suffix = os.path.splitext(path)[1].lower()
    if suffix not in FORMATS:
        raise NQueensError(f"a plot is written to a .png or .svg file, got {path!r}")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise NQueensError(f"cannot write {path!r}: the folder {folder} does not exist")
    kind = not_regular(path)
    if kind:
        raise NQueensError(f"cannot write {path!r}: it is {kind}, not a file")
    # a figure is written beside its path and renamed onto it (nqueens.core.files.replaced): the folder must take it
    import tempfile

    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".plot-check."):
            pass
    except OSError as exc:
        raise NQueensError(f"cannot write {path!r}: the folder {folder} is not writable ({exc.strerror})") from None
    if not _has_matplotlib():
        raise NQueensError("plots need matplotlib, the 'plot' extra: pip install 'nqueens[plot]'")


def _has_matplotlib():
    import importlib.util

    try:
        return importlib.util.find_spec("matplotlib") is not None
    except (ImportError, ValueError):
        return False


def _figure(path, width=9, panels=1):
    if path is not None:
        check_path(os.fspath(path))
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise NQueensError("plots need matplotlib, the 'plot' extra: pip install 'nqueens[plot]'") from None
    fig = Figure(figsize=(width, 5.5), layout="constrained")
    FigureCanvasAgg(fig)
    return fig, fig.subplots(1, panels) if panels > 1 else fig.add_subplot()


def series_style(index):
    """The look of series ``index`` (colour, marker, line style): no two of the first 20 alike.

    Examples
    --------
    >>> len({(str(s["color"]), s["marker"], s["linestyle"]) for s in map(series_style, range(20))})
    20
    """
    # The ten strong colours first, then their ten light partners, each with one of eight markers: a dozen
    # solvers stay distinguishable in print.
    from matplotlib import colormaps

    colour = colormaps["tab10"](index) if index % 20 < 10 else colormaps["tab20"](2 * (index % 10) + 1)
    return {"color": colour, "marker": "osD^vP*X"[index % 8], "linestyle": ("-", "--", ":", "-.")[index // 10 % 4]}


def _field(record, key, default=None):
    """A field of a record, whichever form it has: a dict (JSON), or an object with attributes."""
    if isinstance(record, dict):
        return record.get(key, default)
    return getattr(record, key, default)


def _dodge(index, count, width=0.12):
    """A small sideways shift for series ``index`` of ``count`` that would otherwise cover each other."""
    return (index - (count - 1) / 2) * width


def _against_n(ax, **legend):
    """An axis against ``n``: its label, ticks at integers, a grid, and a legend with ``legend``'s keywords (when
    they are given and a series has a label)."""
    ax.set_xlabel("n (board size)")
    _integer_ticks(ax.xaxis)
    if legend and ax.get_legend_handles_labels()[0]:
        ax.legend(**legend)
    ax.grid(True, which="both", alpha=0.3)


def _integer_ticks(axis):
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _host():
    return platform.node() or "this machine"


def _rule_note(records):
    """``", superqueen"`` when the records are runs under another attack rule than the queen's (for titles)."""
    rules = set()
    for record in records:
        rule = (_field(record, "options") or {}).get("rule") or (_field(record, "stats") or {}).get("rule")
        if rule and rule != "queen":
            rules.add(rule)
    return f", rule {', '.join(sorted(rules))}" if rules else ""


def _runs_by_solver(records):
    """``(asked, solved, by_seed)`` of run records: per solver that was asked something (in the order of its first
    record), the number of its runs that were not ``unsupported``, the seconds of its answered runs (at least
    1e-7, for a log axis), and those seconds per seed. An error when no run answered."""
    asked: dict[Any, int] = {}
    solved: dict[Any, list] = {}
    by_seed: dict[Any, dict] = {}
    for record in records:
        asked[record["solver"]] = asked.get(record["solver"], 0) + (record["status"] != "unsupported")
        if record["status"] in ANSWERED and record.get("seconds") is not None:
            seconds = max(record["seconds"], 1e-7)
            solved.setdefault(record["solver"], []).append(seconds)
            by_seed.setdefault(record["solver"], {}).setdefault(record.get("seed"), []).append(seconds)
    if not solved:
        raise NQueensError("no solved runs to plot")
    return {solver: number for solver, number in asked.items() if number}, solved, by_seed


def _time_limit(ax, timeout, line):
    """The runs' time limit as a dashed line (``line``: ``ax.axhline`` or ``ax.axvline``), when there is one."""
    if timeout is not None:
        line(timeout, color="tab:gray", linestyle="--", linewidth=1, label=f"time limit ({timeout:g} s)")


def _solver_legend(fig, ax):
    """The legend of the solvers beside the axes, and the grid; returns ``fig``."""
    ax.legend(title="solver", loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.grid(True, which="both", alpha=0.3)
    return fig


def plot_cactus(records, path=None, *, timeout=None, title=None):
    """The cactus plot of an experiment: per solver, its solved runs sorted by time, against how many are solved.

    A point ``(k, t)`` on a solver's line says: ``k`` of its runs finished within ``t`` seconds each. The further
    right and the lower a line, the better the solver; a line ends where its solver stopped solving (timeouts,
    failures). The time limit, when there is one, is a dashed line. A solver run with several seeds
    (``compare --seeds``) is drawn per seed: its line is the median over the seeds of the ``k``-th fastest run,
    and a shaded band spans the fastest and the slowest seed.

    Parameters
    ----------
    records : iterable of dict
        Run records (``solver``, ``status``, ``seconds``), as an experiment returns them.
    path, title
        As for :func:`plot_timings`.
    timeout : float, optional
        The time limit of the runs, drawn as a line.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    NQueensError
        If no run was solved, matplotlib is missing, or the path has another extension.

    Examples
    --------
    >>> runs = [{"solver": "a", "status": "solved", "seconds": s} for s in (0.3, 0.1, 0.2)]
    >>> fig = plot_cactus(runs + [{"solver": "b", "status": "timeout", "seconds": None}], timeout=1)
    >>> fig.axes[0].get_lines()[0].get_xydata().tolist()
    [[1.0, 0.1], [2.0, 0.2], [3.0, 0.3]]
    """
    records = list(records)
    asked, solved, by_seed = _runs_by_solver(records)
    fig, ax = _figure(path)
    for index, solver in enumerate(asked):
        times = sorted(solved.get(solver, []))
        seeds = by_seed.get(solver, {})
        style = series_style(index)
        if len(seeds) < 2:
            label = f"{solver} ({len(times)} of {asked[solver]} solved)"
            ax.plot(range(1, len(times) + 1), times, label=label, **style)
            continue
        curves = [sorted(ts) for ts in seeds.values()]
        ranks = range(1, max(len(c) for c in curves) + 1)
        at = [[c[k - 1] for c in curves if len(c) >= k] for k in ranks]
        middle = [statistics.median(ts) for ts in at]
        label = f"{solver} ({len(times)} of {asked[solver]} solved, {len(seeds)} seeds: median, min..max)"
        ax.plot(list(ranks), middle, label=label, **style)
        ax.fill_between(list(ranks), [min(ts) for ts in at], [max(ts) for ts in at], alpha=0.2, color=style["color"])
    _time_limit(ax, timeout, ax.axhline)
    ax.set_yscale("log")
    ax.set_xlabel("runs solved")
    ax.set_ylabel("time of the run (seconds, log scale)")
    ax.set_title(
        title or f"Cactus plot: runs solved within a time, per solver{_rule_note(records)} — measured on {_host()}"
    )
    _integer_ticks(ax.xaxis)
    return save(_solver_legend(fig, ax), path)


def plot_ecdf(records, path=None, *, timeout=None, title=None):
    """The runtime distribution of each solver: the fraction of its runs solved within a time (an empirical
    cumulative distribution), log time axis.

    Every run counts, seeds and repeats included; a run that did not answer (timeout, error, ...) never reaches
    the top, so a curve that ends below 1 says how many runs its solver left unsolved.

    Parameters
    ----------
    records : iterable of dict
        Run records (``solver``, ``status``, ``seconds``).
    path, timeout, title
        As for :func:`plot_cactus`.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> runs = [{"solver": "a", "status": "solved", "seconds": s} for s in (0.3, 0.1, 0.2)]
    >>> fig = plot_ecdf(runs + [{"solver": "a", "status": "timeout", "seconds": None}], timeout=1)
    >>> fig.axes[0].get_lines()[0].get_xydata().tolist()
    [[0.1, 0.25], [0.2, 0.5], [0.3, 0.75]]
    """
    records = list(records)
    asked, solved, _ = _runs_by_solver(records)
    fig, ax = _figure(path)
    for index, solver in enumerate(asked):
        times = sorted(solved.get(solver, []))
        fractions = [(k + 1) / asked[solver] for k in range(len(times))]
        label = f"{solver} ({len(times)} of {asked[solver]} runs solved)"
        ax.step(times, fractions, where="post", label=label, **series_style(index))
    _time_limit(ax, timeout, ax.axvline)
    ax.set_xscale("log")
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("time of the run (seconds, log scale)")
    ax.set_ylabel("fraction of the runs solved")
    ax.set_title(title or f"Runtime distributions{_rule_note(records)} — measured on {_host()}")
    return save(_solver_legend(fig, ax), path)


def plot_scatter(records, first, second, path=None, *, timeout=None, title=None):
    """The times of two solvers on the same problems, one point per problem (medians of the repeats), log-log.

    Points under the diagonal are problems ``second`` solved faster than ``first``. A problem that one of them
    did not solve is drawn at the time limit (or at twice the longest time without one), as a hollow marker.

    Parameters
    ----------
    records : iterable of dict
        Run records (``n``, ``instance``, ``solver``, ``status``, ``seconds``).
    first, second : str
        The two solvers (columns) to set against each other.
    path, timeout, title
        As for :func:`plot_cactus`.

    Returns
    -------
    matplotlib.figure.Figure

    Raises
    ------
    NQueensError
        If the two solvers share no problem that either solved.

    Examples
    --------
    >>> runs = [{"n": n, "solver": s, "status": "solved", "seconds": t * n} for n in (8, 9) for s, t in (("a", 1), ("b", 2))]
    >>> plot_scatter(runs, "a", "b").axes[0].get_xlabel()
    'a: seconds (log scale)'
    """
    records = list(records)
    times: dict[Any, Any] = {}
    for record in records:
        if record["solver"] not in (first, second) or record["status"] == "unsupported":
            continue
        cell = times.setdefault((record.get("instance") or record["n"], record["solver"]), [])
        cell.append(record["seconds"] if record["status"] in ANSWERED else None)
    problems = [p for p in dict.fromkeys(key for key, _ in times) if (p, first) in times and (p, second) in times]
    solved = [t for p in problems for s in (first, second) for t in times[p, s] if t is not None]
    if not solved:
        raise NQueensError(f"{first} and {second} have no problem in common that either solved")
    ceiling = timeout if timeout is not None else 2 * max(solved)

    def value(problem, solver):
        done = [t for t in times[problem, solver] if t is not None]
        return (max(statistics.median(done), 1e-7), True) if done else (ceiling, False)

    fig, ax = _figure(path, width=7)
    fig.set_figheight(7)
    points = [(value(p, first), value(p, second)) for p in problems]
    both = [(x, y) for (x, a), (y, b) in points if a and b]
    some = [(x, y) for (x, a), (y, b) in points if not (a and b)]
    if both:
        ax.scatter(*zip(*both), color="tab:blue", label="both solved")
    if some:
        ax.scatter(
            *zip(*some), facecolors="none", edgecolors="tab:red", label=f"one not solved (drawn at {ceiling:g} s)"
        )
    for problem, ((x, _), (y, _)) in zip(problems, points):
        ax.annotate(
            f"n = {problem}" if isinstance(problem, int) else str(problem),
            (x, y),
            xytext=(4, 4),
            textcoords="offset points",
            fontsize="x-small",
        )
    # The same range on both axes, around the points drawn (not the time limit, unless a point stands there).
    drawn = [v for point in points for (v, _) in point]
    low, high = min(drawn) / 2, max(drawn) * 2
    ax.plot([low, high], [low, high], color="tab:gray", linestyle="--", linewidth=1, label="same time")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlim(low, high)
    ax.set_ylim(low, high)
    ax.set_aspect("equal")
    from matplotlib.ticker import NullFormatter

    for axis in (ax.xaxis, ax.yaxis):
        axis.set_minor_formatter(NullFormatter())  # a narrow range would label every minor tick, over each other
    ax.set_xlabel(f"{first}: seconds (log scale)")
    ax.set_ylabel(f"{second}: seconds (log scale)")
    ax.set_title(
        title or f"{first} against {second}, one point per problem{_rule_note(records)} — measured on {_host()}"
    )
    ax.legend(loc="upper left")
    ax.grid(True, which="both", alpha=0.3)
    return save(fig, path)


_ANYTIME_PANELS = 4


def plot_anytime(results, path=None, *, timeout=None, title=None):
    """Anytime curves of optimisation runs: the best objective found over time, one line per solver and a panel
    per board size (the largest four), with the published optimum as a dotted line. A line goes on to the end of
    its run: where an ``optimal`` run ends is where its solver proved the optimum. A solver run several times (its
    seeds, its repeats) is drawn as the median of its runs' best values at each moment, with a band from the worst
    to the best of them.

    Parameters
    ----------
    results : iterable of RunRecord or dict
        Optimisation runs (``problem``, ``n``, ``solver``, ``curve``, ``status``, ``seconds``), as
        :func:`nqueens.experiments.runner.run` makes them with ``question="optimize"``.
    path, timeout, title
        As for :func:`plot_cactus`.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> runs = [{"problem": "domination", "n": 8, "solver": "a", "status": "optimal", "curve": [(0.1, 6), (0.5, 5)]}]
    >>> plot_anytime(runs).axes[0].get_lines()[0].get_xydata().tolist()
    [[0.1, 6.0], [0.5, 6.0], [0.5, 5.0]]
    """
    from nqueens.core.optimization import KNOWN

    runs = [dict(r) if isinstance(r, dict) else r.to_dict() for r in results]
    runs = [r for r in runs if r.get("curve")]
    if not runs:
        raise NQueensError("no run found a solution: nothing to draw")
    ns = sorted({r["n"] for r in runs})[-_ANYTIME_PANELS:]  # the largest boards: where the solvers differ
    runs = [r for r in runs if r["n"] in ns]
    fig, axes = _figure(path, width=max(6, 4.5 * len(ns)), panels=len(ns))
    axes = [axes] if len(ns) == 1 else list(axes)
    problem = runs[0]["problem"]
    solvers = list(dict.fromkeys(r["solver"] for r in runs))
    for ax, n in zip(axes, ns):
        known = KNOWN.get(problem, {}).get(n)
        for solver in solvers:
            mine = [r for r in runs if r["n"] == n and r["solver"] == solver]
            if not mine:
                continue
            style = series_style(solvers.index(solver))
            ends = [max(r.get("seconds") or 0.0, r["curve"][-1][0]) for r in mine]
            times = sorted({max(t, 1e-4) for r in mine for t, _ in r["curve"]} | {max(t, 1e-4) for t in ends})
            xs: list[Any] = []
            ys: list[Any] = []
            low: list[Any] = []
            high: list[Any] = []
            for t in times:
                values = [_best_at(r["curve"], t) for r, end in zip(mine, ends) if t <= max(end, 1e-4)]
                values = [v for v in values if v is not None]
                if not values:
                    continue
                if ys:  # a step: the best value holds until the next improvement
                    xs.append(t)
                    ys.append(ys[-1])
                    low.append(low[-1])
                    high.append(high[-1])
                xs.append(t)
                ys.append(statistics.median(values))
                low.append(min(values))
                high.append(max(values))
            statuses = ", ".join(sorted({r["status"] for r in mine}))
            runs_said = f"{len(mine)} runs, " if len(mine) > 1 else ""
            ax.plot(xs, ys, label=f"{solver} ({runs_said}{statuses})", **style)
            if len(mine) > 1:
                ax.fill_between(xs, low, high, color=style.get("color"), alpha=0.15, linewidth=0)
        if known is not None:
            ax.axhline(known, color="tab:gray", linestyle=":", linewidth=1, label="published (OEIS)")
        _time_limit(ax, timeout, ax.axvline)
        ax.set_xscale("log")
        ax.set_xlabel("seconds (log scale)")
        ax.set_ylabel("best objective found")
        ax.set_title(f"n = {n}" + (f" (published: {known})" if known is not None else ""))
        _integer_ticks(ax.yaxis)
        ax.grid(True, which="both", alpha=0.3)
    axes[-1].legend(title="solver (status)", loc="upper left", bbox_to_anchor=(1.01, 1))
    fig.suptitle(title or f"Anytime curves, {problem}: the best objective over time — measured on {_host()}")
    return save(fig, path)


def _best_at(curve, t):
    """The best objective of an anytime ``curve`` at ``t`` seconds (``None`` before its first solution)."""
    best = None
    for when, value in curve:
        if max(when, 1e-4) <= t:
            best = value
    return best


def plot_profile(results, path=None, *, title=None):
    """The performance profile of optimisation runs (Dolan and Moré, 2002): for each solver, the share of the
    problems it proved optimal within a factor ``tau`` of the fastest solver's time on that problem.

    Parameters
    ----------
    results : iterable of RunRecord or dict
        Optimisation runs (``n``, ``solver``, ``status``, ``seconds``); with several runs of a solver on one
        board (seeds, repeats), their median time.
    path, title
        As for :func:`plot_cactus`.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> runs = [{"n": n, "solver": s, "status": "optimal", "seconds": t * n} for n in (4, 5) for s, t in (("a", 1), ("b", 2))]
    >>> plot_profile(runs).axes[0].get_lines()[1].get_xydata().tolist()
    [[1.0, 0.0], [2.0, 0.0], [2.0, 0.5], [2.0, 0.5], [2.0, 1.0]]

    References
    ----------
    E. D. Dolan, J. J. Moré, "Benchmarking optimization software with performance profiles", Mathematical
    Programming 91 (2002).
    """
    runs = [dict(r) if isinstance(r, dict) else r.to_dict() for r in results]
    solvers = list(dict.fromkeys(r["solver"] for r in runs))
    problems = sorted({r["n"] for r in runs})
    proved: dict[Any, list[Any]] = {}
    for r in runs:
        if r["status"] == "optimal" and r.get("seconds") is not None:
            proved.setdefault((r["solver"], r["n"]), []).append(max(r["seconds"], 1e-6))
    if not proved:
        raise NQueensError("no run proved an optimum: nothing to draw")
    times = {key: statistics.median(values) for key, values in proved.items()}
    best: dict[Any, Any] = {}
    for (_, n), t in times.items():
        best[n] = min(best.get(n, float("inf")), t)
    ratios: dict[Any, list[Any]] = {s: [] for s in solvers}
    for (solver, n), t in times.items():
        ratios[solver].append(t / best[n])
    top = max(max(v) for v in ratios.values() if v) * 1.5
    fig, ax = _figure(path)
    for index, solver in enumerate(solvers):
        taus = sorted(ratios[solver])
        xs, ys = [1.0], [0.0]
        for k, tau in enumerate(taus, start=1):
            xs += [tau, tau]
            ys += [ys[-1], k / len(problems)]
        ax.plot(xs, ys, label=solver, **series_style(index))
    ax.set_xscale("log")
    ax.set_xlim(1, max(top, 2))
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("tau: within this factor of the fastest solver's time (log scale)")
    ax.set_ylabel("share of the problems proved optimal")
    ax.set_title(title or f"Performance profile over n = {problems[0]}..{problems[-1]} — measured on {_host()}")
    ax.legend(title="solver", loc="lower right")
    ax.grid(True, which="both", alpha=0.3)
    return save(fig, path)
