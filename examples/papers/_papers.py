"""What the Classic results reproductions share: the two modes, the published values, the store, tables, figures.

Each reproduction (``knuth.py``, ``haralick_elliott.py``, ...) defines ``reproduce(mode, store=None)``, which
returns a :class:`Reproduction` (its table, its notes and what its figure draws), and ``main(argv)``, the command
line built by :func:`command_line`:

``--quick``
    the table's smaller cases, under a minute; nothing is stored. The docs build and the tests run it.
``--full``
    the whole table. Every cell is one run in the result store (``--store``, else ``$NQUEENS_STORE``, else the
    user's cache), written as it finishes: an interrupted reproduction started again takes the cells already
    there and computes only the rest. Its figure and a JSON file naming the machine, the versions and the store
    are written beside the store, in ``papers/``.

Without either, a reproduction whose full table takes under ten minutes here runs it; a longer one says how long
it would take and asks for ``--full`` (or ``--quick``). Bad arguments are one ``error: ...`` line and exit
status 2; Ctrl-C prints ``interrupted`` and exits 130, the finished cells kept in the store.
"""

import argparse
import datetime
import hashlib
import json
import platform
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "MODES",
    "LONG",
    "PUBLISHED",
    "NOT_AVAILABLE",
    "published",
    "Reproduction",
    "Ledger",
    "command_line",
    "duration",
]

MODES = ("quick", "full")
# A full reproduction longer than this (seconds, here) runs only when asked for with --full.
LONG = 600
PUBLISHED = Path(__file__).with_name("published.json")
NOT_AVAILABLE = "not available here"


def published(paper):
    """The published values of ``paper`` (a key of ``published.json``), with their sources."""
    with PUBLISHED.open() as f:
        return json.load(f)[paper]


@dataclass
class Reproduction:
    """One reproduction's answer: a table of the toolkit's figures beside the published ones, notes, a figure.

    In a notebook it shows as its Markdown table; :meth:`figure` draws the figure (matplotlib).
    """

    paper: str
    mode: str
    title: str
    tables: list  # [(heading, columns, rows)]
    notes: list = field(default_factory=list)
    draw: object = None  # draw(ax_or_fig) -> None
    cells: int = 0
    reused: int = 0
    seconds: float = 0.0

    def markdown(self):
        """The tables and notes as Markdown (headings one level below the page's)."""
        from nqueens.core.table import figures

        parts = []
        for heading, columns, rows in self.tables:
            if heading:
                parts.append(f"**{heading}**\n")
            parts.append(figures(columns, rows))
        parts += [f"{note}\n" for note in self.notes]
        return "\n".join(parts)

    def _repr_markdown_(self):
        return self.markdown()

    def table(self, heading=None):
        """``(columns, rows)`` of the table called ``heading`` (the first when ``None``)."""
        for name, columns, rows in self.tables:
            if heading is None or name == heading:
                return columns, rows
        raise KeyError(heading)

    def figure(self, title=None):
        """Draw the figure; returns the matplotlib figure."""
        import matplotlib

        if "matplotlib.pyplot" not in sys.modules and not _interactive():
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig = self.draw(plt)
        fig.suptitle(title or f"{self.title} — {self.mode} run on {platform.node() or 'this machine'}", fontsize=10)
        fig.tight_layout()
        return fig


class Ledger:
    """The cells of a reproduction: each computed once and, in a full run, kept in the result store.

    A cell is named by the paper, its kind and its parameters (and the toolkit's version): the same cell asked
    for again is taken from the store (``reused``) instead of computed. Each cell is written in its own
    transaction as it finishes, with the machine and the libraries' versions, as an experiment run
    (:class:`nqueens.core.record.RunRecord`, solver ``papers/<paper>:<kind>``), so ``nqueens runs`` lists it.
    A ``with`` block closes the store at its end; :meth:`reproduction` is the answer made of the cells.
    """

    def __init__(self, paper, store=None):
        self.paper = paper
        self.cells = 0
        self.reused = 0
        self.started = time.perf_counter()
        self.store = None
        if store is not None:
            from nqueens.runtime.store import ResultStore

            self.store = ResultStore(store)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    @property
    def path(self):
        return None if self.store is None else Path(self.store.path)

    def cell(self, kind, params, compute):
        """The value of the cell ``(kind, params)``: from the store if it is there, else ``compute()`` (JSON-able)."""
        import nqueens

        self.cells += 1
        identity = {"paper": self.paper, "kind": kind, "params": params, "version": nqueens.__version__}
        key = "papers:" + hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()
        if self.store is not None:
            earlier = self.store.experiment_runs_by_key([key]).get(key)
            if earlier is not None:
                self.reused += 1
                return earlier["stats"]["value"]
        start = time.perf_counter()
        value = compute()
        seconds = time.perf_counter() - start
        if self.store is not None:
            self.store.record_experiment_run(key, _record(self.paper, kind, params, value, seconds))
        return value

    def close(self):
        if self.store is not None:
            self.store.close()

    def reproduction(self, mode, *, title, tables, notes, draw):
        """The :class:`Reproduction` of these cells in ``mode``, its seconds counted from the ledger's start."""
        seconds = time.perf_counter() - self.started
        return Reproduction(self.paper, mode, title, tables, notes, draw, self.cells, self.reused, seconds)


