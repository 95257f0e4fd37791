"""Stone & Stone 1987: the cost of the first solution of n queens, by search order, as n grows.

Stone and Stone measured how long backtracking takes to find a first solution: in lexicographic order (row by
row, columns in increasing order), in lexicographic order on the (n + 1)-board (whose first solution, when its
first queen stands in the corner, gives one of the n-board), and placing next the queen with the fewest possible
moves (fewest remaining values). The toolkit runs the same searches to their first solution:

- lexicographic: the ``mary`` row tree, plain backtracking, static order (:func:`nqueens.models.tree.first_solution`);
- fewest remaining values: the ``mary`` tree with forward checking and first-fail (ties: the lowest row; columns in
  increasing order), n <= 63 (its domains are 64-bit masks);
- the same order with another tie-break on values: OR-tools' classic CP solver, ``cp:var=first-fail:value=middle:
  propagation=value`` (forward checking, the column nearest the middle first), any n; its measure is branches.

Usage::

    python examples/papers/stone_stone.py --quick      # lexicographic n = 4..27, fewest values n = 4..60
    python examples/papers/stone_stone.py --full       # lexicographic n = 4..33, fewest values n = 4..96 (~15 min)
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _papers import Ledger, command_line, published  # noqa: E402

__all__ = ["PAPER", "SETTINGS", "CP_COLUMN", "reproduce", "main"]

PAPER = "stone_stone"
SETTINGS = {
    "quick": {"lex": range(4, 28), "frv": range(4, 61), "cp": range(10, 61, 10)},
    "full": {"lex": range(4, 34), "frv": range(4, 64), "cp": range(4, 97)},
}
CP_COLUMN = "cp:var=first-fail:value=middle:propagation=value"
FULL_SECONDS = 900


def reproduce(mode="quick", store=None):
    """The table of first-solution costs, the abstract's three statements checked, and the figure."""
    from nqueens.models import mary, tree

    pub = published(PAPER)
    claims = pub["abstract"]
    settings = SETTINGS[mode]

    def first(n, propagation, order):
        q, a = tree.first_solution(mary.FORMULATION, n, propagation=propagation, order=order)
        return {"nodes": a.nodes, "first_column": None if q is None else q[0]}

    lex, frv, cp = {}, {}, {}
    with Ledger(PAPER, store if mode == "full" else None) as ledger:
        for n in settings["lex"]:
            lex[n] = ledger.cell("first", {"n": n, "order": "lexicographic"}, lambda n=n: first(n, "none", "static"))
        for n in settings["frv"]:
            frv[n] = ledger.cell(
                "first", {"n": n, "order": "fewest-values"}, lambda n=n: first(n, "forward-checking", "first-fail")
            )
        for n in settings["cp"]:
            cp[n] = ledger.cell("first", {"n": n, "column": CP_COLUMN}, lambda n=n: _cp_first(n))

    ns = sorted(set(lex) | set(frv) | set(cp))
    rows = []
    for n in ns:
        plus = lex.get(n + 1)
        trick = None
        if n % 2 == 0 and n in lex and plus is not None and plus["first_column"] == 0:
            trick = lex[n]["nodes"] / plus["nodes"]
        rows.append(
            [
                n,
                lex[n]["nodes"] if n in lex else None,
                plus["nodes"] if plus and n % 2 == 0 and plus["first_column"] == 0 else None,
                trick,
                frv[n]["nodes"] if n in frv else None,
                cp[n]["branches"] if n in cp else None,
            ]
        )
    # The abstract's statements, checked on our numbers.
    lex_ns = sorted(lex)
    slope = _slope(lex_ns, [math.log(lex[n]["nodes"]) for n in lex_ns])
    low, high = claims["n_plus_one_factor"]
    factors = [r[3] for r in rows if r[3] is not None and r[0] < claims["n_plus_one_below"]]
    inside = sum(low <= f <= high for f in factors)
    worst = max(frv.values(), key=lambda v: v["nodes"])
    worst_n = max(frv, key=lambda n: frv[n]["nodes"])
    most_cp = max(cp.values(), key=lambda v: v["branches"])["branches"] if cp else None
    checks = [
        [
            "lexicographic: exponential growth",
            claims["claims"]["lexicographic"],
            f"log(nodes) grows {slope:.3f} per n ({math.exp(slope):.2f}x per n, least squares over n = "
            f"{lex_ns[0]}..{lex_ns[-1]})",
        ],
        [
            "the (n + 1)-board, even n",
            claims["claims"]["n_plus_one"],
            f"{inside} of {len(factors)} even n < {claims['n_plus_one_below']} gain a factor in "
            f"{low}..{high} (nodes of n / nodes of n + 1); the others: "
            + (
                ", ".join(f"{r[0]}: {r[3]:.2g}" for r in rows if r[3] is not None and not low <= r[3] <= high) or "none"
            ),
        ],
        [
            "fewest remaining values",
            claims["claims"]["fewest_moves"],
            f"at most {worst['nodes']:,} nodes (n = {worst_n}) for n = {min(frv)}..{max(frv)}"
            + (f"; cp at most {most_cp:,} branches for n = {min(cp)}..{max(cp)}" if cp else ""),
        ],
    ]
    return ledger.reproduction(
        mode,
        title="Stone & Stone 1987: the first solution by search order",
        tables=[
            (
                "Cost of the first solution (nodes stood on, root included; cp: branches)",
                [
                    "n",
                    "lexicographic",
                    "lexicographic on n + 1",
                    "gain",
                    "fewest values (FC)",
                    "cp, fewest values, middle",
                ],
                rows,
            ),
            ("The abstract's statements and the toolkit's numbers", ["statement", "published", "toolkit"], checks),
        ],  # fmt: skip
        notes=[
            "A node is a partial placement the search stands on (the root counts 1), so a search that never "
            "backtracks costs n + 1. 'gain' is nodes of n over nodes of n + 1 where the first solution of the "
            "(n + 1)-board has its first queen in column 0 (then the other n queens solve the n-board); Stone "
            "and Stone measured time, we count nodes.",
            f"Published: {claims['source']}",
            f"Not available here: {pub['not_available']['tables']}",
        ],
        draw=lambda plt: _draw(plt, lex, frv, cp),
    )


