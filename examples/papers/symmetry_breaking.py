"""Symmetry broken during the search: lex-leader, SBDS, SBDD and half the first row on the same tree.

Crawford et al. (lex-leader constraints, 1996), Gent & Smith (SBDS, 2000) and Fahle, Schamberger & Sellmann (SBDD,
2001) break the symmetries of a problem in different places: in the model, in the branching, or against the nodes
already explored; Lee & Zhu (2014) measure partial and full ways on n-queens. The toolkit runs each way
(:mod:`nqueens.models.symmetry`) on one tree, the permutation tree with forward checking, to the end (every
solution), and counts what each keeps of the tree (the nodes it stands on, root included), what it pays in symmetry
checks, and its time. Every full way must find OEIS A002562's fundamental solutions, and the orbits of what it finds
must add up to A000170.

Usage::

    python examples/papers/symmetry_breaking.py --quick     # n = 6..10
    python examples/papers/symmetry_breaking.py --full      # n = 6..14 (under a minute)
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _papers import Ledger, command_line, published  # noqa: E402

__all__ = ["PAPER", "SETTINGS", "WAYS", "reproduce", "main"]

PAPER = "symmetry_breaking"
SETTINGS = {"quick": {"ns": range(6, 11)}, "full": {"ns": range(6, 15)}}
# the ways, in the order of the page: nothing broken, the partial way, then the full ones
WAYS = ("none", "half", "lex", "sbds", "sbdd")
PROPAGATION = "forward-checking"
FULL_SECONDS = 60


def reproduce(mode="quick", store=None):
    """The nodes, fractions and cost tables and the figure; ``store`` keeps the cells of a full run."""
    from nqueens.models import permutation

    from nqueens.core.published import TOTAL, UNIQUE

    pub = published(PAPER)
    ns = SETTINGS[mode]["ns"]
    found = {}
    with Ledger(PAPER, store if mode == "full" else None) as ledger:
        for way in WAYS:  # each way's kernels loaded before any is timed
            permutation.count(4, propagation=PROPAGATION, symmetry=way)
        for n in ns:
            for way in WAYS:

                def walk(n=n, way=way):
                    began = time.perf_counter()
                    r = permutation.count(n, nodes=True, propagation=PROPAGATION, symmetry=way)
                    return {
                        "nodes": r.nodes,
                        "generated": r.stats["generated"],
                        "symmetry_checks": r.stats.get("symmetry_checks", 0),
                        "found": r.stats.get("found", r.total),
                        "unique": r.unique,
                        "solutions": r.total,
                        "seconds": time.perf_counter() - began,
                    }

                found[n, way] = ledger.cell(
                    "all-solutions", {"n": n, "propagation": PROPAGATION, "symmetry": way}, walk
                )

    full = WAYS[2:]
    nodes_rows, kept_rows, cost_rows = [], [], []
    for n in ns:
        cells = {way: found[n, way] for way in WAYS}
        base = cells["none"]["nodes"]
        nodes_rows.append(
            [n]
            + [cells[way]["nodes"] for way in WAYS]
            + [UNIQUE[n], all(cells[way]["unique"] == UNIQUE[n] for way in full)]
            + [all(cells[way]["solutions"] == TOTAL[n] for way in WAYS)]
        )
        kept_rows.append(
            [n] + [cells[way]["nodes"] / base for way in WAYS[1:]] + [UNIQUE[n] / TOTAL[n] if TOTAL[n] else 0]
        )
        cost_rows.append(
            [n] + [cells[way]["symmetry_checks"] for way in full] + [cells[way]["seconds"] for way in WAYS]
        )
    return ledger.reproduction(
        mode,
        title="Symmetry broken during the search: none, half, lex-leader, SBDS, SBDD",
        tables=[
            (
                "Nodes, every solution, permutation tree with forward checking (A002562: the fundamental solutions "
                "each full way must find; A000170: the total each way must give)",
                ["n", *WAYS, "A002562", "full ways find A002562", "totals are A000170"],
                nodes_rows,
            ),
            (
                "Fraction of none's nodes each way keeps, beside the fraction of the solutions a full way keeps",
                ["n", *WAYS[1:], "A002562 / A000170"],
                kept_rows,
            ),
            (
                "What each way pays: symmetry checks, and seconds per way",
                ["n", *(f"{way} checks" for way in full), *(f"{way} s" for way in WAYS)],
                cost_rows,
            ),
        ],
        notes=[
            "none: nothing broken; half: the first row's queen on its left half, the middle column included (each "
            "solution found stands for its mirror image too: the exact total, no unique count); lex: the partial "
            "placement checked against each of its 7 images, row by row as far as both are known; sbds: the images "
            "of a finished decision refused in the subtrees of its later siblings, and removed from the domains "
            "when their condition stands (Gent & Smith); sbdd: a node pruned when the image of a finished subtree's "
            "root is part of it (Fahle, Schamberger & Sellmann). Nodes: the nodes the search stands on, root "
            "included; a symmetry check: one lookup of one image (nqueens.models.symmetry).",
            f"Not available here: {pub['not_available']['lee_zhu']}",
            f"Not available here: {pub['not_available']['gent_smith']}",
        ],
        draw=lambda plt: _draw(plt, ns, found),
    )


def main(argv=None):
    return command_line(__doc__, reproduce, full_seconds=FULL_SECONDS, paper=PAPER, argv=argv)


def _draw(plt, ns, found):
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for way in WAYS:
        left.plot(ns, [found[n, way]["nodes"] for n in ns], marker="o", ms=3, label=way)
        right.plot(ns, [max(found[n, way]["seconds"], 1e-6) for n in ns], marker="o", ms=3, label=way)
    for ax, what in ((left, "nodes"), (right, "seconds")):
        ax.set_yscale("log")
        ax.set_xlabel("n")
        ax.set_ylabel(what)
        ax.set_title(f"{what.capitalize()}, every solution (permutation tree, forward checking)")
    left.legend(fontsize=8)
    return fig


if __name__ == "__main__":
    raise SystemExit(main())