def command_line(module_doc, reproduce, *, full_seconds, paper, argv=None):
    """Parse ``argv``, run ``reproduce`` in the mode asked for, print the table, save the figure: an exit status."""
    p = _Parser(description=module_doc.strip().splitlines()[0])
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="the smaller cases, under a minute, nothing stored")
    mode.add_argument(
        "--full",
        action="store_true",
        help=f"the whole table (about {duration(full_seconds)} here), stored cell by cell so it resumes",
    )
    p.add_argument("--store", help="the result store of a full run (default: $NQUEENS_STORE, else the user's cache)")
    p.add_argument("--out", type=Path, default=Path("."), help="where a quick run writes its figure (default: .)")
    try:
        args = p.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.quick and args.store:
        return _error("--store keeps the cells of a full run; a quick run stores nothing (drop --store)")
    if not args.quick and not args.full:
        if full_seconds > LONG:
            return _error(
                f"the full reproduction takes about {duration(full_seconds)} here; run it with --full "
                "(it is stored cell by cell and resumes if interrupted), or --quick for the quick table (under a "
                "minute)"
            )
        args.full = True
    chosen = "quick" if args.quick else "full"
    try:
        import nqueens  # noqa: F401
    except ImportError:
        return _error(
            f"the toolkit is not installed in this Python ({sys.executable}): run the script with the project's "
            "environment, .venv/bin/python (make setup makes it), or pip install -e '.[plot]' here"
        )
    try:
        import matplotlib  # noqa: F401  (the figure; checked before the computation, not after)
    except ImportError:
        return _error("the reproductions draw figures: pip install 'nqueens[plot]'")
    if chosen == "quick":
        unwritable = _unwritable(args.out)
        if unwritable:
            return _error(f"--out {args.out}: {unwritable}; give a folder the figure can be written to")
    from nqueens.core.errors import NQueensError

    store = None
    if chosen == "full":
        from nqueens.runtime.store import resolve_path

        try:
            store = resolve_path(args.store)
        except NQueensError as exc:
            return _error(str(exc))
    try:
        result = reproduce(chosen, store=store)
        print(f"# {result.title} ({chosen})\n")
        print(result.markdown())
        written = _save(result, chosen, store, args.out, paper, argv)
    except NQueensError as exc:
        return _error(str(exc))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    if chosen == "full":
        print(f"{result.cells} cells, {result.reused} taken from the store {store}")
    for path in written:
        print(f"wrote {path}")
    return 0


def duration(seconds):
    """``seconds`` in words: ``'40 s'``, ``'12 min'``, ``'2.5 h'``.

    Examples
    --------
    >>> duration(40), duration(720), duration(9000)
    ('40 s', '12 min', '2.5 h')
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class _Parser(argparse.ArgumentParser):
    """argparse with the command line's one-line errors (``error: ...``, exit status 2, no usage block)."""

    def error(self, message):
        self.exit(2, f"error: {message}\n")


def _error(message):
    print(f"error: {message}", file=sys.stderr)
    return 2


def _interactive():
    return "ipykernel" in sys.modules


def _record(paper, kind, params, value, seconds):
    import socket

    import nqueens
    from nqueens.core.record import RunRecord
    from nqueens.registry import REGISTRY
    from nqueens.runtime.environment import machine, versions

    record = RunRecord(
        n=int(params.get("n", 0)),
        solver=f"papers/{paper}:{kind}",
        status="solved",
        options=dict(params),
        total=value.get("solutions") if isinstance(value, dict) else None,
        stats={"value": value},
        seconds=seconds,
        version=nqueens.__version__,
        versions=versions(REGISTRY.values()),
        host=socket.gethostname(),
        machine=dict(machine()),
        finished=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    ).to_dict()
    for derived in ("reused", "id", "result", "par2", "par2_penalised"):
        record.pop(derived, None)
    return record


def _unwritable(out):
    """Why the folder ``out`` cannot take the figure, or ``None`` (checked before the computation)."""
    import tempfile

    if out.exists() and not out.is_dir():
        return "it is not a folder"
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".figure-check."):
            pass
    except OSError as exc:
        return f"it cannot be written ({exc.strerror or exc})"
    return None


def _save(result, mode, store, out, paper, argv):
    """Write the figure: a quick run's into ``out``; a full run's beside its store, with the machine and versions."""
    import nqueens
    from nqueens.registry import REGISTRY
    from nqueens.runtime.environment import machine, versions

    if mode == "quick":
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{paper}.png"
        result.figure().savefig(path, dpi=110)
        return [path]
    folder = Path(store).parent / "papers"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    host = platform.node() or "this machine"
    figure = folder / f"{paper}-{stamp}.png"
    about = folder / f"{paper}-{stamp}.json"
    result.figure(f"{result.title} — full run on {host}, nqueens {nqueens.__version__}, {stamp}").savefig(
        figure, dpi=110
    )
    about.write_text(
        json.dumps(
            {
                "paper": paper,
                "figure": figure.name,
                "command": " ".join(["python", f"examples/papers/{paper}.py"] + list(argv or sys.argv[1:])),
                "store": str(store),
                "cells": result.cells,
                "reused": result.reused,
                "seconds": result.seconds,
                "host": host,
                "machine": machine(),
                "versions": versions(REGISTRY.values()),
                "finished": stamp,
                "table": result.markdown(),
            },
            indent=1,
        )
        + "\n"
    )
    return [figure, about]