def main(argv=None):
    return command_line(__doc__, reproduce, full_seconds=FULL_SECONDS, paper=PAPER, argv=argv)


def _cp_first(n):
    from nqueens import experiments

    run = experiments.run(
        experiments.problems_from_range(f"{n}..{n}"),
        experiments.parse_solvers(CP_COLUMN),
        question="first",
        store="none",
    )
    record = run.records[0]
    if record.status != "sat":
        raise RuntimeError(f"cp found no first solution of n = {n}: {record.status} {record.message}")
    return {"branches": int(record.stats["branches"]), "failures": int(record.stats["failures"])}


def _slope(xs, ys):
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def _draw(plt, lex, frv, cp):
    fig, ax = plt.subplots(figsize=(8, 4.5))
    ax.plot(sorted(lex), [lex[n]["nodes"] for n in sorted(lex)], "o-", ms=3, label="lexicographic (nodes)")
    ax.plot(sorted(frv), [frv[n]["nodes"] for n in sorted(frv)], "s-", ms=3, label="fewest values, FC (nodes)")
    if cp:
        ax.plot(
            sorted(cp),
            [cp[n]["branches"] + 1 for n in sorted(cp)],
            "^-",
            ms=3,
            label="cp fewest values, middle (branches + 1)",
        )
    top = max(max(frv), max(cp) if cp else 0)
    ax.plot([4, top], [5, top + 1], ":", color="gray", label="n + 1: no backtracking")
    ax.set_yscale("log")
    ax.set_xlabel("n")
    ax.set_ylabel("cost of the first solution")
    ax.legend(fontsize=8)
    return fig


if __name__ == "__main__":
    raise SystemExit(main())
