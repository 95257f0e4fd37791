"""Knuth, TAOCP 7.2.2: the profiles of the n-queens backtrack tree, and his 1975 estimator against them.

Knuth's backtrack tree of n queens has a node for every placement of queens in rows 1..k that no two attack,
k = 0..n; its profile is the number of nodes on each level (OEIS A319284: 2,057 nodes for n = 8; A319236:
1,141,190,303 for n = 16). The first table puts the toolkit's profiles (the ``bitwise`` search of seed 000 and
the ``mary`` row tree, each counting the nodes it stands on) beside the published rows. The second runs Knuth's
random-probe estimator (Knuth 1975; :func:`nqueens.analysis.estimate.estimate`) with k probes, over many seeds,
and shows how its estimates spread around the exact size as k grows.

Usage::

    python examples/papers/knuth.py --quick        # n = 1..12; estimates of n = 8, 12, 16 over 20 seeds
    python examples/papers/knuth.py --full         # n = 1..16; 200 seeds, up to 100,000 probes (about 15 min)
"""

import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _papers import NOT_AVAILABLE, Ledger, command_line, published  # noqa: E402

__all__ = ["PAPER", "SETTINGS", "reproduce", "main"]

PAPER = "knuth"
SETTINGS = {
    "quick": {"ns": range(1, 13), "mary_up_to": 12, "estimate_ns": (8, 12, 16), "probes": (2, 10, 100, 1000, 10000),
              "seeds": 20},
    "full": {"ns": range(1, 17), "mary_up_to": 14, "estimate_ns": (8, 12, 16),
             "probes": (2, 10, 100, 1000, 10000, 100000), "seeds": 200},
}  # fmt: skip
FULL_SECONDS = 900  # measured here: the n = 16 profile and 200 seeds of 100,000 probes of n = 16 dominate


def reproduce(mode="quick", store=None):
    """The two tables and the figure; ``store`` keeps the cells of a full run (see :class:`_papers.Ledger`)."""
    from nqueens.analysis.estimate import estimate

    import nqueens

    settings = SETTINGS[mode]
    pub = published(PAPER)
    rows_published = {int(n): row for n, row in pub["profiles"]["rows"].items()}
    rows_published[16] = pub["profile_16"]["row"]
    profiles, mary, spread = {}, {}, {}
    with Ledger(PAPER, store if mode == "full" else None) as ledger:
        for n in settings["ns"]:
            profiles[n] = ledger.cell(
                "profile",
                {"n": n, "solver": "bitwise"},
                lambda n=n: list(nqueens.count(n, "bitwise", nodes=True).profile),
            )
            if n <= settings["mary_up_to"]:
                mary[n] = ledger.cell(
                    "profile",
                    {"n": n, "solver": "mary"},
                    lambda n=n: list(nqueens.count(n, "mary", nodes=True).profile),
                )
        exact = {n: sum(rows_published[n]) for n in settings["estimate_ns"]}
        for n in settings["estimate_ns"]:
            for k in settings["probes"]:
                spread[n, k] = [
                    ledger.cell(
                        "estimate",
                        {"n": n, "probes": k, "seed": seed},
                        lambda n=n, k=k, seed=seed: _estimate(estimate, n, k, seed),
                    )
                    for seed in range(settings["seeds"])
                ]

    profile_rows = []
    for n in settings["ns"]:
        known = rows_published.get(n)
        ours = profiles[n]
        profile_rows.append(
            [
                n,
                sum(known) if known else NOT_AVAILABLE,
                sum(ours),
                sum(mary[n]) if n in mary else None,
                (ours == known and (n not in mary or mary[n] == known)) if known else None,
            ]
        )
    level_n = 16 if 16 in profiles else 8
    level_rows = [[k, rows_published[level_n][k], profiles[level_n][k]] for k in range(level_n + 1)]

    estimate_rows = []
    for (n, k), values in spread.items():
        ratios = sorted(v[0] / exact[n] for v in values)
        mean = statistics.fmean(v[0] for v in values)
        sd = statistics.stdev(v[0] for v in values)
        estimate_rows.append(
            [
                n,
                exact[n],
                k,
                len(values),
                mean / exact[n],
                _quantile(ratios, 0.1),
                _quantile(ratios, 0.9),
                sd / exact[n],
                abs(mean - exact[n]) <= 4 * sd / len(values) ** 0.5,
            ]
        )
    return ledger.reproduction(
        mode,
        title="Knuth, TAOCP 7.2.2: backtrack trees of n queens and the estimator",
        tables=[
            (
                "Backtrack tree sizes: OEIS A319284 / A319236 (TAOCP 7.2.2) and the toolkit",
                ["n", "published nodes", "bitwise nodes", "mary nodes", "every level equal"],
                profile_rows,
            ),
            (
                f"Nodes per level, n = {level_n}: A319{'236' if level_n == 16 else '284'} and bitwise",
                ["level", "published", "bitwise"],
                level_rows,
            ),
            (
                "Knuth's estimator: the estimate / the exact size, over seeds",
                ["n", "exact nodes", "probes k", "seeds", "mean", "10th pct", "90th pct", "s.d.", "mean within 4 s.e."],
                estimate_rows,
            ),
        ],
        notes=[
            "A node is a placement of queens in the first k rows that no two attack (the root, k = 0, included): "
            "Knuth's definition, the feasible nodes of docs/design.md. `bitwise` and `mary` search the same tree.",
            "Published: " + pub["profiles"]["source"] + " " + pub["profile_16"]["source"],
            *(f"Not available here ({what}): {why}" for what, why in pub["not_available"].items()),
        ],
        draw=lambda plt: _draw(plt, rows_published, profiles, level_n, spread, exact, settings),
    )


def main(argv=None):
    return command_line(__doc__, reproduce, full_seconds=FULL_SECONDS, paper=PAPER, argv=argv)


def _estimate(estimate, n, k, seed):
    e = estimate(n, "mary", probes=k, seed=seed)
    return [e.estimate, e.stderr]


def _quantile(sorted_values, q):
    i = q * (len(sorted_values) - 1)
    lo = int(i)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (i - lo)


def _draw(plt, rows_published, profiles, level_n, spread, exact, settings):
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for n in sorted({8, level_n}):
        levels = range(n + 1)
        left.plot(levels, profiles[n], "-", label=f"n = {n}, bitwise")
        left.plot(levels, rows_published[n], "o", mfc="none", label=f"n = {n}, published")
    left.set_yscale("log")
    left.set_xlabel("level (queens placed)")
    left.set_ylabel("nodes")
    left.set_title("Profiles of the backtrack tree")
    left.legend(fontsize=8)
    for n in settings["estimate_ns"]:
        ks = settings["probes"]
        ratios = [sorted(v[0] / exact[n] for v in spread[n, k]) for k in ks]
        right.fill_between(ks, [_quantile(r, 0.1) for r in ratios], [_quantile(r, 0.9) for r in ratios], alpha=0.25)
        right.plot(ks, [statistics.fmean(r) for r in ratios], "o-", label=f"n = {n}")
    right.axhline(1.0, color="black", lw=0.8)
    right.set_xscale("log")
    right.set_xlabel("probes k")
    right.set_ylabel("estimate / exact size")
    right.set_title("Knuth's estimator: mean and 10-90 % band")
    right.legend(fontsize=8)
    return fig


if __name__ == "__main__":
    raise SystemExit(main())
