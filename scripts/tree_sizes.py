"""Seed 003's comparison: the same problem on three state-space trees, n = 4..12.

For every n: the size of each full tree (closed forms: the permutation tree, the full m-ary tree, the binary
tree over the cells), and what a backtracking search of each actually generates and stands on (measured by the
registered formulations ``permutation``, ``mary`` and ``subset``). Then, for one n, the same per depth. Writes
``tree_sizes.md``, ``tree_sizes.png`` (sizes against n) and ``profile_N.png`` (nodes per depth).

Usage::

    python scripts/tree_sizes.py OUT [--from 4] [--to 12] [--profile-n 8]
"""

from _common import parser, report_header, run
from nqueens.analysis.plots import plot_profiles, plot_tree_sizes
from nqueens.analysis.trees import MODELS, format_profile_table, profile_table, tree_size

import nqueens
from nqueens.core.board import check_n
from nqueens.core.errors import NQueensError
from nqueens.core.table import figures


def main(argv=None):
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--from", dest="first", type=int, default=4, help="the smallest n (default 4)")
    p.add_argument("--to", dest="last", type=int, default=12, help="the largest n (default 12)")
    p.add_argument("--profile-n", type=int, default=8, help="the n whose per-depth profile is drawn (default 8)")
    args = p.parse_args(argv)
    first, last = check_n(args.first, what="--from"), check_n(args.last, what="--to")
    if last < first:
        raise NQueensError(f"--to must be >= --from, got {first}..{last}")
    profile_n = check_n(args.profile_n, what="--profile-n")
    models = [m for m in MODELS if m in nqueens.registry.REGISTRY]
    if not models:
        raise NQueensError(f"none of the formulations {', '.join(MODELS)} is registered")

    measured = {}  # (model, n) -> count record with nodes and stats["generated"]
    for n in range(first, last + 1):
        for model in models:
            measured[model, n] = nqueens.count(n, model, nodes=True)

    columns = ["n"] + [f"{m} tree" for m in MODELS] + [f"{m} generated" for m in models]
    columns += [f"{m} nodes" for m in models] + ["solutions", "m-ary / permutation generated"]
    rows = []
    for n in range(first, last + 1):
        generated = {m: measured[m, n].stats.get("generated") for m in models}
        ratio = generated["mary"] / generated["permutation"] if {"mary", "permutation"} <= set(models) else None
        rows.append(
            [n]
            + [tree_size(n, m) for m in MODELS]
            + [generated[m] for m in models]
            + [measured[m, n].nodes for m in models]
            + [measured[models[0], n].total, ratio]
        )

    profiles = {}
    for model in models:
        accounting = getattr(nqueens.get_solver(model).load(), "accounting", None)
        if accounting is not None:
            a = accounting(profile_n)
            profiles[model] = {"generated": list(a.generated), "feasible": list(a.feasible)}
        else:
            profiles[model] = {"feasible": list(nqueens.count(profile_n, model, nodes=True).profile)}

    args.out.mkdir(parents=True, exist_ok=True)
    report = args.out / "tree_sizes.md"
    sizes_figure = args.out / "tree_sizes.png"
    profile_figure = args.out / f"profile_{profile_n}.png"
    row_profiles = {m: p for m, p in profiles.items() if m != "subset"}
    report.write_text(
        report_header("Same problem, different state-space trees (seed 003)", "tree_sizes.py", argv)
        + "*tree*: nodes of the full tree the explicit constraints define (closed form, root included); "
        "*generated*: candidates a backtracking search created and tested; *nodes*: the feasible ones it stood "
        "on (docs/design.md's node accounting). The permutation and m-ary trees stand on the same nodes; the cell "
        "tree decides one square at a time, so it has n * n levels.\n\n"
        + figures(columns, rows)
        + f"\n## Per depth, n = {profile_n} (rows; the cell tree's levels are in the figure)\n\n"
        + format_profile_table(profile_table(profile_n, row_profiles))
    )
    plot_tree_sizes(
        [
            {
                "model": m,
                "n": n,
                "tree_size": tree_size(n, m),
                "measured": measured[m, n].nodes,
                "generated": measured[m, n].stats.get("generated"),
            }
            for m in models
            for n in range(first, last + 1)
        ],
        sizes_figure,
    )
    plot_profiles(profile_n, profiles, profile_figure)
    print(f"wrote {report}\nwrote {sizes_figure}\nwrote {profile_figure}")
    return 0


if __name__ == "__main__":
    raise SystemExit(run(main))
