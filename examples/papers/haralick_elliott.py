"""Haralick & Elliott 1980: backtracking, forward checking and look-ahead on n-queens, static and fail-first.

Haralick and Elliott compared tree-search methods on the n-queens problem by the nodes of the search tree and the
consistency checks they make. The toolkit's row tree (``mary``: one variable per row, a value per column) runs
each method to the end (every solution), in the static order and in their fail-first order (the row with the
fewest values left): backtracking (BT), forward checking (FC) and maintained arc consistency (MAC, the toolkit's
look-ahead, stronger than their one-pass "full looking ahead"). What a node and a check are is in
:mod:`nqueens.models.rows`.

Usage::

    python examples/papers/haralick_elliott.py --quick     # n = 4..10
    python examples/papers/haralick_elliott.py --full      # n = 4..13 (a few minutes)
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _papers import NOT_AVAILABLE, Ledger, command_line, published  # noqa: E402

__all__ = ["PAPER", "SETTINGS", "METHODS", "reproduce", "main"]

PAPER = "haralick_elliott"
SETTINGS = {"quick": {"ns": range(4, 11)}, "full": {"ns": range(4, 14)}}
# (label, propagation, order), in the paper's order: backtracking, forward checking, look-ahead
METHODS = (
    ("BT", "none", "static"),
    ("BT-FF", "none", "first-fail"),
    ("FC", "forward-checking", "static"),
    ("FC-FF", "forward-checking", "first-fail"),
    ("MAC", "arc-consistency", "static"),
    ("MAC-FF", "arc-consistency", "first-fail"),
)
FULL_SECONDS = 300


def reproduce(mode="quick", store=None):
    """The nodes and checks tables and the figure; ``store`` keeps the cells of a full run."""
    from nqueens.models import mary

    from nqueens.core.published import TOTAL

    pub = published(PAPER)
    knuth = {int(n): sum(row) for n, row in published("knuth")["profiles"]["rows"].items()}
    ns = SETTINGS[mode]["ns"]
    found = {}
    with Ledger(PAPER, store if mode == "full" else None) as ledger:
        for n in ns:
            for label, propagation, order in METHODS:

                def walk(n=n, propagation=propagation, order=order):
                    a = mary.accounting(n, propagation=propagation, order=order)
                    return {"nodes": a.nodes, "checks": a.consistency_checks, "solutions": a.solutions}

                found[n, label] = ledger.cell(
                    "all-solutions", {"n": n, "propagation": propagation, "order": order}, walk
                )

    labels = [m[0] for m in METHODS]
    nodes_rows, checks_rows = [], []
    for n in ns:
        cells = [found[n, label] for label in labels]
        nodes_rows.append(
            [n, knuth.get(n, NOT_AVAILABLE)]
            + [c["nodes"] for c in cells]
            + [TOTAL[n], all(c["solutions"] == TOTAL[n] for c in cells)]
        )
        bt = cells[0]["checks"]
        checks_rows.append([n] + [c["checks"] for c in cells] + [cells[2]["checks"] / bt, cells[4]["checks"] / bt])
    aima = pub["aima_figure_5_5"]
    return ledger.reproduction(
        mode,
        title="Haralick & Elliott 1980: backtracking, forward checking, look-ahead",
        tables=[
            (
                "Nodes, every solution (published BT: Knuth's tree, OEIS A319284)",
                ["n", "published BT"] + labels + ["A000170", "all find A000170"],
                nodes_rows,
            ),
            (
                "Consistency checks, every solution",
                ["n"] + labels + ["FC / BT", "MAC / BT"],
                checks_rows,
            ),
        ],
        notes=[
            "BT: backtracking; FC: forward checking; MAC: maintained arc consistency (the look-ahead); -FF: fail "
            "first (the row with the fewest values left, the lowest on ties), else rows in order. Nodes: the "
            "nodes the search stands on, root included; a check: one test of two queen placements.",
            f"Not available here (Haralick & Elliott's tables): {pub['not_available']['tables']}",
            "A later published comparison in the same measure, on its own set of n-queens problems (the book "
            f"defines it; not a cell of this table): {aima['source']} BT {aima['row']['BT']}, BT+MRV "
            f"{aima['row']['BT+MRV']}, FC {aima['row']['FC']}, FC+MRV {aima['row']['FC+MRV']}, min-conflicts "
            f"{aima['row']['min-conflicts']}. There as here, forward checking with fail first (MRV) needs far "
            "fewer checks than backtracking.",
        ],
        draw=lambda plt: _draw(plt, ns, found, labels),
    )


def main(argv=None):
    return command_line(__doc__, reproduce, full_seconds=FULL_SECONDS, paper=PAPER, argv=argv)


def _draw(plt, ns, found, labels):
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for label in labels:
        style = "--" if label.endswith("FF") else "-"
        left.plot(ns, [found[n, label]["nodes"] for n in ns], style, marker="o", ms=3, label=label)
        right.plot(ns, [found[n, label]["checks"] for n in ns], style, marker="o", ms=3, label=label)
    for ax, what in ((left, "nodes"), (right, "consistency checks")):
        ax.set_yscale("log")
        ax.set_xlabel("n")
        ax.set_ylabel(what)
        ax.set_title(f"{what.capitalize()}, every solution")
    left.legend(fontsize=8)
    return fig


if __name__ == "__main__":
    raise SystemExit(main())
