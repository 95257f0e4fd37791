"""Knuth's backtrack tree of the 8-queens problem (TAOCP 7.2.2): 2057 nodes, level by level.

Knuth gives the number of nodes on each level of the backtrack tree of 8 queens: the root, then the partial
placements of 1..8 non-attacking queens, 2057 in all. This script puts beside it the profile every registered
solver that counts nodes measures (the cell tree at its row boundaries), and Knuth's own random-probe estimate
of each level (Knuth 1975). Writes ``knuth_profile.md`` and ``knuth_profile.png``.

Usage::

    python scripts/knuth_profile.py OUT [--probes 10000] [--seed 1]
"""

import platform

from _common import markdown_table, parser, published, report_header, run
from nqueens.analysis.estimate import estimate
from nqueens.analysis.plots import plot_profiles

import nqueens
from nqueens.core.board import check_n

N = 8


def main(argv=None):
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--probes", type=int, default=10000, help="random probes of the estimate (default 10000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the probes (default 1)")
    args = p.parse_args(argv)
    probes = check_n(args.probes, what="--probes")
    knuth = list(published().KNUTH_PROFILE_8)

    measured = {}
    for spec in nqueens.solvers():
        if "nodes" not in spec.can:
            continue
        profile = nqueens.count(N, spec.name, nodes=True).profile
        if len(profile) == N * N + 1:  # a tree over cells: its row boundaries are the row tree's levels
            profile = profile[::N]
        if len(profile) == N + 1:
            measured[spec.name] = list(profile)
    guess = estimate(N, "permutation", probes=probes, seed=args.seed)

    columns = ["depth", "Knuth (TAOCP 7.2.2)"] + list(measured) + [f"estimate ({probes} probes)"]
    rows = [[k, knuth[k]] + [measured[s][k] for s in measured] + [guess.profile[k]] for k in range(N + 1)]
    rows.append(["total", sum(knuth)] + [sum(measured[s]) for s in measured] + [guess.estimate])
    agree = [s for s in measured if measured[s] == knuth]
    differ = [s for s in measured if measured[s] != knuth]

    args.out.mkdir(parents=True, exist_ok=True)
    report = args.out / "knuth_profile.md"
    figure = args.out / "knuth_profile.png"
    report.write_text(
        report_header("The backtrack tree of 8 queens (Knuth, TAOCP 7.2.2)", "knuth_profile.py", argv)
        + "Nodes per level: level k holds the placements of queens in rows 1..k that no two attack; the root is "
        "level 0. The last column is Knuth's random-probe estimate (seed "
        f"{args.seed}): {guess.estimate:.1f} nodes, standard error {guess.stderr:.1f}.\n\n"
        + markdown_table(columns, rows)
        + f"\nSolvers whose profile is Knuth's: {', '.join(agree) or 'none'}."
        + (
            f" Solvers that search another tree (a first row halved by symmetry, generate-and-test, another "
            f"branching order): {', '.join(differ)}."
            if differ
            else ""
        )
        + "\n"
    )
    series = {"Knuth, TAOCP 7.2.2": {"feasible": knuth}}
    for name in (agree or list(measured))[:1]:
        series[f"measured by {name}"] = {"feasible": measured[name]}
    series[f"Knuth's estimate, {probes} probes"] = {"feasible": list(guess.profile)}
    plot_profiles(N, series, figure, title=f"The backtrack tree of 8 queens, per level — computed on {platform.node()}")
    print(f"wrote {report}\nwrote {figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run(main))
